"""A table of numbers as a picture: one cell per row and column, coloured against a goal (green at
or above it, darker toward the scale's top; red below it, darker toward its bottom), the number in
the cell. Each cell carries ``data-row``, ``data-column`` and ``data-value`` so that a test or a page
can read the values back. A game's double-dummy table is one (``render/*_pictures.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ParseError
from .svg import INK, MUTED, Canvas, text_width

__all__ = ["HeatMap", "cell_colour", "heatmap_picture"]

CELL_W, CELL_H = 76, 30
ROW_LABEL = 120  # the width of the row names' column
MARGIN = 16
TITLE = 34
CAPTION = 18

# Light to dark, by how far a value lies from the goal (interpolated).
GREENS = ((0xE5, 0xF5, 0xE0), (0x23, 0x8B, 0x45))
REDS = ((0xFE, 0xE0, 0xD2), (0xCB, 0x18, 0x1D))


@dataclass(frozen=True)
class HeatMap:
    title: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    values: tuple[tuple[int, ...], ...]  # values[row][column]
    goal: float  # at or above it a cell is green, below it red
    low: float  # the scale's ends: the darkest red and green
    high: float
    texts: tuple[tuple[str, ...], ...] | None = None  # what each cell says (default: its value)
    caption: tuple[str, ...] = ()
    best_in_row: bool = False  # each row's largest value in bold

    def __post_init__(self) -> None:
        if len(self.values) != len(self.rows) or any(len(r) != len(self.columns) for r in self.values):
            raise ParseError(f"a heat map of {len(self.rows)} rows x {len(self.columns)} columns needs that many "
                             "values")
        if not self.low <= self.goal <= self.high or self.low == self.high:
            raise ParseError(f"a heat map's goal {self.goal} must lie within its scale {self.low}..{self.high}")


def mix(pair: tuple[tuple[int, int, int], tuple[int, int, int]], t: float) -> str:
    (r0, g0, b0), (r1, g1, b1) = pair
    t = min(max(t, 0.0), 1.0)
    return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in ((r0, r1), (g0, g1), (b0, b1)))


def cell_colour(value: float, goal: float, low: float, high: float) -> tuple[str, float]:
    """(fill, depth 0..1) of a cell: green from the goal up to ``high``, red from below it down to ``low``."""
    if value >= goal:
        depth = 1.0 if high == goal else (value - goal) / (high - goal)
        return mix(GREENS, depth), depth
    depth = (goal - value) / (goal - low)
    return mix(REDS, depth), depth


def heatmap_picture(heat: HeatMap) -> Canvas:
    words = [text_width(heat.title, 15), *(text_width(line, 12) for line in heat.caption)]
    width = 2 * MARGIN + max(ROW_LABEL + CELL_W * len(heat.columns), *words)
    top = TITLE + CAPTION  # the column names' line, then the cells
    height = top + CELL_H * len(heat.rows) + 8 + CAPTION * len(heat.caption) + MARGIN
    canvas = Canvas(width, height, heat.title)
    canvas.text(MARGIN, 22, heat.title, size=15, font_weight="bold")
    left = MARGIN + ROW_LABEL
    for c, name in enumerate(heat.columns):
        canvas.text(left + CELL_W * (c + 0.5), top - 6, name, size=12, text_anchor="middle", fill=MUTED)
    cells = canvas.group(class_="cells")
    for r, (name, row) in enumerate(zip(heat.rows, heat.values)):
        y = top + CELL_H * r
        canvas.text(MARGIN, y + CELL_H * 0.65, name, size=13)
        best = max(row) if row else None
        for c, value in enumerate(row):
            fill, depth = cell_colour(value, heat.goal, heat.low, heat.high)
            g = canvas.group(cells, class_="cell", data_row=name, data_column=heat.columns[c], data_value=int(value))
            canvas.add("rect", g, x=left + CELL_W * c, y=y, width=CELL_W - 2, height=CELL_H - 2, fill=fill)
            words = heat.texts[r][c] if heat.texts is not None else str(value)
            bold = heat.best_in_row and value == best
            canvas.text(left + CELL_W * (c + 0.5) - 1, y + CELL_H * 0.65, words, g, size=13, text_anchor="middle",
                        fill="#ffffff" if depth > 0.6 else INK, font_weight="bold" if bold else None)
    y = top + CELL_H * len(heat.rows) + 8
    for line in heat.caption:
        canvas.text(MARGIN, y + 12, line, size=12, fill=MUTED)
        y += CAPTION
    return canvas
