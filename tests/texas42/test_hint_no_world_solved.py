"""A hint that solves no world within its time (a first lead of The Big Game, a world of seconds)
rests on make tests (tests/biggame/test_biggame_first_lead_tests.py); when those decide nothing
either, it says why and what to do: give it more time or none; its docstring says so."""

from __future__ import annotations

from importlib import import_module

import pytest
from dominosolver import games
from dominosolver.errors import SearchLimitError
from dominosolver.texas42 import hint
from dominosolver.texas42.hint import NO_WORLD

hint_module = import_module("dominosolver.texas42.hint")  # the package's `hint` is the function

FIRST_LEAD = ("biggame seat=E contract=E42 trump=0 hand=86.81.80.73.65.63.50.33.22.21.00 auction=E:42,pass,pass,pass "
              "discard=10")


def test_no_world_within_the_time_nor_a_test_decided_says_to_give_more(monkeypatch):
    monkeypatch.setattr(hint_module, "MIN_WORLD_NODES", 1)  # the make tests' budget: one node decides nothing
    view = games.read_view(FIRST_LEAD)[1]
    # time 0: the deadline is already past, so the first worlds (seconds each) are left unsolved
    with pytest.raises(SearchLimitError, match="world.* solved.*decided nothing") as caught:
        hint(view, samples=3, seed=1, time=0, threads=1)
    assert str(caught.value).endswith(NO_WORLD) and "more time, or none" in NO_WORLD


def test_the_docstring_names_the_error():
    assert hint.__doc__ is not None and "SearchLimitError" in hint.__doc__
