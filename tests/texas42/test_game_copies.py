"""A game of the 42 family copies (``game.copy()``, ``copy.copy``, ``copy.deepcopy``) and pickles as
an independent game in the same state. Before, ``copy.copy(game)`` shared the C++ state machine and
the move list, so a play on the copy moved the original too (its repr and legal moves changed),
and ``pickle`` / ``deepcopy`` raised TypeError ("cannot pickle 'dominosolver._core.texas42.Game'")."""

from __future__ import annotations

import copy
import pickle

import pytest
from dominosolver import biggame, moon, texas42
from dominosolver.texas42.bots import RuleBot

COPIES = {"copy()": lambda g: g.copy(), "copy.copy": copy.copy, "copy.deepcopy": copy.deepcopy,
          "pickle": lambda g: pickle.loads(pickle.dumps(g))}


def played(game_class, rules=None, dealer=0):
    """A game past its first hand's auction, declaration (and exchange) into play."""
    game, bot = game_class(seed=5, rules=rules, dealer=dealer), RuleBot()
    while not game.is_over and (game.phase != "playing" or len(game.position.plays) < 5):
        game.play(bot.choose(game))
    return game


@pytest.mark.parametrize("how", COPIES.values(), ids=COPIES.keys())
@pytest.mark.parametrize("game_class, rules", [(texas42.Game, texas42.Rules(specials="all")), (moon.MoonGame, None),
                                               (moon.PartnershipMoonGame, None), (biggame.BigGame, None)],
                         ids=["texas42", "moon", "moon4", "biggame"])
def test_a_copy_is_the_same_game_and_moves_alone(how, game_class, rules):
    game = played(game_class, rules, dealer=1)
    before = (repr(game), game.to_move, game.legal_moves, game.position)
    twin = how(game)
    assert type(twin) is type(game) and twin == game and twin is not game
    assert (repr(twin), twin.to_move, twin.legal_moves, twin.position) == before
    twin.play(twin.legal_moves[-1])
    assert (repr(game), game.to_move, game.legal_moves, game.position) == before  # the original stands
    assert twin != game and twin.moves[:-1] == game.moves
    game.undo()
    assert twin.moves[:-2] == game.moves  # and the copy stands too
