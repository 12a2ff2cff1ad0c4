"""Before trumps are named, claim gives hint's guidance in hint's words: in the auction and, for the
seat naming trumps, the declaration "ask advise-bid"; for The Big Game's bidder in its exchange,
where hint ranks the discards, "ask hint"; for the other seats while the bidder lays a tile away or
another seat names trumps, what is happening and that they have nothing to decide (advise-bid
answers only the seat deciding)."""

from __future__ import annotations

import pytest
from dominosolver.biggame import BigGame
from dominosolver.errors import InvalidViewError
from dominosolver.texas42 import Game, advise_bid, claim, hint
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
    (Game(seed=1), "bidding", 1, "in the auction"),  # advise-bid answers any seat's hand in the auction
    (Game(seed=1), "declaring", 0, "in the declaration of trumps"),
])
def test_claim_says_what_hint_says(game, phase, shift, phrase):
    until(game, phase)
    seat = (game.to_move + shift) % game.rules.seats
    view, name = game.view(seat), game.rules.seat_names[seat]
    assert refusal(hint, view) == f"no tile to play: {name}'s view is {phrase}: ask advise-bid"
    assert refusal(claim, view) == f"nothing to claim: {name}'s view is {phrase}: ask advise-bid"


@pytest.mark.parametrize("game, phase, doing", [
    (BigGame(seed=6), "exchange", "in the exchange: {bidder}, the bidder, is laying a tile away"),
    (BigGame(seed=6), "declaring", "in the declaration of trumps: {bidder} is naming trumps"),
    (Game(seed=1), "declaring", "in the declaration of trumps: {bidder} is naming trumps"),
])
def test_the_other_seats_are_told_what_happens_and_that_they_have_nothing_to_decide(game, phase, doing):
    until(game, phase)
    names = game.rules.seat_names
    for seat in range(game.rules.seats):
        if seat == game.to_move:
            continue
        view = game.view(seat)
        with pytest.raises(InvalidViewError, match="is not to declare"):
            advise_bid(view, samples=2, seed=1)  # why "ask advise-bid" would not help this seat
        said = f"'s view is {doing.format(bidder=names[game.to_move])}; nothing for {names[seat]} to decide"
        assert refusal(hint, view) == f"no tile to play: {names[seat]}{said}"
        assert refusal(claim, view) == f"nothing to claim: {names[seat]}{said}"


def test_in_the_big_game_exchange_claim_points_to_hint():
    game = until(BigGame(seed=6), "exchange")
    view = game.view(game.to_move)
    assert refusal(claim, view) == f"nothing to claim: {game.rules.seat_names[game.to_move]}'s view is in the exchange: ask hint"
