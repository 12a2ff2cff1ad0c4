"""A Bingo Solver prints as the Python that makes one like it, as a Texas 42 Solver does
(``Solver(tt_mb=64)``); it printed as ``<dominosolver.bingo.solve.Solver object at 0x...>``."""

from __future__ import annotations

import pytest
from dominosolver import bingo, texas42


@pytest.mark.parametrize("solver_class", [bingo.Solver, texas42.Solver], ids=["bingo", "texas42"])
@pytest.mark.parametrize("tt_mb", [None, 1, 16])
def test_a_solver_prints_as_the_call_that_makes_it(solver_class, tt_mb):
    solver = solver_class() if tt_mb is None else solver_class(tt_mb=tt_mb)
    again = eval(repr(solver), {"Solver": solver_class})
    assert type(again) is solver_class and again.tt_mb == solver.tt_mb and repr(again) == repr(solver)
    assert repr(solver) == f"Solver(tt_mb={solver.tt_mb})"
