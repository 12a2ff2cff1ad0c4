"""Bingo on a terminal (rich): positions, views, solves, hints, graded play and played games. Only
presentation lives here; each function yields what to print, in order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table

from ..bingo import Move, PlayerView, Position, Rules, close_value, hint
from ..bingo.bots import TARGET
from ..bingo.rules import PLAYERS
from ..errors import counted
from ..result import SolveResult
from .kit import GAME_ANALYSIS, Notation, RenderKit, legend

__all__ = ["DEMO_DEAL", "RENDER", "analysis_names", "move_names", "move_words"]

Output = Iterator[RenderableType]

DEMO_DEAL = (
    "bingo trump=3 turned=33 leader=0 hands=66.53.52.51.44.22.21/60.55.50.43.40.11.00 "
    "boneyard=31.65.41.30.61.10.42.33 points=19/5 tricks=2/1"
)


def move_words(move: str, rules: Rules) -> str:
    """A move as the board and the terminal print it (``Move.words``): a declaration by its doubles
    and points, every other move as it is written."""
    return Move.parse(move).words(rules)


def analysis_names(analysis: dict[str, Any], rules: Rules) -> dict[str, str]:
    """The names of an analysis's declarations (what the analysis JSON's ``names.moves`` carries)."""
    return {g["move"]: move_words(g["move"], rules) for g in analysis["plays"] if g["move"].startswith("declare")}


def move_names(game: Any, moves: list[str], view: dict[str, Any]) -> dict[str, Any]:
    """What the board prints for Bingo's legal moves (the bot game's ``names``): a declaration by its
    doubles and points, every other move as it is written; the trump is the turned suit's number."""
    rules = game.rules
    words = {m: move_words(m, rules) for m in moves}
    trump = view.get("trump")
    return {"moves": words, "trump": None if trump is None else str(trump)}


def position_table(pos: Position) -> Table:
    closed = f", closed by player {pos.closed_by}" if pos.closed_by is not None else ""
    table = Table(title=f"Bingo — trump {pos.trump} (turned {pos.turned}){closed}", title_justify="left")
    for col in ("player", "hand", "points", "tricks", "on the table"):
        table.add_column(col)
    for p in PLAYERS:
        marker = " ◀ to move" if not pos.is_over and p == pos.to_move else ""
        lead = str(pos.trick[0]) if pos.trick and p == pos.leader else ""
        table.add_row(f"{p}{marker}", " ".join(str(t) for t in pos.hand(p)), str(pos.points[p]), str(pos.tricks[p]), lead)
    return table


def show_position(pos: Position) -> Output:
    yield position_table(pos)
    if pos.is_over:
        r = pos.result
        yield f"deal over: player {r.winner} wins {r.game_points} game point(s) ({r.outcome.replace('_', ' ')})"
    else:
        yield f"player {pos.to_move} to play; legal: " + " ".join(str(m) for m in pos.legal_moves)
    yield Notation(str(pos))


def show_view(view: PlayerView) -> Output:
    yield (f"player {view.seat}'s view: hand {' '.join(map(str, view.hand))}; legal: "
           + " ".join(str(m) for m in view.legal_moves))


def seat_table(view: PlayerView) -> Output:
    """What a player sees: trump and the boneyard, its own hand, the opponent's tile count and the
    tiles it is known to hold, points, tricks and the tile led."""
    closed = f", closed by player {view.closed_by}" if view.closed_by is not None else ""
    table = Table(title=f"Bingo — trump {view.trump} (turned {view.turned}), boneyard {view.boneyard_size}{closed}; "
                        f"you are player {view.seat}", title_justify="left")
    for col in ("player", "hand", "points", "tricks", "on the table"):
        table.add_column(col)
    known = " ".join(str(t) for t in sorted(view.opponent_known, reverse=True))
    for p in PLAYERS:
        marker = " ◀ to move" if p == view.to_move else ""
        hand = (" ".join(map(str, view.hand)) if p == view.seat
                else f"{view.opponent_hand_size} tiles" + (f", holding {known}" if known else ""))
        lead = str(view.trick[0]) if view.trick and p == view.leader else ""
        table.add_row(f"{p}{marker}", hand, str(view.points[p]), str(view.tricks[p]), lead)
    yield table


