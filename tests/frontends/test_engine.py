"""The engine protocol: requests and replies in-process, bad input answered with error lines, and a
whole hand played through an engine in another process driven by EngineClient."""

from __future__ import annotations

import io
import json
import shutil
import threading

import pytest
from dominosolver.engine import PROTOCOL, EngineClient, EngineError, EngineServer
from dominosolver.io import validate
from dominosolver.texas42 import Game
from support_views import random_position


def run(lines: list[object]) -> list[dict]:
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    for line in lines:
        text = line if isinstance(line, str) else json.dumps(line)
        server.wait()  # one request at a time, as a client waiting for each reply would
        if not server.handle(text):
            break
    server.wait()
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_hello_position_go():
    pos = random_position(3, 17)
    view = pos.view(pos.to_move)
    replies = run(
        [
            {"cmd": "hello", "id": 1},
            {"cmd": "position", "view": view.to_json()},
            {"cmd": "go", "samples": 30, "seed": 4, "exact_limit": 0},
            {"cmd": "quit"},
        ]
    )
    hello, ready, *rest, bye = replies
    assert bye == {"type": "bye"}  # quit's reply: every request line gets one
    assert hello["type"] == "hello" and hello["protocol"] == PROTOCOL and hello["id"] == 1
    assert ready == {
        "type": "ready",
        "seat": view.seat,
        "to_move": view.seat,
        "worlds": ready["worlds"],
    }
    infos, best = rest[:-1], rest[-1]
    assert [i["worlds"] for i in infos] == [25] and all(i["type"] == "info" for i in infos)
    assert all(m["p_make_stderr"] is not None and m["p_make_stderr"] >= 0 for i in infos for m in i["moves"])
    assert best["type"] == "bestmove" and best["move"] == best["hint"]["best"]
    assert best["hint"]["worlds"] == 30 and best["hint"]["seed"] == 4
    validate(best["hint"], "hint")
    assert best["move"] in {str(t) for t in pos.legal_moves}


@pytest.mark.parametrize(
    "line,error",
    [
        ("{nope", "ParseError"),
        ('["cmd"]', "ParseError"),
        ({"cmd": "dance"}, "ParseError"),
        ({"cmd": "go"}, "StateError"),
        ({"cmd": "position"}, "ParseError"),
        (
            {
                "cmd": "position",
                "view": {
                    "schema": "dominosolver.view/1",
                    "seat": 0,
                    "hand": ["6-6"],
                    "hand_sizes": [1, 9, 9, 9],
                    "trump": 4,
                    "leader": 0,
                },
            },
            "InvalidViewError",
        ),
    ],
)
def test_bad_requests_get_error_lines_and_the_engine_goes_on(line, error):
    replies = run([line, {"cmd": "hello"}])
    assert replies[0]["type"] == "error" and replies[0]["error"] == error
    assert replies[1]["type"] == "hello"


def test_go_limit_types_are_checked():
    view = random_position(1, 18).view(random_position(1, 18).to_move)
    replies = run([{"cmd": "position", "view": view.to_json()}, {"cmd": "go", "samples": "many"}])
    assert replies[-1]["type"] == "error" and replies[-1]["error"] == "ParseError"


def test_stop_ends_the_search_with_a_bestmove():
    """Stop is read while the search runs; the search ends after its current batch of worlds."""
    pos = random_position(5, 8)
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    server.handle(json.dumps({"cmd": "position", "view": pos.view(pos.to_move).to_json()}))
    gate = threading.Event()
    real_send = server.send

    def send(obj):
        real_send(obj)
        if obj["type"] == "info":
            gate.set()

    server.send = send  # type: ignore[method-assign]
    server.handle(json.dumps({"cmd": "go", "samples": 100000, "seed": 1}))
    assert gate.wait(60)
    server.handle(json.dumps({"cmd": "stop"}))
    server.wait()
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    best = replies[-1]
    assert best["type"] == "bestmove" and best["hint"]["worlds"] < 100000
    assert any("stopped after" in w for w in best["hint"]["warnings"])


def test_stop_ends_a_bid_search_too():
    """A bid search reads stop between its batches of deals and answers with the advice so far."""
    game = Game(seed=1)
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    server.handle(json.dumps({"cmd": "position", "view": game.view(game.to_move).to_json()}))
    server.handle(json.dumps({"cmd": "go", "samples": 20000, "seed": 1}))
    server.handle(json.dumps({"cmd": "stop"}))
    server.wait()
    best = [json.loads(x) for x in out.getvalue().splitlines()][-1]
    assert best["type"] == "bestmove" and 0 < best["advice"]["worlds"] < 20000


def test_a_whole_hand_through_an_engine_process():
    """Bids, the declaration and every tile of one hand come from an engine that sees only the
    view of the seat to move."""
    game = Game(seed=12)
    with EngineClient() as engine:
        assert engine.hello()["protocol"] == PROTOCOL
        hands_before = len(game.hands_played)
        while len(game.hands_played) == hands_before:
            view = game.view(game.to_move)
            engine.position(view)
            reply = engine.go(samples=8, seed=len(game.moves), exact_limit=200)
            assert reply["type"] == "bestmove"
            legal = [str(m) for m in game.legal_moves]
            assert reply["move"] in legal
            if "hint" in reply:
                assert reply["hint"]["position"]["seat"] == view.seat
            game.play(reply["move"])
    hand = game.hands_played[-1]
    assert hand["result"] is not None or hand["contract"] is None
    with pytest.raises(EngineError), EngineClient() as engine:
        engine.send({"cmd": "go"})
        engine.receive()


@pytest.mark.skipif(shutil.which("dominosolver") is None, reason="console script not installed")
def test_the_cli_runs_the_engine():
    with EngineClient(["dominosolver", "engine", "--threads", "1"]) as engine:
        assert engine.hello()["type"] == "hello"
