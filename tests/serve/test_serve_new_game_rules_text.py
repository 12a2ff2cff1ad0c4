"""`POST /v1/new-game` takes its rules flags as `advise-bid` does: an object, or the command line's
'flag:value,...' text (which `play --rules` takes); both make the same game, and bad text is named."""

from __future__ import annotations

import pytest


def new_game(client, **body):
    reply = client.post("/v1/new-game", json={"seed": 3, "bot": "random", **body})
    return reply.status_code, reply.json()


@pytest.mark.parametrize("game, text, flags", [
    ("texas42", "specials:all,scoring:points", {"specials": "all", "scoring": "points"}),
    ("moon", "moon_widow:none", {"moon_widow": "none"}),
    ("bingo", "bingo_ruleset:modern_dp", {"bingo_ruleset": "modern_dp"}),
])
def test_rules_as_text_make_the_game_the_object_makes(client, game, text, flags):
    status, by_text = new_game(client, game=game, rules=text)
    assert status == 200, by_text
    status, by_object = new_game(client, game=game, rules=flags)
    assert status == 200, by_object
    status, plain = new_game(client, game=game)
    assert by_text["view"] == by_object["view"] and by_text["legal_moves"] == by_object["legal_moves"]
    # the flags are the game's: its view carries them, and a game without them carries none of them
    for flag, value in flags.items():
        assert by_text["view"]["rules"].get(flag) == value, by_text["view"]["rules"]
        assert flag not in plain["view"]["rules"]


@pytest.mark.parametrize("rules, fault", [
    ("specials", "malformed rules item 'specials'"),
    ("nope:1", "nope"),
    ("specials:all,specials:all", "given twice"),
    (["specials:all"], "must be an object"),
])
def test_bad_rules_text_is_named(client, rules, fault):
    status, reply = new_game(client, game="texas42", rules=rules)
    assert status == 422 and reply["error"] == "ParseError" and fault in reply["message"], reply
