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
