"""The server as a public service keeps it (issue 40, point 2): POSTs only as JSON in UTF-8, the
Host checked, CORS off unless configured, security headers on every reply, quick requests on their
own pool (never queued behind searches), a deadline per request, and each connection bounded (its
request's head and body in time, its head in size, the open connections in number). The connection
limits are shown on a real uvicorn server in this process, with the server's own protocol class
under small limits; nothing here waits on a wall-clock bound a loaded machine could break: each test
waits for the state it expects, with generous ceilings."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import threading
import time
from contextlib import contextmanager
from dataclasses import replace

import pytest
import uvicorn
from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.serve import ServeLimits, create_app
from dominosolver.serve.app import (
    STATIC,
    ServeHttpTools,
    answered_hosts,
    host_name,
    most_workers,
    run,
)
from serve_support import DEAL_42, KEY
from starlette.testclient import TestClient

JSON = {"Content-Type": "application/json"}
LONG_HINT = {"position": DEAL_42, "samples": 10_000}  # a first lead: about a minute on one thread, unless stopped
SHOW = {"position": DEAL_42}
PATIENCE = 60  # seconds a test waits for a state before it fails (a loaded machine is slow, never this slow)


def refused(reply, status: int, name: str, *words: str) -> None:
    body = reply.json()
    assert reply.status_code == status, body
    assert body["type"] == "error" and body["error"] == name, body
    for word in words:
        assert word in body["message"], body


def wait_until(condition, what: str, patience: float = PATIENCE):
    deadline = time.monotonic() + patience
    while not (value := condition()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)
    return value


# ---------------------------------------------------------------- what a POST must be


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/json; charset=utf-16",
                                          "application/jsonx"])
def test_a_post_not_sent_as_json_is_refused_before_any_work(client, content_type):
    """A page of any site may send text/plain or a form anywhere without asking (no CORS preflight):
    such a POST is refused before its body is read, so no page can set a search going."""
    headers = {} if content_type is None else {"Content-Type": content_type}
    before = client.get("/v1/status").json()
    reply = client.post("/v1/hint", content=json.dumps(LONG_HINT).encode(), headers=headers)
    refused(reply, 415, "UnsupportedMediaType", "application/json")
    after = client.get("/v1/status").json()
    assert {k: after[k] for k in ("searching", "queued")} == {"searching": 0, "queued": 0}
    assert after["cancelled"] == before["cancelled"] and after["expired"] == before["expired"]


@pytest.mark.parametrize("content_type", ["application/json", "Application/JSON; charset=UTF-8",
                                          'application/json;charset="utf-8"'])
def test_json_in_utf8_is_read(client, content_type):
    reply = client.post("/v1/show", content=json.dumps(SHOW).encode(), headers={"Content-Type": content_type})
    assert reply.status_code == 200 and reply.json()["schema"] == "dominosolver.show/1"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "latin-1"])
def test_a_body_in_another_encoding_is_refused_by_name(client, encoding):
    """json.loads would read UTF-16 and UTF-32 bytes (it guesses the encoding): the server reads UTF-8 only."""
    body = json.dumps({"position": DEAL_42 + " é"}, ensure_ascii=False).encode(encoding)
    refused(client.post("/v1/show", content=body, headers=JSON), 400, "ParseError", "UTF-8")


def test_unknown_hint_options_are_parse_errors_naming_them(client):
    refused(client.post("/v1/hint", json={**SHOW, "samples": 2, "weighting": "bogus"}), 422, "ParseError",
            "unknown weighting 'bogus'")
    refused(client.post("/v1/hint", json={**SHOW, "samples": 2, "method": "bogus"}), 422, "ParseError",
            "unknown method 'bogus'")
    refused(client.post("/v1/hint", json={**SHOW, "samples": 2, "means": "bogus"}), 422, "ParseError",
            "unknown means 'bogus'")


def test_a_big_game_hand_is_advised_under_its_own_rules(client):
    """A hand given to a game's endpoint is that game's: The Big Game's 11 tiles, no rules needed."""
    hand = "81.80.77.66.65.63.62.43.41.40.32"
    reply = client.post("/v1/advise-bid", json={"game": "biggame", "hand": hand, "seat": "W", "samples": 2,
                                                "time": 0.5})
    assert reply.status_code == 200, reply.json()
    advice = reply.json()
    assert advice["game"] == "biggame" and len(advice["hand"]) == 11 and advice["seat"] == 3


# ---------------------------------------------------------------- hosts, origins, headers


