"""Variant flags, trumps, seats and bids of Texas 42, and an auction replayed in the C++ game. The
rules themselves live in the C++ core; this module only names things and asks the core, and is the
one Python place that reads the game's sizes, the table and the declarations off the core
(``Rules.seats``, ``hand_size``, ``side_of`` ...): other modules ask a ``Rules`` value rather than
restate them."""

from __future__ import annotations

import numbers
import re
from dataclasses import dataclass

from typing import Any, NamedTuple, Union

from .. import _core
from ..errors import DominoSolverError, InvalidViewError, ParseError, shown
from ..io import is_digits, unicode_text
from ..tiles import MAX_PIP, tiles_of
from ..wrappers import FlagRules

__all__ = ["Rules", "Bid", "Contract", "Trump", "SEATS", "TEAMS", "TRUMPS", "ORDINARY", "BID_KINDS", "STANDARD",
           "FAMILIES", "DEFAULT_FAMILY", "parse_seat", "contract_text", "contract_sides", "side_names", "side_label", "parse_trump", "bid_name",
           "parse_bid", "namer", "set_mask", "Auction", "replay_auction", "bid_words", "marks_bid"]

GAME_BID = _core.texas42.GAME_BID

Trump = Union[int, str]  # 0..6, "doubles" or "none"


@dataclass(frozen=True)
class FamilyRow:
    """A member of the 42 family as the core's family table states it (family.hpp): what makes it a
    game of its own (docs/rules.md §2, §4). Code asks the row, not which family it is."""

    name: str  # its "game" tag: "texas42", "moon", "moon4", "biggame"
    title: str  # for headings: "Texas 42", "Moon", "Partnership Moon", "The Big Game"
    seats: int
    partners: bool  # partners opposite; else each for itself until a bid makes two sides
    max_pip: int
    without_blanks: bool  # Moon's 22 tiles (§4.1)
    counters: bool  # counters score; Moon's tricks are a point each
    points_only: bool  # scored in points whatever the scoring flag
    left_over: str  # what the deal leaves: "none", "widow" (Moon, §4.1) or "undealt" (The Big Game, §4.3)
    ladder: str  # the auction: "marks" (42), "tricks" (Moon's), "points" (The Big Game's, round after round)
    min_bid: int
    target: int
    lower_end_leads: bool  # [7-3] and [8-2] may lead low (§4.3)
    hand_size: int  # tiles dealt to each seat
    undealt: int  # tiles dealt to no seat: Moon's widow, The Big Game's undealt tile
    special_contracts: bool  # 42's special contracts (§3): Plunge and Splash bid, Nel-O and Sevens declared
    doubles_trump_by_flag: bool  # doubles named trumps only under moon_doubles_trump (Moon, §4.1)
    highest_at_target: bool  # the game ends as the Moons' (M-6), else as 42's (§2.7)
    default: bool  # the family of rules that name none (its text untagged, its JSON flag unwritten)


FAMILY_ROWS = {row["name"]: FamilyRow(**row) for row in _core.texas42.family_rows()}
FAMILIES = tuple(FAMILY_ROWS)  # the 42 family's members, by their "game" tag
DEFAULT_FAMILY = next(name for name, row in FAMILY_ROWS.items() if row.default)  # rules that name none


