"""Load on the HTTP API: a real ``dominosolver serve`` on 127.0.0.1 with 1 and 2 workers, many
concurrent clients, each on one keep-alive connection sending its next request when the last reply
is in. Four workloads, each bounded (a fixed number of requests per client):

- ``show``: ``POST /v1/show`` of the same deals, the server's own cost (HTTP, JSON, reading the
  position, the pool) with next to no search: the floor under every request;
- ``solve``: ``POST /v1/solve`` of a full deal at the first lead (every move's value and a best
  line), the deals of the bench set (bench_set.py), a new one for every request;
- ``value``: the same with ``"moves": false`` (the value and a best line only);
- ``hint``: ``POST /v1/hint``, a first-lead view, 200 sampled worlds (the bench set's deals, contract
  N30, seat N's view, seed i).

First, the ceilings: the CPU time of one request's work in this process, without HTTP (the
endpoint's own function on a body, its reply made JSON; a solve on a kept solver, as a server
thread does), which bounds what the cores can serve: 2 cores cannot pass 2,000 / (ms a request)
requests/s. Per workload: requests/s, latency p50/p99, failed requests (a status other than 200,
or a broken connection), incomplete ones (a solve without its whole line of play, a hint of fewer
than 200 worlds: its time limit ran out), the server's CPU time per request (user + system of its
processes: what a request costs, whatever else loads the machine) and the clients' (this process:
they share the machine's cores); the workloads run ``--rounds`` times on one server, with the
resident memory (RSS) of its processes before and after each round. Figures go in bench/README.md
under "## Serving under load".

``--siege`` runs a different load instead (issue 40, point 2), for ``--seconds``: ``--slow``
connections that each send a request's head a line every ``--slow-interval`` seconds and never
finish it (opened in batches, each reopened a moment after the server closes it: 408 at its read
timeout, or closed to make room past its most connections), ``--hint-clients`` hints and
``--table-clients`` double-dummy tables in flight (each client asks again as soon as its reply is
in), and ``--show-clients`` clients each sending a ``show`` every 20 ms, whose latency is the figure
(issue 40: p99 <= 100 ms). The slow, hint and table clients run at ``--client-nice`` (10), so that
on the server's own cores they take the CPU the way clients on other machines would not. The slow
connections are held by ``--slow-processes`` client processes (each under its own open-file limit:
20,000 need two where the hard limit is 20,000), the shows' clients by one more. The server's
resident memory and open files are sampled every second; its memory before (after a warm-up), at
the siege's end, and once the slow connections are gone; the machine's load average before and at
the end, and the event loop the server ran on (uvloop or asyncio's own).

    python bench/load.py [--workers 1,2] [--workloads show,solve,value,hint] [--solve-clients 32]
                         [--solve-requests 100] [--hint-clients 8] [--hint-requests 4] [--rounds 2]
                         [--json out.json]
    python bench/load.py --siege [--workers 1] [--slow 5000] [--slow-processes 2] [--seconds 30] [--hint-clients 2]
                         [--table-clients 1] [--show-clients 2] [--json out.json]

The clients run on the same machine as the server (asyncio, raw HTTP/1.1): in this process, but for
the siege's slow connections and shows.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from bench_set import deal, declaration  # noqa: E402

from dominosolver.serve import ServeLimits  # noqa: E402
from dominosolver.serve.handlers import ENDPOINTS, Call  # noqa: E402
from dominosolver.serve.tokens import Sealer  # noqa: E402
from dominosolver.texas42 import Position  # noqa: E402

START = "from dominosolver.cli import main; main()"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def first_lead(i: int, contract: bool) -> Position:
    hands = deal(i)
    return Position(trump=declaration(i, hands[0]), hands=hands, leader=0, contract=(0, 30) if contract else None)


def solve_bodies(n: int, moves: bool = True) -> list[bytes]:
    return [json.dumps({"position": str(first_lead(i, False)), **({} if moves else {"moves": False})}).encode()
            for i in range(n)]


def hint_bodies(n: int) -> list[bytes]:
    return [json.dumps({"view": first_lead(i, True).view(0).to_json(), "samples": 200, "seed": i}).encode()
            for i in range(n)]


def work_ms(endpoint: str, bodies: list[bytes]) -> float:
    """CPU ms of one request's work without HTTP: the body read, the endpoint's answer (on a kept
    solver, as a server thread's), the reply made JSON; the mean over ``bodies``."""
    answer = next(e.answer for e in ENDPOINTS if e.name == endpoint)
    limits, sealer, kept = ServeLimits(), Sealer(bytes(32)), {}
    json.dumps(answer(Call(json.loads(bodies[0]), limits, sealer, kept=kept)))  # the solver made, imports done
    start = time.process_time()
    for body in bodies:
        json.dumps(answer(Call(json.loads(body), limits, sealer, kept=kept)))
    return 1000 * (time.process_time() - start) / len(bodies)


def tree_cpu(pids: Iterable[int]) -> float:
    """CPU seconds (user + system) these processes have used so far (Linux /proc)."""
    ticks = 0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def tree_rss(pid: int) -> dict[int, int]:
    """Resident memory in kB of a process and its descendants (Linux /proc)."""
    out: dict[int, int] = {}
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        rss = [int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")]
        if rss:  # none for a process that is exiting
            out[p] = rss[0]
        stack.extend(int(c) for c in children)
    return out


class Server:
    """``dominosolver serve --workers N`` on a free port, until closed."""

    def __init__(self, workers: int) -> None:
        self.port = free_port()
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([sys.executable, "-c", START, "serve", "--port", str(self.port),
                                      "--workers", str(workers)], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 180  # a loaded machine starts workers slowly
        try:
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{self.port}/v1/limits", timeout=5).read()
                    break
                except OSError:
                    if self.proc.poll() is not None or time.monotonic() > deadline:
                        self.log.seek(0)
                        raise RuntimeError(f"the server did not start: {self.log.read()[-2000:]!r}") from None
                    time.sleep(0.2)
            while len(tree_rss(self.proc.pid)) < (1 if workers == 1 else 1 + workers):  # every worker is up
                if time.monotonic() > deadline:
                    raise RuntimeError("the server's workers did not start")
                time.sleep(0.1)
        except BaseException:
            self.close()
            raise

    def rss(self) -> dict[int, int]:
        return tree_rss(self.proc.pid)

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)
        self.log.close()


async def exchange(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str,
                   body: bytes) -> tuple[int, bytes]:
    """One request on a kept-alive connection: the reply's status and body."""
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    writer.write(head + body)
    await writer.drain()
    status = int((await reader.readline()).split()[1])
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return status, await reader.readexactly(length)


async def client(port: int, path: str, bodies: list[bytes], latencies: list[float], failures: list[str],
                 complete: Callable[[dict[str, Any]], bool]) -> None:
    """One connection, its requests one after another: the latency of each answered 200, what went
    wrong otherwise (a broken connection leaves the rest of its requests unanswered, so failed)."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError as e:
        failures.append(f"connect: {e}")
        return
    try:
        for body in bodies:
            start = time.perf_counter()
            status, reply = await exchange(reader, writer, path, body)
            if status != 200:
                failures.append(f"{status}: {reply[:200]!r}")
                continue
            latencies.append(time.perf_counter() - start)
            if not complete(json.loads(reply)):
                failures.append(f"incomplete: {reply[:200]!r}")
    except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as e:
        failures.append(f"connection: {e!r}")
    finally:
        writer.close()


async def load(port: int, path: str, bodies: list[bytes], clients: int, per_client: int,
               server_pids: Iterable[int] = (), complete: Callable[[dict[str, Any]], bool] = lambda r: True
               ) -> dict[str, Any]:
    pids = list(server_pids)
    cpu, own = tree_cpu(pids), time.process_time()
    latencies: list[float] = []
    failures: list[str] = []
    jobs = [[bodies[(c * per_client + k) % len(bodies)] for k in range(per_client)] for c in range(clients)]
    start = time.perf_counter()
    await asyncio.gather(*(client(port, path, job, latencies, failures, complete) for job in jobs))
    wall = time.perf_counter() - start
    cpu, own = tree_cpu(pids) - cpu, time.process_time() - own
    ms = sorted(t * 1000 for t in latencies)
    return {
        "requests": clients * per_client, "clients": clients, "seconds": round(wall, 2),
        "per_second": round(len(ms) / wall, 1),
        "p50_ms": round(statistics.median(ms), 1) if ms else None,
        "p99_ms": round(ms[min(len(ms) - 1, int(0.99 * len(ms)))], 1) if ms else None,
        "max_ms": round(ms[-1], 1) if ms else None,
        "failed": clients * per_client - len(ms),  # every request without a 200 reply
        "incomplete": sum(f.startswith("incomplete") for f in failures),  # a 200 short of its work (time ran out)
        "failures": failures[:5],
        "server_cpu_ms_per_request": round(1000 * cpu / max(1, len(ms)), 2),  # load-independent: the cost
        "client_cpu_ms_per_request": round(1000 * own / max(1, clients * per_client), 2),
    }


def whole_solve(reply: dict[str, Any]) -> bool:
    return reply["schema"] == "dominosolver.solve/1" and len(reply["pv"]) == 28 and len(reply["moves"]) == 7


def value_solve(reply: dict[str, Any]) -> bool:
    return reply["schema"] == "dominosolver.solve/1" and len(reply["pv"]) == 28


WORKLOADS = ("show", "solve", "value", "hint")


def run(workers: int, args: argparse.Namespace, bodies: dict[str, list[bytes]]) -> dict[str, Any]:
    """The workloads ``args.rounds`` times over on one server; its RSS before and after each round
    (the first round raises it to the allocator's plateau, the next ones should leave it flat)."""
    server = Server(workers)
    rounds = []
    solves = (args.solve_clients, args.solve_requests)
    workloads = {  # name -> path, clients and requests each, what a complete reply holds
        "show": ("/v1/show", *solves, lambda reply: len(reply["legal_moves"]) == 7),
        "solve": ("/v1/solve", *solves, whole_solve),
        "value": ("/v1/solve", *solves, value_solve),
        "hint": ("/v1/hint", args.hint_clients, args.hint_requests, lambda reply: reply["worlds"] == 200),
    }
    try:
        asyncio.run(load(server.port, "/v1/solve", bodies["solve"][:8], 4, 5))  # warm up: imports, first tables
        rss = [server.rss()]
        for _ in range(args.rounds):
            pids = rss[0]
            rounds.append({name: asyncio.run(load(server.port, path, bodies[name], clients, each, pids, complete))
                           for name, (path, clients, each, complete) in workloads.items() if name in args.workloads})
            rss.append(server.rss())
    finally:
        server.close()
    return {"workers": workers, "rounds": rounds, "rss_kb": [sum(r.values()) for r in rss], "rss_kb_by_process": rss}


# ---------------------------------------------------------------- the siege (--siege)

SLOW_HEAD = b"POST /v1/hint HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"


def open_files(pids: Iterable[int]) -> int:
    total = 0
    for p in pids:
        try:
            total += len(os.listdir(f"/proc/{p}/fd"))
        except OSError:
            pass
    return total


class SlowClient(asyncio.Protocol):
    """One slow connection: a request's head, never finished (``trickle`` adds a line to every open
    one now and then); ``ended`` gets how it ended once the server closes it."""

    def __init__(self, ended: asyncio.Future, open_now: set[asyncio.Transport]) -> None:
        self.ended, self.open_now, self.kind = ended, open_now, None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.open_now.add(transport)
        transport.write(SLOW_HEAD)

    def data_received(self, data: bytes) -> None:
        if self.kind is None:
            self.kind = ("408" if data.startswith(b"HTTP/1.1 408") else "503" if data.startswith(b"HTTP/1.1 503")
                         else "other reply")

    def connection_lost(self, exc: Exception | None) -> None:
        self.open_now.discard(self.transport)
        if not self.ended.done():
            self.ended.set_result(self.kind or ("reset" if exc else "closed, no reply"))


async def slow_connection(port: int, stop_at: float, stats: dict[str, int], open_now: set[asyncio.Transport]) -> None:
    """A slow connection (``SlowClient``), reopened a moment after the server closes it until
    ``stop_at``. ``stats`` counts how each ended. A protocol, no streams: a client process holds
    10,000 of them on a loaded machine."""
    loop = asyncio.get_running_loop()
    while time.monotonic() < stop_at:
        ended = loop.create_future()
        try:
            transport, _ = await loop.create_connection(lambda e=ended: SlowClient(e, open_now), "127.0.0.1", port)
        except OSError:
            stats["connect failed"] += 1
            await asyncio.sleep(1)
            continue
        stats["opened"] += 1
        try:
            stats[await asyncio.wait_for(ended, max(0.0, stop_at - time.monotonic()))] += 1
        except asyncio.TimeoutError:
            transport.close()
            return
        await asyncio.sleep(0.5 + random.random())  # as a client that tries again


async def trickle(stop_at: float, interval: float, open_now: set[asyncio.Transport]) -> None:
    """A header line every ``interval`` seconds on every open slow connection (one timer for all)."""
    while time.monotonic() < stop_at:
        await asyncio.sleep(interval)
        for transport in list(open_now):
            if not transport.is_closing():
                transport.write(b"X-Slow: 1\r\n")


async def looping(port: int, path: str, bodies: list[bytes], stop_at: float, latencies: list[float],
                  failures: list[str], pause: float = 0.0) -> None:
    """Requests one after another on one connection (a new one if it breaks) until ``stop_at``."""
    k = 0
    while time.monotonic() < stop_at:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError as e:
            failures.append(f"connect: {e}")
            await asyncio.sleep(0.1)
            continue
        try:
            while time.monotonic() < stop_at:
                start = time.perf_counter()
                status, reply = await exchange(reader, writer, path, bodies[k % len(bodies)])
                k += 1
                if status == 200:
                    latencies.append(time.perf_counter() - start)
                else:
                    failures.append(f"{status}: {reply[:200]!r}")
                if pause:
                    await asyncio.sleep(pause)
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as e:
            failures.append(f"connection: {e!r}")
        finally:
            writer.close()


def show_clients(port: int, bodies: list[bytes], seconds: float, clients: int) -> tuple[list[float], list[str]]:
    """``clients`` clients each sending a show every 20 ms for ``seconds``: the latencies, the failures."""
    latencies: list[float] = []
    failures: list[str] = []
    stop_at = time.monotonic() + seconds

    async def shows() -> None:
        await asyncio.gather(*(looping(port, "/v1/show", bodies, stop_at, latencies, failures, pause=0.02)
                               for _ in range(clients)))

    asyncio.run(shows())
    return latencies, failures


def figures(latencies: list[float], failures: list[str]) -> dict[str, Any]:
    ms = sorted(t * 1000 for t in latencies)
    return {"answered": len(ms), "failed": len(failures), "failures": sorted(set(failures))[:5],
            "p50_ms": round(statistics.median(ms), 1) if ms else None,
            "p99_ms": round(ms[min(len(ms) - 1, int(0.99 * len(ms)))], 1) if ms else None,
            "max_ms": round(ms[-1], 1) if ms else None}


SLOW_KINDS = ("opened", "408", "503", "closed, no reply", "other reply", "reset", "connect failed")


OPEN_NOW: list[Any] = []  # how many slow connections each slow process has open (shared values, inherited)


def slow_part(port: int, stop_at: float, args: argparse.Namespace, count: int, k: int) -> dict[str, int]:
    """``count`` slow connections in a process of its own (each process may open at most its
    open-file limit: ``--slow-processes`` share them), at ``--client-nice``; how they ended.
    ``OPEN_NOW[k]`` says how many are open."""
    open_now = OPEN_NOW[k]
    os.nice(args.client_nice)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 200)), hard))
    stats = dict.fromkeys(SLOW_KINDS, 0)
    opened: set[asyncio.Transport] = set()

    async def part() -> None:
        async def tell() -> None:
            while time.monotonic() < stop_at:
                open_now.value = len(opened)
                await asyncio.sleep(0.25)
            open_now.value = 0

        await asyncio.gather(tell(), trickle(stop_at, args.slow_interval, opened),
                             *(slow(port, stop_at, stats, opened, i) for i in range(count)))

    asyncio.run(part())
    return stats


