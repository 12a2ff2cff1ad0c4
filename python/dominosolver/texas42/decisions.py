"""One loop for the decisions before play: deals drawn once from a seat's view (a seed's stream),
each batch scored on every contract in question by a per-world scorer, progress told and the time
limit and stop request checked between batches. Bid advice is a scorer plus a presenter: 42's
ordinary and special bids (``bidding.py``: points per contract, declaration and deal) and Moon's and
Partnership Moon's (``moon_bidding.py``: tricks per declaration and deal, after the widow's best
discard) run their scorers through ``score_worlds``, as play hints run theirs through
``pimc.run``. The Big Game's bids and exchange ask zero-window questions instead, deal by deal
within a budget (``bid_tests.py``)."""

from __future__ import annotations

import itertools
import time as _time
from collections.abc import Callable

import numpy as np

from .bid_advice_json import next_batch
from .sampling import World, WorldSampler
from .view import PlayerView

__all__ = ["score_worlds"]

# A scorer: a batch of deals -> arrays whose last axis is the deal (values per contract, declaration...).
Scorer = Callable[[list[World]], tuple[np.ndarray, ...]]


def score_worlds(view: PlayerView, seed: int, samples: int, score: Scorer, *, cap: int, time: float | None,
                 started: float, should_stop: Callable[[], bool] | None,
                 on_progress: Callable[[int, int], None] | None) -> tuple[np.ndarray, ...]:
    """Each of ``score``'s arrays over the ``samples`` deals drawn from ``view`` with ``seed``, or
    over those scored before ``time`` (seconds from ``started``) ran out or ``should_stop`` answered
    true (at least one batch). Batches hold at most ``cap`` deals, fewer as a time limit nears
    (``next_batch``); ``on_progress(done, samples)`` is told after each."""
    draws = WorldSampler(view).stream(seed)  # drawn a batch at a time: a stop saves the sampling too
    done: list[tuple[np.ndarray, ...]] = []
    first = 0
    while first < samples:
        batch = list(itertools.islice(draws, min(next_batch(cap, time, started, first), samples - first)))
        done.append(score(batch))
        first += len(batch)
        if on_progress is not None:
            on_progress(first, samples)
        spent = _time.perf_counter() - started
        if (time is not None and spent >= time) or (should_stop is not None and should_stop()):
            break
    return tuple(np.concatenate(parts, axis=-1) for parts in zip(*done))
