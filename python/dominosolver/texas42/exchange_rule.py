"""Whether a view is in Moon's widow exchange after trumps are named (docs/rules.md §4.1): the play
hint ranks the bidder's discards there (with Moon's ``Deciders.exchange_scores``), and nothing can
be claimed yet. The Big Game's exchange before trumps is its package's (``dominosolver.biggame``)."""

from __future__ import annotations

from .view import PlayerView

__all__ = ["in_exchange"]


def in_exchange(view: PlayerView) -> bool:
    """Whether ``view`` is in Moon's widow exchange: trumps named, nothing played, the bidder holding
    its hand and the widow."""
    rules = view.rules
    return bool(
        rules.undealt and view.contract is not None and view.trump is not None and not view.plays
        and view.hand_sizes[view.contract.declarer] == rules.hand_size + rules.undealt
    )
