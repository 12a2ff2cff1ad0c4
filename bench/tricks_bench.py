"""The tricks search of the contracts counted in tricks (issues 22, 24): `python bench/tricks_bench.py`.

Single-threaded, one solver (64 MB table) reused across deals: time and node percentiles of the
exact value, every move's value at the first lead and the make question (one zero-window search),
for three sets of full deals:

- plunge: the bench deals (bench_set.py) in which a seat holds 4 doubles or more, in order; the
  first such seat bids 168:plunge, its partner names the number it holds most of (bench_set's rule:
  every 4th deal doubles, every 5th follow-me) and leads; the side must take every trick;
- splash: the same with 3 doubles, 84:splash;
- nello: every bench deal, seat 0 declaring Nel-O on 42 and leading, the doubles modes by turns
  (own suit, high, low), seat 2 out; sevens: the same declaring Sevens;
- nello3: every bench deal with seat 2 sitting out (tricks of 3: seat 0 alone against 1 and 3),
  follow-me with the doubles high, low or their own suit by turns, seat 0 leading and taking no
  trick (Nel-O's shape, through the core's SeatedPlay hook until Nel-O's contract row lands);
- moon: Moon deals (docs/rules.md §4.1: the 22 tiles shuffled by the deal's number, 7 to each of three
  seats, the last one the widow, taken as the bidder's discard), seat i % 3 bidding 5 under the
  bench's declaration for its hand (doubles: follow-me, Moon has no doubles trump) and leading, alone
  against the other two; makes: at least 5 tricks;
- moon4: Partnership Moon on the bench deals, the same bid;
then Moon's best discard (the bidder's 8 tiles after taking the widow, each laid away and valued).

Beside it, the same search with the enhancements off but the table (`Enhancements.baseline()`:
plain fail-soft alpha-beta, full window, a table at trick boundaries) on the first --baseline-deals
deals, and the speed-up at the median on those deals. Node counts are deterministic (the test
tests/texas42/test_texas42_tricks_signatures.py keeps its own, smaller set's). Last,
the special-contract table (special_table: 36 make questions a deal) on the first --deals deals."""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_set import deal, declaration  # noqa: E402

from dominosolver import Tile, _core  # noqa: E402
from dominosolver.texas42 import Position, Rules  # noqa: E402

SETS = {"plunge": (4, "168:plunge"), "splash": (3, "84:splash")}  # doubles needed, the least bid
NELLO_DOUBLES = ("own_suit", "high", "low")
MOON_TILES = [t for t in range(28) if not (0 == Tile.from_id(t).lo < Tile.from_id(t).hi)]  # no 1-0 .. 6-0
MOON_BID = 5


def moon_deal(i: int) -> tuple[list[list[int]], int]:
    """Deal `i` of Moon: three hands from its 22 tiles, and the widow."""
    tiles = MOON_TILES[:]
    random.Random(i).shuffle(tiles)
    return [sorted(tiles[7 * k: 7 * k + 7]) for k in range(3)], tiles[21]


def moon_trump(rules, i: int, hand: list[int]) -> str:
    trump = declaration(i, [Tile.from_id(t) for t in hand])
    return str(trump) if str(trump) in rules.declarations() else "none"


def moon_position(family: str, i: int):
    """Deal `i` of Moon (its widow taken as the discard) or Partnership Moon (the bench deal), bid
    MOON_BID by seat i % seats, as a core position at the first lead."""
    rules = _core.texas42.Rules({"family": family})
    hands = moon_deal(i)[0] if family == "moon" else [[t.id for t in h] for h in deal(i)]
    bidder = i % rules.seats
    return _core.texas42.Position(rules, moon_trump(rules, i, hands[bidder]), hands, None, [], (bidder, MOON_BID))


