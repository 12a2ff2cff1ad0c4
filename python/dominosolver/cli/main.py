"""``dominosolver`` commands: show, play, demo. Rich output on a terminal, ``--json`` for machines."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..arguments import world_count
from ..batch import GAME_ANALYSIS, TASKS, grade_record
from ..errors import DominoSolverError, ParseError
from ..io import json_value, read_text_file
from ..texas42 import Game, Position, dd_table, solve as solve_42
from ..texas42.bots import RuleBot
from . import bingo_commands, render
from .sources import text_or_file

DEMO_POSITION = (
    "trump=4 leader=N hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00 "
    "contract=N30"
)


def read_position(text: str) -> Position:
    """A position from notation text, a JSON string (a position, or `show --json` output), or a path
    to a JSON file."""
    data = bingo_commands.load(text)
    return Position.from_json(data) if isinstance(data, dict) else Position(data)


def emit_json(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dominosolver")
def cli() -> None:
    """Rules engines, exact solvers and hint engines for Texas 42 and Bingo."""


@cli.command()
@click.argument("position")
@click.option("--json", "as_json", is_flag=True, help="print JSON instead of a table")
def show(position: str, as_json: bool) -> None:
    """Show a position (notation text, JSON, or a JSON file) and its legal moves."""
    data = bingo_commands.load(position)
    if bingo_commands.is_bingo(data):
        bingo_commands.show_command(data, as_json)
        return
    pos = read_position(position)
    if as_json:
        emit_json({"schema": bingo_commands.SHOW_SCHEMA, "game": "texas42", "position": pos.to_json(),
                   "to_move": pos.to_move, "legal_moves": [str(t) for t in pos.legal_moves]})
    else:
        render.show_position(pos)


@cli.command()
@click.argument("game_name", metavar="[GAME]", default="texas42", type=click.Choice(["texas42", "42", "bingo"]))
@click.option("--seed", default=0, show_default=True, help="seed of the deals")
@click.option("--json", "as_json", is_flag=True, help="print the game record as JSON")
def play(game_name: str, seed: int, as_json: bool) -> None:
    """Play a whole game between bots and print it: 42 (rule-of-thumb bots) or bingo (hint bots)."""
    if game_name == "bingo":
        bingo_commands.play_command(seed, as_json)
        return
    game = Game(seed=seed)
    bot = RuleBot()
    while not game.is_over:
        game.play(bot.choose(game))
    if as_json:
        hands = game.hands_played
        for h in hands:
            h["contract"] = h["contract"]._asdict() if h["contract"] else None
        emit_json({"seed": seed, "winner": game.winner, "scores": game.scores, "hands": hands})
        return
    for i, hand in enumerate(game.hands_played, 1):
        render.show_hand_record(i, hand)
    render.console.print(f"[bold]{game.winner} wins[/bold], marks NS {game.scores['NS']} – EW {game.scores['EW']}")


@cli.command()
@click.argument("position")
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
@click.option("--max-nodes", type=click.IntRange(min=0), default=None,
              help="Bingo phase one: node budget (default about a second of search; 0 = none)")
def solve(position: str, as_json: bool, max_nodes: int | None) -> None:
    """Solve a position exactly: its value, every legal move's value and a best line."""
    data = bingo_commands.load(position)
    if bingo_commands.is_bingo(data):
        bingo_commands.solve_command(data, as_json, max_nodes)
        return
    if max_nodes is not None:
        raise ParseError("--max-nodes applies to Bingo phase-one positions; a 42 solve is always exact")
    pos = read_position(position)
    result = solve_42(pos)
    if as_json:
        emit_json(result.to_json())
    else:
        render.show_solve(pos, result)


@cli.command()
@click.argument("deal")
@click.option("--json", "as_json", is_flag=True, help="print the table as JSON")
def table(deal: str, as_json: bool) -> None:
    """Double-dummy table of a deal: points for each declaration and declarer seat.

    DEAL is 'hands=66.64.../.../.../...', four hands as JSON, or a position (JSON or notation)."""
    source: Any = text_or_file(deal)
    if isinstance(source, str) and "trump=" in source:
        source = read_position(source)
    result = dd_table(source)
    if as_json:
        emit_json(result.to_json())
    else:
        render.console.print(render.dd_table(result))


