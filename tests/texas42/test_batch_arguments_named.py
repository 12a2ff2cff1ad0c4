"""The batch solvers' and the table's lesser arguments are checked before any work, each bad one
refused by a ParseError naming it: ``solve_batch(only=...)`` raised OverflowError ("too many
digits"), ValueError ("negative shift count", int() of '4-4') or pybind11's TypeError;
``reach_batch`` targets int()'s ValueError; a ``deadline`` or ``should_stop`` that is no time or
function was ignored whenever the search was short (``dd_table(deal, should_stop=3)`` answered)."""

from __future__ import annotations

import time

import numpy as np
import pytest
from dominosolver import Tile, biggame
from dominosolver.errors import ParseError
from dominosolver.texas42 import Position, Solver, analyse_play, dd_table, solve, solve_batch
from dominosolver.texas42.solve import reach_batch

POS = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42")
DEAL = "hands=65.64.63.62.61.54.53/66.55.33.22.60.32.21/52.51.50.44.43.42.41/40.31.30.20.11.10.00"


@pytest.mark.parametrize("only", [[[2**70]], [[-1]], [[99]], [[True]], [[None]], [[4.0]], 5, "44", [["x-y"]]])
def test_only_refuses_what_is_no_play(only):
    with pytest.raises(ParseError, match="only"):
        solve_batch([POS], only=only, moves=True)


@pytest.mark.parametrize("plays", [["4-4"], [Tile("4-4")], [Tile("4-4").id], [np.int64(Tile("4-4").id)]])
def test_only_takes_a_play_by_id_or_as_a_tile(plays):
    valued = solve_batch([POS], only=[plays], moves=True).move_values[0]
    assert valued[Tile("4-4").id] == solve(POS).moves["4-4"]


def test_only_takes_a_lower_end_lead_by_name():
    pos = biggame.Position("biggame trump=4 leader=N hands=73.82.10/33.83.21/44.62.20/88.55.40")
    lead = biggame.LowerEndLead("8-2:2")
    assert solve_batch([pos], only=[["8-2:2"]], moves=True).move_values[0][lead.id] == solve(pos).moves["8-2:2"]


@pytest.mark.parametrize("targets", [["x"], [5.5], [None], 5])
def test_reach_targets_are_whole_numbers_a_position(targets):
    with pytest.raises(ParseError, match="targets"):
        reach_batch([POS], targets)


@pytest.mark.parametrize("call", [
    lambda stop: solve_batch([POS], should_stop=stop),
    lambda stop: reach_batch([POS], [5], should_stop=stop),
    lambda stop: Solver().solve(POS, should_stop=stop),
    lambda stop: dd_table(DEAL, should_stop=stop),
    lambda stop: analyse_play(POS, ["4-4"], should_stop=stop),
], ids=["solve_batch", "reach_batch", "Solver.solve", "dd_table", "analyse_play"])
def test_should_stop_is_a_function_even_when_the_search_is_short(call):
    with pytest.raises(ParseError, match="should_stop must be a function or None, not 3"):
        call(3)
    assert call(lambda: False) is not None and call(None) is not None


@pytest.mark.parametrize("deadline", ["x", float("nan"), True])
def test_a_deadline_is_a_perf_counter_time(deadline):
    for call in (lambda: solve_batch([POS], deadline=deadline), lambda: reach_batch([POS], [5], deadline=deadline)):
        with pytest.raises(ParseError, match="deadline must be a time.perf_counter"):
            call()
    assert solve_batch([POS], deadline=time.perf_counter() + 3600).values.tolist() == [solve(POS).value]
