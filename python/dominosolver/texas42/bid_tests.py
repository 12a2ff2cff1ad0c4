"""Bid decisions by zero-window tests, for The Big Game's auction (docs/rules.md §4.3), where one
whole deal's exact value takes from a tenth of a second to several seconds and ``advise_bid``'s
exact values per deal and declaration take minutes.

A bid decision needs less than each deal's points: per declaration, the share of the sampled deals
on which the bidder's side takes at least a level L (the points the bid needs, plus a discount),
and only at the level of the bid in question. ``BidTests`` draws the deals once (exactly uniform,
``sampling.py``; The Big Game's exchange by its rule of thumb, ``Deciders.at_lead``, the seat leading
trick 1 as the bidder) and keeps, per declaration and deal, the bounds on those points that exact
zero-window tests (``Solver.can_reach``: "does the side take at least L?") have proven. A question
runs only the tests that can change its answer:

- ``makes_any(level, risk)``: does some declaration take ``level`` on at least ``risk`` of the deals?
  Once a declaration reaches it the answer is yes; a declaration that has failed on too many deals
  to reach it is dropped. The most promising declaration is tested first (a first pass tests each
  declaration on the first deal under a small node budget), so a strong hand answers after a few
  tests and a weak one after a few failures per declaration.
- ``best_declaration(level)``: the declaration of the largest share at ``level``, ties going to the
  largest share at ``level + 5``, then ``level + 10`` (every point taken scores in the points game).
  The levels are raced at once (``_Race``): a declaration is out as soon as another
  is sure to rank above it (``contenders``), which a cheap test at a level above often settles (a
  deal short of 42 by far fails 52 at once, and a declaration taking 52 on every deal leaves a later
  one no more than a tie, which the order of the declarations breaks), the cheapest tests first
  whatever their level; the answer and the best's share at the first level are those of testing
  everything, and a rival's share is exact where its ``unknown`` is 0 (a bound elsewhere). Under a
  limit (time, nodes) the levels are first asked in turn, each within its share of the limit,
  among the declarations of the largest share proven at the levels before (``_levels_in_turn``: a
  leader the first level decides needs no test above it, and the ties the first level leaves are
  broken among its leaders), then raced with what is left, a level above tested first where the
  tie below is certain (``_Race.batch``). A limit that outlasts them gives the same answer as none,
  one that ends them the leader by the proven bounds (the largest proven shares level by level,
  then the largest shares still possible, then the order of the declarations).

Each test has a node budget, growing fourfold a round from ``FIRST_NODES`` while the question's
limits allow (``time``, at ``NODES_PER_SECOND`` a thread as the play hints' worlds, or ``max_nodes``
in all, which does not depend on the machine's load): a test cut short leaves its deal unknown for
that declaration and is retried with a larger budget only when the answer still depends on it.
When the limits are spent, an unknown deal counts as not made (``p_make``'s lower bound): a bid is
made only on what the tests proved. With every test answered the shares are exact: the same as
``advise_bid``'s P(make) on the same deals.

A question also takes ``should_stop`` (a function polled every ``stoppable.POLL`` seconds): a test
under way when it answers true, or when the question's time is up, is left on a solver no longer
used and asked to stop (``stoppable.py``; its deal stays unknown), so that a stop,
Ctrl-C or the time limit ends a question within a fraction of a second however long a whole-deal
test runs; ``stopped`` says a stop request ended the work. Memory: ``threads`` tables of ``tt_mb``
MB (and, for a short while after a test is left, one more per test left), the deals and the
position under test: at most ``MAX_SAMPLES`` deals, ``MEMORY_MB`` MB at most besides the tables.

``LevelTests`` is the engine, over any list of options (a position per option and deal);
``BidTests`` makes the options the declarations, The Big Game's exchange advice
(``dominosolver.biggame.exchange``) the tiles the bidder may lay away under one declaration. A
question is rounds of the decisions loop (``decisions.run_rounds``), its first drawing every deal.
"""

from __future__ import annotations

import itertools
import math
import time as _time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

import numpy as np

from .. import _core
from ..arguments import (
    callback,
    node_budget,
    probability,
    seed_value,
    table_megabytes,
    thread_count,
    time_limit,
    whole_number,
    world_count,
)
from ..errors import InvalidViewError, ParseError, json_type
from ..plain import PlainArrays
from ..stoppable import Abandoned, stoppable_all
from ..tiles import bits_of
from .deciders import deciders_of
from .decisions import Limits, draws, run_rounds
from .rules import Trump
from .sampling import World, new_seed
from .solve import declaration_name
from .view import PlayerView

__all__ = ["BidTests", "FIRST_NODES", "LevelTests", "MAX_SAMPLES", "MEMORY_MB", "TIE_STEPS", "Tested"]

