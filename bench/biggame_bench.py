"""The Big Game's points search (docs/rules.md §4.3) on endgames: for each number of tricks left, N
positions at a trick's start, reached by random legal play (lower-end leads included) from random
deals under a random declaration; the value and every move's value with the full search and with
the baseline (`Enhancements.baseline()`: alpha-beta with a table at trick boundaries) side by side
on the same positions. One solver (64 MB) each, one thread. With --dd-deals, also `dd_table` (11
declarations x 4 declarers) of that many random deals; with --batch N, `solve_batch` of N positions
(every move's value, 9 tricks left) on one thread and on two.

    python bench/biggame_bench.py                 # --tricks 6,7,8 --positions 20 [--no-baseline] [--dd-deals 0] [--batch 0] [--json out.json]
    python bench/biggame_bench.py --tricks "" --batch 40   # solve_batch alone
    python bench/biggame_bench.py --harness 50    # the first 50 whole deals (11 tricks left) as lines for bench/solver_ab.cpp
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from dominosolver import _core

T = _core.texas42
RULES = T.Rules({"family": "biggame"})
DECLARATIONS = [*(str(n) for n in range(9)), "doubles", "none"]


def deal(seed: int) -> tuple[random.Random, str, list[list[int]]]:
    """The random source, declaration and hands of deal `seed` (seat N leads)."""
    rng = random.Random(f"biggame-bench-{seed}")
    tiles = list(range(45))
    rng.shuffle(tiles)
    return rng, rng.choice(DECLARATIONS), [tiles[11 * k : 11 * k + 11] for k in range(4)]


def harness_line(seed: int) -> str:
    """Deal `seed` as a line for `bench/solver_ab.cpp`: declaration kind (0 a number, 1 doubles,
    2 follow-me), the number, then the tile ids of seats 0..3."""
    _, trump, hands = deal(seed)
    kind, number = (2, 0) if trump == "none" else (1, 0) if trump == "doubles" else (0, int(trump))
    return " ".join(str(x) for x in [kind, number, *(t for hand in hands for t in hand)])


def endgame(seed: int, tricks_left: int):
    rng, trump, hands = deal(seed)
    pos = T.Position(RULES, trump, hands, 0, [])
    for _ in range(4 * (11 - tricks_left)):
        pos.play(rng.choice([m for m in range(T.MAX_PLAYS) if pos.legal_moves >> m & 1]))
    return pos


def timed(solver, pos, all_moves: bool):
    start = time.perf_counter()
    out = solver.solve(pos, all_moves, False)
    return time.perf_counter() - start, out.nodes, out.value


def summary(seconds: list[float], nodes: list[int]) -> dict:
    ms = sorted(1000 * s for s in seconds)
    return {"median_ms": round(statistics.median(ms), 3), "min_ms": round(ms[0], 3), "max_ms": round(ms[-1], 3),
            "nodes_median": int(statistics.median(nodes))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tricks", default="6,7,8")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--dd-deals", type=int, default=0)
    ap.add_argument("--batch", type=int, default=0, help="solve_batch of this many 9-trick positions, 1 and 2 threads")
    ap.add_argument("--json")
    ap.add_argument("--harness", type=int, default=0, help="print this many whole deals for solver_ab and stop")
    args = ap.parse_args()
    if args.harness:
        print("\n".join(harness_line(seed) for seed in range(args.harness)))
        return
    report = {}
    fast, plain = T.Solver(64), T.Solver(64, T.Enhancements.baseline())
    for tricks in (int(t) for t in args.tricks.split(",") if t):
        rows = {}
        for task, all_moves in (("value", False), ("moves", True)):
            runs = {"search": [], "baseline": []}
            for seed in range(args.positions):
                pos = endgame(seed, tricks)
                t, n, v = timed(fast, pos, all_moves)
                runs["search"].append((t, n))
                if not args.no_baseline:
                    tb, nb, vb = timed(plain, pos, all_moves)
                    assert vb == v, (seed, tricks, v, vb)
                    runs["baseline"].append((tb, nb))
            row = {name: summary([t for t, _ in r], [n for _, n in r]) for name, r in runs.items() if r}
            if runs["baseline"]:
                row["speedup_median"] = round(statistics.median(b[0] / s[0] for s, b in zip(runs["search"], runs["baseline"])), 1)
            rows[task] = row
            print(tricks, task, json.dumps(row), flush=True)
        report[tricks] = rows
    if args.dd_deals:
        seconds, nodes = [], []
        for seed in range(args.dd_deals):
            rng = random.Random(f"biggame-dd-{seed}")
            tiles = list(range(45))
            rng.shuffle(tiles)
            start = time.perf_counter()
            _, n = fast.dd_table(RULES, [sum(1 << t for t in tiles[11 * k : 11 * k + 11]) for k in range(4)])
            seconds.append(time.perf_counter() - start)
            nodes.append(n)
            print("dd_table", seed, round(seconds[-1], 2), "s", n, "nodes", flush=True)
        report["dd_table"] = summary(seconds, nodes)
        print("dd_table", json.dumps(report["dd_table"]))
    if args.batch:
        positions = [endgame(seed, 9) for seed in range(args.batch)]
        seconds = {}
        for threads in (1, 2):
            start = time.perf_counter()
            T.solve_batch(positions, threads, True, 64)
            seconds[threads] = time.perf_counter() - start
        report["batch"] = {"positions": args.batch, "one_thread_s": round(seconds[1], 2),
                           "two_threads_s": round(seconds[2], 2), "speedup": round(seconds[1] / seconds[2], 2)}
        print("solve_batch", json.dumps(report["batch"]), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
