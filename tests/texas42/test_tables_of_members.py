"""texas42's dd_table and special_table on a member of the family that has no such table: refused
by name. Before, a Partnership Moon deal's dd_table was an empty table (no row, 0 nodes), a Moon
deal's failed with "a Moon position needs its contract", and The Big Game's special_table listed
Plunge and Splash, contracts it does not have (its family row: no special contracts)."""

from __future__ import annotations

import pytest
from dominosolver import biggame, moon
from dominosolver.errors import ParseError
from dominosolver.texas42 import dd_table, special_table


def deal_text(game) -> str:
    return f"{game.rules.family} hands=" + "/".join(".".join(t.compact() for t in hand) for hand in game.deal())


@pytest.mark.parametrize("game", [moon.MoonGame(seed=4), moon.PartnershipMoonGame(seed=4)], ids=["moon", "moon4"])
def test_a_game_bid_in_tricks_has_no_points_table_and_is_told_its_own(game):
    deal = deal_text(game)
    with pytest.raises(ParseError, match=f"{game.rules.title} is bid in tricks.*moon_table"):
        dd_table(deal)
    with pytest.raises(ParseError, match=f"{game.rules.title} is bid in tricks"):
        dd_table([list(hand) for hand in game.deal()], game.rules)  # the rules given, not carried
    table = moon.moon_table(deal)  # the table the message names is there
    assert table.tricks.shape == (len(game.rules.declarations), game.rules.seats)


@pytest.mark.parametrize("game", [biggame.BigGame(seed=4), moon.PartnershipMoonGame(seed=4), moon.MoonGame(seed=4)],
                         ids=["biggame", "moon4", "moon"])
def test_a_game_without_special_contracts_has_no_special_table(game):
    assert not game.rules.row.special_contracts
    with pytest.raises(ParseError, match=f"{game.rules.title} has no special contracts"):
        special_table(deal_text(game))


def test_texas42_keeps_both_tables():
    from dominosolver.texas42 import Game
    deal = deal_text(Game(seed=4))
    assert dd_table(deal).points.shape == (9, 4)
    assert special_table(deal).every_trick.shape == (9, 4)
