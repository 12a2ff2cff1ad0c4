"""Issue 27, point 6: the two games' APIs speak alike: the same parameter names (samples, tt_mb,
seed, time, exact_limit), one result type for a hint's moves (MoveStat), one ranking rule (equal
moves share a rank, docs/json.md); the old Bingo names still work for one release, with a
DeprecationWarning."""

from __future__ import annotations

import importlib
import inspect
import random

import pytest

from dominosolver import bingo, texas42
from dominosolver.bingo.bots import HintBot
from dominosolver.errors import ParseError
from dominosolver.pimc import MoveStat

SHARED = ("samples", "seed", "time", "exact_limit", "tt_mb")
CLOSED = bingo.Position("bingo trump=0 turned=40 leader=0 hands=43.33/41.10 "
                        "boneyard=32.30.54.51.60.55.44.20.53.42.00.40 closed=1:notrick points=16/24 tricks=3/3")


@pytest.mark.parametrize("game", [texas42, bingo])
def test_both_games_take_the_same_names(game):
    assert set(SHARED) <= set(inspect.signature(game.hint).parameters)
    assert "tt_mb" in inspect.signature(game.Solver).parameters
    assert "tt_mb" in inspect.signature(game.solve).parameters
    assert game.MoveStat is MoveStat


def test_both_games_hints_give_movestats():
    pos42 = texas42.Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42")
    for h in (texas42.hint(pos42.view(1), samples=5, seed=1), bingo.hint(CLOSED, samples=5, seed=1)):
        assert h.moves and all(type(m) is MoveStat for m in h.moves)
    assert bingo.hint(CLOSED, seed=1).moves[0].p_win == bingo.hint(CLOSED, seed=1).moves[0].p_make


def shares_ranks(moves) -> int:
    """The ties among ``moves`` (best first), checked: a move's rank is 1 + the moves strictly
    better, so equal moves share one."""
    keys = [(round(m.mean, 9), round(m.p_make, 9)) for m in moves]
    for m, key in zip(moves, keys):
        assert m.rank == 1 + sum(k > key for k in keys)
    return len(keys) - len(set(keys))


def test_equal_bingo_moves_share_a_rank():
    ties = 0
    for seed in range(12):
        game, rng = bingo.Game(seed=seed), random.Random(seed)
        while not game.is_over:
            view = game.view(game.to_move)
            if view.closed_by is not None or view.boneyard_size == 0:  # solved exactly, in microseconds
                ties += shares_ranks(bingo.hint(view, samples=8, seed=1).moves)
            game.play(rng.choice(game.legal_moves))
    assert ties > 10


def test_the_old_bingo_names_warn_and_still_work():
    with pytest.warns(DeprecationWarning, match="worlds= is deprecated: call it samples="):
        old = bingo.hint(CLOSED, worlds=6, seed=2, exact_limit=0)
    assert old.to_json()["moves"] == bingo.hint(CLOSED, samples=6, seed=2, exact_limit=0).to_json()["moves"]
    with pytest.warns(DeprecationWarning, match="tt_megabytes= is deprecated: call it tt_mb="):
        assert bingo.Solver(tt_megabytes=4).tt_mb == 4
    with pytest.warns(DeprecationWarning, match="tt_megabytes= is deprecated"):
        assert bingo.solve(CLOSED, tt_megabytes=4).value == bingo.solve(CLOSED, tt_mb=4).value
    with pytest.warns(DeprecationWarning, match="worlds= is deprecated"):
        assert HintBot(worlds=3).samples == 3
    for module in (bingo, importlib.import_module("dominosolver.bingo.hint")):
        with pytest.warns(DeprecationWarning, match="bingo.MoveScore is deprecated: it is MoveStat now"):
            assert module.MoveScore is MoveStat


def test_a_name_and_its_old_name_at_once_are_refused():
    with pytest.raises(ParseError, match="give samples= or its old name worlds=, not both"):
        bingo.hint(CLOSED, samples=4, worlds=4)
    with pytest.raises(ParseError, match="give tt_mb= or its old name tt_megabytes=, not both"):
        bingo.Solver(4, tt_megabytes=4)
