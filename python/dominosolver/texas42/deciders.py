"""What a member of the 42 family decides before play in its own way, given to texas42's front doors
rather than imported by them: texas42 never imports ``dominosolver.moon`` nor ``dominosolver.biggame``
(tests/architecture/test_imports.py), which sit above it.

A member's package fills in a ``Deciders`` row and registers it under its family's names
(``register``, at its import: ``dominosolver.moon`` for Moon and Partnership Moon,
``dominosolver.biggame`` for The Big Game); the registry's game rows (``games/family42.py``) hand
the member's row to their bots, and ``advise_bid``, ``hint`` and ``HintBot`` look a family up by its
rules (``deciders_of``) when given none. 42's own decisions are the defaults: an empty row."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidViewError
from .rules import Rules

__all__ = ["Deciders", "deciders_of", "register"]


@dataclass(frozen=True)
class Deciders:
    """A member's own decisions before play, each None where 42's serve.

    - ``advise_bid(view, legal_bids, contract, *, samples, seed, risk, discount, threads, tt_mb, time,
      should_stop, on_progress, started)``: its bid advice once ``bidding.advise_bid`` has read and
      checked the question (a presenter with ``bid``, ``action``, ``verdict``, ``to_json``);
    - ``exchange_scores(view, threads, tt_mb)``: in its exchange after trumps are named (Moon's
      widow), the hint's moves, per-world scorer and chance of the goal (``hint.hint``);
    - ``bot(hint_bot)``: a decider for a ``HintBot`` whose ``choose(game, view)`` answers every move
      of the auction, exchange and declaration (The Big Game's, by zero-window tests);
    - ``before_trumps(view)`` and ``advise_exchange(view, *, samples, seed, time, threads, tt_mb,
      should_stop)``: whether ``view`` is its bidder's exchange before trumps are named (The Big
      Game's undealt tile), and there the bidder's discards ranked (an ``ExchangeAdvice``), which
      ``hint.hint`` answers with;
    - ``at_lead(view, world, trump)``: the hands of a deal at the first lead once ``view``'s seat has
      won the auction and names ``trump`` (The Big Game's exchange by its rule of thumb), as bid
      tests and bid scorers judge a declaration; None: as dealt.

    The figures its bid advice applies when the caller names none (thresholds, deals) are not a
    decider: they are its row of the core's advice defaults (``bidding.ADVICE_DEFAULTS``), which the
    WebAssembly module reads too.
    """

    advise_bid: Callable[..., Any] | None = None
    exchange_scores: Callable[..., Any] | None = None
    bot: Callable[[Any], Any] | None = None
    at_lead: Callable[..., Any] | None = None
    before_trumps: Callable[[Any], bool] | None = None
    advise_exchange: Callable[..., Any] | None = None


_FAMILIES: dict[str, Deciders] = {}


def register(families: tuple[str, ...], deciders: Deciders) -> None:
    """Make ``deciders`` the row of each of ``families`` (their rules' ``family``)."""
    for family in families:
        _FAMILIES[family] = deciders


def deciders_of(rules: Rules) -> Deciders:
    """The row of ``rules``' family: its package's (registered when it is imported, as
    ``dominosolver`` imports every member), or 42's (empty) for 42."""
    if rules.family in _FAMILIES:
        return _FAMILIES[rules.family]
    if rules.row.default:
        return Deciders()
    raise InvalidViewError(f"{rules.title}'s decisions before play are its package's, which registers them when "
                           "imported (dominosolver imports every member's)")
