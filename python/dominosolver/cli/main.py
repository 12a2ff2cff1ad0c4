"""``dominosolver`` commands. Each command that takes a position, a view or a record looks its game
up in the registry (``dominosolver.games``) by the ``"game"`` tag or the notation's leading word and
lets that game read, solve, advise, grade and render it. Rich output on a terminal, ``--json`` for
machines."""

from __future__ import annotations

import inspect
import json
import os
import secrets
import socket
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from .. import games
from ..arena import known_bot, report, run_arena, summarise
from ..arguments import world_count
from ..batch import TASKS, analyse_batch, grade_record
from ..corpus.query import Corpus
from ..engine import EngineLimits, serve
from ..errors import DominoSolverError, ParseError
from ..games.records import VIEW
from ..io import flags_of_text, json_value, read_text_file
from ..resume import check_writable
from ..serve import run as serve_http
from ..serve.app import most_workers
from ..serve.handlers import CORPUS_VARIABLE
from ..stoppable import exit_now
from . import render
from .board import board as board_command
from .corpus import corpus as corpus_commands
from .human import HumanGame
from .render import show as show_all
from .sources import OptionNamingCommand, checked_seed, load, load_position


def emit_json(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2))


def flag(option: str) -> str:
    """An option as the command line spells it: max_nodes -> --max-nodes."""
    return "--" + option.replace("_", "-")


def svg_option(what: str) -> Any:
    return click.option("--svg", type=click.Path(dir_okay=False), default=None,
                        help=f"also write {what} as an SVG picture to this file")