def harness_lines(family: str, count: int) -> list[str]:
    """The first `count` positions of set `family` (nello, moon or moon4) as lines of bench/tricks_ab.cpp."""
    if family == "nello":  # seat 0 declares Nel-O on 42 and leads, the doubles mode by turns
        trumps = ("nello", "nello-high", "nello-low")
        return [f"texas42 {trumps[i % 3]} 0 42 " + " ".join(str(sum(1 << t.id for t in h)) for h in deal(i))
                for i in range(count)]
    rules = _core.texas42.Rules({"family": family})
    out = []
    for i in range(count):
        hands = moon_deal(i)[0] if family == "moon" else [[t.id for t in h] for h in deal(i)]
        bidder = i % rules.seats
        masks = " ".join(str(sum(1 << t for t in h)) for h in hands)
        out.append(f"{family} {moon_trump(rules, i, hands[bidder])} {bidder} {MOON_BID} {masks}")
    return out


def special_positions(kind: str, count: int) -> list[Position]:
    """The first `count` bench deals with a seat that may bid `kind`, as positions at the first lead."""
    doubles, bid = SETS[kind]
    out, i = [], 0
    while len(out) < count:
        hands = deal(i)
        bidders = [s for s, h in enumerate(hands) if sum(t.is_double for t in h) >= doubles]
        if bidders:
            partner = (bidders[0] + 2) % 4
            out.append(Position(trump=declaration(i, hands[partner]), hands=hands, contract=(bidders[0], bid)))
        i += 1
    return out


def problems(name: str, count: int) -> list[tuple[object, str, int]]:
    """(core object, objective, declaring side) for the first `count` deals of set `name`; a Moon
    position's contract sets its goal itself (objective None)."""
    if name in ("moon", "moon4"):
        return [(moon_position(name, i), None, 0) for i in range(count)]
    if name == "nello3":
        out = []
        for i in range(count):
            rules = Rules(nt_doubles=NELLO_DOUBLES[i % 3])._core
            hands = [sum(1 << t.id for t in h) for h in deal(i)]
            out.append((_core.texas42.SeatedPlay(rules, "none", 2, hands, 0, []), "no trick", 0))
        return out
    if name in ("nello", "sevens"):  # seat 0 declares on 42 and leads; Nel-O's doubles mode by turns
        trumps = ("nello", "nello-high", "nello-low") if name == "nello" else ("sevens",)
        positions = [Position(trump=trumps[i % len(trumps)], hands=deal(i), contract=(0, 42)) for i in range(count)]
        return [(p._pos, p.objective, 0) for p in positions]
    return [(p._pos, "every trick", p.side_of(p.contract.declarer)) for p in special_positions(name, count)]


def run(solver, problem, task: str) -> int:
    play, objective, side = problem
    if objective is None:  # the position's own contract (Moon); the bidder leads: can it take its bid?
        if task == "value":
            return solver.value(play)
        if task == "moves":
            return solver.solve(play, True, False).value
        return int(solver.can_reach(play, MOON_BID))
    if task == "value":
        return solver.value_tricks(play, objective, side)
    if task == "moves":
        return solver.solve_tricks(play, objective, side, True, False).value
    return int(solver.makes(play, objective, side))


def stats(samples: list[float]) -> dict[str, float]:
    s = sorted(samples)
    return {"median": statistics.median(s), "p90": s[int(0.90 * (len(s) - 1))], "p99": s[int(0.99 * (len(s) - 1))],
            "max": s[-1]}


