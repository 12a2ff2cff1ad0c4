"""Mistake labels and accuracy for graded play (every hand known), on the lichess scale and in the
contract's currency.

Lichess labels a move by the winning chance it gave away: 10, 20 and 30 percentage points make an
inaccuracy, a mistake and a blunder. Here the chance is the contract's: P(make) for the declaring
side, P(set) for the defenders. Graded with every hand known (double dummy) that chance is 0 or 1 at
each play, so a play either keeps its side's result or gives all of it away (100 points: a
blunder); a play that costs points without changing the result is no mistake in that currency (its
points cost is still shown). Where no contract is at stake (a position without one) the currency is
points, with the counters' steps as the scale: 5, 10 and 20 points.

A hand's accuracy for a seat is the share of its plays that lost nothing with every hand known
(cost 0): its plays that were among the best.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .position import Position
from .solve import PlayGrade, projection

__all__ = ["LABELS", "POINT_STEPS", "PP_STEPS", "accuracy", "currency", "label", "labels"]

LABELS = ("inaccuracy", "mistake", "blunder")
PP_STEPS = (10, 20, 30)  # percentage points of P(make) (P(set) for the defenders) given away
POINT_STEPS = (5, 10, 20)  # points given away where no contract is at stake


def currency(start: Position) -> str:
    """What a hand's labels count: "P(make)" under a contract, "points" without one."""
    return "P(make)" if start.contract is not None else "points"


def label(loss: float, steps: Sequence[float]) -> str | None:
    """The label of a loss on a scale of three steps (None below the first)."""
    named = None
    for name, step in zip(LABELS, steps):
        if loss >= step:
            named = name
    return named


def losses(start: Position, grades: Sequence[PlayGrade]) -> list[float]:
    """Each play's loss in the hand's currency: percentage points of its side's P(make) (P(set) for
    the defenders), 0 or 100 with every hand known; or points without a contract."""
    if start.contract is None:
        return [float(g.cost) for g in grades]
    if start.units == "tricks":  # a contract of every trick or none: the grades say it
        return [100.0 * (g.goal_cost or 0) for g in grades]
    chart = projection(start, grades)
    totals, need = chart["totals"], chart["need"]
    team = start.side_of(start.contract.declarer)
    out = []
    for k, g in enumerate(grades):
        made_before, made_after = totals[k] >= need, totals[k + 1] >= need
        declaring = start.side_of(g.seat) == team
        lost = (made_before and not made_after) if declaring else (made_after and not made_before)
        out.append(100.0 if lost else 0.0)
    return out


def labels(start: Position, grades: Sequence[PlayGrade]) -> list[str | None]:
    """Each play's label in the hand's currency (``currency``)."""
    steps = PP_STEPS if start.contract is not None else POINT_STEPS
    return [label(loss, steps) for loss in losses(start, grades)]


def accuracy(start: Position, grades: Sequence[PlayGrade]) -> dict[str, dict[str, Any]]:
    """Per seat that played: its plays, those that lost nothing with every hand known, and that
    share as a percentage."""
    out: dict[str, dict[str, Any]] = {}
    for seat in sorted({g.seat for g in grades}):
        mine = [g for g in grades if g.seat == seat]
        best = sum(1 for g in mine if g.cost == 0)
        out[start.seat_name(seat)] = {"plays": len(mine), "best": best, "percent": round(100.0 * best / len(mine), 1)}
    return out
