"""The real ``dominosolver serve`` on a free 127.0.0.1 port, spoken to over sockets: it answers,
its workers share a game, a client that hangs up mid-search frees the search's thread, and replies
go out without waiting on Nagle's algorithm."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from types import SimpleNamespace

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from dominosolver.serve.app import NoDelayHttpTools

from serve_support import DEAL_42

START = "from dominosolver.cli import main; main()"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def server(*args: str):
    """``dominosolver serve`` on a free port, until the block ends: its base URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items()  # serve makes its own key and games file
           if k not in ("DOMINOSOLVER_SERVE_KEY", "DOMINOSOLVER_SERVE_GAMES")}
    log = tempfile.TemporaryFile()  # not a pipe: a chatty server never blocks on it
    proc = subprocess.Popen([sys.executable, "-c", START, "serve", "--port", str(port), *args],
                            stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/v1/limits", timeout=5).read()
                break
            except (urllib.error.URLError, ConnectionError):
                assert proc.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        proc.wait(30)
        log.close()


def call(url: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(url + path, data=data, headers={"Content-Type": "application/json"}), timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_the_real_server_answers_and_refuses_by_name():
    with server() as url:
        status, solved = call(url, "/v1/solve", {"position": DEAL_42})
        assert status == 200 and solved["schema"] == "dominosolver.solve/1" and solved["value"] == 42
        status, refused = call(url, "/v1/solve", {"position": "trump=4 hands=77"})
        assert status == 422 and refused["error"] == "ParseError"
        status, busy = call(url, "/v1/status")
        assert status == 200 and busy["searching"] == 0


def test_two_workers_share_the_game_key():
    """Requests spread over the worker processes: each plays on the game another began (they share
    the token key and the games file serve made)."""
    with server("--workers", "2") as url:
        status, reply = call(url, "/v1/new-game", {"game": "bingo", "bot": "random"})
        pids = set()
        for _ in range(12):
            if reply["over"]:
                break
            if reply["your_turn"]:
                status, reply = call(url, "/v1/move", {"token": reply["token"], "move": reply["legal_moves"][0]})
            else:
                status, reply = call(url, "/v1/bot-move", {"token": reply["token"]})
            assert status == 200, reply
            pids.add(call(url, "/v1/status")[1]["pid"])
        assert reply["last"] is not None
        # Which process takes a connection is the kernel's choice, and on a loaded machine the second
        # worker may still be starting: ask until both have answered, for up to half a minute.
        deadline = time.monotonic() + 30
        while len(pids) < 2 and time.monotonic() < deadline:
            pids.add(call(url, "/v1/status")[1]["pid"])
            time.sleep(0.01)
        assert len(pids) == 2


def test_hanging_up_stops_the_search():
    with server() as url:
        port = int(url.rsplit(":", 1)[1])
        body = json.dumps({"position": DEAL_42, "samples": 10_000}).encode()  # about a minute, unless stopped
        conn = socket.create_connection(("127.0.0.1", port))
        conn.sendall(b"POST /v1/hint HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        deadline = time.monotonic() + 10
        while call(url, "/v1/status")[1]["searching"] != 1:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        conn.close()
        deadline = time.monotonic() + 8
        while (status := call(url, "/v1/status")[1])["searching"]:
            assert time.monotonic() < deadline, status
            time.sleep(0.1)
        assert status["cancelled"] == 1


def test_accepted_connections_send_replies_at_once(monkeypatch):
    """uvicorn's workers accept from a socket made without its protocol number, on which asyncio
    leaves Nagle's algorithm on; the server's protocol turns it off for each connection."""
    monkeypatch.setattr(HttpToolsProtocol, "connection_made", lambda self, transport: None)  # uvicorn's own part
    with socket.socket(socket.AF_INET) as listener:  # protocol 0, as uvicorn makes it for --workers
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        with socket.create_connection(listener.getsockname()) as _, listener.accept()[0] as accepted:
            assert not accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
            transport = SimpleNamespace(get_extra_info=lambda name: accepted if name == "socket" else None)
            NoDelayHttpTools.connection_made(object.__new__(NoDelayHttpTools), transport)
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
