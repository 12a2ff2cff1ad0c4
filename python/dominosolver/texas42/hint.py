"""Play hints for one seat: perfect-information Monte Carlo done right (design.md §6).

Draw K deals once from the seat's view (exactly uniformly, ``sampling.py``), solve every legal move on
the **same** deals in one batched C++ call, then average per move: mean points for the seat's team
from the current trick on (like ``solve``'s value), its standard error, and the probability that the
contract is made. When few deals fit the view, all of them are solved and the hint is exact.

Moves are ranked by what wins marks: in the marks game with a contract, first the chance of reaching
the seat's goal (making the contract when declaring, setting it when defending), then the mean
points; in the points game, or without a contract, by mean points first. Averages first, then the
choice: a move is never chosen by counting the deals it wins.
"""

from __future__ import annotations

import itertools
import random
import time as _time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import _core
from ..arguments import seed_value, table_megabytes, thread_count, time_limit, world_count
from ..errors import InvalidViewError, ParseError
from ..tiles import Tile
from .position import Position
from .rules import SEATS, TEAMS
from .sampling import World, WorldSampler, new_seed
from .solve import solve_batch
from .view import PlayerView
from .weighting import WEIGHTINGS, world_log_weights

__all__ = ["ENGINE_NAME", "HINT_SCHEMA", "Hint", "MoveStat", "as_view", "engine_info", "hint"]

HINT_SCHEMA = "dominosolver.hint/1"
ENGINE_NAME = "dominosolver-pimc"
EXACT_LIMIT = 2000
CHUNK = 25  # worlds per batched call when a time limit or progress reports need chunks
UNCHUNKED = 10_000  # without them, batches only bound how many positions are built at once


@dataclass(frozen=True)
class MoveStat:
    move: str
    mean: float  # points for the seat's team from the current trick on
    stderr: float
    p_make: float | None  # probability the declaring team makes its contract (None: no contract)
    rank: int  # 1 = best; equal moves share a rank

    def p_goal(self, goal: str | None) -> float | None:
        if self.p_make is None or goal is None:
            return None
        return self.p_make if goal == "make" else 1.0 - self.p_make


@dataclass(frozen=True)
class Hint:
    view: PlayerView
    moves: list[MoveStat]  # best first
    method: str  # "pimc" or "exact"
    worlds: int
    seed: int | None
    elapsed: float
    weighting: str = "uniform"
    goal: str | None = None  # "make" (declaring side), "set" (defenders) or None without a contract
    warnings: list[str] = field(default_factory=list)
    nodes: int = 0

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def pov(self) -> str:
        return TEAMS[self.view.seat & 1]

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    @property
    def best(self) -> str:
        return self.moves[0].move

    def __getitem__(self, move: str) -> MoveStat:
        for m in self.moves:
            if m.move == str(move):
                return m
        raise KeyError(move)

    def to_json(self) -> dict[str, Any]:
        def p(x: float | None) -> float | None:
            return None if x is None else round(x, 6)

        return {
            "schema": HINT_SCHEMA,
            "game": "texas42",
            "rules": self.view.rules.to_json(),
            "position": self.view.to_json(),
            "seat": self.seat,
            "pov": self.pov,
            "engine": engine_info(),
            "method": self.method,
            "exact": self.exact,
            "worlds": self.worlds,
            "seed": self.seed,
            "weighting": self.weighting,
            "goal": self.goal,
            "best": self.best,
            "elapsed": round(self.elapsed, 6),
            "nodes": self.nodes,
            "warnings": list(self.warnings),
            "moves": [
                {
                    "move": m.move,
                    "mean": round(m.mean, 6),
                    "stderr": round(m.stderr, 6),
                    "p_make": p(m.p_make),
                    "rank": m.rank,
                }
                for m in self.moves
            ],
        }

    def __str__(self) -> str:
        head = (
            f"{SEATS[self.seat]} ({self.pov}) to play; {self.method} over {self.worlds} worlds"
            + (f", seed {self.seed}" if self.seed is not None else "")
        )
        lines = [head, "rank move   mean  stderr  p_make"]
        for m in self.moves:
            pm = "   —" if m.p_make is None else f"{m.p_make:6.3f}"
            lines.append(f"{m.rank:4d} {m.move:>4} {m.mean:6.2f} {m.stderr:7.3f}  {pm}")
        return "\n".join(lines)


def engine_info() -> dict[str, str]:
    from .. import __version__

    return {"name": ENGINE_NAME, "version": __version__}


