"""Worlds consistent with a player's view: the opponent's hand and the face-down boneyard order.

Every consistent world is equally likely (uniform deal, perfect recall): the opponent holds the
tiles it is known to hold plus a uniform subset of the unknown tiles its replies did not rule out, and
the other unknown tiles lie in the boneyard in uniform order. Drawing the subset with
``random.sample`` and the order with ``shuffle`` gives exactly that distribution, with no rejection.

The core functions work on tile ids and masks (what the C++ batch takes); the Tile-based ones wrap them.
``position_of`` builds a world's Position.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from functools import cached_property
from typing import Any

from ..errors import InvalidPositionError
from ..tiles import Tile, tiles_of
from .notation import build
from .position import Position
from .view import PlayerView

__all__ = [
    "World", "count_worlds", "order_matters", "sample_worlds", "enumerate_worlds", "enumerate_hands", "first_world",
    "sample_masks", "draw_masks", "world_masks", "hand_masks", "WorldSampler", "position_of",
]

World = tuple[list[Tile], list[Tile]]  # (opponent's hand, face-down boneyard in drawing order)
Masks = tuple[list[int], list[list[int]]]  # opponent hands as masks, boneyards as ids (face-up last)


def split(view: PlayerView) -> tuple[list[int], list[int], int]:
    """(ids the opponent may hold, every unknown id, how many of the former it holds)."""
    unknown = sorted(t.id for t in view.unknown)
    absent = {t.id for t in view.opponent_absent}
    free = [i for i in unknown if i not in absent]
    need = view.opponent_hand_size - len(view.opponent_known)
    if need < 0 or need > len(free) or len(unknown) - need != view.facedown_count:
        raise InvalidPositionError(
            "no world agrees with this view: the opponent holds "
            f"{view.opponent_hand_size} tiles, {len(view.opponent_known)} known, with {len(free)} unknown tiles it may hold"
        )
    return free, unknown, need


def known_mask(view: PlayerView) -> int:
    """The tiles the opponent surely holds, as a mask."""
    return sum(1 << t.id for t in view.opponent_known)


def tail(view: PlayerView) -> list[int]:
    """The face-up tile while it is still the boneyard's last: every world ends its boneyard with it."""
    return [view.turned.id] if view.face_up_in_boneyard else []


def first_world(view: PlayerView) -> World:
    """One consistent world: the opponent holds its known tiles and the lowest free ones."""
    free, unknown, need = split(view)
    mask = known_mask(view) | sum(1 << i for i in free[:need])
    return sorted(tiles_of(mask), reverse=True), [Tile.from_id(i) for i in unknown if not mask >> i & 1]


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


def core_position(view: PlayerView, opponent_hand: list[Tile], facedown: list[Tile]) -> Any:
    """The C++ position where the opponent holds `opponent_hand` and the face-down boneyard is
    `facedown` in drawing order (the face-up tile goes last). Raises InvalidPositionError when the
    world contradicts the view (or the C++ core finds the position unreachable)."""
    hand, fd = set(map(Tile, opponent_hand)), list(map(Tile, facedown))
    pool = set(view.unknown) | set(view.opponent_known)
    if hand | set(fd) != pool or len(hand) + len(fd) != len(pool) or len(fd) != view.facedown_count:
        raise InvalidPositionError("a world must place exactly the tiles hidden from this player")
    if not view.opponent_known <= hand:
        raise InvalidPositionError("a world must give the opponent the tiles it is known to hold")
    if hand & view.opponent_absent:
        raise InvalidPositionError("a world gives the opponent tiles its replies showed it does not hold")
    return build(view.world_fields(sorted(hand, reverse=True), fd))


def position_of(view: PlayerView, opponent_hand: list[Tile], facedown: list[Tile]) -> Position:
    """The full position where the opponent holds `opponent_hand` and the face-down boneyard is
    `facedown` in drawing order (the face-up tile goes last). Raises InvalidPositionError when the
    world contradicts the view."""
    return Position._wrap(core_position(view, opponent_hand, facedown))
