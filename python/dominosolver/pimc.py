"""The hint loop every game shares: perfect-information Monte Carlo done right.

A game gives the loop the worlds its player's view allows (a ``Sampler``) and a ``Scorer``; the loop

- draws the worlds once: all of them when at most ``exact_limit`` fit (``method="exact"``), else
  ``samples`` exactly uniform draws from ``seed`` (``method="pimc"``);
- has every legal move scored on each world, a batch of worlds per call (common random numbers: all
  moves on the same worlds); between batches it reports progress and stops on a time limit or a
  stop request;
- with weighted worlds (importance weights on the uniform draws), draws ``samples`` more whenever
  their effective sample size has fallen under ``ESS_FLOOR`` of ``samples``, up to ``MAX_DRAWS``
  times ``samples`` in all: a few worlds that fit the play far better than the rest would otherwise
  decide the hint alone. (Resampling the weighted worlds instead would repeat some and drop others,
  which adds noise to a one-shot average and no new world.)
- averages per move, never votes per world: the (weighted) mean, its standard error and the chance
  of the game's goal (the declaring side makes its contract; the Bingo player wins the deal);
- ranks the moves by the game's key, equal moves sharing a rank;
- or, where the game's first key is a chance it can test more cheaply than it values a move
  (``refine``): the loop runs on the tests, then values only the moves that tied for the best chance,
  on the same worlds; the other moves have no mean.

The result is an ``Estimate`` of columns; each game presents it as its own Hint.
"""

from __future__ import annotations

import itertools
import random
import time as _time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

import numpy as np

from ._core import decisions as _decisions
from .errors import SearchLimitError
from .version import __version__

__all__ = [
    "ENGINE_NAME", "Estimate", "MoveEstimate", "MoveStat", "Sampler", "Scorer", "Scores", "engine_info", "rank", "refine",
    "run",
]

ENGINE_NAME = "dominosolver-pimc"
# The loop's figures, stated once in the core (cpp/include/dominosolver/core/pimc.hpp), which the
# WebAssembly module's hints read too.
UNCHUNKED: int = _decisions.pimc.UNCHUNKED  # worlds per call when nothing needs batches: bounds what is built at once
KEY_DIGITS: int = _decisions.pimc.KEY_DIGITS  # rank keys are compared at this precision: equal moves differ only by rounding
ESS_FLOOR: float = _decisions.pimc.ESS_FLOOR  # weighted worlds whose effective sample size falls under this share of samples...
MAX_DRAWS: int = _decisions.pimc.MAX_DRAWS  # ...are topped up with as many again, up to this many times samples
ONE_WORLD: float = _decisions.pimc.ONE_WORLD  # squared weights within this of 1: one world carries all the weight

W = TypeVar("W")
# Per move: means, their standard errors, chances of the goal, their standard errors (None: no goal).
Columns = tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]


class Sampler(Protocol[W]):
    """The worlds a view allows, as a game draws them."""

    count: int  # how many worlds fit the view

    def world(self, index: int) -> W:
        """World number ``index`` (0 <= index < count), each world once: the enumeration order."""
        ...

    def stream(self, seed: int | None) -> Iterator[W]:
        """Endless, exactly uniform draws (with replacement) from ``seed``: the same seed, the same worlds."""
        ...


@dataclass(frozen=True)
class Scores:
    """A game's scores for a batch of worlds: a row per world, or per world of its first rows when
    the time limit ended the batch early (the loop then stops)."""

    values: np.ndarray  # worlds x legal moves: each move's value in each world, for the player to move
    nodes: int = 0
    solved: np.ndarray | None = None  # per world: False where the search gave up (None: all solved)
    log_weights: np.ndarray | None = None  # the worlds' log weights when scoring needed them (else Scorer.weigh)


@dataclass(frozen=True)
class Scorer(Generic[W]):
    """How a game scores worlds and judges moves."""

    score: Callable[[list[W]], Scores]  # every legal move on each world, in one batched C++ call
    rank_key: Callable[[float, float | None], tuple[float, ...]]  # (mean, chance) -> key, bigger is better
    chance: Callable[[np.ndarray], np.ndarray] | None = None  # values -> where the game's goal is reached
    weigh: Callable[[list[W]], np.ndarray] | None = None  # worlds -> log weights; None: equally likely
    weighting: str | None = None  # a non-uniform weighting's name, to report its effective sample size
    batch: int = 25  # worlds per call when a time limit, a stop request or progress reports need batches
    gives_up: str = "the search gave up"  # why a world the search gave up on is left out


