"""Moon and Partnership Moon as pictures (SVG): their table (tricks) as a heat map. The board and the
play chart are 42's (``texas42.picture``, ``texas42_pictures``), with the family's names."""

from __future__ import annotations

from ..moon import MoonTable
from ..pictures.heatmap import HeatMap, heatmap_picture
from ..texas42.solve import declaration_name

__all__ = ["table_heatmap", "table_svg"]


def table_heatmap(table: MoonTable) -> HeatMap:
    """Tricks for the bidder's side, green from the lowest bid up to every trick."""
    rules = table.rules
    return HeatMap(
        title=f"{rules.title}: tricks the bidder's side takes (the bidder leads"
              + (", after its best discard of the widow)" if table.widow else ")"),
        rows=tuple(declaration_name(d) for d in table.declarations),
        columns=tuple(f"{s} bids" for s in rules.seat_names),
        values=tuple(tuple(int(v) for v in row) for row in table.tricks),
        goal=rules.min_bid, low=0, high=rules.hand_tricks,
        caption=(f"green: enough for the lowest bid ({rules.min_bid}), darker toward all {rules.hand_tricks}; "
                 f"red: short of it; bold: each declaration's best seat",),
        best_in_row=True,
    )


def table_svg(table: MoonTable) -> str:
    return heatmap_picture(table_heatmap(table)).to_svg()
