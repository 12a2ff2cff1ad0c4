"""Moon's widow exchange (docs/rules.md §4.1): which tile the bidder lays away once it has taken the
widow, judged on the deals its view allows.

In the exchange the bidder sees its 8 tiles; the other 14 lie in the two other hands (nothing is out
of play yet). On each deal the C++ core values every discard (``discard_values``: the tricks the
bidder then takes double dummy, naming its trump and leading, alone against the other two together);
the hint loop (``pimc.py``) averages each discard over the same deals, with the chance that the bid
is made. ``texas42.hint`` scores a view in the exchange (``texas42.exchange_rule.in_exchange``) this
way, Moon's ``Deciders`` row giving it ``discard_scores``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .. import _core, pimc
from ..errors import InvalidViewError
from ..texas42.decisions import on_solvers
from ..texas42.sampling import World
from ..texas42.view import PlayerView
from ..tiles import bits_of, mask_of

__all__ = ["discard_scores"]


def discard_scores(
    view: PlayerView, threads: int, tt_mb: int
) -> tuple[list[int], Callable[[list[World]], pimc.Scores], Callable[[np.ndarray], np.ndarray]]:
    """For the bidder's view in the exchange: its tiles (each a discard, lowest id first), the scorer
    of a batch of deals (per deal and discard, the bidder's tricks double dummy; ``threads`` solvers
    of ``tt_mb`` MB each share the deals) and, from those tricks, whether the bid is made."""
    assert view.contract is not None and view.trump is not None
    bidder = view.contract.declarer
    if view.seat != bidder:
        names = view.rules.seat_names
        raise InvalidViewError(f"{names[view.seat]} has no tile to lay away: the bidder {names[bidder]} discards")
    rules, trump, bid = view.rules, str(view.trump), int(view.contract.bid)
    eight = mask_of(view.hand)
    tiles = bits_of(eight)  # discard_values answers lowest tile first
    # Any one of the 8 may stand for the widow: the core lays away each tile of hand and widow alike.
    widow = 1 << tiles[-1]
    need = rules.points_needed(bid)
    solvers = [_core.texas42.Solver(tt_mb) for _ in range(threads)]

    def value_discards(solver: object, world: World) -> tuple[list[int], int]:
        deal = list(world)
        deal[bidder] = eight & ~widow
        valued, nodes = _core.texas42.discard_values(solver, rules._core, trump, deal, widow, bidder, bid)
        return [tricks for _, tricks in valued], nodes

    def score(worlds: list[World]) -> pimc.Scores:
        parts = on_solvers(solvers, worlds, value_discards)
        rows = [row for row, _ in parts]
        return pimc.Scores(np.array(rows, dtype=np.int16).reshape(len(worlds), len(tiles)), sum(n for _, n in parts))

    return tiles, score, lambda tricks: tricks >= need
