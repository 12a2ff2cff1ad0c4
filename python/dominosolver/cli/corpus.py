"""``dominosolver corpus``: build a corpus of solved deals on Dask, ask it questions, check it
against fresh solves, and print a deal of it (docs/corpus.md)."""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.table import Table

from ..corpus.build import DEFAULT_PARTITION, build_corpus
from ..corpus.deals import deal_of
from ..corpus.picture import make_rate_picture
from ..corpus.query import (
    CLASSES,
    FEATURES,
    PAR_GROUPS,
    PATTERN_FEATURES,
    Corpus,
    QueryResult,
    best_declarations,
    make_rates,
    par_stats,
)
from ..corpus.verify import verify_sample
from ..errors import counted
from ..io import flags_of_text
from ..resume import most_jobs
from . import render
from .sources import OptionNamingCommand, checked_seed


def _emit(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2))


def _with_bar(what: str, as_json: bool, work: Any) -> Any:
    """``work(progress)`` with a progress bar on a terminal (none with --json)."""
    if as_json or not sys.stderr.isatty():
        return work(None)
    with render.progress_bar() as bar:
        job = bar.add_task(what, total=None)
        return work(lambda done, total: bar.update(job, completed=done, total=total))


@click.group()
def corpus() -> None:
    """A corpus of solved 42 deals: every deal's double-dummy table, special-contract table and par,
    as Parquet partitions with a manifest (docs/corpus.md)."""


corpus.command_class = OptionNamingCommand  # errors name the options as typed


@corpus.command()
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--deals", type=click.IntRange(min=1), required=True, help="deals 0..N-1 of the corpus")
@click.option("--name", default="main", show_default=True, help="the corpus's name: deal i is a function of (name, i)")
@click.option("--partition-size", type=click.IntRange(min=1, max=1_000_000), default=DEFAULT_PARTITION, show_default=True,
              help="deals a partition (a Dask task, a Parquet file)")
@click.option("--dask", "scheduler", default="local", show_default=True, metavar="SCHEDULER",
              help="'local' (a local cluster of --workers processes), a scheduler's address (tcp://host:8786), "
                   "or 'none' (this process alone)")
@click.option("--workers", type=click.IntRange(min=1, max=256), default=2, show_default=True,
              help="worker processes of the local cluster (one thread each)")
@click.option("--rules", "rules_text", default=None, metavar="FLAGS",
              help="rule flags over the corpus's (specials:all,nello_doubles_allowed:all), written flag:value,flag:value, e.g. 'mark_jump:free'")
@click.option("--json", "as_json", is_flag=True, help="print the summary as JSON; no progress bar")
def build(directory: str, deals: int, name: str, partition_size: int, scheduler: str, workers: int,
          rules_text: str | None, as_json: bool) -> None:
    """Build the corpus of DEALS deals in DIRECTORY, or resume it: finished partitions are kept (a
    killed run loses none and none is done twice)."""
    if scheduler == "local" and workers > most_jobs():  # each worker solves on a core: more only share them
        raise click.BadParameter(f"at most {most_jobs()} (two worker processes a core of this machine), not {workers}",
                                 param_hint="'--workers'")
    flags = flags_of_text(rules_text) if rules_text else None
    summary = _with_bar("solving deals", as_json, lambda progress: build_corpus(
        directory, deals, name=name, rules=flags, partition_size=partition_size,
        dask=None if scheduler == "none" else scheduler, workers=workers, progress=progress))
    if as_json:
        _emit(summary.to_json())
    else:
        click.echo(f"{summary.rows:,} of {summary.deals:,} deals in {summary.directory} ({counted(summary.partitions, 'partition')}: "
                   f"{summary.kept} kept, {summary.adopted} adopted, {summary.solved} solved by this run, "
                   f"{summary.backend}) in {summary.seconds:.1f} s, {summary.deals_per_second:.1f} deals/s "
                   f"({summary.deals_per_cpu_second:.1f} deals per CPU second of the workers)"
                   + ("" if summary.complete else " - incomplete: run again to resume"))


def _show(result: QueryResult, as_json: bool) -> None:
    if as_json:
        _emit(result.to_json())
        return
    table = Table(title=f"{result.query} from corpus {result.corpus!r} ({result.rows_read:,} deals; one item: {result.units})",
                  title_justify="left")
    names = result.by + result.columns
    rows = [[_cell(g.get(n)) for n in names] for g in result.groups]
    widths = []  # no figure is ever cut short: a column is as wide as its widest cell and its header's longest word
    for i, n in enumerate(names):
        widths.append(max([len(row[i]) for row in rows] + [len(word) for word in n.split("_")]))
        # the header is the JSON name in words (long suit mean), which wrap where the width asks it
        table.add_column(n.replace("_", " "), justify="left" if n in result.by else "right", min_width=widths[-1])
    for row in rows:
        table.add_row(*row)
    # wider than the terminal only when the cells alone are: the lines then run on rather than lose digits
    render.console.print(table, width=max(render.console.width, sum(widths) + 3 * len(widths) + 1), crop=False)


def _cell(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3f}"
    return str(v)


