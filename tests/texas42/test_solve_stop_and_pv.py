"""texas42.solve takes what Solver.solve takes, as bingo.solve does: ``pv`` (a solve without its
principal variation) and ``should_stop`` (a whole deal of The Big Game takes seconds; solve had no
way to stop it short of Ctrl-C)."""

from __future__ import annotations

import time

import pytest
from dominosolver import biggame
from dominosolver.errors import ParseError, SearchLimitError
from dominosolver.texas42 import Position, Solver, solve
from dominosolver.texas42.bots import RuleBot

POS = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42")


def test_pv_false_leaves_out_the_line_only():
    whole, lineless = solve(POS), solve(POS, pv=False)
    assert lineless.pv == [] and whole.pv and whole.pv[0] in whole.best
    assert (lineless.value, lineless.moves) == (whole.value, whole.moves) == (Solver().solve(POS).value, Solver().solve(POS).moves)


def test_should_stop_ends_a_whole_big_game_deal():
    game, bot = biggame.BigGame(seed=2), RuleBot()
    while game.phase != "playing":
        game.play(bot.choose(game))
    asked = []

    def stop() -> bool:
        asked.append(time.perf_counter())
        return True
    with pytest.raises(SearchLimitError, match="stopped on request"):
        solve(game.position, should_stop=stop)
    assert asked  # asked, and the search left at its first answer


def test_should_stop_is_checked():
    with pytest.raises(ParseError, match="should_stop must be a function"):
        solve(POS, should_stop="soon")
    assert solve(POS, should_stop=lambda: True).value == solve(POS).value  # a short solve never asks
