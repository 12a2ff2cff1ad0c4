"""A Big Game hint under a time limit far from the end: each world gets a node budget from the time
left (texas42/hint.py), and a world cut short is left out and said so. The budget is forced small
here (the rate of nodes per second patched) so that the outcome depends on node counts alone."""

from __future__ import annotations

from importlib import import_module

import numpy as np
import pytest

from dominosolver.biggame import BigGame, hint
from dominosolver.errors import SearchLimitError
from dominosolver.texas42 import solve_batch
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.sampling import WorldSampler, position_of

hint_module = import_module("dominosolver.texas42.hint")  # the package's `hint` is the function


def view_after(plays: int, seed: int = 3):
    """The view of the seat to move after `plays` plays of a game of rule bots."""
    game, bot = BigGame(seed=seed), RuleBot()
    while not (game.phase == "playing" and len(game.position.plays) >= plays):
        game.play(bot.choose(game))
    return game.view(game.to_move)


def test_python_solve_batch_reports_positions_cut_short():
    view = view_after(8)  # 9 tricks left
    sampler = WorldSampler(view)
    positions = [position_of(view, sampler.world(i * 9973 % sampler.count)) for i in range(4)]
    full = solve_batch(positions, threads=1, moves=True)
    assert full.complete is None
    cut = solve_batch(positions, threads=1, moves=True, max_nodes=20_000)
    assert cut.complete is not None and not cut.complete.all()
    for i in np.flatnonzero(cut.complete):  # a position within its budget is solved exactly
        assert (cut.move_values[i] == full.move_values[i]).all()


def test_worlds_cut_short_are_left_out_and_said_so(monkeypatch):
    monkeypatch.setattr(hint_module, "NODES_PER_SECOND", 0)
    monkeypatch.setattr(hint_module, "MIN_WORLD_NODES", 300_000)
    h = hint(view_after(8), samples=12, seed=2, threads=1, time=600)
    assert 0 < h.worlds < 12
    assert any("left out: its node budget" in w for w in h.warnings)


def test_no_world_within_its_budget_is_a_named_error(monkeypatch):
    monkeypatch.setattr(hint_module, "NODES_PER_SECOND", 0)
    monkeypatch.setattr(hint_module, "MIN_WORLD_NODES", 1)
    with pytest.raises(SearchLimitError, match="node budget"):
        hint(view_after(0), samples=4, seed=2, threads=1, time=600)


def test_without_a_time_limit_no_world_is_cut(monkeypatch):
    monkeypatch.setattr(hint_module, "MIN_WORLD_NODES", 1)
    monkeypatch.setattr(hint_module, "NODES_PER_SECOND", 0)
    h = hint(view_after(8), samples=3, seed=2, threads=1)
    assert h.worlds == 3 and not h.warnings
