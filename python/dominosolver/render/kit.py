"""What a game's renderers fill in for the registry (``GameSpec.render``, ``GameSpec.pictures``):
``RenderKit``, how its objects look on a terminal, and ``PicturesKit``, how they look as SVG; with
the pieces the renderers share (``Notation``, ``legend``) and the one record tag they tell apart."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from ..result import SolveResult

__all__ = ["GAME_ANALYSIS", "Notation", "PicturesKit", "RenderKit", "Renderables", "legend"]

GAME_ANALYSIS = "dominosolver.gameanalysis/1"  # an analysis per hand or deal of a whole game

Renderables = Iterable[RenderableType]  # tables and text, printed in order as they come


class Notation(Text):
    """Notation on a line of its own, printed unbroken (``soft_wrap``: neither wrapped nor cut; a
    narrow terminal folds the one long line itself), so that it copies back whole."""

    def __init__(self, text: str, style: str = "dim") -> None:
        super().__init__(text, style=style, no_wrap=True, overflow="ignore")


def legend(text: str) -> str:
    """The line under a table or chart that says what its terms and symbols mean."""
    return f"[dim]{text}[/dim]"


@dataclass(frozen=True)
class RenderKit:
    """How a game's objects look on a terminal. Each function yields rich renderables in order (a
    generator: the demo prints each step as soon as it is computed)."""

    position: Callable[[Any], Renderables]  # a position: hands, table, whose turn, legal moves
    view: Callable[[Any], Renderables]  # a player's view
    solve: Callable[[Any, SolveResult], Renderables]  # (position, its solve)
    hint: Callable[[Any, Any], Renderables]  # (hint, the position or view it was asked of)
    analysis: Callable[[dict[str, Any]], Renderables]  # graded plays: analysis/1 or gameanalysis/1
    game: Callable[[dict[str, Any]], Renderables]  # a whole game's record as `play --json` prints it
    demo: Callable[[], Renderables]  # the game's part of `dominosolver demo`
    table: Callable[[Any], Renderables] | None = None  # a double-dummy table, where the game has one
    special_table: Callable[[Any], Renderables] | None = None  # a special-contract table, where it has one
    # `play --human`: a seat's view drawn as the table in front of it (the trick, the hands it may see)
    seat_table: Callable[[Any], Renderables] | None = None
    # `play --human`, once a hand is over: (its number, its record, its analysis or None, the human's seat)
    hand_summary: Callable[[int, dict[str, Any], dict[str, Any] | None, int], Renderables] | None = None


@dataclass(frozen=True)
class PicturesKit:
    """How a game's objects look as pictures: each function returns SVG text (``dominosolver.pictures``
    draws; the game says what). Positions and views show the same board as their ``_repr_svg_``."""

    position: Callable[[Any], str]  # the table: every hand, the trick, the score
    view: Callable[[Any], str]  # one seat's view: the hands it cannot see face down
    analysis: Callable[[dict[str, Any]], str]  # graded plays as a chart (a whole game's: hand after hand)
    table: Callable[[Any], str] | None = None  # a double-dummy table as a heat map, where the game has one
    special_table: Callable[[Any], str] | None = None  # a special-contract table, where it has one