@dataclass(frozen=True)
class MoveStat:
    """One move of a hint, in either game: its mean value for the player to move (42: points for
    the seat's team from the current trick on, or tricks under a contract of every trick or none;
    Bingo: game points), the mean's standard error, the chance of the goal (42: the declaring side
    makes its contract, None without one; Bingo: the player wins the deal) and its rank. A hint that
    valued only the moves tied for the best chance (``refine``) gives the others no mean (None)."""

    move: str
    mean: float | None
    stderr: float | None  # 0 when every world was solved
    p_make: float | None
    rank: int  # 1 = best; equal moves share a rank
    p_make_stderr: float | None = None  # p_make's standard error (0 when exact; None where not estimated)
    # A 42 hint ranked on make tests alone (its ``basis`` "tests"): the worlds in which a test proved
    # that the declaring side makes its contract after the move, and those it proved set (None: not so ranked).
    makes: int | None = None
    sets: int | None = None

    @property
    def p_win(self) -> float | None:
        """Bingo's name for the chance of its goal, winning the deal: ``p_make``."""
        return self.p_make

    def p_goal(self, goal: str | None) -> float | None:
        """The chance of the seat's side reaching ``goal``: "make" (``p_make``) or "set" (1 - it)."""
        if self.p_make is None or goal is None:
            return None
        return self.p_make if goal == "make" else 1.0 - self.p_make


@dataclass(frozen=True)
class MoveEstimate:
    index: int  # the move's column: its place among the legal moves
    mean: float | None  # None: not valued (refine values the moves tied for the best chance alone)
    stderr: float | None  # 0 when every world was averaged
    chance: float | None  # probability of the game's goal (None: the game has none here)
    rank: int  # 1 = best; equal moves share a rank
    chance_stderr: float | None = None  # the chance's standard error (0 when every world was averaged)
    makes: int | None = None  # on make tests alone (MoveStat's): worlds proven made after the move
    sets: int | None = None  # ... and worlds proven set


@dataclass(frozen=True)
class Estimate:
    moves: tuple[MoveEstimate, ...]  # best first
    method: str  # "exact" (every world averaged) or "pimc"
    worlds: int  # worlds averaged
    seed: int | None  # None when the worlds were enumerated
    elapsed: float = field(compare=False)  # seconds since the hint started (not compared)
    nodes: int = field(compare=False)  # the work: varies with threads (not compared)
    warnings: tuple[str, ...]
    ess: float | None = None  # the effective sample size of weighted worlds (None: equally likely)
    # The worlds averaged and their log weights (None: equally likely), for refine to value moves on.
    kept: tuple[Any, ...] = field(default=(), repr=False, compare=False)
    kept_logs: np.ndarray | None = field(default=None, repr=False, compare=False)
    basis: str = "values"  # what the ranking rests on: the moves' values (or chances), or make tests alone ("tests")


def engine_info() -> dict[str, str]:
    return {"name": ENGINE_NAME, "version": __version__}


