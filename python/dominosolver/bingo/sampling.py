"""Worlds consistent with a player's view: the opponent's hand and the face-down boneyard order.

Every consistent world is equally likely (uniform deal, perfect recall): the opponent holds the
tiles it is known to hold plus a uniform subset of the unknown tiles its replies did not rule out, and
the other unknown tiles lie in the boneyard in uniform order. Drawing the subset with
``random.sample`` and the order with ``shuffle`` gives exactly that distribution, with no rejection.

The core functions work on tile ids and masks (what the C++ batch takes); the Tile-based ones wrap them.
``position_of`` builds a world's Position; which worlds fit a view is ``worlds.py``'s.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from functools import cached_property

from ..tiles import Tile, tiles_of
from .position import Position
from .view import PlayerView
from .worlds import World, core_position, first_world, known_mask, split, tail

__all__ = [
    "World", "count_worlds", "order_matters", "sample_worlds", "enumerate_worlds", "enumerate_hands", "first_world",
    "sample_masks", "draw_masks", "world_masks", "hand_masks", "WorldSampler", "position_of",
]

Masks = tuple[list[int], list[list[int]]]  # opponent hands as masks, boneyards as ids (face-up last)


def order_matters(view: PlayerView) -> bool:
    """Phase one, not closed, more than one face-down tile: the order of the draws is still hidden."""
    return view.closed_by is None and view.facedown_count > 1


def count_worlds(view: PlayerView) -> int:
    """How many distinct worlds the view allows (boneyard orders counted only while they matter)."""
    free, _, need = split(view)
    n = math.comb(len(free), need)
    return n * math.factorial(view.facedown_count) if order_matters(view) else n


def sample_masks(view: PlayerView, n: int, seed: int | None = 0) -> Masks:
    """`n` worlds drawn independently and exactly uniformly; the same seed gives the same worlds."""
    drawn = list(itertools.islice(draw_masks(view, seed), n))
    return [h for h, _ in drawn], [b for _, b in drawn]


def draw_masks(view: PlayerView, seed: int | None = 0) -> Iterator[tuple[int, list[int]]]:
    """The draws of ``sample_masks`` one world at a time, without end."""
    free, unknown, need = split(view)  # checked now, not at the first draw
    return _draws(random.Random(seed), free, unknown, need, known_mask(view), tail(view))


def _draws(rng: random.Random, free: list[int], unknown: list[int], need: int, known: int,
           last: list[int]) -> Iterator[tuple[int, list[int]]]:
    while True:
        mask = known | sum(1 << i for i in rng.sample(free, need))
        rest = [i for i in unknown if not mask >> i & 1]
        rng.shuffle(rest)
        yield mask, rest + last


def world_masks(view: PlayerView) -> Masks:
    """Every consistent world once (every boneyard order only while the order matters)."""
    free, unknown, need = split(view)
    known, last = known_mask(view), tail(view)
    hands, boneyards = [], []
    for chosen in itertools.combinations([1 << i for i in free], need):
        mask = known | sum(chosen)
        rest = [i for i in unknown if not mask >> i & 1]
        for order in itertools.permutations(rest) if order_matters(view) else [rest]:
            hands.append(mask)
            boneyards.append(list(order) + last)
    return hands, boneyards


def hand_masks(view: PlayerView) -> Masks:
    """Every consistent opponent hand once, each with one boneyard order: enough whenever the order
    cannot matter (a closed game, or the value of closing now)."""
    free, unknown, need = split(view)
    known, last = known_mask(view), tail(view)
    hands, boneyards = [], []
    for chosen in itertools.combinations([1 << i for i in free], need):
        mask = known | sum(chosen)
        hands.append(mask)
        boneyards.append([i for i in unknown if not mask >> i & 1] + last)
    return hands, boneyards


class WorldSampler:
    """The worlds of a view as masks (what the C++ batch takes), for the hint loop: ``count``,
    world number ``k`` in enumeration order and endless seeded draws."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.count = count_worlds(view)

    @cached_property
    def _enumerated(self) -> Masks:
        return world_masks(self.view)

    def world(self, index: int) -> tuple[int, list[int]]:
        hands, boneyards = self._enumerated
        return hands[index], boneyards[index]

    def stream(self, seed: int | None = 0) -> Iterator[tuple[int, list[int]]]:
        return draw_masks(self.view, seed)


def _as_worlds(view: PlayerView, masks: Masks) -> list[World]:
    k = len(tail(view))
    return [(sorted(tiles_of(h), reverse=True), [Tile.from_id(i) for i in (b[:-k] if k else b)])
            for h, b in zip(*masks)]


def sample_worlds(view: PlayerView, n: int, seed: int | None = 0) -> list[World]:
    return _as_worlds(view, sample_masks(view, n, seed))


def enumerate_worlds(view: PlayerView) -> Iterator[World]:
    yield from _as_worlds(view, world_masks(view))


def enumerate_hands(view: PlayerView) -> Iterator[World]:
    yield from _as_worlds(view, hand_masks(view))


def position_of(view: PlayerView, opponent_hand: list[Tile], facedown: list[Tile]) -> Position:
    """The full position where the opponent holds `opponent_hand` and the face-down boneyard is
    `facedown` in drawing order (the face-up tile goes last). Raises InvalidPositionError when the
    world contradicts the view."""
    return Position._wrap(core_position(view, opponent_hand, facedown))
