"""Deal i of a named corpus is a pure function of (name, i): the same deal on every call and in every
partition, a shuffle of the 28 tiles, and what docs/corpus.md's algorithm gives when written again
here from its text alone."""

from __future__ import annotations

import hashlib
import struct

import pytest
from dominosolver.corpus import deal_of
from dominosolver.errors import ParseError
from dominosolver.tiles import Tile


def deal_from_the_docs(name: str, i: int) -> tuple[list[list[str]], int]:
    """docs/corpus.md's algorithm, written independently of the package: a byte stream of SHA-256
    blocks, 64-bit big-endian words, rejection, Fisher-Yates, seven tiles a seat."""
    stream = b"".join(hashlib.sha256(b"dominosolver-corpus/1\x00" + name.encode("utf-8") + b"\x00"
                                     + struct.pack(">QI", i, k)).digest() for k in range(8))
    words = iter(struct.unpack(">32Q", stream))
    ids = [(hi, lo) for hi in range(7) for lo in range(hi + 1)]  # by id: 0-0, 1-0, 1-1, 2-0 ...
    tiles = list(range(28))
    for j in range(27, 0, -1):
        n = j + 1
        w = next(words)
        while w >= 2**64 - 2**64 % n:
            w = next(words)
        r = w % n
        tiles[j], tiles[r] = tiles[r], tiles[j]
    hands = [sorted(f"{ids[t][0]}-{ids[t][1]}" for t in tiles[7 * s:7 * s + 7]) for s in range(4)]
    return hands, i % 4


@pytest.mark.parametrize("name", ["main", "a corpus", "ünïcode"])
def test_deals_follow_the_documented_algorithm(name):
    for i in [0, 1, 2, 3, 17, 999, 123_456_789, 2**40 + 5]:
        d = deal_of(name, i)
        hands, dealer = deal_from_the_docs(name, i)
        assert [sorted(str(t) for t in h) for h in d.tiles()] == hands
        assert d.dealer == dealer and d.index == i


def test_a_deal_is_the_same_on_every_call_and_a_shuffle_of_the_set():
    for i in range(50):
        d = deal_of("main", i)
        assert d == deal_of("main", i)
        assert sorted(t for h in d.hands for t in h) == list(range(28))
        assert all(len(h) == 7 for h in d.hands)
        assert d.masks == tuple(sum(1 << Tile(str(t)).id for t in h) for h in d.tiles())


def test_names_and_indices_give_different_deals():
    assert len({deal_of("main", i).hands for i in range(200)}) == 200
    assert deal_of("main", 5).hands != deal_of("other", 5).hands


def test_each_tile_goes_to_each_seat_about_a_quarter_of_the_time():
    """2,000 deals: every (tile, seat) count within 5 standard deviations of 500."""
    counts = [[0] * 4 for _ in range(28)]
    for i in range(2000):
        for seat, hand in enumerate(deal_of("uniform", i).hands):
            for t in hand:
                counts[t][seat] += 1
    sd = (2000 * 0.25 * 0.75) ** 0.5
    assert all(abs(c - 500) < 5 * sd for row in counts for c in row)


@pytest.mark.parametrize("name, index", [("", 0), ("a\0b", 0), (3, 0), ("main", -1), ("main", 2**63), ("main", 1.5),
                                         ("main", True)])
def test_bad_names_and_indices_are_refused(name, index):
    with pytest.raises(ParseError):
        deal_of(name, index)