@corpus.command()
@click.argument("directory", type=click.Path(file_okay=False, exists=True))
@click.argument("question", type=click.Choice(["make-rates", "best-declaration", "par"]))
@click.option("--by", default=None, help=f"features to group by, comma-separated: make-rates: {', '.join(FEATURES)} "
              f"(default doubles,trumps); best-declaration: {', '.join(PATTERN_FEATURES)} (default doubles,long); "
              f"par: one of {', '.join(PAR_GROUPS)} (default contract)")
@click.option("--bid", "bids", multiple=True, help="bid level(s): 30..41, or a mark bid (42, 84...) for every trick "
              "(default 30; make-rates takes several)")
@click.option("--declarations", default="suits", show_default=True,
              help="make-rates: the declarations counted: suits, all, or a list (4,doubles,none)")
@click.option("--min-n", type=click.IntRange(min=1), default=1, show_default=True, help="leave out smaller groups")
@click.option("--svg", type=click.Path(dir_okay=False), default=None,
              help="make-rates by two features: also draw the first --bid's make rates as an SVG heat map to this file")
@click.option("--json", "as_json", is_flag=True, help="print JSON instead of a table")
def query(directory: str, question: str, by: str | None, bids: tuple[str, ...], declarations: str, min_n: int,
          svg: str | None, as_json: bool) -> None:
    """Answer QUESTION from the corpus in DIRECTORY: make-rates (how often a declarer makes a bid, by
    hand features), best-declaration (which kind of declaration a hand pattern should choose), par
    (how par results fall)."""
    c = Corpus(directory)
    if question == "make-rates":
        result = make_rates(c, by or "doubles,trumps", bids or (30,), declarations, min_n)
    elif question == "best-declaration":
        if len(bids) > 1:
            raise click.BadParameter("best-declaration takes one bid level", param_hint="'--bid'")
        result = best_declarations(c, by or "doubles,long", bids[0] if bids else 30, min_n)
    else:
        result = par_stats(c, by or "contract")
    if svg is not None:
        if question != "make-rates":
            raise click.BadParameter("a picture is of make-rates (grouped by two features)", param_hint="'--svg'")
        picture = make_rate_picture(result)
        with open(svg, "w", encoding="utf-8") as f:
            f.write(picture + "\n")
    _show(result, as_json)
    if svg is not None and not as_json:
        click.echo(f"picture written to {svg}", err=True)
    if not as_json and question == "best-declaration":
        click.echo(f"classes: {', '.join(CLASSES)}; dd_best: the double-dummy best of all nine declarations (a bound)")


@corpus.command()
@click.argument("directory", type=click.Path(file_okay=False, exists=True))
@click.option("--sample", type=click.IntRange(min=1), default=1000, show_default=True, help="deals to solve again")
@click.option("--seed", type=int, default=0, show_default=True, callback=checked_seed, help="seed of the sample")
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON; no progress bar")
def verify(directory: str, sample: int, seed: int, as_json: bool) -> None:
    """Check partitions against their checksums, and a random sample of deals against fresh solves
    (dd_table, special_table, par). Exit status 1 when anything differs."""
    report = _with_bar("solving again", as_json, lambda progress: verify_sample(directory, sample, seed, progress))
    if as_json:
        _emit(report.to_json())
    else:
        click.echo(f"{report.equal} of {report.sampled} sampled deals equal to a fresh solve; "
                   f"{counted(len(report.missing_partitions), 'partition')} missing or changed"
                   + "".join(f"\n  deal {d['deal']}: {', '.join(d['columns'])}" for d in report.differing[:20]))
    if not report.ok:
        sys.exit(1)


@corpus.command()
@click.argument("directory", type=click.Path(file_okay=False, exists=True))
@click.option("--json", "as_json", is_flag=True, help="print the manifest as JSON")
def info(directory: str, as_json: bool) -> None:
    """What the corpus in DIRECTORY is: name, rules, rows, partitions, code version, runs."""
    c = Corpus(directory)
    m = c.manifest
    if as_json:
        _emit(m)
        return
    click.echo(f"corpus {m['name']!r}: {m['rows']:,} of {m['deals']:,} deals in {counted(len(m['partitions']), 'partition')} "
               f"of {m['partition_size']:,}{'' if m['complete'] else ' (incomplete)'}; rules {m['rules']}; "
               f"written by {m['code_version']}")
    for run in m.get("runs", []):
        click.echo(f"  run: {run['deals']:,} deals in {run['seconds']:.1f} s ({run['backend']}, workers {run['workers']})")


@corpus.command(context_settings={"ignore_unknown_options": True})  # '-1' is an index out of range, not an option
@click.argument("name")
@click.argument("index", type=click.IntRange(min=0))
@click.option("--json", "as_json", is_flag=True, help="print the deal as JSON")
def deal(name: str, index: int, as_json: bool) -> None:
    """Deal INDEX of the corpus NAME (docs/corpus.md says how any program makes it): its hands as the
    table command reads them, and its dealer."""
    d = deal_of(name, index)
    if as_json:
        _emit({"schema": "dominosolver.corpusdeal/1", "name": name, "index": index, "dealer": "NESW"[d.dealer],
               "hands": [[str(t) for t in h] for h in d.tiles()]})
    else:
        click.echo(f"{d.text()}  dealer={'NESW'[d.dealer]}")
