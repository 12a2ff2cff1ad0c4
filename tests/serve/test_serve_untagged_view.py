"""A view object without its "schema" tag is read as a view by `hint`, `claim` and `advise-bid`, as
the engine's `position` and every reader take it (docs/json.md); the HTTP API refused it ("view
must be a dominosolver.view/1 object"). A tag of another format is still refused by name."""

from __future__ import annotations

import pytest

from dominosolver.texas42 import Game, Position

from serve_support import steady

PLAY = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30").view(1).to_json()
AUCTION = (lambda game: game.view(game.to_move).to_json())(Game(seed=5))  # the first bidder's


def untagged(view: dict) -> dict:
    return {key: value for key, value in view.items() if key != "schema"}


@pytest.mark.parametrize("endpoint, view, options", [
    ("hint", PLAY, {"samples": 10, "seed": 1}), ("claim", PLAY, {}),
    ("advise-bid", AUCTION, {"samples": 4, "seed": 1}),
])
def test_an_untagged_view_is_read_as_the_tagged_one(client, endpoint, view, options):
    tagged = client.post(f"/v1/{endpoint}", json={"view": view, **options})
    plain = client.post(f"/v1/{endpoint}", json={"view": untagged(view), **options})
    assert tagged.status_code == plain.status_code == 200, plain.json()
    assert steady(plain.json()) == steady(tagged.json())


def test_a_view_tagged_as_another_format_is_refused(client):
    reply = client.post("/v1/hint", json={"view": {**PLAY, "schema": "dominosolver.position/1"}})
    assert reply.status_code == 422 and "dominosolver.view/1" in reply.json()["message"], reply.json()