def test_the_hosts_a_server_answers_for():
    assert answered_hosts("127.0.0.1") == {"localhost", "127.0.0.1", "::1"}
    assert answered_hosts("localhost", ["Board.Example."]) == {"localhost", "127.0.0.1", "::1", "board.example"}
    assert answered_hosts("192.0.2.7") == {"localhost", "127.0.0.1", "::1", "192.0.2.7"}
    assert answered_hosts("0.0.0.0") is None  # no name of its own to check against: any
    assert answered_hosts("0.0.0.0", ["board.example"]) == {"localhost", "127.0.0.1", "::1", "board.example"}
    assert answered_hosts("127.0.0.1", ["*"]) is None
    assert [host_name(h) for h in ("[::1]:8042", "LocalHost:80", "127.0.0.1", "example.org.")] == [
        "::1", "localhost", "127.0.0.1", "example.org"]


def test_a_request_for_another_host_is_refused():
    """DNS rebinding: a page of evil.example whose name now points at 127.0.0.1 calls the server with
    its own name as the Host; refused, the board's pages too. The names answered for are served."""
    with TestClient(create_app(key=KEY, hosts=answered_hosts("127.0.0.1", ["board.example"])),
                    base_url="http://127.0.0.1:8042") as c:
        for host in ("127.0.0.1:8042", "localhost:8042", "[::1]:8042", "board.example", "BOARD.example:443"):
            assert c.post("/v1/show", json=SHOW, headers={"Host": host}).status_code == 200, host
        for host in ("evil.example:8042", "127.0.0.1.evil.example", "localhost.evil.example", ""):
            for reply in (c.post("/v1/show", json=SHOW, headers={"Host": host}), c.get("/", headers={"Host": host}),
                          c.get("/v1/limits", headers={"Host": host})):
                refused(reply, 421, "UnknownHost", "--allow-host")
                assert reply.headers["x-content-type-options"] == "nosniff"


def test_cors_is_off_unless_configured():
    preflight = {"Origin": "https://evil.example", "Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "content-type"}
    with TestClient(create_app(key=KEY)) as c:
        reply = c.options("/v1/hint", headers=preflight)
        assert "access-control-allow-origin" not in reply.headers  # the browser sends no POST
        assert "access-control-allow-origin" not in c.post("/v1/show", json=SHOW, headers={"Origin": "https://x.example"}).headers
    with TestClient(create_app(key=KEY, cors=["https://board.example"])) as c:
        allowed = c.options("/v1/hint", headers={**preflight, "Origin": "https://board.example"})
        assert allowed.status_code == 200 and allowed.headers["access-control-allow-origin"] == "https://board.example"
        assert "access-control-allow-origin" not in c.options("/v1/hint", headers=preflight).headers
        reply = c.post("/v1/show", json=SHOW, headers={"Origin": "https://board.example"})
        assert reply.status_code == 200 and reply.headers["access-control-allow-origin"] == "https://board.example"


def test_every_reply_carries_the_security_headers(client):
    replies = [client.get("/"), client.get("/main.js"), client.get("/board.css"), client.post("/v1/show", json=SHOW),
               client.get("/v1/nothing"), client.post("/v1/show", content=b"{}")]
    for reply in replies:
        headers = reply.headers
        assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"
        csp = dict(part.strip().split(" ", 1) for part in headers["content-security-policy"].split(";"))
        assert csp["default-src"] == "'none'" and csp["script-src"] == "'self'" and csp["style-src"] == "'self'"
        assert csp["frame-ancestors"] == "'none'" and csp["connect-src"] == "'self'"


def test_the_board_needs_nothing_its_policy_forbids():
    """The policy allows the board's own files only: no inline script, style or handler in its page,
    no eval or style attribute from its scripts (the browser tests, tests/board, run it under the policy)."""
    page = (STATIC / "index.html").read_text()
    assert all(' src="' in tag for tag in re.findall(r"<script[^>]*>", page))
    assert not re.search(r"<style|\sstyle=|\son[a-z]+=|javascript:", page, re.IGNORECASE)
    for script in STATIC.glob("*.js"):
        text = script.read_text()
        assert not re.search(r"\beval\(|new Function|setAttribute\(\s*[\"']style|insertRule|\.cssText", text), script


# ---------------------------------------------------------------- pools and deadlines


async def asgi_post(app, path: str, body: dict, leave: asyncio.Event | None = None) -> tuple[int, dict | None]:
    """POST as uvicorn drives the app: the body, then ``http.disconnect`` once ``leave`` is set (never
    if None). The status and the JSON reply (None when no reply went out)."""
    messages = [{"type": "http.request", "body": json.dumps(body).encode(), "more_body": False}]
    sent: list[dict] = []

    async def receive() -> dict:
        if messages:
            return messages.pop(0)
        await (leave or asyncio.Event()).wait()
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"content-type", b"application/json"), (b"host", b"127.0.0.1")],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 8042)}
    await app(scope, receive, send)
    body_bytes = b"".join(m.get("body", b"") for m in sent)
    return sent[0]["status"], json.loads(body_bytes) if body_bytes else None