def write_svg(path: str, svg: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(svg)
    click.echo(f"picture written to {path}", err=True)


def given(**options: Any) -> dict[str, Any]:
    """The options the user gave (None: left to the game's default)."""
    return {k: v for k, v in options.items() if v is not None}


def in_words(items: Any) -> str:
    """["Texas 42", "Moon", "Bingo"] as "Texas 42, Moon and Bingo"."""
    items = list(items)
    return " and ".join(filter(None, [", ".join(items[:-1]), *items[-1:]]))


def titles(having: Any = lambda spec: True) -> str:
    """The titles of the registered games that have something, in words: help texts and messages
    name the games the registry's rows say, never a list of their own."""
    return in_words(spec.title for spec in games.GAMES.values() if having(spec))


def hint_option(option: str, what: str) -> str:
    """Help for a hint option that not every game takes, prefixed by the games whose rows take it and
    ended by those that refuse it: "42, Moon, Partnership Moon and The Big Game: solver threads;
    Bingo hints refuse it"."""
    takers = [spec.name for spec in games.GAMES.values() if option in spec.hint_limits]
    others = [spec.name for spec in games.GAMES.values() if option not in spec.hint_limits]
    if not others:
        return what
    return f"{in_words(takers)}: {what}; {in_words(others)} hints refuse it"


def hint_default(limit: str) -> str:
    """Each game's own default of a hint limit, from its row: "42, Moon, Partnership Moon and The Big
    Game 200; Bingo 100"."""
    by_value: dict[int, list[str]] = {}
    for spec in games.GAMES.values():
        if spec.hint_limits.get(limit) is not None:
            by_value.setdefault(spec.hint_limits[limit], []).append(spec.name)
    return "; ".join(f"{in_words(names)} {value}" for value, names in by_value.items())


def seat_words(spec: games.GameSpec) -> str:
    """A game's seats as a user may type them: 'N, E, S, W or 0..3', 'P0, P1, P2 or 0..2', '0 or 1'
    (a game whose seats' names are phrases, "player 0", is typed by number)."""
    names = [spec.seat_name(seat) for seat in range(spec.Rules().seats)]
    numbers = " or ".join(map(str, range(len(names)))) if len(names) == 2 else f"0..{len(names) - 1}"
    return f"{', '.join(names)} or {numbers}" if not any(" " in name for name in names) else numbers


def seat_help(having: Any = lambda spec: True) -> str:
    """Each game's seats as a user may type them, the games with the same seats together:
    "Texas 42 and The Big Game: N, E, S, W or 0..3; Moon: P0, P1, P2 or 0..2"."""
    grouped: dict[str, list[str]] = {}
    for spec in games.GAMES.values():
        if having(spec):
            grouped.setdefault(seat_words(spec), []).append(spec.title)
    return "; ".join(f"{in_words(named)}: {words}" for words, named in grouped.items())


def hand_sizes() -> str:
    """The hands bidding advice takes, by the games with an auction: "Texas 42, Moon and Partnership
    Moon: 7 tiles; The Big Game: 11 tiles"."""
    grouped: dict[int, list[str]] = {}
    for spec in games.GAMES.values():
        if spec.advise_bid is not None:
            grouped.setdefault(spec.Rules().hand_size, []).append(spec.title)
    return "; ".join(f"{in_words(named)}: {size} tiles" for size, named in grouped.items())


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dominosolver")
def cli() -> None:
    """Rules engines, exact solvers and hint engines for Texas 42, Moon, Partnership Moon, The Big Game and Bingo."""


cli.command_class = OptionNamingCommand  # every command's errors name its options as typed


@cli.command()
@click.argument("position")
@click.option("--json", "as_json", is_flag=True, help="print JSON instead of a table")
def show(position: str, as_json: bool) -> None:
    """Show a position (notation text, JSON, or a JSON file) and its legal moves, or a player's view
    (its one-line text or JSON)."""
    spec, target = games.read(load_position(position))
    if as_json:
        emit_json(games.show_json(spec, target))
    elif isinstance(target, spec.PlayerView):
        show_all(games.kit(spec, "render").view(target))
    else:
        show_all(games.kit(spec, "render").position(target))


@cli.command()
@click.argument("game_name", metavar="[GAME]", default=games.DEFAULT, type=click.Choice(games.names()))
@click.option("--seed", type=int, default=None, callback=checked_seed,
              help="seed of the deals (default: 0 between the bots; with --human a fresh one, shown, so that "
                   "--seed N plays that game again)")
@click.option("--json", "as_json", is_flag=True, help="print the game record as JSON")
@click.option("--human", "human_seat", default=None, metavar="SEAT",
              help=f"play SEAT yourself ({seat_help(lambda spec: spec.human is not None)}) against the bots, in "
                   "the terminal")
@click.option("--save", "save", default=None, metavar="FILE", type=click.Path(dir_okay=False),
              help="write the game's record (the JSON of --json, which analyse reads) to FILE; with --human after each "
                   "hand and when you quit")
@click.option("--confirm-forced", is_flag=True,
              help="with --human, ask for a move even when only one is legal (by default it is played at once)")
@click.option("--rules", "flags", default="", metavar="FLAGS",
              help="non-default rules flags as flag:value, separated by ',' (docs/notation.md: e.g. 'specials:all', "
                   "'scoring:points'; Moon's 'moon_widow:none', 'moon_wins_game:on', 'moon_overcall:on'; "
                   "'moon4_preset:fosdick'; Bingo's 'bingo_ruleset:modern_dp')")
def play(game_name: str, seed: int | None, as_json: bool, human_seat: str | None, save: str | None,
         confirm_forced: bool, flags: str) -> None:
    """Play a whole game between bots and print it: 42, moon, moon4, biggame (rule-of-thumb bots) or bingo (hint bots).
    With --human SEAT, play that seat yourself against hint bots (The Big Game's take up to 4 s a decision): moves by
    name or number (a move that is the only legal one is played at once), h for a hint from your view, c to ask
    whether your side can claim the rest or its contract whatever the hidden hands, u to undo your last move, q to
    quit; each hand is graded when it ends and the score shown; --save FILE keeps the game as it goes."""
    spec = games.get(game_name)
    rules = spec.Rules.from_json(flags_of_text(flags)) if flags else None  # a bad flag: ParseError by name
    if human_seat is not None:
        if as_json:
            raise click.UsageError("--human plays in the terminal: it prints no JSON (--save FILE writes the "
                                   "game's record as it goes)")
        seat = spec.parse_seat(human_seat)
        if seed is None:  # a new game each time, which its seed plays again
            seed = secrets.randbits(32)
            render.show([(f"{spec.title}, seed {seed} (dominosolver play {game_name} --human {human_seat} --seed {seed} "
                          "plays this game again)")])
        HumanGame(spec, seat, seed, render.show, render.ask, render.busy, save=save,
                  confirm_forced=confirm_forced, rules=rules).run()
        return
    seed = 0 if seed is None else seed
    if confirm_forced:
        raise click.UsageError("--confirm-forced is for --human: the bots play every move")
    if save is not None:
        check_writable(save)  # an OSError naming the path, before the game is played
    record = spec.play(seed, rules)
    if save is not None:
        try:
            Path(save).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        except OSError as e:
            raise click.UsageError(f"cannot save the game to {save}: {e.strerror}") from None
    if as_json:
        emit_json(record)
    else:
        show_all(games.kit(spec, "render").game(record))


@cli.command()
@click.argument("position")
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
@click.option("--max-nodes", type=click.IntRange(min=0), default=None,
              help="Bingo phase one: node budget (default about a second of search; 0 = none)")
@click.option("--time", "time_limit", type=float, default=None,
              help="Bingo phase one: stop the search after this many seconds (what is solved is shown)")
def solve(position: str, as_json: bool, max_nodes: int | None, time_limit: float | None) -> None:
    """Solve a position exactly: its value, every legal move's value and a best line."""
    data = load_position(position)
    options = given(max_nodes=max_nodes, time=time_limit)
    games.check_options(games.detect(data), options, lambda s: s.solve_options, "solves", flag)
    spec, target = games.read(data)
    if isinstance(target, spec.PlayerView):
        raise ParseError("solve needs a full position; for a player's view use 'dominosolver hint'")
    with render.progress("solving", quiet=as_json):
        result = spec.solve(target, **options)
    if as_json:
        emit_json(result.to_json())
    else:
        show_all(games.kit(spec, "render").solve(target, result))


@cli.command(help=f"""Double-dummy table of a deal of {titles(lambda spec: spec.table is not None)}: each
    declaration's value for the bidder's side (points or tricks, as the game counts) for each bidder
    seat (with --specials, where the game has them: whether a Plunge or Splash takes every trick,
    and whether each seat makes Nel-O and Sevens declaring them on a mark bid, under rules that
    offer them).

    DEAL is the hands as dealt, 'hands=66.64.../.../.../...' (another game's after its word: 'moon
    hands=.../.../...'), as JSON (a list of hands, or an object with the game's "game" tag and its
    "hands"), or a position (JSON or notation).""")
@click.argument("deal")
@click.option("--json", "as_json", is_flag=True, help="print the table as JSON")
@click.option("--specials", is_flag=True,
              help="the special-contract table instead: for each declarer seat, which of its partner's "
                   "declarations take every trick (Plunge, Splash), and, where the rules offer them, "
                   "whether each seat makes Nel-O (each doubles mode) and Sevens declaring them")
@svg_option("the table (a heat map)")
def table(deal: str, as_json: bool, specials: bool, svg: str | None) -> None:
    if svg is not None:
        check_writable(svg)  # an OSError naming the path, before the table is solved
    data = load(deal)
    spec = games.detect(data)
    kit = games.kit(spec, "render")
    make, draw = (spec.special_table, kit.special_table) if specials else (spec.table, kit.table)
    if make is None or draw is None:
        what = "special-contract" if specials else "double-dummy"
        tabled = titles(lambda s: (s.special_table if specials else s.table) is not None)
        raise ParseError(f"{spec.title} has no {what} table (games with one: {tabled})")
    pictures = games.kit(spec, "pictures") if svg is not None else None  # before the solve
    with render.progress("solving every declaration and seat", quiet=as_json) as update:
        counted = update is not None and "on_progress" in inspect.signature(make).parameters
        result = make(data, on_progress=update) if counted else make(data)  # The Big Game's: cells done of the table's
    if pictures is not None:
        write_svg(svg, (pictures.special_table if specials else pictures.table)(result))
    if as_json:
        emit_json(result.to_json())
    else:
        show_all(draw(result))


def batch_options(command: Any) -> Any:
    """The options of batch analysis, shared by `analyse RECORDS -o OUTPUT` and `analyse-batch`."""
    options = [
        click.option("--task", type=click.Choice(TASKS), default="auto", show_default=True,
                     help="batch: what to compute; auto decides per record (view -> hint, plays or a played "
                          "hand/deal/game -> grade, position -> solve, the hands of a deal -> table)"),
        click.option("--samples", type=click.IntRange(min=1), default=None,
                     help=f"batch: worlds per hint (default: {hint_default('samples')})"),
        click.option("--seed", type=int, default=0, show_default=True, callback=checked_seed,
                     help="batch seed (each record gets its own stream from it)"),
        click.option("--exact-limit", type=click.IntRange(min=0), default=None,
                     help=f"batch: enumerate hints with at most this many worlds (default: {hint_default('exact_limit')})"),
        click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
                     help="batch: local worker processes (or Dask workers with --dask local)"),
        click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
                     help="batch: run on a dask.distributed scheduler at ADDRESS, or 'local' for a local cluster"),
        click.option("--npz", default="auto", show_default=True,
                     help="batch: numeric results as .npz ('auto': next to the output; 'none': skip)"),
        click.option("--restart", is_flag=True, help="batch: redo results already in the output instead of resuming"),
        click.option("--time", "time_limit", type=float, default=None,
                     help="batch: stop after the record that spends this many seconds (a rerun resumes)"),
        click.option("--overwrite", is_flag=True,
                     help="batch: replace an output (or .npz) that holds anything but results of this same run, "
                          "even the input file; without it such an output is refused untouched"),
    ]
    for option in reversed(options):
        command = option(command)
    return command


