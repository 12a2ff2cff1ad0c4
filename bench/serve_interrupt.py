"""Ctrl-C to `dominosolver serve` while a long search runs (issue 40, points 1 and 6):
`python bench/serve_interrupt.py [--rounds 3] [--after 2]`. For each search and round a server
starts, a client asks for it, and `--after` seconds later the server gets SIGINT: the seconds from
the signal to the process's exit, and its exit status. The searches: a Big Game deal's table
(`POST /v1/table`, seeds 1..rounds), the Big Game bidder's exchange advice of 2,000 deals and a
first-lead Bingo hint at the server's node budget (`POST /v1/hint`)."""

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

from dominosolver import bingo
from dominosolver.texas42 import Game, Position, Rules

BIG_EXCHANGE = ("biggame seat=W contract=W66 hand=81.80.77.66.65.63.62.43.41.40.32.21 "
                "auction=E:61,64,66,pass,pass,pass")


def ask(port: int, path: str, body: bytes) -> None:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        conn.getresponse().read()
    except OSError:
        pass  # the server went away under the request: what is measured


def searches(seed: int) -> dict[str, tuple[str, dict]]:
    rules = Rules(family="biggame")
    deal = Position(trump=3, hands=[list(h) for h in Game(seed=seed, rules=rules).deal()], rules=rules)
    lead = bingo.Game(seed=seed).position
    return {
        "Big Game deal table": ("/v1/table", {"deal": deal.to_json()}),
        "Big Game exchange, 2,000 deals": ("/v1/hint", {"view": BIG_EXCHANGE, "samples": 2000, "seed": seed}),
        "Bingo first-lead hint, 50,000,000 nodes a world": (
            "/v1/hint", {"view": lead.view(lead.to_move).to_json(), "samples": 1000, "max_nodes": 50_000_000}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", "--deals", type=int, default=3)
    parser.add_argument("--after", type=float, default=2.0, help="seconds of search before Ctrl-C")
    parser.add_argument("--port", type=int, default=18100)
    args = parser.parse_args()
    serve = [os.path.join(os.path.dirname(sys.executable), "dominosolver"), "serve"]
    port = args.port
    for name in searches(1):
        took = []
        for seed in range(1, args.rounds + 1):
            path, body = searches(seed)[name]
            port += 1
            proc = subprocess.Popen(serve + ["--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            while True:  # up: it answers
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                    conn.request("GET", "/v1/games")
                    conn.getresponse().read()
                    break
                except OSError:
                    time.sleep(0.1)
            threading.Thread(target=ask, args=(port, path, json.dumps(body).encode()), daemon=True).start()
            time.sleep(args.after)
            start = time.perf_counter()
            proc.send_signal(signal.SIGINT)
            status = proc.wait()
            took.append(f"{time.perf_counter() - start:.3f} (exit {status})")
        print(f"{name}: {', '.join(took)}", flush=True)


if __name__ == "__main__":
    main()
