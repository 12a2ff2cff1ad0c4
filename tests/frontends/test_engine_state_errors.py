"""A request out of order (``go`` before any position, ``position`` or ``go`` while a search runs) is the
engine's ``StateError`` line, not an ``InvalidViewError``: no view was wrong. The running search goes
on to its own ``bestmove`` and the engine serves on (docs/protocol.md)."""

from __future__ import annotations

import io
import json

from dominosolver.engine import EngineServer
from dominosolver.errors import DominoSolverError, InvalidViewError, StateError
from support_views import random_position


def replies(out: io.StringIO) -> list[dict]:
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_the_state_errors_class():
    assert issubclass(StateError, DominoSolverError) and issubclass(StateError, ValueError)
    assert not issubclass(StateError, InvalidViewError)


def test_go_before_any_position_is_a_state_error():
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    server.handle(json.dumps({"cmd": "go", "id": 7}))
    server.handle(json.dumps({"cmd": "hello"}))
    first, hello = replies(out)
    assert first == {"type": "error", "error": "StateError", "id": 7, "message": first["message"]}
    assert "go before any position" in first["message"] and hello["type"] == "hello"


def test_position_or_go_while_a_search_runs_is_a_state_error():
    pos = random_position(5, 8)
    view = pos.view(pos.to_move).to_json()
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    server.handle(json.dumps({"cmd": "position", "view": view}))
    server.handle(json.dumps({"cmd": "go", "samples": 100000, "seed": 1, "id": "search"}))
    # The search is running from here until its bestmove: both requests are refused for its sake.
    server.handle(json.dumps({"cmd": "position", "view": view, "id": "p"}))
    server.handle(json.dumps({"cmd": "go", "id": "g"}))
    server.handle(json.dumps({"cmd": "stop"}))
    server.wait()
    lines = replies(out)
    errors = {r["id"]: r for r in lines if r["type"] == "error"}
    assert set(errors) == {"p", "g"} and all(e["error"] == "StateError" for e in errors.values())
    assert errors["p"]["message"].startswith("position while a search is running")
    assert errors["g"]["message"].startswith("go while a search is running")
    best = lines[-1]
    assert best["type"] == "bestmove" and best["id"] == "search" and best["move"] in {str(m) for m in pos.legal_moves}
    server.handle(json.dumps({"cmd": "go", "samples": 4, "seed": 1, "id": "again"}))  # the position still stands
    server.wait()
    assert replies(out)[-1]["type"] == "bestmove" and replies(out)[-1]["id"] == "again"