max_nodes_option = click.option(
    "--max-nodes", type=click.IntRange(min=0), default=None,
    help="Bingo: node budget of each phase-one search, 0 = none (grades: default about a second, a move left "
         "unsolved is reported, never counted as 0; hints: per world on average, default 150,000, a move cut short "
         "counts at the middle of the bounds it proved, and the hint says how many worlds were)",
)


def run_batch(records: str, output: str, as_json: bool, task: str, samples: int | None, seed: int,
              exact_limit: int | None, jobs: int, dask_address: str | None, npz: str, restart: bool,
              time_limit: float | None, overwrite: bool, max_nodes: int | None) -> None:
    """Batch analysis into OUTPUT, with a progress bar on a terminal and a summary: with ``--json`` the
    JSON summary alone on stdout, else the summary line on stderr, piped or not (stdout stays empty:
    the results are in OUTPUT)."""
    kwargs: dict[str, Any] = dict(task=task, samples=samples, seed=seed, exact_limit=exact_limit, jobs=jobs,
                                  dask=dask_address, npz=None if npz == "none" else npz, resume=not restart,
                                  overwrite=overwrite, max_nodes=max_nodes, time=time_limit)
    if not as_json and sys.stderr.isatty():
        with render.progress_bar() as bar:
            job = bar.add_task("analysing", total=None)
            summary = analyse_batch(records, output, progress=lambda done, total: bar.update(job, completed=done, total=total),
                                    **kwargs)
    else:
        summary = analyse_batch(records, output, **kwargs)
    if as_json:
        emit_json(summary.to_json())
    else:
        render.note(render.batch_summary(summary))


