"""bingo.solve and Solver.solve check ``should_stop`` before any work, as 42's do: a closed deal's
solve (microseconds: it never asks) took ``should_stop=5`` silently, and a long phase-one solve
would have raised TypeError calling it."""

from __future__ import annotations

import pytest
from dominosolver import bingo
from dominosolver.errors import ParseError

CLOSED = bingo.Position("bingo trump=0 turned=40 leader=0 hands=43.33/41.10 boneyard=32.30.54.51.60.55.44.20.53.42.00.40 "
                        "closed=1:notrick points=16/24 tricks=3/3")


@pytest.mark.parametrize("call", [lambda stop: bingo.solve(CLOSED, should_stop=stop),
                                  lambda stop: bingo.Solver().solve(bingo.Game(seed=1).position, max_nodes=100, should_stop=stop)],
                         ids=["closed", "phase-one"])
def test_should_stop_is_a_function(call):
    with pytest.raises(ParseError, match="should_stop must be a function or None, not 5"):
        call(5)
    assert call(lambda: False).moves == call(None).moves