async def siege_load(server: Server, args: argparse.Namespace, bodies: dict[str, list[bytes]]) -> dict[str, Any]:
    port = server.port
    samples: list[dict[str, int]] = []
    work = {name: ([], []) for name in ("hint", "table")}
    start = time.monotonic()
    stop_at = start + args.seconds
    fork = multiprocessing.get_context("fork")
    parts = max(1, args.slow_processes)
    counts = [args.slow // parts + (k < args.slow % parts) for k in range(parts)]
    OPEN_NOW[:] = [fork.Value("i", 0, lock=False) for _ in counts]  # before the processes fork
    open_now = OPEN_NOW

    async def sample() -> None:
        while time.monotonic() < stop_at:
            pids = server.rss()
            samples.append({"t": round(time.monotonic() - start, 1), "client_open": sum(v.value for v in open_now),
                            "server_files": open_files(pids), "rss_kb": sum(pids.values())})
            await asyncio.sleep(1)

    # The shows' clients run in a process of their own, and so do the slow connections (split over
    # --slow-processes, each under its open-file limit): this one's event loop, busy with thousands
    # of connections, would otherwise add its own delays to the latencies measured.
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(1, mp_context=fork) as other, ProcessPoolExecutor(parts, mp_context=fork) as slows:
        measured = loop.run_in_executor(other, show_clients, port, bodies["show"], args.seconds, args.show_clients)
        ramp = [loop.run_in_executor(slows, slow_part, port, stop_at, args, n, k)
                for k, n in enumerate(counts)]
        await asyncio.sleep(0.5)  # the other processes forked (at their niceness) before this one lowers its own
        os.nice(args.client_nice)  # this thread's (Linux): the searches and tables
        parts_done = await asyncio.gather(
            *ramp, sample(),
            *(looping(port, "/v1/hint", bodies["hint"], stop_at, *work["hint"]) for _ in range(args.hint_clients)),
            *(looping(port, "/v1/table", bodies["table"], stop_at, *work["table"])
              for _ in range(args.table_clients)))
        shows, show_failures = await measured
    stats = {kind: sum(p[kind] for p in parts_done[:parts]) for kind in SLOW_KINDS}
    return {"slow": args.slow, "slow_processes": parts, "seconds": args.seconds, "client_nice": args.client_nice,
            "slow_connections": stats,
            "most_open_by_clients": max(s["client_open"] for s in samples) if samples else 0,
            "most_server_files": max(s["server_files"] for s in samples) if samples else 0,
            "show": figures(shows, show_failures), "hint": figures(*work["hint"]), "table": figures(*work["table"]),
            "samples": samples}


async def slow(port: int, stop_at: float, stats: dict[str, int], open_now: set[asyncio.Transport], i: int) -> None:
    await asyncio.sleep(i // 500 * 0.2)  # opened 500 at a time, so the listening socket's backlog keeps up
    await slow_connection(port, stop_at, stats, open_now)


def siege(workers: int, args: argparse.Namespace) -> dict[str, Any]:
    bodies = {"show": solve_bodies(64), "hint": hint_bodies(64),
              "table": [json.dumps({"deal": str(first_lead(i, False))}).encode() for i in range(64)]}
    server = Server(workers)
    try:
        asyncio.run(load(server.port, "/v1/show", bodies["show"], 4, 20))  # warm up
        asyncio.run(load(server.port, "/v1/hint", bodies["hint"][:2], 2, 1))
        before, load_before = server.rss(), os.getloadavg()[0]
        result = asyncio.run(siege_load(server, args, bodies))
        load_after = os.getloadavg()[0]  # the machine's 1-minute load average: its other work shows here
        at_end = server.rss()
        time.sleep(ServeLimits().read_timeout + 2)  # the last slow connections time out, or were closed
        after = server.rss()
        result.update(workers=workers, rss_mb={"before": round(sum(before.values()) / 1024),
                                               "at_end": round(sum(at_end.values()) / 1024),
                                               "after": round(sum(after.values()) / 1024)},
                      server_files_after=open_files(after),
                      load_average=[round(load_before, 2), round(load_after, 2)],
                      loop=event_loop(list(after)))
    finally:
        server.close()
    return result


def event_loop(pids: Iterable[int]) -> str:
    """Which event loop the server runs: uvloop when its module is loaded in its processes (Linux /proc)."""
    try:
        return "uvloop" if any("/uvloop/" in Path(f"/proc/{p}/maps").read_text() for p in pids) else "asyncio"
    except OSError:
        return "unknown"


def siege_report(r: dict[str, Any]) -> None:
    print(f"workers {r['workers']} ({r['loop']}; load average {r['load_average'][0]} before, "
          f"{r['load_average'][1]} at the end): {r['slow']} slow connections in {r['slow_processes']} client "
          f"processes for {r['seconds']} s: {r['slow_connections']}; "
          f"at most {r['most_open_by_clients']} open at once by the clients, {r['most_server_files']} files open "
          f"in the server (after: {r['server_files_after']})")
    for name in ("show", "hint", "table"):
        f = r[name]
        print(f"  {name:5}: {f['answered']} answered, p50 {f['p50_ms']} ms, p99 {f['p99_ms']} ms, max {f['max_ms']} ms, "
              f"failed {f['failed']}" + (f" {f['failures']}" if f["failures"] else ""))
    m = r["rss_mb"]
    print(f"  server RSS: {m['before']} MB before, {m['at_end']} MB at the end, {m['after']} MB once the slow "
          "connections were gone")


def report(r: dict[str, Any]) -> None:
    for k, workloads in enumerate(r["rounds"], 1):
        for name, s in workloads.items():
            print(f"workers {r['workers']} round {k} {name:5}: {s['requests']} requests, {s['clients']} clients, "
                  f"{s['seconds']} s: {s['per_second']} req/s, p50 {s['p50_ms']} ms, p99 {s['p99_ms']} ms, "
                  f"max {s['max_ms']} ms, failed {s['failed']}, incomplete {s['incomplete']}; server CPU "
                  f"{s['server_cpu_ms_per_request']} ms a request, clients' {s['client_cpu_ms_per_request']} ms"
                  + (f" {s['failures']}" if s["failures"] else ""))
    print(f"workers {r['workers']} RSS of the server's processes, MB: before "
          + ", after round ".join(f"{kb / 1024:.0f}" if k == 0 else f"{k}: {kb / 1024:.0f}"
                                  for k, kb in enumerate(r["rss_kb"])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", default="1,2", help="server processes, one run each")
    parser.add_argument("--workloads", default=",".join(WORKLOADS), help="which of them, in this order")
    parser.add_argument("--solve-clients", type=int, default=32)
    parser.add_argument("--solve-requests", type=int, default=100, help="solves per client")
    parser.add_argument("--hint-clients", type=int, default=8)
    parser.add_argument("--hint-requests", type=int, default=4, help="hints per client")
    parser.add_argument("--rounds", type=int, default=2, help="the workloads this many times on each server")
    parser.add_argument("--json", help="write the figures here")
    parser.add_argument("--siege", action="store_true", help="slow connections, searches and shows instead")
    parser.add_argument("--slow", type=int, default=5000, help="siege: slow connections")
    parser.add_argument("--slow-processes", type=int, default=2,
                        help="siege: client processes sharing the slow connections (each under its open-file limit)")
    parser.add_argument("--slow-interval", type=float, default=2.0, help="siege: seconds between a slow head's lines")
    parser.add_argument("--seconds", type=float, default=30.0, help="siege: how long")
    parser.add_argument("--table-clients", type=int, default=1, help="siege: tables in flight")
    parser.add_argument("--show-clients", type=int, default=2, help="siege: clients sending a show every 20 ms")
    parser.add_argument("--client-nice", type=int, default=10,
                        help="siege: niceness of the slow, hint and table clients (on the server's cores, as on "
                             "another machine they would not be; the shows' clients keep theirs)")
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}, Python {platform.python_version()}")
    if args.siege:
        runs = [siege(int(w), args) for w in args.workers.split(",")]
        for r in runs:
            siege_report(r)
        if args.json:
            Path(args.json).write_text(json.dumps({"siege": runs}, indent=2))
        return
    args.workloads = args.workloads.split(",")
    unknown = set(args.workloads) - set(WORKLOADS)
    if unknown:
        parser.error(f"no workload {', '.join(sorted(unknown))}: {', '.join(WORKLOADS)}")
    # A deal for every request: a server thread's kept solver finds in its table what it solved before.
    solves = args.solve_clients * args.solve_requests
    bodies = {"show": solve_bodies(solves), "solve": solve_bodies(solves), "value": solve_bodies(solves, moves=False),
              "hint": hint_bodies(args.hint_clients * args.hint_requests)}
    ceilings = {"show": work_ms("show", bodies["show"][:200]), "solve": work_ms("solve", bodies["solve"][:200]),
                "value": work_ms("solve", bodies["value"][:200]), "hint": work_ms("hint", bodies["hint"][:8])}
    print("one request's work in this process, no HTTP, ms CPU (2 cores: at most 2,000 / ms requests/s): "
          + ", ".join(f"{name} {ms:.2f}" for name, ms in ceilings.items()))
    results = []
    for workers in (int(w) for w in args.workers.split(",")):
        results.append(run(workers, args, bodies))
        report(results[-1])
    if args.json:
        Path(args.json).write_text(json.dumps({"ceilings_ms": ceilings, "runs": results}, indent=2))


if __name__ == "__main__":
    main()