def test_quick_requests_are_never_queued_behind_searches():
    """The search pool full (one thread, no queue: a second search is refused, 503), a show, a play
    and a new game are answered all the same, on their own pool."""
    app = create_app(ServeLimits(pool=1, queue=0), key=KEY)

    async def scenario() -> None:
        leave = asyncio.Event()
        long = asyncio.ensure_future(asgi_post(app, "/v1/hint", LONG_HINT, leave))
        deadline = time.monotonic() + PATIENCE
        while app.state.pool.status()["searching"] != 1:
            assert time.monotonic() < deadline and not long.done()
            await asyncio.sleep(0.02)
        status, reply = await asgi_post(app, "/v1/hint", {**SHOW, "samples": 2})
        assert status == 503 and reply["error"] == "Busy"
        for path, body in (("/v1/show", SHOW), ("/v1/play", {**SHOW, "move": "6-6"}), ("/v1/new-game", {"game": "bingo"})):
            status, reply = await asgi_post(app, path, body)
            assert status == 200, (path, reply)
        assert app.state.pool.status()["searching"] == 1  # the search ran on meanwhile
        leave.set()
        assert (await long)[0] == 499

    asyncio.run(scenario())
    wait_until(lambda: app.state.pool.status()["searching"] == 0, "the hint to stop")
    assert app.state.quick.status() == {"searching": 0, "queued": 0, "cancelled": 0, "expired": 0}


def test_show_and_play_are_answered_on_the_event_loop_itself():
    """Reading a position needs no thread: with the quick pool shut down, a show and a play are
    answered all the same (a game's moves, which go to the games' store, need the pool)."""
    app = create_app(key=KEY)
    app.state.quick.close()

    async def scenario() -> list[int]:
        return [(await asgi_post(app, path, body))[0]
                for path, body in (("/v1/show", SHOW), ("/v1/play", {**SHOW, "move": "6-6"}))]

    assert asyncio.run(scenario()) == [200, 200]
    with pytest.raises(RuntimeError, match="shutdown"):
        asyncio.run(asgi_post(app, "/v1/new-game", {"game": "bingo"}))
    app.state.pool.close()


def test_a_request_past_its_deadline_is_refused_and_its_search_stopped():
    app = create_app(ServeLimits(deadline=1.0, pool=1, queue=4), key=KEY)

    async def scenario() -> list[tuple[int, dict | None]]:
        # The second waits behind the first for the only thread: its wait counts, and it never starts.
        return await asyncio.gather(asgi_post(app, "/v1/hint", LONG_HINT), asgi_post(app, "/v1/hint", LONG_HINT))

    for status, reply in asyncio.run(scenario()):
        assert status == 504 and reply["error"] == "DeadlineExceeded" and "deadline of 1 s" in reply["message"]
    assert app.state.pool.status()["expired"] == 2
    wait_until(lambda: app.state.pool.status()["searching"] == 0 and app.state.pool.status()["queued"] == 0,
               "the stopped search to give its thread back")


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="thread niceness is Linux's")
def test_searches_run_at_a_lower_priority_than_quick_requests():
    app = create_app(ServeLimits(search_nice=5), key=KEY)

    def niceness(stop) -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    async def both() -> tuple[int, int]:
        never = asyncio.Event()

        async def receive() -> dict:
            await never.wait()
            return {"type": "http.disconnect"}

        return await app.state.pool.run(niceness, receive), await app.state.quick.run(niceness, receive)

    search, quick = asyncio.run(both())
    assert search == min(19, quick + 5)
    app.state.pool.close()
    app.state.quick.close()


def test_limits_and_status_state_the_new_bounds(client):
    limits = client.get("/v1/limits").json()
    for key in ("deadline", "read_timeout", "keep_alive", "head_bytes", "connections", "quick_pool", "quick_queue",
                "search_nice"):
        assert limits[key] == getattr(ServeLimits(), key)
    status = client.get("/v1/status").json()
    assert {"searching", "queued", "cancelled", "expired"} <= status.keys() <= {*status["quick"], "schema", "quick", "pid"}


def test_serve_takes_at_most_a_worker_a_core():
    result = CliRunner().invoke(cli, ["serve", "--workers", str(most_workers() + 1)])
    assert result.exit_code == 2 and f"at most {most_workers()}" in result.output and "--workers" in result.output
    with pytest.raises(ValueError, match="workers must be 1 to"):
        run(workers=most_workers() + 1)


# ---------------------------------------------------------------- connections, on a real server


