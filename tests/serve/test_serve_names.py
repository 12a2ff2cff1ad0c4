"""A game against the bots names its moves as tables and hints print them (issue 39, point 3):
botgame/1's ``names`` gives each legal move's printed name (a 42-family declaration by its name,
42's mark bids with their marks) and the trump's, each checked against ``declaration_name`` of the
move the game lists or the bid's marks counted here; either form is accepted as the move, and leads
to the same game."""

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
    reply = client.post("/v1/new-game", json={"game": "moon", "seat": 1, "seed": 4, "bot": "rule"}).json()
    assert reply["your_turn"] and reply["names"]["moves"] == {m: m for m in reply["legal_moves"]}  # Moon's bids


def in_marks(bid: str) -> str:
    """42's bid as players say it: a bid of every trick (42) and its multiples counted in marks."""
    number = int(bid.partition(":")[0]) if bid.partition(":")[0].isdigit() else 0
    if number < 42 or number % 42:
        return bid
    return f"{bid} ({number // 42} mark{'' if number == 42 else 's'})"


@pytest.mark.parametrize("rules", [{}, {"specials": "all"}])
def test_42s_mark_bids_are_named_in_marks_and_read_so(client, rules):
    reply = client.post("/v1/new-game", json={"game": "texas42", "seat": 1, "seed": 16, "rules": rules, "bot": "rule"}).json()
    assert reply["your_turn"]
    assert reply["names"]["moves"] == {m: in_marks(m) for m in reply["legal_moves"]}
    assert "84 (2 marks)" in reply["names"]["moves"].values()
    by_marks = client.post("/v1/move", json={"token": reply["token"], "move": "2 marks"}).json()
    assert by_marks["last"] == [1, "84"] and by_marks["view"]["auction"][-1] == {"seat": 1, "bid": "84"}


def test_the_points_game_names_its_bids_as_written(client):
    reply = client.post("/v1/new-game", json={"game": "texas42", "seat": 1, "seed": 16, "rules": {"scoring": "points"},
                                              "bot": "rule"}).json()
    assert reply["names"]["moves"] == {m: m for m in reply["legal_moves"]}