def read_one_record(path: str) -> Any:
    """The one JSON record of a file; several (JSON lines) are a batch, which needs an output file."""
    text = read_text_file(path, "JSON text")
    try:
        return json_value(text)
    except ParseError as e:
        lines = [line for line in text.splitlines() if line.strip()]
        try:  # JSON lines: its first line is a record (a batch reports any malformed line as its own error)
            several = len(lines) > 1 and isinstance(json_value(lines[0]), (dict, list))
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
@max_nodes_option
@click.option("--auction", "auction", is_flag=True,
              help="42: grade each call and the declaration too, in expected marks by the bid adviser's calibrated "
                   "figures (a Monte Carlo advice a call and one more on declaring: about 2 s of CPU a hand); Moon's "
                   "widow discard and The Big Game's exchange, every hand known (The Big Game: a whole-deal solve per "
                   "discard, up to tens of seconds a hand)")
@click.option("--json", "as_json", is_flag=True, help="print the grades as JSON (with -o: a JSON summary)")
@svg_option("the graded plays as a chart (a whole game's: hand after hand)")
@click.pass_context
def analyse(ctx: click.Context, record: str, output: str | None, as_json: bool, max_nodes: int | None,
            svg: str | None, auction: bool, **batch: Any) -> None:
    """Grade every play of a recorded hand, deal or game against perfect play; with -o, analyse a batch.

    RECORD is a JSON file: a game or one of its hands (42) or deals (Bingo) as `dominosolver play
    --json` prints it, {"position": <position/1>, "plays": [...]}, or a 42 position/1 object with a
    history (its recorded plays are graded from the start).

    With -o OUTPUT, RECORD holds records as JSON lines and each is analysed (solve, table, hint or
    grade, see --task) into OUTPUT, as `analyse-batch` does: a rerun resumes, and an OUTPUT holding
    anything else is refused untouched unless --overwrite."""
    if output is not None and svg is not None:
        raise click.UsageError("--svg draws one graded record, not a batch (-o)")
    if output is not None and auction:
        raise click.UsageError("--auction grades one record's calls, not a batch (-o)")
    if svg is not None:
        check_writable(svg)
    if output is not None:
        run_batch(record, output, as_json, max_nodes=max_nodes, **batch)
        return
    given_batch = [max(p.opts, key=len) for p in ctx.command.params
                   if p.name in batch and ctx.get_parameter_source(p.name) is ParameterSource.COMMANDLINE]
    if given_batch:
        raise click.UsageError(f"batch option(s) {', '.join(given_batch)} need -o OUTPUT.jsonl (one record is "
                               "graded and printed)")
    data = read_one_record(record)
    spec = games.detect(data)
    options = given(max_nodes=max_nodes)
    games.check_options(spec, options, lambda s: s.solve_options, "analyses", flag)
    if auction:
        if spec.advise_bid is None:
            raise ParseError(f"--auction grades the decisions before play of a game with an auction, not {spec.title}'s")
        options["auction"] = True
    with render.progress("grading every play with the exact solver", quiet=as_json) as update:
        if update is not None and "on_progress" in inspect.signature(spec.grade).parameters:
            options["on_progress"] = update  # a whole game's: hands (deals) done of those it holds
        graded = grade_record(data, **options)
    if svg is not None:
        write_svg(svg, games.kit(spec, "pictures").analysis(graded))
    if as_json:
        emit_json(graded)
    else:
        show_all(games.kit(spec, "render").analysis(graded))


@cli.command(help=f"""Advise the player to move from what it can see: every legal move's mean
    value, its chance (P(make) of the contract, P(win) of the game where there is none) and a rank.

    POSITION is a full position (notation, JSON or a file; only SEAT's view of it is used) or a
    player's view (its one-line text, 'seat=E contract=N30 trump=4 hand=... plays=N42', or
    dominosolver.view/1 JSON), of any game: {titles()}. A view in the auction or declaring is
    advised by 'dominosolver advise-bid VIEW'.""")
@click.argument("position")
@click.option("--seat", default=None, help=f"whose view ({seat_help()}); default: the one to move")
@click.option("--samples", "--worlds", "samples", type=int, default=None,
              help=f"worlds to sample when they cannot all be solved (default: {hint_default('samples')})")
@click.option("--seed", type=int, default=None, callback=checked_seed, help="sampling seed (42 default: a fresh one, reported; Bingo: 0)")
@click.option("--time", "time_limit", type=float, default=None,
              help="stop sampling after this many seconds: the hint answers on the worlds solved by then (when "
                   "none is: on each move's make tests where a world takes seconds, else an error)")
@click.option("--exact-limit", type=int, default=None,
              help=f"enumerate when at most this many worlds fit (default: {hint_default('exact_limit')})")
