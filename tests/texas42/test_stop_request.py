"""A search asked to stop ends at once (issue 40, point 1): the trick engine looks at its solver's
stop request every few thousand nodes, so a call its caller left (a deadline, a stop, Ctrl-C:
stoppable.py) no longer runs on to its end in the background."""

from __future__ import annotations

import threading

import pytest
from dominosolver import _core
from dominosolver.stoppable import Abandoned, left_running, stoppable
from dominosolver.texas42 import Game, Position, Rules

BIG = Rules(family="biggame")


def big_game_deal(seed: int = 1) -> Position:
    """A whole Big Game deal at its first lead: tens of millions of nodes for every move's value."""
    return Position(trump=3, hands=[list(h) for h in Game(seed=seed, rules=BIG).deal()], rules=BIG)


def test_a_solver_asked_to_stop_ends_its_search_with_stopped():
    pos = big_game_deal()._pos
    solver = _core.texas42.Solver(16)
    solver.request_stop()
    with pytest.raises(KeyboardInterrupt, match="stopped"):
        solver.solve(pos, True, False)
    with pytest.raises(KeyboardInterrupt, match="stopped"):
        solver.value(pos)  # and every later search of that solver
    small = Position(trump=3, hands=[list(h) for h in Game(seed=2).deal()])
    assert _core.texas42.Solver(16).value(small._pos) == _core.texas42.Solver(16, stop=_core.texas42.StopFlag()).value(small._pos)


def test_a_batch_asked_to_stop_ends_the_positions_under_way():
    positions = [big_game_deal(seed)._pos for seed in (1, 2)]
    flag = _core.texas42.StopFlag()
    flag.request()
    with pytest.raises(KeyboardInterrupt, match="stopped"):
        _core.texas42.solve_batch(positions, 2, True, 16, False, 0, [], flag)
    with pytest.raises(KeyboardInterrupt, match="stopped"):
        _core.texas42.reach_batch(positions, [30, 30], 1, 16, 0, flag)
    # A flag never requested changes nothing.
    short = [Position(trump=5, hands=[list(h) for h in Game(seed=s).deal()])._pos for s in range(4)]
    assert (_core.texas42.solve_batch(short, 2, True, 16, False, 0, [], _core.texas42.StopFlag()).values ==
            _core.texas42.solve_batch(short, 2, True, 16).values)


def test_a_search_left_by_its_caller_ends_in_the_background():
    pos = big_game_deal()._pos
    solver = _core.texas42.Solver(16)
    ended = {}
    finished = threading.Event()

    def search():
        try:
            return solver.solve(pos, True, False)
        except KeyboardInterrupt as e:
            ended["by"] = str(e)
            raise
        finally:
            finished.set()

    with pytest.raises(Abandoned):
        stoppable(search, should_stop=lambda: True, on_abandon=solver.request_stop)
    finished.wait()  # state, not time: the search returns once it has seen the request
    assert ended == {"by": "stopped"}
    while left_running():  # the thread ends right after its search
        finished.wait(0.01)
