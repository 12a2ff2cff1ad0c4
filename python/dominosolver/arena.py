"""Strength evaluation, for any game with an arena: bots play mirrored deals (each deal twice, the
sides swapped), so the luck of the deal cancels and the difference in score measures the players.

What is the game's own (``Arena``, a field of its registry row): its bots and how they are built,
how a deal is dealt and played between two bots, what a play scores for each side (42: the marks of
one hand; Bingo: the game points of one deal) and its own figures per bot (42: contracts made).
What is shared (this module): the deals' seeds and the mirrored schedule, the paired statistics,
the worker pool and the resumable output.

Per deal and pair of bots A, B: A's score minus B's, summed over the two mirrored plays. Over many
deals: the mean difference with a 95% confidence interval and a two-sided p-value (paired z-test on
the per-deal differences; with a sign test alongside).
"""

from __future__ import annotations

import json
import math
import os
import time as _time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._core import decisions as _decisions
from .arguments import callback, seed_value, time_limit, whole_number
from .errors import ParseError, shown
from .resume import earlier_results, job_count, output_lock, rewrite_lines, worker_pool, write_line

__all__ = [
    "SCHEMA",
    "Arena",
    "PairStats",
    "Play",
    "deal_seed",
    "known_bot",
    "make_bot",
    "make_bots",
    "mean_interval",
    "play_mirrored",
    "report",
    "run_arena",
    "success_cell",
    "success_rate",
    "summarise",
]

SCHEMA = "dominosolver.arena/1"
SIDES = (0, 1)  # the two sides of a mirrored deal: bot A sits on side 0, then on side 1
Z95: float = _decisions.bidding.Z95  # two-sided 95% quantile of the normal distribution (the core's)

# One play of a deal as a game's tally sees it: its record and the bots on sides 0 and 1.
Play = tuple[dict[str, Any], tuple[str, str]]


@dataclass(frozen=True)
class Arena:
    """A game's part of the arena:

    - ``make_bot(name, seed, options)``: a bot (``ParseError`` for an unknown name or option);
    - ``setup(index, options)``: what turns from deal to deal besides the seed (42: ``{"dealer": ...}``),
      and the game's own settings among the options (42: ``"rules"``, when given);
    - ``play(deal, bots)``: the record of one play of ``{"deal": seed, **setup}``, ``bots`` on
      sides 0 and 1;
    - ``score(play)``: what sides 0 and 1 scored in it (42: marks; Bingo: game points);
    - ``tally(plays, (a, b))``: the game's own figures over a pair's plays, per bot;
    - ``columns(stats)``: those figures in the arena table, header -> cell.

    The functions are module-level (worker processes receive the row by pickling) and records are
    JSON values, as they read back from an output file."""

    game: str  # the registry's tag of the game
    bots: tuple[str, ...]  # the bots there are; a run without --bots pairs them all off
    defaults: Mapping[str, Any]  # the bot options the command line offers, with its defaults
    make_bot: Callable[[str, int, dict[str, Any]], Any]
    setup: Callable[[int, dict[str, Any]], dict[str, Any]]
    play: Callable[[dict[str, Any], tuple[Any, Any]], dict[str, Any]]
    score: Callable[[dict[str, Any]], Sequence[int]]
    unit: str  # what a score counts, as summaries name it: "marks" -> "marks_a", "marks_b"
    tally: Callable[[list[Play], tuple[str, str]], dict[str, Any]]  # {"contracts": {bot: ...}}
    columns: Callable[[PairStats], dict[str, str]]
    title: str  # the arena table's title
    # Records and summaries carry "game"; not 42's, which stay as they were before other games had
    # an arena (untagged JSON is Texas 42's, as everywhere).
    tagged: bool = True
    paired: tuple[str, ...] = ()  # the bots a run without --bots pairs off, when not all of them
    whole: Arena | None = None  # the game's arena of whole games (`arena --whole`), where it has one

    def __repr__(self) -> str:
        return f"games.get({self.game!r}).arena"


def deal_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index * 7919 + 1) & 0x7FFFFFFF


def play_mirrored(task: tuple[Arena, int, int, str, str, dict[str, Any]]) -> dict[str, Any]:
    """Deal ``index`` of ``seed`` played twice: ``a`` on side 0 and ``b`` on side 1, then swapped.
    (One picklable argument, for pools.)"""
    arena, index, seed, a, b, options = task
    deal = deal_seed(seed, index)
    dealt = {"deal": deal, **arena.setup(index, options)}
    games = []
    for a_side in SIDES:
        bot_a, bot_b = make_bots(arena, deal, a_side, a, b, options)
        g = arena.play(dealt, (bot_a, bot_b) if a_side == 0 else (bot_b, bot_a))
        g["a_side"] = a_side
        games.append(g)
    diff = sum(arena.score(g)[g["a_side"]] - arena.score(g)[1 - g["a_side"]] for g in games)
    tag = {"game": arena.game} if arena.tagged else {}
    return {"index": index, **tag, "pair": [a, b], **dealt, "games": games, "diff": diff}


