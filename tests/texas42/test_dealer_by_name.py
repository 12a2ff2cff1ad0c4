"""``Game(dealer=...)`` takes a seat's name as every other seat argument does (``view("E")``,
``leader="E"``): it was refused ("dealer must be a player number, not 'E'"). The repr writes the
number, and rebuilds the same game."""

from __future__ import annotations

import pytest
from dominosolver import moon, texas42
from dominosolver.errors import ParseError


@pytest.mark.parametrize("game_class", [texas42.Game, moon.MoonGame, moon.PartnershipMoonGame])
def test_a_dealer_by_name_is_the_dealer_by_number(game_class):
    rules = game_class(seed=3).rules
    for seat, name in enumerate(rules.seat_names):
        named = game_class(seed=3, dealer=name)
        numbered = game_class(seed=3, dealer=seat)
        assert named == numbered and named.first_dealer == seat and named.to_move == numbered.to_move
        assert eval(repr(named), {game_class.__name__: game_class}) == named
        assert game_class(seed=3, dealer=name.lower()).first_dealer == seat


@pytest.mark.parametrize("game_class, name", [(texas42.Game, "P1"), (moon.MoonGame, "E"), (texas42.Game, "")])
def test_a_name_of_no_seat_of_the_table_is_refused(game_class, name):
    with pytest.raises(ParseError, match="unknown seat"):
        game_class(dealer=name)