def batch_options(command: Any) -> Any:
    """The options of batch analysis, shared by `analyse RECORDS -o OUTPUT` and `analyse-batch`."""
    options = [
        click.option("--task", type=click.Choice(TASKS), default="auto", show_default=True,
                     help="batch: what to compute; auto decides per record (view -> hint, plays or a played "
                          "hand/game -> grade, position -> solve, deal -> table)"),
        click.option("--samples", type=click.IntRange(min=1), default=200, show_default=True,
                     help="batch: worlds per hint"),
        click.option("--seed", type=int, default=0, show_default=True,
                     help="batch seed (each record gets its own stream from it)"),
        click.option("--exact-limit", type=click.IntRange(min=0), default=2000, show_default=True,
                     help="batch: enumerate hints with at most this many worlds"),
        click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
                     help="batch: local worker processes (or Dask workers with --dask local)"),
        click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
                     help="batch: run on a dask.distributed scheduler at ADDRESS, or 'local' for a local cluster"),
        click.option("--npz", default="auto", show_default=True,
                     help="batch: numeric results as .npz ('auto': next to the output; 'none': skip)"),
        click.option("--restart", is_flag=True, help="batch: redo results already in the output instead of resuming"),
        click.option("--overwrite", is_flag=True,
                     help="batch: replace an output (or .npz) that holds anything but results of this same run, "
                          "even the input file; without it such an output is refused untouched"),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def run_batch(records: str, output: str, as_json: bool, task: str, samples: int, seed: int, exact_limit: int,
              jobs: int, dask_address: str | None, npz: str, restart: bool, overwrite: bool) -> None:
    """Batch analysis into OUTPUT, with a progress bar on a terminal and a summary."""
    from ..batch import analyse_batch

    kwargs: dict[str, Any] = dict(task=task, samples=samples, seed=seed, exact_limit=exact_limit, jobs=jobs,
                                  dask=dask_address, npz=None if npz == "none" else npz, resume=not restart,
                                  overwrite=overwrite)
    if not as_json and sys.stderr.isatty():
        with render.progress_bar() as bar:
            job = bar.add_task("analysing", total=None)
            summary = analyse_batch(records, output, progress=lambda done, total: bar.update(job, completed=done, total=total),
                                    **kwargs)
    else:
        summary = analyse_batch(records, output, **kwargs)
    if as_json:
        emit_json(summary.to_json())
    elif sys.stdout.isatty():
        render.console.print(f"{summary.records} records: {summary.analysed} analysed, {summary.skipped} already done, "
                             f"{summary.errors} errors -> {summary.output}" + (f", {summary.npz}" if summary.npz else ""))


def read_one_record(path: str) -> Any:
    """The one JSON record of a file; several (JSON lines) are a batch, which needs an output file."""
    text = read_text_file(path, "JSON text")
    try:
        return json_value(text)
    except ParseError as e:
        lines = [line for line in text.splitlines() if line.strip()]
        try:
            several = len(lines) > 1 and all(isinstance(json_value(line), (dict, list)) for line in lines)
        except ParseError:
            several = False
        if several:
            raise ParseError(f"{path} holds {len(lines)} records (JSON lines): give -o OUTPUT.jsonl to analyse "
                             "them all") from None
        raise ParseError(f"{path}: {e}") from None


@cli.command()
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="batch: analyse every record of RECORD (JSON lines) into OUTPUT, one JSON line per record "
                   "(resumable)")
@batch_options
@click.option("--json", "as_json", is_flag=True, help="print the grades as JSON (with -o: a JSON summary)")
@click.pass_context
def analyse(ctx: click.Context, record: str, output: str | None, as_json: bool, **batch: Any) -> None:
    """Grade every play of a recorded hand or game against perfect play; with -o, analyse a batch.

    RECORD is a JSON file: a game or one of its hands as `dominosolver play --json` prints it,
    {"position": <position/1>, "plays": ["6-4", ...]}, or a position/1 object with a history (its
    recorded plays are graded from the start).

    With -o OUTPUT, RECORD holds records as JSON lines and each is analysed (solve, table, hint or
    grade, see --task) into OUTPUT, as `analyse-batch` does: a rerun resumes, and an OUTPUT holding
    anything else is refused untouched unless --overwrite."""
    if output is not None:
        run_batch(record, output, as_json, **batch)
        return
    given = [max(p.opts, key=len) for p in ctx.command.params
             if p.name in batch and ctx.get_parameter_source(p.name) is ParameterSource.COMMANDLINE]
    if given:
        raise click.UsageError(f"batch option(s) {', '.join(given)} need -o OUTPUT.jsonl (one record is graded "
                               "and printed)")
    graded = grade_record(read_one_record(record))
    if as_json:
        emit_json(graded)
    elif graded["schema"] == GAME_ANALYSIS:
        for number, hand in enumerate(graded["hands"], 1):
            render.show_graded_hand(number, hand)
    else:
        render.show_analysis(graded)


@cli.command()
@click.argument("position")
@click.option("--seat", default=None, help="whose view (42: N, E, S, W or 0..3; Bingo: 0 or 1); default: the one to move")
@click.option("--samples", "--worlds", "samples", type=int, default=None,
              help="worlds to sample when they cannot all be solved (default: 42 200, Bingo 100)")
