"""The bid adviser's cost: the whole grid (every declaration x every bid) of one hand, and whether a
time limit holds.

    python bench/bid_bench.py --hands 20 --threads 1
    python bench/bid_bench.py --game biggame --hands 6 --time 2

Hands are the first caller's of ``Game(seed)`` for seeds 0.., under each game's rules. Without
``--time`` it prints the seconds per advice at the default worlds (42 and Moon 200, The Big Game 32),
median and 90th percentile; with ``--time T`` each advice is asked for ``--samples`` worlds (many:
the limit must end it) and it prints how long each took against T.
"""

from __future__ import annotations

import argparse
import statistics
import time

from dominosolver.texas42 import Game, Rules, advise_bid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="texas42", choices=["texas42", "moon", "moon4", "biggame"])
    parser.add_argument("--rules", default="", help="flags as flag:value,... (e.g. specials:all)")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--samples", type=int, default=None, help="worlds (default: the adviser's)")
    parser.add_argument("--time", type=float, default=None, help="a time limit to check")
    args = parser.parse_args()
    flags = dict(f.split(":") for f in args.rules.split(",") if f)
    rules = Rules.from_json({**flags, "family": args.game})
    samples = args.samples if args.samples or args.time is None else 100_000
    times, worlds, over = [], [], []
    advise_bid(Game(seed=10_000, rules=rules), samples=8, threads=args.threads)  # tables allocated, code warm
    for seed in range(args.hands):
        game = Game(seed=seed, rules=rules)
        start = time.perf_counter()
        advice = advise_bid(game, samples=samples, threads=args.threads, time=args.time)
        spent = time.perf_counter() - start
        times.append(spent)
        worlds.append(advice.worlds)
        if args.time:
            over.append(spent / args.time - 1)
        print(f"seed {seed}: {advice.action:<12} {advice.worlds} worlds, {spent * 1000:.0f} ms", flush=True)
    q = statistics.quantiles(times, n=10) if len(times) > 1 else times * 9
    print(f"{rules.title}{' ' + args.rules if args.rules else ''}, {args.threads} thread(s), {args.hands} hands: "
          f"median {statistics.median(times) * 1000:.0f} ms, p90 {q[8] * 1000:.0f} ms, worlds median "
          f"{statistics.median(worlds):.0f}")
    if over:
        print(f"time limit {args.time} s: overshoot median {statistics.median(over):+.1%}, worst {max(over):+.1%}")


if __name__ == "__main__":
    main()