@contextmanager
def uvicorn_server(limits: ServeLimits):
    """uvicorn in a thread of this process with the server's protocol under ``limits``: the server,
    and a function that opens a connection to it (closed at the end)."""

    class Protocol(ServeHttpTools):
        pass

    Protocol.limits = limits
    app = create_app(limits, key=KEY)
    config = uvicorn.Config(app, host="127.0.0.1", port=0, http=Protocol, lifespan="on", log_level="warning",
                            timeout_keep_alive=int(limits.keep_alive))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    opened: list[socket.socket] = []

    def connect() -> socket.socket:
        opened.append(socket.create_connection(("127.0.0.1", server.servers[0].sockets[0].getsockname()[1]),
                                               timeout=PATIENCE))
        return opened[-1]

    try:
        wait_until(lambda: server.started, "uvicorn to start")
        yield server, connect
    finally:
        for conn in opened:
            conn.close()
        server.should_exit = True
        thread.join(PATIENCE)


def request(path: str, body: dict | None = None, extra: str = "") -> bytes:
    data = b"" if body is None else json.dumps(body).encode()
    method = "GET" if body is None else "POST"
    return (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}"
            + ("" if body is None else f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n")
            + "\r\n").encode() + data


def read_all(conn: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    out = b""
    while chunk := conn.recv(65536):
        out += chunk
    return out


def read_reply(conn: socket.socket) -> tuple[int, bytes]:
    """One reply on a kept-alive connection: its status and body."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        assert chunk, data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"content-length: (\d+)", head, re.IGNORECASE).group(1))
    while len(body) < length:
        body += conn.recv(65536)
    return int(head.split()[1]), body


SMALL = ServeLimits(read_timeout=2.0, head_bytes=2048, connections=4, pool=1, queue=0)


def test_a_request_not_sent_in_time_gets_408_and_is_closed():
    with uvicorn_server(SMALL) as (_, connect):
        slow = connect()
        slow.sendall(b"POST /v1/show HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no more
        reply = read_all(slow)
        assert reply.startswith(b"HTTP/1.1 408 ") and b"RequestTimeout" in reply
        idle = connect()  # a connection that sends nothing is closed without a word
        assert read_all(idle) == b""
        prompt = connect()  # one that sends its request at once is answered, and kept
        prompt.sendall(request("/v1/show", SHOW))
        assert read_reply(prompt)[0] == 200
        prompt.sendall(request("/v1/limits"))
        assert read_reply(prompt)[0] == 200


def test_a_head_over_its_limit_gets_431():
    with uvicorn_server(SMALL) as (_, connect):
        conn = connect()
        conn.sendall(request("/v1/show", SHOW, extra="X-Padding: " + "a" * 4000 + "\r\n"))
        reply = read_all(conn)
        assert reply.startswith(b"HTTP/1.1 431 ") and b"2,048 bytes" in reply
        trickled = connect()  # a head that never ends, sent in pieces
        trickled.sendall(b"GET /v1/limits HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ")
        for _ in range(3):
            trickled.sendall(b"c" * 1000)
            time.sleep(0.05)
        assert read_all(trickled).startswith(b"HTTP/1.1 431 ")
        conn = connect()  # a body may be larger than the head's limit
        conn.sendall(request("/v1/show", {**SHOW, "padding": "b" * 8000}))
        assert read_reply(conn)[0] == 422


def test_past_the_most_connections_the_longest_waiting_one_makes_room():
    """Four connections at most: a fifth closes the one that has waited longest for a request (idle
    or unfinished), never one being answered; when every other one is being answered, the new one
    is refused (503)."""
    patient = replace(SMALL, read_timeout=PATIENCE)  # no connection times out meanwhile
    with uvicorn_server(patient) as (server, connect):
        state = server.server_state
        oldest = connect()
        oldest.sendall(b"GET /v1/limits HTTP/1.1\r\n")  # unfinished
        wait_until(lambda: len(state.connections) == 1, "the first connection")
        searching = connect()
        searching.sendall(request("/v1/hint", LONG_HINT))
        wait_until(lambda: len(state.connections) == 2, "the second connection")
        others = [connect() for _ in range(2)]
        wait_until(lambda: len(state.connections) == 4, "four connections")
        newest = connect()
        newest.sendall(request("/v1/show", SHOW))
        assert read_reply(newest)[0] == 200
        assert read_all(oldest) == b""  # made room, without a reply
        wait_until(lambda: len(state.connections) == 4, "four connections again")
        for conn in others:
            conn.close()
        searching.close()
        newest.close()
        wait_until(lambda: not state.connections, "every connection closed")

    with uvicorn_server(replace(patient, connections=1)) as (server, connect):
        searching = connect()
        searching.sendall(request("/v1/hint", LONG_HINT))
        wait_until(lambda: server.server_state.tasks, "the hint to be answered")
        reply = read_all(connect())
        assert reply.startswith(b"HTTP/1.1 503 ") and b"being answered" in reply
        searching.close()
