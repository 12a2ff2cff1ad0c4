"""The tricks search of the all-or-nothing contracts (issue 22): `python bench/tricks_bench.py`.

On the bench deals (bench_set.py: seat 0 declares and leads trick 1), single-threaded, one solver
(64 MB table) reused across deals: time and node percentiles of the exact value, every move's value
at the first lead and the make question, for three goals:

- every_trick: the bench deal's declaration, the declaring side (seat 0's) must take every trick
  (Plunge, Splash, Sevens count so);
- no_trick: the same table, the declaring side must take none;
- nello: seat 0 alone against two (seat 2 sits out, tricks of 3), follow-me, the doubles' mode
  cycling own suit / high / low by deal, the declarer must take no trick (Nel-O's shape; through
  the SeatedPlay test hook until Nel-O's contract row lands).

Beside it, the same search with the enhancements off but the table (`Enhancements.baseline()`: plain
fail-soft alpha-beta, full window, a table at trick boundaries) on the first --baseline-deals deals,
and the speed-up at the median on the same deals. Node counts are deterministic."""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_set import position  # noqa: E402

from dominosolver import _core  # noqa: E402

NELLO_DOUBLES = ("own_suit", "high", "low")


def stats(samples: list[float]) -> dict[str, float]:
    s = sorted(samples)
    pick = lambda q: s[min(len(s) - 1, int(q * len(s)))]  # noqa: E731
    return {"median": statistics.median(s), "p90": pick(0.90), "p99": pick(0.99), "max": s[-1]}


def problems(goal: str, deals: int) -> list:
    """The core objects the solver reads for `goal` on the first `deals` bench deals."""
    out = []
    for i in range(deals):
        pos = position(i)
        if goal == "nello":
            rules = _core.texas42.Rules.from_flags({"nt_doubles": NELLO_DOUBLES[i % 3]})
            hands = [sum(1 << t.id for t in h) for h in pos.hands]
            out.append(_core.texas42.SeatedPlay(rules, "none", 2, hands, 0, []))
        else:
            out.append(pos._pos)
    return out


def measure(solver, plays, objective: str, task: str) -> dict:
    times, nodes, values = [], [], []
    for play in plays:
        start = time.perf_counter()
        if task == "value":
            values.append(solver.value_tricks(play, objective, 0))
        elif task == "moves":
            values.append(solver.solve_tricks(play, objective, 0, True, False).value)
        else:
            values.append(int(solver.makes(play, objective, 0)))
        times.append((time.perf_counter() - start) * 1e3)
        nodes.append(solver.nodes)
    return {"ms": stats(times), "nodes": stats(nodes), "nodes_total": sum(nodes), "checksum": sum(
        (k + 1) * v for k, v in enumerate(values)), "times_ms": times}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--baseline-deals", type=int, default=200, help="deals for the (slow) baseline")
    ap.add_argument("--goals", default="every_trick,no_trick,nello")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    args = ap.parse_args()

    E = _core.texas42.Enhancements
    out: dict[str, object] = {"machine": f"{platform.machine()}, {platform.processor() or 'cpu'}, "
                              f"{__import__('os').cpu_count()} cores, Python {platform.python_version()}"}
    print(f"machine: {out['machine']}")
    print(f"{'goal':12}{'search':10}{'task':7}{'deals':>6}{'median ms':>11}{'p90 ms':>9}{'p99 ms':>9}{'max ms':>9}"
          f"{'nodes med':>10}{'nodes tot':>12}{'Mnodes/s':>9}{'solves/s':>10}{'checksum':>10}")
    for goal in args.goals.split(","):
        objective = "every_trick" if goal == "every_trick" else "no_trick"
        plays = problems(goal, args.deals)
        figures = {}
        for name, enh, n in (("solver", E(), args.deals), ("baseline", E.baseline(), args.baseline_deals)):
            solver = _core.texas42.Solver(64, enh)
            figures[name] = {task: measure(solver, plays[:n], objective, task) for task in ("value", "moves", "makes")}
            for task, r in figures[name].items():
                ms, nd = r["ms"], r["nodes"]
                total_ms = sum(r["times_ms"])
                print(f"{goal:12}{name:10}{task:7}{n:>6}{ms['median']:>11.4f}{ms['p90']:>9.4f}{ms['p99']:>9.4f}"
                      f"{ms['max']:>9.3f}{nd['median']:>10.0f}{r['nodes_total']:>12}"
                      f"{r['nodes_total'] / total_ms / 1e3:>9.1f}{n / total_ms * 1e3:>10.0f}{r['checksum']:>10}")
        speedups = {}
        for task in ("value", "moves", "makes"):
            same = statistics.median(figures["solver"][task]["times_ms"][: args.baseline_deals])
            speedups[task] = figures["baseline"][task]["ms"]["median"] / same
        print(f"{goal}: speed-up over the baseline at the median, same {args.baseline_deals} deals: "
              + ", ".join(f"{task} {x:.1f}x" for task, x in speedups.items()))
        for name in figures:
            for task in figures[name]:
                del figures[name][task]["times_ms"]
        out[goal] = {**figures, "speedup": speedups}
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
