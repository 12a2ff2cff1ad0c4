"""A Texas 42 hand in play, wrapping the C++ position (python-chess in feel)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import _core
from ..arguments import tile_sequence
from ..errors import IllegalMoveError, InvalidPositionError, ParseError, shown
from ..tiles import Tile, _parse_ends, mask_of, tiles_of
from ..wrappers import NotatedPosition
from . import notation, picture
from .plays import parse_play, play_of, plays_of
from .rules import Contract, Rules, Trump, check_in_set, parse_bid, parse_seat, parse_trump, side_names
from .view import PlayerView, suit_names

__all__ = ["Position"]


class Position(NotatedPosition):
    """The hands, the declaration, the tricks played and the trick on the table.

    Build one from the one-line notation (``Position("trump=4 leader=N hands=...")``), from JSON
    (``Position.from_json``) or from keywords, not from text and keywords at once. ``play`` and
    ``undo`` change it in place; every query reads the C++ state, so Python never decides a rule.
    """

    __slots__ = ("_discard",)
    _notation = notation

    @property
    def game(self) -> str:
        """The game's tag: "texas42", or the family its rules play ("moon", "moon4", "biggame")."""
        return self.rules.family

    def __init__(
        self,
        notation_text: str | None = None,
        *,
        trump: Trump | None = None,
        hands: list[list[Tile | str]] | None = None,
        leader: int | str | None = None,
        trick: list[Tile | str] | None = None,
        rules: Rules | None = None,
        contract: Contract | tuple[int | str, int | str] | None = None,
        history: tuple[int | str, list[Tile | str]] | None = None,
        discard: Tile | str | None = None,
    ) -> None:
        keywords = dict(trump=trump, hands=hands, leader=leader, trick=trick, rules=rules, contract=contract,
                        history=history, discard=discard)
        if notation_text is not None:
            given = [k for k, v in keywords.items() if v is not None]
            if given:  # the text says everything: a keyword beside it would be silently ignored
                raise ParseError(f"give notation text or keywords, not both ({', '.join(given)}= given with the text)")
            self._pos, self._discard = notation.read_untagged(notation_text, _read_text)
        else:
            if trump is None or hands is None:
                raise ParseError("a Position needs notation text, or trump= and hands=")
            table = Rules.argument(rules) or Rules()
            fields = notation.PositionFields(
                trump=parse_trump(trump, table),
                # By default trick 1's leader by the contract (the core's answer), else the first seat.
                leader=None if leader is None else parse_seat(leader, table),
                hands=_hands(hands, table),
                trick=_plays(trick or (), "trick"),
                rules=table,
                contract=_contract(contract, table) if contract is not None else None,
                history=_history(history, table) if history is not None else None,
                discard=Tile(discard) if discard is not None else None,
            )
            self._pos = _build(fields)
            self._discard = _checked_discard(self._pos, fields)

    # ------------------------------------------------------------ construction and notation

    @classmethod
    def parse(cls, text: str) -> Position:
        return cls(text)

    @classmethod
    def from_json(cls, obj: dict[str, Any] | str) -> Position:
        fields = notation.fields_from_json(obj)
        core = _build(fields)
        return cls._wrap(core, _checked_discard(core, fields))

    @classmethod
    def _wrap(cls, core: Any, discard: Tile | None = None) -> Position:
        p = super()._wrap(core)
        p._discard = discard
        return p

    def copy(self) -> Position:
        return type(self)._wrap(self._pos.__copy__(), self._discard)

    def __eq__(self, other: object) -> bool:
        return super().__eq__(other) and self._discard == other._discard  # type: ignore[attr-defined]

    @property
    def discard(self) -> Tile | None:
        """Moon and The Big Game: the tile the bidder laid away, or the undealt tile it left, where
        known (docs/rules.md §4.1, §4.3); out of play like every tile in no hand and not on the table."""
        return self._discard


    def fields(self) -> notation.PositionFields:
        first_leader, history = self._pos.history()
        return notation.PositionFields(
            trump=self.trump,
            leader=self._pos.leader,
            hands=[tiles_of(m) for m in self._pos.hands],
            trick=[play_of(t) for t in self._pos.trick],
            rules=self.rules,
            contract=self.contract,
            history=(first_leader, [play_of(t) for t in history]) if history else None,
            discard=self._discard,
        )


    # ------------------------------------------------------------ state

    @property
    def trump(self) -> Trump:
        return parse_trump(self._pos.trump)

    @property
    def rules(self) -> Rules:
        return Rules._wrap(self._pos.rules)

    @property
    def contract(self) -> Contract | None:
        return Contract.of_core(self._pos.contract)

    @property
    def to_move(self) -> int | None:
        """The seat to play, or None once the hand is over (as for a Game and a PlayerView)."""
        return None if self._pos.is_over else self._pos.to_move

    @property
    def team_to_move(self) -> str:
        return self.side_names[self._pos.side_of(self._pos.to_move)]

    def side_of(self, seat: int | str) -> int:
        """The side ``seat`` plays for in this hand, as its contract seats the table: 0 (NS) or 1
        (EW); in Moon 0 is the bidder and 1 the other two (docs/rules.md §4.1)."""
        return self._pos.side_of(self.rules.parse_seat(seat))

    @property
    def side_names(self) -> tuple[str, str]:
        """The two sides' names, each its seats' names together: NS and EW; in Moon the bidder's
        and the other two's ("P1", "P0P2")."""
        return side_names(self.rules, [self._pos.side_of(seat) for seat in range(self.rules.seats)])

    @property
    def seats_in_play(self) -> list[int]:
        """The seats that play this hand, clockwise: all four, or three when Nel-O's partner sits
        out (docs/rules.md §3.3)."""
        return list(self._pos.seats_in_play)

    @property
    def trick_size(self) -> int:
        """Tiles in a complete trick: one from each seat in play."""
        return self._pos.trick_size

    @property
    def trick(self) -> tuple[Tile, ...]:
        """Plays on the table, in playing order from the leader (a lower-end lead as one, "7-3:3")."""
        return tuple(play_of(t) for t in self._pos.trick)

    @property
    def tricks_left(self) -> int:
        return self._pos.tricks_left

    @property
    def units(self) -> str:
        """What the solver's values of this position count: "points", or "tricks" under a contract
        that must take every trick (Plunge, Splash: docs/rules.md §3.4-3.5)."""
        return _core.texas42.units(self._pos)

    @property
    def objective(self) -> str:
        """What the declaring side must do: "points" (the bid's), "every trick" (Plunge, Splash,
        Sevens) or "no trick" (Nel-O: there every side's best moves are its lowest values, in tricks)."""
        return _core.texas42.objective(self._pos)

    @property
    def remaining_points(self) -> int:
        """Points still to be taken from the current trick on (tiles on the table included)."""
        return self._pos.remaining_points

    @property
    def is_over(self) -> bool:
        return self._pos.is_over

    @property
    def legal_moves(self) -> list[Tile]:
        """The plays legal now, highest first: tiles, and in The Big Game a lower-end lead beside
        its tile ("7-3:3", a LowerEndLead, docs/rules.md §4.3)."""
        return plays_of(self._pos.legal_moves)

    def is_legal(self, move: Tile | str) -> bool:
        return bool(self._pos.legal_moves >> parse_play(move).id & 1)

    def play(self, move: Tile | str) -> None:
        """Play a tile ("6-4"), or lead one low ("7-3:3"), for the seat to move; raises
        IllegalMoveError (and changes nothing) if illegal."""
        try:
            play = parse_play(move)
        except ParseError:
            self._beyond_the_set(move)
            raise
        self._pos.play(play.id)

    def _beyond_the_set(self, move: Any) -> None:
        """IllegalMoveError for a tile with a number beyond every set ("9-9") as for one beyond this
        position's ("7-7" in 42): "tile 9-9 is not in the double-6 set", not the numbers of all sets."""
        try:
            ends = _parse_ends(move.strip().rpartition(":")[0] or move) if isinstance(move, str) else None
        except ParseError:
            return
        top = self.rules.row.max_pip
        if ends is not None and max(ends) > top:
            raise IllegalMoveError(f"tile {max(ends)}-{min(ends)} is not in the double-{top} set") from None

    def undo(self) -> Tile:
        """Take back the last play and return it (a tile, or a lower-end lead)."""
        play = self._pos.plays[-1][1] if self._pos.can_undo else None
        self._pos.undo()
        return play_of(play)

    @property
    def trick_winner(self) -> int | None:
        """Seat that won the last completed trick, or None."""
        w = self._pos.trick_winner
        return None if w < 0 else w

    @property
    def winning_so_far(self) -> int | None:
        """Seat whose tile is winning the trick on the table, or None when the table is empty."""
        w = self._pos.winning_so_far
        return None if w < 0 else w

    def trick_points(self, tiles: list[Tile | str]) -> int:
        """What a trick of these tiles (at most a trick's distinct ones of the set) is worth: 1 + its counters."""
        trick = _tiles(tiles, "a trick")
        if len(trick) > self.trick_size:
            raise ParseError(f"a trick holds at most {self.trick_size} tiles, not {len(trick)}")
        check_in_set(mask_of(trick), self.rules)  # mask_of also refuses a tile given twice
        return self._pos.trick_points([t.id for t in trick])

    @property
    def points(self) -> tuple[int, int]:
        """Points (1 a trick + counters) taken so far by NS and EW in the recorded tricks."""
        return tuple(self._pos.points)  # type: ignore[return-value]

    @property
    def tricks_won(self) -> tuple[int, int]:
        return tuple(self._pos.tricks_won)  # type: ignore[return-value]

    @property
    def result(self) -> dict[str, Any] | None:
        """The hand's result once it is decided, as a Game scores it (§2.5; under marks with
        ``play_out`` auto, as soon as the bid is made or cannot be, §2.6): ``{"made", "score"
        (marks or points added to NS, EW), "decides_game"}``. None while the hand is open, without
        a contract, or when earlier tricks were not recorded (their points are unknown)."""
        return self._pos.result

    @property
    def plays(self) -> list[tuple[int, Tile]]:
        """Every play this position knows, as (seat, play), oldest first."""
        return [(s, play_of(t)) for s, t in self._pos.plays]

    def hand(self, seat: int | str) -> tuple[Tile, ...]:
        """The tiles ``seat`` (a number or a name: N, E, S, W; Moon's P0..P2) still holds, highest first."""
        return super().hand(self.rules.parse_seat(seat))

    def revealed(self, seat: int | str) -> tuple[Tile, ...]:
        """The tiles ``seat`` still holds that its contract shows the table (the Plunge or Splash
        bidder's doubles, docs/rules.md §3.4), highest first."""
        return tuple(sorted(tiles_of(self._pos.revealed(self.rules.parse_seat(seat))), reverse=True))

    def voids(self, seat: int) -> list[int | str]:
        """Suits `seat` has shown it holds none of (failed to follow): numbers, 'trump' or 'doubles'."""
        return suit_names(self._pos.voids(self.rules.parse_seat(seat)))

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` sees: its hand and the public facts (the bidder also its discard, which
        tells the others' views that tile from those of unrecorded tricks)."""
        return PlayerView.of_position(self, seat, discard=self._discard)

    def seat_name(self, seat: int | str) -> str:
        return self.rules.seat_name(seat)

    def _repr_svg_(self) -> str:
        """The table as a picture: Jupyter shows it for a position at the end of a cell."""
        return picture.position_svg(self)


def _tiles(value: Any, where: str) -> list[Tile]:
    return [Tile(t) for t in tile_sequence(value, where)]


def _hands(value: Any, rules: Rules) -> list[list[Tile]]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ParseError(f"hands must be a list of {rules.seats} hands (lists of tiles), not {shown(value)}")
    return [_tiles(h, f"hands[{i}]") for i, h in enumerate(value)]


def _plays(value: Any, where: str) -> list[Tile]:
    return [parse_play(t) for t in tile_sequence(value, where)]


def _history(value: Any, rules: Rules) -> tuple[int, list[Tile]]:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise ParseError(f"history must be (first leader, tiles of the completed tricks), not {shown(value)}")
    return parse_seat(value[0], rules), _plays(value[1], "history")


def _contract(value: Any, rules: Rules) -> Contract:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise ParseError(f"contract must be (declarer, bid), not {shown(value)}")  # a special bid: (seat, "168:kind")
    return Contract(parse_seat(value[0], rules), parse_bid(value[1]))


def _read_text(text: str) -> tuple[Any, Tile | None]:
    """A position's text read and built by the core: its core position and discard."""
    fields = notation.fields_from_text(text)
    core = _build(fields)
    return core, _checked_discard(core, fields)


def _checked_discard(core: Any, f: notation.PositionFields) -> Tile | None:
    """The position's discard: under a contract of Moon or The Big Game, a tile of the set that is
    in no hand and not played (docs/rules.md §4.1, §4.3)."""
    if f.discard is None:
        return None
    if not f.rules.undealt or f.contract is None:
        raise InvalidPositionError("only a Moon or Big Game position with its contract has a discard "
                                   "(docs/rules.md §4.1, §4.3)")
    check_in_set(mask_of([f.discard]), f.rules, InvalidPositionError)
    held = [t for h in core.hands for t in tiles_of(h)] + [play_of(t).tile for _, t in core.plays]
    if f.discard in held:
        raise InvalidPositionError(f"the discard {f.discard} is in play: it is held or played, not laid away")
    if f.rules.row.left_over == "undealt" and _core.texas42.counter_value(f.discard.id):
        raise InvalidPositionError(f"the discard {f.discard} is a counter: The Big Game's bidder lays away no counter "
                                   "and must take an undealt one (docs/rules.md §4.3)")
    return f.discard


def _build(f: notation.PositionFields) -> Any:
    return _core.texas42.Position(
        f.rules._core,
        str(f.trump),
        [[t.id for t in h] for h in f.hands],
        f.leader,
        [t.id for t in f.trick],
        f.contract,
        (f.history[0], [t.id for t in f.history[1]]) if f.history is not None else None,
    )
