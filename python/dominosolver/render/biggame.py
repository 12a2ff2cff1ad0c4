"""The Big Game on a terminal: its demo. Positions, solves, hints, graded play and played games are
drawn as 42's (``render/texas42.py``), with the family's names; the exchange's ranking of discards as
its own text (``family42.show_hint``)."""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import RenderableType
from rich.rule import Rule

from ..texas42 import Position, solve
from ..texas42.solve import declaration_name
from .texas42 import show_position, show_solve

__all__ = ["DEMO_POSITION", "demo"]

# A deal at its fifth trick (seven tricks left: a solve takes a blink), N's lead, 7-3 and 8-2 in hand;
# N laid 4-4 away.
DEMO_POSITION = ("biggame trump=4 leader=N hands=82.73.66.61.20.10.00/88.77.55.52.43.32.30/86.85.83.81.63.50.31/"
                 "87.75.72.62.60.51.21 contract=N45 discard=44")


def demo() -> Iterator[RenderableType]:
    """A built-in position (a whole deal's table takes minutes today): every lead's value, the two
    leads of 7-3 and of 8-2 among them, and the best line."""
    pos = Position(DEMO_POSITION)
    yield Rule("The Big Game — a built-in position, seven tricks left")
    yield from show_position(pos)
    yield Rule(f"N leads, {declaration_name(pos.trump)} trumps: 7-3 and 8-2 may be led high or low (7-3:3, 8-2:2)")
    yield from show_solve(pos, solve(pos))
