"""The terminal the command line writes to (rich), and what it shows of its own runs: progress bars
and arena tables. How each game's objects look lives with the game (``GameSpec.render``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

console = Console()


def show(renderables: Iterable[RenderableType]) -> None:
    """Print each renderable as it comes."""
    for item in renderables:
        console.print(item)


def progress_bar() -> Any:
    """A progress bar on stderr (only shown on a terminal; callers check)."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True))


def arena_table(stats: list[Any]) -> Table:
    table = Table(title="Arena: mirrored deals (marks per deal = two hands, teams swapped)", title_justify="left")
    for col in ("A vs B", "deals", "marks A–B", "A − B per deal (95% CI)", "p", "contracts made A", "contracts made B"):
        table.add_column(col)

    def made(c: dict[str, Any]) -> str:
        if not c["declared"]:
            return "—"
        lo, hi = c["ci95"]
        return f"{c['made']}/{c['declared']} {c['rate']:.0%} ({lo:.0%}–{hi:.0%})"

    for s in stats:
        table.add_row(f"{s.a} vs {s.b}", str(s.deals), f"{s.marks_a}–{s.marks_b}",
                      f"{s.mean_diff:+.3f} ({s.ci95[0]:+.3f}, {s.ci95[1]:+.3f})", f"{s.p_value:.2g}",
                      made(s.contracts[s.a]), made(s.contracts[s.b]))
    return table
