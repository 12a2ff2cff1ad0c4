"""Before trumps are named, claim gives hint's guidance in hint's words: in the auction and the
declaration "ask advise-bid"; for The Big Game's bidder in its exchange, where hint ranks the
discards, "ask hint"."""

from __future__ import annotations

import pytest
from dominosolver.biggame import BigGame
from dominosolver.errors import InvalidViewError
from dominosolver.texas42 import Game, claim, hint
from dominosolver.texas42.bots import RuleBot


def until(game, phase):
    bot = RuleBot()
    while game.phase != phase:
        game.play(bot.choose(game))
    return game


def refusal(ask, view) -> str:
    with pytest.raises(InvalidViewError) as caught:
        ask(view, samples=1, seed=1) if ask is hint else ask(view)
    return str(caught.value)


@pytest.mark.parametrize("game, phase, shift, phrase", [
    (Game(seed=1), "bidding", 0, "in the auction"),
    (Game(seed=1), "declaring", 0, "in the declaration of trumps"),
    (BigGame(seed=6), "exchange", 1, "in the declaration of trumps"),  # a defender while the bidder lays a tile away
])
def test_claim_says_what_hint_says(game, phase, shift, phrase):
    until(game, phase)
    seat = (game.to_move + shift) % game.rules.seats
    view, name = game.view(seat), game.rules.seat_names[seat]
    assert refusal(hint, view) == f"no tile to play: {name}'s view is {phrase}: ask advise-bid"
    assert refusal(claim, view) == f"nothing to claim: {name}'s view is {phrase}: ask advise-bid"


def test_in_the_big_game_exchange_claim_points_to_hint():
    game = until(BigGame(seed=6), "exchange")
    view = game.view(game.to_move)
    assert refusal(claim, view) == f"nothing to claim: {game.rules.seat_names[game.to_move]}'s view is in the exchange: ask hint"
