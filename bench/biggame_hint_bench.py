"""The Big Game's hints and bid advice (issue 23's hint targets): deals of rule bots from seeds 1..N,
each at trick 4 (8 tricks left: a hint of ``--worlds`` worlds, no time limit), at the first lead (a
hint within ``--budget`` seconds: how many worlds it solved in how long, each world under a node
budget from the time left), and at the auction: the hint bot's bid decision for the seat to bid
(``BidTests``: does some declaration take the least bid plus 5 points on 75% of ``--bid-samples``
deals, by zero-window tests within ``--bid-time`` seconds on one thread), then the declaration it
would name for that bid (the same deals and limit); ``--bid-check`` asks the same question again
without a time limit (every test run to its end) and says whether the timed answer agrees; at the
exchange of the same deals (rule bots bidding), the exchange advice of the bidder (``advise_exchange``:
every legal discard ranked, the same deals and limit). Threads:
``--threads`` (the hints).

    python bench/biggame_hint_bench.py            # --deals 5 --worlds 100 --budget 10 --threads 2 --bid-samples 12 --bid-time 4
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
import statistics
import time

from dominosolver.biggame import BigGame, hint
from dominosolver.texas42.bid_tests import BidTests
from dominosolver.texas42.bots import RuleBot
from dominosolver.biggame.exchange import advise_exchange


def played_to(seed: int, done: Callable[[BigGame], bool]) -> BigGame:
    game, bot = BigGame(seed=seed), RuleBot()
    while not done(game):
        game.play(bot.choose(game))
    return game


def at_trick_4(game: BigGame) -> bool:
    pos = game.position
    return game.phase == "playing" and len(pos.plays) >= 12 and not pos.trick


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--budget", type=float, default=10.0)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--bid-samples", type=int, default=12)
    ap.add_argument("--bid-time", type=float, default=4.0)
    ap.add_argument("--bid-check", action="store_true", help="compare each timed bid decision with the untimed one")
    ap.add_argument("--skip", default="", help="parts to skip: trick4,first,bid,exchange")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    rows: dict[str, list[float]] = {"trick4": [], "first": [], "bid": [], "declare": [], "untimed bid": [], "exchange": []}
    agree = 0
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
            t = time.perf_counter()
            h = hint(game.view(game.to_move), samples=args.worlds, seed=1, threads=args.threads, time=args.budget)
            rows["first"].append(time.perf_counter() - t)
            print(f"deal {seed} first lead: {h.worlds} worlds in {rows['first'][-1]:.1f} s (budget {args.budget:g}), "
                  f"{h.nodes:,} nodes, best {h.best}")
        if "bid" not in skip:
            game = BigGame(seed=seed)
            view = game.view(game.to_move)
            level = game.rules.min_bid + 5
            t = time.perf_counter()
            tests = BidTests(view, samples=args.bid_samples, seed=1)
            makes = tests.makes_any(level, 0.75, time=args.bid_time)
            rows["bid"].append(time.perf_counter() - t)
            t = time.perf_counter()
            best = tests.best_declaration(level, time=args.bid_time)
            rows["declare"].append(time.perf_counter() - t)
            unknown = int(tests.tested(level).unknown.sum())
            print(f"deal {seed} auction: {'bid' if makes else 'pass'} in {rows['bid'][-1]:.2f} s, declare "
                  f"{best} in {rows['declare'][-1]:.2f} s; {tests.tests} tests ({tests.cut} cut short), "
                  f"{tests.nodes:,} nodes, {unknown} pairs unknown at {level}")
            if args.bid_check:
                t = time.perf_counter()
                exact = BidTests(view, samples=args.bid_samples, seed=1).makes_any(level, 0.75)
                rows["untimed bid"].append(time.perf_counter() - t)
                agree += exact == makes
                print(f"  untimed: {'bid' if exact else 'pass'} in {rows['untimed bid'][-1]:.1f} s "
                      f"({'agrees' if exact == makes else 'DIFFERS'})")
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
    for part, times in rows.items():
        if times:
            print(f"{part}: median {statistics.median(times):.2f} s, max {max(times):.2f} s over {len(times)} deals")


if __name__ == "__main__":
    main()
