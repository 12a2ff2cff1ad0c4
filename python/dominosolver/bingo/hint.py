"""Bingo hints from one player's view: which tile to lead or answer, whether to close now, whether and
what to declare.

Perfect-information Monte Carlo done carefully, in the hint loop both games share
(``pimc.py``): the hidden part (the opponent's hand and the face-down boneyard order) is sampled
exactly uniformly among the worlds consistent with the view, every legal move is scored on the same
worlds in batched C++ calls, and moves are ranked by their mean game points, then the chance of
winning the deal (equal moves share a rank). When the worlds are few (e.g. every opponent hand after
a close: at most C(14, 7) = 3,432), all of them are enumerated and the hint says ``"exact": true``.
"""

from __future__ import annotations

import time as time_module  # `time` is hint's time-limit argument
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import pimc
from ..pimc import MoveStat  # one move of a hint, shared with 42's
from ..arguments import node_budget, renamed, renamed_object, seed_value, table_megabytes, time_limit, world_count
from ..errors import InvalidPositionError, InvalidViewError, ParseError, json_type, shown
from ..stoppable import Abandoned
from .notation import read_player
from .play_inference import SLIP, choices_in, log_likelihoods
from .position import Position, as_position
from .sampling import WorldSampler, first_world, known_mask, position_of, split
from .solve import HINT_WORLD_NODES, TABLE_MB, Solver
from .view import PlayerView

__all__ = ["Hint", "MoveStat", "hint", "EXACT_LIMIT", "HINT_WORLD_NODES", "WEIGHTINGS"]

WEIGHTINGS = ("uniform", "play")  # play: worlds weighted by the opponent's recorded decisions (play_inference.py)

EXACT_LIMIT = 3432  # enumerate every world up to this many (all opponent hands after a close)
DEFAULT_SAMPLES = 100  # worlds a hint samples when it cannot enumerate them
SCHEMA = "dominosolver.hint/1"
BATCH = 8  # worlds solved between checks of the time limit, a stop request or progress reports


@dataclass(frozen=True)
class Hint:
    """The answer of ``hint``, named and typed as 42's (``texas42.Hint``: ``view``, ``seat``, ``pov``,
    ``method``, ``exact``, ``worlds``, ``seed``, ``moves`` best first, ``best``, ``warnings``,
    ``weighting``, ``ess``, ``elapsed``, ``nodes``). What 42's has beside is its contracts': a goal
    (make or set), the units of a contract of tricks, the match score; a Bingo deal has no contract
    (its means are game points won or lost, ``p_make`` the chance of winning the deal)."""

    view: PlayerView
    method: str  # "exact" (every world) or "pimc" (sampled worlds)
    worlds: int  # worlds solved (and averaged)
    seed: int | None
    moves: list[MoveStat]  # best first
    elapsed: float = field(compare=False)  # timing: not part of equality
    nodes: int
    warnings: list[str] = field(default_factory=list)
    weighting: str = "uniform"
    ess: float | None = None  # the effective sample size of weighted worlds (None: equally likely)
    bounded: int = 0  # of the worlds, those with a move the node budget left at bounds (the warnings say so)

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    @property
    def best(self) -> str:
        return self.moves[0].move

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def pov(self) -> str:
        """The player the values count for, by name: the seat's ("player 0"), as 42's hint names its side."""
        return self.view.rules.seat_names[self.view.seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "game": "bingo",
            "rules": self.view.rules.to_json(),
            "position": self.view.to_json(),
            "seat": self.seat,
            "pov": self.pov,
            "engine": pimc.engine_info(),
            "method": self.method,
            "exact": self.exact,
            "worlds": self.worlds,
            "seed": self.seed,
            "weighting": self.weighting,
            "ess": None if self.ess is None else round(self.ess, 3),
            "best": self.best,
            "elapsed": round(self.elapsed, 6),
            "nodes": self.nodes,
            "warnings": list(self.warnings),
            "moves": [
                {"move": m.move, "mean": round(m.mean, 6), "stderr": round(m.stderr, 6), "p_make": round(m.p_make, 6),
                 "p_win": round(m.p_make, 6), "rank": m.rank}
                for m in self.moves
            ],
        }


