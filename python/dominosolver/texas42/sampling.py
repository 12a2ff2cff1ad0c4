"""Deals consistent with a seat's view, counted exactly and drawn exactly uniformly, and the
Position of each: what hints and the bidding advisor average over.

``worlds.Deals`` numbers the deals that fit a view, a bijection onto ``[0, count)``; drawing an
index uniformly draws a deal uniformly (no rejection, no bias), and enumeration takes every index.
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections.abc import Iterator
from typing import Any

from ..arguments import MAX_WORLDS, seed_value, whole_number, world_count
from ..errors import InvalidViewError
from .game import Game
from .position import Position
from .view import PlayerView
from .worlds import Deals, World, core_position

__all__ = [
    "World", "WorldSampler", "as_view", "count_worlds", "enumerate_worlds", "new_seed", "position_of", "sample_worlds",
]


def new_seed() -> int:
    """A fresh seed to report with results drawn from it (so they can be reproduced)."""
    return secrets.randbits(32)


class WorldSampler(Deals):
    """Counts, indexes, samples and enumerates the deals consistent with ``view``."""

    def __init__(self, view: PlayerView) -> None:
        if not isinstance(view, PlayerView):
            raise InvalidViewError(f"worlds are drawn from a PlayerView, not {type(view).__name__}")
        super().__init__(view)

    def sample(self, n: int, seed: int | None = None) -> list[World]:
        """``n`` independent, exactly uniform draws (with replacement) from ``random.Random(seed)``
        (at most ``MAX_WORLDS``)."""
        n = world_count(n, "n", low=0)
        return list(itertools.islice(self.stream(seed), n))

    def stream(self, seed: int | None = None) -> Iterator[World]:
        """The same draws one at a time, without end (``sample(n, seed)`` is its first ``n``)."""
        rng = random.Random(seed_value(seed))  # checked now, not at the first draw
        return self._draws(rng)

    def _draws(self, rng: random.Random) -> Iterator[World]:
        while True:
            yield self.world(rng.randrange(self.count))

    def __iter__(self) -> Iterator[World]:
        for k in range(self.count):
            yield self.world(k)

    def __len__(self) -> int:
        return self.count


def position_of(view: PlayerView, hands: list[int] | tuple[int, ...]) -> Position:
    """The Position of a world of ``view``: ``hands`` are the four current hands as tile masks (the
    view's own hand among them). The C++ core checks that the plays are legal with these hands."""
    return Position._wrap(core_position(view, hands))


def as_view(obj: Any) -> PlayerView:
    """A PlayerView from a view, a view/1 JSON object or string, a Position or a Game (the view of
    the seat to move)."""
    if isinstance(obj, PlayerView):
        return obj
    if isinstance(obj, (Position, Game)):
        if obj.to_move is None:
            raise InvalidViewError(f"the {'hand' if isinstance(obj, Position) else 'game'} is over: nobody is to move")
        return obj.view(obj.to_move)
    if isinstance(obj, (dict, str, bytes)):
        return PlayerView.from_json(obj)
    raise InvalidViewError(f"cannot read a player's view from {type(obj).__name__}")


def _sampler(view: Any) -> WorldSampler:
    """The sampler of a view, or of anything ``as_view`` reads one from (view JSON, a Position...)."""
    return WorldSampler(as_view(view))


def count_worlds(view: Any) -> int:
    """How many deals of the hidden tiles agree with the view."""
    return _sampler(view).count


def sample_worlds(view: Any, n: int, seed: int | None = None) -> list[World]:
    """``n`` deals (0 to ``MAX_WORLDS``) drawn exactly uniformly from those consistent with the view
    (same seed, same deals)."""
    return _sampler(view).sample(n, seed)


def enumerate_worlds(view: Any, limit: int = 100_000) -> list[World]:
    """Every consistent deal, when there are at most ``limit`` (up to ``MAX_WORLDS``) of them."""
    limit = whole_number(limit, "limit", 0, MAX_WORLDS)
    sampler = _sampler(view)
    if sampler.count > limit:
        raise InvalidViewError(
            f"{sampler.count} consistent deals, more than the limit {limit}: sample instead"
        )
    return list(sampler)
