"""The exchanges before play, as the rows decide them: whether a view is in Moon's widow exchange
after trumps (§4.1: play hints and claims read it), and The Big Game's (§4.3) by a rule of thumb:
the bidder takes the undealt tile when it is a counter and lays away its weakest tile that may lie
out of play. Bid advice and bid tests judge each declaration on deals exchanged this way (the best
discard per deal would cost a whole-deal solve per candidate; ``dominosolver.biggame.exchange``
ranks the discards of the bidder's real exchange, ``dominosolver.moon.exchange`` Moon's)."""

from __future__ import annotations

from ..tiles import Tile, tiles_of
from .rules import Trump
from .sampling import World, out_of_play
from .view import PlayerView

__all__ = ["exchanged", "in_exchange", "weakest_discard"]


def in_exchange(view: PlayerView) -> bool:
    """Whether ``view`` is in Moon's widow exchange: trumps named, nothing played, the bidder holding
    its hand and the widow."""
    rules = view.rules
    return bool(
        rules.undealt and view.contract is not None and view.trump is not None and not view.plays
        and view.hand_sizes[view.contract.declarer] == rules.hand_size + rules.undealt
    )


def exchanged(view: PlayerView, world: World, trump: Trump) -> World:
    """The hands of ``world`` at the first lead when ``view``'s seat has won the auction and will
    name ``trump``: in The Big Game (docs/rules.md §4.3) the seat sees the undealt tile, takes it
    when it is a counter, and lays away its weakest tile that may lie out of play (no counter): off
    ``trump``, not a double, the fewest pips (or leaves the undealt tile, when that is the weakest).
    A rule of thumb, as RuleBot's: the best discard per deal would cost a whole-deal solve per
    candidate. Elsewhere, or once the seat has exchanged (its view names its discard), the world as
    drawn (Moon's widow is ``dominosolver.moon``'s)."""
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