def run(
    sampler: Sampler[W],
    scorer: Scorer[W],
    *,
    samples: int,
    seed: int | None,
    exact_limit: int,
    time: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    on_progress: Callable[[Estimate], None] | None = None,
    warnings: Sequence[str] = (),
    started: float | None = None,
) -> Estimate:
    """Score every legal move over the worlds of ``sampler`` (arguments already checked by the game).

    ``time`` (seconds since ``started``) and ``should_stop`` stop the loop between batches (and a
    scorer that keeps a deadline may end a batch early: fewer rows than worlds); a stopped
    enumeration has averaged a uniform subset drawn without replacement (the enumeration order is
    shuffled whenever it may stop early). ``on_progress`` receives the estimate so far
    after each batch but the last (once some world is solved), before the stop is checked.
    ``warnings`` (the game's) come first in the estimate's."""
    started = _time.perf_counter() if started is None else started
    chunked = time is not None or should_stop is not None or on_progress is not None
    draw: Callable[[int, int], list[W]]  # the worlds in places lo to hi - 1 of the order they are scored in
    if sampler.count <= exact_limit:
        method, total, seed = "exact", sampler.count, None
        order = list(range(total))
        if chunked:  # any prefix of a shuffled order is a uniform sample without replacement
            random.Random(0).shuffle(order)
        draw = lambda lo, hi: [sampler.world(k) for k in order[lo:hi]]  # noqa: E731
    else:
        method, total = "pimc", samples
        draws = sampler.stream(seed)
        draw = lambda lo, hi: list(itertools.islice(draws, hi - lo))  # noqa: E731
    step = scorer.batch if chunked else UNCHUNKED
    batches: list[Scores] = []
    scored: list[W] = []  # the worlds of the batches, in order
    logs: list[np.ndarray] = []
    grown: list[str] = []  # why more than `samples` worlds were drawn
    done = nodes = 0
    while done < total:
        worlds = draw(done, min(done + step, total))
        scores = scorer.score(worlds)
        cut = len(scores.values) < len(worlds)  # the scorer's deadline ended the batch
        worlds = worlds[: len(scores.values)]
        if worlds:
            batches.append(scores)
            scored += worlds
            if scores.log_weights is not None:
                logs.append(scores.log_weights[: len(worlds)])
            elif scorer.weigh is not None:
                logs.append(scorer.weigh(worlds))
        nodes += scores.nodes
        done += len(worlds)
        limit = "by the time limit" + ("" if time is None else f" ({time:g} s)")
        if not batches:
            raise SearchLimitError(f"no world was solved {'on request' if cut and should_stop and should_stop() else limit}")
        if done == total and method == "pimc" and total < MAX_DRAWS * samples and not cut:
            ess = _effective_size(batches, logs)
            if ess is not None and scorer.weighting is not None and ess < ESS_FLOOR * samples:
                total += samples
                grown = [f"{scorer.weighting} weighting: the effective sample size fell under "
                         f"{ESS_FLOOR * samples:g}, so {total} worlds were drawn"]
        if done == total:
            break
        if on_progress is not None and not cut and any(b.solved is None or b.solved.any() for b in batches):
            on_progress(_estimate(scorer, batches, scored, logs, "pimc", seed, nodes, warnings, (), started))
        stop = None
        if cut and should_stop is not None and should_stop():
            stop = "on request"
        elif cut or (time is not None and _time.perf_counter() - started >= time):
            stop = limit
        elif should_stop is not None and should_stop():
            stop = "on request"
        if stop is not None:
            notes = [*grown, f"stopped after {done} of {total} worlds {stop}"]
            if method == "exact":
                notes.append("partial enumeration: a random subset of the worlds, drawn without replacement")
            return _estimate(scorer, batches, scored, logs, "pimc", seed, nodes, warnings, notes, started)
    return _estimate(scorer, batches, scored, logs, method, seed, nodes, warnings, grown, started)


def _effective_size(batches: list[Scores], logs: list[np.ndarray]) -> float | None:
    """The effective sample size of the solved worlds' weights so far (None: unweighted)."""
    if not logs:
        return None
    solved = np.concatenate([np.ones(len(b.values), bool) if b.solved is None else b.solved for b in batches])
    log_w = np.concatenate(logs)[solved]
    if not len(log_w):
        return None
    return _decisions.pimc.effective_size(log_w)


def _estimate(
    scorer: Scorer[W],
    batches: list[Scores],
    scored: list[W],
    logs: list[np.ndarray],
    method: str,
    seed: int | None,
    nodes: int,
    head: Sequence[str],
    stopped: Sequence[str],
    started: float,
) -> Estimate:
    """The estimate from the batches so far. Warnings: the game's (``head``), the averaging's, why
    the loop stopped, then the worlds left out."""
    # Row-major whatever the scorer returned: the sums below run in memory order, and the same
    # worlds must give the same last digits.
    values = np.ascontiguousarray(np.concatenate([b.values for b in batches]))
    solved = np.concatenate([np.ones(len(b.values), bool) if b.solved is None else b.solved for b in batches])
    warnings = list(head)
    left_out = []
    if not solved.all():
        left = len(solved) - int(solved.sum())
        if left == len(solved):
            raise SearchLimitError(f"none of the {left} worlds could be solved: {scorer.gives_up}")
        left_out.append(f"{left} of {len(solved)} worlds were left out: {scorer.gives_up}")
        values = values[solved]
        method = "pimc"  # no longer every world
    n = len(values)
    exact = method == "exact"
    reached = None if scorer.chance is None else scorer.chance(values)
    ess = None
    kept = tuple(w for w, ok in zip(scored, solved) if ok)
    kept_logs = np.concatenate(logs)[solved] if logs else None
    log_w = np.concatenate(logs)[solved] if logs else None
    if log_w is not None and scorer.weighting is not None:
        ess = _decisions.pimc.effective_size(log_w)
        warnings.append(f"{scorer.weighting} weighting: effective sample size {ess:.0f} of {n}")
    means, stderr, chance, chance_se = _averages(values, log_w, reached, exact, warnings)
    columns = range(values.shape[1])
    p = [None if chance is None else float(chance[j]) for j in columns]
    p_se = [None if chance_se is None else float(chance_se[j]) for j in columns]
    ranks = rank([scorer.rank_key(float(means[j]), p[j]) for j in columns])
    moves = tuple(MoveEstimate(j, float(means[j]), float(stderr[j]), p[j], r, p_se[j]) for j, r in ranks)
    warnings += [*stopped, *left_out]
    return Estimate(moves, method, n, seed, _time.perf_counter() - started, nodes, tuple(warnings), ess, kept, kept_logs)


