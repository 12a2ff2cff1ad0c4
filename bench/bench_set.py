"""The Texas 42 bench set: seeded random deals, declarer seat 0 leading, declaration chosen as the
issue specifies (the number the declarer holds most of, ties to the higher number; every 4th deal
doubles, every 5th follow-me, the 5th rule winning when both apply)."""

from __future__ import annotations

import random

from dominosolver import Tile
from dominosolver.texas42 import Position


def deal(i: int) -> list[list[Tile]]:
    rng = random.Random(i)
    tiles = [Tile.from_id(t) for t in range(28)]
    rng.shuffle(tiles)
    return [tiles[7 * k : 7 * k + 7] for k in range(4)]


def declaration(i: int, hand: list[Tile]) -> int | str:
    if (i + 1) % 5 == 0:
        return "none"
    if (i + 1) % 4 == 0:
        return "doubles"
    return max(range(7), key=lambda s: (sum(1 for t in hand if s in (t.hi, t.lo)), s))


def position(i: int) -> Position:
    hands = deal(i)
    return Position(trump=declaration(i, hands[0]), hands=hands, leader=0)


def harness_line(i: int) -> str:
    """Deal `i` as a line for `bench/solver_ab.cpp`: declaration kind (0 a number, 1 doubles,
    2 follow-me), the number, then the tile ids of seats 0..3."""
    hands = deal(i)
    trump = declaration(i, hands[0])
    kind, number = (2, 0) if trump == "none" else (1, 0) if trump == "doubles" else (0, trump)
    return " ".join(str(x) for x in [kind, number, *(t.id for hand in hands for t in hand)])


if __name__ == "__main__":
    import sys

    for i in range(int(sys.argv[1]) if len(sys.argv) > 1 else 1000):
        print(harness_line(i))