class Rules(FlagRules):
    """Variant flags (docs/rules.md §6.1), e.g. ``Rules(nt_doubles="low", scoring="points")``.

    Only non-default flags are stored and written; unknown flags or values raise ``ParseError``.
    """

    __slots__ = ()
    _core_class = _core.texas42.Rules

    @property
    def scoring(self) -> str:
        """ "marks" or "points"; Moon's families score points, a point a trick (docs/rules.md §4)."""
        return self.to_json().get("scoring", "points" if self.row.points_only else "marks")

    @property
    def family(self) -> str:
        """The member of the 42 family played: "texas42", "moon", "moon4" or "biggame" (docs/rules.md §4)."""
        return self.to_json().get("family", DEFAULT_FAMILY)

    @property
    def row(self) -> FamilyRow:
        """The family's row (``FamilyRow``): seats, set, counters, what the deal leaves over, ladder."""
        return FAMILY_ROWS[self.family]

    @property
    def title(self) -> str:
        """The family's name for headings: Texas 42, Moon, Partnership Moon, The Big Game."""
        return self.row.title

    @classmethod
    def of_game(cls, game: Any, flags: Any = None) -> Rules:
        """The rules a JSON object states: its "game" tag names the family (texas42, moon, moon4, biggame),
        its "rules" object the other flags (a "family" flag there must agree with the tag)."""
        if game not in FAMILIES:
            raise ParseError(f"unknown game {shown(game)} for a 42 position: {', '.join(FAMILIES)}")
        flags = {} if flags is None else flags
        if not isinstance(flags, dict) or game == DEFAULT_FAMILY and "family" not in flags:
            return cls.from_json(flags)  # no flags, or 42's (and the reader's error for anything else)
        if flags.get("family", game) != game:
            raise ParseError(f"the rules say family {flags['family']!r}, but the game is {game!r}")
        return cls.from_json({**flags, "family": game})

    @classmethod
    def of_record(cls, record: dict[str, Any], flags: Any = None) -> Rules:
        """The rules of a JSON record: its "game" tag (the default family where it names none, as
        records of 42 did) and its "rules" flags, else ``flags``."""
        return cls.of_game(record.get("game", DEFAULT_FAMILY), record.get("rules", flags))

    @property
    def game_flags(self) -> dict[str, str]:
        """The flags a JSON object writes beside its "game" tag (the family is the tag)."""
        return {k: v for k, v in self.to_json().items() if k != "family"}

    @property
    def target(self) -> int:
        return self._core.game_target()

    # The game's sizes and bid ladder, as the core's rules give them (docs/rules.md §2.1-2.2).

    @property
    def seats(self) -> int:
        return self._core.seats

    @property
    def tiles(self) -> int:
        """Tiles in the set (28 with double-six)."""
        return self._core.tiles

    @property
    def hand_size(self) -> int:
        """Tiles dealt to each seat."""
        return self._core.hand_size

    @property
    def undealt(self) -> int:
        """Tiles dealt to no seat: Moon's widow, The Big Game's undealt tile (docs/rules.md §4.1,
        §4.3), else none."""
        return self._core.undealt

    @property
    def takes_widow(self) -> bool:
        """Whether Moon's bidder takes the widow and lays one tile away (docs/rules.md §4.1); under
        ``moon_widow = none`` the widow lies out of play, seen by nobody (M-9)."""
        return self._core.takes_widow

    @property
    def bidder_sees_left_over(self) -> bool:
        """Whether the bidder sees the tiles the deal left over (Moon's widow when taken, The Big
        Game's undealt tile), and so knows which lies out of play."""
        return self._core.bidder_sees_left_over

    @property
    def may_be_out_of_play(self) -> int:
        """The tiles (a mask) that may lie in no hand: any of Moon's; none of The Big Game's counters,
        since an undealt counter must be taken and no counter is laid away (docs/rules.md §4.3)."""
        return self._core.may_be_out_of_play

    @property
    def hand_tricks(self) -> int:
        """Tricks in a hand (each takes a tile from every hand)."""
        return self._core.hand_tricks

    @property
    def hand_points(self) -> int:
        """Points in a hand: a point a trick plus the counters (42 with double-six)."""
        return self._core.hand_points

    @property
    def min_bid(self) -> int:
        return self._core.min_bid

    @property
    def lower_end_leads(self) -> bool:
        """Whether 7-3 and 8-2 may be led in their lower suit (The Big Game, docs/rules.md §4.3)."""
        return self._core.lower_end_leads

    @property
    def mark(self) -> int:
        """The bid of one mark (a bid of every trick); k marks bid k times it."""
        return self._core.mark

    def is_bid(self, bid: int) -> bool:
        """Whether ``bid`` is on the ladder (legal over some high bid)."""
        return self._core.is_bid(bid)

    def points_needed(self, bid: int) -> int:
        """The points a bid must take: the bid, or every point for a bid of a mark or more."""
        return self._core.points_needed(bid)

    # The table (the seating of the whole table; a contract may seat it otherwise, see Position).

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The names of the table's seats, in seat order, as the core names them: N, E, S, W round
        a table of four, P0, P1, P2 for Moon's three players (docs/notation.md)."""
        return tuple(self._core.seat_names())

    def seat_name(self, seat: int | str) -> str:
        return self.seat_names[self.parse_seat(seat)]

    def parse_seat(self, value: int | str) -> int:
        """A seat of this table: its number, or its name in either case ("N", "p1")."""
        names = self.seat_names
        if isinstance(value, bool):
            raise ParseError(f"unknown seat {shown(value)}")
        if isinstance(value, int) and 0 <= value < len(names):
            return value
        if isinstance(value, str) and value.upper() in names:
            return names.index(value.upper())
        if isinstance(value, str) and is_digits(value) and int(value) < len(names):
            return int(value)
        raise ParseError(f"unknown seat {shown(value)}: use 0..{len(names) - 1} or {', '.join(names)}")

    def split_seat(self, text: str, where: str, example: str) -> tuple[int, str]:
        """A seat's name at the start of ``text`` and what follows it (``P121``: P1, "21")."""
        for seat, name in enumerate(self.seat_names):
            if text[: len(name)].upper() == name and len(text) > len(name):
                return seat, text[len(name):]
        raise ParseError(f"malformed {where} {shown(text)}: write a seat ({', '.join(self.seat_names)}) "
                         f"then {example}")

    def side_of(self, seat: int) -> int:
        """The side of ``seat`` round the whole table: 0 (NS) or 1 (EW); Moon's players sit alone
        until a contract makes sides (Position.side_of)."""
        return self._core.side_of(seat)

    @property
    def scorers(self) -> int:
        """How many keep a score: the two sides, or Moon's three players."""
        return self._core.scorers

    def scorer_of(self, seat: int) -> int:
        """Whose score ``seat``'s tricks add to: its side's, or (Moon) its own."""
        return self._core.scorer_of(seat)

    @property
    def scorer_names(self) -> tuple[str, ...]:
        """The scorers' names, each its seats' names together: NS and EW; Moon's P0, P1, P2."""
        return tuple("".join(name for seat, name in enumerate(self.seat_names) if self.scorer_of(seat) == k)
                     for k in range(self.scorers))

    def team_of(self, seat: int) -> str:
        """The name of ``seat``'s scorer: "NS" or "EW"; in Moon the player's own."""
        return self.scorer_names[self.scorer_of(seat)]

    def partner_of(self, seat: int) -> int:
        return self._core.partner_of(seat)

    def seat_after(self, seat: int, places: int) -> int:
        """The seat ``places`` after ``seat`` in the order of play (before it when negative)."""
        for _ in range(places % self.seats):
            seat = self._core.next_seat(seat)
        return seat

    # The contract table's declarations, in its order.

    @property
    def declarations(self) -> tuple[Trump, ...]:
        """Every declaration the rules offer: the suits 0..max_pip, "doubles" and "none", then (with
        specials = all) "sevens" and Nel-O's "nello", "nello-high" (and "nello-low")."""
        return tuple(_trump_of_name(name) for name in self._core.declarations())

    @property
    def suits(self) -> tuple[int, ...]:
        """The numbers that can be trumps (0..6 with double-six)."""
        return tuple(t for t in self.declarations if isinstance(t, int))

    @property
    def table_declarations(self) -> tuple[Trump, ...]:
        """The declarations a double-dummy table holds (those played for points), in table order."""
        return tuple(_trump_of_name(name) for name in _core.texas42.table_declarations(self._core))


