"""Ctrl-C and one writer per output, measured on the command line (issue 25). Each long call runs
as `dominosolver ...` in its own process group, as a terminal's foreground job; SIGINT goes to the
whole group `--after` seconds in (what Ctrl-C does), and the time until the process has exited is
measured. Prints a table; figures go in bench/README.md under "## Interrupts".

    python bench/interrupts.py [--after 3] [--rounds 3] [--records 3000]

(`--records` is a floor: the `analyse` batches get as many more as they need to outlast `--after` on two
workers, from the seconds a record takes on this machine, measured first.)

- a first-lead 42 hint of 10**6 worlds (every core), a Bingo phase-one solve without a node
  budget, `advise-bid` of 10**6 deals, and `analyse -o` batches on one process and on two workers:
  each must exit within 1 s, status 1, and a batch's output must hold whole JSON lines only;
- The Big Game (issue 40, point 6: 4.5 to 28 s before): a deal's table, a first-lead hint, bid
  advice and the exchange's advice of 2,000 deals, a batch of whole-deal solves (`analyse -o`, one
  process): each within 1 s too;
- the engine's `stop` (issue 40, point 1) for every game and kind of search: a `go` of 10**5
  samples (the Big Game's advice: its most, 2,000) on a 42, Moon, Big Game (first lead, the bidder's exchange, an auction's bid advice) and
  Bingo view (a first-lead hint without a node budget), `stop` `--after` seconds in: the seconds
  until the search's final line (bestmove, or the error of a search stopped before any world);
- two `analyse` runs on one output: the second must refuse at once (status 2, OutputBusyError);
- kill -9 during a run, then a rerun: every record once (0 lost, 0 duplicated), each result as a
  run that was never interrupted gives it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dominosolver import biggame, bingo, moon, texas42
from dominosolver.batch import analyse_batch

CLI = [sys.executable, "-c", "from dominosolver.cli import main; main()"]
HINT_42 = str(texas42.Position(trump=4, hands=[list(h) for h in texas42.Game(seed=1).deal()], contract=(0, 30)))
BINGO = str(bingo.Game(seed=1).position)
HAND = "66.65.64.62.55.33.10"
BIG_DEAL = ("biggame trump=0 leader=E hands=82.76.66.55.53.52.44.43.31.20.11/86.81.80.73.65.63.50.33.22.21.00/"
            "88.84.75.71.70.64.62.60.51.42.41/87.85.83.77.74.72.61.54.40.32.30 contract=E42 discard=10")
BIG_HAND = "88.75.74.73.66.52.42.41.30.21.00"
BIG_EXCHANGE = ("biggame seat=W contract=W66 hand=81.80.77.66.65.63.62.43.41.40.32.21 "
                "auction=E:61,64,66,pass,pass,pass")


def start(args: list[str]) -> subprocess.Popen:
    """`dominosolver ARGS` as a foreground job of its own: SIGINT acts as on a terminal (a job
    started in the background may have inherited it ignored)."""
    return subprocess.Popen(
        CLI + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL) and None,
    )


def ctrl_c(proc: subprocess.Popen, after: float, ready=lambda: True) -> tuple[float, int]:
    """(seconds from SIGINT to exit, exit status), SIGINT sent to the process group ``after``
    seconds in, once ``ready()``."""
    time.sleep(after)
    while not ready():
        assert proc.poll() is None, proc.stderr.read()
        time.sleep(0.01)
    assert proc.poll() is None, f"ended before Ctrl-C: {proc.stderr.read()}"
    os.killpg(proc.pid, signal.SIGINT)
    sent = time.perf_counter()
    proc.wait()
    took = time.perf_counter() - sent
    proc.stderr.close()
    return took, proc.returncode


ENGINE = CLI + ["engine", "--max-samples", "1000000", "--max-time", "600"]


def engine_views() -> dict[str, tuple[str, dict]]:
    """(view, go's limits) for each game and kind of search the engine's `stop` is measured on."""
    big_lead = texas42.Position(BIG_DEAL)
    bingo_lead = bingo.Game(seed=1).position
    moon_deal = texas42.Game(seed=1, rules=moon.MOON)
    return {
        "42 first-lead hint": (str(texas42.Position(HINT_42).view(0)), {"samples": 100_000}),
        "Moon auction (bid advice)": (str(moon_deal.view(moon_deal.to_move)), {"samples": 100_000}),
        "Big Game first-lead hint": (str(big_lead.view(big_lead.to_move)), {"samples": 100_000}),
        "Big Game exchange, 2,000 deals": (BIG_EXCHANGE, {"samples": 2_000}),
        "Big Game auction (bid advice), 2,000 deals": (str(texas42.Game(seed=1, rules=biggame.BIG_GAME).view(1)),
                                                       {"samples": 2_000}),
        "Bingo first-lead hint, no node budget": (str(bingo_lead.view(bingo_lead.to_move)),
                                                  {"samples": 100_000, "max_nodes": 0}),
    }


def engine_stop(view: str, limits: dict, after: float) -> tuple[float, str]:
    """(seconds from `stop` to the search's final line, that line's type), `go` with ``limits``
    sent ``after`` seconds before the stop, in an engine of its own."""
    proc = subprocess.Popen(ENGINE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    try:
        for request in ({"cmd": "position", "view": view}, {"cmd": "go", "time": 500, **limits}):
            proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        ready = json.loads(proc.stdout.readline())
        assert ready["type"] == "ready", ready
        time.sleep(after)
        proc.stdin.write('{"cmd": "stop"}\n')
        proc.stdin.flush()
        sent = time.perf_counter()
        while True:
            line = json.loads(proc.stdout.readline())
            if line["type"] in ("bestmove", "error"):
                return time.perf_counter() - sent, line["type"] + ("" if line["type"] == "bestmove"
                                                                   else f" {line['error']}")
    finally:
        proc.kill()
        proc.wait()


def engine_measure(args: argparse.Namespace) -> None:
    print(f"\n{'engine go, then stop':<44}{'stop to final line (s), each round':>34}  final line")
    worst = 0.0
    for name, (view, limits) in engine_views().items():
        took = [engine_stop(view, limits, args.after) for _ in range(args.rounds)]
        worst = max(worst, *(t for t, _ in took))
        print(f"{name:<44}{' '.join(f'{t:.3f}' for t, _ in took):>34}  {', '.join(sorted({k for _, k in took}))}")
    print(f"worst stop to final line: {worst:.3f} s (must be < 1 s)")


def records(path: Path, n: int) -> Path:
    """``n`` first-lead 42 solves (a few milliseconds each) as JSON lines."""
    lines = [json.dumps(texas42.Position(trump=s % 7, hands=[list(h) for h in texas42.Game(seed=s).deal()],
                                         contract=(s % 4, 30)).to_json()) for s in range(n)]
    path.write_text("\n".join(lines) + "\n")
    return path


SAMPLE = 100  # records timed to size the batches
MARGIN = 1.5  # a batch's work on two workers, in times --after and the interpreter's start
STARTUP = 1.0  # seconds before a batch writes its first line, about


def batch_size(asked: int, after: float, work: Path) -> int:
    """Records enough for an `analyse` batch to be still running at Ctrl-C, ``after`` seconds in, on two
    workers: at least ``asked``, else from the seconds a record takes here (a sample timed in this
    process, under the machine's present load)."""
    sample = records(work / "sample.jsonl", SAMPLE)
    began = time.perf_counter()
    analyse_batch(sample, work / "sample-out.jsonl", npz=None)
    per_record = (time.perf_counter() - began) / SAMPLE
    return max(asked, math.ceil(MARGIN * 2 * (after + STARTUP) / per_record))


def whole_lines(out: Path) -> tuple[int, bool]:
    """(lines, whether the file is whole JSON lines, each ending in a newline)."""
    text = out.read_text() if out.exists() else ""
    try:
        rows = [json.loads(line) for line in text.splitlines()]
    except ValueError:
        return text.count("\n"), False
    return len(rows), text == "" or text.endswith("\n")


def lines_at_least(out: Path, n: int):
    return lambda: out.exists() and out.read_text().count("\n") >= n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--after", type=float, default=3.0, help="seconds before Ctrl-C")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--records", type=int, default=3000,
                        help="records of the analyse batches, at least (more if needed to outlast --after)")
    parser.add_argument("--engine-only", action="store_true", help="only the engine's stop")
    args = parser.parse_args()
    if args.records < 1 or args.after <= 0 or args.rounds < 1:
        parser.error("--records and --rounds must be at least 1, --after above 0")
    with tempfile.TemporaryDirectory(prefix="interrupts-") as tmp:
        measure(args, Path(tmp))


def measure(args: argparse.Namespace, work: Path) -> None:
    if args.engine_only:
        return engine_measure(args)
    count = batch_size(args.records, args.after, work)
    if count > args.records:
        print(f"analyse batches of {count:,} records (--records {args.records:,} would end before Ctrl-C "
              f"{args.after:g} s in)")
    recs = records(work / "records.jsonl", count)
    calls = {
        "42 hint, first lead, 10^6 worlds": ["hint", HINT_42, "--samples", "1000000", "--seed", "1"],
        "Bingo phase-one solve, no node budget": ["solve", BINGO, "--max-nodes", "0"],
        "Bingo first-lead hint, no node budget": ["hint", BINGO, "--samples", "100000", "--max-nodes", "0"],
        "advise-bid, 10^6 deals": ["advise-bid", HAND, "--samples", "1000000", "--seed", "1"],
        "Big Game deal table": ["table", BIG_DEAL],
        "Big Game first-lead hint, 10^4 worlds": ["hint", BIG_DEAL, "--samples", "10000", "--seed", "1"],
        "Big Game advise-bid, 2,000 deals": ["advise-bid", BIG_HAND, "--rules", "family:biggame", "--samples", "2000",
                                             "--seed", "1"],
        "Big Game exchange, 2,000 deals": ["hint", BIG_EXCHANGE, "--samples", "2000", "--seed", "1"],
    }
    print(f"{'call':<44}{'Ctrl-C to exit (s), each round':>34}{'status':>8}  output")
    worst = 0.0
    for name, call in calls.items():
        took = [ctrl_c(start(call), args.after) for _ in range(args.rounds)]
        worst = max(worst, *(t for t, _ in took))
        print(f"{name:<44}{' '.join(f'{t:.3f}' for t, _ in took):>34}{str({s for _, s in took}):>8}")
    big = work / "big.jsonl"
    big.write_text((json.dumps(texas42.Position(BIG_DEAL).to_json()) + "\n") * 20)
    for label, source, jobs in ((f"analyse -o, {count} solves", recs, 1),
                                (f"analyse -o, {count} solves", recs, 2),
                                ("analyse -o, 20 Big Game whole-deal solves", big, 1)):
        name, took, kept = f"{label}, -j {jobs}", [], []
        for r in range(args.rounds):
            out = work / f"out-{source.stem}-{jobs}-{r}.jsonl"
            t, status = ctrl_c(start(["analyse", str(source), "-o", str(out), "--npz", "none", "-j", str(jobs)]),
                                  args.after, lines_at_least(out, 1) if source is recs else lambda: True)
            n, whole = whole_lines(out)
            took.append((t, status))
            kept.append(f"{n}{'' if whole else ' PARTIAL'}")
        worst = max(worst, *(t for t, _ in took))
        print(f"{name:<44}{' '.join(f'{t:.3f}' for t, _ in took):>34}{str({s for _, s in took}):>8}  "
              f"lines kept {', '.join(kept)}, all whole JSON lines: {all('PARTIAL' not in k for k in kept)}")
    print(f"worst Ctrl-C to exit: {worst:.3f} s (must be < 1 s)")

    engine_measure(args)

    # Two writers on one output, then kill -9 and a rerun.
    out = work / "shared.jsonl"
    first = start(["analyse", str(recs), "-o", str(out), "--npz", "none"])
    while not lines_at_least(out, 50)():
        assert first.poll() is None, first.stderr.read()
        time.sleep(0.01)
    began = time.perf_counter()
    second = subprocess.run(CLI + ["analyse", str(recs), "-o", str(out), "--npz", "none"], capture_output=True,
                            text=True)
    refused = time.perf_counter() - began
    began = time.perf_counter()
    subprocess.run(CLI + ["--version"], check=True, capture_output=True)
    starting = time.perf_counter() - began
    print(f"second writer: status {second.returncode} after {refused:.2f} s ({starting:.2f} s of it the interpreter's "
          f"start, as for `dominosolver --version`): {second.stderr.strip().splitlines()[-1][:100]}")
    time.sleep(1.0)
    first.send_signal(signal.SIGKILL)
    first.wait()
    at_kill, whole = whole_lines(out)
    rerun = subprocess.run(CLI + ["analyse", str(recs), "-o", str(out), "--npz", "none"], capture_output=True,
                           text=True)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    indices = [r["index"] for r in rows]
    lost = sorted(set(range(count)) - set(indices))
    duplicated = len(indices) - len(set(indices))
    clean = work / "clean.jsonl"
    subprocess.run(CLI + ["analyse", str(recs), "-o", str(clean), "--npz", "none"], check=True, capture_output=True)
    same = [json.loads(line)["result"] for line in clean.read_text().splitlines()] == [r["result"] for r in rows]
    print(f"kill -9 after {at_kill} lines (whole lines: {whole}); rerun status {rerun.returncode}: "
          f"{len(rows)} lines, {len(lost)} lost, {duplicated} duplicated, results as an uninterrupted run's: {same}")


if __name__ == "__main__":
    main()