def hint(
    view: PlayerView | Position,
    *,
    seat: int | None = None,
    samples: int | None = None,
    seed: int | None = 0,
    exact_limit: int = EXACT_LIMIT,
    max_nodes: int | None = None,
    time: float | None = None,
    tt_mb: int | None = None,
    solver: Solver | None = None,
    on_progress: Callable[[Hint], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    worlds: int | None = None,
    weighting: str = "uniform",
) -> Hint:
    """Score every legal move of the player to move from what that player knows.

    `view` is a PlayerView, or a Position (or its JSON or notation) together with `seat` (default:
    the player to move; the position's hidden parts are dropped first). `samples` worlds (default
    100) are sampled with `seed` unless at most `exact_limit` worlds exist, in which case all are
    solved. The worlds are solved by `solver`, else by a new one with a table of `tt_mb` MB (default
    ``TABLE_MB``). `worlds` is the old name of `samples` (deprecated).

    `max_nodes` bounds the search per world on average: no world is left out for it. Each move of
    a world gets a share, first to learn whether it wins or loses, then by how much, and the nodes
    easy worlds leave unused go to those cut short (in the same batch); a move it cuts short counts
    at the middle of the bounds its search proved (0 when even its sign is unknown, and one half a
    win), and the warnings count those worlds. By default (None) a phase-one world gets
    ``HINT_WORLD_NODES`` (early in phase one a world can take seconds to solve exactly), and a
    closed or exhausted deal, which solves in microseconds, is solved exactly; 0 means no limit. `time` (seconds) stops solving
    worlds once spent, between batches of a few worlds and within a world's search (a world it cuts
    short is left out; the first batch of worlds, BATCH = 8, is solved whatever the time, within
    its node budget, unless it has none), and the warnings say how many were solved; `should_stop` stops the
    search under way (within a few hundredths of a second: the worlds of the calls done are kept), and `on_progress` receives the
    hint so far after each batch. Ctrl-C stops a hint with KeyboardInterrupt."""
    started = time_module.perf_counter()
    samples = renamed(samples, worlds, "samples", "worlds")
    samples = world_count(DEFAULT_SAMPLES if samples is None else samples, "samples")
    seed = seed_value(seed)
    exact_limit = world_count(exact_limit, "exact_limit", low=0)
    budget = None if max_nodes is None else node_budget(max_nodes)
    seconds = time_limit(time)
    for name, fn in (("on_progress", on_progress), ("should_stop", should_stop)):
        if fn is not None and not callable(fn):
            raise ParseError(f"{name} must be a function or None, not {shown(fn)}")
    if weighting not in WEIGHTINGS:
        raise ParseError(f"unknown weighting {shown(weighting)}: use one of {', '.join(WEIGHTINGS)}")
    view = _view(view, seat)
    if view.to_move is None:
        raise InvalidViewError("the deal is over: there is no move to hint")
    if view.to_move != view.seat:
        raise InvalidViewError(
            f"player {view.seat} is not to move here (player {view.to_move} is): no hint to give")
    moves = [str(m) for m in view.legal_moves]
    if budget is None:
        phase_one = view.closed_by is None and view.boneyard_size > 0
        budget = HINT_WORLD_NODES if phase_one else 0
    sampler = WorldSampler(view)
    base = position_of(view, *first_world(view))
    solver = _solver(solver, tt_mb)
    done = [0]  # worlds solved so far: the index of the next one
    bounded = [0]  # worlds with a move not solved to the end within the budget

    def solve(batch: list[tuple[int, list[int]]]) -> pimc.Scores:
        before = solver.nodes
        lo: list[int] = []
        hi: list[int] = []
        # Calls of BATCH worlds numbered alike whatever the batches (the nodes an easy world leaves
        # go to the hard ones of its call: the same worlds, the same values, with or without
        # progress reports or a time limit). A hint has worlds: with a node budget to bound them,
        # the first call is made whatever the time.
        k = 0
        while k < len(batch):
            start = done[0] + k
            part = batch[k:k + BATCH - start % BATCH]
            timed = seconds is not None and not (budget and start < BATCH)
            until = max(0.0, seconds - (time_module.perf_counter() - started)) if timed else None
            try:  # a stop request leaves the call at once (its search ends within a few thousand nodes)
                low, high = solver.solve_worlds_bounds(base, [h for h, _ in part], [y for _, y in part], moves,
                                                       budget, until, should_stop=should_stop)
            except Abandoned:
                break  # the worlds of the calls before are kept; pimc.run sees the stop and ends

            lo += low
            hi += high
            k += len(part)
            if len(low) < len(part) * len(moves):  # the time limit ended the call
                break
        lo_a = np.array(lo, dtype=np.int64).reshape(-1, len(moves))
        hi_a = np.array(hi, dtype=np.int64).reshape(-1, len(moves))
        bounded[0] += int((lo_a != hi_a).any(axis=1).sum())
        done[0] += len(lo_a)
        return pimc.Scores(cell_values(lo_a, hi_a), solver.nodes - before)

    def chance(values: np.ndarray) -> np.ndarray:
        """The player wins the deal: 1, or 0; one half where the budget left even that unknown (0.0)."""
        return np.where(values > 0, 1.0, np.where(values < 0, 0.0, 0.5))

    notes: list[str] = []
    if weighting == "play" and view.record is None:
        notes.append("play weighting needs the deal's record (a view of a position built mid-deal, JSON without "
                      "'record', or a deal with a trump exchange has none): worlds weighted uniformly")
        weighting = "uniform"
    inferred = {"decisions": 0, "unvalued": 0, "no_history": 0, "weighed": 0}

    def weigh(worlds: list[tuple[int, list[int]]]) -> np.ndarray:
        """The worlds' log-likelihoods of the opponent's recorded decisions (play_inference.py)."""
        choices = choices_in(view, worlds, seed=(seed or 0) * 1_000_003 + inferred["weighed"], solver=solver,
                             value=SLIP < 1)  # at the fitted SLIP = 1 the values would not count
        inferred["weighed"] += len(worlds)
        inferred["decisions"] += len(choices.world)
        inferred["unvalued"] += choices.unvalued
        inferred["no_history"] += len(choices.no_history)
        return log_likelihoods(choices, len(worlds))

    scorer = pimc.Scorer(
        solve,
        rank_key=lambda mean, p_win: (mean, p_win),  # type: ignore[return-value]
        chance=chance,
        weigh=weigh if weighting == "play" else None,
        weighting=None if weighting == "uniform" else weighting,
        batch=BATCH,
    )

    def present(e: pimc.Estimate) -> Hint:
        ranked = [MoveStat(moves[m.index], m.mean, m.stderr, float(m.chance), m.rank)  # type: ignore[arg-type]
                  for m in e.moves]
        said = list(notes)
        cut = [] if not bounded[0] else [(
            f"{bounded[0]} of {e.worlds} worlds were not solved to the end within {budget:,} nodes each (max_nodes): "
            "their unsolved moves count at the middle of the bounds proven (0 where even win or loss is unknown)")]
        if weighting == "play":
            said.append(f"play weighting: {inferred['decisions']} opponent decisions replayed over {inferred['weighed']} "
                        f"worlds" + (f", {inferred['unvalued']} of them cut short by the node budget (counted as best plays)"
                                     if SLIP < 1 else ""))
            if inferred["no_history"]:
                said.append(f"play weighting: {inferred['no_history']} worlds fit no history of the record (no weight)")
        return Hint(view, e.method, e.worlds, e.seed, ranked, e.elapsed, e.nodes, [*said, *e.warnings, *cut], weighting, e.ess, bounded[0])

    return present(pimc.run(
        sampler, scorer, samples=samples, seed=seed, exact_limit=exact_limit, time=seconds, should_stop=should_stop,
        on_progress=None if on_progress is None else (lambda e: on_progress(present(e))), started=started,
    ))


def cell_values(lower: np.ndarray, upper: np.ndarray) -> np.ndarray:
    """A world's value of each move from what its search proved: the value where it was solved,
    else the middle of its bounds, 0 where even its sign is unknown (no solved move is worth 0)."""
    middle = (lower + upper) / 2.0
    return np.where((lower < 0) & (upper > 0), 0.0, middle)


def _view(target: Any, seat: Any) -> PlayerView:
    """The view to advise: a PlayerView as given, or `seat`'s view of a position (default: the player to move)."""
    if seat is not None:
        seat = read_player(seat, "seat")
    if isinstance(target, PlayerView):
        if seat is not None and seat != target.seat:
            raise ParseError(f"seat {seat}: this is player {target.seat}'s view, it cannot advise another player")
        return target
    pos = as_position(target)
    return pos.view(pos.to_move if seat is None else seat)


def _solver(solver: Any, tt_mb: int | None = None) -> Solver:
    if solver is None:
        return Solver(TABLE_MB if tt_mb is None else table_megabytes(tt_mb, "tt_mb"))
    if tt_mb is not None:
        raise ParseError("give a solver or tt_mb (the table of a new solver), not both")
    if not isinstance(solver, Solver):
        raise ParseError(f"solver must be a bingo Solver, not {json_type(solver)}")
    return solver


@dataclass(frozen=True)
class CloseValue:
    """The worth of closing now averaged over every opponent hand the view allows (the boneyard's
    order no longer matters once it is closed), each hand solved exactly with all tiles known: a
    double-dummy average with no sampling error, not the value of the hidden-hand game."""

    mean: float  # expected game points for the player on lead
    p_win: float
    hands: int  # opponent hands enumerated
    elapsed: float = field(compare=False)  # timing: not part of equality
    searched: int = 0  # hands solved by a search (the others decided by bounds or alike to one searched)


def close_value(view: PlayerView | Position, *, seat: int | None = None, solver: Solver | None = None) -> CloseValue:
    """Mean game points of ``close`` for the player on lead over every consistent opponent hand,
    each solved double-dummy (C(20, 7) = 77,520 hands at the first lead, C(14, 7) = 3,432 after
    trick 3), in one C++ call (cpp/src/bingo_close.cpp): a hand whose points cannot bring the
    closer to 70 (the opponent's unbeatable tiles left out) is a failed close without a search, one
    where the closer cashes 70 with tiles nothing of the opponent's beats a win; then the trick
    points the closer can make sure of (a search on the two hands only, its table shared by every
    hand) refute the closes they leave short of 70, and show wins: by sweeping every trick to 70
    (all a close can win), or against an opponent who cannot reach 70 first (then only by how much
    is searched); the others are solved, once for all the hands whose unknown tiles stand alike
    towards the closer's (the same worth, trump, double, and beating and following each of the
    closer's tiles the same way)."""
    started = time_module.perf_counter()
    view = _view(view, seat)
    if view.to_move is None:
        raise InvalidPositionError("the deal is over: there is nothing to close")
    if "close" not in [str(m) for m in view.legal_moves]:
        raise InvalidPositionError(f"player {view.seat} cannot close now")
    free, _, need = split(view)
    base = position_of(view, *first_world(view))
    r = _solver(solver)._core.close_over_hands(base._pos, known_mask(view), sum(1 << i for i in free), need)
    n, counts = r["hands"], r["counts"]
    mean = sum(v * k for v, k in zip(range(-3, 4), counts)) / n
    p_win = sum(counts[4:]) / n
    return CloseValue(mean, p_win, n, time_module.perf_counter() - started, r["searched"])


def __getattr__(name: str) -> Any:
    if name == "MoveScore":  # the old name of MoveStat, shared with 42's hints
        return renamed_object("bingo.MoveScore", "MoveStat", MoveStat)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
