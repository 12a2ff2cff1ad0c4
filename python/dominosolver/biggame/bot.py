"""The hint bot's auction, exchange and declaration in The Big Game (docs/rules.md §4.3), judged by
zero-window tests: The Big Game's ``Deciders.bot`` row, which ``texas42.bots.HintBot`` asks for every
move before play (its play hints are 42's)."""

from __future__ import annotations

from typing import Any

from ..texas42.bots import HintBot
from ..texas42.game import Game, Move
from ..texas42.view import PlayerView
from .bidding import advise_big_game_bid
from .exchange import advise_exchange

__all__ = ["BigGameDecisions"]


class BigGameDecisions:
    """A hint bot's Big Game decisions: in the auction the advice every front end gives, on the
    seat's tests kept through its auction (``HintBot._bid_tests``); in the exchange the best discard
    of ``advise_exchange``, keeping the declaration it judged them under to name next; declaring
    without it, the declaration of the most deals on the seat's tests. Each within the bot's
    ``bid_time`` and ``bid_nodes``."""

    def __init__(self, bot: HintBot) -> None:
        self.bot = bot
        self.declaration: Any = None  # the declaration chosen at the exchange

    def choose(self, game: Game, view: PlayerView) -> Move:
        bot, rules = self.bot, view.rules
        if game.phase == "bidding":
            tests = bot._bid_tests(game, view)
            advice = advise_big_game_bid(view, [m.value for m in game.legal_moves], None, samples=tests.samples,
                                         seed=tests.seed, risk=bot._risk(rules), discount=bot._discount(rules),
                                         threads=bot.threads, tt_mb=tests.tt_mb, time=bot.bid_time,
                                         max_nodes=bot.bid_nodes, tests=tests)
            return Move("bid", advice.bid)
        contract = game.contract
        assert contract is not None
        if game.phase == "exchange":  # every legal discard ranked under the declaration it will name
            exchange = advise_exchange(view, samples=bot.bid_samples, seed=bot._seed(game), time=bot.bid_time,
                                       max_nodes=bot.bid_nodes, threads=bot.threads)
            self.declaration = exchange.declaration
            return Move("discard", exchange.best)
        if self.declaration is None:  # declaring without the exchange's choice: on the view's own deals
            self.declaration = bot._bid_tests(game, view).best_declaration(rules.points_needed(contract.bid),
                                                                          time=bot.bid_time, max_nodes=bot.bid_nodes)
        declaration, self.declaration = self.declaration, None
        return Move("declare", declaration)
