"""Variant flags, presets and sizes of Bingo (docs/rules.md §5.1, §5.13, §6.3). The rules themselves
live in the C++ core; this module only names things, the players and the set as the core gives them."""

from __future__ import annotations

from typing import Any

from .. import _core
from ..errors import ParseError, shown
from ..tiles import Tile
from ..wrappers import FlagRules

__all__ = ["Rules", "RULESETS", "PLAYERS", "DECK", "SEAT_NAMES", "parse_seat", "seat_name", "trump_of_turned"]

RULESETS = ("historic", "modern_dp", "modern_gb", "modern_sp")
PLAYERS = tuple(range(_core.bingo.PLAYERS))  # players 0 and 1
DECK = tuple(Tile.from_id(i) for i in range(_core.bingo.DECK_TILES))  # the double-six set, in id order
SEAT_NAMES = tuple(f"player {p}" for p in PLAYERS)  # as tables, hints (pov) and messages name them


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]


def parse_seat(value: Any) -> int:
    """0 or 1, as a number or as text, or as tables print the seat ("player 0")."""
    if isinstance(value, int) and not isinstance(value, bool) and value in PLAYERS:
        return value
    if isinstance(value, str):
        text = " ".join(value.split()).lower()
        for p in PLAYERS:
            if text in (str(p), SEAT_NAMES[p]):
                return p
    raise ParseError(f"unknown Bingo seat {shown(value)}: 0 or 1 ('player 0', 'player 1')")


class Rules(FlagRules):
    """Variant flags named after docs/rules.md, lower-cased: ``Rules(bingo_ruleset="modern_dp")`` is the
    domino-play preset; further flags override it, e.g. ``Rules(close_fail_3="off")``.

    HISTORIC (pagat) is the default. Only flags that differ from the ruleset's preset are stored and
    written; unknown flags or values raise ``ParseError``. Switches accept ``"on"``/``"off"`` (and
    ``True``/``False``).
    """

    __slots__ = ()
    _core_class = _core.bingo.Rules

    @classmethod
    def preset(cls, ruleset: str) -> Rules:
        """The complete preset of a §5.13 column: 'historic', 'modern_dp', 'modern_gb' or 'modern_sp'."""
        return cls(bingo_ruleset=ruleset)

    @property
    def ruleset(self) -> str:
        return self.to_json().get("bingo_ruleset", "historic")

    @property
    def seats(self) -> int:
        """Players at the table, as ``texas42.Rules.seats`` counts seats: a front end asks either."""
        return len(PLAYERS)

    # The table as texas42.Rules names it (seat_names, parse_seat, scorers, scorer_names): each of the
    # two players keeps its own score, as Moon's players do.

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The players' names: "player 0", "player 1" (a result's ``pov``, a game's ``winner``)."""
        return SEAT_NAMES

    def seat_name(self, seat: int | str) -> str:
        return SEAT_NAMES[parse_seat(seat)]

    def parse_seat(self, value: int | str) -> int:
        """A player: 0 or 1, as a number or text, or its name ("player 0")."""
        return parse_seat(value)

    @property
    def scorers(self) -> int:
        """How many keep a score: each player its own."""
        return len(PLAYERS)

    @property
    def hand_size(self) -> int:
        """Tiles dealt to each player (§5.3)."""
        return _core.bingo.HAND_SIZE

    @property
    def target(self) -> int:
        """Game points that win the game (§5.10), as texas42.Rules.target gives 42's marks or points."""
        return _core.bingo.GAME_TARGET

    @property
    def scorer_names(self) -> tuple[str, ...]:
        """The keys of ``Game.scores``: the players' names."""
        return SEAT_NAMES

    def scorer_of(self, seat: int | str) -> int:
        """Whose score ``seat``'s tricks add to: its own."""
        return parse_seat(seat)


def trump_of_turned(tile: Any) -> int:
    """The trump number (written 0..6, blank = 0) a turned tile fixes: its high end with blank = 7."""
    t = Tile(tile)
    if t not in DECK:
        raise ParseError(f"tile {t} is not in the double-six set")
    return _core.bingo.trump_of_turned(t.id)
