"""Moon and Partnership Moon on a terminal (rich): their demo. Positions, solves, tables (in tricks),
graded play and played games are drawn as 42's (``render/texas42.py``), with the family's names."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rich.console import RenderableType
from rich.rule import Rule

from ..moon import moon_table
from ..texas42 import Position, solve
from ..texas42.rules import bid_name
from ..texas42.solve import declaration_name
from .texas42 import show_position, show_solve, table_of

__all__ = ["MOON4_DEMO", "MOON_DEMO", "demo_of"]

Output = Iterator[RenderableType]
# The positions their demos solve: each deal at its first lead.
MOON_DEMO = "moon trump=6 hands=66.65.64.63.53.41.22/62.61.55.52.44.42.00/54.51.43.33.31.21.11 contract=P05"
MOON4_DEMO = ("moon4 trump=4 hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00 "
              "contract=N5")


def demo_of(deal: str) -> Callable[[], Output]:
    """The demo of a built-in deal (a position at its first lead): the deal, its table, then its
    contract solved from the first lead."""
    def demo() -> Output:
        pos = Position(deal)
        rules, contract = pos.rules, pos.contract
        widow = " (the widow: the tile no hand holds)" if rules.seats == 3 else ""
        yield Rule(f"{rules.title} — a built-in deal{widow}")
        yield from show_position(pos)
        yield from table_of(moon_table(pos))
        bidder = pos.seat_name(contract.declarer)
        yield Rule(f"{bidder} bids {bid_name(contract.bid)}, names {declaration_name(pos.trump)} and leads")
        yield from show_solve(pos, solve(pos))
    return demo
