"""Bots playing whole hands of Moon and Partnership Moon (docs/rules.md §4.1-4.2): the rule-of-thumb
bot and the hint bot bid on Moon's ladder, name trumps, lay a tile away in the widow exchange and
play every trick through the Game (which refuses any illegal move); the hint bot's discard is its
exchange hint's best."""

from __future__ import annotations

import pytest
from dominosolver import Tile
from dominosolver.errors import InvalidViewError
from dominosolver.texas42 import Game, Rules, hint
from dominosolver.texas42.bid_tests import BidTests
from dominosolver.texas42.bidding import bid_samples, playing_thresholds
from dominosolver.texas42.bots import HintBot, RuleBot


@pytest.mark.parametrize("family", ["moon", "moon4"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_play_a_whole_moon_hand(family, seed):
    rules = Rules(family=family)
    bots = [HintBot(samples=8, bid_samples=8, seed=seed) if s % 2 == 0 else RuleBot() for s in range(rules.seats)]
    game = Game(rules=rules, seed=seed)
    phases = set()
    while not game.hands_played:
        phases.add(game.phase)
        move = bots[game.to_move].choose(game)
        if game.phase == "bidding":
            assert move.value == 0 or move.value in (4, 5, 6, 7, 21)
        if game.phase == "exchange":
            view = game.view(game.to_move)
            assert move.kind == "discard" and move.value in view.hand and len(view.hand) == 8
            if isinstance(bots[game.to_move], HintBot):
                expected = hint(view, samples=8, seed=bots[game.to_move]._seed(game), threads=1, exact_limit=200)
                assert move.value == Tile(expected.best)
        game.play(move)
    hand = game.hands_played[0]
    if hand["contract"] is not None:
        assert ("exchange" in phases) == (family == "moon")
        assert hand["result"] is not None and len(hand["result"]["score"]) == rules.scorers


@pytest.mark.parametrize("family", ["moon", "moon4"])
def test_the_hint_bot_judges_moon_bids_by_its_familys_discount_and_risk(family):
    """The advice the hint bot bids by carries the family's discount and P(make) threshold
    (``playing_thresholds``), or the bot's own when given; a bid it makes reaches that threshold."""
    rules = Rules(family=family)
    playing = playing_thresholds(rules)
    for bot, (discount, risk) in ((HintBot(bid_samples=8, seed=5), (playing["discount"], playing["risk"])),
                                  (HintBot(bid_samples=8, seed=5, moon_discount=1, moon_risk=0.6), (1, 0.6))):
        game = Game(rules=rules, seed=5)
        advice = bot._advise(game)
        assert (advice.discount, advice.risk) == (discount, risk)
        bid = bot.choose(game).value
        assert bid == 0 or float(advice.p_bid(bid).max()) >= risk


def test_the_moons_thresholds_are_their_advice_rows_and_bid_tests_refuse_bids_of_tricks():
    """Moon's and Partnership Moon's bidding thresholds and deals are their own rows of the core's
    advice defaults (in tricks, none taken off; Partnership Moon's 90%, bench/studies/README.md), 42's
    and The Big Game's in points; the bid tests, which judge bids in points, refuse a game bid in tricks."""
    assert playing_thresholds(Rules(family="moon")) == {"risk": 0.75, "mark_risk": None, "discount": 0}
    assert playing_thresholds(Rules(family="moon4")) == {"risk": 0.9, "mark_risk": None, "discount": 0}
    assert playing_thresholds(Rules()) == {"risk": 0.75, "mark_risk": 0.85, "discount": 5}
    assert playing_thresholds(Rules(family="biggame")) == {"risk": 0.75, "mark_risk": 0.85, "discount": 5}
    assert [bid_samples(Rules(family=f)) for f in ("texas42", "moon", "moon4", "biggame")] == [200, 200, 200, 32]
    game = Game(rules=Rules(family="moon"), seed=3)
    with pytest.raises(InvalidViewError, match="bid tests judge bids in points: not moon's"):
        BidTests(game.view(game.to_move), samples=2, seed=1)
