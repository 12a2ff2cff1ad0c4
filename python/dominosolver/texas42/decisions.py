"""One loop for the decisions before play (``run_rounds``): deals drawn from a seat's view (a seed's
stream, ``draws``), a scorer asked round after round to score them, progress told and the time limit
and stop request checked between rounds. The scorer decides what a round does and what it records:

- values per world (``score_worlds``): each round a batch of fresh deals, scored on every contract
  in question, the arrays kept. Bid advice is such a scorer plus a presenter: 42's ordinary and
  special bids (``bidding.py``: points per contract, declaration and deal) and Moon's and
  Partnership Moon's (``dominosolver.moon``: tricks per declaration and deal, after the widow's best
  discard), as play hints run theirs through ``pimc.run``;
- bound tests per world (``bid_tests.LevelTests``): every deal drawn in the first round, then each
  round zero-window tests on the (option, deal) pairs the question still depends on, the bounds
  they prove kept. The Big Game's bid and exchange advice (``dominosolver.biggame``) and 42's hint
  bot ask their questions so, a whole deal's exact value costing seconds there.
"""

from __future__ import annotations

import itertools
import time as _time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import numpy as np

from .bid_advice_json import next_batch
from .sampling import World, WorldSampler
from .view import PlayerView

__all__ = ["Limits", "Rounds", "draws", "on_solvers", "run_rounds", "score_worlds"]

T = TypeVar("T")
R = TypeVar("R")

# A scorer of values: a batch of deals -> arrays whose last axis is the deal (values per contract, declaration...).
Scorer = Callable[[list[World]], tuple[np.ndarray, ...]]


@dataclass(frozen=True)
class Limits:
    """A decision's time and stop: its deadline on ``perf_counter`` (None: no limit) and its stop
    request (a function, or None)."""

    deadline: float | None = None
    should_stop: Callable[[], bool] | None = None

    @classmethod
    def of(cls, time: float | None, started: float, should_stop: Callable[[], bool] | None) -> Limits:
        """``time`` seconds from ``started`` (None: no limit)."""
        return cls(None if time is None else started + time, should_stop)

    def left(self) -> float | None:
        """Seconds to the deadline (None: no limit)."""
        return None if self.deadline is None else self.deadline - _time.perf_counter()

    def time_up(self) -> bool:
        return self.deadline is not None and _time.perf_counter() >= self.deadline

    def stop_asked(self) -> bool:
        return self.should_stop is not None and bool(self.should_stop())


class Rounds(Protocol):
    """A scorer of the loop: how many fresh deals it wants before a round (of ``drawn`` so far), a
    round over them (False: nothing left to do; a round that may run long takes ``limits`` in too),
    and its progress as (done, of)."""

    def wants(self, drawn: int) -> int: ...

    def round(self, fresh: list[World], limits: Limits) -> bool: ...

    def progress(self) -> tuple[int, int]: ...


def draws(view: PlayerView, seed: int) -> Iterator[World]:
    """The deals of ``view`` drawn from ``seed``'s stream, as the loop takes them (lazily: a stop
    saves the drawing too)."""
    return WorldSampler(view).stream(seed)


def run_rounds(deals: Iterator[World], scorer: Rounds, limits: Limits,
               on_progress: Callable[[int, int], None] | None = None) -> str:
    """Round after round of ``scorer`` on ``deals`` (at least one round) until it has nothing left to
    do, the time is up or a stop is asked: which of "done", "time" and "stop" ended it.
    ``on_progress(done, of)`` is told after each round."""
    drawn = 0
    while True:
        fresh = list(itertools.islice(deals, scorer.wants(drawn)))
        drawn += len(fresh)
        more = scorer.round(fresh, limits)
        if on_progress is not None:
            on_progress(*scorer.progress())
        if not more:
            return "done"
        if limits.time_up():
            return "time"
        if limits.stop_asked():
            return "stop"


class _Values:
    """``score_worlds``' scorer: batches of at most ``cap`` fresh deals (fewer as a time limit nears,
    ``next_batch``), each scored by ``score``, the arrays kept."""

    def __init__(self, score: Scorer, samples: int, cap: int, time: float | None, started: float) -> None:
        self.score, self.samples, self.cap, self.time, self.started = score, samples, cap, time, started
        self.done = 0
        self.parts: list[tuple[np.ndarray, ...]] = []

    def wants(self, drawn: int) -> int:
        return min(next_batch(self.cap, self.time, self.started, drawn), self.samples - drawn)

    def round(self, fresh: list[World], limits: Limits) -> bool:
        self.parts.append(self.score(fresh))
        self.done += len(fresh)
        return self.done < self.samples

    def progress(self) -> tuple[int, int]:
        return self.done, self.samples


def on_solvers(solvers: list[Any], items: list[T], solve: Callable[[Any, T], R]) -> list[R]:
    """``solve(solver, item)`` for every item, in order, the items shared out over the solvers, a
    thread each (the core releases the GIL while it searches): a scorer's deals over its threads."""
    if len(solvers) == 1 or len(items) < 2:
        return [solve(solvers[0], item) for item in items]
    shares = [items[k::len(solvers)] for k in range(len(solvers))]
    with ThreadPoolExecutor(len(solvers)) as pool:
        parts = list(pool.map(lambda solver, share: [solve(solver, item) for item in share], solvers, shares))
    out: list[Any] = [None] * len(items)
    for k, part in enumerate(parts):
        out[k::len(solvers)] = part
    return out


def score_worlds(view: PlayerView, seed: int, samples: int, score: Scorer, *, cap: int, time: float | None,
                 started: float, should_stop: Callable[[], bool] | None,
                 on_progress: Callable[[int, int], None] | None) -> tuple[np.ndarray, ...]:
    """Each of ``score``'s arrays over the ``samples`` deals drawn from ``view`` with ``seed``, or
    over those scored before ``time`` (seconds from ``started``) ran out or ``should_stop`` answered
    true (at least one batch). Batches hold at most ``cap`` deals, fewer as a time limit nears
    (``next_batch``); ``on_progress(done, samples)`` is told after each."""
    values = _Values(score, samples, cap, time, started)
    run_rounds(draws(view, seed), values, Limits.of(time, started, should_stop), on_progress)
    return tuple(np.concatenate(parts, axis=-1) for parts in zip(*values.parts))
