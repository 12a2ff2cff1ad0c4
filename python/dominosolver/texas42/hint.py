"""Play hints for one seat: perfect-information Monte Carlo done right.

Draw K deals once from the seat's view (exactly uniformly, ``sampling.py``), solve every legal move on
the **same** deals in batched C++ calls, then average per move (the loop is ``pimc.py``, shared with
Bingo): mean points for the seat's team
from the current trick on (like ``solve``'s value), its standard error, and the probability that the
contract is made. When few deals fit the view, all of them are solved and the hint is exact.

In Moon's widow exchange (docs/rules.md §4.1) the moves are the tiles the bidder may lay away, each
valued on the same deals by the tricks it then takes (``dominosolver.moon.exchange``, Moon's
``Deciders.exchange_scores``). In The Big Game's exchange before trumps (§4.3) the hint is its
member's exchange advice (``Deciders.advise_exchange``: an ``ExchangeAdvice``, the discards ranked
by zero-window tests), as the game registry's hint answers there.

Moves are ranked by what wins marks: in the marks game with a contract, first the chance of reaching
the seat's goal (making the contract when declaring, setting it when defending), then the mean
points; in the points game, or without a contract, by mean points first. Averages first, then the
choice: a move is never chosen by counting the deals it wins.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import time as _time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import pimc
from .._core import decisions as _decisions
from ..arguments import seed_value, table_megabytes, thread_count, time_limit, world_count
from ..errors import InvalidViewError, ParseError, SearchLimitError, shown
from ..pimc import MoveStat  # one move of a hint, shared with Bingo's
from ..stoppable import Abandoned
from .advice_defaults import ADVICE_DEFAULTS
from .deciders import deciders_of
from .exchange_rule import in_exchange
from .game_odds import game_chance, parse_score, stake
from .infoset import infoset_values
from .plays import play_of
from .position import Position
from .rules import side_label
from .sampling import World, WorldSampler, as_view, new_seed, position_of
from .solve import LONG_TRICKS, reach_batch, solve_batch
from .view import PlayerView
from .weighting import WEIGHTINGS, world_log_weights

__all__ = ["ENGINE_NAME", "HINT_SCHEMA", "METHODS", "Hint", "MoveStat", "as_view", "engine_info", "hint"]

HINT_SCHEMA = "dominosolver.hint/1"
ENGINE_NAME = pimc.ENGINE_NAME
# A hint's figures are stated once in the core (cpp/include/dominosolver/texas42/decisions.hpp), which
# the WebAssembly module's hints read too.
SAMPLES: int = _decisions.hint.SAMPLES  # worlds a hint samples when the caller names none
EXACT_LIMIT: int = _decisions.hint.EXACT_LIMIT
METHODS = ("pimc", "infoset")  # plain PIMC; the seat's next decision made per group of worlds (infoset.py)
MEANS = ("tied", "all")  # which moves get their mean value: those tied for the best chance, or every one
CHUNK: int = _decisions.hint.CHUNK  # worlds per batched call when a time limit, a stop or progress reports need batches
# Beyond LONG_TRICKS tricks (The Big Game's first tricks) one world's solve can take seconds: under a
# time limit the worlds go a world per thread (LONG_CHUNK at least a batch), each with a node budget
# the time left allows at NODES_PER_SECOND a thread (below the quiet search's ~20 M/s), at least
# MIN_WORLD_NODES; a world cut short is left out and said so.
KEPT_POSITIONS = 2000  # positions the cheap path keeps from its tests to value the tied moves again
LONG_CHUNK: int = _decisions.hint.LONG_CHUNK
NODES_PER_SECOND: int = _decisions.hint.NODES_PER_SECOND
MIN_WORLD_NODES: int = _decisions.hint.MIN_WORLD_NODES
# There, with a contract in points, the worlds' values get this share of a time limit; when not one
# world was valued whole by then, the rest goes to each move's make tests (``_proven``): the core's
# (core/pimc.hpp), the WebAssembly module's too.
VALUES_SHARE: float = _decisions.pimc.VALUES_SHARE
engine_info = pimc.engine_info


@dataclass(frozen=True)
class Hint:
    view: PlayerView
    moves: list[MoveStat]  # best first
    method: str  # "pimc" or "exact" (plain PIMC on sampled or on every world), or "infoset" (infoset.py)
    worlds: int
    seed: int | None
    elapsed: float = field(compare=False)  # timing: not part of equality
    weighting: str = "uniform"
    goal: str | None = None  # "make" (declaring side), "set" (defenders) or None without a contract
    warnings: list[str] = field(default_factory=list)
    nodes: int = field(compare=False, default=0)  # the work: varies with threads, not part of equality
    units: str = "points"  # what the means count: "points", or "tricks" (a contract of every trick or none)
    ess: float | None = None  # weighted worlds' effective sample size (None when uniform)
    enumerated: bool = False  # every world that fits the view was averaged (method "infoset")
    score: tuple[int, int] | None = None  # the game's marks, the seat's side first (objective "game")
    # What the ranking rests on: "values" (every move valued, or its chance tested, on each of the
    # worlds), or "tests" when no world was whole within the time (The Big Game's first leads): each
    # move's make tests within a node budget, the worlds proven made and set (MoveStat.makes, .sets).
    basis: str = "values"

    def p_game(self, move: MoveStat) -> float | None:
        """The seat's side's chance of winning the game after ``move`` (objective "game"; else None):
        its P(make), the contract's stake and the score (``game_odds.py``)."""
        if self.score is None or move.p_make is None or self.view.contract is None:
            return None
        return game_chance(move.p_make, self.score, stake(self.view.rules, self.view.contract.bid),
                           self.goal == "make", self.view.rules.target)

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def pov(self) -> str:
        """The side the values count for, by its seats' names as a solve names the side to move:
        the seat's team ("NS", "EW"), or in three-player Moon under a contract the bidder ("P1") or
        the other two together ("P0P2", docs/rules.md §4.1)."""
        return pov_name(self.view)

    @property
    def exact(self) -> bool:
        return self.method == "exact" or self.enumerated

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
            "game": self.view.game,
            "rules": self.view.rules.game_flags,  # as in its position: "game" names the family
            "position": self.view.to_json(),
            "seat": self.seat,
            "pov": self.pov,
            "engine": engine_info(),
            "method": self.method,
            "exact": self.exact,
            "worlds": self.worlds,
            "seed": self.seed,
            "weighting": self.weighting,
            "ess": None if self.ess is None else round(self.ess, 3),
            "goal": self.goal,
            **({"score": list(self.score)} if self.score is not None else {}),
            "units": self.units,
            # only a hint of make tests says so: the others rest on values, as ever (the module's hints' JSON too)
            **({"basis": self.basis} if self.basis != "values" else {}),
            "best": self.best,
            "elapsed": round(self.elapsed, 6),
            "nodes": self.nodes,
            "warnings": list(self.warnings),
            "moves": [
                {
                    "move": m.move,
                    "mean": p(m.mean),
                    "stderr": p(m.stderr),
                    "p_make": p(m.p_make),
                    "p_make_stderr": p(m.p_make_stderr),
                    **({"p_game": p(self.p_game(m))} if self.score is not None else {}),
                    **({"makes": m.makes, "sets": m.sets} if m.makes is not None else {}),
                    "rank": m.rank,
                }
                for m in self.moves
            ],
        }

    def __str__(self) -> str:
        head = (
            f"{self.view.rules.seat_names[self.seat]} ({side_label(self.view.rules, self.pov)}) to {'lay a tile away' if in_exchange(self.view) else 'play'}; "
            f"{self.method} over {self.worlds} worlds"
            + (f", seed {self.seed}" if self.seed is not None else "")
        )
        if self.basis == "tests":
            lines = [head + f"; no world valued whole: ranked by make tests ({self.goal or 'make'})",
                     "rank move  makes   sets"]
            return "\n".join(lines + [f"{m.rank:4d} {m.move:>4} {m.makes:6d} {m.sets:6d}" for m in self.moves])
        lines = [head + f"; means in {self.units}", "rank move   mean  stderr  p_make  stderr"]
        for m in self.moves:
            pm = "   —" if m.p_make is None else f"{m.p_make:6.3f} {m.p_make_stderr:7.3f}"
            mean = "     —       —" if m.mean is None else f"{m.mean:6.2f} {m.stderr:7.3f}"
            lines.append(f"{m.rank:4d} {m.move:>4} {mean}  {pm}")
        return "\n".join(lines)


