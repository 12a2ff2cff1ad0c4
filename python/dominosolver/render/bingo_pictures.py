"""Bingo as pictures (SVG): the board of a position or a view (``bingo.picture``) and graded play as
a chart of player 0's perfect-play result, in game points, after each move. Bingo has no
double-dummy table. Only presentation lives here."""

from __future__ import annotations

from typing import Any

from ..bingo import picture
from ..bingo.move import Move
from ..bingo.rules import PLAYERS
from ..pictures.chart import GIFT, LOSS, Chart, chart_picture
from ..pictures.svg import Canvas, stack
from .kit import GAME_ANALYSIS, PicturesKit

__all__ = ["PICTURES", "chart_of"]

SIDE = PLAYERS[0]  # the chart follows player 0: what one player wins the other loses
MOST = 3  # game points a deal can be won by (docs/rules.md §5.10): the chart's scale, both ways


def for_side(seat: int, value: int | None) -> int | None:
    """A value for the player to move as player 0's."""
    return None if value is None else value if seat == SIDE else -value


def trick_groups(analysis: dict[str, Any]) -> tuple[tuple[int, str], ...]:
    """The chart's x axis: each trick's first move (a chart's point index, 1 for the first move)
    and its label, ``trick N``, counted from the deal's start; a trick is two tiles, and a close or
    declaration between tiles belongs to the trick it comes in."""
    start = analysis["position"]
    done, played = sum(start["tricks"]), len(start["trick"])  # tricks taken, tiles of the trick begun
    groups = []
    for k, play in enumerate(analysis["plays"]):
        if Move.parse(play["move"]).kind != "tile":
            continue
        if played % 2 == 0:
            groups.append((k + 1, f"trick {done + played // 2 + 1}"))
        played += 1
    return tuple(groups)


def chart_of(analysis: dict[str, Any], title: str = "Bingo: a graded deal") -> Chart:
    """A ``dominosolver.analysis/1`` deal: player 0's game points under perfect play, before the
    first move and after each (None where the node budget left a solve unfinished), the moves
    grouped by trick."""
    plays = analysis["plays"]
    names = analysis.get("names", {}).get("moves", {})  # a declaration with its points
    values = [for_side(plays[0]["seat"], plays[0]["before"])] if plays else [None]
    values += [for_side(p["seat"], p["after"]) for p in plays]
    return Chart(
        title=title,
        side=f"player {SIDE}: game points at the deal's end with perfect play from each move on",
        values=tuple(values),
        plays=tuple(f"{p['seat']}: {names.get(p['move'], p['move'])}" for p in plays),
        marks=tuple("" if not p["cost"] else LOSS if p["seat"] == SIDE else GIFT for p in plays),
        low=-MOST, high=MOST, goal=0, goal_label=f"above: player {SIDE} wins the deal",
        groups=trick_groups(analysis),
    )


def analysis_picture(graded: dict[str, Any]) -> Canvas:
    """One deal's chart, or a whole game's deals one under another."""
    if graded["schema"] != GAME_ANALYSIS:
        return chart_picture(chart_of(graded))
    return stack([chart_picture(chart_of(deal, f"Bingo: deal {n}")) for n, deal in enumerate(graded["deals"], 1)],
                 "Bingo: a graded game")


PICTURES = PicturesKit(
    position=picture.position_svg,
    view=picture.view_svg,
    analysis=lambda graded: analysis_picture(graded).to_svg(),
)
