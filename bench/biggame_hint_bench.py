"""The Big Game's hints and bid advice (issue 23's hint targets): deals of rule bots from seeds 1..N,
each at trick 4 (8 tricks left: a hint of ``--worlds`` worlds, no time limit), at the first lead (a
hint within each of ``--budget`` seconds: how many worlds it rests on in how long, valued whole or,
when none was within the time, each lead's make tests, and its best leads), and at the auction: the hint bot's bid decision for the seat to bid
(``BidTests``: does some declaration take the least bid plus 5 points on 75% of ``--bid-samples``
deals, by zero-window tests within ``--bid-time`` seconds on one thread), then the declaration it
would name for that bid (the same deals and limit); ``--bid-check`` asks the same question again
without a time limit (every test run to its end) and says whether the timed answers agree (the bid, and
the declaration against the one of no limit); ``--baseline FILE[,FILE]`` runs the auction's questions
also with other builds' ``bid_tests.py`` (e.g. ``git show REV:python/dominosolver/texas42/bid_tests.py``),
alternated with this one deal by deal (the order of the builds turns a step each deal); at the
exchange of the same deals (rule bots bidding), the exchange advice of the bidder (``advise_exchange``:
every legal discard ranked, the same deals and limit). Threads:
``--threads`` (the hints).

    python bench/biggame_hint_bench.py            # --deals 5 --worlds 100 --budget 10 --threads 2 --bid-samples 12 --bid-time 4
    python bench/biggame_hint_bench.py --skip trick4,first,exchange --deals 10 --bid-check --baseline /tmp/old_bid_tests.py
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from dominosolver.biggame import BigGame, hint
from dominosolver.biggame.exchange import advise_exchange
from dominosolver.errors import SearchLimitError
from dominosolver.texas42.bid_tests import BidTests
from dominosolver.texas42.bots import RuleBot


def played_to(seed: int, done: Callable[[BigGame], bool]) -> BigGame:
    game, bot = BigGame(seed=seed), RuleBot()
    while not done(game):
        game.play(bot.choose(game))
    return game


def baseline_module(path: str, k: int) -> ModuleType:
    """Another build's ``bid_tests.py`` as a module of this package (its relative imports this build's)."""
    spec = importlib.util.spec_from_file_location(f"dominosolver.texas42._baseline_bid_tests_{k}", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--baseline {path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def auction(build: type[BidTests], view, level: int, args: argparse.Namespace,
            limit: dict[str, float]) -> tuple[bool, object, float, float, BidTests]:
    """One build's bid decision and declaration at ``level`` on the bench's deals, each within
    ``limit`` (``time`` or ``max_nodes``): (bid?, declaration, seconds of each, the tests)."""
    t = time.perf_counter()
    tests = build(view, samples=args.bid_samples, seed=1)
    makes = tests.makes_any(level, 0.75, **limit)
    bid_s = time.perf_counter() - t
    t = time.perf_counter()
    best = tests.best_declaration(level, **limit)
    return makes, best, bid_s, time.perf_counter() - t, tests


def first_lead(view, seed: int, budget: float, args: argparse.Namespace, rows: dict[str, list[float]]) -> None:
    """The first lead's hint within ``budget`` seconds: the worlds it rests on, valued whole or
    (``basis`` "tests") each lead's make tests, and its three best leads."""
    t = time.perf_counter()
    try:
        h = hint(view, samples=args.worlds, seed=1, threads=args.threads, time=budget)
    except SearchLimitError as e:  # an older build's answer when no world was valued whole
        print(f"deal {seed} first lead (budget {budget:g}): {type(e).__name__} in {time.perf_counter() - t:.1f} s: {e}")
        return
    rows.setdefault(f"first ({budget:g} s)", []).append(time.perf_counter() - t)
    basis = getattr(h, "basis", "values")
    top = ", ".join(f"{m.move} {m.makes}/{m.sets}" if basis == "tests" else
                    f"{m.move} {'—' if m.mean is None else f'{m.mean:.1f}'} p {m.p_make:.2f}" for m in h.moves[:3])
    print(f"deal {seed} first lead: {h.worlds} worlds ({basis}) in {time.perf_counter() - t:.1f} s (budget {budget:g}), "
          f"{h.nodes:,} nodes, best {top}{' (makes/sets)' if basis == 'tests' else ''}")


