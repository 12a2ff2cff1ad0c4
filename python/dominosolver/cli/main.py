"""``dominosolver`` commands: show, play, demo. Rich output on a terminal, ``--json`` for machines."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..errors import DominoSolverError, ParseError
from ..texas42 import Game, Position, analyse_play, dd_table, solve as solve_42
from ..texas42.bots import RuleBot
from . import bingo_commands, render

DEMO_POSITION = (
    "trump=4 leader=N hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00 "
    "contract=N30"
)


def read_position(text: str) -> Position:
    """A position from notation text, a JSON string, or a path to a JSON file."""
    if Path(text).is_file():
        text = Path(text).read_text()
    stripped = text.strip()
    if stripped.startswith("{"):
        return Position.from_json(stripped)
    return Position(stripped)


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
        out = pos.to_json()
        out["to_move"] = pos.to_move
        out["legal_moves"] = [str(t) for t in pos.legal_moves]
        emit_json(out)
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
def solve(position: str, as_json: bool) -> None:
    """Solve a position exactly: its value, every legal move's value and a best line."""
    data = bingo_commands.load(position)
    if bingo_commands.is_bingo(data):
        bingo_commands.solve_command(data, as_json)
        return
    pos = read_position(position)
    result = solve_42(pos)
    if as_json:
        emit_json(result.to_json())
    else:
        render.show_solve(pos, result)


@cli.command()
@click.argument("position")
@click.option("--seat", type=int, default=None, help="whose view (default: the player to move)")
@click.option("--worlds", default=100, show_default=True, help="worlds to sample when they cannot all be solved")
@click.option("--seed", default=0, show_default=True, help="seed of the sampled worlds")
@click.option("--max-nodes", default=2_000_000, show_default=True,
              help="search budget per world; worlds needing more are left out and reported (0 = no limit)")
@click.option("--json", "as_json", is_flag=True, help="print the dominosolver.hint/1 JSON")
def hint(position: str, seat: int | None, worlds: int, seed: int, max_nodes: int, as_json: bool) -> None:
    """Advise the player to move from what it can see (a position, or a player's view JSON; Bingo for now)."""
    data = bingo_commands.load(position)
    if not bingo_commands.is_bingo(data):
        raise click.UsageError("hint handles Bingo positions and views so far")
    bingo_commands.hint_command(data, seat, worlds, seed, max_nodes, as_json)


@cli.command()
@click.argument("deal")
@click.option("--json", "as_json", is_flag=True, help="print the table as JSON")
def table(deal: str, as_json: bool) -> None:
    """Double-dummy table of a deal: points for each declaration and declarer seat.

    DEAL is 'hands=66.64.../.../.../...', four hands as JSON, or a position (JSON or notation)."""
    source: Any = deal
    if Path(deal).is_file():
        source = Path(deal).read_text()
    if isinstance(source, str) and "trump=" in source:
        source = read_position(source)
    result = dd_table(source)
    if as_json:
        emit_json(result.to_json())
    else:
        render.console.print(render.dd_table(result))


@cli.command()
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the grades as JSON")
def analyse(record: str, as_json: bool) -> None:
    """Grade every play of a recorded hand against perfect play.

    RECORD is a JSON file: {"position": <position/1>, "plays": ["6-4", ...]}, or a position/1
    object with a history (its recorded plays are graded from the start)."""
    try:
        obj = json.loads(Path(record).read_text())
    except json.JSONDecodeError as e:
        raise ParseError(f"{record}: malformed JSON: {e}") from None
    if isinstance(obj, dict) and "plays" in obj:
        start, plays = Position.from_json(obj["position"]), obj["plays"]
    else:
        start = Position.from_json(obj)
        plays = [str(t) for _, t in start.plays]
        while start.plays:
            start.undo()
    grades = analyse_play(start, plays)
    if as_json:
        emit_json({"schema": "dominosolver.analysis/1", "game": "texas42", "position": start.to_json(),
                   "plays": [{"seat": g.seat, "tile": str(g.tile), "before": g.before, "after": g.after,
                              "cost": g.cost} for g in grades]})
    else:
        render.show_grades(grades)


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
    except click.exceptions.Abort:
        sys.exit(1)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
