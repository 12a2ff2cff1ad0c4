"""A Bingo game copies (``game.copy()``, ``copy.copy``, ``copy.deepcopy``) and pickles as an
independent game in the same state: ``copy.copy`` shared the C++ state machine (a play on the copy
moved the original), ``pickle`` and ``deepcopy`` raised TypeError."""

from __future__ import annotations

import copy
import pickle

import pytest
from dominosolver import bingo

COPIES = {"copy()": lambda g: g.copy(), "copy.copy": copy.copy, "copy.deepcopy": copy.deepcopy,
          "pickle": lambda g: pickle.loads(pickle.dumps(g))}


@pytest.mark.parametrize("how", COPIES.values(), ids=COPIES.keys())
def test_a_bingo_copy_is_the_same_game_and_moves_alone(how):
    game = bingo.Game(seed=5, rules=bingo.Rules.preset("modern_dp"), start=1)
    for _ in range(9):
        game.play(game.legal_moves[0])
    before = (repr(game), game.to_move, game.legal_moves)
    twin = how(game)
    assert type(twin) is bingo.Game and twin == game and (repr(twin), twin.to_move, twin.legal_moves) == before
    twin.play(twin.legal_moves[-1])
    assert (repr(game), game.to_move, game.legal_moves) == before and twin != game
