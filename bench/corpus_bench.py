"""Throughput of `corpus build` on a local Dask cluster: the same deals with 1 and with 2 workers
(or --workers 1,2,4), each into a fresh directory, with the machine's load before and after.
Prints a line per run and, with --json, the summaries. The figures and the cost of a large corpus
worked out from them are in docs/corpus.md ("Measured").

    nice -n 19 python bench/corpus_bench.py --deals 5000 --partition-size 250
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import warnings

from dominosolver.corpus import build_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--partition-size", type=int, default=250)
    parser.add_argument("--workers", default="1,2", help="worker counts to measure, comma-separated")
    parser.add_argument("--name", default="main")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for workers in (int(w) for w in args.workers.split(",")):
        where = tempfile.mkdtemp(prefix=f"corpus-bench-{workers}-")
        try:
            before = os.getloadavg()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                summary = build_corpus(where, args.deals, name=args.name, partition_size=args.partition_size,
                                       dask="local", workers=workers)
            row = {**summary.to_json(), "load_before": [round(x, 2) for x in before],
                   "load_after": [round(x, 2) for x in os.getloadavg()]}
        finally:
            shutil.rmtree(where, ignore_errors=True)
        rows.append(row)
        if not args.json:
            print(f"workers {workers}: {row['deals']} deals in {row['seconds']:.1f} s = {row['deals_per_second']:.1f} deals/s; "
                  f"{row['deals_per_cpu_second']:.1f} deals per worker CPU second; load {row['load_before']} -> "
                  f"{row['load_after']}")
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