@click.option("--threads", type=int, default=None, help=hint_option("threads", "solver threads (default: all cores)"))
@click.option("--weighting", default=None,
              help=hint_option("weighting", "how worlds count: uniform (default), auction (the bids), play (the plays), "
                                            "auction+play (a game without an auction: uniform or play)"))
@click.option("--method", default=None,
              help=hint_option("method", "pimc (default: double dummy in every world) or infoset (the next choice "
                                         "made without seeing the hidden hands; about twice the search nodes)"))
@click.option("--means", default=None,
              help=hint_option("means", "tied (default: under a contract in points, make or set tested per move, and "
                                        "only the moves tied for the best chance valued) or all (every move's mean)"))
@click.option("--max-nodes", type=int, default=None,
              help=hint_option("max_nodes", "search nodes per world on average, default 150,000 for a phase-one world "
                                            "(closed deals are solved exactly); a move cut short counts at the middle "
                                            "of the bounds it proved, and the hint says how many worlds were (0 = no "
                                            "limit)"))
@click.option("--json", "as_json", is_flag=True, help="print the dominosolver.hint/1 JSON")
def hint(position: str, seat: str | None, samples: int | None, seed: int | None, time_limit: float | None,
         exact_limit: int | None, threads: int | None, weighting: str | None, method: str | None,
         means: str | None, max_nodes: int | None, as_json: bool) -> None:
    if samples is not None:
        world_count(samples, "--samples")
    data = load_position(position)
    spec = games.detect(data)  # the options are checked before the position is read
    who = None if seat is None else spec.parse_seat(seat)
    limits = given(samples=samples, seed=seed, time=time_limit, exact_limit=exact_limit, threads=threads,
                   weighting=weighting, method=method, means=means, max_nodes=max_nodes)
    games.check_options(spec, limits, lambda s: s.hint_limits, "hints", flag)
    spec, target = games.read(data)
    if isinstance(target, spec.PlayerView):
        if who is not None and who != target.seat:
            raise ParseError(f"--seat {seat}: this is {spec.seat_name(target.seat)}'s view, it cannot advise "
                             "another seat")
        who = None
    with render.progress("worlds solved", quiet=as_json) as update:
        report = None if update is None else (lambda h: update(h.worlds, note=f"best so far {h.best}"))
        result = spec.hint(target, who, on_progress=report, **limits)
    if as_json:
        emit_json(result.to_json())
    else:
        show_all(games.kit(spec, "render").hint(result, target))


@cli.command("advise-bid", help=f"""Bidding advice for a hand as dealt, '66.65.64.62.55.33.10' ({hand_sizes()}):
    each declaration's double-dummy value over sampled deals, P(make) per bid, the bid and declaration to make;
    under specials:all, P(make) of each special bid the hand may make (the partner's best declaration), and
    of Nel-O (each doubles mode allowed) and Sevens declared by the hand on its least mark bid. The game is
    the one --rules names ('family:moon'), else {games.get(games.DEFAULT).title}.

    HAND may instead be a seat's view in the auction or declaring (its one-line text, 'seat=N hand=...',
    dominosolver.view/1 JSON or a file), which brings its game, seat, auction and rules.""")
@click.argument("hand")
@click.option("--seat", default="0", show_default=True,
              help=f"the bidder ({seat_help(lambda spec: spec.advise_bid is not None)}); it leads if it declares")
@click.option("--auction", default="", help="earlier bids from the dealer's left, e.g. 'pass,30,pass'")
@click.option("--samples", type=int, default=None,
              help="deals to sample (default: the game's; the advice says how many it solved)")
@click.option("--seed", type=int, default=None, callback=checked_seed,
              help="sampling seed (default: one drawn from the question, so every front end gives a hand the same figures)")
@click.option("--risk", type=float, default=None,
              help="bid when P(make) reaches this (default: the game's, as its hint bot bids; the advice states "
                   "the figure it used)")
@click.option("--mark-risk", type=float, default=None, help="threshold for bids of every trick, 42's bids of marks (default: the game's, stated by the advice); "
                   "refused by the games without mark bids")
@click.option("--discount", type=int, default=None,
              help="points (Moon: tricks) taken off double-dummy values when judging bids (default: the game's, stated "
                   "by the advice)")
@click.option("--threads", type=int, default=None, help="solver threads (default: all cores)")
@click.option("--time", "seconds", type=float, default=None,
              help="stop sampling after this many seconds (the advice rests on the deals solved; it says how many)")
@click.option("--rules", "flags", default="",
              help="non-default rules flags as flag:value, separated by ',' (e.g. 'specials:all' offers Plunge and Splash; "
                   "'family:biggame' advises a hand of The Big Game, 11 tiles)")
@click.option("--score", default=None,
              help="42's marks game: the score, the bidder's side first ('5-6'): advise the call of the best chance "
                   "of winning the game, by its calibrated P(make), instead of the thresholds (an experiment: a bot "
                   "calling so lost 62% of whole games to the thresholds, bench/studies/README.md)")
