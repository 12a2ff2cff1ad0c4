"""Plays: what a seat puts on the table. A play is a tile, or in The Big Game one of its two
lower-end leads (docs/rules.md §4.3): ``7-3`` or ``8-2`` led in its lower number's suit, written
``7-3:3`` and ``8-2:2``. The core numbers plays as it numbers tiles, the low leads after the tiles
(45 and 46, texas42/plays.hpp), so a set of legal moves stays one bit mask; this module names them.
Whether a low lead is legal is the core's call."""

from __future__ import annotations

from typing import Any

from .. import _core
from ..errors import ParseError, shown
from ..io import unicode_text
from ..tiles import MAX_PIP, Tile, set_size

__all__ = ["LowerEndLead", "parse_play", "play_of", "plays_of"]

_NAMES = _core.texas42
TILE_IDS = set_size(MAX_PIP)  # plays below are tiles, above are low leads


class LowerEndLead(Tile):
    """``7-3`` or ``8-2`` led low: ``LowerEndLead("7-3:3")``. It is the tile it removes from the
    hand (``.tile``) called in its lower suit; ``id`` is the core's play number (45, 46), so it
    equals neither its tile nor the tile led high, and prints and hashes as ``"7-3:3"``."""

    __slots__ = ()

    def __init__(self, value: str | Tile) -> None:
        text = unicode_text(value, "a play") if isinstance(value, str) else f"{Tile(value)}:{Tile(value).lo}"
        head, sep, suit = text.strip().rpartition(":")
        tile = Tile(head if sep else suit)
        # The core names what no rule leads low ("6-4:4 is no lead").
        play = _NAMES.parse_play(f"{tile}:{suit}" if sep else f"{tile}:{tile.lo}")
        if play < TILE_IDS:
            raise ParseError(f"{shown(value)} is no lower-end lead: write 7-3:3 or 8-2:2")
        super().__init__(tile.hi, tile.lo)

    @property
    def id(self) -> int:
        """The core's number of the play (after every tile's id)."""
        return _NAMES.parse_play(str(self))

    @property
    def tile(self) -> Tile:
        """The tile the play takes from the hand."""
        return Tile(self.hi, self.lo)

    def compact(self) -> str:
        return f"{self.hi}{self.lo}:{self.lo}"

    def __str__(self) -> str:
        return f"{self.hi}-{self.lo}:{self.lo}"

    def __repr__(self) -> str:
        return f"LowerEndLead('{self}')"

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return (LowerEndLead, (str(self),))


def parse_play(value: Any) -> Tile:
    """A play from a Tile (a LowerEndLead stays one) or text: ``"6-4"``, ``"64"``, ``"7-3:3"``, ``"73:3"``."""
    if isinstance(value, Tile):
        return value
    if isinstance(value, str) and len(value.strip().rpartition(":")[0]) >= 2:  # a tile, ':', a suit ("7:3" is a tile)
        return LowerEndLead(value)
    return Tile(value)


# Every play by its number, built once: hints turn hundreds of thousands of numbers into plays.
_PLAYS = tuple(Tile.from_id(play) for play in range(TILE_IDS)) + tuple(
    LowerEndLead(_NAMES.play_name(play)) for play in range(TILE_IDS, _NAMES.MAX_PLAYS)
)


def play_of(play: int) -> Tile:
    """The play the core numbers ``play``: a tile, or a lower-end lead."""
    if type(play) is int and 0 <= play < len(_PLAYS):
        return _PLAYS[play]
    if type(play) is int and play >= TILE_IDS:
        raise ParseError(f"unknown play number {play}: a number 0..{len(_PLAYS) - 1}")
    return Tile.from_id(play)  # names what is wrong with anything else (a NumPy integer is fine)


def plays_of(mask: int) -> list[Tile]:
    """The plays of a bit mask of play numbers, highest first (a tile's low lead just before it)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(play_of(low.bit_length() - 1))
        mask ^= low
    return sorted(out, reverse=True)
