"""Variant flags, presets and sizes of Bingo (docs/rules.md §5.1, §5.13, §6.3). The rules themselves
live in the C++ core; this module only names things, the players and the set as the core gives them."""

from __future__ import annotations

from typing import Any

from .. import _core
from ..errors import ParseError
from ..tiles import Tile
from ..wrappers import FlagRules

__all__ = ["Rules", "RULESETS", "PLAYERS", "DECK", "trump_of_turned"]

RULESETS = ("historic", "modern_dp", "modern_gb", "modern_sp")
PLAYERS = tuple(range(_core.bingo.PLAYERS))  # players 0 and 1
DECK = tuple(Tile.from_id(i) for i in range(_core.bingo.DECK_TILES))  # the double-six set, in id order


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


def trump_of_turned(tile: Any) -> int:
    """The trump number (written 0..6, blank = 0) a turned tile fixes: its high end with blank = 7."""
    t = Tile(tile)
    if t not in DECK:
        raise ParseError(f"tile {t} is not in the double-six set")
    return _core.bingo.trump_of_turned(t.id)
