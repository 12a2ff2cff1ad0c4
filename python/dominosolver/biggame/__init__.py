"""The Big Game (docs/rules.md §4.3): 42 for points on the double-eight set, 11 tiles each and the
45th undealt, bids 42..66, and the lower-end leads ``7-3:3`` and ``8-2:2``. A member of the 42
family, played by the texas42 package's classes under its rules: this module names the rules
(``rules.py``) and texas42's functions and classes with The Big Game's rules by default
(``defaults.py``: a hand of 11 tiles, untagged text, JSON without "game"); positions, games, solving
and notation are texas42's, as the rules direct them.
Its own decisions before play are here: bid advice by zero-window tests (``bidding.py``, on
texas42's ``BidTests``), the exchange's ranking of discards (``exchange.py``) and the hint bot's
auction, exchange and declaration (``bot.py``), registered as its ``Deciders`` row
(``texas42/deciders.py``): what makes whole 11-trick deals affordable.

>>> from dominosolver.biggame import BIG_GAME, Position
>>> pos = Position("trump=4 leader=N hands=73.82.10/33.83.21/44.62.20/88.55.40")
>>> pos.rules == BIG_GAME, [str(m) for m in pos.legal_moves]
(True, ['8-2:2', '8-2', '7-3:3', '7-3', '1-0'])
"""

from .. import texas42
from ..texas42 import (
    BatchResult,
    Bid,
    BidTests,
    Claim,
    Contract,
    DDTable,
    Hint,
    MoveStat,
    PlayGrade,
    SolveResult,
    Tested,
)
from ..texas42.deciders import Deciders, register
from ..texas42.plays import LowerEndLead, parse_play
from .bidding import BigGameBidAdvice, advise_big_game_bid
from .bot import BigGameDecisions
from .defaults import (
    Move,
    PlayerView,
    Position,
    Solver,
    advise_bid,
    analyse_play,
    claim,
    dd_table,
    hint,
    solve,
    solve_batch,
)
from .exchange import (
    DiscardTests,
    ExchangeAdvice,
    ExchangeChoice,
    advise_exchange,
    in_big_game_exchange,
)
from .exchange_rule import exchanged, weakest_discard
from .rules import BIG_GAME, BigGameRules

__all__ = ["BIG_GAME", "DECIDERS", "BidTests", "BigGame", "BigGameBidAdvice", "BigGameDecisions", "BigGameRules", "Bid",
           "Contract", "DiscardTests", "ExchangeAdvice", "ExchangeChoice", "Game", "LowerEndLead", "Move", "PlayerView",
           "Position", "Rules", "Solver", "advise_bid", "advise_big_game_bid", "advise_exchange", "analyse_play",
           "dd_table", "exchanged", "hint", "in_big_game_exchange", "parse_play", "solve", "solve_batch",
           "Tested", "weakest_discard",
           # what its functions return: each result prints as Python that evaluates with these names
           "BatchResult", "Claim", "DDTable", "Hint", "MoveStat", "PlayGrade", "SolveResult", "claim"]

# The Big Game's own decisions before play: texas42's advise_bid, hint and HintBot use them; its advice
# tests its row of the core's advice defaults' deals (32, texas42.bidding.ADVICE_DEFAULTS) at one
# level each, its whole deals taking seconds to solve.
DECIDERS = Deciders(advise_bid=advise_big_game_bid, bot=BigGameDecisions, at_lead=exchanged,
                    before_trumps=in_big_game_exchange, advise_exchange=advise_exchange)
register(("biggame",), DECIDERS)


class BigGame(texas42.Game):
    """A game of The Big Game (its rules unless ``rules`` says otherwise), to 400 points (§4.3)."""

    _rules_class = BigGameRules


# The module's own rules and game are The Big Game's, as dominosolver.texas42's are 42's.
Rules, Game = BigGameRules, BigGame
