"""The terminal the command line writes to (rich), and what it shows of its own runs: progress bars
and arena tables. How each game's objects look lives with the game (``GameSpec.render``)."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
)
from rich.table import Table

from ..arena import Arena, PairStats
from ..batch import BatchSummary
from ..errors import counted
from ..games import Notation, legend

console = Console()
T = TypeVar("T")


def show(renderables: Iterable[RenderableType]) -> None:
    """Print each renderable as it comes (notation unbroken, whatever the terminal's width)."""
    for item in renderables:
        console.print(item, soft_wrap=isinstance(item, Notation))


Update = Callable[..., None]  # update(done, total=None, note=""): work done so far, and a note (a best move)


@contextmanager
def progress(what: str, quiet: bool = False) -> Iterator[Update | None]:
    """A progress display on stderr while the block runs: what is being done, done of total (when
    known), a note, the time spent. Shown only on a terminal and never with ``quiet`` (``--json``);
    otherwise the block gets None, so that nothing reports progress nobody sees."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    columns = (SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[note]}"), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=None, note="")
        yield lambda done, total=None, note="": bar.update(task, completed=done, total=total, note=note)


def note(text: str) -> None:
    """A line for the person running the command, on stderr (as the progress is): unwrapped and
    unstyled, so that a piped or redirected run logs it whole."""
    Console(stderr=True, soft_wrap=True, highlight=False).print(text, markup=False)


def show_working(renderables: Iterable[RenderableType], what: str) -> None:
    """Print each renderable as it comes, with a progress display while the next is computed (the
    demo's steps)."""
    items = iter(renderables)
    while True:
        with progress(what):
            item = next(items, None)
        if item is None:
            return
        show([item])


def progress_bar() -> Any:
    """A progress bar on stderr (only shown on a terminal; callers check)."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True))


def ask(prompt: str) -> str | None:
    """A line typed at the terminal; None at the end of input."""
    try:
        return console.input(prompt)
    except EOFError:
        return None


def busy(what: str, work: Callable[[], T]) -> T:
    """``work()``, with a progress display while it runs (on a terminal)."""
    with progress(what):
        return work()


P_DEALS = 30  # fewer deals give no p-value worth printing (a z-test on a handful of differences)


def arena_table(stats: list[PairStats], arena: Arena) -> Table:
    """The pairs' summaries, with the game's own columns (``Arena.columns``) last; p-values from
    ``P_DEALS`` deals on (fewer: the interval alone)."""
    rows = [(s, arena.columns(s)) for s in stats]
    table = Table(title=arena.title, title_justify="left")
    unit = arena.unit.replace("_", " ")
    for col in ("A vs B", "deals", f"{unit} A–B", "A − B per deal (95% CI)", "p", *(rows[0][1] if rows else ())):
        table.add_column(col)
    for s, own in rows:
        p = f"{s.p_value:.2g}" if s.deals >= P_DEALS else "—"
        interval = f" ({s.ci95[0]:+.3f}, {s.ci95[1]:+.3f})" if all(map(math.isfinite, s.ci95)) else ""  # JSON's null
        table.add_row(f"{s.a} vs {s.b}", str(s.deals), f"{score(s.score_a)} – {score(s.score_b)}",
                      f"{s.mean_diff:+.3f}{interval}", p, *own.values())
    return table


def score(value: float) -> str:
    """A side's score as people write it: whole numbers without a point, a minus sign that reads as one."""
    return f"{value:g}".replace("-", "−")


def arena_legend(arena: Arena) -> str:
    return legend(f"A − B: A's {arena.unit.replace('_', ' ')} less B's per mirrored deal, with a 95% interval; "
                  f"p: two-sided, of no difference (from {P_DEALS} deals on)")


SHOWN_LINES = 5  # a batch summary names this many of its records in error, then counts the rest


def batch_summary(summary: BatchSummary) -> str:
    """A batch's summary line: what it did, the input lines of the records in error (their messages
    are in the output), what is left for a rerun and where the results are."""
    text = (f"{counted(summary.records, 'record')}: {summary.analysed} analysed, {summary.skipped} already done, "
            f"{counted(summary.errors, 'error')}")
    if summary.error_lines:
        lines = ", ".join(str(n) for n in summary.error_lines[:SHOWN_LINES])
        more = len(summary.error_lines) - SHOWN_LINES
        text += (f" (input {'line' if len(summary.error_lines) == 1 else 'lines'} {lines}"
                 + (f" and {more} more" if more > 0 else "") + ")")
    if summary.left:
        text += f", {summary.left} left for a rerun"
    return text + f" -> {summary.output}" + (f", {summary.npz}" if summary.npz else "")
