"""The one trick engine counts points on any table it plays (issue 38): tricks of three (a seat
sitting out, a declarer alone against two) and four, the counted side either side, against the plain
minimax of tests/oracle/texas42_tricks_minimax.py counting points. Random endgames of 1-4 tricks,
mid-trick included, in each doubles arrangement the declaration table expresses; through the core's
test hook SeatedPlay with the goal "points"."""

from __future__ import annotations

import random

import pytest
from dominosolver import Tile, _core
from dominosolver.errors import InvalidPositionError
from dominosolver.texas42 import Rules
from oracle import texas42_tricks_minimax as TM
from support42 import mask, seated_endgame

PER_TABLE = 50  # endgames per (arrangement, seat sitting out or nobody)
ARRANGEMENTS = [("none", "high"), ("none", "low"), ("none", "own_suit"), ("doubles", "high"), (5, "high"), (0, "high")]


@pytest.mark.parametrize("trump,nt_doubles", ARRANGEMENTS)
def test_points_on_every_table_agree_with_the_points_oracle(trump, nt_doubles):
    rng = random.Random(f"engine-points-{trump}-{nt_doubles}")
    rules = Rules(nt_doubles=nt_doubles)._core
    solver = _core.texas42.Solver(4)
    for out in (-1, 0, 1, 2, 3):
        for _ in range(PER_TABLE):
            hands, leader, trick, order = seated_endgame(rng, out, trump, nt_doubles)
            side = rng.randrange(2)
            play = _core.texas42.SeatedPlay(rules, str(trump), out, [mask(h) for h in hands], leader,
                                            [Tile(*x).id for x in trick])
            value, moves = TM.solve(hands, trump, leader, trick, objective="points", declaring_side=side, order=order,
                                    nt_doubles=nt_doubles)
            where = f"{hands} leader={leader} trick={trick} out={out} side={side}"
            result = solver.solve_tricks(play, "points", side, True, rng.random() < 0.3)
            assert result.units == "points" and result.value == value and result.makes is None, where
            assert {Tile.from_id(t): v for t, v in result.moves} == {Tile(*m): v for m, v in moves.items()}, where
            assert solver.value_tricks(play, "points", side) == value, where
            assert solver.can_reach_tricks(play, "points", side, value), where
            assert not solver.can_reach_tricks(play, "points", side, value + 1), where


def test_three_seats_change_the_points():
    # The same tiles, one seat sitting out or not, are other games: the engine keys them apart.
    rules = Rules()._core
    hands = [[(6, 6), (5, 0)], [(6, 5), (4, 1)], [(6, 4), (3, 2)], [(6, 3), (5, 5)]]
    solver = _core.texas42.Solver(4)
    four = solver.value_tricks(_core.texas42.SeatedPlay(rules, "6", -1, [mask(h) for h in hands], 0, []), "points", 0)
    hands[2] = []
    three = solver.value_tricks(_core.texas42.SeatedPlay(rules, "6", 2, [mask(h) for h in hands], 0, []), "points", 0)
    assert four == TM.solve(hands[:2] + [[(6, 4), (3, 2)]] + hands[3:], 6, 0, objective="points", declaring_side=0)[0]
    assert three == TM.solve(hands, 6, 0, objective="points", declaring_side=0, order=(0, 1, 3))[0]
    assert four != three


def test_a_points_goal_has_no_contract_to_make():
    rules = Rules()._core
    play = _core.texas42.SeatedPlay(rules, "none", 2, [mask([(6, 6)]), mask([(5, 5)]), 0, mask([(4, 4)])], 0, [])
    with pytest.raises(InvalidPositionError, match="no contract to make"):
        _core.texas42.Solver(1).makes(play, "points", 0)
