"""Graded play as a picture: what one side ends with under perfect play, before the first play and
after each one, as a line against its goal (a bid's points, or a win); a point per play, green
while the goal is reached and red once it is not; under the axis, a red ▼ for each of the side's
costly plays and a green ▲ for each of the other side's; a legend. Each play's point carries
``data-play`` (1, 2, ...), ``data-move`` and ``data-value`` (the starting point is ``data-play`` 0)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ParseError
from .svg import INK, MUTED, Canvas, number, text_width

__all__ = ["Chart", "chart_picture"]

GOOD, BAD = "#238b45", "#cb181d"
LOSS, GIFT = "loss", "gift"  # a mark under a play: the side's own costly play, the other side's
MARGIN = 16
TITLE = 30
AXIS = 44  # the y axis's labels
STEP = 22  # between plays, at least
PLOT_H = 180
BELOW = 46  # marks and group labels under the plot
LEGEND = 20


@dataclass(frozen=True)
class Chart:
    title: str
    side: str  # what the line is: "NS (N bid 30): points at the hand's end with perfect play"
    values: tuple[int | None, ...]  # before the first play, then after each (None: not known)
    plays: tuple[str, ...]  # each play as a label: "N 6-4"
    marks: tuple[str, ...]  # per play: LOSS, GIFT or ""
    low: float  # the value scale
    high: float
    goal: float | None = None
    goal_label: str = ""
    below: bool = False  # the goal is reached at or below it (a side that must take no trick)
    groups: tuple[tuple[int, str], ...] = ()  # (play index where a group begins, its label): the tricks

    def __post_init__(self) -> None:
        if len(self.values) != len(self.plays) + 1 or len(self.marks) != len(self.plays):
            raise ParseError(f"a chart of {len(self.plays)} plays needs {len(self.plays) + 1} values "
                             f"(the start, then after each play) and a mark per play")
        if not self.low < self.high:
            raise ParseError(f"a chart's scale {self.low}..{self.high} is empty")


def chart_picture(chart: Chart) -> Canvas:
    n = len(chart.plays)
    width = max(2 * MARGIN + AXIS + STEP * max(n, 1) + 20, 620, 2 * MARGIN + text_width(chart.side, 12))
    step = (width - 2 * MARGIN - AXIS - 20) / max(n, 1)  # the plays spread over the width (the legend's)
    height = TITLE + 18 + PLOT_H + BELOW + 2 * LEGEND + MARGIN
    canvas = Canvas(width, height, chart.title)
    canvas.text(MARGIN, 20, chart.title, size=15, font_weight="bold")
    canvas.text(MARGIN, TITLE + 8, chart.side, size=12, fill=MUTED)
    left, top = MARGIN + AXIS, TITLE + 18
    bottom = top + PLOT_H

    def x(k: int) -> float:
        return left + 10 + step * k

    def y(value: float) -> float:
        return bottom - PLOT_H * (value - chart.low) / (chart.high - chart.low)

    axes = canvas.group(class_="axes", stroke=MUTED, stroke_width=1)
    canvas.add("line", axes, x1=left, y1=top, x2=left, y2=bottom)
    canvas.add("line", axes, x1=left, y1=bottom, x2=x(n) + 10, y2=bottom)
    for value in sorted({chart.low, chart.high, *([chart.goal] if chart.goal is not None else [])}):
        canvas.text(left - 6, y(value) + 4, number(value), size=11, text_anchor="end", fill=MUTED)
    ends = [start for start, _ in chart.groups[1:]] + [n + 1]
    for (start, label), end in zip(chart.groups, ends):
        canvas.add("line", axes, x1=x(start) - step / 2, y1=top, x2=x(start) - step / 2, y2=bottom,
                   stroke="#e4e4e4")
        middle = (x(start) + x(end - 1)) / 2  # under the group's plays
        canvas.text(middle, bottom + 36, label, size=10, fill=MUTED, text_anchor="middle")
    if chart.goal is not None:
        canvas.add("line", x1=left, y1=y(chart.goal), x2=x(n) + 10, y2=y(chart.goal), stroke=INK,
                   stroke_dasharray="5 4", stroke_width=1, class_="goal")

    # The line, broken where a value is not known.
    runs: list[list[str]] = [[]]
    for k, value in enumerate(chart.values):
        if value is None:
            runs.append([])
        else:
            runs[-1].append(f"{number(x(k))},{number(y(value))}")
    for run in runs:
        if len(run) > 1:
            canvas.add("polyline", points=" ".join(run), fill="none", stroke=INK, stroke_width=1.5)
    points = canvas.group(class_="points")
    for k, value in enumerate(chart.values):
        if value is None:
            continue
        reached = chart.goal is None or (value <= chart.goal if chart.below else value >= chart.goal)
        label = chart.plays[k - 1] if k else "start"
        dot = canvas.add("circle", points, cx=x(k), cy=y(value), r=4, fill=GOOD if reached else BAD,
                         data_play=k, data_move=label, data_value=value)
        canvas.add("title", dot).text = f"{label}: {value}"  # a tooltip in a browser
    for k, mark in enumerate(chart.marks, 1):
        if mark:
            glyph, colour = ("▼", BAD) if mark == LOSS else ("▲", GOOD)
            canvas.text(x(k), bottom + 18, glyph, size=12, fill=colour, text_anchor="middle", class_=f"mark {mark}")
    legend_y = bottom + BELOW + 12
    canvas.add("line", x1=MARGIN, y1=legend_y - 4, x2=MARGIN + 24, y2=legend_y - 4, stroke=INK, stroke_width=1.5)
    canvas.text(MARGIN + 30, legend_y, "perfect-play total after each play (green: goal reached, red: not)", size=11)
    legend_y += LEGEND
    entries = [("▼", BAD, "costly play of this side"), ("▲", GOOD, "costly play of the other side")]
    if chart.goal is not None:
        canvas.add("line", x1=MARGIN, y1=legend_y - 4, x2=MARGIN + 24, y2=legend_y - 4, stroke=INK,
                   stroke_dasharray="5 4")
        canvas.text(MARGIN + 30, legend_y, chart.goal_label, size=11)
    lx = MARGIN + (200 if chart.goal is not None else 0)
    for glyph, colour, words in entries:
        canvas.text(lx, legend_y, glyph, size=12, fill=colour)
        canvas.text(lx + 16, legend_y, words, size=11)
        lx += 190
    return canvas
