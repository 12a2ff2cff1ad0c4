"""A node budget on the points search (`Solver.solve(..., max_nodes=)`, `solve_batch(..., max_nodes=)`):
a whole Big Game deal can need seconds, so a hint's world may be cut short. A cut-short solve says
so (`complete` false) and keeps only exact values: the moves solved before the budget ran out."""

from __future__ import annotations

import random

import pytest
from dominosolver import _core
from dominosolver.errors import InvalidPositionError

T = _core.texas42
BIG = T.Rules({"family": "biggame"})


def endgame(seed: int, trump: str = "5"):
    """Eight tricks left after three of random legal play: big enough to cut, quick to solve."""
    rng = random.Random(f"budget-{seed}")
    tiles = list(range(45))
    rng.shuffle(tiles)
    pos = T.Position(BIG, trump, [tiles[11 * k : 11 * k + 11] for k in range(4)], 0, [])
    for _ in range(12):
        pos.play(rng.choice([m for m in range(T.MAX_PLAYS) if pos.legal_moves >> m & 1]))
    return pos


def test_a_budget_too_small_keeps_only_exact_move_values():
    pos = endgame(1)
    full = T.Solver(16).solve(pos, True, False)
    assert full.complete and full.nodes > 20_000
    exact = dict(full.moves)
    for budget in (10, 3_000, full.nodes // 2):
        cut = T.Solver(16).solve(pos, True, True, max_nodes=budget)
        assert not cut.complete and cut.pv == []
        assert cut.nodes <= budget + 1  # the node over budget stops the search
        assert all(exact[move] == v for move, v in cut.moves)  # fewer moves, never wrong ones
        assert cut.value == (max(v for _, v in cut.moves) if cut.moves else 0)
    assert not T.Solver(16).solve(pos, True, False, max_nodes=10).moves
    half = T.Solver(16).solve(pos, True, False, max_nodes=full.nodes // 2)
    assert 0 < len(half.moves) < len(full.moves)


def test_a_budget_large_enough_changes_nothing():
    pos = endgame(2, "doubles")
    full = T.Solver(16).solve(pos, True, True)
    same = T.Solver(16).solve(pos, True, True, max_nodes=full.nodes + 1)
    assert same.complete and (same.value, same.moves, same.pv, same.nodes) == (full.value, full.moves, full.pv, full.nodes)


def test_a_batch_reports_which_positions_were_cut_short():
    positions = [endgame(3), endgame(4, "none")]
    full = T.solve_batch(positions, 1, True, 16)
    assert full.complete == [True, True]
    cut = T.solve_batch(positions, 2, True, 16, max_nodes=1_000)
    assert cut.complete == [False, False]
    for moves, exact in zip(cut.moves, full.moves):
        assert set(moves) <= set(exact)
    values_only = T.solve_batch(positions, 1, False, 16, max_nodes=10**9)
    assert values_only.complete == [True, True] and values_only.values == full.values


def test_a_budget_on_a_contract_in_tricks_keeps_only_exact_move_values():
    # Nel-O, the declarer's partner sitting out: the one engine's budget holds for every goal.
    hands = [[0, 1, 9, 15], [2, 3, 10, 16], [], [6, 7, 11, 17]]
    nello = T.Position(T.Rules({}), "nello", hands, 0, [], (0, 42))
    full = T.Solver(1).solve(nello, True, False)
    exact = dict(full.moves)
    cut = T.Solver(1).solve(nello, True, False, max_nodes=3)
    assert not cut.complete and cut.makes is None
    assert all(exact[move] == v for move, v in cut.moves)
    whole = T.Solver(1).solve(nello, True, False, max_nodes=10**9)
    assert whole.complete and whole.moves == full.moves and whole.makes == full.makes
