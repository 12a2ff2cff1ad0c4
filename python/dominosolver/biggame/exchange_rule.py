"""The Big Game's exchange by a rule of thumb (docs/rules.md §4.3): the bidder takes the undealt tile
when it is a counter and lays away its weakest tile that may lie out of play. Bid advice and bid
tests judge each declaration on deals exchanged this way (the best discard per deal would cost a
whole-deal solve per candidate; ``exchange.py`` ranks the discards of the bidder's real exchange):
The Big Game's ``Deciders.at_lead``, which texas42's ``BidTests`` and bid scorer apply."""

from __future__ import annotations

from ..texas42.rules import Trump
from ..texas42.sampling import World, out_of_play
from ..texas42.view import PlayerView
from ..tiles import Tile, tiles_of

__all__ = ["exchanged", "weakest_discard"]


def exchanged(view: PlayerView, world: World, trump: Trump) -> World:
    """The hands of ``world`` at the first lead when ``view``'s seat has won the auction and will
    name ``trump``: in The Big Game (docs/rules.md §4.3) the seat sees the undealt tile, takes it
    when it is a counter, and lays away its weakest tile that may lie out of play (no counter): off
    ``trump``, not a double, the fewest pips (or leaves the undealt tile, when that is the weakest).
    A rule of thumb, as RuleBot's: the best discard per deal would cost a whole-deal solve per
    candidate. Once the seat has exchanged (its view names its discard), or under rules that leave
    no tile undealt, the world as drawn."""
    if view.rules.row.left_over != "undealt" or view.discard is not None:
        return world
    seat = view.seat
    undealt = out_of_play(view, world)
    held = world[seat] | undealt
    weakest = weakest_discard(tiles_of(held & view.rules.may_be_out_of_play), trump, undealt)
    return tuple(held & ~(1 << weakest.id) if s == seat else m for s, m in enumerate(world))


def weakest_discard(candidates: list[Tile], trump: Trump, undealt: int = 0) -> Tile:
    """The tile a rule of thumb lays away among ``candidates`` (the legal discards): off ``trump``,
    not a double, the fewest pips; of equals the undealt tile (a mask), left where it lies."""
    return min(candidates, key=lambda t: (isinstance(trump, int) and trump in (t.hi, t.lo), t.is_double, t.pips,
                                          not undealt >> t.id & 1))
