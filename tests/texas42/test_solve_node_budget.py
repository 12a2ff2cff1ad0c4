"""texas42's ``solve`` and ``Solver.solve`` take a node budget, ``max_nodes``, as bingo.solve and
solve_batch do (docs/architecture.md: "solve and solve_batch take a node budget ... a solve cut
short says so ... and keeps the moves it valued exactly"); the core had it, Python did not pass it."""

from __future__ import annotations

import pytest
from dominosolver import biggame
from dominosolver.errors import ParseError
from dominosolver.texas42 import Position, Solver, solve
from dominosolver.texas42.bots import RuleBot

POS = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42")


def opening_lead():
    game, bot = biggame.BigGame(seed=3), RuleBot()
    while game.phase != "playing":
        game.play(bot.choose(game))
    return game.position


def test_a_solve_cut_short_says_so_and_keeps_what_it_proved():
    pos = opening_lead()
    whole = solve(pos)
    assert whole.extra == {} and whole.value is not None
    for budget in (1_000, whole.nodes // 2):
        cut = solve(pos, max_nodes=budget)
        assert cut.value is None and cut.extra["complete"] is False and cut.best == [] and cut.pv == []
        assert all(whole.moves[m] == v for m, v in cut.moves.items())  # each move kept is exact
        assert set(cut.extra["unsolved"]) == set(whole.moves) - set(cut.moves)
        assert "budget of" in cut.extra["warnings"][0] and cut.to_json()["value"] is None
    assert solve(pos, max_nodes=whole.nodes * 4) == whole  # a budget it does not reach changes nothing


def test_the_budget_is_checked():
    for bad in (-1, 1.5, "x", True):
        with pytest.raises(ParseError, match="max_nodes"):
            Solver().solve(POS, max_nodes=bad)
    assert solve(POS, max_nodes=0) == solve(POS)