FIRST_NODES = 250_000  # the first round's budget a test: most whole-deal tests take 0.1 to 20 M nodes
NODES_PER_SECOND = 10_000_000  # a thread's nodes a second under load (the quiet search runs ~19 M/s)
TIE_STEPS = (5, 10)  # points above the level that break a tie between declarations' shares
# The race's share of the nodes a level (the first, each tie level) under a limit: within a budget
# it tests the level of the fewest nodes for its share first, so that a level below spending them
# all (hard rivals there) leaves no tie untested that the levels above would break (``_Race``).
LEVEL_WEIGHTS = (1.0, 0.5, 0.25)
# Deals one set of tests may draw: all are drawn before the first test, and each round ranges over
# them. Those deals and what the tests proved on them (positions are built for each test, not kept)
# take at most MEMORY_MB MB, besides the solvers' tables (measured: 2 MB; issue 40).
MAX_SAMPLES = 2_000
MEMORY_MB = 8


# A question's limits: its time and stop (the decisions loop's), and the value of ``nodes`` to stop at or 0.
Limit = tuple[Limits, int]


@dataclass(frozen=True, repr=False, eq=False)
class Tested(PlainArrays):
    """Where a question stands: per option the deals proven to make the level and those proven not
    to (the rest unknown). Prints as plain Python (``PlainArrays``: the counts as lists)."""

    level: int
    made: np.ndarray  # [option]: deals on which the side takes at least `level`
    failed: np.ndarray  # [option]: deals on which it takes less
    worlds: int

    _arrays: ClassVar[dict[str, Any]] = {"made": np.int64, "failed": np.int64}

    @property
    def unknown(self) -> np.ndarray:
        return self.worlds - self.made - self.failed

    @property
    def low(self) -> np.ndarray:
        """P(make) counting every unknown deal as not made."""
        return self.made / self.worlds

    @property
    def high(self) -> np.ndarray:
        """P(make) counting every unknown deal as made."""
        return (self.worlds - self.failed) / self.worlds