@click.option("--seed", type=int, default=None, help="sampling seed (42 default: a fresh one, reported; Bingo: 0)")
@click.option("--time", "time_limit", type=float, default=None, help="stop sampling after this many seconds")
@click.option("--exact-limit", type=int, default=None,
              help="enumerate when at most this many worlds fit (default: 42 2000, Bingo 3432)")
@click.option("--threads", type=int, default=None, help="42: solver threads (default: all cores; Bingo hints refuse it)")
@click.option("--max-nodes", type=int, default=None,
              help="Bingo: search budget per world, default 2,000,000 for a phase-one world (closed deals are "
                   "solved exactly); worlds needing more are left out and reported (0 = no limit)")
@click.option("--json", "as_json", is_flag=True, help="print the dominosolver.hint/1 JSON")
def hint(position: str, seat: str | None, samples: int | None, seed: int | None, time_limit: float | None,
         exact_limit: int | None, threads: int | None, max_nodes: int | None, as_json: bool) -> None:
    """Advise the player to move from what it can see: every legal move's mean value, its chance
    (P(make) in 42, P(win) in Bingo) and a rank.

    POSITION is a full position (notation, JSON or a file; only SEAT's view of it is used) or a
    player's view (dominosolver.view/1 JSON), of Texas 42 or Bingo."""
    if samples is not None:
        world_count(samples, "--samples")
    data = bingo_commands.load(position)
    if bingo_commands.is_bingo(data):
        if seat is not None and seat not in ("0", "1"):
            raise ParseError(f"unknown Bingo seat {seat!r}: 0 or 1")
        bingo_seat = None if seat is None else int(seat)
        bingo_commands.hint_command(data, bingo_seat, samples or 100, 0 if seed is None else seed, max_nodes,
                                    time_limit, exact_limit, threads, as_json)
        return
    if max_nodes is not None:
        raise ParseError("--max-nodes applies to Bingo hints only: a 42 hint solves every world exactly")
    from ..texas42 import PlayerView
    from ..texas42 import hint as hint_42
    from ..texas42.hint import EXACT_LIMIT
    from ..texas42.rules import SEATS, parse_seat

    if isinstance(data, dict) and data.get("schema") == "dominosolver.view/1":
        view = PlayerView.from_json(data)
        if seat is not None and parse_seat(seat) != view.seat:
            raise ParseError(f"--seat {seat}: this is {SEATS[view.seat]}'s view, it cannot advise another seat")
    else:
        pos = Position.from_json(data) if isinstance(data, dict) else read_position(data)
        view = pos if seat is None else pos.view(parse_seat(seat))  # hint reads a Position as its mover's view
    result = hint_42(view, samples=samples or 200, seed=seed, time=time_limit,
                     exact_limit=EXACT_LIMIT if exact_limit is None else exact_limit, threads=threads)
    if as_json:
        emit_json(result.to_json())
    else:
        render.console.print(render.hint_table(result))


@cli.command("advise-bid")
@click.argument("hand")
@click.option("--seat", default="N", show_default=True, help="the bidder (N, E, S, W or 0..3); it leads if it declares")
@click.option("--auction", default="", help="earlier bids from the dealer's left, e.g. 'pass,30,pass'")
@click.option("--samples", default=500, show_default=True, help="deals to sample")
@click.option("--seed", type=int, default=None, help="sampling seed (default: a fresh one, reported)")
@click.option("--risk", default=0.5, show_default=True, help="bid when P(make) reaches this")
@click.option("--mark-risk", type=float, default=None, help="threshold for bids of every trick (default: --risk)")
@click.option("--discount", default=0, show_default=True,
              help="points taken off double-dummy values when judging point bids (the arena's hint bot uses 5)")
@click.option("--threads", type=int, default=None, help="solver threads (default: all cores)")
@click.option("--json", "as_json", is_flag=True, help="print the dominosolver.bidadvice/1 object")
def advise_bid_cmd(hand: str, seat: str, auction: str, samples: int, seed: int | None, risk: float,
                   mark_risk: float | None, discount: int, threads: int | None, as_json: bool) -> None:
    """Bidding advice for a hand of 7 tiles ('66.65.64.62.55.33.10'): each declaration's
    double-dummy points over sampled deals, P(make) per bid, the bid and declaration to make."""
    from ..texas42 import advise_bid
    from ..texas42.rules import parse_bid, parse_seat

    me = parse_seat(seat)
    bids = [b for b in auction.replace(" ", "").split(",") if b]
    first = (me - len(bids)) % 4
    history = [((first + i) % 4, parse_bid(b)) for i, b in enumerate(bids)]
    tiles = [t for t in hand.replace(" ", ".").split(".") if t]
    advice = advise_bid(tiles, history, seat=me, samples=samples, seed=seed, risk=risk, mark_risk=mark_risk,
                        discount=discount, threads=threads)
    if as_json:
        emit_json(advice.to_json())
    else:
        render.console.print(str(advice))


