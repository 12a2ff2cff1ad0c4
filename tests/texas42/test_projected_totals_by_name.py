"""``projected_totals(start, grades, team)`` takes the side by its name as well as by its number,
as its refusal's message spoke of them ("team must be 0 (NS) or 1 (EW), not 'EW'" refused the name
it offered); Moon's sides by their names too (``start.side_names``). A bool is no team."""

from __future__ import annotations

import pytest
from dominosolver import moon
from dominosolver.errors import ParseError
from dominosolver.texas42 import Game, Position, analyse_play, projected_totals
from dominosolver.texas42.bots import RuleBot


def dealt_hand(game_class):
    """A hand of ``game_class`` at its first lead, and its first eight plays by a rule bot."""
    game, bot = game_class(seed=11), RuleBot()
    while game.phase != "playing":
        game.play(bot.choose(game))
    start = game.position
    for _ in range(8):
        game.play(bot.choose(game))
    return start, [str(tile) for _, tile in game.position.plays]


@pytest.mark.parametrize("game_class", [Game, moon.MoonGame, moon.PartnershipMoonGame])
def test_a_side_by_name_is_the_side_by_number(game_class):
    start, plays = dealt_hand(game_class)
    grades = analyse_play(start, plays)
    names = start.side_names
    for number, name in enumerate(names):
        by_number = projected_totals(start, grades, number)
        assert projected_totals(start, grades, name) == by_number == projected_totals(start, grades, name.lower())
    # The two sides share what the hand holds, play after play: the totals are of two different sides.
    both = [a + b for a, b in zip(projected_totals(start, grades, names[0]), projected_totals(start, grades, names[1]))]
    assert len(set(both)) == 1 and both[0] > 0


@pytest.mark.parametrize("team", ["XX", "P1", True, 2, None])
def test_no_side_is_refused_naming_both(team):
    pos = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42")
    with pytest.raises(ParseError, match=r"team must be 0 \(NS\) or 1 \(EW\), or its name"):
        projected_totals(pos, analyse_play(pos, ["4-4"]), team)