def as_view(obj: Any) -> PlayerView:
    """A PlayerView from a view, a view/1 JSON object or string, a Position or a Game (the view of
    the seat to move)."""
    from .game import Game

    if isinstance(obj, PlayerView):
        return obj
    if isinstance(obj, (Position, Game)):
        if obj.to_move is None:
            raise InvalidViewError(f"the {'hand' if isinstance(obj, Position) else 'game'} is over: nobody is to move")
        return obj.view(obj.to_move)
    if isinstance(obj, (dict, str, bytes)):
        return PlayerView.from_json(obj)
    raise InvalidViewError(f"cannot read a player's view from {type(obj).__name__}")


def hint(
    view: Any,
    samples: int = 200,
    seed: int | None = None,
    time: float | None = None,
    weighting: str = "uniform",
    *,
    threads: int | None = None,
    exact_limit: int = EXACT_LIMIT,
    objective: str = "auto",
    tt_mb: int | None = None,
    on_progress: Callable[[Hint], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Hint:
    """Score every legal move of the seat to move from its view.

    ``samples`` deals are drawn once (seeded: ``seed=None`` picks one and reports it) and every move
    is solved on all of them; with at most ``exact_limit`` consistent deals, all are solved instead
    (``method="exact"``). ``time`` (seconds) stops sampling early, between batches of deals, once
    spent; ``should_stop`` likewise. ``on_progress`` receives the hint so far after each batch.
    ``weighting`` is ``"uniform"`` (every consistent deal equally likely) or ``"auction"`` (deals
    weighted by how well each hand fits its bids, see ``weighting.py``). ``objective`` orders the
    moves: ``"goal"`` by the chance of making (or setting) the contract, then mean points;
    ``"points"`` by mean points, then that chance; ``"auto"`` is ``"goal"`` in the marks game with
    a contract and ``"points"`` otherwise.

    Limits: ``samples`` 1 to ``MAX_WORLDS`` (1,000,000), ``exact_limit`` 0 to ``MAX_WORLDS``,
    ``seed`` a whole number from 0 or None, ``time`` seconds from 0 (0: one batch) or None; else
    ParseError.
    """
    start = _time.perf_counter()
    # Every limit is checked before any work, so a typo fails at once instead of running for hours.
    samples = world_count(samples)
    seed = seed_value(seed)
    time = time_limit(time)
    exact_limit = world_count(exact_limit, "exact_limit", low=0)
    threads = thread_count(threads)
    if tt_mb is not None:
        tt_mb = table_megabytes(tt_mb)
    for name, fn in (("on_progress", on_progress), ("should_stop", should_stop)):
        if fn is not None and not callable(fn):
            raise ParseError(f"{name} must be a function or None, not {fn!r}")
    v = as_view(view)
    if weighting not in WEIGHTINGS:
        raise InvalidViewError(
            f"unknown weighting {weighting!r}: use one of {', '.join(WEIGHTINGS)}"
        )
    if v.trump is None or v.to_move is None:
        raise InvalidViewError("no tile to play: the hand is not in play")
    if v.to_move != v.seat:
        raise InvalidViewError(f"{SEATS[v.seat]} is not to play ({SEATS[v.to_move]} is)")
    if objective not in ("auto", "goal", "points"):
        raise InvalidViewError(f"unknown objective {objective!r}: auto, goal or points")
    sampler = WorldSampler(v)
    warnings: list[str] = []
    chunked = time is not None or on_progress is not None or should_stop is not None
    # Worlds are drawn (or enumerated) a batch at a time, so the time limit and stop are checked
    # after each batch however many worlds were asked for.
    draw: Callable[[int, int], list[World]]
    if sampler.count <= exact_limit:
        method, total, seed = "exact", sampler.count, None
        order = list(range(total))
        if chunked:  # a shuffled order makes any prefix a uniform sample without replacement
            random.Random(0).shuffle(order)  # the permutation shuffling the worlds themselves gave
        draw = lambda lo, hi: [sampler.world(k) for k in order[lo:hi]]  # noqa: E731
    else:
        method, total = "pimc", samples
        seed = new_seed() if seed is None else seed
        draws = sampler.stream(seed)
        draw = lambda lo, hi: list(itertools.islice(draws, hi - lo))  # noqa: E731
    legal = [t.id for t in v.legal_moves]
    first = v.position_of(sampler.world(0))  # every world has the same points and tricks left
    remaining = first.remaining_points
    tt = tt_mb if tt_mb is not None else (16 if first.tricks_left >= 6 else 4)
    if v.gone and v.contract is not None:
        warnings.append("tricks before the recorded plays are unknown: their points count as 0")
    if weighting != "uniform" and v.gone:
        weighting = "uniform"  # who held the unrecorded tiles at the deal is unknown
        warnings.append("auction weighting needs every play recorded: worlds weighted uniformly")

    step = CHUNK if chunked else UNCHUNKED
    values = np.zeros((total, len(legal)), dtype=np.int16)
    logs = np.zeros(total)  # log weights, scaled by the largest so far when averaging
    nodes = done = 0
    hint_now = None
    while done < total:
        batch = draw(done, min(done + step, total))
        positions = [v.position_of(w) for w in batch]
        out = solve_batch(positions, threads=threads, moves=True, tt_mb=tt)
        assert out.move_values is not None
        values[done : done + len(batch)] = out.move_values[:, legal]
        logs[done : done + len(batch)] = world_log_weights(v, batch, weighting)
        nodes += out.nodes
        done += len(batch)
        weights = np.exp(logs[:done] - logs[:done].max())
        batch_warnings = list(warnings)
        if weighting != "uniform":
            n_eff = float(weights.sum() ** 2 / (weights**2).sum())
            batch_warnings.append(
                f"{weighting} weighting: effective sample size {n_eff:.0f} of {done}"
            )
        hint_now = _aggregate(
            v,
            legal,
            values[:done],
            weights,
            remaining,
            method if done == total else "pimc",
            seed,
            start,
            weighting,
            batch_warnings,
            nodes,
            objective,
        )
        if on_progress is not None and done < total:
            on_progress(hint_now)
        if done < total and (
            (time is not None and _time.perf_counter() - start >= time)
            or (should_stop is not None and should_stop())
        ):
            hint_now.warnings.append(f"stopped after {done} of {total} worlds")
            if method == "exact":
                hint_now.warnings.append(
                    "partial enumeration: a random subset of the worlds, drawn without replacement"
                )
            break
    assert hint_now is not None
    return hint_now


def _aggregate(
    v: PlayerView,
    legal: list[int],
    values: np.ndarray,
    weights: np.ndarray,
    remaining: int,
    method: str,
    seed: int | None,
    start: float,
    weighting: str,
    warnings: list[str],
    nodes: int,
    objective: str = "auto",
) -> Hint:
    n = len(values)
    w = weights / weights.sum()
    means = w @ values
    if method == "exact" or n < 2:
        stderr = np.zeros(len(legal))
    else:
        # Standard error of a weighted mean of independent draws: sqrt(sum w^2) times the spread,
        # estimated without bias for reliability weights (divided by 1 - sum w^2; with equal
        # weights this is the familiar s / sqrt(n)).
        sum_w2 = float(np.sum(w**2))
        if 1.0 - sum_w2 > 1e-12:
            var = w @ (values - means) ** 2 / (1.0 - sum_w2)
            stderr = np.sqrt(var * sum_w2)
        else:
            stderr = np.zeros(len(legal))
            warnings.append("one world carries all the weight: no standard error")
    goal = None
    p_make: list[float | None] = [None] * len(legal)
    if v.contract is not None:
        declarer_team = v.contract.declarer & 1
        need = _core.texas42.points_needed(v.contract.bid)
        already = v.points[declarer_team]
        ours = (v.seat & 1) == declarer_team
        goal = "make" if ours else "set"
        declarer_points = already + (values if ours else remaining - values)
        p_make = list(w @ (declarer_points >= need))
    if objective == "auto":
        objective = "goal" if v.rules.scoring == "marks" else "points"
    marks_first = goal is not None and objective == "goal"

    def key(i: int) -> tuple[float, float]:
        m = round(float(means[i]), 9)
        if goal is None:
            return (m, 0.0)
        pg = float(p_make[i]) if goal == "make" else 1.0 - float(p_make[i])  # type: ignore[arg-type]
        pg = round(pg, 9)
        return (pg, m) if marks_first else (m, pg)

    order = sorted(range(len(legal)), key=key, reverse=True)  # stable: ties keep tile order
    stats = []
    rank = 0
    for pos_i, i in enumerate(order):
        if pos_i == 0 or key(i) != key(order[pos_i - 1]):
            rank = pos_i + 1
        pm = None if p_make[i] is None else float(p_make[i])  # type: ignore[arg-type]
        stats.append(MoveStat(str(Tile.from_id(legal[i])), float(means[i]), float(stderr[i]), pm, rank))
    return Hint(
        view=v,
        moves=stats,
        method=method,
        worlds=n,
        seed=seed,
        elapsed=_time.perf_counter() - start,
        weighting=weighting,
        goal=goal,
        warnings=list(warnings),
        nodes=nodes,
    )
