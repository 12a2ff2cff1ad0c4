"""A Bingo search asked to stop ends at once (issue 40, point 1), as the trick engine's does: the
solver looks at its stop request every few thousand nodes, so a hint whose caller stops it (the
engine's ``stop``, a server request whose client left) no longer waits for its batch of worlds,
which at a deal's start without a node budget takes seconds to minutes."""

from __future__ import annotations

import threading
import time

import pytest
from dominosolver import _core, bingo
from dominosolver.bingo.sampling import WorldSampler, first_world, position_of
from dominosolver.errors import SearchLimitError
from dominosolver.stoppable import Abandoned, left_running
from promptness import PROMPT


def first_lead(seed: int = 1) -> bingo.Position:
    """A deal's first lead, the boneyard unknown to the player: phase-one worlds, the hardest."""
    return bingo.Game(seed=seed).position


def test_a_solver_asked_to_stop_ends_its_search_with_stopped():
    pos = first_lead()
    solver = _core.bingo.Solver(2)
    solver.request_stop()
    with pytest.raises(KeyboardInterrupt, match="stopped"):
        solver.solve(pos._pos, True, True, 0, None)  # no budget: seconds of work, stopped within a few thousand nodes
    with pytest.raises(KeyboardInterrupt, match="stopped"):
        solver.value(pos._pos)  # and every later search of that solver
    closed = bingo.Position(str(pos))
    closed.play("close")
    # A solver never asked to stop is as it was: the same values as a fresh one.
    assert _core.bingo.Solver(2).value(closed._pos) == bingo.Solver().value(closed)


def test_a_hint_stopped_on_request_leaves_its_batch_at_once():
    view = first_lead().view(0)
    asked = threading.Event()
    seen = []

    def should_stop() -> bool:
        seen.append(time.perf_counter())
        if len(seen) == 3:  # the first looks pass, then the stop comes while a batch is being solved
            asked.set()
        return asked.is_set()

    # No node budget: the first batch of 8 worlds alone takes tens of seconds; the stop ends it.
    with pytest.raises(SearchLimitError, match="no world was solved on request"):
        bingo.hint(view, samples=1000, max_nodes=0, should_stop=should_stop)
        asked.set()
    stopped = time.perf_counter()
    assert asked.is_set()
    assert stopped - seen[2] < PROMPT  # from the look that saw the stop to the hint's end
    while left_running():  # the abandoned call's thread ends right after its search saw the request
        asked.wait(0.01)


def test_a_stopped_call_gives_its_solver_a_new_table():
    view = first_lead().view(0)
    solver = bingo.Solver()
    old = solver._core
    base = position_of(view, *first_world(view))
    hand, boneyard = next(iter(WorldSampler(view).stream(1)))  # a world as a hint solves it
    moves = [str(m) for m in view.legal_moves]
    with pytest.raises(Abandoned):
        solver.solve_worlds_bounds(base, [hand] * 8, [boneyard] * 8, moves, 0, should_stop=lambda: True)
    assert solver._core is not old  # the old core solver is spent (asked to stop): a new one answers
    lo, hi = solver.solve_worlds_bounds(base, [hand], [boneyard], moves, 20_000)
    assert len(lo) == len(hi) == len(moves)