def hint(
    view: Any,
    samples: int | None = None,
    seed: int | None = None,
    time: float | None = None,
    weighting: str = "uniform",
    *,
    method: str = "pimc",
    threads: int | None = None,
    exact_limit: int = EXACT_LIMIT,
    objective: str = "auto",
    score: Any = None,
    means: str = "tied",
    tt_mb: int | None = None,
    on_progress: Callable[[Hint], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Hint | Any:
    """Score every legal move of the seat to move from its view.

    ``samples`` deals (None: ``SAMPLES``, 200) are drawn once (seeded: ``seed=None`` picks one and reports it) and every move
    is solved on all of them; with at most ``exact_limit`` consistent deals, all are solved instead
    (``method="exact"``). ``time`` (seconds) stops sampling early, between batches of deals, once
    spent; ``should_stop`` likewise. ``on_progress`` receives the hint so far after each batch.
    ``weighting`` is ``"uniform"`` (every consistent deal equally likely), ``"auction"`` (deals
    weighted by how well each hand fits its bids), ``"play"`` (by how likely the other seats' plays
    of the last two tricks are with their hands) or ``"auction+play"`` (see ``weighting.py``); weighted deals whose
    effective sample size falls under a quarter of ``samples`` are topped up (``pimc.py``). ``objective`` orders the
    moves: ``"goal"`` by the chance of making (or setting) the contract, then mean points;
    ``"points"`` by mean points, then that chance; ``"auto"`` is ``"goal"`` in the marks game with
    a contract and ``"points"`` otherwise; ``"game"`` (42's marks game, with ``score``: the marks of
    the seat's side and the other's) by the chance of winning the game to 7 marks (``game_odds.py``:
    the same order as ``"goal"`` within a hand, each move's ``p_game`` reported). ``method`` is ``"pimc"`` (every world solved double
    dummy) or ``"infoset"`` (the seat's next choice made once for the worlds it cannot tell apart,
    see ``infoset.py``; about twice the search nodes). ``means``: ``"tied"`` ranks a contract in
    points by the chance first at a fraction of the cost: a zero-window test per move and world
    decides make or set, and only the moves tied for the best chance are valued exactly (the others'
    means are None); ``"all"`` values every move (as the points objective, method infoset and the
    contracts in tricks always do).

    The bidder's view in The Big Game's exchange before trumps (docs/rules.md §4.3) gets its
    member's exchange advice instead (``Deciders.advise_exchange``, an ``ExchangeAdvice``): its legal
    discards ranked by zero-window tests on ``samples`` deals (None: its own 12), within ``time``,
    ``threads``, ``tt_mb`` and ``should_stop``; the options that judge plays, given other than
    their defaults, are left unused and said so in its warnings.

    A hint answers on the worlds solved when ``time`` or ``should_stop`` ends it (said in its
    warnings), at least one: beyond ``LONG_TRICKS`` tricks left (The Big Game's first tricks) one
    world can take seconds, and each gets the nodes the time left allows (``world_budget``). There,
    under a contract in points, the worlds' values get ``VALUES_SHARE`` of ``time``; when not one
    world is valued whole by then (or before the stop), the hint rests on make tests instead
    (``basis`` "tests", ``_proven``): each move's zero-window test of the seat's goal on the same
    worlds within ``MIN_WORLD_NODES`` nodes a world, for the rest of the time (one call of
    ``threads`` worlds at least), the moves ranked by the worlds proven made or set after each
    (``MoveStat.makes``, ``.sets``), with no means and no chances. Otherwise, with no world solved
    (or those tests deciding nothing), SearchLimitError ("no world was solved ...", or "none of the
    N worlds could be solved ...") says to give more time or none.

    Limits: ``samples`` 1 to ``MAX_WORLDS`` (1,000,000) or None, ``exact_limit`` 0 to ``MAX_WORLDS``,
    ``seed`` a whole number from 0 or None, ``time`` seconds from 0 (0: one batch) or None; else
    ParseError.
    """
    start = _time.perf_counter()
    asked = _checked(view, samples, seed, time, weighting, method=method, threads=threads, exact_limit=exact_limit,
                     objective=objective, score=score, means=means, tt_mb=tt_mb, on_progress=on_progress,
                     should_stop=should_stop, start=start)
    if asked.view.trump is None:  # The Big Game's exchange before trumps (_checked lets no other view through)
        unused = [name for name, value, default in (
            ("weighting", weighting, "uniform"), ("method", method, "pimc"), ("exact_limit", exact_limit, EXACT_LIMIT),
            ("objective", objective, "auto"), ("score", score, None), ("means", means, "tied")) if value != default]
        return _exchange_advice(asked, samples is not None, unused)
    sampler = WorldSampler(asked.view)
    question = _question(asked, sampler)
    return question.present(_estimate(asked, question, sampler))


@dataclass(frozen=True)
class _Asked:
    """A hint's arguments once checked (``_checked``), and when it started: what every step reads."""

    view: PlayerView
    samples: int
    seed: int | None
    time: float | None
    weighting: str
    method: str
    threads: int | None
    exact_limit: int
    objective: str
    marks: tuple[int, int] | None  # the game's score (objective "game"), the seat's side first
    means: str
    tt_mb: int | None
    on_progress: Callable[[Hint], None] | None
    should_stop: Callable[[], bool] | None
    start: float

    @property
    def deadline(self) -> float | None:
        """When the time is up (long worlds under way are left there, stoppable.py), or None."""
        return None if self.time is None else self.start + self.time


HAND_OVER = "the hand is over: there is no move to hint"
NO_WORLD = ("a hint answers on one solved world at least: give it more time, or none (a world with many tricks "
            "left, as at The Big Game's first leads, can take seconds to solve)")


def _checked(view: Any, samples: Any, seed: Any, time: Any, weighting: Any, *, method: Any, threads: Any,
             exact_limit: Any, objective: Any, score: Any, means: Any, tt_mb: Any, on_progress: Any,
             should_stop: Any, start: float) -> _Asked:
    """``hint``'s arguments checked, each bad one a named error (ParseError, or InvalidViewError for a
    view that cannot be hinted)."""
    # Every limit is checked before any work, so a typo fails at once instead of running for hours.
    samples = world_count(SAMPLES if samples is None else samples)
    seed = seed_value(seed)
    time = time_limit(time)
    exact_limit = world_count(exact_limit, "exact_limit", low=0)
    threads = thread_count(threads)
    if tt_mb is not None:
        tt_mb = table_megabytes(tt_mb)
    for name, fn in (("on_progress", on_progress), ("should_stop", should_stop)):
        if fn is not None and not callable(fn):
            raise ParseError(f"{name} must be a function or None, not {shown(fn)}")
    if isinstance(view, Position) and view.to_move is None:
        raise InvalidViewError(HAND_OVER)  # as as_view's for a finished Position
    v = as_view(view)
    if weighting not in WEIGHTINGS:
        raise ParseError(f"unknown weighting {shown(weighting)}: use one of {', '.join(WEIGHTINGS)}")
    if method not in METHODS:
        raise ParseError(f"unknown method {shown(method)}: use one of {', '.join(METHODS)}")
    if v.trump is None and not _before_trumps(v):
        raise InvalidViewError(before_play(v, "no tile to play"))
    if v.to_move is None:
        raise InvalidViewError(HAND_OVER)
    if v.to_move != v.seat:
        raise InvalidViewError(f"{v.rules.seat_names[v.seat]} is not to play ({v.rules.seat_names[v.to_move]} is)")
    if objective not in ("auto", "goal", "points", "game"):
        raise ParseError(f"unknown objective {shown(objective)}: auto, goal, points or game")
    if (objective == "game") != (score is not None):
        raise InvalidViewError("objective game needs the game's score (the seat's side's marks first), and a "
                               "score is read for that objective only")
    marks = None if score is None else parse_score(score, v.rules.target)
    # 42's marks game: every other member scores points (rules.scoring, by its family row's points_only)
    if marks is not None and (v.rules.scoring != "marks" or v.contract is None):
        raise InvalidViewError("objective game ranks by the chance of winning a game of 42 to 7 marks: it needs "
                               "the marks game and a contract")
    if means not in MEANS:
        raise ParseError(f"unknown means {shown(means)}: use one of {', '.join(MEANS)}")
    return _Asked(v, samples, seed, time, weighting, method, threads, exact_limit, objective, marks, means, tt_mb,
                  on_progress, should_stop, start)


def before_play(v: PlayerView, nothing: str) -> str:
    """Why a view before trumps are named has ``nothing`` (``"no tile to play"``, ``"nothing to
    claim"``) and what to ask instead, or that another seat decides there: the same words from
    ``hint`` and ``claim``."""
    names = v.rules.seat_names
    seat = names[v.seat]
    if _before_trumps(v):  # hint answers there: the discards ranked
        return f"{nothing}: {seat}'s view is in the exchange: ask hint"
    if v.contract is not None and v.to_move is not None and v.to_move != v.seat:  # advise-bid answers only the seat deciding
        if _others_exchange(v):
            doing = f"{names[v.to_move]}, the bidder, is laying a tile away"
            return f"{nothing}: {seat}'s view is in the exchange: {doing}; nothing for {seat} to decide"
        return (f"{nothing}: {seat}'s view is in the declaration of trumps: {names[v.to_move]} is naming trumps; "
                f"nothing for {seat} to decide")
    return f"{nothing}: {seat}'s view is in the {'auction' if v.contract is None else 'declaration of trumps'}: ask advise-bid"


def _others_exchange(v: PlayerView) -> bool:
    """Whether ``v`` is another seat's view of The Big Game's exchange (docs/rules.md §4.3): no trump
    named, the bidder holding its hand and the undealt tile (biggame.exchange.in_big_game_exchange
    is the bidder's own)."""
    rules = v.rules
    return bool(rules.row.left_over == "undealt" and v.contract is not None and v.trump is None
                and v.hand_sizes[v.contract.declarer] == rules.hand_size + rules.undealt)


def _before_trumps(v: PlayerView) -> bool:
    """Whether ``v`` is its member's exchange before trumps (The Big Game's bidder with the undealt tile)."""
    before = deciders_of(v.rules).before_trumps
    return before is not None and bool(before(v))


def _exchange_advice(a: _Asked, samples_given: bool, unused: list[str]) -> Any:
    """The member's exchange advice for the bidder's view before trumps (``Deciders.advise_exchange``):
    ``samples`` when given (else its own), the time, threads, table and stop; ``unused``: the
    options given that judge plays, said in its warnings."""
    advise = deciders_of(a.view.rules).advise_exchange
    assert advise is not None
    limits: dict[str, Any] = {"seed": a.seed, "time": a.time, "threads": a.threads or 1,
                              "should_stop": a.should_stop}
    if samples_given:
        limits["samples"] = a.samples
    if a.tt_mb is not None:
        limits["tt_mb"] = a.tt_mb
    advice = advise(a.view, **limits)
    if unused:
        advice.warnings.append(f"{', '.join(unused)}: not used by the exchange's tests")
    return advice


@dataclass
class _Question:
    """What a hint asks of its worlds, settled before any is solved: the moves (play ids: tiles,
    or in Moon's exchange the tiles laid away), how a batch of worlds scores them (``score``),
    where the contract is made (``chance``), the seat's goal and the means' units, the ranking
    (``rank_key``), and on the cheap path the zero-window tests first (``tests_first``: the tests'
    scorer, the tied moves' values, which test results make the contract). ``objective``,
    ``weighting`` and ``method`` are those asked once the view's limits are applied."""

    asked: _Asked
    legal: list[int]
    score: Callable[[list[World]], pimc.Scores]
    chance: Callable[[np.ndarray], np.ndarray] | None
    goal: str | None  # "make", "set", or None without a contract
    units: str
    fewest: bool  # under a contract of no trick (Nel-O) every side plays to take the fewest tricks
    objective: str
    weighting: str
    method: str
    warnings: list[str]
    chunk: int = CHUNK
    tests_first: tuple[Any, ...] | None = None
    # The last resort's make tests when no world is valued whole within the time (``_proven``):
    # beyond LONG_TRICKS tricks with a contract in points, the seat's goal in points from here.
    resort_target: int | None = None
    tt: int = 16  # the searches' table (MB a thread)

    @functools.cached_property
    def order(self) -> Any:
        """How the moves rank (the core's ``MoveOrder``, texas42/decisions.hpp: the WebAssembly
        module's hints rank by it too): the goal, the objective, the fewest tricks, the game's score."""
        v, marks = self.asked.view, self.asked.marks
        game = self.objective == "game"
        return _decisions.hint.MoveOrder(self.goal, self.objective, self.fewest, marks if game else None,
                                         stake(v.rules, v.contract.bid) if game else 1, v.rules.target)

    def choose(self, values: np.ndarray, weights: np.ndarray) -> int:
        """The seat's tile over a group of worlds it cannot tell apart: the hint's own ranking."""
        w = weights / weights.sum()
        p = None if self.chance is None else w @ self.chance(values)
        keys = [self.rank_key(float(w @ values[:, j]), None if p is None else float(p[j])) for j in range(values.shape[1])]
        return max(range(len(keys)), key=keys.__getitem__)

    def rank_key(self, mean: float | None, p_make: float | None) -> tuple[float, ...]:
        """A move's rank key from its mean and P(make): by the objective, the chance of the seat's
        goal first ("goal", or the game's odds: "game") or the mean ("points"); the mean negated
        when every side plays for the fewest tricks; a move not valued by its chance alone."""
        return self.order.key(mean, p_make)  # type: ignore[no-any-return]

    def present(self, e: pimc.Estimate) -> Hint:
        """The estimate as the hint answers it."""
        moves = [MoveStat(str(play_of(self.legal[m.index])), m.mean, m.stderr, m.chance, m.rank, m.chance_stderr,
                          m.makes, m.sets) for m in e.moves]
        shown_method = e.method if self.method == "pimc" else self.method
        return Hint(self.asked.view, moves, shown_method, e.worlds, e.seed, e.elapsed, self.weighting, self.goal,
                    list(e.warnings), e.nodes, self.units, e.ess, self.method != "pimc" and e.method == "exact",
                    self.asked.marks, e.basis)


def _question(a: _Asked, sampler: WorldSampler) -> _Question:
    """The hint's question: Moon's widow exchange (its discards) or a play."""
    warnings: list[str] = []
    weighting = a.weighting
    if weighting != "uniform" and not ADVICE_DEFAULTS[a.view.rules.family]["fitted"]:
        warnings.append(f"{weighting} weighting models Texas 42's players: worlds weighted uniformly")
        weighting = "uniform"  # the auction and play models were fitted on 42's bids and plays
    if in_exchange(a.view):
        return _exchange_question(a, weighting, warnings)
    return _play_question(a, sampler, weighting, warnings)


def _exchange_question(a: _Asked, weighting: str, warnings: list[str]) -> _Question:
    """Moon's widow exchange (§4.1): the moves are the 8 tiles the bidder may lay away, each valued
    double dummy by the tricks it then takes (Moon's ``Deciders.exchange_scores``)."""
    v, method = a.view, a.method
    if method != "pimc":
        warnings.append(f"method {method} judges plays: the discards are valued double dummy")
        method = "pimc"
    legal, score, chance = deciders_of(v.rules).exchange_scores(v, a.threads, a.tt_mb if a.tt_mb is not None else 16)
    objective = "goal" if a.objective in ("auto", "game") else a.objective
    return _Question(a, legal, score, chance, "make", "tricks", False, objective, weighting, method, warnings)


def _play_question(a: _Asked, sampler: WorldSampler, weighting: str, warnings: list[str]) -> _Question:
    """A play: the seat's legal tiles, each solved on every world (or on the cheap path first tested
    against the seat's goal), the contract's goal and units read off one world of the view."""
    v = a.view
    legal = [t.id for t in v.legal_moves]
    first = position_of(v, sampler.world(0))  # every world has the same points and tricks left
    long = first.tricks_left > LONG_TRICKS  # a world can take seconds: the time is checked more often
    tt = a.tt_mb if a.tt_mb is not None else _decisions.hint.table_mb(first.tricks_left)
    weighting = _play_weighting(v, first, weighting, warnings)
    sides = _sides(v, first)
    goal = None if sides is None else ("make" if sides[1] else "set")
    objective = a.objective
    if objective == "auto":  # a contract of every trick (or none) is all or nothing in either game
        objective = "goal" if v.rules.scoring == "marks" or first.units == "tricks" else "points"
    resort = long and sides is not None and first.objective == "points"
    # With a last resort, the worlds' values get VALUES_SHARE of the time and the make tests the rest.
    values_asked = dataclasses.replace(a, time=a.time * VALUES_SHARE) if resort and a.time is not None else a
    solves = _Solves(values_asked, tt, budgeted=long and a.time is not None)
    question = _Question(a, legal, solves.score, None if sides is None else _makes(v, first, *sides), goal,
                         first.units, first.objective == "no trick", objective, weighting, a.method, warnings,
                         chunk=max(LONG_CHUNK, a.threads or 1) if long else CHUNK, tt=tt)
    if resort:
        assert sides is not None
        question.resort_target = _goal_target(v, first, *sides)
    solves.question = question
    if (a.means == "tied" and a.method == "pimc" and objective in ("goal", "game") and sides is not None
            and first.objective == "points"):
        ours = sides[1]
        solves.target = _goal_target(v, first, *sides)
        question.tests_first = (solves.tested, solves.tied_values, (lambda r: r == 1) if ours else (lambda r: r == 0))
    return question


def _play_weighting(v: PlayerView, first: Position, weighting: str, warnings: list[str]) -> str:
    """The weighting a play's worlds get, what the view allows of the one asked (said in ``warnings``,
    with the tricks the view does not record)."""
    if v.gone and v.contract is not None:
        warnings.append("tricks before the recorded plays are unknown: their points count as 0")
    if weighting != "uniform" and v.gone:
        warnings.append(f"{weighting} weighting needs every play recorded: worlds weighted uniformly")
        weighting = "uniform"  # who held the unrecorded tiles at the deal is unknown
    if "play" in weighting.split("+") and first.units != "points":
        # The model's temperature is fitted on points: a contract in tricks keeps the rest.
        weighting = weighting.replace("+play", "").replace("play", "uniform")
        warnings.append(f"play weighting is fitted on contracts in points: worlds weighted by {weighting}")
    return weighting


class _Solves:
    """The searches of a play's hint on a batch of worlds: every move's value (PIMC), the seat's
    choice made per group of worlds (infoset), or on the cheap path a zero-window test per move
    (``tested``, against ``target`` points) and then the tied moves' values (``tied_values``).
    Beyond LONG_TRICKS tricks under a time limit (``budgeted``) each world's search gets a node
    budget from the time left (``world_budget``)."""

    question: _Question  # the question it scores for (its moves, method, weighting and ranking), set once built

    def __init__(self, asked: _Asked, tt: int, budgeted: bool) -> None:
        self.asked, self.tt, self.budgeted = asked, tt, budgeted
        self.target = 0
        # The tests' positions by world, valued again where tied (the worlds drawn all live through the
        # run, so their ids are distinct); the first KEPT_POSITIONS only, so memory stays bounded.
        self.built: dict[int, Position] = {}

    def world_budget(self) -> int:
        """Nodes a world may take so the batch ends within the time left (0: no budget)."""
        if not self.budgeted:
            return 0
        a = self.asked
        assert a.time is not None
        left = a.start + a.time - _time.perf_counter()
        return max(MIN_WORLD_NODES, int(left * NODES_PER_SECOND))

    def score(self, worlds: list[World]) -> pimc.Scores:
        a, q = self.asked, self.question
        positions = [position_of(a.view, w) for w in worlds]
        if q.method == "infoset":
            logs = world_log_weights(a.view, worlds, q.weighting, threads=a.threads)
            values, nodes = infoset_values(positions, q.legal, np.exp(logs - logs.max()), q.choose, threads=a.threads,
                                           tt_mb=self.tt, deadline=a.deadline, should_stop=a.should_stop)
            return pimc.Scores(values, nodes, log_weights=logs[:len(values)])
        try:
            out = solve_batch(positions, threads=a.threads, moves=True, tt_mb=self.tt, max_nodes=self.world_budget(),
                              should_stop=a.should_stop, deadline=a.deadline)
        except Abandoned:  # long worlds left at the deadline or the stop: none of this batch
            return pimc.Scores(np.zeros((0, len(q.legal)), dtype=np.int16), 0)
        assert out.move_values is not None
        solved = None if out.complete is None or out.complete.all() else out.complete
        return pimc.Scores(out.move_values[:, q.legal], out.nodes, solved=solved)

    def tested(self, worlds: list[World]) -> pimc.Scores:
        """Per world and move, 1 where the seat's side still reaches its goal after the move."""
        a, legal = self.asked, self.question.legal
        positions = [position_of(a.view, w) for w in worlds]
        for w, p in zip(worlds, positions):
            if len(self.built) < KEPT_POSITIONS:
                self.built[id(w)] = p
        try:
            out = reach_batch(positions, [self.target] * len(worlds), a.threads, tt_mb=self.tt,
                              max_nodes=self.world_budget(), should_stop=a.should_stop, deadline=a.deadline)
        except Abandoned:  # long worlds left at the deadline or the stop: none of this batch
            return pimc.Scores(np.zeros((0, len(legal)), dtype=np.int8), 0)
        answered = out.known[:, legal].all(axis=1)
        return pimc.Scores(out.reached[:, legal].astype(np.int8), out.nodes,
                           solved=None if answered.all() else answered)

    def tied_values(self, worlds: list[World], columns: list[int]) -> pimc.Scores:
        a = self.asked
        plays = [self.question.legal[c] for c in columns]
        try:
            out = solve_batch([self.built.get(id(w)) or position_of(a.view, w) for w in worlds], threads=a.threads,
                              moves=True, tt_mb=self.tt, max_nodes=self.world_budget(), only=[plays] * len(worlds),
                              should_stop=a.should_stop, deadline=a.deadline)
        except Abandoned:  # long worlds left at the deadline or the stop: none of this batch
            return pimc.Scores(np.zeros((0, len(columns)), dtype=np.int16), 0)
        assert out.move_values is not None
        values = out.move_values[:, plays]
        solved = (values >= 0).all(axis=1)  # -1: a play its node budget left unvalued
        return pimc.Scores(values, out.nodes, solved=None if solved.all() else solved)


def _estimate(a: _Asked, q: _Question, sampler: WorldSampler) -> pimc.Estimate:
    """The question asked of the worlds drawn (or enumerated) once: the shared PIMC loop, on the
    cheap path the zero-window tests first and then the tied moves' values."""
    v, weighting = a.view, q.weighting
    scorer = pimc.Scorer(
        q.score,
        q.rank_key,
        chance=q.chance,
        # Uniform worlds are weighted too (all logs 0), so both weightings average alike.
        weigh=lambda worlds: world_log_weights(v, worlds, weighting, threads=a.threads),
        weighting=None if weighting == "uniform" else weighting,
        # infoset groups the worlds a seat cannot tell apart among those solved together: one batch
        batch=q.chunk if q.method == "pimc" else pimc.UNCHUNKED,
        gives_up="its node budget (the time left) ran out",
    )
    on_progress = a.on_progress
    report = None if on_progress is None else (lambda e: on_progress(q.present(e)))
    if q.tests_first is not None:  # the chance from zero-window tests, then the tied moves' values
        tested, _, makes = q.tests_first
        scorer = dataclasses.replace(scorer, score=tested, chance=makes)
        if on_progress is not None:  # the tests' means are chances, not values: none shown yet
            report = lambda e: on_progress(q.present(_unvalued(e)))
    seed = new_seed() if a.seed is None else a.seed
    resort = q.resort_target is not None and (a.time is not None or a.should_stop is not None)
    try:
        estimate = pimc.run(
            sampler,
            scorer,
            samples=a.samples,
            seed=seed,
            exact_limit=a.exact_limit,
            time=a.time * VALUES_SHARE if resort and a.time is not None else a.time,
            should_stop=a.should_stop,
            on_progress=report,
            warnings=q.warnings,
            started=a.start,
        )
    except SearchLimitError as e:  # not one world solved whole: the make tests, or no answer to rest on
        if resort:
            share = "" if a.time is None else f" ({VALUES_SHARE:g} of the time, the values' share)"
            return _proven(a, q, sampler, seed, f"{e}{share}")
        raise SearchLimitError(f"{e}; {NO_WORLD}") from e
    if q.tests_first is not None:
        batch = q.chunk if a.time is not None or a.should_stop is not None else pimc.UNCHUNKED
        estimate = pimc.refine(estimate, q.tests_first[1], q.rank_key, batch=batch, time=a.time,
                               should_stop=a.should_stop, started=a.start)
    return estimate


def _proven(a: _Asked, q: _Question, sampler: WorldSampler, seed: int, why: str) -> pimc.Estimate:
    """The last resort when no world was valued whole within the time (``why``; The Big Game's first
    leads, where a world's every move takes seconds): on the worlds the values drew (the same seed),
    each move's zero-window test of the seat's goal (``reach_batch``) within MIN_WORLD_NODES nodes a
    world, ``threads`` worlds a call until the time is up or a stop, the first call whatever the
    time: an answer at least, within a fraction of a second. The moves rank by the worlds in which
    the test proved the seat's goal reached, then by the fewest proven missed; no means, no chances
    (what a test left undecided is neither): the estimate's ``basis`` is "tests"."""
    assert q.resort_target is not None
    step = thread_count(a.threads)
    draws = sampler.stream(seed)
    reached: list[np.ndarray] = []
    known: list[np.ndarray] = []
    nodes = done = 0
    while done < a.samples:
        positions = [position_of(a.view, w) for w in itertools.islice(draws, min(step, a.samples - done))]
        late = {"should_stop": a.should_stop, "deadline": a.deadline} if done else {}
        try:
            out = reach_batch(positions, [q.resort_target] * len(positions), a.threads, tt_mb=q.tt,
                              max_nodes=MIN_WORLD_NODES, **late)
        except Abandoned:  # the time or a stop came during a later call: the calls before it stand
            break
        reached.append(out.reached[:, q.legal] & out.known[:, q.legal])
        known.append(out.known[:, q.legal])
        nodes, done = nodes + out.nodes, done + len(positions)
        if (a.deadline is not None and _time.perf_counter() >= a.deadline) or (a.should_stop and a.should_stop()):
            break
    hit, decided = np.concatenate(reached), np.concatenate(known)
    if not decided.any():
        raise SearchLimitError(f"{why}, and the make tests decided nothing within their node budget "
                               f"({MIN_WORLD_NODES:,} nodes a world); {NO_WORLD}")
    hits, misses = hit.sum(axis=0), (decided & ~hit).sum(axis=0)
    makes, sets = (hits, misses) if q.goal == "make" else (misses, hits)
    ranks = pimc.rank_proven(hits, misses)
    moves = tuple(pimc.MoveEstimate(j, None, None, None, r, None, int(makes[j]), int(sets[j])) for j, r in ranks)
    note = (f"{why}: the moves are ranked by make tests alone ({MIN_WORLD_NODES:,} nodes a world), by the worlds "
            f"proven to {q.goal} the contract after each, then the fewest proven not to; {done} worlds tested, "
            f"{int(decided.all(axis=1).sum())} of them whole (every move decided); no means")
    return pimc.Estimate(moves, "pimc", done, seed, _time.perf_counter() - a.start, nodes, (*q.warnings, note),
                         basis="tests")


def _unvalued(e: pimc.Estimate) -> pimc.Estimate:
    """An estimate of the zero-window tests with its means (chances, not values) taken out."""
    return dataclasses.replace(e, moves=tuple(dataclasses.replace(m, mean=None, stderr=None) for m in e.moves))


def pov_name(v: PlayerView) -> str:
    """The seat's side by its seats' names, as a solve names the side to move (``Position.side_names``):
    its team, or in three-player Moon (each for itself until a bid makes the bidder one side and the
    other two the other) the bidder's name or the other two's together. The core's
    (texas42/decisions.hpp), the WebAssembly module's too."""
    return _decisions.hint.pov(v.rules._core, v.seat, None if v.contract is None else v.contract.declarer)  # type: ignore[no-any-return]


def _sides(v: PlayerView, world: Position) -> tuple[int, bool] | None:
    """The declaring side and whether the seat is on it (None without a contract), as the
    contract seats the table (`world`: one world of the view; Moon: the bidder alone)."""
    if v.contract is None:
        return None
    declarer_team = world.side_of(v.contract.declarer)
    return declarer_team, world.side_of(v.seat) == declarer_team


def _goal_target(v: PlayerView, world: Position, declarer_team: int, ours: bool) -> int:
    """The points the seat's side must take from the current trick on to reach its goal: the
    contract's need less the declaring side's points so far, or for the defenders one more than
    the declarers may take without making."""
    assert v.contract is not None
    short = v.rules.points_needed(v.contract.bid) - v.points[declarer_team]
    return short if ours else world.remaining_points - short + 1


def _makes(v: PlayerView, world: Position, declarer_team: int, ours: bool) -> Callable[[np.ndarray], np.ndarray]:
    """Per world and move, whether the declaring side makes its contract: its points so far plus
    what it takes from here (the seat's values when the seat declares, the rest when it defends);
    in tricks, no trick lost so far and every one left taken (every trick, docs/rules.md §3.4), or
    none taken so far nor from here (no trick, §3.3); Moon's tricks (§4.1-4.2) are its points, a
    point a trick and no counters. `world` is one world of the view: all share the points and tricks left."""
    assert v.contract is not None
    if world.objective == "every trick":
        left, lost = world.tricks_left, world.tricks_won[1 - declarer_team]
        return lambda values: (lost == 0) & ((values if ours else left - values) == left)
    if world.objective == "no trick":  # Nel-O (§3.3): the declaring side takes none
        left, taken = world.tricks_left, world.tricks_won[declarer_team]
        return lambda values: (taken == 0) & ((values if ours else left - values) == 0)
    need = v.rules.points_needed(v.contract.bid)
    already = v.points[declarer_team]
    remaining = world.remaining_points
    return lambda values: already + (values if ours else remaining - values) >= need
