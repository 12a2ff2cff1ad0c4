"""The engine is a boundary: whatever bytes a line holds it answers with exactly one reply and goes on
serving (a named error for anything wrong, InternalError for what nothing foresaw), and its limits
(the longest line, samples, seconds, threads, table size) bound every request and are stated by
hello."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from dominosolver import bingo, games
from dominosolver.engine import EngineLimits, EngineServer
from dominosolver.engine.server import CORES, serve
from dominosolver.errors import ParseError
from dominosolver.texas42 import Game, Position

MID_TRICK = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30"
BINGO = ("bingo trump=3 turned=33 leader=0 hands=66.53.52.51.44.22.21/60.55.50.43.40.11.00 "
         "boneyard=31.65.41.30.61.10.42.33 points=19/5 tricks=2/1")


def view42() -> dict:
    return Position(MID_TRICK).view(1).to_json()


def line(obj: object) -> bytes:
    return (json.dumps(obj) + "\n").encode()


# Lines that killed the engine or slipped through before, each with the error it must now get.
HOSTILE = [
    # A lone surrogate escape in a view (the binding raised TypeError, which ended the engine).
    (line({"cmd": "position", "view": {**view42(), "rules": {"nt_doubles": "\udcff"}}}), "ParseError"),
    (line({"cmd": "position", "view": {**bingo.Position(BINGO).view(0).to_json(), "turned": "\udcff"}}), "ParseError"),
    # An integer longer than Python converts (json.loads raised a plain ValueError).
    (b'{"cmd": "go", "seed": ' + b"7" * 5000 + b"}\n", "ParseError"),
    # Bytes that are no UTF-8 (a strict stdin raised UnicodeDecodeError).
    (b'{"cmd": "hello", "id": "\xff\xfe"}\n', "ParseError"),
    (b"\xc3\x28\n", "ParseError"),
    # Numbers that are no numbers, unknown keys, a view that is not one.
    (b'{"cmd": "position", "view": {"trump": Infinity}}\n', "ParseError"),
    (line({"cmd": "hello", "verbose": True}), "ParseError"),
    (line({"cmd": "position", "view": {**view42(), "hands": []}}), "ParseError"),
    (b"[" * 50_000 + b"\n", "ParseError"),
    (b"\x00\x01\x02\n", "ParseError"),
]


def engine_process(*args: str) -> subprocess.Popen:
    """`dominosolver engine ARGS` in another process, its stdin decoding strictly
    (PYTHONIOENCODING=utf-8)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable, "-c", "from dominosolver.cli import main; main()", "engine", *args]
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def test_hostile_lines_each_get_one_error_and_the_engine_goes_on():
    engine = engine_process()
    position = line({"cmd": "position", "view": view42()})
    requests = [position, *[bad for bad, _ in HOSTILE], position,
                line({"cmd": "go", "threads": 10**12}), line({"cmd": "go", "samples": 5, "nonsense": 1}),
                b"\n", b"   \n", line({"cmd": "quit"})]
    out, err = engine.communicate(b"".join(requests), timeout=120)
    replies = [json.loads(x) for x in out.decode().splitlines()]
    assert engine.returncode == 0 and b"Traceback" not in err
    # One reply per line that is not blank, in order: ready, the errors, ready, two errors, bye.
    assert [r["type"] for r in replies] == ["ready", *["error"] * len(HOSTILE), "ready", "error", "error", "bye"]
    assert [r["error"] for r in replies[1:-4]] == [error for _, error in HOSTILE]
    assert "threads must be a whole number from 1 to" in replies[-3]["message"]
    assert replies[-2]["error"] == "ParseError" and "go: unknown key(s) 'nonsense'" in replies[-2]["message"]


def test_a_line_over_the_limit_is_refused_without_being_kept():
    out = io.StringIO()
    limits = EngineLimits(line_bytes=1000)
    hello = line({"cmd": "hello", "id": 1})
    serve(io.BytesIO(b'{"cmd": "hello", "id": "' + b"x" * 10_000 + b'"}\n' + hello), out, limits=limits)
    too_long, answer = [json.loads(x) for x in out.getvalue().splitlines()]
    assert too_long["error"] == "ParseError" and "longer than 1,000 bytes" in too_long["message"]
    assert answer["type"] == "hello" and answer["id"] == 1
    assert answer["bounds"] == {"line_bytes": 1000, "samples": 100_000, "time": 60.0, "threads": 2 * CORES,
                                "table_mb": 16}


