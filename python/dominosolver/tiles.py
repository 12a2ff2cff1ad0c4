"""Tiles: ``Tile("6-4")``, written high end first; ids shared by every set (double-six is a prefix
of double-eight), tile sets as integer bit masks for the C++ core."""

from __future__ import annotations

from collections.abc import Iterable
from functools import total_ordering
from numbers import Integral

from .errors import ParseError, shown
from .io import is_digits

__all__ = ["Tile", "MAX_PIP", "mask_of", "tiles_of", "bits_of"]

MAX_PIP = 8  # the largest set any game uses (double-eight)


@total_ordering
class Tile:
    """One domino. ``Tile("6-4") == Tile("4-6") == Tile("64") == Tile(6, 4)``.

    A tile also equals its own ``str()``, the canonical spelling (``Tile("6-4") == "6-4"``, so
    ``"6-4" in position.legal_moves`` works), and hashes like it; other spellings ("4-6", "64") name
    the same tile but are not equal to it, since no hash could agree with all of them."""

    __slots__ = ("hi", "lo")
    hi: int
    lo: int

    def __init__(self, value: str | int | Tile, lo: int | None = None) -> None:
        if isinstance(value, Tile) and lo is None:
            a, b = value.hi, value.lo
        elif _is_int(value) and _is_int(lo):
            a, b = int(value), int(lo)  # type: ignore[arg-type]
        elif isinstance(value, str) and lo is None:
            a, b = _parse_ends(value)
        else:
            raise ParseError(f"cannot make a tile from {shown(value)}" + (f", {shown(lo)}" if lo is not None else ""))
        for end in (a, b):
            if not 0 <= end <= MAX_PIP:
                raise ParseError(f"unknown tile {shown(a)}-{shown(b)}: numbers run 0..{MAX_PIP}")
        object.__setattr__(self, "hi", max(a, b))
        object.__setattr__(self, "lo", min(a, b))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    @classmethod
    def from_id(cls, tile_id: int) -> Tile:
        if not _is_int(tile_id) or not 0 <= tile_id < len(_BY_ID):
            raise ParseError(f"unknown tile id {shown(tile_id)}: a number 0..{len(_BY_ID) - 1}")
        return _BY_ID[int(tile_id)]  # tiles are immutable: one instance per id serves everyone

    @property
    def id(self) -> int:
        """Index used by the C++ core: hi*(hi+1)/2 + lo."""
        return self.hi * (self.hi + 1) // 2 + self.lo

    @property
    def tile(self) -> Tile:
        """The tile a play of it takes from the hand: itself (a lower-end lead's is its tile)."""
        return self

    @property
    def is_double(self) -> bool:
        return self.hi == self.lo

    @property
    def pips(self) -> int:
        return self.hi + self.lo

    def compact(self) -> str:
        """The two-digit form used by the one-line notation, e.g. ``"64"``."""
        return f"{self.hi}{self.lo}"

    def __str__(self) -> str:
        return f"{self.hi}-{self.lo}"

    def __repr__(self) -> str:
        return f"Tile('{self}')"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return other == str(self)
        if not isinstance(other, Tile):
            return NotImplemented
        return self.id == other.id

    def __hash__(self) -> int:
        return hash(str(self))

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return (self.tile.id, self.id) < (other.tile.id, other.id)  # a lower-end lead just above its tile

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return (Tile, (str(self),))


def _is_int(value: object) -> bool:
    # NumPy's integers count; True is an int, but no pip count or id.
    return isinstance(value, Integral) and not isinstance(value, bool)


def _parse_ends(text: str) -> tuple[int, int]:
    s = text.strip()
    if len(s) == 3 and s[1] in "-:|":
        s = s[0] + s[2]
    if len(s) != 2 or not is_digits(s):
        raise ParseError(f"malformed tile {shown(text)}: write it as '6-4' (or '64')")
    return int(s[0]), int(s[1])


def set_size(max_pip: int) -> int:
    """Tiles in the double-``max_pip`` set (28 for double-six)."""
    return (max_pip + 1) * (max_pip + 2) // 2


# Every tile in id order (hi*(hi+1)/2 + lo), for from_id and tiles_of.
_BY_ID = tuple(Tile(hi, lo) for hi in range(MAX_PIP + 1) for lo in range(hi + 1))


def mask_of(tiles: Iterable[Tile | str]) -> int:
    mask = 0
    for t in tiles:
        tile = t if isinstance(t, Tile) else Tile(t)
        if mask >> tile.id & 1:
            raise ParseError(f"tile {tile} listed twice")
        mask |= 1 << tile.id
    return mask


def bits_of(mask: int) -> list[int]:
    """The numbers of a mask's set bits, lowest first: the tile ids of a tile mask, the suits of a
    set of suits (a bit at a time: hints and the bid advisor read hundreds of masks)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def tiles_of(mask: int) -> list[Tile]:
    """Tiles of a bit mask, in id order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_BY_ID[low.bit_length() - 1])
        mask ^= low
    return out