def deal_line(number: int, d: dict[str, Any]) -> str:
    """One finished deal of a game's record in a line."""
    r = d["result"]
    return (f"deal {number}: player {d['start']} starts, turned {d['turned']}; points {d['points'][0]}–"
            f"{d['points'][1]}, tricks {d['tricks'][0]}–{d['tricks'][1]} → player {r['winner']} "
            f"+{r['game_points']} ({r['outcome'].replace('_', ' ')})")


def hand_summary(number: int, deal: dict[str, Any], analysis: dict[str, Any] | None, seat: int) -> Output:
    """A finished deal for the player who played it: the result, then each of its moves with what
    it cost against perfect play with every tile's place known, in game points."""
    yield Rule(f"deal {number} over")
    yield deal_line(number, deal)
    if analysis is None:
        return
    table = Table(title=f"your moves as player {seat}: game points with perfect play from each on",
                  title_justify="left")
    for col in ("#", "move", "before", "after", "cost"):
        table.add_column(col, justify="left" if col == "move" else "right")
    mine = [(k, g) for k, g in enumerate(analysis["plays"], 1) if g["seat"] == seat]
    names = analysis.get("names", {}).get("moves", {})
    for k, g in mine:
        cost = g["cost"]
        style = "dim" if cost is None else "green" if cost == 0 else "red"
        table.add_row(str(k), names.get(g["move"], g["move"]), _points(g["before"]), _points(g["after"]),
                      f"[{style}]{_points(cost, signed=False)}[/{style}]")
    yield table
    known = [g["cost"] for _, g in mine if g["cost"] is not None]
    unsolved = len(mine) - len(known)
    yield (f"you gave away {sum(known)} game points in {sum(1 for c in known if c)} of {len(mine)} moves"
           + (f" ({unsolved} not solved within the node budget)" if unsolved else ""))


def show_solve(pos: Position, result: SolveResult) -> Output:
    yield position_table(pos)
    table = Table(title=f"exact values for player {pos.to_move} (game points)", title_justify="left")
    table.add_column("move")
    table.add_column("value", justify="right")
    for move, value in sorted(result.moves.items(), key=lambda kv: -kv[1]):
        table.add_row(move + (" ★" if move in result.best else ""), f"{value:+d}")
    for move in result.extra.get("unsolved", []):
        table.add_row(move, "?")
    yield table
    yield legend("double-dummy: every tile's place seen, perfect play by both; ★ best; ?: not solved in budget")
    value = "unknown" if result.value is None else f"{result.value:+d}"
    margin = result.extra.get("points_margin")
    yield (f"value {value}" + ("" if margin is None else f", points margin {margin:+d}")
           + f", {result.nodes} nodes"
           + ("" if pos.perfect_information else " (the boneyard order taken as known)"))
    if result.pv:
        yield "principal variation: " + " ".join(result.pv)
    for w in result.extra.get("warnings", []):
        yield f"[yellow]warning:[/yellow] {w}; 'dominosolver hint' advises from a player's view"


def show_hint(h: Any, target: Any) -> Output:
    if isinstance(target, Position):
        yield f"[dim]hint from player {h.view.seat}'s view of[/dim]"
        yield Notation(str(target), style="")
    table = Table(title=f"hint for player {h.view.seat}: {h.method}, {h.worlds} worlds", title_justify="left")
    for col in ("rank", "move", "mean", "± se", "P(win)"):
        table.add_column(col, justify="right" if col != "move" else "left")
    for m in h.moves:
        table.add_row(str(m.rank), escape(move_words(m.move, h.view.rules)), f"{m.mean:+.3f}", f"{m.stderr:.3f}", f"{m.p_make:.2f}")
    yield table
    deals = "every world" if h.method == "exact" else "pimc: random worlds"
    yield legend(f"{deals} (opponent hand and boneyard) that fit the view, each solved double-dummy; "
                 "mean: game points")
    if any(m.move == "close" for m in h.moves):
        yield legend(f"close: the boneyard leaves play, no more drawing, and the rest follows phase two's duties; "
                     f"the closer must reach {TARGET} points, else the opponent scores 2 or 3 game points "
                     "(docs/rules.md §5.6, §5.9)")
    for w in h.warnings:
        yield f"[yellow]warning:[/yellow] {w}"


