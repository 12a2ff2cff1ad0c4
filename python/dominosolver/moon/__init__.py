"""Moon and Partnership Moon (docs/rules.md §4.1-4.2): members of the 42 family, played by the
texas42 package's classes under their family's rules. Moon is three players on 22 tiles, each for
itself, a widow the bidder takes and lays one tile away from, and a point a trick; Partnership Moon
is four players in partnerships on the full set, no widow. This module names their rules and adds
the deal's table and the family's own decisions before play: bid advice in tricks (``bidding.py``)
and the widow exchange's scorer (``exchange.py``), registered as Moon's and Partnership Moon's
``Deciders`` row (``texas42/deciders.py``); positions, games, solving and notation are texas42's, as
the rules direct them.

>>> from dominosolver.moon import MOON, Position
>>> pos = Position("moon trump=6 hands=66.65.64.63.62.61.55/54.53.52.51.44.43.42/41.33.31.22.21.11.00 contract=P15")
>>> pos.to_move, pos.side_names, pos.rules == MOON
(1, ('P1', 'P0P2'), True)
"""

import functools
from typing import Any

from .. import texas42
from ..texas42 import (
    Bid,
    Claim,
    Contract,
    Hint,
    Move,
    MoveStat,
    PlayerView,
    PlayGrade,
    Position,
    Solver,
    SolveResult,
    analyse_play,
    claim,
    hint,
    solve,
    solve_batch,
)
from ..texas42.deciders import Deciders, register
from ..texas42.rules import FAMILIES
from .bidding import MoonBidAdvice, advise_moon_bid, moon_ladder
from .exchange import discard_scores

__all__ = ["MOON", "MOON4", "FOSDICK", "DECIDERS", "PARTNERSHIP_DECIDERS", "FAMILIES", "Bid", "Contract", "Game", "MoonBidAdvice", "MoonGame",
           "advise_bid",  # the name texas42 and biggame give their bid advice
           "MoonRules", "MoonTable", "Move", "PartnershipMoonGame", "PartnershipMoonRules", "PlayerView", "Position",
           "Rules", "Solver", "discard_scores", "moon_ladder", "moon_table", "solve", "solve_batch",
           # what The Big Game's package names too: a view's hint and claim, graded play, their results
           "hint", "Hint", "MoveStat", "claim", "Claim", "analyse_play", "PlayGrade", "SolveResult"]

# Moon's and Partnership Moon's own decisions before play: texas42's advise_bid, hint and HintBot use them.
# The thresholds their bids are judged by (in tricks) are their rows of the core's advice defaults
# (texas42.bidding.ADVICE_DEFAULTS: 75%, and Partnership Moon's 90%, none taken off).
DECIDERS = Deciders(advise_bid=advise_moon_bid, exchange_scores=discard_scores)
PARTNERSHIP_DECIDERS = DECIDERS
register(("moon",), DECIDERS)
register(("moon4",), PARTNERSHIP_DECIDERS)



class MoonRules(texas42.Rules):
    """Moon's rules: ``MoonRules(moon_set="opponents_get_bid")`` is ``Rules(family="moon", ...)``."""

    __slots__ = ()
    _preset = {"family": "moon"}


class PartnershipMoonRules(texas42.Rules):
    """Partnership Moon's: ``PartnershipMoonRules(moon4_preset="fosdick")`` is ``Rules(family="moon4", ...)``."""

    __slots__ = ()
    _preset = {"family": "moon4"}


class MoonGame(texas42.Game):
    """A game of Moon (Moon's rules unless ``rules`` says otherwise), to 21 (§4.1)."""

    _rules_class = MoonRules


class PartnershipMoonGame(texas42.Game):
    """A game of Partnership Moon (its pagat preset unless ``rules`` says otherwise), to 21 (§4.2)."""

    _rules_class = PartnershipMoonRules


# The module's own rules and game are Moon's, as dominosolver.texas42's are 42's.
Rules, Game = MoonRules, MoonGame
MOON = MoonRules()  # three players, 22 tiles, the widow (§4.1)
MOON4 = PartnershipMoonRules()  # pagat's preset: bids 4..7 or 21, the bid scored (§4.2)
FOSDICK = PartnershipMoonRules(moon4_preset="fosdick")  # bids from 3, the tricks taken scored, best of three

from .table import MoonTable, moon_table  # noqa: E402


@functools.wraps(texas42.advise_bid)
def advise_bid(hand: Any, *args: Any, rules: texas42.Rules | None = None, **options: Any) -> MoonBidAdvice:
    if rules is None and not isinstance(hand, (texas42.PlayerView, texas42.Game)):
        rules = MOON
    return texas42.advise_bid(hand, *args, rules=rules, **options)  # type: ignore[no-any-return]


advise_bid.__doc__ = (  # after texas42's, which functools.wraps gave it with its signature
    "Bids a hand of tiles under Moon's rules unless ``rules=`` says other ones (a view or a game carries "
    "its own; Partnership Moon's: ``MOON4``, ``FOSDICK``), as biggame's ``advise_bid`` bids under The Big "
    "Game's; texas42's, which advises the Moon family by its own decisions (``advise_moon_bid``, "
    f"``DECIDERS``):\n\n{texas42.advise_bid.__doc__}")
