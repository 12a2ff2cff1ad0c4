"""The family table (family.hpp, read in Python as Rules.row): each member's row states what the
rules and the game do, checked here against them and the rules' own text (docs/rules.md §2, §4)."""

from __future__ import annotations

import pytest
from dominosolver.texas42 import Rules
from dominosolver.texas42.rules import FAMILIES, FAMILY_ROWS

# docs/rules.md: seats, tiles in the set, tiles dealt to no seat, points a hand, first bid, target.
STATED = {
    "texas42": (4, 28, 0, 42, 30, 7),
    "moon": (3, 22, 1, 7, 4, 21),
    "moon4": (4, 28, 0, 7, 4, 21),
    "biggame": (4, 45, 1, 66, 42, 400),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_each_row_states_what_the_rules_do(family):
    rules = Rules.of_game(family)
    row = rules.row
    assert row is FAMILY_ROWS[family] and row.name == family and rules.title == row.title
    seats, tiles, left, points, first_bid, target = STATED[family]
    assert (rules.seats, rules._core.tile_set.bit_count(), rules._core.undealt) == (seats, tiles, left)
    assert (row.seats, rules.hand_points, rules.min_bid, rules.target, row.target) == (seats, points, first_bid, target, target)
    assert rules.scorers == (2 if row.partners else seats)
    assert (row.left_over != "none") == (left > 0)
    assert rules._core.max_pip == row.max_pip and rules.lower_end_leads == row.lower_end_leads
    assert (rules._core.counters > 0) == row.counters
    assert rules.scoring == ("points" if row.points_only else "marks")


def test_the_points_game_of_42_ends_at_250():
    assert Rules(scoring="points").target == 250 and Rules().target == 7
