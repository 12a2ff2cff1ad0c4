"""Variant flags, trumps, seats and bids of Texas 42. The rules themselves live in the C++ core;
this module only names things."""

from __future__ import annotations

from typing import NamedTuple, Union

from .. import _core
from ..errors import DominoSolverError, ParseError
from ..io import is_digits
from ..tiles import set_size, tiles_of
from ..wrappers import FlagRules

__all__ = ["Rules", "Contract", "Trump", "SEATS", "TEAMS", "parse_seat", "parse_trump", "bid_name", "parse_bid",
           "set_mask"]

SEATS = ("N", "E", "S", "W")
TEAMS = ("NS", "EW")
GAME_BID = _core.texas42.GAME_BID

Trump = Union[int, str]  # 0..6, "doubles" or "none"
TRUMPS: tuple[Trump, ...] = (0, 1, 2, 3, 4, 5, 6, "doubles", "none")


class Rules(FlagRules):
    """Variant flags (docs/rules.md §6.1), e.g. ``Rules(nt_doubles="low", scoring="points")``.

    Only non-default flags are stored and written; unknown flags or values raise ``ParseError``.
    """

    __slots__ = ()
    _core_class = _core.texas42.Rules

    @property
    def scoring(self) -> str:
        return self.to_json().get("scoring", "marks")

    @property
    def target(self) -> int:
        return self._core.game_target()

    @property
    def hand_tricks(self) -> int:
        """Tricks in a hand: a quarter of the set's tiles (7 with double-six)."""
        return set_size(self._core.max_pip) // 4


def set_mask(rules: Rules) -> int:
    """The tiles of the rules' set (double-six unless a flag says otherwise) as a bit mask."""
    return (1 << set_size(rules._core.max_pip)) - 1


def check_in_set(mask: int, rules: Rules, error: type[DominoSolverError] = ParseError) -> None:
    """Raise ``error`` naming the first tile of ``mask`` that is not in the rules' set."""
    stray = mask & ~set_mask(rules)
    if stray:
        raise error(f"tile {tiles_of(stray)[0]} is not in the double-{rules._core.max_pip} set")


class Contract(NamedTuple):
    """Who won the auction and with what bid (30..41, 42k for k marks, or the points game's 'game')."""

    declarer: int
    bid: int

    def __str__(self) -> str:
        return f"{SEATS[self.declarer]}{bid_name(self.bid)}"


def parse_seat(value: int | str) -> int:
    if isinstance(value, bool):
        raise ParseError(f"unknown seat {value!r}")
    if isinstance(value, int) and 0 <= value < 4:
        return value
    if isinstance(value, str) and value.upper() in SEATS:
        return SEATS.index(value.upper())
    if isinstance(value, str) and is_digits(value) and int(value) < 4:
        return int(value)
    raise ParseError(f"unknown seat {value!r}: use 0..3 or N, E, S, W")


def parse_trump(value: Trump) -> Trump:
    """Canonical trump: an int 0..6, 'doubles' or 'none' ('follow-me' is accepted)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ParseError(f"unknown trump {value!r}")
    name = _core.texas42.parse_trump(str(value).lower())
    return int(name) if name.isdigit() else name


def bid_name(bid: int) -> str:
    if bid == 0:
        return "pass"
    return "game" if bid == GAME_BID else str(bid)


def parse_bid(value: int | str) -> int:
    """A bid as the core's int: 0 = pass, 30.., or GAME_BID. Whether it is legal is the core's call;
    numbers that cannot be a bid at all (negative, or beyond 'game') are refused here."""
    if isinstance(value, int) and not isinstance(value, bool):
        bid = value
    else:
        text = str(value).strip().lower()
        if text == "pass":
            return 0
        if text == "game":
            return GAME_BID
        if not is_digits(text):
            raise ParseError(f"unknown bid {value!r}: a number, 'pass' or 'game'")
        bid = int(text)
    if not 0 <= bid <= GAME_BID:
        raise ParseError(f"unknown bid {value!r}: a number from 30, 'pass' or 'game'")
    return bid
