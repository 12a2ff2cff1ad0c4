"""Helpers shared by the view, sampler and hint tests: random reachable positions and a brute-force
list of the deals consistent with a view (checked by the C++ core, independent of the sampler)."""

from __future__ import annotations

import itertools
import random

from dominosolver import Tile
from dominosolver.errors import DominoSolverError
from dominosolver.texas42 import PlayerView, Position, Rules
from dominosolver.texas42.sampling import position_of
from dominosolver.tiles import mask_of

TRUMPS = [0, 1, 2, 3, 4, 5, 6, "doubles", "none"]


def random_position(seed: int, plays: int, rules: Rules | None = None) -> Position:
    rng = random.Random(seed)
    tiles = [Tile.from_id(i) for i in range(28)]
    rng.shuffle(tiles)
    trump, declarer = rng.choice(TRUMPS), rng.randrange(4)
    pos = Position(
        trump=trump,
        hands=[tiles[7 * k : 7 * k + 7] for k in range(4)],
        rules=rules,
        contract=(declarer, rng.choice([30, 34, 42, 84])),
    )
    for _ in range(plays):
        pos.play(rng.choice(pos.legal_moves))
    return pos


def brute_force_worlds(view: PlayerView) -> set[tuple[int, ...]]:
    """Every split of the unseen tiles over the other seats by hand size (less the tiles a seat has
    shown, which stay with it: a plunger's doubles), kept when the C++ core accepts the position it
    makes and shows the seat the very same view: independent of the sampler."""
    others = [s for s in range(4) if s != view.seat]
    shown = [tuple(view.revealed[s]) if view.revealed else () for s in range(4)]
    hidden = view.hidden
    sizes = [view.hand_sizes[s] - len(shown[s]) for s in others]
    out = set()
    for first in itertools.combinations(hidden, sizes[0]):
        rest = [t for t in hidden if t not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [t for t in rest if t not in second]
            hands = [0] * 4
            hands[view.seat] = mask_of(view.hand)
            for s, part in zip(others, (first, second, third)):
                hands[s] = mask_of([*part, *shown[s]])
            try:
                pos = position_of(view, hands)
            except DominoSolverError:
                continue
            if PlayerView.of_position(pos, view.seat, view.auction) == view:
                out.add(tuple(hands))
    return out


def random_deal(seed: int) -> list[list[Tile]]:
    rng = random.Random(seed)
    tiles = [Tile.from_id(i) for i in range(28)]
    rng.shuffle(tiles)
    return [tiles[7 * k : 7 * k + 7] for k in range(4)]
