"""`rules` of `new-game` and `advise-bid`: a value that is neither an object of flags nor
'flag:value,...' text is a 422 naming it (advise-bid answered such a value with a 500), and a
`family` flag names the request's game: alone it picks that game, and beside a `game` naming
another it is refused (new-game used to answer "game": "texas42" over a Moon deal)."""

from __future__ import annotations

import pytest

HAND_42 = "66.65.64.55.54.44.33"  # seven tiles of every 42-family set but The Big Game's


def post(client, endpoint, **body):
    reply = client.post(f"/v1/{endpoint}", json=body)
    return reply.status_code, reply.json()


@pytest.mark.parametrize(("rules", "named"), [(5, "5"), (1.5, "1.5"), (True, "true"), ([1], "[1]"),
                                              (["specials:all"], "['specials:all']")])
@pytest.mark.parametrize("endpoint, body", [
    ("advise-bid", {"hand": HAND_42, "samples": 4, "seed": 1}),
    ("new-game", {"game": "texas42", "seed": 1, "bot": "random"}),
])
def test_rules_of_another_type_are_a_422_naming_them(client, endpoint, body, rules, named):
    status, reply = post(client, endpoint, **body, rules=rules)
    assert status == 422, reply
    assert reply["error"] == "ParseError" and reply["message"].startswith("rules must be an object of flags"), reply
    assert reply["message"].endswith(f", not {named}"), reply  # true as JSON writes it, not Python's True
    assert client.get("/v1/limits").status_code == 200  # and the server serves on


@pytest.mark.parametrize("rules", [{"family": "moon"}, "family:moon"])
def test_a_family_alone_names_the_game(client, rules):
    status, game = post(client, "new-game", seed=1, bot="random", rules=rules)
    assert status == 200, game
    assert game["game"] == game["view"]["game"] == "moon"
    status, plain = post(client, "new-game", game="moon", seed=1, bot="random")
    assert game["view"] == plain["view"]
    status, advice = post(client, "advise-bid", hand=HAND_42, rules=rules, samples=4, seed=1)
    assert status == 200 and advice["game"] == "moon", advice


@pytest.mark.parametrize("game, family", [("texas42", "moon"), ("moon", "moon4"), ("biggame", "texas42")])
@pytest.mark.parametrize("endpoint", ["new-game", "advise-bid"])
def test_a_family_of_another_game_than_the_one_asked_is_refused(client, endpoint, game, family):
    status, reply = post(client, endpoint, game=game, rules={"family": family}, hand=HAND_42, samples=4)
    if endpoint == "new-game":
        status, reply = post(client, endpoint, game=game, rules={"family": family})
    assert status == 422 and reply["error"] == "ParseError", reply
    assert f"family:{family}" in reply["message"] and f"game '{family}'" in reply["message"], reply


def test_a_family_that_is_the_game_asked_is_taken(client):
    status, reply = post(client, "new-game", game="moon4", rules="family:moon4", seed=2, bot="random")
    assert status == 200 and reply["game"] == "moon4", reply