def _trump_of_name(name: str) -> Trump:
    """A trump as the core names it ("4", "doubles", "none") as Python's: 4, "doubles", "none"."""
    return int(name) if name.isdigit() else name


TRUMPS: tuple[Trump, ...] = Rules().declarations  # 0..6, "doubles", "none"


def set_mask(rules: Rules) -> int:
    """The tiles of the rules' set (double-six unless a flag says otherwise; Moon's 22) as a bit mask."""
    return rules._core.tile_set


def check_in_set(mask: int, rules: Rules, error: type[DominoSolverError] = ParseError) -> None:
    """Raise ``error`` naming the first tile of ``mask`` that is not in the rules' set."""
    stray = mask & ~set_mask(rules)
    if stray:
        where = ("Moon's 22 tiles (docs/rules.md §4.1: no 1-0 .. 6-0)" if rules.row.without_blanks
                 else f"the double-{rules._core.max_pip} set")
        raise error(f"tile {tiles_of(stray)[0]} is not in {where}")


ORDINARY = "ordinary"  # the kind of a bid of the ladder (docs/rules.md §2.2)
# The kinds of bid the auction knows, as the contract table's rows bid in it (the first: ORDINARY).
BID_KINDS: tuple[str, ...] = tuple(row["name"] for row in _core.texas42.contract_rows() if row["bid"])


