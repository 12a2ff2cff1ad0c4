"""Bingo speed report: `python bench/bingo_bench.py [--positions N] [--seed S]`.

1. Closed-game exact solve with 7 tiles each (random deals, 0-3 phase-one tricks of random play, then
   the leader closes): the value alone and every legal move's value, timed inside C++ one position at
   a time, against a plain C++ minimax (no pruning, no table) on the same positions in the same run.
2. An exact "close now?" evaluation after trick 3: the expected game points of closing over every
   opponent hand (C(14, 7) = 3,432), end to end from the player's view (enumeration in Python, one
   batched C++ call).

Wall-clock figures depend on the machine; node counts do not.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from dominosolver import _core
from dominosolver.bingo import Position
from dominosolver.bingo.hint import close_value
from dominosolver.tiles import Tile


def cpu_model() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown cpu"


def deal_after(rng: random.Random, tricks: int) -> Position | None:
    deck = [Tile.from_id(i) for i in range(28)]
    rng.shuffle(deck)
    pos = Position.deal([deck[:7], deck[7:14]], deck[14:], rng.randrange(2))
    while sum(pos.tricks) < tricks and not pos.is_over:
        pos.play(rng.choice([m for m in pos.legal_moves if m.kind == "tile"]))
    return None if pos.is_over or pos.phase == 2 else pos


def closed_positions(rng: random.Random, n: int) -> list[Position]:
    out = []
    while len(out) < n:
        pos = deal_after(rng, rng.randint(0, 3))
        if pos is not None and pos.is_legal("close"):
            pos.play("close")
            out.append(pos)
    return out


def times(positions: list[Position], mode: str, tt_mb: int = 2) -> tuple[list[float], list[int]]:
    r = _core.bingo._bench_times([p._pos for p in positions], mode, tt_mb)
    return [t for t, _ in r], [n for _, n in r]


def summary(ts: list[float], ns: list[int]) -> tuple[float, float, float, float, float]:
    ts_sorted = sorted(ts)
    p90 = ts_sorted[int(0.9 * (len(ts) - 1))]
    return (1e6 * statistics.median(ts), 1e6 * statistics.mean(ts), 1e6 * p90, statistics.mean(ns),
            sum(ns) / sum(ts) if sum(ts) else 0.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=1000, help="closed positions to solve")
    ap.add_argument("--plain", type=int, default=150, help="of which solved by plain minimax too")
    ap.add_argument("--close-deals", type=int, default=30, help="deals for the close-now evaluation")
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    print(f"machine: {cpu_model()}, {platform.machine()}, {os.cpu_count()} cpus, "
          f"Python {sys.version.split()[0]}, {platform.system()} {platform.release()}")
    positions = closed_positions(rng, args.positions)
    print(f"\n1. closed-game exact solve, 7 tiles each ({len(positions)} positions, seed {args.seed})")
    print(f"{'solver':<34}{'median µs':>11}{'mean µs':>10}{'p90 µs':>10}{'mean nodes':>12}{'nodes/s':>12}")
    rows = {}
    for label, mode, subset in [("alpha-beta + table: value", "value", positions),
                                ("alpha-beta + table: every move", "all", positions),
                                ("same, first subset: value", "value", positions[: args.plain]),
                                ("same, first subset: every move", "all", positions[: args.plain]),
                                ("plain minimax (first subset)", "plain", positions[: args.plain])]:
        ts, ns = times(subset, mode)
        rows[label] = (ts, ns)
        med, mean, p90, nodes, rate = summary(ts, ns)
        print(f"{label:<34}{med:>11.2f}{mean:>10.2f}{p90:>10.2f}{nodes:>12.0f}{rate:>12.3g}")
    plain = rows["plain minimax (first subset)"][0]
    for label in ("same, first subset: value", "same, first subset: every move"):
        fast = rows[label][0]
        ratio_med = statistics.median(plain) / statistics.median(fast)
        ratio_total = sum(plain) / sum(fast)
        print(f"speed-up over plain minimax, {label.split(': ')[1]}: {ratio_med:.0f}x (medians), "
              f"{ratio_total:.0f}x (total time)")

    print(f"\n2. exact 'close now?' after trick 3 over every opponent hand ({args.close_deals} deals)")
    elapsed, hands, worth = [], [], []
    while len(elapsed) < args.close_deals:
        pos = deal_after(rng, 3)
        if pos is None or not pos.is_legal("close"):
            continue
        view = pos.view(pos.to_move)
        t = time.perf_counter()
        cv = close_value(view)
        elapsed.append(time.perf_counter() - t)
        hands.append(cv.hands)
        worth.append(cv.mean)
    print(f"hands per evaluation: {min(hands)}..{max(hands)}; time median {1e3 * statistics.median(elapsed):.1f} ms, "
          f"max {1e3 * max(elapsed):.1f} ms; mean worth of closing {statistics.mean(worth):+.2f} game points")


if __name__ == "__main__":
    main()
