"""The hint button in The Big Game's exchange: `POST /v1/hint` on the bidder's view holding its 12
tiles answers `dominosolver.exchange/1` (its discards ranked), which the OpenAPI document's reply
schema for `hint` admits (it named the hint schema alone), and the engine's `go` on the same view,
seed and samples gives the same discards in the same order."""

from __future__ import annotations

import jsonschema
from referencing import Registry, Resource

from dominosolver.engine import EngineClient

from serve_support import DEAL_42


def exchange_view(client) -> dict:
    """The human's view in its exchange: North bids the most it may until it holds 12 tiles."""
    game = client.post("/v1/new-game", json={"game": "biggame", "seed": 7, "seat": 0, "bot": "random"}).json()
    while not (game["your_turn"] and game["legal_moves"][0].startswith("discard")):
        if game["your_turn"]:
            game = client.post("/v1/move", json={"token": game["token"], "move": game["legal_moves"][-1]}).json()
        else:
            game = client.post("/v1/bot-move", json={"token": game["token"]}).json()
        assert game.get("schema") == "dominosolver.botgame/1" and not game["over"], game
    return game["view"]


def test_an_exchange_hint_is_the_documents_reply_and_the_engines_answer(client):
    view = exchange_view(client)
    assert len(view["hand"]) == 12 and view["trump"] is None
    reply = client.post("/v1/hint", json={"view": view, "samples": 2, "seed": 1})
    advice = reply.json()
    assert reply.status_code == 200 and advice["schema"] == "dominosolver.exchange/1", advice

    doc = client.get("/v1/openapi.json").json()
    registry = Registry().with_resource("urn:api", Resource.from_contents({**doc, "$schema": doc["jsonSchemaDialect"]}))
    where = {"$ref": "urn:api#/paths/~1v1~1hint/post/responses/200/content/application~1json/schema"}
    validator = jsonschema.Draft202012Validator(where, registry=registry)
    hint = client.post("/v1/hint", json={"position": DEAL_42, "samples": 5, "seed": 1}).json()
    assert validator.is_valid(advice) and validator.is_valid(hint)
    assert not validator.is_valid({**advice, "schema": "dominosolver.bidadvice/1"})

    with EngineClient() as engine:
        ready = engine.position(view)
        assert ready["type"] == "ready" and "worlds" not in ready  # counted in play only (docs/protocol.md)
        best = engine.go(samples=2, seed=1)
    assert best["move"] == f"discard {advice['best']}"
    ranked = lambda answer: [(m["move"], m["p_make"]) for m in answer["moves"]]
    assert ranked(best["exchange"]) == ranked(advice) and best["exchange"]["worlds"] == advice["worlds"]
