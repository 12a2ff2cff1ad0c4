"""What one Bingo player may know (docs/rules.md §5.11, perfect recall). A PlayerView copies out public
facts and the player's own hand; it holds no reference to the full position, so the opponent's hand
and the boneyard order cannot be reached from it.

A view is data: it is built from a position or a game (``Position.view``, ``Game.view``), or read
from JSON and checked against the position of one world that fits it, which the C++ core builds
(``fitting_position``). The worlds of a view, counted, drawn or enumerated, and their Positions are
``sampling.py``'s."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import _core
from ..errors import InvalidPositionError, InvalidViewError, ParseError
from ..tiles import Tile, tiles_of
from .move import Move
from .notation import (
    Declaration, PositionFields, core_spec, load_json, read_declarations, read_opt_bool, read_opt_player, read_player,
    read_tile_list,
)
from .rules import DECK, PLAYERS, Rules

__all__ = ["PlayerView"]

VIEW_SCHEMA = "dominosolver.view/1"


@dataclass(frozen=True)
class PlayerView:
    seat: int
    rules: Rules
    trump: int
    turned: Tile
    leader: int
    to_move: int | None  # None once the deal is over
    hand: tuple[Tile, ...]
    opponent_hand_size: int
    boneyard_size: int  # tiles left in the boneyard, the face-up one included
    trick: tuple[Tile, ...]
    played: frozenset[Tile]  # tiles gone in completed tricks
    closed_by: int | None
    opponent_had_trick_at_close: bool | None
    points: tuple[int, int]
    tricks: tuple[int, int]
    declarations: tuple[Declaration, ...]
    opponent_known: frozenset[Tile]  # in the opponent's hand for sure: declared doubles, the face-up tile it took
    opponent_absent: frozenset[Tile]  # shown by its phase-two replies not to be in its hand
    legal_moves: tuple[Move, ...]  # empty unless this player is to move
    just_declared: bool = False
    first_to_70: int | None = None
    opponent_points_at_close: int | None = None
    last_winning_tile: Tile | None = None

    def __post_init__(self) -> None:
        # Built by keywords, a view is checked for the facts no deal could contradict;
        # of_position and from_json also settle its rule-derived facts.
        if isinstance(self.seat, bool) or self.seat not in PLAYERS:
            raise InvalidViewError(f"a Bingo player is 0 or 1, not {self.seat!r}")
        for name in ("hand", "trick"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(isinstance(t, Tile) for t in value):
                raise InvalidViewError(f"view field {name!r} must be a tuple of Tiles")
        for name in ("opponent_hand_size", "boneyard_size"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidViewError(f"{name} must be a count, not {value!r}")
        seen = [*self.hand, *self.trick, *self.played, *self.opponent_known]
        if len(set(seen)) != len(seen):
            twice = next(t for t in seen if seen.count(t) > 1)
            raise InvalidViewError(f"tile {twice} is in two places among hand, trick, played and the opponent's known tiles")
        if self.opponent_known & self.opponent_absent:
            raise InvalidViewError("a tile cannot be both known in the opponent's hand and shown absent from it")
        if len(self.opponent_known) > self.opponent_hand_size:
            raise InvalidViewError(f"the opponent holds {self.opponent_hand_size} tiles, fewer than the {len(self.opponent_known)} known to be there")
        if len(self.trick) > 1:
            raise InvalidViewError("a Bingo trick holds at most one tile before the reply")
        if self.legal_moves and self.to_move != self.seat:
            raise InvalidViewError("legal_moves are only given to the player to move")

    # Positions and games build views (``Position.view``, ``Game.view``); a view reads them as data
    # and imports neither.

    @classmethod
    def of_position(cls, pos: Any, seat: int) -> PlayerView:
        """What ``seat`` sees of a Position."""
        read_player(seat, "seat")
        f = pos.fields()
        opp = 1 - seat
        hand = tuple(sorted(f.hands[seat], reverse=True))
        in_play = set(f.hands[0]) | set(f.hands[1]) | set(f.trick) | set(f.boneyard)
        core = pos._pos
        return cls(
            seat=seat,
            rules=pos.rules,
            trump=f.trump,  # type: ignore[arg-type]
            turned=f.turned,
            leader=f.leader,
            to_move=None if pos.is_over else pos.to_move,
            hand=hand,
            opponent_hand_size=len(f.hands[opp]),
            boneyard_size=len(f.boneyard),
            trick=tuple(f.trick),
            played=frozenset(DECK) - in_play,
            closed_by=f.closed_by,
            opponent_had_trick_at_close=f.opponent_had_trick_at_close,
            points=f.points,
            tricks=f.tricks,
            declarations=tuple(f.declarations),
            opponent_known=frozenset(tiles_of(core.known_tiles(opp))),
            opponent_absent=frozenset(tiles_of(core.shown_absent(opp))),
            legal_moves=tuple(pos.legal_moves) if not pos.is_over and pos.to_move == seat else (),
            just_declared=f.just_declared,
            first_to_70=f.first_to_70,
            opponent_points_at_close=f.opponent_points_at_close,
            last_winning_tile=f.last_winning_tile,
        )

    @classmethod
    def of_game(cls, game: Any, seat: int) -> PlayerView:
        """What ``seat`` sees of a Game: its current deal."""
        return cls.of_position(game.position, seat)

    # ------------------------------------------------------------ the hidden part

    @property
    def face_up_in_boneyard(self) -> bool:
        """The turned tile is still the boneyard's last tile (face up, or turned down by a close)."""
        return self.boneyard_size > 0

    @property
    def facedown_count(self) -> int:
        return self.boneyard_size - 1 if self.boneyard_size else 0

    @property
    def unknown(self) -> frozenset[Tile]:
        """Tiles whose place this player does not know: the opponent's unknown tiles and the face-down boneyard."""
        seen = set(self.hand) | set(self.trick) | self.played | self.opponent_known
        if self.face_up_in_boneyard:
            seen.add(self.turned)
        return frozenset(DECK) - seen

    def world_fields(self, opponent_hand: list[Tile], facedown: list[Tile]) -> PositionFields:
        """The fields of a world's position: this view's facts, the opponent holding `opponent_hand`
        and the face-down boneyard `facedown` in drawing order (the face-up tile goes last)."""
        hands: list[list[Tile]] = [[], []]
        hands[self.seat] = list(self.hand)
        hands[1 - self.seat] = sorted(opponent_hand, reverse=True)
        return PositionFields(
            trump=self.trump, turned=self.turned, leader=self.leader, hands=hands, trick=list(self.trick),
            boneyard=list(facedown) + ([self.turned] if self.face_up_in_boneyard else []), closed_by=self.closed_by,
            opponent_had_trick_at_close=self.opponent_had_trick_at_close, points=self.points, tricks=self.tricks,
            declarations=list(self.declarations), rules=self.rules, just_declared=self.just_declared,
            first_to_70=self.first_to_70, opponent_points_at_close=self.opponent_points_at_close,
            last_winning_tile=self.last_winning_tile,
        )

    @property
    def boneyard_order_matters(self) -> bool:
        """Draws are still to come (phase one, not closed): the worlds differ by boneyard order too."""
        return self.closed_by is None and self.boneyard_size > 2

    # ------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": VIEW_SCHEMA,
            "game": "bingo",
            "seat": self.seat,
            "rules": self.rules.to_json(),
            "trump": self.trump,
            "turned": str(self.turned),
            "leader": self.leader,
            "to_move": self.to_move,
            "hand": [str(t) for t in self.hand],
            "opponent_hand_size": self.opponent_hand_size,
            "boneyard_size": self.boneyard_size,
            "trick": [str(t) for t in self.trick],
            "played": [str(t) for t in sorted(self.played, reverse=True)],
            "closed_by": self.closed_by,
            "opponent_had_trick_at_close": self.opponent_had_trick_at_close,
            "opponent_points_at_close": self.opponent_points_at_close,
            "points": list(self.points),
            "tricks": list(self.tricks),
            "declarations": [{"player": d.player, "tiles": [str(t) for t in d.tiles], "valid": d.valid}
                             for d in self.declarations],
            "opponent_known": [str(t) for t in sorted(self.opponent_known, reverse=True)],
            "opponent_absent": [str(t) for t in sorted(self.opponent_absent, reverse=True)],
            "just_declared": self.just_declared,
            "first_to_70": self.first_to_70,
            "last_winning_tile": None if self.last_winning_tile is None else str(self.last_winning_tile),
            "legal_moves": [str(m) for m in self.legal_moves],
        }

    @classmethod
    def from_json(cls, obj: Any) -> PlayerView:
        """A view as written by to_json. Its facts are checked by building one consistent world."""
        o = load_json(obj)
        if o.get("schema") != VIEW_SCHEMA or o.get("game") != "bingo":
            raise ParseError(f"not a Bingo view (schema {VIEW_SCHEMA!r}, game 'bingo')")

        def tiles(key: str) -> tuple[Tile, ...]:
            return tuple(read_tile_list(o.get(key) or [], f"view field {key!r}"))

        for key in ("seat", "leader"):
            read_player(o.get(key), f"view field {key!r}")
        for key in ("to_move", "closed_by", "first_to_70"):
            read_opt_player(o.get(key), f"view field {key!r}")
        read_opt_bool(o.get("opponent_had_trick_at_close"), "view field 'opponent_had_trick_at_close'")
        try:
            view = cls(
                seat=int(o["seat"]), rules=Rules.from_json(o.get("rules")), trump=int(o["trump"]),
                turned=Tile(o["turned"]), leader=int(o["leader"]), to_move=o.get("to_move"), hand=tiles("hand"),
                opponent_hand_size=int(o["opponent_hand_size"]), boneyard_size=int(o["boneyard_size"]),
                trick=tiles("trick"), played=frozenset(tiles("played")), closed_by=o.get("closed_by"),
                opponent_had_trick_at_close=o.get("opponent_had_trick_at_close"),
                points=tuple(o["points"]), tricks=tuple(o["tricks"]),  # type: ignore[arg-type]
                declarations=tuple(read_declarations(o.get("declarations"))),
                opponent_known=frozenset(tiles("opponent_known")), opponent_absent=frozenset(tiles("opponent_absent")),
                legal_moves=(), just_declared=bool(o.get("just_declared", False)), first_to_70=o.get("first_to_70"),
                opponent_points_at_close=o.get("opponent_points_at_close"),
                last_winning_tile=None if o.get("last_winning_tile") is None else Tile(o["last_winning_tile"]),
            )
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, ParseError):
                raise
            raise ParseError(f"malformed Bingo view: {e}") from None
        # The position of one world that fits: the C++ core places the hidden tiles and checks that
        # the view describes a reachable state, or names what no world fits.
        try:
            seen = core_spec(view.world_fields([], []))
        except InvalidPositionError as e:  # the spec's own checks (a declaration listing a tile twice...)
            raise InvalidViewError(f"no deal fits this view: {e}") from None
        core = _core.bingo.fitting_position(
            view.rules._core, seen, view.seat, [t.id for t in view.played], [t.id for t in view.opponent_known],
            [t.id for t in view.opponent_absent], view.opponent_hand_size, view.boneyard_size,
        )
        to_move = None if core.is_over else core.to_move
        legal = tuple(Move.parse(m) for m in core.legal_moves) if to_move == view.seat else ()
        return PlayerView(**{**view.__dict__, "legal_moves": legal, "to_move": to_move})
