"""An infoset hint keeps its time and stops on request (issue 40, point 5: it solved all its worlds
in one batch, 59-65 s against 10 s): the batch is solved a few worlds at a time (infoset.STEP), and
a time limit or a stop ends it after the step under way, the worlds done grouped among themselves.
Bounds are generous for a loaded machine; no verdict hangs on a tight wall clock."""

from __future__ import annotations

import time

import pytest
from dominosolver.texas42 import Game, Position, hint
from promptness import PROMPT


def first_lead():
    return Position(trump=4, hands=[list(h) for h in Game(seed=3).deal()], contract=(0, 30)).view(0)


def test_an_infoset_hint_keeps_its_time():
    h = hint(first_lead(), samples=100_000, seed=1, time=1.0, method="infoset", threads=1)
    assert h.elapsed < 1.1 + 1.0  # 10%, and a step of a few worlds with room for a loaded machine
    assert 0 < h.worlds < 100_000
    assert any("by the time limit" in w for w in h.warnings)
    assert h.method == "infoset"


def test_an_infoset_hint_stops_on_request():
    asked: list[float] = []
    begun = time.perf_counter()

    def should_stop() -> bool:
        if not asked and time.perf_counter() > begun + 0.5:
            asked.append(time.perf_counter())
        return bool(asked)

    h = hint(first_lead(), samples=100_000, seed=1, method="infoset", threads=1, should_stop=should_stop)
    assert time.perf_counter() - asked[0] < PROMPT
    assert 0 < h.worlds < 100_000
    assert any("on request" in w for w in h.warnings)


def test_an_unlimited_infoset_hint_solves_every_world_in_steps():
    h = hint(first_lead(), samples=30, seed=1, method="infoset", threads=1)
    assert h.worlds == 30 and not h.warnings


def test_an_infoset_hint_out_of_memory_says_what_ran_out(monkeypatch):
    from dominosolver import _core

    def no_memory(*args):
        raise MemoryError

    monkeypatch.setattr(_core.texas42, "solve_batch", no_memory)
    with pytest.raises(MemoryError, match="not for the solvers' tables") as caught:
        hint(first_lead(), samples=20, seed=1, method="infoset", threads=1)
    assert "tt_mb" not in str(caught.value)


def test_a_table_too_large_is_still_named(monkeypatch):
    from dominosolver import _core
    from dominosolver.errors import ParseError
    from dominosolver.texas42 import solve_batch

    def no_memory(*args):
        raise MemoryError

    monkeypatch.setattr(_core.texas42, "solve_batch", no_memory)
    monkeypatch.setattr(_core.texas42, "Solver", no_memory)  # the tables themselves do not fit
    with pytest.raises(ParseError, match="tt_mb=16: this machine cannot allocate 1 tables"):
        solve_batch([Position(trump=4, hands=[list(h) for h in Game(seed=3).deal()], contract=(0, 30))], threads=1,
                    tt_mb=16)
