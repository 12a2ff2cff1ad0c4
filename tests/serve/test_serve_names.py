"""A game against the bots names its moves as tables and hints print them (issue 39, point 3):
botgame/1's ``names`` gives each legal move's printed name (a 42-family declaration by its name) and
the trump's, each checked against ``declaration_name`` of the move the game lists; either form is
accepted as the move, and leads to the same game."""

from __future__ import annotations

import pytest
from dominosolver.texas42.rules import Rules, parse_trump
from dominosolver.texas42.solve import declaration_name


def to_declaring(client, game: str, rules: dict) -> dict:
    """A game in which the human (seat 0) bid the highest bid offered until it names trumps."""
    reply = client.post("/v1/new-game", json={"game": game, "seat": 0, "seed": 5, "rules": rules, "bot": "rule"}).json()
    for _ in range(200):
        if reply["your_turn"] and reply["legal_moves"][0].startswith("declare"):
            return reply
        if reply["your_turn"]:
            move = reply["legal_moves"][-1] if "pass" in reply["legal_moves"] else reply["legal_moves"][0]
            reply = client.post("/v1/move", json={"token": reply["token"], "move": move}).json()
        else:
            reply = client.post("/v1/bot-move", json={"token": reply["token"]}).json()
    pytest.fail("the human never came to name trumps")


@pytest.mark.parametrize("game, rules", [("texas42", {}), ("texas42", {"specials": "all"}), ("moon", {}),
                                         ("moon4", {}), ("biggame", {})])
def test_declarations_are_named_as_tables_print_them(client, game, rules):
    reply = to_declaring(client, game, rules)
    table = Rules.of_game(game, rules)
    expected = {m: f"declare {declaration_name(parse_trump(m.split(' ', 1)[1], table))}" for m in reply["legal_moves"]}
    assert reply["names"]["moves"] == expected and reply["names"]["trump"] is None
    move = reply["legal_moves"][-1]
    by_name = client.post("/v1/move", json={"token": reply["token"], "move": expected[move]}).json()
    as_written = client.post("/v1/move", json={"token": reply["token"], "move": move}).json()  # a retry of the same request
    assert by_name["view"] == as_written["view"]
    declared = by_name["view"]["trump"]
    assert by_name["names"]["trump"] == declaration_name(parse_trump(declared, table)) == expected[move].split(" ", 1)[1]


def test_other_moves_are_named_as_written(client):
    reply = client.post("/v1/new-game", json={"game": "bingo", "seat": 0, "seed": 4, "bot": "random"}).json()
    assert reply["names"]["moves"] == {m: m for m in reply["legal_moves"]} and reply["names"]["trump"] == str(reply["view"]["trump"])
    reply = client.post("/v1/new-game", json={"game": "texas42", "seat": 1, "seed": 4, "bot": "rule"}).json()
    assert reply["your_turn"] and reply["names"]["moves"] == {m: m for m in reply["legal_moves"]}  # bids
