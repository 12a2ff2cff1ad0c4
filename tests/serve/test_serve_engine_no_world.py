"""A Big Game hint of whole deals given no time to solve one world: the HTTP API answers `422
SearchLimitError` and the engine the same error line in place of a `bestmove` (docs/protocol.md,
docs/http.md), each naming the fault the same way; both serve on."""

from __future__ import annotations

import pytest

from dominosolver.engine import EngineClient, EngineError


def first_lead_view(client) -> dict:
    """North's view at its first play of a Big Game (random bots: milliseconds)."""
    game = client.post("/v1/new-game", json={"game": "biggame", "seed": 7, "seat": 0, "bot": "random"}).json()
    while not (game["your_turn"] and game["view"]["trump"] is not None):
        move = {"move": game["legal_moves"][0]} if game["your_turn"] else {}
        game = client.post("/v1/move" if move else "/v1/bot-move", json={"token": game["token"], **move}).json()
        assert game.get("schema") == "dominosolver.botgame/1", game
    return game["view"]


def test_no_world_solved_in_time_is_the_same_error_over_http_and_the_engine(client):
    view = first_lead_view(client)
    assert len(view["hand"]) >= 10  # whole deals: many tricks left
    reply = client.post("/v1/hint", json={"view": view, "time": 0})
    error = reply.json()
    assert reply.status_code == 422 and error["error"] == "SearchLimitError", error
    assert "no world was solved by the time limit" in error["message"]
    with EngineClient() as engine:
        engine.position(view)
        with pytest.raises(EngineError) as raised:
            engine.go(time=0)
        assert str(raised.value) == f"SearchLimitError: {error['message']}"
        assert engine.hello()["type"] == "hello"  # the engine serves on
        assert engine.position(view)["type"] == "ready"
    assert client.post("/v1/claim", json={"view": view}).status_code == 200  # and the server serves on
