"""Hint speed on a special contract (issue 22): a Plunge first-lead hint over 200 worlds, every legal
tile scored in tricks, single-threaded. Prints a table; figures go in bench/README.md under
"## Hints".

    python bench/special_hint_bench.py [--positions 20] [--samples 200]

Positions: the bench set's deals (bench_set.py) in which some seat holds four doubles or more, the
first such seat bidding 168:plunge; its partner names doubles trump and leads trick 1, and the
hint is the partner's, from its view (the plunger's doubles public). A hint is timed from the view
to the finished Hint (sampling, building positions, the batched solve, aggregation); every world is
sampled (exact_limit 0), as in hint_bench.py.
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

from dominosolver.texas42 import Position, hint  # noqa: E402


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
    args = ap.parse_args()

    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"{'case':<48}{'n':>4} {'median ms':>9} {'p90 ms':>9} {'max ms':>9}  worlds  nodes/hint")
    times, nodes, worlds = [], [], []
    for i, pos in plunge_positions(args.positions):
        view = pos.view(pos.to_move)
        start = time.perf_counter()
        h = hint(view, samples=args.samples, seed=i, threads=1, exact_limit=0)
        times.append(time.perf_counter() - start)
        assert h.units == "tricks" and h.moves[0].p_make is not None
        nodes.append(h.nodes)
        worlds.append(h.worlds)
    label = f"plunge hint, first lead, {args.samples} worlds (1 thread)"
    print(f"{label:<48}{len(times):>4} {summary(times)}  {statistics.median(worlds):6.0f}  {statistics.median(nodes):10.0f}")


if __name__ == "__main__":
    main()
