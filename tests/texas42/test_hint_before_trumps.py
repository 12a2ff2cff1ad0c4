"""The package-level hint in The Big Game's exchange before trumps (docs/rules.md §4.3): the
bidder's discards ranked by its exchange advice, as the game registry's hint answers, instead of a
refusal pointing to advise-bid; other views before trumps are still refused by name."""

from __future__ import annotations

import pytest
from dominosolver import biggame, games, moon
from dominosolver.biggame import BigGame, PlayerView
from dominosolver.biggame.exchange import ExchangeAdvice, advise_exchange
from dominosolver.errors import InvalidViewError
from dominosolver.texas42 import hint as hint_42
from dominosolver.texas42.bots import RuleBot

# E won at 66 holding every eight, 7-7, 6-6 and 2-1: its 10 non-counters are its legal discards.
EIGHTS = PlayerView.from_json({
    "game": "biggame", "seat": "E", "contract": {"declarer": "E", "bid": 66}, "hand_sizes": [11, 12, 11, 11],
    "hand": ["8-8", "8-7", "8-6", "8-5", "8-4", "8-3", "8-2", "8-1", "8-0", "7-7", "6-6", "2-1"]})


def without_time(record: dict) -> dict:
    return {k: v for k, v in record.items() if k != "elapsed"}


def test_the_exchange_hint_is_the_exchange_advice():
    direct = advise_exchange(EIGHTS, samples=2, seed=1, threads=1)
    for hint in (biggame.hint, hint_42, moon.hint):  # one function: every package's hint answers alike
        advice = hint(EIGHTS, samples=2, seed=1, threads=1)
        assert isinstance(advice, ExchangeAdvice)
        assert without_time(advice.to_json()) == without_time(direct.to_json())
    registry = games.get("biggame").hint(EIGHTS, samples=2, seed=1, threads=1)
    assert without_time(registry.to_json()) == without_time(direct.to_json())
    assert direct.best.id in [t.id for t in EIGHTS.hand] and not direct.warnings


def test_options_that_judge_plays_are_said_unused():
    advice = biggame.hint(EIGHTS, samples=2, seed=1, threads=1, method="infoset", weighting="auction")
    assert advice.warnings == ["weighting, method: not used by the exchange's tests"]


def test_a_game_in_its_exchange_is_hinted_from_the_bidder_seat():
    game, bot = BigGame(seed=6), RuleBot()
    while game.phase == "bidding":
        game.play(bot.choose(game))
    assert game.phase == "exchange"
    view = game.view(game.to_move)
    advice = biggame.hint(view, samples=1, seed=2, threads=1)
    assert isinstance(advice, ExchangeAdvice) and advice.view == view
    assert {str(c.discard) for c in advice.choices} == {str(m.value) for m in game.legal_moves}
    other = game.view((game.to_move + 1) % 4)  # a defender before trumps: nothing to hint, nor to decide
    with pytest.raises(InvalidViewError, match="in the exchange: .*, the bidder, is laying a tile away; nothing for"):
        biggame.hint(other, samples=1, seed=2)
