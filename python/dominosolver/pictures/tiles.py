"""A domino drawn on a canvas: face up, its two ends with their pips (up to the double-eight set's
eight), or face down, a plain back that names no tile. A face-up tile's group carries its name in
``data-tile``; a back carries ``data-hidden`` only, so a picture of hidden tiles gives none away."""

from __future__ import annotations

from xml.etree.ElementTree import Element

from ..tiles import Tile
from .svg import INK, Canvas

__all__ = ["BACK", "FACE", "draw_back", "draw_tile", "tile_size"]

FACE = "#fbf8ef"  # ivory
BACK = "#3b4a6b"  # a face-down tile
HIGHLIGHT = "#f2c14e"  # the edge of a tile picked out (a trump tile turned, the winning tile)

# Pips on a 3 x 3 grid of each end (columns, rows as 0, 1, 2), by count: the usual domino faces.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
}


def tile_size(end: float, vertical: bool = False) -> tuple[float, float]:
    """(width, height) of a tile whose ends are squares of side ``end``."""
    return (end, 2 * end) if vertical else (2 * end, end)


def draw_tile(canvas: Canvas, parent: Element, tile: Tile, x: float, y: float, end: float = 22,
              vertical: bool = False, highlight: bool = False) -> Element:
    """``tile`` face up with its top-left corner at (x, y): high end left (or on top when vertical)."""
    width, height = tile_size(end, vertical)
    g = canvas.group(parent, class_="tile", data_tile=str(tile))
    canvas.add("rect", g, x=x, y=y, width=width, height=height, rx=end / 6, fill=FACE,
               stroke=HIGHLIGHT if highlight else INK, stroke_width=3 if highlight else 1.2)
    dx, dy = (0, end) if vertical else (end, 0)
    a, b = end * 0.15, end * 0.85  # the line between the ends, short of the edges
    x1, y1, x2, y2 = (x + a, y + end, x + b, y + end) if vertical else (x + end, y + a, x + end, y + b)
    canvas.add("line", g, x1=x1, y1=y1, x2=x2, y2=y2, stroke=INK, stroke_width=1)
    for k, pips in enumerate((tile.hi, tile.lo)):
        left, top = x + k * dx, y + k * dy
        for col, row in PIPS[pips]:
            canvas.add("circle", g, cx=left + end * (0.25 + 0.25 * col), cy=top + end * (0.25 + 0.25 * row),
                       r=end * 0.085, fill=INK)
    return g


def draw_back(canvas: Canvas, parent: Element, x: float, y: float, end: float = 22,
              vertical: bool = False) -> Element:
    """A face-down tile: its back, and nothing that names it."""
    width, height = tile_size(end, vertical)
    g = canvas.group(parent, class_="tile back", data_hidden="1")
    canvas.add("rect", g, x=x, y=y, width=width, height=height, rx=end / 6, fill=BACK, stroke=INK, stroke_width=1.2)
    canvas.add("rect", g, x=x + end * 0.2, y=y + end * 0.2, width=width - end * 0.4, height=height - end * 0.4,
               rx=end / 10, fill="none", stroke="#8fa0c4", stroke_width=1)
    return g
