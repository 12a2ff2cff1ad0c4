"""Hint speed on contracts counted in tricks (issues 22 and 24): first-lead hints over 200 worlds,
every legal tile scored in tricks, single-threaded. Prints a table; figures go in bench/README.md
under "## Hints".

    python bench/special_hint_bench.py [--positions 20] [--samples 200] [--sets plunge,moon,moon4,discard,bid]
                                       [--bid-positions 5]

Positions, by set:
- plunge: the bench set's deals (bench_set.py) in which some seat holds four doubles or more, the
  first such seat bidding 168:plunge; its partner names doubles trump and leads trick 1, and the
  hint is the partner's, from its view (the plunger's doubles public);
- moon, moon4: tricks_bench.py's Moon and Partnership Moon deals at the first lead (seat i % seats bids
  5 and leads; in Moon the widow is its discard), the hint the bidder's;
- discard: Moon's widow exchange on the same deals: the bidder holds its 7 tiles and the widow, and
  the hint ranks its 8 discards (each valued on every world by the core's discard_values);
- bid: Moon's bidding advice for seat i % 3 of the same deals (8 declarations x the widow's best
  discard on each world), on --bid-positions deals.
A hint is timed from the view to the finished Hint (sampling, building positions, the solves,
aggregation); every world is sampled (exact_limit 0), as in hint_bench.py.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_set import deal  # noqa: E402
from hint_bench import summary  # noqa: E402
from tricks_bench import MOON_BID, moon_deal, moon_position, moon_trump  # noqa: E402

from dominosolver import Tile  # noqa: E402
from dominosolver.texas42 import Contract, PlayerView, Position, Rules, advise_bid, hint  # noqa: E402

MOON = Rules(family="moon")


def exchange_view(i: int) -> PlayerView:
    """Deal `i` of Moon in its widow exchange, from the bidder's view (its 7 tiles and the widow)."""
    hands, widow = moon_deal(i)
    bidder = i % 3
    eight = tuple(sorted((Tile.from_id(t) for t in hands[bidder] + [widow]), reverse=True))
    trump = moon_trump(MOON._core, i, hands[bidder])
    return PlayerView.before_play(bidder, MOON, eight, (), trump=trump if trump == "none" else int(trump),
                                  contract=Contract(bidder, MOON_BID), hand_sizes=tuple(8 if s == bidder else 7 for s in range(3)),
                                  to_move=bidder)


def plunge_positions(count: int) -> list[tuple[int, Position]]:
    """(bench deal number, its Plunge position) for the first `count` deals that allow one."""
    out = []
    for i in itertools.count():
        hands = deal(i)
        bidders = [s for s, h in enumerate(hands) if sum(t.is_double for t in h) >= 4]
        if bidders:
            out.append((i, Position(trump="doubles", hands=hands, contract=(bidders[0], "168:plunge"))))
            if len(out) == count:
                return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--sets", default="plunge,moon,moon4,discard,bid")
    ap.add_argument("--bid-positions", type=int, default=5)
    args = ap.parse_args()

    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"{'case':<62}{'n':>4} {'median ms':>9} {'p90 ms':>9} {'max ms':>9}  worlds  nodes/hint")
    views = {
        "plunge": lambda: [(i, pos.view(pos.to_move)) for i, pos in plunge_positions(args.positions)],
        "moon": lambda: [(i, Position._wrap(moon_position("moon", i)).view(i % 3)) for i in range(args.positions)],
        "moon4": lambda: [(i, Position._wrap(moon_position("moon4", i)).view(i % 4)) for i in range(args.positions)],
        "discard": lambda: [(i, exchange_view(i)) for i in range(args.positions)],
    }
    labels = {"plunge": "plunge hint, first lead", "moon": "moon hint, first lead (bidder)",
              "moon4": "moon4 hint, first lead (bidder)", "discard": "moon widow-discard hint, 8 discards"}
    for name in args.sets.split(","):
        if name not in views:
            continue
        times, nodes, worlds = [], [], []
        for i, view in views[name]():
            start = time.perf_counter()
            h = hint(view, samples=args.samples, seed=i, threads=1, exact_limit=0)
            times.append(time.perf_counter() - start)
            assert h.units == "tricks" and h.moves[0].p_make is not None
            nodes.append(h.nodes)
            worlds.append(h.worlds)
        label = f"{labels[name]}, {args.samples} worlds (1 thread)"
        print(f"{label:<62}{len(times):>4} {summary(times)}  {statistics.median(worlds):6.0f}  {statistics.median(nodes):10.0f}")
    if "bid" in args.sets.split(","):
        times = []
        for i in range(args.bid_positions):
            hands, _ = moon_deal(i)
            start = time.perf_counter()
            advise_bid([Tile.from_id(t) for t in hands[i % 3]], seat=i % 3, samples=args.samples, seed=i, rules=MOON, threads=1)
            times.append(time.perf_counter() - start)
        label = f"moon advise_bid, 8 declarations, {args.samples} worlds (1 thread)"
        print(f"{label:<62}{len(times):>4} {summary(times)}  {args.samples:6d}")


if __name__ == "__main__":
    main()
