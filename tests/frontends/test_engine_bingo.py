"""Bingo through the engine protocol: hello lists both games, position takes a Bingo view, go answers
with a bestmove and the hint/1 a direct call gives, limits a Bingo hint has no use for are refused,
stop leaves the engine answering, and a whole deal is played by an engine in another process."""

from __future__ import annotations

import io
import json

import pytest
from dominosolver import bingo
from dominosolver.bingo.hint import BATCH
from dominosolver.bingo.sampling import count_worlds
from dominosolver.engine import EngineClient, EngineServer
from dominosolver.io import validate
from dominosolver.render.bingo import DEMO_DEAL
from known_data import known
from support_views import random_position

KNOWN = known("bingo_known")
CLOSED = bingo.Position.from_json(KNOWN[6]["position"])  # closed, 5 tiles a hand


def run(lines: list[object]) -> list[dict]:
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    for line in lines:
        server.wait()  # one request at a time, as a client waiting for each reply would
        if not server.handle(line if isinstance(line, str) else json.dumps(line)):
            break
    server.wait()
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_hello_lists_every_game_and_their_limits():
    (hello,) = run([{"cmd": "hello"}])
    assert hello["games"] == ["texas42", "bingo", "moon", "moon4", "biggame"]
    assert {"samples", "seed", "time", "exact_limit", "threads", "weighting", "method", "means", "max_nodes"} == set(
        hello["limits"])


def test_a_hint_for_a_bingo_view():
    view = bingo.Position(DEMO_DEAL).view(0)
    ready, *infos, best = run([
        {"cmd": "position", "view": view.to_json(), "id": "a"},
        {"cmd": "go", "samples": 12, "seed": 4, "exact_limit": 0, "max_nodes": 10_000, "id": "b"},
    ])
    assert [i["type"] for i in infos] == ["info"] and infos[0]["id"] == "b"
    assert ready == {"type": "ready", "seat": 0, "to_move": 0, "worlds": count_worlds(view), "id": "a"}
    assert best["type"] == "bestmove" and best["id"] == "b" and best["move"] == best["hint"]["best"]
    validate(best["hint"], "hint")
    direct = bingo.hint(view, samples=12, seed=4, exact_limit=0, max_nodes=10_000).to_json()
    assert best["hint"]["game"] == "bingo" and best["hint"]["seed"] == 4
    assert best["hint"]["position"] == view.to_json()
    for key in ("moves", "worlds", "warnings"):  # max_nodes reached the hint: worlds over it are bounded
        assert best["hint"][key] == direct[key]
    assert "not solved to the end within 10,000 nodes each" in direct["warnings"][0]
    assert best["move"] in {str(m) for m in view.legal_moves}


@pytest.mark.parametrize("limit,message", [
    ({"threads": 2}, "go: threads applies to 42, Moon, Partnership Moon and The Big Game searches only: a Bingo hint solves its worlds on one thread"),
    ({"weighting": "auction"}, "unknown weighting 'auction': use one of uniform, play"),  # Bingo's: uniform or play
    ({"means": "all"}, "go: means applies to 42, Moon, Partnership Moon and The Big Game searches only"),
])
def test_limits_a_bingo_hint_has_no_use_for_are_refused(limit, message):
    replies = run([{"cmd": "position", "view": CLOSED.view(CLOSED.to_move).to_json()}, {"cmd": "go", **limit},
                   {"cmd": "hello"}])
    assert replies[1]["type"] == "error" and replies[1]["error"] == "ParseError"
    assert replies[1]["message"].startswith(message) and replies[2]["type"] == "hello"


def test_a_42_search_refuses_a_node_budget():
    pos = random_position(3, 17)
    replies = run([{"cmd": "position", "view": pos.view(pos.to_move).to_json()}, {"cmd": "go", "max_nodes": 10}])
    assert replies[1]["message"].startswith("go: max_nodes applies to Bingo searches only")


def test_a_bingo_search_reports_each_batch_and_stops_on_request():
    """Like a 42 search (docs/protocol.md): an info line after each batch of worlds, and a stop ends
    the search after its current batch with a bestmove over the worlds solved so far."""
    view = CLOSED.view(CLOSED.to_move)
    (ready, *infos, best) = run([{"cmd": "position", "view": view.to_json()},
                                 {"cmd": "go", "samples": 3 * BATCH, "seed": 2, "exact_limit": 0}])
    assert [i["worlds"] for i in infos] == [BATCH, 2 * BATCH]
    assert all(i["type"] == "info" and {m["move"] for m in i["moves"]} == {str(m) for m in view.legal_moves}
               for i in infos)
    assert best["hint"]["worlds"] == 3 * BATCH

    out = io.StringIO()
    server = EngineServer(out, threads=1)
    server.handle(json.dumps({"cmd": "position", "view": view.to_json()}))
    server.handle(json.dumps({"cmd": "go", "samples": 100_000, "seed": 2, "exact_limit": 0}))
    server.handle(json.dumps({"cmd": "stop"}))
    server.wait()
    server.handle(json.dumps({"cmd": "hello"}))
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    types = [r["type"] for r in replies if r["type"] != "info"]
    assert types[0] == "ready" and sorted(types[1:3]) == ["bestmove", "stopped"] and types[3:] == ["hello"]
    stopped = next(r for r in replies if r["type"] == "bestmove")["hint"]
    assert stopped["worlds"] < 100_000 and any("on request" in w for w in stopped["warnings"])


def test_a_bingo_deal_played_through_an_engine_process():
    """Every move of a closed deal comes from an engine that sees only the view of the player to move."""
    pos = CLOSED.copy()
    with EngineClient() as engine:
        while not pos.is_over:
            view = pos.view(pos.to_move)
            assert engine.position(view)["worlds"] == count_worlds(view)
            reply = engine.go(samples=8, seed=len(pos.events))
            assert reply["hint"]["position"]["seat"] == view.seat
            pos.play(reply["move"])
    assert pos.result is not None