def _points(value: int | None, signed: bool = True) -> str:
    if value is None:
        return "?"
    return f"{value:+d}" if signed else str(value)


def show_deal_analysis(analysis: dict[str, Any]) -> Output:
    """A Bingo dominosolver.analysis/1 object: each play's value before and after it for player 0
    throughout (a deal's game points are one player's gain, the other's loss), and its cost to the
    player who made it ("?" where the node budget left the solve unfinished)."""
    table = Table(title="play by play: game points for player 0, perfect play from each move on",
                  title_justify="left")
    for col in ("#", "player", "move", "before", "after", "cost"):
        table.add_column(col, justify="left" if col in ("player", "move") else "right")
    names = analysis.get("names", {}).get("moves", {})
    for i, g in enumerate(analysis["plays"], 1):
        cost = g["cost"]
        style = "dim" if cost is None else "green" if cost == 0 else "red"
        table.add_row(str(i), str(g["seat"]), names.get(g["move"], g["move"]), _points(_for_player_0(g, "before")),
                      _points(_for_player_0(g, "after")), f"[{style}]{_points(cost, signed=False)}[/{style}]")
    yield table
    yield legend("before, after: game points for player 0 with every tile's place seen (double-dummy); "
                 "cost: lost by the mover")
    for player in PLAYERS:
        mine = [g for g in analysis["plays"] if g["seat"] == player]
        known = [g["cost"] for g in mine if g["cost"] is not None]
        unsolved = len(mine) - len(known)
        yield (f"player {player}: {counted(sum(1 for c in known if c), 'costly play')}, "
               f"{counted(sum(known), 'game point')} given away"
               + (f" ({counted(unsolved, 'play')} not solved within the node budget)" if unsolved else ""))
    for w in analysis.get("warnings", []):
        yield f"[yellow]warning:[/yellow] {w}"


def _for_player_0(graded: dict[str, Any], key: str) -> int | None:
    """A graded value (for the player who moved) as player 0 counts it."""
    value = graded[key]
    if value is None:
        return None
    return value if graded["seat"] == 0 else -value


def show_analysis(graded: dict[str, Any]) -> Output:
    """Graded plays: one deal (analysis/1), or deal after deal of a game (gameanalysis/1)."""
    if graded["schema"] == GAME_ANALYSIS:
        for number, deal in enumerate(graded["deals"], 1):
            yield Rule(f"deal {number}")
            yield from show_deal_analysis(deal)
    else:
        yield from show_deal_analysis(graded)


def show_game(record: dict[str, Any]) -> Output:
    for i, d in enumerate(record["deals"], 1):
        yield deal_line(i, d)
    yield f"[bold]player {record['winner']} wins[/bold], game points {record['scores'][0]} – {record['scores'][1]}"


def demo() -> Output:
    """A closing decision after trick 3: the double-dummy value of closing averaged over every
    opponent hand, against the sampled value of playing on."""
    pos = Position(DEMO_DEAL)
    yield Rule("Bingo — close now? (player 0 on lead after trick 3)")
    yield position_table(pos)
    view = pos.view(0)
    cv = close_value(view)
    yield (f"close: {cv.mean:+.3f} game points, P(win) {cv.p_win:.2f} — double-dummy mean over all {cv.hands} "
           f"opponent hands ({1000 * cv.elapsed:.0f} ms)")
    yield legend("double-dummy: each hand solved with every tile's place seen; pimc: random worlds")
    h = hint(view, samples=60, seed=1)
    best_other = next(m for m in h.moves if m.move != "close")
    yield (f"best without closing: {best_other.move} {best_other.mean:+.3f} ± {best_other.stderr:.3f} "
           f"({h.method}, {h.worlds} worlds, seed 1)")
    yield f"advice: {'close' if cv.mean >= best_other.mean else best_other.move}"


RENDER = RenderKit(
    position=show_position,
    view=show_view,
    solve=show_solve,
    hint=show_hint,
    analysis=show_analysis,
    game=show_game,
    demo=demo,
    seat_table=seat_table,
    hand_summary=hand_summary,
)
