"""Bingo at a deal's start: `python bench/bingo_world_bench.py [--worlds 200] [--seed 41] [--json]`.

1. Phase-one world solves: random deals (fixed seeds), the boneyard's order known, every legal move
   of the first lead valued (what a hint needs of each world), one thread, one 2 MB-table solver
   for all the worlds as a hint keeps one. Nodes, nodes/s, ms per world (median, p90, p99, max),
   worlds solved to the end within the node budget and the others' bounds.
2. The close decision from the view of the player who may close: `close_value` (every opponent
   hand the view allows, C(20, 7) = 77,520 at the first lead), at the deal's start and at every
   trick of phase one where a close is legal (the deal played on at random, seeded), against the
   old path (the same C++ without the capture bound, `close_over_hands(capture_from=2**64 - 1)`),
   the two alternated view by view (and which runs first): ms and nodes (the game's search plus the capture search),
   median and max; the counts of both must agree. `--close-baseline` also solves every hand's close
   one by one at the deal's start (the way it was computed first), and checks the means agree.
3. A hint at the deal's start on `--hint-worlds` sampled worlds (default 100), every legal move
   (leads, closing and declarations ranked together), one thread.

Wall-clock figures depend on the machine and its load; node counts do not.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

from dominosolver import bingo
from dominosolver.bingo.hint import close_value, hint
from dominosolver.bingo.sampling import first_world, hand_masks, known_mask, position_of, split
from dominosolver.bingo.solve import HINT_WORLD_NODES
from dominosolver.tiles import Tile


def deal(rng: random.Random, rules: bingo.Rules) -> bingo.Position:
    deck = [Tile.from_id(i) for i in range(28)]
    rng.shuffle(deck)
    return bingo.Position.deal([deck[:7], deck[7:14]], deck[14:], rng.randrange(2), rules)


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def progress(i: int, n: int, quiet: bool) -> None:
    if not quiet and sys.stderr.isatty():
        print(f"\r  {i}/{n}", end="" if i < n else "\n", file=sys.stderr, flush=True)


def world_solves(positions: list[bingo.Position], mode: str, budget: int, quiet: bool) -> dict:
    solver = bingo.Solver()
    ms, nodes, left_out, bounded_moves, unsigned, moves = [], [], 0, 0, 0, 0
    for i, pos in enumerate(positions):
        before = solver.nodes
        t = time.perf_counter()
        r = solver.solve(pos, margin=False, pv=False, max_nodes=budget)
        solved = r.value is not None
        for lo, hi in (r.extra.get("bounds") or {}).values():
            bounded_moves += lo < hi
            unsigned += lo < 0 < hi
        moves += len(pos.legal_moves)
        ms.append(1e3 * (time.perf_counter() - t))
        nodes.append(solver.nodes - before)
        left_out += not solved
        progress(i + 1, len(positions), quiet)
    total_s = sum(ms) / 1e3
    return {"mode": mode, "worlds": len(positions), "budget": budget, "bounded": left_out, "moves": moves,
            "bounded_moves": bounded_moves, "sign_unknown": unsigned,
            "ms_median": statistics.median(ms), "ms_p90": pct(ms, 0.9), "ms_p99": pct(ms, 0.99), "ms_max": max(ms),
            "nodes_median": statistics.median(nodes), "nodes_p99": pct(nodes, 0.99), "nodes_mean": statistics.mean(nodes),
            "nodes_per_s": sum(nodes) / total_s if total_s else 0.0}


NEVER = 2**64 - 1  # hands from which close_over_hands uses the capture bound: never (the old path)


def close_counts(view, capture_bound: bool) -> tuple[float, float, int, list[int]]:
    """close_value's C++ call (bingo/hint.py), as it is or without the capture bound: ms, CPU ms of
    the thread (less sensitive to the machine's load), nodes, counts."""
    t, cpu = time.perf_counter(), time.thread_time()
    free, _, need = split(view)
    base = position_of(view, *first_world(view))
    solver = bingo.Solver()
    r = solver._core.close_over_hands(base._pos, known_mask(view), sum(1 << i for i in free), need,
                                      **({} if capture_bound else {"capture_from": NEVER}))
    return (1e3 * (time.perf_counter() - t), 1e3 * (time.thread_time() - cpu), solver.nodes + r["capture_nodes"],
            r["counts"])


def close_views(pos: bingo.Position, rng: random.Random) -> list:
    """The views where the player to move may close: the deal's start, then each trick of phase one
    as the deal is played on at random."""
    pos, views = pos.copy(), []
    while not pos.is_over and pos.phase == 1:
        if pos.is_legal("close") and (not views or sum(pos.tricks) > sum(views[-1].tricks)):
            views.append(pos.view(pos.to_move))
        pos.play(rng.choice([m for m in pos.legal_moves if m.kind in ("tile", "draw")]))
    return views


def close_decisions(positions: list[bingo.Position], seed: int, quiet: bool) -> dict:
    """New and old close decisions alternated view by view, at the deal's start and after it."""
    rng = random.Random(seed)
    rows = []
    for i, pos in enumerate(positions):
        for view in close_views(pos, rng):
            first = len(rows) % 2 == 0  # which runs first alternates too: neither gets the warmer caches
            new_ms, new_cpu, new_nodes, counts = close_counts(view, first)
            old_ms, old_cpu, old_nodes, old_counts = close_counts(view, not first)
            if not first:
                new_ms, new_cpu, new_nodes, counts, old_ms, old_cpu, old_nodes, old_counts = (
                    old_ms, old_cpu, old_nodes, old_counts, new_ms, new_cpu, new_nodes, counts)
            assert counts == old_counts, view.to_json()
            rows.append({"tricks": sum(view.tricks), "hands": sum(counts), "ms": new_ms, "cpu_ms": new_cpu,
                         "nodes": new_nodes, "old_ms": old_ms, "old_cpu_ms": old_cpu, "old_nodes": old_nodes})
        progress(i + 1, len(positions), quiet)

    def summary(rs: list[dict]) -> dict:
        return {"views": len(rs), "hands_max": max(r["hands"] for r in rs),
                **{f"{k}_{f.__name__}": f(r[k] for r in rs)
                   for k in ("ms", "old_ms", "cpu_ms", "old_cpu_ms", "nodes", "old_nodes")
                   for f in (statistics.median, max)}}

    start = [r for r in rows if r["tricks"] == 0]
    return {"deals": len(positions), "start": summary(start), "phase_one": summary(rows),
            "by_tricks": {t: summary([r for r in rows if r["tricks"] == t]) for t in sorted({r["tricks"] for r in rows})}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--worlds", type=int, default=200, help="deals solved from the first lead")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--budget", type=int, default=HINT_WORLD_NODES, help="node budget per world (0: none)")
    ap.add_argument("--close-deals", type=int, default=20)
    ap.add_argument("--close-baseline", action="store_true", help="also solve every hand's close one by one")
    ap.add_argument("--hint-deals", type=int, default=5)
    ap.add_argument("--hint-worlds", type=int, default=100)
    ap.add_argument("--rules", default="historic", help="a ruleset preset")
    ap.add_argument("--skip", default="", help="comma-separated parts to skip: worlds,close,hint")
    ap.add_argument("--json", action="store_true", help="one JSON object, no progress")
    ap.add_argument("--harness", type=int, metavar="N", help="print N deals for bench/bingo_ab.cpp and stop")
    args = ap.parse_args()
    if args.harness:
        rng = random.Random(args.seed)
        for _ in range(args.harness):
            pos = deal(rng, bingo.Rules.preset(args.rules))
            start = pos.to_move
            ids = [t.id for t in pos.hand(start)] + [t.id for t in pos.hand(1 - start)] + [t.id for t in pos.boneyard]
            print(args.rules, start, *ids)
        return
    skip = set(filter(None, args.skip.split(",")))
    rules = bingo.Rules.preset(args.rules)
    rng = random.Random(args.seed)
    positions = [deal(rng, rules) for _ in range(args.worlds)]
    out: dict = {"machine": {"cpus": os.cpu_count(), "load": os.getloadavg()[0]}, "seed": args.seed,
                 "rules": args.rules}
    if "worlds" not in skip:
        out["worlds"] = [world_solves(positions, "moves", args.budget, args.json)]
    if "close" not in skip:
        out["close"] = close_decisions(positions[: args.close_deals], args.seed, args.json)
        if args.close_baseline:  # the same means by solving every hand's close (solve_worlds, no shortcut)
            base_ms = []
            for pos in positions[: args.close_deals]:
                if not pos.is_legal("close"):
                    continue
                view = pos.view(pos.to_move)
                t = time.perf_counter()
                hs, bs = hand_masks(view)
                values = bingo.Solver().solve_worlds(position_of(view, *first_world(view)), hs, bs, ["close"])
                base_ms.append(1e3 * (time.perf_counter() - t))
                assert abs(sum(values) / len(values) - close_value(view).mean) < 1e-9
            out["close"]["baseline_ms_median"] = statistics.median(base_ms)
            out["close"]["baseline_ms_max"] = max(base_ms)
    if "hint" not in skip:
        rows = []
        for pos in positions[: args.hint_deals]:
            t = time.perf_counter()
            h = hint(pos.view(pos.to_move), samples=args.hint_worlds, seed=1)
            rows.append({"s": time.perf_counter() - t, "worlds": h.worlds, "moves": len(h.moves),
                         "warnings": list(h.warnings)})
            progress(len(rows), args.hint_deals, args.json)
        out["hint"] = {"deals": len(rows), "samples": args.hint_worlds, "worlds_max": max(r["worlds"] for r in rows),
                       "s_median": statistics.median(r["s"] for r in rows), "s_max": max(r["s"] for r in rows),
                       "worlds_min": min(r["worlds"] for r in rows), "rows": rows}
    if args.json:
        print(json.dumps(out, indent=1))
        return
    print(f"{os.cpu_count()} cpus, load {out['machine']['load']:.2f}; {args.worlds} deals, seed {args.seed}, "
          f"rules {args.rules}")
    for w in out.get("worlds", []):
        print(f"world solve ({w['mode']:>5}): median {w['ms_median']:.2f} ms, p90 {w['ms_p90']:.2f}, "
              f"p99 {w['ms_p99']:.2f}, max {w['ms_max']:.2f} ms; nodes median {w['nodes_median']:,.0f}, "
              f"p99 {w['nodes_p99']:,.0f}; {w['nodes_per_s']:.3g} nodes/s; budget {w['budget']:,}: "
              f"{w['worlds'] - w['bounded']} of {w['worlds']} worlds solved to the end, the others bounded "
              f"({w['bounded_moves']} of {w['moves']} moves, {w['sign_unknown']} of them win or lose unknown); "
              "0 left out")
    if "close" in out:
        c = out["close"]
        for name, label in (("start", "at the deal's start"), ("phase_one", "at every point of phase one")):
            x = c[name]
            print(f"close decision {label} ({x['views']} views of {c['deals']} deals, up to {x['hands_max']:,} "
                  f"opponent hands): median {x['ms_median']:.2f} ms, max {x['ms_max']:.2f} ms "
                  f"(old {x['old_ms_median']:.2f} / {x['old_ms_max']:.2f} ms); CPU median {x['cpu_ms_median']:.2f} ms, "
                  f"max {x['cpu_ms_max']:.2f} ms (old {x['old_cpu_ms_median']:.2f} / {x['old_cpu_ms_max']:.2f}); "
                  f"nodes median {x['nodes_median']:,.0f}, max {x['nodes_max']:,} "
                  f"(old {x['old_nodes_median']:,.0f} / {x['old_nodes_max']:,})")
        for t, x in c["by_tricks"].items():
            print(f"    after {t} tricks ({x['views']} views): median {x['ms_median']:.2f} ms, max {x['ms_max']:.2f} ms "
                  f"(old {x['old_ms_median']:.2f} / {x['old_ms_max']:.2f}); CPU {x['cpu_ms_median']:.2f} / "
                  f"{x['cpu_ms_max']:.2f} ms (old {x['old_cpu_ms_median']:.2f} / {x['old_cpu_ms_max']:.2f})")
        if "baseline_ms_median" in c:
            print(f"    every hand solved one by one at the deal's start: median {c['baseline_ms_median']:.1f} ms, "
                  f"max {c['baseline_ms_max']:.1f} ms")
    if "hint" in out:
        h = out["hint"]
        print(f"hint, {h['samples']} worlds ({h['deals']} deals): median {h['s_median']:.2f} s, max {h['s_max']:.2f} s, "
              f"fewest worlds kept {h['worlds_min']}")
        for r in h["rows"]:
            if r["warnings"]:
                print("   ", "; ".join(r["warnings"]))


if __name__ == "__main__":
    main()
