"""A hint that solves no world within its time (a first lead of The Big Game, a world of seconds)
says why and what to do: give it more time or none; its docstring says so."""

from __future__ import annotations

import pytest
from dominosolver import games
from dominosolver.errors import SearchLimitError
from dominosolver.texas42 import hint
from dominosolver.texas42.hint import NO_WORLD

FIRST_LEAD = ("biggame seat=E contract=E42 trump=0 hand=86.81.80.73.65.63.50.33.22.21.00 auction=E:42,pass,pass,pass "
              "discard=10")


def test_no_world_within_the_time_says_to_give_more():
    view = games.read_view(FIRST_LEAD)[1]
    # time 0: the deadline is already past, so the first worlds (seconds each) are left unsolved
    with pytest.raises(SearchLimitError, match="world.* solved") as caught:
        hint(view, samples=3, seed=1, time=0, threads=1)
    assert str(caught.value).endswith(NO_WORLD) and "more time, or none" in NO_WORLD


def test_the_docstring_names_the_error():
    assert hint.__doc__ is not None and "SearchLimitError" in hint.__doc__