class Bid(int):
    """A call of the auction: its number (0 = pass, 30..41, 42k for k marks, or the points game's
    'game') and its kind, ``"ordinary"`` or a special bid of the contract table. A bid is its number
    for arithmetic and order; an ordinary bid equals its number, a special one equals only a bid of
    the same kind. Written ``30``, ``pass``, ``game`` (a special bid: ``168:kind``)."""

    kind: str

    def __new__(cls, value: int | str, kind: str = ORDINARY) -> Bid:
        if isinstance(value, str):  # its text: "30", "pass", "game", "168:plunge"
            return parse_bid(value, None if kind == ORDINARY else kind)
        if not isinstance(kind, str) or kind not in BID_KINDS:
            raise ParseError(f"unknown bid kind {shown(kind)}: {', '.join(map(repr, BID_KINDS))}")
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise ParseError(f"a bid is a whole number or its text ('30', 'pass', 'game'), not {shown(value)}")
        if not 0 <= value <= GAME_BID:
            raise ParseError(f"unknown bid {shown(value)}: a number from 0 (pass) to {GAME_BID} ('game')")
        bid = super().__new__(cls, int(value))
        bid.kind = kind
        return bid

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, int):
            return NotImplemented
        return int(self) == int(other) and self.kind == getattr(other, "kind", ORDINARY)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return int.__hash__(self) if self.kind == ORDINARY else hash((int(self), self.kind))

    def __repr__(self) -> str:  # an ordinary bid prints as its number, which equals it
        return repr(int(self)) if self.kind == ORDINARY else f"Bid({int(self)}, {self.kind!r})"

    def __str__(self) -> str:
        return bid_name(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return Bid, (int(self), self.kind)

    @classmethod
    def of_core(cls, bid: Any) -> Bid:
        """The core's Bid as the package's."""
        return cls(bid.value, bid.kind)


_MOST_SEATS = 4  # the largest table's: 42's, Partnership Moon's and The Big Game's


class _ContractFields(NamedTuple):
    declarer: int
    bid: Bid


class Contract(_ContractFields):
    """Who won the auction and with what bid; ``kind`` is the bid's (``"ordinary"``, or a special
    bid of the contract table). Its notation names its table's seats, which a contract alone does
    not know: ``contract_text(contract, rules)`` writes ``N30``, ``E168:kind``, Moon's ``P25``; the
    contract prints as its repr, ``Contract(declarer=2, bid=5)``.

    Checked when built: ``declarer`` a seat of the largest table (0..3, or N, E, S, W), ``bid`` a
    bid (``parse_bid``: a number from 0 to 'game', its text, or a Bid; kept as a Bid), else
    ParseError. Whether the table has that seat and the rules that bid is the position's check
    (the core's)."""

    __slots__ = ()

    def __new__(cls, declarer: int | str, bid: int | str) -> Contract:  # noqa: PYI034 (typing.Self: Python 3.11)
        if type(declarer) is int and 0 <= declarer < _MOST_SEATS and type(bid) is Bid:  # a seat number and a Bid: nothing to read
            return tuple.__new__(cls, (declarer, bid))
        if isinstance(declarer, numbers.Integral) and not isinstance(declarer, bool):
            declarer = int(declarer)
        try:
            seat = STANDARD.parse_seat(declarer)
        except ParseError as e:
            raise ParseError(f"contract declarer: {e}") from None
        return super().__new__(cls, seat, bid if type(bid) is Bid else parse_bid(bid))

    def _replace(self, **changes: Any) -> Contract:  # checked as a new contract is
        return type(self)(**{**self._asdict(), **changes})

    @property
    def kind(self) -> str:
        return getattr(self.bid, "kind", ORDINARY)

    @classmethod
    def of_core(cls, contract: Any) -> Contract | None:
        """The core's Contract (or None) as the package's."""
        return None if contract is None else cls(contract.declarer, Bid.of_core(contract.bid))


def namer(rules: Rules, contract: Contract) -> int:
    """Who names the declaration of ``contract``: the declarer, or for a Plunge or a Splash its
    partner (docs/rules.md §3.4), as the core's contract table says."""
    return _core.texas42.namer(rules._core, contract)


STANDARD = Rules()  # the standard table and ladder, for what is read before any game's rules
SEATS = STANDARD.seat_names  # N, E, S, W: the standard table's seats, clockwise from seat 0
TEAMS = STANDARD.scorer_names  # NS, EW: its sides, by side number (Rules.side_of)


def parse_seat(value: int | str, rules: Rules | None = None) -> int:
    """A seat of ``rules``' table (by default the standard one): its number or name."""
    return (rules or STANDARD).parse_seat(value)


def side_names(rules: Rules, sides: list[int]) -> tuple[str, str]:
    """The two sides' names from the side of each seat, each its seats' names together: NS and EW;
    Moon's bidder and the other two ("P1", "P0P2")."""
    return tuple("".join(n for n, s in zip(rules.seat_names, sides) if s == side) for side in range(2))  # type: ignore[return-value]


def side_label(rules: Rules, name: str) -> str:
    """A side's name (a key of JSON and records: its seats' names together, NS, EW, Moon's "P0P2")
    as people read it: seats named by one letter together (NS), longer names joined by "+" ("P0+P2")."""
    names = rules.seat_names
    if all(len(n) == 1 for n in names):
        return name
    seats = re.findall("|".join(map(re.escape, sorted(names, key=len, reverse=True))), name)
    return "+".join(seats) if "".join(seats) == name else name


def contract_sides(rules: Rules, trump: Trump, contract: Contract | None) -> tuple[str, str]:
    """The two sides' names in a hand of ``trump`` under ``contract``, as the core seats it: NS and
    EW; Moon's bidder and the other two ("P1", "P0P2")."""
    return side_names(rules, _core.texas42.ruling(rules._core, str(trump), contract)["sides"])


def contract_text(contract: Contract, rules: Rules) -> str:
    """A contract as notation writes it: the declarer's name, then the bid (``N30``, ``P121``)."""
    return f"{rules.seat_names[contract.declarer]}{bid_name(contract.bid)}"


# A suit declared trump as tables, hints and bid advice name it (texas42/solve.py ``declaration_name``),
# read back as its number: what a player reads is what it may type.
SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights")


def parse_trump(value: Trump, rules: Rules | None = None) -> Trump:
    """Canonical trump: an int 0..6, 'doubles' or 'none' ('follow-me' is accepted), a suit also by
    its name ('fives'). 'sevens' is the Sevens contract, unless ``rules`` have a suit of sevens (The
    Big Game's double-eight set), where tables name that suit so."""
    if isinstance(value, bool) or not isinstance(value, (int, str)) or (
        isinstance(value, int) and not 0 <= value <= MAX_PIP  # no set has more pips
    ):
        raise ParseError(f"unknown trump {shown(value)}: a number of the set (0..6 in the double-six set) or its "
                         "name ('fives'), 'doubles', 'none', 'sevens' or 'nello', 'nello-high', 'nello-low'")
    text = unicode_text(str(value), "trump").strip().lower()
    if text in SUIT_NAMES and (text != "sevens" or rules is not None and SUIT_NAMES.index(text) in rules.suits):
        text = str(SUIT_NAMES.index(text))
    return _trump_of_name(_core.texas42.parse_trump(text))


def bid_name(bid: int) -> str:
    """A bid as text: "pass", "30", "game"; a special bid adds its kind, "168:kind"."""
    number = "pass" if bid == 0 else "game" if int(bid) == GAME_BID else str(int(bid))
    kind = getattr(bid, "kind", ORDINARY)
    return number if kind == ORDINARY else f"{number}:{kind}"


def bid_words(bid: int, rules: Rules) -> str:
    """A bid as 42 players say it: a mark bid of 42's marks game with its marks ("84 (2 marks)"), a
    special bid its kind too ("168:plunge (4 marks)"); any other as ``bid_name`` writes it."""
    name = bid_name(bid)
    number = int(bid)
    if rules.row.ladder != "marks" or rules.scoring != "marks" or number < rules.mark or number % rules.mark:
        return name
    marks = number // rules.mark
    return f"{name} ({marks} mark{'' if marks == 1 else 's'})"


def marks_bid(text: str, rules: Rules) -> int | None:
    """The bid of ``text`` written in marks ("2 marks", "1 mark") under 42's marks game, else None."""
    words = text.strip().lower().split()
    if len(words) == 2 and is_digits(words[0]) and words[1] in ("mark", "marks") and int(words[0]) >= 1 and (
            rules.row.ladder == "marks" and rules.scoring == "marks"):
        return int(words[0]) * rules.mark
    return None


def parse_bid(value: int | str, kind: str | None = None) -> Bid:
    """A bid: 0 = pass, 30.., or GAME_BID, of ``kind`` (else the kind ``value`` carries: a Bid's, or
    the text's "168:kind"; ordinary by default). Whether it is legal is the core's call; numbers
    that cannot be a bid at all (negative, or beyond 'game') are refused here."""
    if isinstance(value, int) and not isinstance(value, bool):
        number, kind = int(value), kind or getattr(value, "kind", ORDINARY)
    elif not isinstance(value, str):
        raise ParseError(f"unknown bid {shown(value)}: a number, 'pass' or 'game'")
    else:
        text, _, named = value.strip().lower().partition(":")
        kind = kind or named or ORDINARY
        if text in ("pass", "game"):
            number = 0 if text == "pass" else GAME_BID
        elif is_digits(text):
            number = int(text)
        else:
            raise ParseError(f"unknown bid {shown(value)}: a number, 'pass' or 'game'")
    if not 0 <= number <= GAME_BID:
        raise ParseError(f"unknown bid {shown(value)}: a number from 30, 'pass' or 'game'")
    if not isinstance(kind, str) or kind not in BID_KINDS:
        raise ParseError(f"unknown bid kind {shown(kind)} in bid {shown(value)}: {', '.join(map(repr, BID_KINDS))}")
    return Bid(number, kind)


class Auction(NamedTuple):
    """An auction replayed in the C++ game: who is to act and in which phase, the bids legal now
    (during the bidding), whether the bids were all passes that threw the hand in, and the contract
    won (declaring)."""

    phase: str  # "bidding" or "declaring"
    to_move: int | None
    legal_bids: tuple[Bid, ...]  # in the core's order
    thrown_in: bool
    contract: Contract | None = None


def replay_auction(
    rules: Rules, sizes: list[int], auction: tuple[tuple[int, Bid], ...], contract: Contract | None,
    to_move: int | None, legal_bids: tuple[Bid, ...], seat: int, hand: list[int],
) -> Auction | None:
    """Before the first lead every hand is full, and the auction replays in the core's: calls in
    turn, each legal (``seat``'s for its ``hand``, tile ids; another seat's special bid as if it held
    what the bid asks), then the seat to call or to declare, its legal bids and the contract (each
    checked against the view's when it states them). None without bids, unless the view says who is to
    open them: then nothing tells who dealt."""
    full = rules.hand_size
    if any(n != full for n in sizes):
        raise InvalidViewError(f"before the first lead every hand holds {full} tiles, not {sizes}")
    if auction:
        dealer = rules.seat_after(auction[0][0], -1)  # the dealer bids last
    elif to_move is not None and contract is None:
        dealer = rules.seat_after(to_move, -1)  # no bid yet: the seat to call opens
    else:
        return None
    replay = _core.texas42.Auction(rules._core, dealer)
    for bidder, bid in auction:
        if replay.over or replay.to_call != bidder:
            raise InvalidViewError(f"{rules.seat_names[bidder]} bids out of turn: the auction goes round the table once")
        try:
            replay.call(bid, hand if bidder == seat else None)
        except DominoSolverError as e:
            raise InvalidViewError(f"the auction does not replay: {e}") from None
    found = Contract.of_core(replay.contract)
    if not replay.over:
        state = Auction("bidding", replay.to_call, tuple(Bid.of_core(b) for b in replay.legal(
            hand if replay.to_call == seat else None)), False)
    elif found is not None:
        state = Auction("declaring", _core.texas42.namer(rules._core, found), (), False, found)
    else:
        state = Auction("bidding", None, (), True)  # all passed: thrown in
    if state.phase == "bidding" and not state.thrown_in and contract is None:
        if to_move is not None and to_move != state.to_move:
            names = rules.seat_names
            raise InvalidViewError(f"{names[auction[-1][0]]} bid last, so {names[state.to_move]} is to bid, not {names[to_move]}")  # type: ignore[index]
        if legal_bids and set(legal_bids) != set(state.legal_bids):
            raise InvalidViewError(f"legal_bids {[bid_name(b) for b in legal_bids]} are not the bids legal here")
    elif contract is not None:
        if found != contract:
            gives = f"the contract {contract_text(found, rules)}" if found else "no contract"
            raise InvalidViewError(f"the auction gives {gives}, not {contract_text(contract, rules)}")
        if to_move is not None and state.phase == "declaring" and to_move != state.to_move:
            names = rules.seat_names
            raise InvalidViewError(f"{names[state.to_move]} names the declaration of {contract_text(contract, rules)}, "
                                   f"not {names[to_move]}")  # type: ignore[index]
    return state