@contextmanager
def broken(name: str, error: Exception) -> Iterator[None]:
    """Texas 42's engine kit with ``name`` raising ``error``: a bug nothing foresaw (the kit is
    frozen, so it is patched in place and restored)."""
    spec = games.get("42").engine
    real = getattr(spec, name)

    def fail(*args: object, **kwargs: object) -> None:
        raise error

    object.__setattr__(spec, name, fail)
    try:
        yield
    finally:
        object.__setattr__(spec, name, real)


def test_the_last_resort_reports_what_nothing_foresaw_and_serves_on():
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    with broken("count_worlds", RuntimeError("a bug")):
        server.handle(line({"cmd": "position", "view": view42(), "id": "p"}))
    with broken("go", KeyError("a bug in a search")):
        server.handle(line({"cmd": "position", "view": view42()}))
        server.handle(line({"cmd": "go", "id": 7}))
        server.wait()
    server.handle(line({"cmd": "go", "samples": 5, "seed": 1}))
    server.wait()
    failed, ready, failed_search, best = [json.loads(x) for x in out.getvalue().splitlines() if '"info"' not in x]
    assert failed == {"type": "error", "error": "InternalError", "message": "internal error: RuntimeError('a bug')"}
    assert ready["type"] == "ready"
    assert failed_search == {"type": "error", "error": "InternalError",
                             "message": "internal error: KeyError('a bug in a search')", "id": 7}
    assert best["type"] == "bestmove"


def test_a_go_without_time_gets_the_engine_s_time_limit():
    first_lead = Position(trump=4, hands=[list(h) for h in Game(seed=3).deal()], contract=(0, 30)).view(0)
    out = io.StringIO()
    server = EngineServer(out, threads=1, limits=EngineLimits(time=0.3))
    server.handle(line({"cmd": "position", "view": first_lead.to_json()}))
    server.handle(line({"cmd": "go", "samples": 100_000, "seed": 1}))  # hours of work without a limit
    server.wait()
    server.handle(line({"cmd": "go", "time": 5}))
    best = [json.loads(x) for x in out.getvalue().splitlines()][-2:]
    hint = next(r for r in best if r["type"] == "bestmove")["hint"]
    assert hint["worlds"] < 100_000 and any("by the time limit (0.3 s)" in w for w in hint["warnings"])
    assert best[-1]["error"] == "ParseError" and "at most 0.3 seconds (the engine's limit)" in best[-1]["message"]


@pytest.mark.parametrize("limits,message", [
    ({"threads": 2 * CORES + 1}, "threads must be a whole number from 1 to"),
    ({"time": 0}, "time must be a number of seconds above 0"),
    ({"samples": 0}, "samples must be"),
    ({"line_bytes": 10}, "line_bytes must be"),
    ({"table_mb": 10**6}, "table_mb must be"),
])
def test_limits_are_checked_when_the_engine_starts(limits, message):
    with pytest.raises(ParseError, match=message):
        EngineLimits(**limits)
    with pytest.raises(ParseError, match="threads must be"):
        EngineServer(io.StringIO(), threads=2 * CORES + 1)


def test_the_command_line_takes_the_limits():
    engine = engine_process("--max-samples", "50", "--max-time", "2", "--table-mb", "4")
    out, _ = engine.communicate(line({"cmd": "hello"}) + line({"cmd": "position", "view": view42()})
                                + line({"cmd": "go", "samples": 51}), timeout=60)
    hello, ready, refused = [json.loads(x) for x in out.decode().splitlines()]
    assert hello["bounds"]["samples"] == 50 and hello["bounds"]["time"] == 2 and hello["bounds"]["table_mb"] == 4
    assert "samples must be a whole number from 1 to 50" in refused["message"]
