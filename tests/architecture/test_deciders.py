"""Each member of the 42 family decides before play in its own package (docs/architecture.md): Moon's
and The Big Game's rows of deciders (texas42/deciders.py) are registered by their packages, the game
rows give them to their bots, and texas42's front doors follow a row they are given."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import ClassVar

import dominosolver
import pytest
from dominosolver import biggame, games, moon
from dominosolver.biggame import BigGame, BigGameBidAdvice
from dominosolver.moon import MoonBidAdvice, MoonGame, PartnershipMoonGame
from dominosolver.texas42 import Game, Move, advise_bid
from dominosolver.texas42.bots import HintBot
from dominosolver.texas42.deciders import Deciders, deciders_of

ROWS = {"texas42": Deciders(), "moon": moon.DECIDERS, "moon4": moon.PARTNERSHIP_DECIDERS, "biggame": biggame.DECIDERS}


@pytest.mark.parametrize("tag", sorted(ROWS))
def test_each_game_row_gives_its_bot_its_members_deciders(tag):
    spec = games.get(tag)
    assert spec.human.bot(1).deciders == ROWS[tag]
    if tag != "texas42":  # the family arenas' hint bots too (42's own ask by its rules: none registered)
        assert spec.arena.make_bot("hint", 1, dict(spec.arena.defaults)).deciders == ROWS[tag]
    assert deciders_of(spec.Game().rules) == ROWS[tag]


def test_the_members_rows_hold_their_own_decisions():
    assert moon.DECIDERS.advise_bid.__module__ == "dominosolver.moon.bidding"
    assert moon.DECIDERS.exchange_scores.__module__ == "dominosolver.moon.exchange"
    assert biggame.DECIDERS.advise_bid.__module__ == "dominosolver.biggame.bidding"
    assert biggame.DECIDERS.bot.__module__ == "dominosolver.biggame.bot"
    assert biggame.DECIDERS.at_lead.__module__ == "dominosolver.biggame.exchange_rule"
    assert Deciders() == Deciders(None, None, None, None)  # 42's: texas42's own advice and hints


@pytest.mark.parametrize("game_class,advice_class", [(MoonGame, MoonBidAdvice), (PartnershipMoonGame, MoonBidAdvice),
                                                     (BigGame, BigGameBidAdvice)])
def test_texas42s_advise_bid_answers_with_the_members_adviser(game_class, advice_class):
    game = game_class(seed=3)
    advice = advise_bid(game.view(game.to_move), samples=2, seed=1, threads=1)
    assert type(advice) is advice_class and advice.rules.family == game.rules.family


class Asked:
    """A decider that bids the least bid, names the first declaration, and counts what it was asked."""

    asked: ClassVar[list[str]] = []

    def __init__(self, bot: HintBot) -> None:
        self.bot = bot

    def choose(self, game: Game, view) -> Move:
        Asked.asked.append(game.phase)
        return next((m for m in game.legal_moves if m.value), game.legal_moves[0])  # a bid, never a pass


def test_a_hint_bot_asks_the_decider_of_the_row_it_is_given():
    Asked.asked = []
    bot = HintBot(seed=1, deciders=Deciders(bot=Asked))
    game = Game(seed=4)
    for _ in range(5):  # four calls and a declaration
        game.play(bot.choose(game))
    assert game.phase == "playing" and Asked.asked == ["bidding"] * 4 + ["declaring"]
    assert len(Asked.asked) == len(game.moves)  # every move before play, by the row given
    assert isinstance(bot._decider(game.rules), Asked) and bot._decider(game.rules) is bot._decider(game.rules)


# The decisions before play: the one loop, its scorers and presenters (issue 42: no function over 80 lines).
DECISION_MODULES = ("texas42/decisions.py", "texas42/bidding.py", "texas42/bid_tests.py", "texas42/deciders.py",
                    "texas42/exchange_rule.py", "moon/bidding.py", "moon/exchange.py", "biggame/bidding.py",
                    "biggame/exchange.py", "biggame/bot.py", "biggame/exchange_rule.py")
LONGEST = 80


def function_lengths(paths: tuple[str, ...]) -> dict[str, int]:
    """Each function's (and method's, nested ones too) length in lines, by "path:name"."""
    package = Path(dominosolver.__file__).parent
    lengths = {}
    for path in paths:
        for node in ast.walk(ast.parse((package / path).read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lengths[f"{path}:{node.name}"] = node.end_lineno - node.lineno + 1
    return lengths


def test_no_decision_function_is_over_80_lines():
    lengths = function_lengths(DECISION_MODULES)
    assert "texas42/bidding.py:advise_bid" in lengths and "biggame/exchange.py:advise_exchange" in lengths
    assert {name: n for name, n in lengths.items() if n > LONGEST} == {}


# The play hint and the lay-down check, in named steps (checking the question, scoring the worlds, presenting).
PLAY_MODULES = ("texas42/hint.py", "texas42/claim.py")


def test_no_hint_or_claim_function_is_over_80_lines():
    lengths = function_lengths(PLAY_MODULES)
    assert "texas42/hint.py:hint" in lengths and "texas42/claim.py:claim" in lengths
    assert {name: n for name, n in lengths.items() if n > LONGEST} == {}
