"""A Bingo deal in play with every tile's place known, wrapping the C++ position."""

from __future__ import annotations

from typing import Any, NamedTuple

from .. import _core
from ..arguments import tile_sequence
from ..errors import ParseError, json_type, shown
from ..tiles import Tile
from ..wrappers import NotatedPosition
from . import notation, picture
from .move import Move, MoveLike
from .notation import (
    Declaration, PositionFields, build, read_number, read_opt_bool, read_opt_player, read_pair, read_player, read_trump,
)
from .rules import Rules
from .view import PlayerView, seat_argument

__all__ = ["Position", "DealResult", "Declaration", "as_position"]


class DealResult(NamedTuple):
    """How a finished deal ended: the winner, the game points scored, and the reason
    ('claim', 'seven_doubles', 'failed_close', 'false_claim' or 'played_out')."""

    winner: int
    game_points: int
    outcome: str


class Position(NotatedPosition):
    """Both hands, the boneyard in drawing order, the trick on the table, points, tricks,
    declarations and the close: everything needed to play on or to solve exactly.

    Build one from the one-line notation (``Position("bingo trump=4 turned=41 ...")``), from JSON
    (``Position.from_json``) or from keywords. ``play`` and ``undo`` change it in place; every query
    reads the C++ state, so Python never decides a rule.
    """

    __slots__ = ()
    _notation = notation

    def __init__(
        self,
        notation_text: str | None = None,
        *,
        turned: Tile | str | None = None,
        hands: list[list[Tile | str]] | None = None,
        leader: int = 0,
        trick: list[Tile | str] = (),  # type: ignore[assignment]
        boneyard: list[Tile | str] = (),  # type: ignore[assignment]
        trump: int | None = None,
        closed_by: int | None = None,
        opponent_had_trick_at_close: bool | None = None,
        points: tuple[int, int] = (0, 0),
        tricks: tuple[int, int] = (0, 0),
        declarations: list[Declaration | tuple[int, list[Tile | str]]] = (),  # type: ignore[assignment]
        rules: Rules | None = None,
        just_declared: bool = False,
    ) -> None:
        if notation_text is not None:
            if not isinstance(notation_text, str):
                raise ParseError(f"Bingo position text must be a string, not {json_type(notation_text)}")
            fields = notation.fields_from_text(notation_text)
        else:
            if turned is None or hands is None:
                raise ParseError("a Bingo Position needs notation text, or turned= and hands=")
            # Each keyword is checked as its JSON field is, so a wrong type is named, never cast.
            if not isinstance(declarations, (list, tuple)):
                raise ParseError(f"declarations must be a list of (player, tiles) pairs, not {shown(declarations)}")
            fields = PositionFields(
                trump=None if trump is None else read_trump(read_number(trump, "trump")),
                turned=_tile(turned, "turned"),
                leader=read_player(leader, "leader"),
                hands=_hands(hands),
                trick=_tiles(trick, "trick"),
                boneyard=_tiles(boneyard, "boneyard"),
                closed_by=read_opt_player(closed_by, "closed_by"),
                opponent_had_trick_at_close=read_opt_bool(opponent_had_trick_at_close, "opponent_had_trick_at_close"),
                points=read_pair(points, "points"),
                tricks=read_pair(tricks, "tricks"),
                declarations=[_declaration(d) for d in declarations],
                rules=Rules.argument(rules) or Rules(),
                just_declared=bool(read_opt_bool(just_declared, "just_declared")),
            )
        self._pos = build(fields)

    # ------------------------------------------------------------ construction and notation

    @classmethod
    def parse(cls, text: str) -> Position:
        return cls(text)

    @classmethod
    def from_json(cls, obj: dict[str, Any] | str) -> Position:
        return cls._wrap(build(notation.fields_from_json(obj)))

    @classmethod
    def deal(cls, hands: list[list[Tile | str]], boneyard: list[Tile | str], start: int = 0,
             rules: Rules | None = None) -> Position:
        """A fresh deal: 7 tiles each, the 14 boneyard tiles in drawing order with the turned tile last."""
        start = read_player(start, "start")
        ids = [[t.id for t in h] for h in _hands(hands)]
        return cls._wrap(_core.bingo.Position.deal(
            (Rules.argument(rules) or Rules())._core, ids, [t.id for t in _tiles(boneyard, "boneyard")], start))


    def fields(self) -> PositionFields:
        f = self._pos.spec
        tile = Tile.from_id
        return PositionFields(
            trump=f.trump,
            turned=tile(f.turned),
            leader=f.leader,
            hands=[[tile(t) for t in h] for h in f.hands],
            trick=[tile(t) for t in f.trick],
            boneyard=[tile(t) for t in f.boneyard],
            closed_by=f.closed_by,
            opponent_had_trick_at_close=f.opponent_had_trick_at_close,
            points=f.points,
            tricks=f.tricks,
            declarations=[Declaration(p, tuple(tile(t) for t in ts), v) for p, ts, v in f.declarations],
            rules=self.rules,
            just_declared=f.just_declared,
            first_to_70=f.first_to_70,
            claimed_by=f.claimed_by,
            opponent_points_at_close=f.opponent_points_at_close,
            last_winning_tile=None if f.last_winning_tile is None else tile(f.last_winning_tile),
        )


    # ------------------------------------------------------------ state

    @property
    def rules(self) -> Rules:
        return Rules._wrap(self._pos.rules)

    @property
    def trump(self) -> int:
        """The trump number as written (0..6; 0 = blanks, valued 7)."""
        return self._pos.spec.trump

    @property
    def turned(self) -> Tile:
        return Tile.from_id(self._pos.spec.turned)

    @property
    def trick(self) -> tuple[Tile, ...]:
        return tuple(Tile.from_id(t) for t in self._pos.spec.trick)

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """Tiles left in the boneyard in drawing order (the face-up tile last), out of play once closed."""
        return tuple(Tile.from_id(t) for t in self._pos.spec.boneyard)

    @property
    def closed_by(self) -> int | None:
        return self._pos.spec.closed_by

    @property
    def phase(self) -> int:
        """1 while the boneyard is open, 2 once it is empty or the game is closed."""
        return self._pos.phase

    @property
    def awaiting_draw(self) -> bool:
        return self._pos.awaiting_draw

    @property
    def points(self) -> tuple[int, int]:
        """Valid points of players 0 and 1: tricks, the last-trick bonus, validated declarations."""
        return self._pos.spec.points

    @property
    def pending(self) -> tuple[int, int]:
        """Declared points that count once their player wins a trick."""
        return tuple(self._pos.pending)  # type: ignore[return-value]

    @property
    def tricks(self) -> tuple[int, int]:
        """Tricks each player has won (the notation's ``tricks=``; ``tricks_won`` names them as 42's
        Position does)."""
        return self._pos.spec.tricks

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks each player has won: ``tricks`` by the name 42's Position gives them."""
        return self.tricks

    @property
    def declarations(self) -> list[Declaration]:
        return self.fields().declarations

    @property
    def perfect_information(self) -> bool:
        """Closed or exhausted: nothing hidden matters any more (the boneyard is out of play)."""
        return self.phase == 2

    @property
    def legal_moves(self) -> list[Move]:
        return [Move.parse(m) for m in self._pos.legal_moves]

    def is_legal(self, move: MoveLike) -> bool:
        return str(Move.parse(move)) in self._pos.legal_moves

    def play(self, move: MoveLike) -> None:
        """Play a move for the player to move; raises IllegalMoveError (and changes nothing) if illegal."""
        self._pos.play(str(Move.parse(move)))

    def undo(self) -> Move:
        """Take back the last move and return it."""
        events = self._pos.events
        last = events[-1][1] if events else None
        self._pos.undo()
        return Move.parse(last)

    @property
    def is_over(self) -> bool:
        return self._pos.is_over

    @property
    def result(self) -> DealResult | None:
        r = self._pos.result
        return None if r["winner"] is None else DealResult(r["winner"], r["game_points"], r["outcome"])

    @property
    def events(self) -> list[tuple[int, Move]]:
        """Moves played since this position was built or dealt, as (player, move)."""
        return [(p, Move.parse(m)) for p, m, _, _ in self._pos.events]

    def view(self, seat: int | None = None, *, player: int | None = None) -> PlayerView:
        """What player ``seat`` may know (``seat``, as 42's ``view`` and every view name it; ``player=``
        is its old name, deprecated)."""
        return PlayerView.of_position(self, seat_argument(seat, player))

    def _repr_svg_(self) -> str:
        """The table as a picture: Jupyter shows it for a position at the end of a cell."""
        return picture.position_svg(self)


