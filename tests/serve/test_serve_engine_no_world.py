"""A Big Game hint of whole deals given no time to solve one world rests on make tests (its
`basis` "tests", docs/json.md): the HTTP API and the engine's `bestmove` answer so, each saying why
the same way; both serve on."""

from __future__ import annotations

from dominosolver.engine import EngineClient


def first_lead_view(client) -> dict:
    """North's view at its first play of a Big Game (random bots: milliseconds)."""
    game = client.post("/v1/new-game", json={"game": "biggame", "seed": 7, "seat": 0, "bot": "random"}).json()
    while not (game["your_turn"] and game["view"]["trump"] is not None):
        move = {"move": game["legal_moves"][0]} if game["your_turn"] else {}
        game = client.post("/v1/move" if move else "/v1/bot-move", json={"token": game["token"], **move}).json()
        assert game.get("schema") == "dominosolver.botgame/1", game
    return game["view"]


def test_no_world_solved_in_time_is_the_same_answer_over_http_and_the_engine(client):
    view = first_lead_view(client)
    assert len(view["hand"]) >= 10  # whole deals: many tricks left
    reply = client.post("/v1/hint", json={"view": view, "time": 0})
    answer = reply.json()
    assert reply.status_code == 200 and answer["basis"] == "tests", answer
    why = next(w for w in answer["warnings"] if "ranked by make tests alone" in w)
    assert why.startswith("no world was solved by the time limit")
    assert all(m["mean"] is None and m["makes"] + m["sets"] <= answer["worlds"] for m in answer["moves"])
    with EngineClient() as engine:
        engine.position(view)
        best = engine.go(time=0)
        assert best["type"] == "bestmove" and best["hint"]["basis"] == "tests" and best["move"] in view["hand"], best
        assert best["move"] == best["hint"]["best"]
        assert any(w.startswith("no world was solved by the time limit") for w in best["hint"]["warnings"])
        assert engine.hello()["type"] == "hello"  # the engine serves on
        assert engine.position(view)["type"] == "ready"
    assert client.post("/v1/claim", json={"view": view}).status_code == 200  # and the server serves on
