"""A count of one in a message is singular ("1 tile"), as every other count is plural ("2 tiles"):
errors.counted, and the view checks that count tiles (Python's and the core's)."""

from __future__ import annotations

import pytest
from dominosolver import bingo
from dominosolver.errors import InvalidViewError, counted
from dominosolver.texas42 import PlayerView, Position
from dominosolver.tiles import Tile

TWO_EACH = "trump=4 leader=N hands=66.65/64.63/62.61/60.55 contract=N30"


@pytest.mark.parametrize("n, text", [(0, "0 tiles"), (1, "1 tile"), (2, "2 tiles"), (11, "11 tiles")])
def test_counted(n, text):
    assert counted(n, "tile") == text


@pytest.mark.parametrize("size", [1, 3])
def test_a_42_view_counts_its_hand(size):
    view = Position(TWO_EACH).view(0)
    sizes = (size, *view.hand_sizes[1:])
    want = f"hand_sizes gives N {counted(size, 'tile')} but the hand holds 2$"
    with pytest.raises(InvalidViewError, match=want):  # built by keywords: Python's check
        PlayerView(**{**view.__dict__, "hand_sizes": sizes})
    with pytest.raises(InvalidViewError, match=want):  # from JSON: the core's
        PlayerView.from_json({**view.to_json(), "hand_sizes": list(sizes)})


def test_a_bingo_view_counts_the_opponents_hand():
    view = bingo.Position("bingo trump=3 turned=33 leader=0 hands=66.53.52.51.44.22.21/60.55.50.43.40.11.00 "
                          "boneyard=31.65.41.30.61.10.42.33 points=19/5 tricks=2/1").view(0)
    with pytest.raises(InvalidViewError, match="the opponent holds 1 tile, fewer than the 2 known to be there"):
        bingo.PlayerView(**{**view.__dict__, "opponent_known": frozenset({Tile("6-0"), Tile("5-5")}),
                            "opponent_hand_size": 1})


@pytest.mark.parametrize("deal, counted_hand", [("hands=66/65/63/60", "hand N holds 1 tile, not 7"),
                                                 ("hands=66.64/65.55/63.33/60.11", "hand N holds 2 tiles, not 7")])
def test_a_table_of_part_hands_counts_the_tiles(deal, counted_hand):
    from dominosolver.errors import ParseError
    from dominosolver.texas42 import dd_table
    with pytest.raises(ParseError, match=counted_hand + ": give the 4 hands as dealt"):
        dd_table(deal)


def test_a_table_of_a_moon_position_started_midway_names_its_seats():
    from dominosolver.errors import ParseError
    from dominosolver.texas42 import dd_table
    moon = Position("moon trump=4 leader=P0 hands=66/65/64 contract=P04")
    with pytest.raises(ParseError, match="holds 1 tile a hand and records no earlier tricks: give the 3 hands"):
        dd_table(moon)
