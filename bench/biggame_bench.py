"""The Big Game's points search (docs/rules.md §4.3) on endgames: for each number of tricks left, N
positions at a trick's start, reached by random legal play (lower-end leads included) from random
deals under a random declaration; the value and every move's value with the full search and with
the baseline (`Enhancements.baseline()`: alpha-beta with a table at trick boundaries) side by side
on the same positions. One solver (64 MB) each, one thread. With --dd-deals, also `dd_table` (11
declarations x 4 declarers) of that many random deals.

    python bench/biggame_bench.py                 # --tricks 6,7,8 --positions 20 [--no-baseline] [--dd-deals 0] [--json out.json]
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


def endgame(seed: int, tricks_left: int):
    rng = random.Random(f"biggame-bench-{seed}")
    tiles = list(range(45))
    rng.shuffle(tiles)
    pos = T.Position(RULES, rng.choice(DECLARATIONS), [tiles[11 * k : 11 * k + 11] for k in range(4)], 0, [])
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
    ap.add_argument("--json")
    args = ap.parse_args()
    report = {}
    fast, plain = T.Solver(64), T.Solver(64, T.Enhancements.baseline())
    for tricks in (int(t) for t in args.tricks.split(",")):
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
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
