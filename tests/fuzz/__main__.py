"""``python -m tests.fuzz`` from the repository root: a fuzz of every input path and its report.

    python -m tests.fuzz --long              # 10**6 inputs
    python -m tests.fuzz --inputs 50000      # or a count, or --seconds 20
    python -m tests.fuzz --replay 1234       # one input of the run (its seed): shown, and run here

Exit status 1 when anything but ok inputs and named errors was seen."""

from __future__ import annotations

import argparse
import json
import os
import sys

from .runner import fuzz
from .targets import checks, make_input, run, show

LONG = 10**6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.splitlines()[0])
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--long", action="store_true", help=f"{LONG:,} inputs")
    size.add_argument("--inputs", type=int, help="this many inputs")
    size.add_argument("--seconds", type=float, help="as many inputs as this many seconds allow")
    size.add_argument("--replay", type=int, metavar="K", help="input K of the run: show it and run it here")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--json", action="store_true", help="the report as one JSON object")
    args = parser.parse_args(argv)
    if args.replay is not None:
        target, data = make_input(args.seed, args.replay)
        check = checks()
        try:
            print(f"{target}: {show(data, 5000)}\n-> {run(check[target], data)}")
        finally:
            check["engine"].close()
            check["http"].close()
        return 0
    inputs = LONG if args.long else args.inputs if args.inputs is not None else None
    seconds = args.seconds if args.seconds is not None else None if inputs is not None else 20.0
    report = fuzz(inputs=inputs, seconds=seconds, seed=args.seed, workers=args.workers,
                  chunk=2000 if args.long else 250, progress=60.0 if args.long else None)
    print(json.dumps(report.to_json()) if args.json else report.text(), flush=True)
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
