"""Every move as the game prints it to a player (``Move.words``: "declare fives", 42's "84 (2
marks)", "84:splash (2 marks)") is read back as that move, at every decision of whole games of each
family; and 42's mark bids are read in marks ("2 marks") as players say them (issue 39, point 3)."""

from __future__ import annotations

import pytest
from dominosolver import games
from dominosolver.errors import ParseError
from dominosolver.texas42 import Move, Rules
from dominosolver.texas42.bots import RuleBot

CASES = [("texas42", {"specials": "all"}), ("texas42", {"scoring": "points"}), ("moon", {}), ("moon4", {}),
         ("biggame", {})]


@pytest.mark.parametrize("tag, flags", CASES)
def test_every_move_is_read_back_as_it_is_printed(tag, flags):
    spec = games.get(tag)
    rules = Rules.of_game(tag, flags)
    bot, seen = RuleBot(), set()
    for seed in range(3):
        game = spec.Game(seed, rules)
        for _ in range(60):  # the first hands, every decision
            if game.is_over:
                break
            for move in game.legal_moves:
                words = move.words(rules)
                assert game._parse_move(words) == move, (words, move)
                seen.add(words)
            game.play(bot.choose(game))
    if tag == "texas42" and flags.get("scoring") != "points":
        assert "84 (2 marks)" in seen and any(w.startswith("declare ") and not w[8].isdigit() for w in seen)


def test_marks_are_read_as_42_players_say_them():
    rules = Rules()
    assert Move.parse("1 mark", rules) == Move.parse("42", rules) and Move.parse("3 Marks", rules) == Move("bid", 126)
    assert Move.parse("84 (2 marks)", rules) == Move("bid", 84)
    assert Move.parse("84:splash (2 marks)", Rules(specials="all")) == Move.parse("84:splash")
    with pytest.raises(ParseError):  # no marks in the points game, nor in the Moons or The Big Game
        Move.parse("2 marks", Rules(scoring="points"))
    with pytest.raises(ParseError):
        Move.parse("2 marks", Rules.of_game("moon"))