@click.option("--json", "as_json", is_flag=True, help="print the dominosolver.bidadvice/1 object")
def advise_bid_cmd(hand: str, seat: str, auction: str, samples: int | None, seed: int | None, risk: float | None,
                   mark_risk: float | None, discount: int | None, threads: int | None, seconds: float | None, flags: str,
                   score: str | None, as_json: bool) -> None:
    data = load(hand)
    if games.is_view_text(data) or (isinstance(data, dict) and data.get("schema") == VIEW):
        # a seat's view in the auction or declaring (as POST /v1/advise-bid and the engine take it)
        ctx = click.get_current_context()
        others = [flag(name) for name in ("seat", "auction", "flags")
                  if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE]
        if others:
            raise click.UsageError(f"a view brings its own game, hand, seat, auction and rules: give no "
                                   f"{', '.join(o.replace('--flags', '--rules') for o in others)}")
        spec, target = games.read_view(data)
        where: dict[str, Any] = {}
    else:
        spec, target = games.of_rules(flags), hand  # the game whose family the flags name ('family:moon'), else the default
        where = {"seat": seat, "auction": auction, "rules": flags}
    if spec.advise_bid is None:
        bidders = titles(lambda s: s.advise_bid is not None)
        raise ParseError(f"{spec.title} has no auction to advise on (games with one: {bidders})")
    # What the bar counts is the game's: deals solved, or The Big Game's declaration-deal pairs settled
    with render.progress("bid advice", quiet=as_json) as update:
        advice = spec.advise_bid(target, **where, samples=samples, seed=seed, risk=risk,
                                 mark_risk=mark_risk, discount=discount, threads=threads, time=seconds,
                                 on_progress=update, **({"score": score} if score is not None else {}))
    if as_json:
        emit_json(advice.to_json())
    else:
        render.console.print(str(advice), soft_wrap=True, markup=False)  # a wide table stays one line a row


@cli.command("analyse-batch", help=f"""Analyse many records (JSON lines) of every game: solve positions, tables of
    deals ({titles(lambda spec: spec.table is not None)}), hints for views, or grade played sequences. The
    same as `analyse RECORDS -o OUTPUT`. Resumable: records already in OUTPUT are skipped; an OUTPUT holding
    anything else is refused untouched unless --overwrite.""")
@click.argument("records", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="results, one JSON line per record")
@batch_options
@max_nodes_option
@click.option("--json", "as_json", is_flag=True, help="print a JSON summary; no progress bar")
def analyse_batch_cmd(records: str, output: str, as_json: bool, **batch: Any) -> None:
    run_batch(records, output, as_json, **batch)


ARENAS = {s.name: s.arena for s in games.GAMES.values() if s.arena is not None}  # by the name help texts use


def bot_list(arena: Any) -> str:
    """An arena's bots as help lists them: those paired by default (by --whole's too, where they differ),
    then the others."""
    paired = list(arena.paired or arena.bots)
    whole = list(arena.whole.paired or arena.whole.bots) if arena.whole is not None else paired
    others = [b for b in arena.bots if b not in paired and b not in whole]
    return (",".join(paired) + (f", with --whole {','.join(whole)}" if whole != paired else "")
            + (f" (also {','.join(others)})" if others else ""))


def bots_help() -> str:
    """Each game's default bots and the others, the games with the same ones together."""
    grouped: dict[str, list[str]] = {}
    for name, arena in ARENAS.items():
        grouped.setdefault(bot_list(arena), []).append(name)
    return "; ".join(f"{in_words(names)} {bots}" for bots, names in grouped.items())


def arena_help(option: str, what: str) -> str:
    """Help for a bot option of the arena, with each game's default: "42: ... (default 16)"."""
    having = {name: arena.defaults[option] for name, arena in ARENAS.items() if option in arena.defaults}
    if len(having) == 1:
        ((name, value),) = having.items()
        return f"{name}: {what} (default {value:,})"
    return f"{what} (default: {', '.join(f'{name} {value:,}' for name, value in having.items())})"


@cli.command()
@click.argument("game_name", metavar="[GAME]", default=games.DEFAULT, type=click.Choice(games.names()))
@click.option("--deals", type=click.IntRange(min=1), default=100, show_default=True, help="mirrored deals per pair of bots")
@click.option("--bots", default=None,
              help=f"bots to pair off (default: {bots_help()}); NAME@N gives a hint bot N worlds of its own per play "
                   "hint, for equal time per move")
@click.option("--samples", "--worlds", "samples", type=click.IntRange(min=1), default=None,
              help=arena_help("samples", "worlds per play hint of the hint bot"))
@click.option("--bid-samples", type=click.IntRange(min=1), default=None,
              help=arena_help("bid_samples", "worlds per bidding advice of the hint bot"))
@click.option("--exact-limit", type=click.IntRange(min=0), default=None,
              help=arena_help("exact_limit", "the hint bot enumerates the worlds when at most this many fit"))
@click.option("--max-nodes", type=click.IntRange(min=0), default=None,
              help=arena_help("max_nodes", "the hint bot's node budget per world, 0 for none"))
@click.option("--bid-time", type=click.FloatRange(min=0), default=None,
              help=arena_help("bid_time", "the hint bot's seconds a bid, exchange or declaration"))