def measure(solver, plays, task: str) -> dict:
    times, nodes, values = [], [], []
    for problem in plays:
        start = time.perf_counter()
        values.append(run(solver, problem, task))
        times.append((time.perf_counter() - start) * 1e3)
        nodes.append(solver.nodes)
    checksum = sum((k + 1) * v for k, v in enumerate(values))
    return {"ms": stats(times), "nodes_median": statistics.median(nodes), "nodes_total": sum(nodes),
            "checksum": checksum, "times_ms": times}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--baseline-deals", type=int, default=200, help="deals for the (slow) baseline")
    ap.add_argument("--sets", default="plunge,splash,nello,sevens,nello3,moon,moon4")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    ap.add_argument("--harness", choices=("nello", "moon", "moon4"),
                    help="only write the set's first --deals positions for bench/tricks_ab.cpp, one a line")
    args = ap.parse_args()
    if args.harness:
        print("\n".join(harness_lines(args.harness, args.deals)))
        return

    E = _core.texas42.Enhancements
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    out: dict[str, object] = {"machine": machine}
    print(f"machine: {machine}")
    print(f"{'set':8}{'search':10}{'task':7}{'deals':>6}{'median ms':>11}{'p90 ms':>9}{'p99 ms':>9}{'max ms':>9}"
          f"{'nodes med':>10}{'nodes tot':>12}{'Mnodes/s':>9}{'solves/s':>10}{'checksum':>10}")
    for name in filter(None, args.sets.split(",")):
        plays = problems(name, args.deals)
        figures = {}
        for search, enh, n in (("solver", E(), args.deals), ("baseline", E.baseline(), args.baseline_deals)):
            solver = _core.texas42.Solver(64, enh)
            figures[search] = {task: measure(solver, plays[:n], task) for task in ("value", "moves", "makes")}
            for task, r in figures[search].items():
                ms, total_ms = r["ms"], sum(r["times_ms"])
                print(f"{name:8}{search:10}{task:7}{n:>6}{ms['median']:>11.4f}{ms['p90']:>9.4f}{ms['p99']:>9.4f}"
                      f"{ms['max']:>9.3f}{r['nodes_median']:>10.0f}{r['nodes_total']:>12}"
                      f"{r['nodes_total'] / total_ms / 1e3:>9.2f}{n / total_ms * 1e3:>10.0f}{r['checksum']:>10}")
        speedups = {}
        for task in ("value", "moves", "makes"):
            same = statistics.median(figures["solver"][task]["times_ms"][: args.baseline_deals])
            speedups[task] = figures["baseline"][task]["ms"]["median"] / same
        print(f"{name}: speed-up over the baseline at the median, same {args.baseline_deals} deals: "
              + ", ".join(f"{task} {x:.1f}x" for task, x in speedups.items()))
        for search in figures:
            for task in figures[search]:
                del figures[search][task]["times_ms"]
        out[name] = {**figures, "speedup": speedups}
    # Moon's best discard: the bidder takes the widow and values each of its 8 tiles laid away.
    if "moon" in args.sets.split(","):
        rules, solver, times, nodes = _core.texas42.Rules({"family": "moon"}), _core.texas42.Solver(64), [], 0
        for i in range(args.deals):
            hands, widow = moon_deal(i)
            bidder = i % 3
            start = time.perf_counter()
            nodes += _core.texas42.discard_values(solver, rules, moon_trump(rules, i, hands[bidder]),
                                                  [sum(1 << t for t in h) for h in hands], 1 << widow, bidder, MOON_BID)[1]
            times.append((time.perf_counter() - start) * 1e3)
        ms = stats(times)
        print(f"moon best discard, 8 values ({args.deals} deals): median {ms['median']:.3f} ms, p90 {ms['p90']:.3f}, "
              f"p99 {ms['p99']:.3f}, nodes total {nodes}")
        out["moon_discard"] = {"ms": ms, "nodes_total": nodes}
    # The special-contract table of a whole deal (36 make questions), on the first --deals deals.
    # With specials = all (nello_doubles_allowed = all) the table adds, per seat declaring and leading,
    # whether Sevens and Nel-O in its three doubles modes make (16 more make questions).
    solver = _core.texas42.Solver(64)
    for key, rules in (("special_table", Rules()), ("special_table_all",
                                                    Rules(specials="all", nello_doubles_allowed="all"))):
        times, nodes = [], 0
        for i in range(args.deals):
            hands = [sum(1 << t.id for t in h) for h in deal(i)]
            start = time.perf_counter()
            nodes += _core.texas42.every_trick_table(solver, rules._core, hands)[2]
            if key == "special_table_all":
                nodes += _core.texas42.declarer_table(solver, rules._core, hands)[2]
            times.append((time.perf_counter() - start) * 1e3)
        ms = stats(times)
        print(f"{key.replace('_', ' ')} ({args.deals} deals): median {ms['median']:.3f} ms, p90 {ms['p90']:.3f}, "
              f"p99 {ms['p99']:.3f}, nodes total {nodes}")
        out[key] = {"ms": ms, "nodes_total": nodes}
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