def as_position(obj: Any) -> Position:
    """A Bingo Position from a Position, a position/1 JSON object or string, or the one-line notation."""
    return Position.read(obj, "Bingo")


def _declaration(d: Any) -> Declaration:
    """(player, tiles) or (player, tiles, valid), as the keyword constructor takes it."""
    if not isinstance(d, (tuple, list)) or len(d) not in (2, 3):
        raise ParseError(f"a declaration is (player, tiles) or (player, tiles, valid), not {shown(d)}")
    return Declaration(
        read_player(d[0], "a declaration's player"),
        tuple(sorted(_tiles(d[1], "a declaration's tiles"), reverse=True)),
        read_opt_bool(d[2] if len(d) > 2 else None, "a declaration's valid"),
    )


def _tile(value: Any, where: str) -> Tile:
    """A double-six tile given as a Tile or text ("6-4", "64")."""
    return notation.read_tile(str(value) if isinstance(value, Tile) else value, where)


def _tiles(value: Any, where: str) -> list[Tile]:
    return [_tile(t, where) for t in tile_sequence(value, where)]


def _hands(value: Any) -> list[list[Tile]]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ParseError(f"hands must be a list of 2 hands (player 0, player 1), not {shown(value)}")
    return [_tiles(h, f"hand of player {i}") for i, h in enumerate(value)]
