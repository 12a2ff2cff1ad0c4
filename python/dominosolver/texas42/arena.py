"""Strength evaluation: bots play mirrored deals (each deal twice, the teams swapped), so the luck of
the deal cancels and the difference in marks measures the players.

A deal is one hand of a game of 42 (auction, declaration, play, scoring) from ``Game(seed)`` with a
fixed dealer. Per deal and pair of bots A, B: the marks A's side scored minus B's, summed over the
two mirrored hands. Over many deals: the mean difference with a 95% confidence interval and a
two-sided p-value (paired z-test on the per-deal differences; with a sign test alongside), and per
bot the contracts it declared and made (Wilson 95% interval).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..arguments import whole_number
from ..errors import ParseError
from ..resume import earlier_results, rewrite_lines
from .bots import HintBot, RandomBot, RuleBot
from .game import Game
from .rules import SEATS

__all__ = ["BOTS", "PairStats", "make_bot", "play_deal", "play_mirrored", "run_arena", "summarise"]

BOTS = ("hint", "rule", "random")


def make_bot(name: str, seed: int, options: dict[str, Any]) -> Any:
    if name == "hint":
        keys = (
            "samples",
            "bid_samples",
            "risk",
            "mark_risk",
            "discount",
            "exact_limit",
            "objective",
        )
        return HintBot(seed=seed, **{k: options[k] for k in keys if k in options})
    if name == "rule":
        return RuleBot()
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {name!r}: one of {', '.join(BOTS)}")


def deal_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index * 7919 + 1) & 0x7FFFFFFF


def play_deal(deal: int, ns: Any, ew: Any, dealer: int) -> dict[str, Any]:
    """Play the first hand of ``Game(deal, dealer)`` with bot ``ns`` on N and S, ``ew`` on E and W."""
    game = Game(seed=deal, dealer=dealer)
    while not game.hands_played:
        bot = ns if game.to_move in (0, 2) else ew
        game.play(bot.choose(game))
    hand = game.hands_played[0]
    contract = hand["contract"]
    result = hand["result"]
    return {
        "contract": None
        if contract is None
        else {"declarer": SEATS[contract.declarer], "bid": contract.bid},
        "trump": hand["trump"],
        "made": None if result is None else result["made"],
        "marks": [0, 0] if result is None else list(result["score"]),
        "points": [hand["points"]["NS"], hand["points"]["EW"]],
    }


def play_mirrored(args: tuple[int, int, str, str, dict[str, Any]]) -> dict[str, Any]:
    """Deal ``index`` twice: ``a`` on NS then on EW, ``b`` opposite. (One picklable argument for pools.)"""
    index, seed, a, b, options = args
    deal = deal_seed(seed, index)
    dealer = index % 4
    games = []
    for a_side in (0, 1):
        bot_a, bot_b = (
            make_bot(a, deal * 2 + a_side, options),
            make_bot(b, deal * 2 + a_side + 7, options),
        )
        ns, ew = (bot_a, bot_b) if a_side == 0 else (bot_b, bot_a)
        g = play_deal(deal, ns, ew, dealer)
        g["a_side"] = a_side
        games.append(g)
    diff = sum(g["marks"][g["a_side"]] - g["marks"][1 - g["a_side"]] for g in games)
    return {
        "index": index,
        "pair": [a, b],
        "deal": deal,
        "dealer": dealer,
        "games": games,
        "diff": diff,
    }


@dataclass(frozen=True)
class PairStats:
    a: str
    b: str
    deals: int
    marks_a: int
    marks_b: int
    mean_diff: float  # marks per deal (two hands), A minus B
    ci95: tuple[float, float]
    p_value: float  # two-sided, paired z-test
    sign_wins: int  # deals A won on marks
    sign_losses: int
    sign_p: float  # two-sided exact sign test
    contracts: dict[str, dict[str, Any]]  # per bot: declared, made, rate, ci95

    def to_json(self) -> dict[str, Any]:
        finite = all(math.isfinite(x) for x in self.ci95)
        return dict(self.__dict__, ci95=list(self.ci95) if finite else None)  # None: one deal, no interval


def _normal_sf(z: float) -> float:
    return 0.5 * math.erfc(z / math.sqrt(2))


def _sign_test(wins: int, losses: int) -> float:
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def _wilson(made: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = made / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(results: list[dict[str, Any]]) -> list[PairStats]:
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
            p = _sign_test(wins, losses) if n > 1 else 1.0
        if b == a:
            b = f"{b}'"  # a bot against itself: its two seats are counted apart
        marks = {a: 0, b: 0}
        contracts = {a: [0, 0], b: [0, 0]}
        for r in rows:
            for g in r["games"]:
                side_bot = {g["a_side"]: a, 1 - g["a_side"]: b}
                marks[a] += g["marks"][g["a_side"]]
                marks[b] += g["marks"][1 - g["a_side"]]
                if g["contract"] is not None:
                    who = side_bot[SEATS.index(g["contract"]["declarer"]) & 1]
                    contracts[who][0] += 1
                    contracts[who][1] += bool(g["made"])
        out.append(
            PairStats(
                a=a,
                b=b,
                deals=n,
                marks_a=marks[a],
                marks_b=marks[b],
                mean_diff=mean,
                ci95=(mean - 1.959964 * se, mean + 1.959964 * se) if n > 1 else (-math.inf, math.inf),
                p_value=p,
                sign_wins=wins,
                sign_losses=losses,
                sign_p=_sign_test(wins, losses),
                contracts={
                    bot: {
                        "declared": d,
                        "made": m,
                        "rate": m / d if d else None,
                        "ci95": list(_wilson(m, d)),
                    }
                    for bot, (d, m) in contracts.items()
                },
            )
        )
    return out


def run_arena(
    deals: int,
    pairs: list[tuple[str, str]],
    *,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    output: str | Path | None = None,
    overwrite: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Play ``deals`` mirrored deals for every pair; with ``output`` (JSON lines) a rerun resumes.

    The output only ever holds deals of this seed and these options: anything else in it raises
    OutputConflictError, the file untouched, unless ``overwrite`` (those lines are dropped)."""
    whole_number(deals, "deals", 1)
    whole_number(jobs, "jobs", 1)
    if not pairs or any(b not in BOTS for pair in pairs for b in pair):
        raise ParseError(f"give pairs of bots among {', '.join(BOTS)}, not {pairs!r}")
    options = options or {}
    # What a finished deal must match to be reused, as it reads back from JSON.
    settings = json.loads(json.dumps({"seed": seed, "options": options}))

    def foreign(r: Any) -> str | None:
        if not (isinstance(r, dict) and {"settings", "pair", "index", "games"} <= r.keys()):
            return "is not an arena deal"
        if r["settings"] != settings:
            return "is a deal of another seed or other bot options"
        return None

    done: dict[tuple[str, str, int], dict[str, Any]] = {}
    if output is not None:
        for r in earlier_results(output, foreign, overwrite=overwrite):
            done[(r["pair"][0], r["pair"][1], r["index"])] = r
        rewrite_lines(output, (json.dumps(r) for r in done.values()))  # drops a torn last line
    todo = [
        (i, seed, a, b, options) for a, b in pairs for i in range(deals) if (a, b, i) not in done
    ]
    results = [r for (a, b, i), r in done.items() if (a, b) in pairs and i < deals]
    total = len(results) + len(todo)
    with open(output if output is not None else os.devnull, "a") as sink:
        for r in _map(todo, jobs):
            r["settings"] = settings
            results.append(r)
            sink.write(json.dumps(r) + "\n")
            sink.flush()
            if progress is not None:
                progress(len(results), total)
    return sorted(results, key=lambda r: (r["pair"], r["index"]))


def _map(todo: list[Any], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        yield from map(play_mirrored, todo)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_mirrored, todo, chunksize=1)
