"""Ctrl-C to `dominosolver serve` while a Big Game deal table runs (issue 40, point 6):
`python bench/serve_interrupt.py [--deals 3] [--after 2]`. For each deal (seeds 1..N) a server
starts, a client asks POST /v1/table for the whole deal, and `--after` seconds later the server gets
SIGINT: the seconds from the signal to the process's exit, and its exit status."""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time

from dominosolver.texas42 import Game, Position, Rules


def ask_table(port: int, body: bytes) -> None:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        conn.request("POST", "/v1/table", body=body, headers={"Content-Type": "application/json"})
        conn.getresponse().read()
    except OSError:
        pass  # the server went away under the request: what is measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--after", type=float, default=2.0, help="seconds of table work before Ctrl-C")
    parser.add_argument("--port", type=int, default=18100)
    args = parser.parse_args()
    rules = Rules(family="biggame")
    serve = [os.path.join(os.path.dirname(sys.executable), "dominosolver"), "serve"]
    for seed in range(1, args.deals + 1):
        deal = Position(trump=3, hands=[list(h) for h in Game(seed=seed, rules=rules).deal()], rules=rules)
        port = args.port + seed
        proc = subprocess.Popen(serve + ["--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while True:  # up: it answers
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/v1/games")
                conn.getresponse().read()
                break
            except OSError:
                time.sleep(0.1)
        threading.Thread(target=ask_table, args=(port, json.dumps({"deal": deal.to_json()}).encode()), daemon=True).start()
        time.sleep(args.after)
        start = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        status = proc.wait()
        print(f"deal {seed}: exit {status} after {time.perf_counter() - start:.3f} s", flush=True)


if __name__ == "__main__":
    main()