@click.option("--hint-time", type=click.FloatRange(min=0), default=None,
              help=arena_help("hint_time", "the hint bot's seconds a play hint beyond 7 tricks left"))
@click.option("--bid-nodes", type=click.IntRange(min=0), default=None,
              help=arena_help("bid_nodes", "the hint bot's nodes a bid, exchange or declaration, 0 for none; "
                              "given without --bid-time, it replaces the time limit, so that the machine's load "
                              "changes no decision"))
@click.option("--seed", type=int, default=0, show_default=True, callback=checked_seed, help="seed of the deals")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True, help="worker processes")
@click.option("--output", "-o", default=None, type=click.Path(dir_okay=False),
              help="record every deal here (JSON lines); a rerun with the same seed and options resumes from it")
@click.option("--overwrite", is_flag=True,
              help="replace an --output that holds anything but deals of this seed and these options; without it "
                   "such a file is refused untouched")
@click.option("--rules", "flags", default="",
              help="the game's non-default rules flags as flag:value, separated by ',' (e.g. 42's 'specials:all': the "
                   "hint bot may bid Plunge and Splash; Moon's 'moon_widow:none'; Bingo's 'bingo_ruleset:modern_dp')")
@click.option("--time", "time_limit", type=float, default=None,
              help="stop after the deal that spends this many seconds (with --output a rerun plays the rest)")
@click.option("--whole", is_flag=True,
              help="whole games per deal (42 to 7 marks, Moon and The Big Game to their own targets, Bingo to 7 "
                   "game points; each game twice, the sides swapped), not one hand")
@click.option("--json", "as_json", is_flag=True, help="print the summary as JSON; no progress bar")
def arena(game_name: str, deals: int, bots: str | None, samples: int | None, bid_samples: int | None,
          exact_limit: int | None, max_nodes: int | None, bid_time: float | None, hint_time: float | None,
          bid_nodes: int | None, seed: int, jobs: int, output: str | None, overwrite: bool, flags: str,
          time_limit: float | None, whole: bool, as_json: bool) -> None:
    """Mirrored deals between bots (each deal twice, the sides swapped): the score per deal, A
    minus B, with a 95% interval and p-value.

    GAME is texas42 (or 42, the default: marks per deal, contracts made per bot; with --whole, whole
    games to 7 marks: games won, marks a game, contracts made and set per bot, McNemar's test on the
    contracts both plays of a hand reached), moon, moon4, biggame (their points; --whole: games to
    their targets) or bingo (game points per deal, closes made per bot; with --whole, games to 7 game
    points: games won with a binomial test, closes made and time per decision per bot)."""
    spec = games.get(game_name)
    if spec.arena is None:
        raise ParseError(f"{spec.title} has no arena (games with one: {', '.join(ARENAS)})")
    if whole and spec.arena.whole is None:
        raise ParseError(f"{spec.title} has no arena of whole games (42 and its family have)")
    chosen = given(samples=samples, bid_samples=bid_samples, exact_limit=exact_limit, max_nodes=max_nodes,
                   bid_time=bid_time, hint_time=hint_time, bid_nodes=bid_nodes)
    games.check_options(spec, chosen, lambda s: frozenset(s.arena.defaults if s.arena else ()), "arenas", flag)
    if bid_nodes and bid_time is None:  # a node budget alone: the decisions do not depend on the load
        chosen["bid_time"] = None
    game_arena = spec.arena.whole if whole else spec.arena
    names = [b.strip() for b in (bots or ",".join(game_arena.paired or game_arena.bots)).split(",") if b.strip()]
    unknown = [b for b in names if not known_bot(game_arena, b)]
    if unknown or len(names) < 2:
        nobody = f"{spec.title} has no bot {', '.join(map(repr, unknown))}: " if unknown else ""
        bots_there = ", ".join(game_arena.bots)
        worlds = " (a bot's own worlds per play hint: hint@200)" if "samples" in game_arena.defaults else ""
        raise click.BadParameter(f"{nobody}give two or more of {bots_there}{worlds}", param_hint="--bots")
    pairs = list(combinations(names, 2))
    options = {**game_arena.defaults, **chosen, **({"rules": flags_of_text(flags)} if flags else {})}
    kwargs: dict[str, Any] = dict(seed=seed, jobs=jobs, options=options, output=output, overwrite=overwrite,
                                  time=time_limit)
    if not as_json and sys.stderr.isatty():
        with render.progress_bar() as bar:
            job = bar.add_task("mirrored deals", total=None)
            results = run_arena(game_arena, deals, pairs,
                                progress=lambda d, t: bar.update(job, completed=d, total=t), **kwargs)
    else:
        results = run_arena(game_arena, deals, pairs, **kwargs)
    stats = summarise(game_arena, results)
    if as_json:
        emit_json(report(game_arena, deals, seed, options, stats))
    else:
        show_all([render.arena_table(stats, game_arena), render.arena_legend(game_arena)])


