"""The deals of a named corpus: deal ``i`` of corpus ``name`` is a pure function of ``(name, i)``,
the same on every machine, in every partition and in any other program that follows
docs/corpus.md ("How deal i is made"):

1. A stream of 64-bit words: SHA-256 of ``b"dominosolver-corpus/1\\0" + name (UTF-8) + b"\\0" +
   i (8 bytes, big-endian) + k (4 bytes, big-endian)`` for k = 0, 1, 2, ...; each 32-byte digest
   read as four big-endian unsigned 64-bit words, in order.
2. ``draw(n)``: the next word ``w``, skipped while ``w >= 2**64 - 2**64 % n`` (so that every
   remainder is equally likely), then ``w % n``.
3. The 28 tiles by id (``hi*(hi+1)/2 + lo``: 0-0 is 0, 1-0 is 1, 1-1 is 2, ... 6-6 is 27) shuffled
   by Fisher-Yates: for j from 27 down to 1, swap positions j and ``draw(j + 1)``.
4. Seat s (N, E, S, W = 0..3) holds the tiles at positions 7s..7s+6; the dealer is seat ``i % 4``.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

from ..errors import ParseError, shown
from ..tiles import Tile

__all__ = ["DEAL_ALGORITHM", "HAND", "TILES", "CorpusDeal", "check_index", "check_name", "deal_of"]

DEAL_ALGORITHM = "dominosolver-corpus/1"  # the prefix of every hash: the algorithm's name and version
TILES = 28  # double-six
HAND = 7
SEATS = 4
_TWO64 = 1 << 64
MAX_INDEX = (1 << 63) - 1


class CorpusDeal(NamedTuple):
    """Deal ``index`` of a corpus: the tile ids of each seat (N, E, S, W; ascending) and the dealer."""

    index: int
    hands: tuple[tuple[int, ...], ...]
    dealer: int

    @property
    def masks(self) -> tuple[int, ...]:
        """Each hand as a bit mask of tile ids (what the corpus stores)."""
        return tuple(sum(1 << t for t in hand) for hand in self.hands)

    def tiles(self) -> list[list[Tile]]:
        return [[Tile.from_id(t) for t in hand] for hand in self.hands]

    def text(self) -> str:
        """The deal as the ``table`` command reads it: ``hands=66.64.../.../.../...``."""
        return "hands=" + "/".join(".".join(t.compact() for t in sorted(h, reverse=True)) for h in self.tiles())


def check_name(name: object) -> str:
    if not isinstance(name, str) or not name or "\0" in name or len(name.encode()) > 200:
        raise ParseError(f"a corpus name is a non-empty text of at most 200 bytes without NUL, not {shown(name)}")
    return name


def check_index(index: object) -> int:
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= MAX_INDEX:
        raise ParseError(f"a deal index is a whole number from 0 to 2**63 - 1, not {shown(index)}")
    return index


class _Words:
    """The stream of 64-bit words of deal ``index`` of corpus ``name`` (step 1)."""

    def __init__(self, name: str, index: int) -> None:
        self.prefix = DEAL_ALGORITHM.encode() + b"\0" + name.encode() + b"\0" + index.to_bytes(8, "big")
        self.block = 0
        self.words: list[int] = []

    def next(self) -> int:
        if not self.words:
            digest = hashlib.sha256(self.prefix + self.block.to_bytes(4, "big")).digest()
            self.block += 1
            self.words = [int.from_bytes(digest[k:k + 8], "big") for k in (24, 16, 8, 0)]  # popped from the end
        return self.words.pop()

    def draw(self, n: int) -> int:
        limit = _TWO64 - _TWO64 % n
        while True:
            w = self.next()
            if w < limit:
                return w % n


def deal_of(name: str, index: int) -> CorpusDeal:
    """Deal ``index`` of corpus ``name`` (the module doc's algorithm)."""
    words = _Words(check_name(name), check_index(index))
    tiles = list(range(TILES))
    for j in range(TILES - 1, 0, -1):
        r = words.draw(j + 1)
        tiles[j], tiles[r] = tiles[r], tiles[j]
    hands = tuple(tuple(sorted(tiles[HAND * s:HAND * s + HAND])) for s in range(SEATS))
    return CorpusDeal(index, hands, index % SEATS)