def at_trick_4(game: BigGame) -> bool:
    pos = game.position
    return game.phase == "playing" and len(pos.plays) >= 12 and not pos.trick


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--budget", default="10", help="the first lead's time limits, seconds (comma-separated)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--bid-samples", type=int, default=12)
    ap.add_argument("--bid-time", type=float, default=4.0)
    ap.add_argument("--bid-nodes", default="", help="the auction's questions within these M nodes (comma-separated), "
                    "not --bid-time: deterministic")
    ap.add_argument("--bid-check", action="store_true", help="compare each timed bid decision with the untimed one")
    ap.add_argument("--skip", default="", help="parts to skip: trick4,first,bid,exchange")
    ap.add_argument("--baseline", default="", help="other builds' bid_tests.py (comma-separated), their auction's "
                    "questions alternated with this one's")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    baselines = {Path(path).name: baseline_module(path, k) for k, path in enumerate(filter(None, args.baseline.split(",")))}
    limits = ({"": {"time": args.bid_time}} if not args.bid_nodes else
              {f" at {n:g} M nodes": {"max_nodes": round(float(n) * 1e6)} for n in args.bid_nodes.split(",")})
    rows: dict[str, list[float]] = {"trick4": [], "untimed bid": [], "exchange": []}
    agree = 0
    named: dict[str, int] = {}
    for seed in range(1, args.deals + 1):
        if "trick4" not in skip:
            view = played_to(seed, at_trick_4)
            view = view.view(view.to_move)
            t = time.perf_counter()
            h = hint(view, samples=args.worlds, seed=1, threads=args.threads)
            rows["trick4"].append(time.perf_counter() - t)
            print(f"deal {seed} trick 4: {h.worlds} worlds in {rows['trick4'][-1]:.2f} s, {h.nodes:,} nodes, best {h.best}")
        if "first" not in skip:
            game = played_to(seed, lambda g: g.phase == "playing")
            for budget in (float(b) for b in args.budget.split(",")):
                first_lead(game.view(game.to_move), seed, budget, args, rows)
        if "bid" not in skip:
            game = BigGame(seed=seed)
            view = game.view(game.to_move)
            level = game.rules.min_bid + 5
            builds = [("", BidTests), *((f" ({name})", module.BidTests) for name, module in baselines.items())]
            turn = seed % len(builds)
            answers, bids = {}, {}
            for build_name, build in builds[turn:] + builds[:turn]:  # alternated: which build goes first
                for at, limit in limits.items():
                    name = build_name + at
                    makes, best, bid_s, declare_s, tests = auction(build, view, level, args, limit)
                    answers[(build_name.strip() or "this build") + at], bids[name] = best, makes
                    rows.setdefault("bid" + name, []).append(bid_s)
                    rows.setdefault("declare" + name, []).append(declare_s)
                    unknown = int(tests.tested(level).unknown.sum())
                    print(f"deal {seed} auction{name}: {'bid' if makes else 'pass'} in {bid_s:.2f} s, declare {best} in "
                          f"{declare_s:.2f} s; {tests.tests} tests ({tests.cut} cut short), {tests.nodes:,} nodes, "
                          f"{unknown} pairs unknown at {level}")
            if args.bid_check:
                t = time.perf_counter()
                untimed = BidTests(view, samples=args.bid_samples, seed=1)
                exact = untimed.makes_any(level, 0.75)
                exact_best = untimed.best_declaration(level)
                rows["untimed bid"].append(time.perf_counter() - t)
                makes = bids[next(iter(limits))]  # this build's, within the first limit
                agree += exact == makes
                for name, best in answers.items():
                    named[name] = named.get(name, 0) + (best == exact_best)
                print(f"  untimed: {'bid' if exact else 'pass'}, declare {exact_best} in {rows['untimed bid'][-1]:.1f} s "
                      f"(bid {'agrees' if exact == makes else 'DIFFERS'}; declaration "
                      + ", ".join(f"{name} {'agrees' if best == exact_best else 'DIFFERS'}" for name, best in answers.items())
                      + ")")
        if "exchange" not in skip:
            game = played_to(seed, lambda g: g.phase != "bidding")
            if game.phase == "exchange":
                t = time.perf_counter()
                advice = advise_exchange(game, samples=args.bid_samples, seed=1, time=args.bid_time)
                rows["exchange"].append(time.perf_counter() - t)
                print(f"deal {seed} exchange: {len(advice.choices)} discards in {rows['exchange'][-1]:.2f} s, "
                      f"declaring {advice.declaration}, best {advice.best}; {advice.tests} tests ({advice.cut} cut short), "
                      f"{sum(c.unknown[0] for c in advice.choices)} of {len(advice.choices) * advice.worlds} unknown at "
                      f"{advice.levels[0]}")
    if rows["untimed bid"]:
        print(f"timed bid decisions agreeing with the untimed ones: {agree} of {len(rows['untimed bid'])}")
        for name, count in named.items():
            print(f"timed declarations, {name}, naming the untimed one: {count} of {len(rows['untimed bid'])}")
    for part, times in rows.items():
        if times:
            print(f"{part}: median {statistics.median(times):.2f} s, max {max(times):.2f} s over {len(times)} deals")


if __name__ == "__main__":
    main()