class LevelTests:
    """The deals of one decision and what zero-window tests proved on them, per option (see the
    module's doc). ``view`` is the deciding seat's; ``samples`` deals are drawn from ``seed`` (None:
    a fresh one, kept in ``seed``); a subclass names the options (``_options``) and the position of
    each on a deal (``_position``, the side to move the deciding seat's), built for each test and
    not kept: a decision within its time limit tests a few of many deals, and memory stays bounded. ``threads`` solvers of
    ``tt_mb`` MB each run the tests; ``tests``, ``cut`` and ``nodes`` count the work so far."""

    def __init__(self, view: PlayerView, samples: int = 12, seed: int | None = None, *, threads: int = 1,
                 tt_mb: int = 16) -> None:
        if not isinstance(view, PlayerView):
            raise InvalidViewError(f"bid tests need a PlayerView, not {json_type(view)}")
        if view.trump is not None or view.plays:
            raise InvalidViewError("bid tests need a view of the auction, exchange or declaration: the trump is named")
        if view.rules.row.ladder == "tricks":
            raise InvalidViewError(f"bid tests judge bids in points: not {view.rules.family}'s (bids of tricks)")
        self.view = view
        self.samples = world_count(samples, low=1)
        if self.samples > MAX_SAMPLES:
            raise ParseError(f"samples={self.samples}: The Big Game's tests take at most {MAX_SAMPLES:,} deals (all are "
                             f"drawn before the first test; docs/json.md)")
        self.seed = new_seed() if seed is None else seed_value(seed)
        self.threads = thread_count(threads)
        self.tt_mb = table_megabytes(tt_mb)
        self._draws = draws(view, self.seed)  # all drawn by the first question's first round (decisions.py)
        self._worlds: list[World] = []
        self.options = self._options()
        shape = (len(self.options), self.samples)
        self.lower = np.zeros(shape, dtype=np.int16)  # proven: the side takes at least this
        self.upper = np.full(shape, view.rules.hand_points, dtype=np.int16)  # ... and at most this
        self._tried = np.zeros(shape, dtype=np.int64)  # the largest budget a test of each cut short
        self._solvers = [_core.texas42.Solver(self.tt_mb) for _ in range(self.threads)]
        self._last: list[tuple[int, int] | None] = [None] * self.threads  # the pair each solver tested last
        self._prior = np.zeros(len(self.options))  # the first pass's verdicts: the order of trial
        self.tests = self.cut = self.nodes = 0
        self.left = 0  # tests left to finish in the background (a stop, or the time up)
        # Told after each round of a question: (option-deal pairs settled at its level, all pairs).
        self.on_progress: Callable[[int, int], None] | None = None
        self.stopped = False  # a stop request ended a question
        self.elapsed = 0.0

    def _options(self) -> list[Any]:
        raise NotImplementedError  # the options: BidTests', DiscardTests'

    def _position(self, option: Any, world: World) -> Any:
        raise NotImplementedError  # an option's core position on a deal: BidTests', DiscardTests'

    def position(self, d: int, w: int) -> Any:
        """The core position of option ``d`` on deal ``w``, built anew (some 30 us, against a
        test's milliseconds or more: kept, 42,000 positions took 250 MB). Asked before any question,
        it draws the deals the first question would (the same stream)."""
        if len(self._worlds) < self.samples:
            self._worlds += itertools.islice(self._draws, self.samples - len(self._worlds))
        return self._position(self.options[d], self._worlds[w])

    def __repr__(self) -> str:
        return (f"{type(self).__name__}({self.view!r}, samples={self.samples}, seed={self.seed}, threads={self.threads}, "
                f"tt_mb={self.tt_mb})")

    # ------------------------------------------------------------ what is proven

    def tested(self, level: int) -> Tested:
        """What the tests so far prove about ``level`` points (none run)."""
        level = whole_number(level, "level", 0)
        return Tested(level, (self.lower >= level).sum(axis=1), (self.upper < level).sum(axis=1), self.samples)

    def p_make(self, level: int) -> np.ndarray:
        """Per option, the share of deals proven to take ``level`` points (unknown ones count as
        not made): exact once ``tested(level).unknown`` is all 0."""
        return self.tested(level).low

    def contenders(self, levels: list[int]) -> list[int]:
        """The options that may still rank first by their shares at ``levels`` in turn, then by the
        order of ``options``: those no other option is sure to rank above, whatever the deals left
        unknown turn out. One ranks above another for sure at the first level where its proven share
        exceeds all the other may take, the levels before it tying at most (its proven share there no
        less than all the other may take), or, tying at most at every level, by coming first. Sound
        because a deal's points are one number that the tests bound (``lower``, ``upper``): a deal
        taking 47 takes 42, one failing 42 fails 47 (docs/rules.md §4.3: every declaration is a
        points game of 66 points, the side's points one count), so a share can only fall level by level."""
        return self._contenders(*self._bounds(levels))

    def _bounds(self, levels: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """[level, option]: the deals proven to take each of ``levels``, and those not proven not to."""
        lo = np.array([(self.lower >= at).sum(axis=1) for at in levels])
        return lo, np.array([(self.upper >= at).sum(axis=1) for at in levels])

    def _contenders(self, lo: Any, hi: Any) -> list[int]:
        """``contenders`` of the counts ``_bounds`` gives ([level][option], arrays or lists)."""
        levels = range(len(lo))

        def above(a: int, b: int) -> bool:  # a ranks above b whatever the unknown deals turn out
            for k in levels:
                if lo[k][a] != hi[k][b]:
                    return bool(lo[k][a] > hi[k][b])
            return a < b

        n = len(self.options)
        return [b for b in range(n) if not any(above(a, b) for a in range(n) if a != b)]

    def _leader(self, levels: list[int]) -> int:
        """The option of the largest proven shares at ``levels`` in turn, then of the largest shares
        it may take at them in turn (the fewest deals proven to fail), then the first of ``options``:
        a contender always (``contenders``), and with one contender left, that one."""
        lo, hi = self._bounds(levels)
        return min(range(len(self.options)), key=lambda d: ([-int(m[d]) for m in lo], [-int(m[d]) for m in hi], d))

    def levels(self, level: int) -> list[int]:
        """``level`` and the levels above it that break ties (``TIE_STEPS`` more, up to every point)."""
        return [level, *(level + s for s in TIE_STEPS if level + s <= self.view.rules.hand_points)]

    # ------------------------------------------------------------ questions
    # Each question takes ``time`` (seconds; None: no limit) and ``max_nodes`` (its nodes in all;
    # 0: no limit, and deterministic where time is not): tests run until the answer is known or
    # either is spent, then an unknown deal counts as not made. The first question also runs the
    # first pass whatever its limits.

    def makes_any(self, level: int, risk: float, *, time: float | None = None, max_nodes: int = 0,
            should_stop: Callable[[], bool] | None = None) -> bool:
        """Does some option take ``level`` points on at least ``risk`` of the deals?"""
        limit = self._limit(time, max_nodes, should_stop)
        risk = probability(risk, "risk")
        need = max(1, math.ceil(risk * self.samples - 1e-9))

        def answered(t: Tested) -> bool:
            return bool(t.made.max() >= need or t.high.max() * self.samples < need)

        def candidates(t: Tested) -> list[int]:  # options that may still reach it, likeliest first
            alive = [d for d in range(len(self.options)) if self.samples - t.failed[d] >= need]
            return sorted(alive, key=lambda d: (-(t.made[d] - t.failed[d]), -self._prior[d], d))

        self._run(level, answered, candidates, limit)
        return bool(self.tested(level).made.max() >= need)

    def best(self, level: int, *, time: float | None = None, max_nodes: int = 0,
            should_stop: Callable[[], bool] | None = None, defer_ties: bool = False) -> Any:
        """The option of the largest share of deals taking ``level`` points, ties broken by the
        shares at ``TIE_STEPS`` points more, then by the order of ``options``: the levels raced
        (``_Race``), under a limit after they are asked in turn (``_levels_in_turn``, ``defer_ties``
        as it says); a limit that ends them first gives the leader by the proven bounds."""
        limit = self._limit(time, max_nodes, should_stop)
        levels = self.levels(level)
        if limit[0].deadline is not None or limit[1]:
            self._levels_in_turn(levels, limit, defer_ties)  # the leader the limit's shares of the levels find
        self._run_race(levels, limit)  # every level at once, a rival out once sure to rank below; a limit cuts it short
        return self.options[self._leader(levels)]

    def _levels_in_turn(self, levels: list[int], limit: Limit, defer_ties: bool = False) -> None:
        """``best`` under a limit, before the race: each level in turn within its share of what the
        limit leaves (the first a third of it with three levels, the next half the rest, the last
        the rest), among the options of the largest share proven at every level before, until no
        rival may still reach the largest share proven at that level or tie it unsettled. The
        shares proven so level by level are the answer a limit that ends here gives (the leader by
        the proven bounds): unlike the race's tests, spread over every level and rival at once,
        they settle the first level's leaders before the levels above, then break the ties the
        first level leaves among them, not among the rivals it might leave. On 20 auctions of The
        Big Game (``bench/biggame_hint_bench.py``'s deals 1-21 but 2, after the bid question within
        40 M nodes) the answer of no limit 15 and 19 times under 20 and 60 M nodes, the race alone
        12 and 14; the bot's declaration at 4 s stops as the level-by-level time shares did
        (median 1.3 s), where the race alone took its 4 s. The cost: a rival the race would put out
        by a cheap test above the first level is tested at the first level first (``BigGame(seed=6)``'s
        exchange after RuleBot bids, 4 deals: 20 and 46 M nodes under 20 and 60 M, the race alone
        7.2 M; racing first within part of the limit costs 7.9 M there, but the declaration at 4 s
        then took all its time, median 4.0 s).

        ``defer_ties`` (the exchange's declaration, ``biggame.exchange``): a rival that can at most
        tie the largest share proven at a level is not tested there but carried to the level above
        with the leaders, where a cheap failure far from its points may put it out (a deal short
        of 47 fails 52 at once); what it leaves unsettled the race after settles. On 7 RuleBot
        exchanges (seeds 1-7, 4 deals) under 20 and 60 M nodes, the answer of no limit 9 times of
        14 (asking each level in turn as above: 7), seed 6 in 6.3 M nodes (the race alone without
        a limit 7.9 M, in turn 20 and 46.7 M), seed 2's fours lost at 60 M (found from 120 M)."""
        rivals = list(range(len(self.options)))
        ties = (lambda high, best: high > best) if defer_ties else (lambda high, best: high >= best)
        for k, at in enumerate(levels):

            def answered(t: Tested, rivals: list[int] = rivals) -> bool:
                best = max(t.low[d] for d in rivals)
                return all(not ties(t.high[d], best) or t.unknown[d] == 0 for d in rivals)

            def candidates(t: Tested, rivals: list[int] = rivals) -> list[int]:
                best = max(t.low[d] for d in rivals)
                return sorted((d for d in rivals if ties(t.high[d], best) and t.unknown[d]),
                              key=lambda d: (-t.high[d], -t.low[d], d))

            self._run(at, answered, candidates, self._part(limit, len(levels) - k))
            t = self.tested(at)
            best = max(t.made[e] for e in rivals)
            # the leaders, and with defer_ties those that may still tie them here
            rivals = [d for d in rivals if t.made[d] == best or (defer_ties and self.samples - t.failed[d] >= best)]
            if len(rivals) == 1:
                return

    def settle(self, level: int, *, time: float | None = None, max_nodes: int = 0,
            should_stop: Callable[[], bool] | None = None) -> Tested:
        """Test every option on every deal at ``level``: the shares of all the options, exact when
        nothing is left unknown."""
        limit = self._limit(time, max_nodes, should_stop)
        everyone = list(range(len(self.options)))
        self._run(level, lambda t: not t.unknown.any(), lambda t: everyone, limit)
        return self.tested(level)

    def ranking(self, level: int, *, time: float | None = None, max_nodes: int = 0,
            should_stop: Callable[[], bool] | None = None) -> list[int]:
        """Every option's index, best first: by the share proven at ``level`` (every option
        settled there), ties by the shares at ``TIE_STEPS`` points more (tested among the tied
        options), then by the order of ``options``."""
        limit = self._limit(time, max_nodes, should_stop)
        keys: list[list[float]] = [[] for _ in self.options]
        for at in self.levels(level):
            tied = [i for i, k in enumerate(keys) if sum(k == other for other in keys) > 1]
            if at != level and not tied:
                break
            self._run(at, lambda t, tied=tied: not t.unknown[tied].any(), lambda t, tied=tied: tied, limit)
            low = self.tested(at).low
            for i, k in enumerate(keys):
                k.append(float(low[i]))
        return sorted(range(len(self.options)), key=lambda i: ([-x for x in keys[i]], i))

    # ------------------------------------------------------------ the tests

    def _limit(self, time: Any, max_nodes: Any, should_stop: Any = None) -> Limit:
        """A question's limits as (its time from now and stop request, the value of ``nodes`` to stop
        at or 0), its arguments checked."""
        time, max_nodes, should_stop = time_limit(time), node_budget(max_nodes), callback(should_stop)
        return Limits.of(time, _time.perf_counter(), should_stop), (self.nodes + max_nodes if max_nodes else 0)

    def _part(self, limit: Limit, parts: int) -> Limit:
        """``limit`` (``_limit``) with 1/``parts`` of the time and of the nodes it leaves from now,
        the stop request kept."""
        limits, stop = limit
        left = limits.left()
        if left is not None and left > 0:
            limits = Limits(_time.perf_counter() + left / parts, limits.should_stop)
        if stop and stop > self.nodes:
            stop = self.nodes + max(1, (stop - self.nodes) // parts)
        return limits, stop

    def _allowed(self, budget: int, limit: Limit) -> int:
        """Nodes the next test may take: the round's ``budget``, within the time left (at
        NODES_PER_SECOND, at least FIRST_NODES) and the nodes left; 0 once either is spent."""
        limits, stop = limit
        if self.stopped or limits.stop_asked():
            self.stopped = True
            return 0
        nodes = budget
        left = limits.left()
        if left is not None:
            if left <= 0:
                return 0
            nodes = min(nodes, max(FIRST_NODES, int(left * NODES_PER_SECOND)))
        if stop:
            if self.nodes >= stop:
                return 0
            nodes = min(nodes, stop - self.nodes)
        return nodes

    def _run(self, level: int, answered: Any, candidates: Any, limit: Limit) -> None:
        """Test (option, deal) pairs, ``candidates(tested)`` naming the options worth a test in
        order, until ``answered(tested)`` or the ``limit`` (``_limit``) is spent: rounds of the
        decisions loop (``decisions.run_rounds``), the first drawing every deal."""
        started = _time.perf_counter()
        question = _Question(self, level, answered, candidates, limit)
        if run_rounds(self._draws, question, limit[0], self.on_progress) == "stop":
            self.stopped = True
        self.elapsed += _time.perf_counter() - started

    def _run_race(self, levels: list[int], limit: Limit) -> None:
        """``best``: rounds of ``_Race`` (the first drawing every deal), until one option is left
        that may rank first and its share at ``levels[0]`` is exact, or the ``limit`` is spent."""
        started = _time.perf_counter()
        if run_rounds(self._draws, _Race(self, levels, limit), limit[0], self.on_progress) == "stop":
            self.stopped = True
        self.elapsed += _time.perf_counter() - started

    def _first_pass(self, level: int, limit: Limit) -> None:
        """Each option on the first deal under the first budget, whatever the time (only a stop
        ends it): the order of trial (``_prior``)."""
        stop = limit[1]
        first = FIRST_NODES if not stop else max(1, min(FIRST_NODES, stop - self.nodes))
        anytime = (Limits(None, limit[0].should_stop), stop)
        for k in range(0, len(self.options), self.threads):
            if self.stopped or not self._test([(d, 0) for d in range(k, min(k + self.threads, len(self.options)))],
                                              level, first, anytime):
                break
        self._prior = (self.lower[:, 0] >= level).astype(float) - (self.upper[:, 0] < level)

    def _pairs(self, level: int, order: list[int], budget: int) -> list[tuple[int, int]]:
        """The next (option, deal) pairs to test, one a solver: the options in ``order``, each on its
        deals not settled at ``level`` nor yet tried under ``budget``, those on which most options
        failed first (an option that cannot make the level fails there soonest, and cheaply: far
        from it; one that can must pass there)."""
        worlds = np.argsort(-(self.upper < level).sum(axis=0), kind="stable")
        open_ = (self.lower < level) & (level <= self.upper) & (self._tried < budget)
        pairs: list[tuple[int, int]] = []
        for d in order:
            pairs += [(d, int(w)) for w in worlds[open_[d, worlds]][:self.threads - len(pairs)]]
            if len(pairs) >= self.threads:
                break
        return pairs

    def _test(self, pairs: list[tuple[int, int]], level: int | list[int], nodes: int, limit: Limit) -> bool:
        """Test the pairs (at most one a solver) at once, each under ``nodes``, at ``level`` (or at
        its own of a list); False when the stop request or the time left them running (their deals
        stay unknown). A pair goes to the solver that tested it last where it can: the core keeps
        that solver's table for the same deal and declaration (``Solver.begin``), so a test of a
        pair again, cut short before or at another level, starts from what the last one learned."""
        targets = level if isinstance(level, list) else [level] * len(pairs)

        def run(solver: Any, position: Any, target: int) -> tuple[bool | None, int]:
            answer = solver.can_reach(position, target, nodes)
            return answer, solver.nodes

        order = self._placed(pairs)
        pairs, targets = [pairs[k] for k in order], [targets[k] for k in order]
        positions = [self.position(d, w) for d, w in pairs]
        busy = self._solvers[:len(positions)]
        self._last[:len(pairs)] = pairs
        calls = [partial(run, solver, position, target) for solver, position, target in zip(busy, positions, targets)]
        limits = limit[0]
        try:
            answers = stoppable_all(calls, limits.should_stop, limits.deadline,
                                    on_abandon=lambda: [s.request_stop() for s in busy])
        except BaseException as e:  # Abandoned, or Ctrl-C (KeyboardInterrupt) while waiting
            # The solvers asked to stop end their tests at once: the next tests get new ones.
            self._solvers[:len(calls)] = [_core.texas42.Solver(self.tt_mb) for _ in calls]
            self._last[:len(calls)] = [None] * len(calls)
            if not isinstance(e, Abandoned):
                raise
            self.left += len(calls)
            self.stopped = self.stopped or e.reason == "stop"
            return False
        for (d, w), target, (answer, spent) in zip(pairs, targets, answers):
            self.tests += 1
            self.nodes += spent
            if answer is None:
                self.cut += 1
                self._tried[d, w] = max(self._tried[d, w], nodes)
            elif answer:
                self.lower[d, w] = max(self.lower[d, w], target)
                self._tried[d, w] = 0
            else:
                self.upper[d, w] = min(self.upper[d, w], target - 1)
                self._tried[d, w] = 0
        return True

    def _placed(self, pairs: list[tuple[int, int]]) -> list[int]:
        """The order of ``pairs`` that gives each, where it can, the solver (by position) that
        tested it last; the others keep their order in the places left."""
        slots: list[int | None] = [None] * len(pairs)
        rest = []
        for k, pair in enumerate(pairs):
            if pair in self._last[:len(pairs)] and slots[self._last.index(pair)] is None:
                slots[self._last.index(pair)] = k
            else:
                rest.append(k)
        return [k if k is not None else rest.pop(0) for k in slots]

    def summary(self, level: int) -> str:
        """One line an option: its share of deals proven to take ``level``, and how many are unknown."""
        t = self.tested(level)
        rows = [f"{self._label(o):>9}: P(>= {level}) {t.low[i]:.3f}" + (f" ({t.unknown[i]} unknown)" if t.unknown[i] else "")
                for i, o in enumerate(self.options)]
        return "\n".join([f"{self.samples} deals, {self.tests} tests ({self.cut} cut short), {self.nodes:,} nodes, "
                          f"{self.elapsed:.2f} s", *rows])

    def _label(self, option: Any) -> str:
        return str(option)


class _Question:
    """One question's rounds of the decisions loop (``LevelTests._run``), its scorer: the first
    round draws every deal and runs the first pass (the tests' first question), each round after
    tests the pairs its answer still depends on, growing the node budget fourfold when none is left
    under it. What it records is the bounds the tests prove per option and deal."""

    def __init__(self, tests: LevelTests, level: int, answered: Any, candidates: Any, limit: Limit) -> None:
        self.tests, self.level, self.answered, self.candidates, self.limit = tests, level, answered, candidates, limit
        self.budget = FIRST_NODES
        self.rounds = 0

    def wants(self, drawn: int) -> int:
        return self.tests.samples - len(self.tests._worlds)

    def progress(self) -> tuple[int, int]:
        t = self.tests.tested(self.level)
        return int(t.worlds * len(t.made) - t.unknown.sum()), t.worlds * len(t.made)

    def round(self, fresh: list[World], limits: Limits) -> bool:
        tests, level = self.tests, self.level
        tests._worlds += fresh
        self.rounds += 1
        if self.rounds == 1 and not tests.tests and not tests.left:
            tests._first_pass(level, self.limit)
        t = tests.tested(level)
        if self.answered(t):
            return False
        nodes = tests._allowed(self.budget, self.limit)
        if not nodes:
            return False
        order = self.candidates(t)
        pairs = tests._pairs(level, order, self.budget)
        if not pairs:
            unsettled = (tests.lower < level) & (level <= tests.upper)
            if not unsettled[order].any():
                return False  # nothing left that a test could settle
            self.budget *= 4
            return True
        return tests._test(pairs, level, nodes, self.limit)


class _Race:
    """``best``'s rounds (``LevelTests._run_race``), until the answer is known or the limit spent
    (``LevelTests._allowed``, which also caps a test's budget at the time left): the tests of every level at
    once, each round testing the (option, deal, level) triples the answer still depends on, under a
    node budget growing fourfold when none is left under it, so that the cheapest tests come first
    whatever their level. The answer depends on a triple while its option may rank first
    (``contenders``) and its deal is not settled at that level: at the first level always (the
    first option's share there is reported exact), at a level above while the option may still tie
    another contender at every level below it. A rival is out as soon as it is sure to rank below
    another: at the first level where it cannot reach the other's proven share, which a test at a
    level above settles at once when it fails far from its points (a deal short of 42 fails 52 too),
    or at a tie level when it can at most tie below it. Within a budget the lowest level goes
    first: a level above matters only while the ones below may tie, and a tie there is known late
    (testing each deal at every level at once, a leader settled the levels above on 2,000 deals of
    42 while a rival's failures at the one below were about to put it out; sharing the nodes as
    under a limit, 1.6-1.7 times the nodes). Under a time or node limit, which may end the race
    first (after ``LevelTests._levels_in_turn``), the level of the fewest nodes spent for its
    weight (``LEVEL_WEIGHTS``) goes first instead, so that a limit the first level could spend alone
    (rivals needing millions of nodes a deal there) still leaves a tie there tested at the levels
    above, not to the order of the options; and a level above goes only to the options tied for
    certain below (``_certain``) while any test of the first level or of such a tie is open, the
    nodes of a tie that a test below may end spent last. The first round draws
    every deal and runs the first pass at the first level (``LevelTests._first_pass``) before any
    other test."""

    def __init__(self, tests: LevelTests, levels: list[int], limit: Limit) -> None:
        self.tests, self.levels, self.limit = tests, levels, limit
        self.budget = FIRST_NODES
        self.rounds = 0
        self.tried = np.zeros((len(tests.options), tests.samples, len(levels)), dtype=np.int64)  # cut under
        self.spent = [0.0] * len(levels)  # the nodes the race's tests spent at each level
        # Under a time or node limit the levels share the nodes (``batch``); without one, the lowest first.
        self.weights = LEVEL_WEIGHTS if limit[0].deadline is not None or limit[1] else None

    def wants(self, drawn: int) -> int:
        return self.tests.samples - len(self.tests._worlds)

    def progress(self) -> tuple[int, int]:
        t = self.tests.tested(self.levels[0])
        return int(t.worlds * len(t.made) - t.unknown.sum()), t.worlds * len(t.made)

    def plan(self) -> list[tuple[int, int]]:
        """The options the answer depends on, the likeliest to decide it first (the contenders by
        what they may take), each with the number of levels it is tested at: the first always,
        and each above it while it may tie another contender at every level below."""
        tests, levels = self.tests, self.levels
        lo, hi = (x.tolist() for x in tests._bounds(levels))
        alive = tests._contenders(lo, hi)

        def depth(d: int) -> int:
            apart = [next((k for k in range(len(levels)) if lo[k][d] > hi[k][e] or lo[k][e] > hi[k][d]), len(levels))
                     for e in alive if e != d]  # the first level at which d and e are sure to differ
            return max([1, *apart])

        order = sorted(alive, key=lambda d: ([-h[d] for h in hi], [-m[d] for m in lo], d))
        return [(d, depth(d)) for d in order]

    def batch(self) -> tuple[list[tuple[int, int, int]], bool]:
        """The next (option, deal, level index) triples to test, one a solver and each pair once:
        the lowest level first, or under a limit the level of the fewest nodes spent for its weight
        (``LEVEL_WEIGHTS``), the lowest of equals; at each the options in ``plan``'s order, each on
        its deals (those most options failed first) open there and not yet tried under the budget;
        and whether any triple of the plan is open at all. Under a limit a level above is tested
        first where the tie below is certain (``_certain``), where it is only possible once no
        triple of the first level or of a certain tie is open."""
        tests, threads = self.tests, self.tests.threads
        worlds = np.argsort(-(tests.upper < self.levels[0]).sum(axis=0), kind="stable")
        plan = self.plan()
        batch: list[tuple[int, int, int]] = []
        any_open = False
        weights = self.weights
        certain = self._certain([d for d, _ in plan]) if weights else None
        for sure in ((True, False) if weights else (None,)):
            if sure is False and any_open:
                break  # a possible tie only once no certain one is left open
            for k in sorted(range(len(self.levels)), key=lambda k: (self.spent[k] / weights[k] if weights else 0, k)):
                at = self.levels[k]
                for d, depth in plan:
                    if k >= depth or (certain is not None and (k == 0 or certain[k][d]) != sure):
                        continue
                    open_ = (tests.lower[d, worlds] < at) & (at <= tests.upper[d, worlds])
                    any_open = any_open or bool(open_.any())
                    taken = {w for e, w, _ in batch if e == d}
                    first = worlds[open_ & (self.tried[d, worlds, k] < self.budget)][:threads + len(taken)]
                    ready = [int(w) for w in first if int(w) not in taken]
                    batch += [(d, w, k) for w in ready[:threads - len(batch)]]
                    if len(batch) == threads:
                        return batch, True
        return batch, any_open

    def _certain(self, alive: list[int]) -> list[list[bool]]:
        """[level][option]: whether the option ties another of ``alive`` for certain at every level
        below (both settled there, their shares equal), so that the level decides between them.
        Under a limit that may end the race, a level above is worth its nodes first there: where
        the tie below is only possible, a test of the first level may end it, and the levels
        above of a leader the first level decides change nothing."""
        tests, levels = self.tests, self.levels
        settled = np.array([((tests.lower >= at) | (tests.upper < at)).all(axis=1) for at in levels])  # [level, option]
        made = np.array([(tests.lower >= at).sum(axis=1) for at in levels])
        certain = [[False] * len(tests.options) for _ in levels]
        for k in range(1, len(levels)):
            for d in alive:
                certain[k][d] = bool(settled[:k, d].all()) and any(
                    e != d and settled[:k, e].all() and (made[:k, e] == made[:k, d]).all() for e in alive)
        return certain

    def round(self, fresh: list[World], limits: Limits) -> bool:
        tests = self.tests
        tests._worlds += fresh
        self.rounds += 1
        if self.rounds == 1 and not tests.tests and not tests.left:
            tests._first_pass(self.levels[0], self.limit)
        batch, any_open = self.batch()
        if not any_open:
            return False  # one contender, its share at the first level exact
        nodes = tests._allowed(self.budget, self.limit)
        if not nodes:
            return False
        if not batch:
            self.budget *= 4
            return True
        before = tests.nodes
        done = tests._test([(d, w) for d, w, _ in batch], [self.levels[k] for _, _, k in batch], nodes, self.limit)
        for _, _, k in batch:  # the batch's nodes shared among its levels by its tests
            self.spent[k] += (tests.nodes - before) / len(batch)
        for d, w, k in batch:
            if tests.lower[d, w] < self.levels[k] <= tests.upper[d, w]:
                self.tried[d, w, k] = max(self.tried[d, w, k], nodes)
        return done


class BidTests(LevelTests):
    """``LevelTests`` whose options are the declarations (``rules.table_declarations``): per deal the
    position at the first lead, the seat declaring (the least bid, which does not change the points)
    and leading; in The Big Game after its exchange (its ``Deciders.at_lead``: from a view before it,
    the rule of thumb's discard for each declaration; from the exchange, the hand of 12 less it)."""

    def _options(self) -> list[Any]:
        return list(self.view.rules.table_declarations)

    def _position(self, trump: Trump, world: World) -> Any:
        view, rules = self.view, self.view.rules
        at_lead = deciders_of(rules).at_lead
        hands = world if at_lead is None else at_lead(view, world, trump)
        return _core.texas42.Position(rules._core, str(trump), [bits_of(m) for m in hands], None,
                                      [], (view.seat, rules.min_bid), None)

    @property
    def declarations(self) -> list[Trump]:
        return self.options

    def best_declaration(self, level: int, *, time: float | None = None, max_nodes: int = 0,
                         should_stop: Callable[[], bool] | None = None, defer_ties: bool = False) -> Trump:
        """``best``: the declaration of the largest share taking ``level`` points."""
        return self.best(level, time=time, max_nodes=max_nodes, should_stop=should_stop, defer_ties=defer_ties)

    def _label(self, option: Any) -> str:
        return declaration_name(option)
