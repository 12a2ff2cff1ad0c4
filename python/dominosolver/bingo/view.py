"""What one Bingo player may know (docs/rules.md §5.11, perfect recall). A PlayerView copies out public
facts and the player's own hand; it holds no reference to the full position, so the opponent's hand
and the boneyard order cannot be reached from it.

A view is data: it is built from a position or a game (``Position.view``, ``Game.view``), or read
from JSON (or built from keywords, then read back as its JSON) and checked against the position of
one world that fits it, which the C++ core builds (``fitting_position``). The worlds of a view,
counted, drawn or enumerated, and their Positions are ``sampling.py``'s."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import _core
from ..arguments import renamed
from ..errors import InvalidPositionError, InvalidViewError, ParseError, counted, shown
from ..io.text_form import TextForm
from ..tiles import Tile, tiles_of
from .move import Move
from .notation import (
    Declaration, PositionFields, core_spec, load_json, read_declarations, read_number, read_opt_bool, read_opt_player,
    read_pair, read_player, read_tile, read_tile_list, read_trump, view_json_of_text, view_text_of_json, VIEW_SCHEMA,
)
from .picture import view_svg
from .record import Record, Step, read_record, record_json, record_of_core, record_to_core
from .rules import DECK, PLAYERS, Rules

__all__ = ["PlayerView", "ViewRecord", "seat_argument"]


@dataclass(frozen=True, repr=False)
class ViewRecord:
    """A PlayerView's fields, and the checks of the facts no deal could contradict."""

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
    # The records opponent_known and opponent_absent follow from, besides the declarations (§5.11):
    opponent_replies: tuple[tuple[Tile, Tile], ...] = ()  # the opponent's phase-two replies: (lead, reply)
    exchange: tuple[int, Tile] | None = None  # the trump exchange (§6.3): (player, face-up tile taken)
    # The deal's public record as this player saw it, from the deal on (record.py); None when not
    # known (a view of a position built mid-deal, or JSON without it): play inference needs it.
    record: Record | None = None

    def __post_init__(self) -> None:
        # Built by keywords, a view is checked for the facts no deal could contradict; then read
        # back through its JSON (TextForm), so that the facts the rules derive from its records are
        # theirs, as of_position and from_json settle them.
        if isinstance(self.seat, bool) or self.seat not in PLAYERS:
            raise InvalidViewError(f"a Bingo player is 0 or 1, not {shown(self.seat)}")
        for name in ("hand", "trick"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(isinstance(t, Tile) for t in value):
                raise InvalidViewError(f"view field {name!r} must be a tuple of Tiles")
        for name in ("opponent_hand_size", "boneyard_size"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidViewError(f"{name} must be a count, not {shown(value)}")
        seen = [*self.hand, *self.trick, *self.played, *self.opponent_known]
        if len(set(seen)) != len(seen):
            twice = next(t for t in seen if seen.count(t) > 1)
            raise InvalidViewError(f"tile {twice} is in two places among hand, trick, played and the opponent's known tiles")
        if self.opponent_known & self.opponent_absent:
            raise InvalidViewError("a tile cannot be both known in the opponent's hand and shown absent from it")
        if len(self.opponent_known) > self.opponent_hand_size:
            raise InvalidViewError(f"the opponent holds {counted(self.opponent_hand_size, 'tile')}, fewer than the {len(self.opponent_known)} known to be there")
        if len(self.trick) > 1:
            raise InvalidViewError("a Bingo trick holds at most one tile before the reply")
        if self.legal_moves and self.to_move != self.seat:
            raise InvalidViewError("legal_moves are only given to the player to move")
        if not isinstance(self.opponent_replies, tuple) or not all(
            isinstance(r, tuple) and len(r) == 2 and all(isinstance(t, Tile) for t in r) for r in self.opponent_replies
        ):
            raise InvalidViewError("view field 'opponent_replies' must be a tuple of (lead, reply) Tile pairs")
        if self.exchange is not None and not (
            isinstance(self.exchange, tuple) and len(self.exchange) == 2 and self.exchange[0] in PLAYERS
            and not isinstance(self.exchange[0], bool) and isinstance(self.exchange[1], Tile)
        ):
            raise InvalidViewError("view field 'exchange' must be None or (player, Tile)")
        if self.record is not None and not (
            isinstance(self.record, tuple) and all(isinstance(s, Step) for s in self.record)
        ):
            raise InvalidViewError("view field 'record' must be None or a tuple of Steps")


class PlayerView(TextForm, ViewRecord):
    """What one player may know (the module's docstring). Build one from its one-line text
    (``PlayerView("bingo seat=0 trump=4 turned=41 hand=...")``, docs/notation.md), from JSON
    (``from_json``), from a position or a game (``Position.view``, ``Game.view``), or from keywords,
    not text and keywords at once. It prints as that text and round-trips through it."""

    json_of_text = staticmethod(view_json_of_text)
    text_of_json = staticmethod(view_text_of_json)

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
        return cls._settled(
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
            opponent_replies=tuple((Tile.from_id(a), Tile.from_id(b)) for a, b in core.phase_two_replies(opp)),
            exchange=None if core.exchange is None else (core.exchange[0], Tile.from_id(core.exchange[1])),
            record=record_of_core(core.public_record(seat)),
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

    def core_facts(self) -> Any:
        """This view's records as the C++ core reads them (``ViewFacts``, bingo/view.hpp)."""
        try:
            seen = core_spec(self.world_fields([], []))
        except InvalidPositionError as e:  # the spec's own checks (a declaration listing a tile twice...)
            raise InvalidViewError(f"no deal fits this view: {e}") from None
        return _core.bingo.ViewFacts(
            seen, self.seat, [t.id for t in self.played], self.opponent_hand_size, self.boneyard_size,
            [(a.id, b.id) for a, b in self.opponent_replies],
            None if self.exchange is None else (self.exchange[0], self.exchange[1].id), record_to_core(self.record),
        )

    @property
    def boneyard_order_matters(self) -> bool:
        """Draws are still to come (phase one, not closed): the worlds differ by boneyard order too."""
        return self.closed_by is None and self.boneyard_size > 2

    def _repr_svg_(self) -> str:
        """What the seat sees as a picture, every tile it does not know face down (Jupyter shows it)."""
        return view_svg(self)

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
            "opponent_replies": [{"lead": str(a), "reply": str(b)} for a, b in self.opponent_replies],
            "exchange": None if self.exchange is None else {"player": self.exchange[0], "took": str(self.exchange[1])},
            "record": record_json(self.record),
            "opponent_known": [str(t) for t in sorted(self.opponent_known, reverse=True)],
            "opponent_absent": [str(t) for t in sorted(self.opponent_absent, reverse=True)],
            "just_declared": self.just_declared,
            "first_to_70": self.first_to_70,
            "last_winning_tile": None if self.last_winning_tile is None else str(self.last_winning_tile),
            "legal_moves": [str(m) for m in self.legal_moves],
        }

    @classmethod
    def from_json(cls, obj: Any) -> PlayerView:
        """A view as written by to_json. Its records are the input: the C++ core builds one world that
        fits them (or names what none fits) and derives the rest: whose turn it is, the legal moves,
        and what the records show of the opponent's hand (``opponent_known``: its declared doubles
        not yet played and the face-up tile it took; ``opponent_absent``: what its phase-two replies
        showed it lacks). Facts the JSON states must agree with them (else ``InvalidViewError``)."""
        o = load_json(obj)
        if o.get("schema") != VIEW_SCHEMA or o.get("game") != "bingo":
            raise ParseError(f"not a Bingo view (schema {VIEW_SCHEMA!r}, game 'bingo')")
        unknown = set(o) - _JSON_KEYS  # as a position's: a misspelt or foreign field is no fact of the view
        if unknown:
            raise ParseError(f"unknown Bingo view field(s): {', '.join(sorted(map(repr, unknown)))}")
        missing = [key for key in _REQUIRED if key not in o]
        if missing:
            raise ParseError(f"malformed Bingo view: it lacks {', '.join(map(repr, missing))}")

        def tiles(key: str) -> tuple[Tile, ...]:
            return tuple(read_tile_list(o.get(key) or [], f"view field {key!r}"))

        def count(key: str) -> int:
            n = read_number(o[key], f"view field {key!r}")
            if n < 0:
                raise ParseError(f"view field {key!r} must be a count, not {n}")
            return n

        last = o.get("last_winning_tile")
        recorded = cls._settled(
            seat=read_player(o["seat"], "view field 'seat'"), rules=Rules.from_json(o.get("rules")),
            trump=read_trump(read_number(o["trump"], "view field 'trump'")),
            turned=read_tile(o["turned"], "view field 'turned'"), leader=read_player(o["leader"], "view field 'leader'"),
            to_move=None, hand=tuple(sorted(tiles("hand"), reverse=True)), opponent_hand_size=count("opponent_hand_size"),
            boneyard_size=count("boneyard_size"), trick=tiles("trick"), played=frozenset(tiles("played")),
            closed_by=read_opt_player(o.get("closed_by"), "view field 'closed_by'"),
            opponent_had_trick_at_close=read_opt_bool(o.get("opponent_had_trick_at_close"),
                                                      "view field 'opponent_had_trick_at_close'"),
            points=read_pair(o["points"], "view field 'points'"), tricks=read_pair(o["tricks"], "view field 'tricks'"),
            declarations=tuple(read_declarations(o.get("declarations"))),
            opponent_known=frozenset(), opponent_absent=frozenset(), legal_moves=(),
            just_declared=bool(read_opt_bool(o.get("just_declared"), "view field 'just_declared'")),
            first_to_70=read_opt_player(o.get("first_to_70"), "view field 'first_to_70'"),
            opponent_points_at_close=None if o.get("opponent_points_at_close") is None
            else read_number(o["opponent_points_at_close"], "view field 'opponent_points_at_close'"),
            last_winning_tile=None if last is None else read_tile(last, "view field 'last_winning_tile'"),
            opponent_replies=_replies(o.get("opponent_replies")), exchange=_exchange(o.get("exchange")),
            record=read_record(o.get("record")),
        )
        # The position of one world that fits: the C++ core derives what the records show of the
        # opponent's hand, places the hidden tiles, checks that the view describes a reachable state
        # (and that its record, replayed, leads to it), or names what no world fits.
        core, known, absent = _core.bingo.fitting_position(recorded.rules._core, recorded.core_facts())
        to_move = None if core.is_over else core.to_move
        legal = tuple(Move.parse(m) for m in core.legal_moves) if to_move == recorded.seat else ()
        # The declarations as the core counts them (valid once their player has won a trick).
        declarations = tuple(Declaration(p, tuple(Tile.from_id(t) for t in ts), v) for p, ts, v in core.spec.declarations)
        view = PlayerView._settled(**{**recorded.__dict__, "legal_moves": legal, "to_move": to_move, "declarations": declarations,
                             "opponent_known": frozenset(tiles_of(known)), "opponent_absent": frozenset(tiles_of(absent))})
        derived: dict[str, Any] = {
            "to_move": view.to_move,
            "legal_moves": sorted(str(m) for m in view.legal_moves),
            "opponent_known": sorted(str(t) for t in view.opponent_known),
            "opponent_absent": sorted(str(t) for t in view.opponent_absent),
        }
        for key, value in derived.items():
            if key in o and _stated(o, key) != value:
                raise InvalidViewError(f"the view states {key}={shown(o[key])} but its records give {shown(value)}")
        return view


_JSON_KEYS = frozenset(PlayerView.__dataclass_fields__) | {"schema", "game"}
_REQUIRED = ("seat", "trump", "turned", "leader", "opponent_hand_size", "boneyard_size", "points", "tricks")


def _stated(o: dict[str, Any], key: str) -> Any:
    """A fact the view's JSON states, read as the view derives it (``ParseError`` for the wrong kind)."""
    value = o[key]
    if key == "to_move":
        return read_opt_player(value, "view field 'to_move'")
    if key == "legal_moves":
        if not isinstance(value, list):
            raise ParseError("view field 'legal_moves' must be a list of moves")
        return sorted(str(Move.parse(m)) for m in value)
    return sorted(str(t) for t in read_tile_list(value, f"view field {key!r}"))


def _replies(value: Any) -> tuple[tuple[Tile, Tile], ...]:
    """The ``opponent_replies`` of a view's JSON: ``[{"lead": tile, "reply": tile}, ...]`` (null: none)."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ParseError("view field 'opponent_replies' must be a list")
    out = []
    for r in value:
        if not isinstance(r, dict) or set(r) != {"lead", "reply"}:
            raise ParseError('each of the opponent\'s replies is {"lead": tile, "reply": tile}')
        out.append((read_tile(r["lead"], "a reply's lead"), read_tile(r["reply"], "a reply")))
    return tuple(out)


def _exchange(value: Any) -> tuple[int, Tile] | None:
    """The ``exchange`` of a view's JSON: ``{"player": 0|1, "took": tile}`` or null."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"player", "took"}:
        raise ParseError('view field \'exchange\' is null or {"player": 0|1, "took": tile}')
    return read_player(value["player"], "the exchange's player"), read_tile(value["took"], "the exchange's tile")


def seat_argument(seat: int | None, player: int | None) -> int:
    """The seat a game's or a position's ``view`` is asked for: ``seat``, as 42's ``view`` and every
    view name it (``player=``, its old name, still works, deprecated)."""
    seat = renamed(seat, player, "seat", "player")
    if seat is None:
        raise ParseError("view needs the seat (player 0 or 1) whose view it is")
    return seat
