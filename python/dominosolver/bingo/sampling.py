"""Worlds consistent with a player's view: the opponent's hand and the face-down boneyard order.

Every consistent world is equally likely (uniform deal, perfect recall): the opponent holds the
tiles it is known to hold plus a uniform subset of the unknown tiles its replies did not rule out, and
the other unknown tiles lie in the boneyard in uniform order. Drawing the subset with
``random.sample`` and the order with ``shuffle`` gives exactly that distribution, with no rejection.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator

from ..errors import InvalidPositionError
from ..tiles import Tile
from .view import PlayerView

__all__ = ["World", "count_worlds", "sample_worlds", "enumerate_worlds", "first_world"]

World = tuple[list[Tile], list[Tile]]  # (opponent's hand, face-down boneyard in drawing order)


def _split(view: PlayerView) -> tuple[list[Tile], list[Tile], int]:
    """(free tiles the opponent may hold, tiles that must be in the boneyard, how many free ones it holds)."""
    unknown = sorted(view.unknown)
    free = [t for t in unknown if t not in view.opponent_absent]
    forced = [t for t in unknown if t in view.opponent_absent]
    need = view.opponent_hand_size - len(view.opponent_known)
    if need < 0 or need > len(free) or len(unknown) - need != view.facedown_count:
        raise InvalidPositionError(
            "no world agrees with this view: the opponent holds "
            f"{view.opponent_hand_size} tiles, {len(view.opponent_known)} known, with {len(free)} unknown tiles it may hold"
        )
    return free, forced, need


def order_matters(view: PlayerView) -> bool:
    """Phase one, not closed, more than one face-down tile: the order of the draws is still hidden."""
    return view.closed_by is None and view.facedown_count > 1


def count_worlds(view: PlayerView) -> int:
    """How many distinct worlds the view allows (boneyard orders counted only while they matter)."""
    free, _, need = _split(view)
    n = math.comb(len(free), need)
    return n * math.factorial(view.facedown_count) if order_matters(view) else n


def _world(view: PlayerView, chosen: list[Tile], facedown: list[Tile]) -> World:
    return sorted(set(chosen) | view.opponent_known, reverse=True), facedown


def first_world(view: PlayerView) -> World:
    """One consistent world (the first in enumeration order)."""
    return next(enumerate_worlds(view))


def sample_worlds(view: PlayerView, n: int, seed: int | None = 0) -> list[World]:
    """`n` worlds drawn independently and exactly uniformly; the same seed gives the same worlds."""
    free, _, need = _split(view)
    rng = random.Random(seed)
    unknown = sorted(view.unknown)
    out = []
    for _ in range(n):
        chosen = rng.sample(free, need)
        rest = [t for t in unknown if t not in set(chosen)]
        rng.shuffle(rest)
        out.append(_world(view, chosen, rest))
    return out


def enumerate_worlds(view: PlayerView) -> Iterator[World]:
    """Every consistent world once (every boneyard order only while the order matters)."""
    free, _, need = _split(view)
    unknown = sorted(view.unknown)
    for chosen in itertools.combinations(free, need):
        rest = [t for t in unknown if t not in set(chosen)]
        if order_matters(view):
            for order in itertools.permutations(rest):
                yield _world(view, list(chosen), list(order))
        else:
            yield _world(view, list(chosen), rest)
