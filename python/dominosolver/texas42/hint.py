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

import random
import time as _time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import _core
from ..arguments import thread_count
from ..errors import InvalidViewError
from ..tiles import Tile
from .position import Position
from .rules import SEATS, TEAMS
from .sampling import WorldSampler, new_seed
from .solve import solve_batch
from .view import PlayerView
from .weighting import WEIGHTINGS, world_weights

__all__ = ["ENGINE_NAME", "HINT_SCHEMA", "Hint", "MoveStat", "as_view", "engine_info", "hint"]

HINT_SCHEMA = "dominosolver.hint/1"
ENGINE_NAME = "dominosolver-pimc"
EXACT_LIMIT = 2000
CHUNK = 25  # worlds per batched call when a time limit or progress reports need chunks


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
    if isinstance(obj, Position):
        return obj.view(obj.to_move)
    if isinstance(obj, Game):
        if obj.to_move is None:
            raise InvalidViewError("the game is over: nobody is to move")
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
    """
    start = _time.perf_counter()
    v = as_view(view)
    if weighting not in WEIGHTINGS:
        raise InvalidViewError(
            f"unknown weighting {weighting!r}: use one of {', '.join(WEIGHTINGS)}"
        )
    if v.trump is None or v.to_move is None:
        raise InvalidViewError("no tile to play: the hand is not in play")
    if v.to_move != v.seat:
        raise InvalidViewError(f"{SEATS[v.seat]} is not to play ({SEATS[v.to_move]} is)")
    if samples < 1:
        raise InvalidViewError("samples must be at least 1")
    if objective not in ("auto", "goal", "points"):
        raise InvalidViewError(f"unknown objective {objective!r}: auto, goal or points")
    sampler = WorldSampler(v)
    warnings: list[str] = []
    chunked = time is not None or on_progress is not None or should_stop is not None
    if sampler.count <= exact_limit:
        method, worlds, seed = "exact", list(sampler), None
        if chunked:  # a shuffled order makes any prefix a uniform sample without replacement
            random.Random(0).shuffle(worlds)
    else:
        method = "pimc"
        seed = new_seed() if seed is None else seed
        worlds = sampler.sample(samples, seed)
    legal = [t.id for t in v.legal_moves]
    threads = thread_count(threads)
    first = v.position_of(worlds[0])
    remaining = first.remaining_points
    tt = tt_mb or (16 if first.tricks_left >= 6 else 4)
    if v.gone and v.contract is not None:
        warnings.append("tricks before the recorded plays are unknown: their points count as 0")
    if weighting != "uniform" and v.gone:
        weighting = "uniform"  # who held the unrecorded tiles at the deal is unknown
        warnings.append("auction weighting needs every play recorded: worlds weighted uniformly")
    weights_all = world_weights(v, worlds, weighting)
    if weighting != "uniform":
        n_eff = float(weights_all.sum() ** 2 / (weights_all**2).sum())
        warnings.append(
            f"{weighting} weighting: effective sample size {n_eff:.0f} of {len(worlds)}"
        )

    step = CHUNK if chunked else len(worlds)
    values = np.zeros((0, len(legal)), dtype=np.int16)
    nodes = 0
    hint_now = None
    for lo in range(0, len(worlds), step):
        positions = [v.position_of(w) for w in worlds[lo : lo + step]]
        out = solve_batch(positions, threads=threads, moves=True, tt_mb=tt)
        assert out.move_values is not None
        values = np.vstack([values, out.move_values[:, legal]])
        nodes += out.nodes
        done = len(values)
        hint_now = _aggregate(
            v,
            legal,
            values,
            weights_all[:done],
            remaining,
            method if done == len(worlds) else "pimc",
            seed,
            start,
            weighting,
            warnings,
            nodes,
            objective,
        )
        if on_progress is not None and done < len(worlds):
            on_progress(hint_now)
        if done < len(worlds) and (
            (time is not None and _time.perf_counter() - start >= time)
            or (should_stop is not None and should_stop())
        ):
            hint_now.warnings.append(f"stopped after {done} of {len(worlds)} worlds")
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
