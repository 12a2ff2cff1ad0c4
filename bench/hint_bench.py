"""Hint engine speed: a play hint over 200 worlds, at the first lead and from the fourth trick on
(single-threaded), with only the moves tied for the best P(make) valued (means tied, the default)
and with every move valued (means all), side by side on the same views, and the bidding advisor over 500 worlds x 9
declarations (on 2 threads). Prints a table; figures go in bench/README.md under "## Hints".

    python bench/hint_bench.py [--positions 20] [--hands 4] [--samples 200] [--bid-samples 500] [--means tied all]
    python bench/hint_bench.py --method infoset --weighting play --hands 0   # issue 28's hints

Positions: the solver bench's deals and declarations (bench_set.py: seat 0 declares the number it
holds most of, ties to the higher, every 4th deal doubles and every 5th follow-me), contract 30;
four rule-of-thumb players make the plays before the hinted one. A hint is timed from the view to
the finished Hint (sampling, building positions, the batched solve, aggregation).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_set import deal, declaration  # noqa: E402

from dominosolver.texas42 import Position, advise_bid, hint  # noqa: E402
from dominosolver.texas42.bots import choose_tile  # noqa: E402


def bench_position(seed: int, tricks_before: int) -> Position:
    hands = deal(seed)
    pos = Position(trump=declaration(seed, hands[0]), hands=hands, leader=0, contract=(0, 30))
    while len(pos.plays) < 4 * tricks_before:
        pos.play(choose_tile(pos))
    return pos


def summary(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, round(0.9 * (len(ms) - 1)))]
    return f"{statistics.median(ms):9.1f} {p90:9.1f} {ms[-1]:9.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--bid-samples", type=int, default=500)
    ap.add_argument("--method", default="pimc", help="the play hints' method: pimc or infoset")
    ap.add_argument("--weighting", default="uniform", help="the play hints' weighting: uniform, play, ...")
    ap.add_argument("--means", nargs="+", default=["tied", "all"],
                    help="the play hints' means, each timed on the same views (tied: the cheap path; all: every move)")
    args = ap.parse_args()

    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"{'case':<34}{'n':>4} {'median ms':>9} {'p90 ms':>9} {'max ms':>9}  worlds  nodes/hint")
    for label, tricks_before in (
        ("play hint, first lead", 0),
        ("play hint, trick 4 lead", 3),
        ("play hint, trick 5 lead", 4),
    ):
        # Both ways of valuing the moves on the same views, alternated view by view (one period).
        times: dict[str, list[float]] = {m: [] for m in args.means}
        nodes: dict[str, list[int]] = {m: [] for m in args.means}
        worlds: dict[str, list[int]] = {m: [] for m in args.means}
        same_p = 0
        for seed in range(args.positions):
            pos = bench_position(seed, tricks_before)
            view = pos.view(pos.to_move)
            chances = []
            for means in args.means:
                start = time.perf_counter()
                h = hint(view, samples=args.samples, seed=seed, threads=1, exact_limit=0, method=args.method,
                         weighting=args.weighting, means=means)
                times[means].append(time.perf_counter() - start)
                nodes[means].append(h.nodes)
                worlds[means].append(h.worlds)
                chances.append({m.move: m.p_make for m in h.moves})
            same_p += all(c == chances[0] for c in chances)
        for means in args.means:
            print(
                f"{label + f' ({args.method}, means {means})':<34}{len(times[means]):>4} {summary(times[means])}  "
                f"{statistics.median(worlds[means]):6.0f}  {statistics.median(nodes[means]):10.0f}"
            )
        if len(args.means) > 1:
            print(f"  identical P(make) of every move with means {' and '.join(args.means)}: {same_p} of {args.positions} views")

    if not args.hands:
        return
    times = []
    for seed in range(args.hands):
        hand = bench_position(100 + seed, 0).hand(0)
        start = time.perf_counter()
        advise_bid(hand, seat=0, samples=args.bid_samples, seed=seed, threads=2)
        times.append(time.perf_counter() - start)
    print(
        f"{f'advise_bid {args.bid_samples} x 9 (2 threads)':<34}{len(times):>4} {summary(times)}  {args.bid_samples:6d}"
    )


if __name__ == "__main__":
    main()
