"""``solve_batch``'s BatchResult and ``reach_batch``'s ReachResult compare and print as the other
result objects holding arrays do (``plain.PlainArrays``): ``r == r`` raised numpy's "truth value of
an array is ambiguous", and the repr wrote ``array(...)``, which does not evaluate without numpy's
names. Now ``eval(repr(r)) == r`` with the package's names, and results that differ compare unequal."""

from __future__ import annotations

import numpy as np
import pytest
from dominosolver import Tile, texas42
from dominosolver.texas42 import Position, solve_batch
from dominosolver.texas42.solve import ReachResult, reach_batch

NAMES = {**{name: getattr(texas42, name) for name in texas42.__all__}, "Tile": Tile, "ReachResult": ReachResult}
POS = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42")
OTHER = Position("trump=none leader=E hands=55.51/66.50/44.41/33.32 contract=E31 rules=nt_doubles:low")


@pytest.mark.parametrize("make", [
    lambda: solve_batch([POS, OTHER]),
    lambda: solve_batch([POS, OTHER], moves=True, pv=True),
    lambda: solve_batch([POS], moves=True, max_nodes=5),
    lambda: solve_batch([]),
    lambda: reach_batch([POS, OTHER], [5, 20]),
], ids=["values", "moves-pv", "budget", "empty", "reach"])
def test_a_batch_result_evaluates_back_equal(make):
    result = make()
    assert "array(" not in repr(result)
    again = eval(repr(result), NAMES)
    assert again == result and again == make()
    for name, value in vars(result).items():  # the arrays are arrays again, of the same dtype
        if isinstance(value, np.ndarray):
            assert getattr(again, name).dtype == value.dtype and getattr(again, name).shape == value.shape


def test_batch_results_that_differ_compare_unequal():
    assert solve_batch([POS]) != solve_batch([OTHER])
    assert solve_batch([POS]) != solve_batch([POS], moves=True)  # move values: an array, or None
    assert solve_batch([POS, OTHER]).values.tolist() == [texas42.solve(POS).value, texas42.solve(OTHER).value]
