"""Bingo on the command line: reading Bingo positions and views, and the Bingo parts of ``solve``,
``hint``, ``play bingo`` and ``demo``. Rich output on a terminal, JSON with ``--json``."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.table import Table

from ..bingo import Game, PlayerView, Position
from ..bingo.bots import HintBot
from ..bingo.hint import EXACT_LIMIT, close_value, hint
from ..bingo.solve import SOLVE_NODES, solve
from ..errors import ParseError
from ..io import json_value
from .render import console
from .sources import text_or_file

DEMO_DEAL = (
    "bingo trump=3 turned=33 leader=0 hands=66.53.52.51.44.22.21/60.55.50.43.40.11.00 "
    "boneyard=31.65.41.30.61.10.42.33 points=19/5 tricks=2/1"
)


SHOW_SCHEMA = "dominosolver.show/1"  # a position with what follows from it: to move, legal moves


def load(text: str) -> str | dict[str, Any]:
    """Notation text, a JSON string, or a path to a JSON file: the text or the decoded object."""
    stripped = text_or_file(text).strip()
    if stripped.startswith("{"):
        obj = json_value(stripped)
        if isinstance(obj, dict) and obj.get("schema") == SHOW_SCHEMA and isinstance(obj.get("position"), dict):
            return obj["position"]  # `show --json` output reads back as its position
        return obj
    return stripped


def is_bingo(data: str | dict[str, Any]) -> bool:
    if isinstance(data, dict):
        return data.get("game") == "bingo"
    return data.split(maxsplit=1)[:1] == ["bingo"]


def read(data: str | dict[str, Any]) -> Position | PlayerView:
    if isinstance(data, dict) and data.get("schema") == "dominosolver.view/1":
        return PlayerView.from_json(data)
    return Position.from_json(data) if isinstance(data, dict) else Position(data)


def emit(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2))


def position_table(pos: Position) -> Table:
    closed = f", closed by player {pos.closed_by}" if pos.closed_by is not None else ""
    table = Table(title=f"Bingo — trump {pos.trump} (turned {pos.turned}){closed}", title_justify="left")
    for col in ("player", "hand", "points", "tricks", "on the table"):
        table.add_column(col)
    for p in (0, 1):
        marker = " ◀ to move" if not pos.is_over and p == pos.to_move else ""
        lead = str(pos.trick[0]) if pos.trick and p == pos.leader else ""
        table.add_row(f"{p}{marker}", " ".join(str(t) for t in pos.hand(p)), str(pos.points[p]), str(pos.tricks[p]), lead)
    return table


def show_command(data: str | dict[str, Any], as_json: bool) -> None:
    pos = read(data)
    if isinstance(pos, PlayerView):
        if as_json:
            emit(pos.to_json())
        else:
            console.print(f"player {pos.seat}'s view: hand {' '.join(map(str, pos.hand))}; legal: "
                          + " ".join(str(m) for m in pos.legal_moves))
        return
    if as_json:
        emit({
            "schema": SHOW_SCHEMA, "game": "bingo", "position": pos.to_json(),
            "to_move": None if pos.is_over else pos.to_move, "legal_moves": [str(m) for m in pos.legal_moves],
            "result": pos.result._asdict() if pos.result else None,
        })
        return
    console.print(position_table(pos))
    if pos.is_over:
        r = pos.result
        console.print(f"deal over: player {r.winner} wins {r.game_points} game point(s) ({r.outcome.replace('_', ' ')})")
    else:
        console.print(f"player {pos.to_move} to play; legal: " + " ".join(str(m) for m in pos.legal_moves))
    console.print(f"[dim]{pos}[/dim]")


def solve_command(data: str | dict[str, Any], as_json: bool, max_nodes: int | None = None) -> None:
    """Solve exactly. A phase-one position gets a budget of `max_nodes` (default ``SOLVE_NODES``,
    about a second; 0 = none): such a world can take minutes. A closed or exhausted deal is always
    solved to the end (microseconds)."""
    pos = read(data)
    if isinstance(pos, PlayerView):
        raise ParseError("solve needs a full position; for a player's view use 'dominosolver hint'")
    budget = 0 if pos.perfect_information else SOLVE_NODES if max_nodes is None else max_nodes
    result = solve(pos, max_nodes=budget)
    if as_json:
        emit(result.to_json())
        return
    console.print(position_table(pos))
    table = Table(title=f"exact values for player {pos.to_move} (game points)", title_justify="left")
    table.add_column("move")
    table.add_column("value", justify="right")
    for move, value in sorted(result.moves.items(), key=lambda kv: -kv[1]):
        table.add_row(move + (" ★" if move in result.best else ""), f"{value:+d}")
    for move in result.extra.get("unsolved", []):
        table.add_row(move, "?")
    console.print(table)
    value = "unknown" if result.value is None else f"{result.value:+d}"
    margin = result.extra.get("points_margin")
    console.print(f"value {value}" + ("" if margin is None else f", points margin {margin:+d}")
                  + f", {result.nodes} nodes"
                  + ("" if pos.perfect_information else " (the boneyard order taken as known)"))
    if result.pv:
        console.print("principal variation: " + " ".join(result.pv))
    for w in result.extra.get("warnings", []):
        console.print(f"[yellow]warning:[/yellow] {w}; 'dominosolver hint' advises from a player's view")


def hint_command(data: str | dict[str, Any], seat: int | None, worlds: int, seed: int, max_nodes: int | None,
                 time_limit: float | None, exact_limit: int | None, threads: int | None, as_json: bool) -> None:
    """A Bingo hint. None leaves an option to the library: the exact limit, and a node budget per
    phase-one world (closed deals are solved exactly). --threads is refused: the worlds are solved on
    one thread."""
    if threads is not None:
        raise ParseError("--threads applies to 42 hints only: a Bingo hint solves its worlds on one thread")
    target = read(data)
    h = hint(target, seat=seat, worlds=worlds, seed=seed, max_nodes=max_nodes, time=time_limit,
             exact_limit=EXACT_LIMIT if exact_limit is None else exact_limit)
    if as_json:
        emit(h.to_json())
        return
    if isinstance(target, Position):
        console.print(f"[dim]hint from player {h.view.seat}'s view of[/dim] {target}")
    table = Table(title=f"hint for player {h.view.seat}: {h.method}, {h.worlds} worlds", title_justify="left")
    for col in ("rank", "move", "mean", "± se", "P(win)"):
        table.add_column(col, justify="right" if col != "move" else "left")
    for m in h.moves:
        table.add_row(str(m.rank), m.move, f"{m.mean:+.3f}", f"{m.stderr:.3f}", f"{m.p_win:.2f}")
    console.print(table)
    for w in h.warnings:
        console.print(f"[yellow]warning:[/yellow] {w}")


def play_command(seed: int, as_json: bool) -> None:
    """A whole game between two hint bots."""
    game = Game(seed=seed)
    bots = [HintBot(seed=seed), HintBot(seed=seed + 1)]
    while not game.is_over:
        game.play(bots[game.to_move].choose(game))
    if as_json:
        emit({"game": "bingo", "seed": seed, "winner": game.winner, "scores": list(game.scores),
              "deals": game.deals_played})
        return
    for i, d in enumerate(game.deals_played, 1):
        r = d["result"]
        console.print(f"deal {i}: player {d['start']} starts, turned {d['turned']}; points {d['points'][0]}–"
                      f"{d['points'][1]}, tricks {d['tricks'][0]}–{d['tricks'][1]} → player {r['winner']} "
                      f"+{r['game_points']} ({r['outcome'].replace('_', ' ')})")
    console.print(f"[bold]player {game.winner} wins[/bold], game points {game.scores[0]} – {game.scores[1]}")


def demo() -> None:
    """A closing decision after trick 3: the double-dummy value of closing averaged over every
    opponent hand, against the sampled value of playing on."""
    pos = Position(DEMO_DEAL)
    console.rule("Bingo — close now? (player 0 on lead after trick 3)")
    console.print(position_table(pos))
    view = pos.view(0)
    cv = close_value(view)
    console.print(f"close: {cv.mean:+.3f} game points, P(win) {cv.p_win:.2f} — double-dummy mean over all {cv.hands} "
                  f"opponent hands ({1000 * cv.elapsed:.0f} ms)")
    h = hint(view, worlds=60, seed=1)
    best_other = next(m for m in h.moves if m.move != "close")
    console.print(f"best without closing: {best_other.move} {best_other.mean:+.3f} ± {best_other.stderr:.3f} "
                  f"({h.method}, {h.worlds} worlds, seed 1)")
    console.print(f"advice: {'close' if cv.mean >= best_other.mean else best_other.move}")