# The engine's limits (EngineLimits' fields) by the options that set them.
ENGINE_OPTIONS = {"line_bytes": "'--max-line'", "samples": "'--max-samples'", "time": "'--max-time'",
                  "threads": "'--max-threads'", "table_mb": "'--table-mb'"}


@cli.command()
@click.option("--threads", type=int, default=None,
              help="solver threads of a search that names none (default: all cores)")
@click.option("--max-line", type=int, default=EngineLimits.line_bytes, show_default=True,
              help="the longest request line, in bytes")
@click.option("--max-samples", type=int, default=EngineLimits.samples, show_default=True,
              help="the most worlds a go may sample or enumerate")
@click.option("--max-time", type=float, default=EngineLimits.time, show_default=True,
              help="the most seconds a go may search, and what a go without time gets")
@click.option("--max-threads", type=int, default=None,
              help=f"the most solver threads a go may use (default and most: the cores x 2, {EngineLimits.threads})")
@click.option("--table-mb", type=int, default=EngineLimits.table_mb, show_default=True,
              help="the most transposition table each solver thread may use, in MB")
def engine(threads: int | None, max_line: int, max_samples: int, max_time: float, max_threads: int | None,
           table_mb: int) -> None:
    """Run a hint engine for every game speaking JSON lines on stdin/stdout (docs/protocol.md)."""
    try:  # a limit out of range is named by its option, not by the engine's field ('--max-line', not 'line_bytes')
        limits = EngineLimits(line_bytes=max_line, samples=max_samples, time=max_time,
                              threads=EngineLimits.threads if max_threads is None else max_threads, table_mb=table_mb)
    except ParseError as e:
        field, _, fault = str(e).partition(" ")
        raise click.BadParameter(fault, param_hint=ENGINE_OPTIONS.get(field, field)) from None
    if threads is not None and not 1 <= threads <= limits.threads:
        raise click.BadParameter(f"must be a whole number from 1 to {limits.threads} (--max-threads), not {threads}",
                                 param_hint="'--threads'")
    serve(threads=threads, limits=limits)


@cli.command("serve", help=f"Serve the web board at / and the HTTP API under /v1/ for {titles()} (docs/http.md).")
@click.option("--host", default="127.0.0.1", show_default=True, help="the address to listen on")
@click.option("--port", type=click.IntRange(0, 65535), default=8042, show_default=True, help="the port to listen on")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="server processes, at most one a core (they share one key for game tokens and one file of games)")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="a Host name to answer for besides the address's own (localhost, 127.0.0.1, ::1 on loopback); "
                   "repeat for more, '*' for any. Other names are refused (421): a page cannot rebind its name "
                   "to this server")
@click.option("--cors-origin", "cors", multiple=True, metavar="ORIGIN",
              help="an origin (https://example.org) whose pages may call the API; repeat for more (default: none)")
@click.option("--corpus", "corpus_dir", default=None, type=click.Path(file_okay=False, exists=True), metavar="DIR",
              help="a corpus of solved deals (corpus build) that POST /v1/corpus answers questions from")
def serve_cmd(host: str, port: int, workers: int, allow_hosts: tuple[str, ...], cors: tuple[str, ...],
              corpus_dir: str | None) -> None:
    if workers > most_workers():
        raise click.BadParameter(f"at most {most_workers()}, one a core of this machine (each worker process "
                                 f"searches on every core), not {workers}", param_hint="'--workers'")
    check_listening(host, port)
    if corpus_dir is not None:
        Corpus(corpus_dir)  # a directory without a corpus fails now, not at the first question
        os.environ[CORPUS_VARIABLE] = str(Path(corpus_dir).resolve())  # the server's processes inherit it
    serve_http(host=host, port=port, workers=workers, allow_hosts=allow_hosts, cors=cors)


def check_listening(host: str, port: int) -> None:
    """The server's address, tried before the server starts: a host that does not resolve or a port
    already taken is one error line naming it (the server itself would log it among its shutdown lines)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as e:
        raise click.BadParameter(f"{host!r} does not resolve: {e.strerror}", param_hint="'--host'") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds
        try:
            probe.bind(address)
        except OSError as e:
            raise click.ClickException(f"cannot listen on {host} port {port}: {e.strerror}") from None


@cli.command()
def demo() -> None:
    """Each game's showcase on a built-in deal: 42's double-dummy table, every first lead's value and
    the best line of play; Bingo's closing decision; Moon's and Partnership Moon's deal tables; The
    Big Game's lower-end leads in a position of seven tricks."""
    for spec in games.GAMES.values():
        if spec.render is not None:  # a game without a terminal rendering has no demo
            render.show_working(spec.render.demo(), f"{spec.title} demo")


cli.add_command(corpus_commands)
cli.add_command(board_command)


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
    except (click.exceptions.Abort, KeyboardInterrupt) as e:  # Ctrl-C: work left running is not waited for
        if isinstance(e, KeyboardInterrupt):  # outside click's handling, which says the newline
            click.echo(err=True)
        exit_now(1)
        exec("pass")  # noqa: S102 - clears CPython's mark of an interrupt in exec'd code (dominosolver/__main__.py)
        sys.exit(1)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
