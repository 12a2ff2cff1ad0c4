"""Texas 42 as pictures (SVG): the board of a position or a view (``texas42.picture``), the
double-dummy table and the special-contract table as heat maps, and graded play as a chart of the
declaring side's perfect-play total against its bid. Only presentation lives here."""

from __future__ import annotations

from typing import Any

from ..pictures.chart import GIFT, LOSS, Chart, chart_picture
from ..pictures.heatmap import HeatMap, heatmap_picture
from ..pictures.svg import Canvas, stack
from ..texas42 import PlayGrade, Position, projected_totals
from ..texas42 import picture
from ..texas42.rules import DEFAULT_FAMILY, Rules, bid_name, side_label
from ..texas42.solve import declaration_name
from ..texas42.plays import parse_play
from .kit import GAME_ANALYSIS, PicturesKit

__all__ = ["PICTURES", "chart_of", "table_heatmap"]


def table_heatmap(table: Any) -> HeatMap:
    """A deal's table: a ``DDTable``'s points for the declaring side, or a ``MoonTable``'s tricks
    for the bidder's side (Moon's and Partnership Moon's), green from the lowest bid up to all."""
    rules = table.rules
    if hasattr(table, "tricks"):  # a table in tricks: the bidder leads, after its best discard of the widow
        widow = " ".join(map(str, table.widow))  # named, as the text table names it
        title = (f"{rules.title}: tricks the bidder's side takes (the bidder leads"
                 + (f", after its best discard of the widow {widow})" if widow else ")"))
        verb, values, high = "bids", table.tricks, rules.hand_tricks
    else:
        title, verb, values, high = ("Double-dummy points for the declaring side (declarer leads)", "declares",
                                     table.points, rules.hand_points)
    return HeatMap(
        title=title,
        rows=tuple(declaration_name(d) for d in table.declarations),
        columns=tuple(f"{s} {verb}" for s in rules.seat_names),
        values=tuple(tuple(int(v) for v in row) for row in values),
        goal=rules.min_bid, low=0, high=high,
        caption=(f"green: enough for the lowest bid ({rules.min_bid}), darker toward all {high}; "
                 f"red: short of it; bold: each declaration's best seat",),
        best_in_row=True,
    )


def special_heatmap(table: Any) -> HeatMap:
    """A ``SpecialTable``: for each declaration, whether the declarer's side takes every trick (its
    partner naming and leading); then each contract of its own (Nel-O, Sevens): made or not."""
    rules = table.rules
    rows = [declaration_name(d) for d in table.declarations] + list(table.contracts)
    values = [[int(v) for v in row] for row in table.every_trick] + [[int(v) for v in row] for row in table.makes]
    words = [["all" if v else "–" for v in row] for row in table.every_trick] + \
            [["makes" if v else "–" for v in row] for row in table.makes]
    may_bid = [f"may bid {kind}: {', '.join(s for s, ok in zip(rules.seat_names, seats) if ok) or 'no seat'}"
               for kind, seats in table.may_bid.items()]
    return HeatMap(
        title="Special contracts: does the declarer's side take every trick",
        rows=tuple(rows), columns=tuple(f"{s} bids" for s in rules.seat_names),
        values=tuple(map(tuple, values)), texts=tuple(map(tuple, words)), goal=1, low=0, high=1,
        caption=("rows of declarations: its partner names it and leads; rows of contracts: declared on a mark bid",
                 *may_bid),
    )


def chart_of(analysis: dict[str, Any], title: str | None = None) -> Chart:
    """A ``dominosolver.analysis/1`` hand: the declaring side's total under perfect play (NS's
    without a contract), before the first play and after each, against what its bid needs."""
    start = Position.from_json(analysis["position"])
    plays = analysis["plays"]
    grades = [PlayGrade(p["seat"], parse_play(p["tile"]), p["before"], p["after"], p["cost"]) for p in plays]
    contract, rules = start.contract, start.rules
    title = title or f"{rules.title}: a graded hand"
    team = start.side_of(contract.declarer) if contract else 0
    tricks = start.units == "tricks"
    high = rules.hand_tricks if tricks else rules.hand_points
    if contract is None:
        goal, label, below = None, "", False
    elif tricks:
        below = start.objective == "no trick"
        need = rules.points_needed(contract.bid) if start.objective == "tricks" else high  # Moon's bid of tricks
        goal, label = (0, "goal: no trick") if below else (need, "goal: every trick" if need == high else f"goal: {need} tricks")
    else:
        goal, below = min(rules.points_needed(contract.bid), high), False
        label = f"bid {bid_name(contract.bid)}: {goal} points needed"
    side = side_label(rules, start.side_names[team]) + (f" ({start.seat_name(contract.declarer)} bid {bid_name(contract.bid)})" if contract else "")
    first_trick = rules.hand_tricks - start.tricks_left + 1
    groups = tuple((k + 1, f"trick {first_trick + (len(start.trick) + k) // start.trick_size}")
                   for k in range(len(grades)) if (len(start.trick) + k) % start.trick_size == 0)
    return Chart(
        title=title,
        side=f"{side}: {start.units} at the hand's end with perfect play from each play on",
        values=tuple(projected_totals(start, grades, team)) if grades else (None,),
        plays=tuple(f"{start.seat_name(g.seat)} {g.tile}" for g in grades),
        marks=tuple("" if not g.cost else LOSS if start.side_of(g.seat) == team else GIFT for g in grades),
        low=0, high=high, goal=goal, goal_label=label, below=below, groups=groups,
    )


def analysis_picture(graded: dict[str, Any]) -> Canvas:
    """One hand's chart, or a whole game's hands one under another (a hand thrown in has none)."""
    if graded["schema"] != GAME_ANALYSIS:
        return chart_picture(chart_of(graded))
    title = Rules.of_game(graded.get("game", DEFAULT_FAMILY)).title
    charts = [chart_picture(chart_of(hand, f"{title}: hand {n}"))
              for n, hand in enumerate(graded["hands"], 1) if hand is not None]
    return stack(charts, f"{title}: a graded game")


PICTURES = PicturesKit(
    position=picture.position_svg,
    view=picture.view_svg,
    analysis=lambda graded: analysis_picture(graded).to_svg(),
    table=lambda table: heatmap_picture(table_heatmap(table)).to_svg(),
    special_table=lambda table: heatmap_picture(special_heatmap(table)).to_svg(),
)