def make_bots(
    arena: Arena, deal: int, a_side: int, a: str, b: str, options: dict[str, Any]
) -> tuple[Any, Any]:
    """Bots A and B for one play of a deal, each with a seed of its own."""
    seed = deal * 2 + a_side
    return make_bot(arena, a, seed, options), make_bot(arena, b, seed + 7, options)


def make_bot(arena: Arena, name: str, seed: int, options: dict[str, Any]) -> Any:
    """A bot by its arena name: ``hint``, or ``hint@200``, a bot with worlds of its own per play
    hint (so that bots of unequal cost per world can be compared at equal time per move)."""
    base, _, worlds = name.partition("@")
    if worlds:
        if not known_bot(arena, name):
            raise ParseError(f"bot {shown(name)}: only a bot that samples worlds takes @N, N from 1")
        options = {**options, "samples": int(worlds)}
    return arena.make_bot(base, seed, options)


def known_bot(arena: Arena, name: str) -> bool:
    """Whether ``name`` is one of the arena's bots, or a sampling bot with its worlds (``hint@200``)."""
    base, at, worlds = name.partition("@")
    return base in arena.bots and (not at or ("samples" in arena.defaults and worlds.isdigit() and int(worlds) >= 1))


@dataclass(frozen=True)
class PairStats:
    """A pair's summary. The game names its own figures: 42's ``marks_a`` (``score_a`` in the
    game's unit) and ``contracts`` (one of its ``extras``) read as attributes too."""

    a: str
    b: str
    deals: int
    unit: str  # what a score counts: "marks", "game_points"
    score_a: int
    score_b: int
    mean_diff: float  # score per deal (two plays), A minus B
    ci95: tuple[float, float]
    p_value: float  # two-sided, paired z-test
    sign_wins: int  # deals A won on score
    sign_losses: int
    sign_p: float  # two-sided exact sign test
    extras: dict[str, Any]  # the game's own figures per bot: {"contracts": {bot: {...}}}

    def __getattr__(self, name: str) -> Any:
        fields = self.__dict__  # not self.unit: unpickling asks for attributes before setting them
        unit, extras = fields.get("unit"), fields.get("extras", {})
        if name == f"{unit}_a":
            return fields["score_a"]
        if name == f"{unit}_b":
            return fields["score_b"]
        if name in extras:
            return extras[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def to_json(self) -> dict[str, Any]:
        finite = all(math.isfinite(x) for x in self.ci95)
        return {
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            f"{self.unit}_a": self.score_a,
            f"{self.unit}_b": self.score_b,
            "mean_diff": self.mean_diff,
            "ci95": list(self.ci95) if finite else None,  # None: one deal, no interval
            "p_value": self.p_value,
            "sign_wins": self.sign_wins,
            "sign_losses": self.sign_losses,
            "sign_p": self.sign_p,
            **self.extras,
        }


def _normal_sf(z: float) -> float:
    return 0.5 * math.erfc(z / math.sqrt(2))


def sign_test(wins: int, losses: int) -> float:
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def wilson(made: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson interval of ``made`` successes in ``n`` trials (0 to 1 when none): the core's
    (cpp/include/dominosolver/texas42/decisions.hpp), which the WebAssembly module's advice reads too."""
    lo, hi = _decisions.bidding.wilson(made, n, z)
    return (lo, hi)


def mean_interval(values: Sequence[float]) -> dict[str, Any]:
    """A mean with its 95% interval (normal approximation; None for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return {"mean": mean, "ci95": None}
    half = Z95 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    return {"mean": mean, "ci95": [mean - half, mean + half]}


def success_rate(tried: int, made: int) -> dict[str, Any]:
    """How often a bot made what it tried (42: contracts; Bingo: closes), with a Wilson 95% interval."""
    return {"made": made, "rate": made / tried if tried else None, "ci95": list(wilson(made, tried))}


def success_cell(figures: dict[str, Any], tried: str) -> str:
    """A success rate in a table cell: "2/4 50% (15%–85%)"; "—" when nothing was tried."""
    if not figures[tried]:
        return "—"
    lo, hi = figures["ci95"]
    return f"{figures['made']}/{figures[tried]} {figures['rate']:.0%} ({lo:.0%}–{hi:.0%})"


def summarise(arena: Arena, results: list[dict[str, Any]]) -> list[PairStats]:
    """One summary per pair of bots, in the order the pairs first appear."""
    pairs: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in results:
        pairs.setdefault((r["pair"][0], r["pair"][1]), []).append(r)
    out = []
    for (a, b), rows in pairs.items():
        diffs = [r["diff"] for r in rows]
        n = len(diffs)
        mean = sum(diffs) / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
        se = sd / math.sqrt(n) if n else 0.0
        wins, losses = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
        if se > 0:
            p = 2 * _normal_sf(abs(mean) / se)
        else:  # no spread to measure (one deal, or every deal alike): only the sign test can speak
            p = sign_test(wins, losses) if n > 1 else 1.0
        if b == a:
            b = f"{b}'"  # a bot against itself: its two seats are counted apart
        scores = {a: 0, b: 0}
        plays: list[Play] = []
        for r in rows:
            for g in r["games"]:
                sides = (a, b) if g["a_side"] == 0 else (b, a)
                for bot, points in zip(sides, arena.score(g)):
                    scores[bot] += points
                plays.append((g, sides))
        out.append(
            PairStats(
                a=a,
                b=b,
                deals=n,
                unit=arena.unit,
                score_a=scores[a],
                score_b=scores[b],
                mean_diff=mean,
                ci95=(mean - Z95 * se, mean + Z95 * se) if n > 1 else (-math.inf, math.inf),
                p_value=p,
                sign_wins=wins,
                sign_losses=losses,
                sign_p=sign_test(wins, losses),
                extras=arena.tally(plays, (a, b)),
            )
        )
    return out


def report(
    arena: Arena, deals: int, seed: int, options: dict[str, Any], stats: list[PairStats]
) -> dict[str, Any]:
    """The summary of a run, as ``dominosolver arena --json`` prints it (``dominosolver.arena/1``)."""
    tag = {"game": arena.game} if arena.tagged else {}
    pairs = [s.to_json() for s in stats]
    return {"schema": SCHEMA, **tag, "deals": deals, "seed": seed, "options": options, "pairs": pairs}


def run_arena(
    arena: Arena,
    deals: int,
    pairs: list[tuple[str, str]],
    *,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    output: str | Path | None = None,
    overwrite: bool = False,
    time: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play ``deals`` mirrored deals for every pair; with ``output`` (JSON lines) a rerun resumes.
    ``time`` (seconds) ends the run after the deal that spends it (the deals played so far are
    returned; a rerun with ``output`` plays the rest).

    The output only ever holds deals of this game, seed and options: anything else in it raises
    OutputConflictError, the file untouched, unless ``overwrite`` (those lines are dropped). One run
    at a time writes it: another raises OutputBusyError at once. Ctrl-C stops the run between two
    deals, every deal written whole."""
    started = _time.perf_counter()
    seconds = time_limit(time)
    whole_number(deals, "deals", 1)
    seed_value(seed, optional=False)  # the check of every seed
    callback(progress, "progress")  # called after the first deal: checked before any
    if options is not None and not isinstance(options, dict):
        raise ParseError(f"options must be a dict of the bots' options, not {shown(options)}")
    job_count(jobs)  # at most two worker processes a core
    if not pairs or any(not known_bot(arena, b) for pair in pairs for b in pair):
        raise ParseError(f"give pairs of bots among {', '.join(arena.bots)} (a hint bot's worlds of its own: "
                         f"hint@200), not {shown(pairs)}")
    options = options or {}
    for name in {b for pair in pairs for b in pair}:
        make_bot(arena, name, seed, options)  # bad options fail now, before the output is touched
    # What a finished deal must match to be reused, as it reads back from JSON.
    settings = json.loads(json.dumps({"seed": seed, "options": options}))
    game = arena.game if arena.tagged else None

    def foreign(r: Any) -> str | None:
        if not (isinstance(r, dict) and {"settings", "pair", "index", "games"} <= r.keys()):
            return "is not an arena deal"
        if r.get("game") != game:
            return "is a deal of another game's arena"
        if r["settings"] != settings:
            return "is a deal of another seed or other bot options"
        return None

    with output_lock(output) if output is not None else nullcontext():  # one writer per output (resume.py)
        done: dict[tuple[str, str, int], dict[str, Any]] = {}
        if output is not None:
            for r in earlier_results(output, foreign, overwrite=overwrite):
                done[(r["pair"][0], r["pair"][1], r["index"])] = r
            rewrite_lines(output, (json.dumps(r) for r in done.values()))  # drops a torn last line
        todo = [
            (arena, i, seed, a, b, options) for a, b in pairs for i in range(deals) if (a, b, i) not in done
        ]
        results = [r for (a, b, i), r in done.items() if (a, b) in pairs and i < deals]
        total = len(results) + len(todo)
        played = _map(todo, jobs)
        try:
            with open(output if output is not None else os.devnull, "a") as sink:
                for r in played:
                    r["settings"] = settings
                    line = json.dumps(r)
                    results.append(json.loads(line))  # as a resumed run reads it back
                    write_line(sink, line)  # whole, even on Ctrl-C
                    if progress is not None:
                        progress(len(results), total)
                    if seconds is not None and _time.perf_counter() - started >= seconds:
                        break
        finally:
            played.close()  # an interruption stops the workers too
    return sorted(results, key=lambda r: (r["pair"], r["index"]))


def _map(todo: list[Any], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        yield from map(play_mirrored, todo)
        return
    with worker_pool(jobs) as pool:
        yield from pool.imap(play_mirrored, todo, chunksize=1)
