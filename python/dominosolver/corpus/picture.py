"""A make-rate table as a picture: ``make-rates`` grouped by two features (doubles held by trumps
held, say) drawn as a heat map of one bid level's make rate, in percent, green from 50% up and red
below it (``pictures.heatmap``). A group the query left out (fewer items than its ``min_n``, or no
hand of that shape) is a pale cell marked with a dash."""

from __future__ import annotations

from ..errors import ParseError, shown
from ..pictures.heatmap import HeatMap, heatmap_picture
from .query import QueryResult

__all__ = ["make_rate_picture"]

MISSING = "—"


def make_rate_picture(result: QueryResult, bid: int | None = None) -> str:
    """The SVG of ``result`` (a ``make_rates`` answer grouped by two features): rows the first
    feature's values, columns the second's, each cell the make rate of ``bid`` (default: the
    query's first bid level)."""
    if result.query != "make-rates" or len(result.by) != 2:
        raise ParseError(f"a make-rate picture is of make-rates grouped by two features, not {result.query} by {result.by}")
    bids = result.params["bids"]
    bid = bids[0] if bid is None else bid
    if bid not in bids:
        raise ParseError(f"the query has no make rate of {shown(bid)}: {bids}")
    first, second = result.by
    rows = sorted({g[first] for g in result.groups}, key=_order)
    columns = sorted({g[second] for g in result.groups}, key=_order)
    cells = {(g[first], g[second]): g for g in result.groups}
    values, texts = [], []
    for r in rows:
        found = [cells.get((r, c)) for c in columns]
        values.append(tuple(round(100 * g[f"make_{bid}"]) if g else 50 for g in found))
        texts.append(tuple(f"{round(100 * g[f'make_{bid}'])}%" if g else MISSING for g in found))
    what = "every trick" if bid >= 42 else str(bid)
    heat = HeatMap(
        title=f"Make rate of {what} by {first} (rows) and {second} (columns)",
        rows=tuple(f"{first} {r}" for r in rows), columns=tuple(str(c) for c in columns),
        values=tuple(values), goal=50, low=0, high=100, texts=tuple(texts),
        caption=(f"corpus {result.corpus!r}: {result.rows_read:,} deals; one item: {result.units}, declarer leading",
                 f"{MISSING}: {few_items(result.params['min_n'])}; green from 50% up, red below"),
    )
    return heatmap_picture(heat).to_svg()


def few_items(least: int) -> str:
    """What an empty cell means: no item at all, or too few to show (``--min-n``)."""
    return "no items" if least <= 1 else f"fewer than {least:,} items"


def _order(x: object) -> tuple[int, float, str]:
    return (0, float(x), "") if isinstance(x, (int, float)) else (1, 0.0, str(x))