def refine(
    estimate: Estimate,
    score: Callable[[list[W], list[int]], Scores],
    rank_key: Callable[[float | None, float | None], tuple[float, ...]],
    *,
    batch: int,
    time: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    started: float,
) -> Estimate:
    """An estimate whose chances came from cheap tests (its means are not values), completed: the
    moves tied for the best key get their mean values on the estimate's own worlds (``score(worlds,
    columns)``: a row per world, a column per tied move), the others none, and all are ranked again.
    One move alone at the best needs no value. ``time`` and ``should_stop`` end it between batches;
    the means then rest on the worlds valued by then (a warning says so)."""
    best = min(m.rank for m in estimate.moves)
    columns = [m.index for m in estimate.moves if m.rank == best]
    if len(columns) < 2:
        columns = []
    worlds = list(estimate.kept)
    parts: list[Scores] = []
    done, nodes = 0, estimate.nodes
    while columns and done < len(worlds):
        part = worlds[done : done + batch]
        scores = score(part, columns)
        parts.append(scores)
        nodes += scores.nodes
        done += len(scores.values)
        if len(scores.values) < len(part) or (time is not None and _time.perf_counter() - started >= time):
            break
        if should_stop is not None and should_stop():
            break
    warnings = list(estimate.warnings)
    valued: dict[int, tuple[float, float]] = {}
    if parts:
        values = np.ascontiguousarray(np.concatenate([p.values for p in parts]))
        solved = np.concatenate([np.ones(len(p.values), bool) if p.solved is None else p.solved for p in parts])
        exact = estimate.method == "exact" and done == len(worlds) and solved.all()
        if solved.any():
            log_w = None if estimate.kept_logs is None else estimate.kept_logs[:done][solved]
            means, stderr, _, _ = _averages(values[solved], log_w, None, exact, warnings)
            valued = {c: (float(means[k]), float(stderr[k])) for k, c in enumerate(columns)}
        if int(solved.sum()) < len(worlds):
            warnings.append(f"the means of the {len(columns)} moves tied for the best chance rest on "
                            f"{int(solved.sum())} of its {len(worlds)} worlds")
    moves = sorted(estimate.moves, key=lambda m: m.index)
    keyed = [(m, *valued.get(m.index, (None, None))) for m in moves]
    ranks = dict(rank([rank_key(mean, m.chance) for m, mean, _ in keyed]))
    out = [replace(m, mean=mean, stderr=se, rank=ranks[m.index]) for m, mean, se in keyed]
    out.sort(key=lambda m: (m.rank, m.index))
    return replace(estimate, moves=tuple(out), nodes=nodes, warnings=tuple(warnings),
                   elapsed=_time.perf_counter() - started)



def _averages(values: np.ndarray, log_weights: np.ndarray | None, reached: np.ndarray | None, exact: bool,
              warnings: list[str]) -> Columns:
    """Per move: the mean over the worlds, its standard error, the chance of the goal and its
    standard error (the same formula on the 0/1 outcomes ``reached``), over equally likely worlds
    (``log_weights`` None: s / sqrt(n)) or importance-weighted ones (the standard error of a
    weighted mean for reliability weights; with equal weights s / sqrt(n)). The core's
    (core/pimc.hpp's average), which the WebAssembly module's hints call too: the same digits."""
    means, stderr, one_world = _decisions.pimc.average(values, log_weights, exact)
    if one_world:
        warnings.append("one world carries all the weight: no standard error")
    if reached is None:
        return means, stderr, None, None
    chance, chance_se, _ = _decisions.pimc.average(reached, log_weights, exact)
    return means, stderr, chance, chance_se


def rank(keys: Sequence[tuple[float, ...]]) -> list[tuple[int, int]]:
    """(index, rank) pairs, best first: keys compared at ``KEY_DIGITS`` digits, bigger better, ties
    in index order and sharing a rank (1, 1, 3, ...). The core's (core/pimc.hpp), the WebAssembly
    module's too."""
    return _decisions.pimc.rank(keys)  # type: ignore[no-any-return]


def rank_proven(reached: Sequence[int], missed: Sequence[int]) -> list[tuple[int, int]]:
    """(index, rank) pairs of moves ranked on make tests alone (a hint's last resort when no world is
    valued whole): per move the worlds in which its test proved the seat's goal reached (``reached``)
    and missed (``missed``); the most reached first, then the fewest missed, ties sharing a rank. The
    core's (core/pimc.hpp), the WebAssembly module's too."""
    return _decisions.pimc.rank_proven([int(x) for x in reached], [int(x) for x in missed])  # type: ignore[no-any-return]
