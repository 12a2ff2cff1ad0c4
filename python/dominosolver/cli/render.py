"""Terminal rendering with rich: positions, games and tables. Only presentation lives here."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from ..texas42 import SEATS, Position
from ..texas42.rules import bid_name

console = Console()


def position_table(pos: Position, title: str | None = None) -> Table:
    contract = f", contract {pos.contract}" if pos.contract else ""
    table = Table(title=title or f"Texas 42 — trump {pos.trump}{contract}", title_justify="left")
    table.add_column("seat")
    table.add_column("hand")
    table.add_column("on the table")
    trick = dict((p_seat, t) for p_seat, t in zip([(pos.leader + i) % 4 for i in range(4)], pos.trick))
    for seat in range(4):
        marker = " ◀ to move" if seat == pos.to_move and not pos.is_over else ""
        table.add_row(
            f"{SEATS[seat]}{marker}",
            " ".join(str(t) for t in pos.hand(seat)) or "—",
            str(trick[seat]) if seat in trick else "",
        )
    return table


def show_position(pos: Position) -> None:
    console.print(position_table(pos))
    ns, ew = pos.points
    console.print(f"points so far: NS {ns}, EW {ew}; tricks left {pos.tricks_left}")
    if not pos.is_over:
        console.print(f"{SEATS[pos.to_move]} to play; legal: " + " ".join(str(t) for t in pos.legal_moves))
    console.print(f"[dim]{pos}[/dim]")


def show_hand_record(number: int, hand: dict[str, Any]) -> None:
    bids = " ".join(hand["bids"])
    if hand["result"] is None:
        console.print(f"hand {number}: dealer {SEATS[hand['dealer']]}, bids {bids} — all passed, thrown in")
        return
    c = hand["contract"]
    r = hand["result"]
    outcome = "made" if r["made"] else "set"
    console.print(
        f"hand {number}: dealer {SEATS[hand['dealer']]}, bids {bids}; {SEATS[c.declarer]} bid {bid_name(c.bid)}, "
        f"trump {hand['trump']}; points NS {hand['points']['NS']} EW {hand['points']['EW']} → {outcome}, "
        f"+{r['score'][0]} NS / +{r['score'][1]} EW"
    )


def solve_table(result: Any) -> Table:
    table = Table(title=f"every move, points for {result.pov} from this trick on", title_justify="left")
    table.add_column("move")
    table.add_column("value", justify="right")
    table.add_column("cost", justify="right")
    for move, value in result.moves.items():
        cost = result.value - value
        style = "bold green" if cost == 0 else ("yellow" if cost <= 5 else "red")
        table.add_row(move, str(value), f"[{style}]{cost}[/{style}]")
    return table


def pv_lines(pos: Position, pv: list[str]) -> list[str]:
    """The principal variation trick by trick: who played what, who won, the points."""
    pos = pos.copy()
    lines, current = [], []
    for tile in pv:
        current.append(f"{SEATS[pos.to_move]} {tile}")
        pos.play(tile)
        if not pos.trick:
            w = pos.trick_winner
            lines.append("  ".join(current) + f"   → {SEATS[w]} wins")
            current = []
    if current:
        lines.append("  ".join(current))
    return lines


def show_solve(pos: Position, result: Any) -> None:
    console.print(f"value: [bold]{result.value}[/bold] points for {result.pov} ({SEATS[pos.to_move]} to play), "
                  f"{result.nodes:,} nodes")
    console.print(solve_table(result))
    if result.equivalent:
        console.print("interchangeable: " + "; ".join(" = ".join(g) for g in result.equivalent))
    console.print("best line:")
    for line in pv_lines(pos, result.pv):
        console.print("  " + line)


def dd_table(table_obj: Any) -> Table:
    from ..texas42.solve import declaration_name

    table = Table(title="double-dummy points for the declaring team (declarer leads)", title_justify="left")
    table.add_column("declaration")
    for s in SEATS:
        table.add_column(f"{s} declares", justify="right")
    for d, row in zip(table_obj.declarations, table_obj.points):
        best = int(row.max())
        table.add_row(declaration_name(d), *[f"[bold]{v}[/bold]" if v == best else str(v) for v in row])
    return table


def show_grades(grades: list[Any]) -> None:
    table = Table(title="play by play (values for the player's team)", title_justify="left")
    for col in ("#", "seat", "tile", "before", "after", "cost"):
        table.add_column(col, justify="right" if col in ("#", "before", "after", "cost") else "left")
    for i, g in enumerate(grades, 1):
        style = "green" if g.cost == 0 else "red"
        table.add_row(str(i), SEATS[g.seat], str(g.tile), str(g.before), str(g.after), f"[{style}]{g.cost}[/{style}]")
    console.print(table)
    for team in ("NS", "EW"):
        lost = sum(g.cost for g in grades if g.team == team)
        errors = sum(1 for g in grades if g.team == team and g.cost)
        console.print(f"{team}: {errors} costly plays, {lost} points given away")