@cli.command("analyse-batch")
@click.argument("records", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="results, one JSON line per record")
@batch_options
@click.option("--json", "as_json", is_flag=True, help="print a JSON summary; no progress bar")
def analyse_batch_cmd(records: str, output: str, as_json: bool, **batch: Any) -> None:
    """Analyse many records (JSON lines): solve positions, double-dummy tables of deals, hints for
    views, or grade played sequences. The same as `analyse RECORDS -o OUTPUT`. Resumable: records
    already in OUTPUT are skipped; an OUTPUT holding anything else is refused untouched unless --overwrite."""
    run_batch(records, output, as_json, **batch)


@cli.command()
@click.option("--deals", type=click.IntRange(min=1), default=100, show_default=True, help="mirrored deals per pair of bots")
@click.option("--bots", default="hint,rule,random", show_default=True, help="bots to pair off: hint, rule, random")
@click.option("--samples", type=click.IntRange(min=1), default=20, show_default=True,
              help="worlds per play hint of the hint bot")
@click.option("--bid-samples", type=click.IntRange(min=1), default=16, show_default=True,
              help="worlds per bidding advice of the hint bot")
@click.option("--seed", type=int, default=0, show_default=True, help="seed of the deals")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True, help="worker processes")
@click.option("--output", "-o", default=None, type=click.Path(dir_okay=False),
              help="record every deal here (JSON lines); a rerun with the same seed and options resumes from it")
@click.option("--overwrite", is_flag=True,
              help="replace an --output that holds anything but deals of this seed and these options; without it "
                   "such a file is refused untouched")
@click.option("--json", "as_json", is_flag=True, help="print the summary as JSON; no progress bar")
def arena(deals: int, bots: str, samples: int, bid_samples: int, seed: int, jobs: int, output: str | None,
          overwrite: bool, as_json: bool) -> None:
    """Mirrored deals between bots (each deal twice, teams swapped): marks per deal with a 95%
    interval and p-value, contracts made per bot."""
    from itertools import combinations

    from ..texas42.arena import BOTS, run_arena, summarise

    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown or len(names) < 2:
        raise click.BadParameter(f"give two or more of {', '.join(BOTS)}", param_hint="--bots")
    pairs = list(combinations(names, 2))
    options = {"samples": samples, "bid_samples": bid_samples}
    kwargs: dict[str, Any] = dict(seed=seed, jobs=jobs, options=options, output=output, overwrite=overwrite)
    if not as_json and sys.stderr.isatty():
        with render.progress_bar() as bar:
            job = bar.add_task("mirrored deals", total=None)
            results = run_arena(deals, pairs, progress=lambda d, t: bar.update(job, completed=d, total=t), **kwargs)
    else:
        results = run_arena(deals, pairs, **kwargs)
    stats = summarise(results)
    if as_json:
        emit_json({"schema": "dominosolver.arena/1", "deals": deals, "seed": seed, "options": options,
                   "pairs": [s.to_json() for s in stats]})
    else:
        render.console.print(render.arena_table(stats))


@cli.command()
@click.option("--threads", type=int, default=None, help="solver threads per search (default: all cores)")
def engine(threads: int | None) -> None:
    """Run a hint engine speaking JSON lines on stdin/stdout (docs/protocol.md)."""
    from ..engine import serve

    serve(threads=threads)


@cli.command()
def demo() -> None:
    """The main job on a built-in deal: its double-dummy table, every first lead's value and the
    best line of play."""
    pos = Position(DEMO_POSITION)
    render.console.rule("Texas 42 — a built-in deal")
    render.show_position(pos)
    render.console.print(render.dd_table(dd_table(pos)))
    render.console.rule("N declares fours and leads")
    render.show_solve(pos, solve_42(pos))
    bingo_commands.demo()


def main(argv: list[str] | None = None) -> None:
    try:
        cli.main(args=argv, standalone_mode=False)
    except DominoSolverError as e:
        click.echo(f"error: {type(e).__name__}: {e}", err=True)
        sys.exit(2)
    except OSError as e:  # a file that cannot be read or written, a cluster that cannot be reached
        where = f"{e.filename}: " if e.filename else ""
        click.echo(f"error: {type(e).__name__}: {where}{e.strerror or e}", err=True)
        sys.exit(1)
    except click.exceptions.Abort:
        sys.exit(1)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
