"""Helpers shared by The Big Game's tests: games of rule bots played to a moment."""

from __future__ import annotations

from dominosolver.biggame import BigGame
from dominosolver.texas42.bots import RuleBot


def rulebot_exchange(seed: int = 6):
    """The bidder's view in the exchange of a game of rule bots (seed 6: bench/biggame_hint_bench.py's)."""
    game, bot = BigGame(seed=seed), RuleBot()
    while game.phase == "bidding":
        game.play(bot.choose(game))
    assert game.phase == "exchange"
    return game.view(game.to_move)


def view_after(plays: int, seed: int = 3):
    """The view of the seat to move after ``plays`` plays of a game of rule bots."""
    game, bot = BigGame(seed=seed), RuleBot()
    while not (game.phase == "playing" and len(game.position.plays) >= plays):
        game.play(bot.choose(game))
    return game.view(game.to_move)
