"""POST /v1/claim: the lay-down check of texas42/claim.py for a view or a position's seat, in every
game of the 42 family; Bingo says it has none yet."""

from __future__ import annotations

import pytest
from dominosolver import games
from dominosolver.texas42 import Position, claim
from serve_support import bingo_closed

LAY_DOWN = "trump=6 leader=N hands=66.65.64/63.11.22/62.00.33/61.44.55 contract=N30"


def test_a_view_that_claims_the_rest(client):
    view = Position(LAY_DOWN).view(0)
    reply = client.post("/v1/claim", json={"view": view.to_json()}).json()
    assert reply["schema"] == "dominosolver.claim/1" and reply["status"] == "claim" and reply["claim"]
    assert sorted(reply["plays"]) == ["6-4", "6-5", "6-6"] and reply["checked"] == reply["worlds"] == 1680
    expected = claim(view).to_json()
    assert {k: v for k, v in reply.items() if k not in ("elapsed", "nodes")} == \
        {k: v for k, v in expected.items() if k not in ("elapsed", "nodes")}


def test_a_position_and_a_seat_and_the_contract_goal(client):
    reply = client.post("/v1/claim", json={"position": LAY_DOWN, "seat": "E", "goal": "contract"}).json()
    assert reply["status"] == "claim" and reply["side"] == "EW" and reply["to_move"] == "N"
    made = client.post("/v1/claim", json={"position": LAY_DOWN, "goal": "contract"}).json()
    assert made["status"] == "no claim" and Position(made["refutation"]["position"]).hand(0) == Position(LAY_DOWN).hand(0)


@pytest.mark.parametrize("tag", ["moon", "moon4"])
def test_a_game_against_the_bots_is_checked_from_its_view(client, tag):
    game = client.post("/v1/new-game", json={"game": tag, "seed": 4}).json()
    while not game["your_turn"] or game["view"].get("trump") is None or game["view"]["hand_sizes"][game["seat"]] \
            > games.get(tag).Rules().hand_size:
        game = client.post("/v1/move" if game["your_turn"] else "/v1/bot-move",
                           json={"token": game["token"], **({"move": game["legal_moves"][0]} if game["your_turn"] else {})}).json()
    for goal in ("rest", "contract"):
        reply = client.post("/v1/claim", json={"view": game["view"], "goal": goal, "seed": 3}).json()
        assert reply["schema"] == "dominosolver.claim/1" and reply["status"] in ("claim", "no claim", "unknown")
        assert reply["goal"] == goal and reply["game"] == tag


@pytest.mark.parametrize("tag", [tag for tag, spec in games.GAMES.items() if spec.claim])
def test_every_family_game_is_checked_at_its_first_lead(client, tag):
    spec = games.get(tag)
    pos = spec.deal(1, spec.variants[0])
    reply = client.post("/v1/claim", json={"position": str(pos), "seat": 1, "goal": "contract", "seed": 2}).json()
    assert reply["schema"] == "dominosolver.claim/1" and reply["status"] in ("claim", "no claim", "unknown")
    assert reply["sampled"] == (reply["worlds"] > 5_000) and reply["checked"] <= reply["worlds"]
    assert reply["status"] != "claim" or not reply["sampled"]


def test_bingo_has_no_claim_check_yet(client):
    pos = bingo_closed(1)
    reply = client.post("/v1/claim", json={"position": str(pos)})
    assert reply.status_code == 422 and "no claim check yet" in reply.json()["message"]


def test_bad_claims_are_named(client):
    both = client.post("/v1/claim", json={"position": LAY_DOWN, "view": Position(LAY_DOWN).view(0).to_json()})
    assert both.status_code == 422 and "one of them" in both.json()["message"]
    goal = client.post("/v1/claim", json={"position": LAY_DOWN, "goal": "all"})
    assert goal.status_code == 422 and goal.json()["error"] == "ParseError"
