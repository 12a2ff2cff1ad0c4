"""Texas 42 on a terminal (rich): positions, views, solves, hints, double-dummy tables, graded play
and played games. Only presentation lives here; each function yields what to print, in order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.console import RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..errors import counted
from ..result import SolveResult
from ..texas42 import PlayerView, PlayGrade, Position, dd_table, projection, solve
from ..texas42.rules import SEATS, Rules, bid_name, contract_sides, contract_text, side_label
from ..texas42.solve import declaration_name, still_to_take, taken
from ..texas42.plays import parse_play
from .kit import GAME_ANALYSIS, Notation, RenderKit, legend

__all__ = ["BLOCKS", "RENDER", "projection_chart"]

Output = Iterator[RenderableType]
DOUBLE_DUMMY = "double-dummy: all hands seen, perfect play by both sides"

DEMO_POSITION = (
    "trump=4 leader=N hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00 "
    "contract=N30"
)


def position_table(pos: Position, title: str | None = None) -> Table:
    contract = f", contract {contract_text(pos.contract, pos.rules)}" if pos.contract else ""
    table = Table(title=title or f"{pos.rules.title} — trump {pos.trump}{contract}", title_justify="left")
    table.add_column("seat")
    table.add_column("hand")
    table.add_column("on the table")
    rules = pos.rules
    trick = {rules.seat_after(pos.leader, i): t for i, t in enumerate(pos.trick)}
    for seat in range(rules.seats):
        marker = " ◀ to move" if seat == pos.to_move and not pos.is_over else ""
        table.add_row(
            f"{pos.seat_name(seat)}{marker}",
            " ".join(str(t) for t in pos.hand(seat)) or "—",
            str(trick[seat]) if seat in trick else "",
        )
    return table


def show_position(pos: Position) -> Output:
    yield position_table(pos)
    # A contract counted in tricks (Plunge, Splash, Nel-O, Sevens) shows tricks won, not points.
    scores = pos.tricks_won if pos.units == "tricks" else pos.points
    so_far = ", ".join(f"{side_label(pos.rules, side)} {n}" for side, n in zip(pos.side_names, scores))
    yield f"{pos.units} so far: {so_far}; tricks left {pos.tricks_left}"
    if not pos.is_over:
        yield f"{pos.seat_name(pos.to_move)} to play; legal: " + " ".join(str(t) for t in pos.legal_moves)
    yield Notation(str(pos))


def show_view(view: PlayerView) -> Output:
    names = view.rules.seat_names
    hand = f"{names[view.seat]}'s view: hand {' '.join(map(str, view.hand))}"
    if view.trump is None and view.contract is None and any(view.hand_sizes):
        # In the auction: its calls and who bids next (no turn given: the seat itself, as advise-bid reads it)
        calls = ", ".join(f"{names[s]} {bid_name(b)}" for s, b in view.auction) or "no bids yet"
        bidder = view.to_move if view.to_move is not None else None if view.auction else view.seat
        yield hand
        yield f"auction: {calls}" + ("" if bidder is None else f"; {names[bidder]} to bid")
        if view.legal_bids:
            yield "legal bids: " + " ".join(bid_name(b) for b in view.legal_bids)
        return
    if view.trump is None and view.contract is not None and any(view.hand_sizes):
        # Won, trumps not named yet: the declarer names them (The Big Game's after laying a tile away, §4.3)
        declarer = names[view.contract.declarer]
        exchange = view.hand_sizes[view.contract.declarer] > view.rules.hand_size
        yield hand
        yield f"contract {contract_text(view.contract, view.rules)}: " + (
            f"{declarer} (the declarer) to lay a tile away, then name trumps" if exchange
            else f"trumps to be named by {declarer} (the declarer)")
        return
    trick = " ".join(str(t) for t in view.trick) or "nothing"
    turn = "" if view.to_move is None else f"; {names[view.to_move]} to move"
    yield f"{hand}; on the table {trick}{turn}"
    if view.legal_moves:
        yield "legal: " + " ".join(str(t) for t in view.legal_moves)


def seat_table(view: PlayerView) -> Output:
    """What a seat sees at the table: the auction or the contract, its own hand, the others' tile
    counts (and any tiles their contract shows), the trick on the table and the last one taken."""
    rules = view.rules
    names = rules.seat_names
    named = contract_text(view.contract, rules) if view.contract else ""
    contract = f"contract {named}, trump {view.trump}" if view.trump is not None else (
        f"contract {named}, declaration to name" if view.contract else "the auction")
    table = Table(title=f"{rules.title} — {contract}; you are {names[view.seat]}", title_justify="left")
    for col in ("seat", "hand", "bid", "on the table"):
        table.add_column(col)
    bids = {seat: bid_name(bid) for seat, bid in view.auction}
    trick = {} if view.leader is None else {rules.seat_after(view.leader, i): t for i, t in enumerate(view.trick)}
    for seat in range(rules.seats):
        marker = " ◀ to move" if seat == view.to_move else ""
        shown = view.revealed[seat] if view.revealed else ()
        hand = (" ".join(map(str, view.hand)) if seat == view.seat
                else f"{view.hand_sizes[seat]} tiles" + (f", showing {' '.join(map(str, shown))}" if shown else ""))
        table.add_row(f"{names[seat]}{marker}", hand, bids.get(seat, ""), str(trick[seat]) if seat in trick else "")
    yield table
    if view.trump is not None:
        sides = contract_sides(rules, view.trump, view.contract)
        units = "points" if rules.row.counters else "tricks"  # Moon's points are its tricks
        yield f"{units} so far: " + ", ".join(f"{side_label(rules, side)} {n}" for side, n in zip(sides, view.points))
        done = len(view.plays) - len(view.trick)  # plays of finished tricks
        if done:
            last = "  ".join(f"{names[s]} {t}" for s, t in view.plays[done - rules.seats:done])
            yield f"last trick: {last}   → {names[view.leader]} won it"  # and leads the next


def hand_summary(number: int, hand: dict[str, Any], analysis: dict[str, Any] | None, seat: int) -> Output:
    """A finished hand for the seat that played it: the result, then each of its plays with what it
    cost against perfect play (double dummy: every hand known)."""
    yield Rule(f"hand {number} over")
    yield show_hand_record(number, hand)
    if analysis is None:
        return
    units = analysis.get("units", "points")
    start = Position.from_json(analysis["position"])
    table = Table(title=f"your plays as {start.seat_name(seat)}, graded with every hand known: {units} for your team "
                        "with perfect play from each on", title_justify="left")
    for col in ("trick", "tile", "its value", "best play", "best value", "cost", "label"):
        table.add_column(col, justify="left" if col in ("tile", "best play", "label") else "right")
    trick_size = start.trick_size  # Nel-O's may leave a seat out
    mine = []
    for k, g in enumerate(analysis["plays"]):
        if g["seat"] == seat:
            mine.append(g)
            table.add_row(str(k // trick_size + 1), g["tile"], str(g["after"]), best_cell(g) or g["tile"],
                          str(g["before"]), f"[{'green' if g['cost'] == 0 else 'red'}]{g['cost']}[/]", label_cell(g))
    yield table
    lost = sum(g["cost"] for g in mine)
    yield f"you gave away {lost} {units} in {sum(1 for g in mine if g['cost'])} of {len(mine)} plays"
    yield from accuracy_lines(analysis, [start.seat_name(seat)])
    yield legend(labels_legend(analysis))
    if analysis.get("auction") is not None:
        yield auction_table(analysis["auction"], seat)
    if analysis.get("discard") is not None and analysis["discard"]["seat"] == seat:
        yield discard_table(analysis["discard"])


def solve_table(result: SolveResult, side: str) -> Table:
    table = Table(title=f"every move, {result.units} for {side} from this trick on", title_justify="left")
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
        current.append(f"{pos.seat_name(pos.to_move)} {tile}")
        pos.play(tile)
        if not pos.trick:
            w = pos.trick_winner
            lines.append("  ".join(current) + f"   → {pos.seat_name(w)} wins")
            current = []
    if current:
        lines.append("  ".join(current))
    return lines


def show_solve(pos: Position, result: SolveResult) -> Output:
    if pos.is_over:
        yield "the hand is over: every tile has been played, nothing is left to solve"
        return
    makes = "" if result.makes is None else f", the contract {'makes' if result.makes else 'is set'}"
    side = side_label(pos.rules, result.pov)  # Moon's "P0+P2": its JSON's "P0P2" as people read it
    yield (f"value: [bold]{result.value}[/bold] {result.units} for {side} ({pos.seat_name(pos.to_move)} to play){makes}, "
           f"{result.nodes:,} nodes")
    yield solve_table(result, side)
    yield legend(f"{DOUBLE_DUMMY}; cost: lost against the best")
    if result.equivalent:
        yield "interchangeable: " + "; ".join(" = ".join(g) for g in result.equivalent)
    tied = [m for m in result.best if result.pv and m != result.pv[0]]
    if tied:  # several moves keep the value: name them all, then the line shown follows the first
        yield f"best moves (each keeps {result.value} {result.units}): {' '.join([result.pv[0], *tied])}"
        yield f"best line, from {result.pv[0]}:"
    else:
        yield "best line:"
    for line in pv_lines(pos, result.pv):
        yield "  " + line


def table_of(table_obj: Any) -> Output:
    """A deal's table: a ``DDTable``'s points for the declaring team, or a ``MoonTable``'s tricks for
    the bidder's side (Moon's and Partnership Moon's: the bidder alone against the others)."""
    rules = table_obj.rules
    if hasattr(table_obj, "tricks"):  # a table in tricks: the bidder leads, after its best discard of the widow
        widow = f" after its best discard of the widow {' '.join(map(str, table_obj.widow))}" if table_obj.widow else ""
        title, verb, values = f"{rules.title}: tricks the bidder's side takes, the bidder leading{widow}", "bids", table_obj.tricks
        against = "the other two together" if rules.seats == 3 else "the other side"
        note = f"{DOUBLE_DUMMY}; the bidder alone against {against}; bold: the row's best seat"
    else:
        title, verb, values = "double-dummy points for the declaring team (declarer leads)", "declares", table_obj.points
        note = f"{DOUBLE_DUMMY}; bold: the row's best seat"
    table = Table(title=title, title_justify="left")
    table.add_column("declaration")
    for s in rules.seat_names:
        table.add_column(f"{s} {verb}", justify="right")
    for d, row in zip(table_obj.declarations, values):
        best = int(row.max())
        table.add_row(declaration_name(d), *[f"[bold]{v}[/bold]" if v == best else str(v) for v in row])
    yield table
    yield legend(note)


def special_table_of(table_obj: Any) -> Output:
    table = Table(title="special contracts: does the declarer's side take every trick (partner names and leads)",
                  title_justify="left")
    table.add_column("declaration")
    for s in table_obj.rules.seat_names:
        table.add_column(f"{s} bids", justify="right")
    for d, row in zip(table_obj.declarations, table_obj.every_trick):
        table.add_row(declaration_name(d), *["[bold green]all[/bold green]" if v else "-" for v in row])
    for kind, seats in table_obj.may_bid.items():
        table.add_row(f"may bid {kind}", *["yes" if v else "no" for v in seats])
    yield table
    yield legend(f"{DOUBLE_DUMMY}; all: its side takes every trick")
    if len(table_obj.contracts):  # Nel-O's doubles modes and Sevens, as the rules offer them
        own = Table(title="declared on a mark bid: does the declarer make it (declarer leads)", title_justify="left")
        own.add_column("contract")
        for s in table_obj.rules.seat_names:
            own.add_column(f"{s} declares", justify="right")
        for c, row in zip(table_obj.contracts, table_obj.makes):
            own.add_row(c, *["[bold green]makes[/bold green]" if v else "no" for v in row])
        yield own


def hint_table(h: Any) -> Table:
    exact = "exact, every one of" if h.exact else "sampled"
    seed = "" if h.seed is None else f", seed {h.seed}"
    title = (f"{h.view.rules.seat_names[h.seat]} to play ({side_label(h.view.rules, h.pov)}): {exact} {h.worlds} worlds{seed}, {h.elapsed * 1000:.0f} ms"
             + (f"; goal: {h.goal} the contract" if h.goal else ""))
    table = Table(title=title, title_justify="left")
    for col in ("rank", "move", f"mean {h.units}", "± stderr", "P(make)", "± its stderr"):
        table.add_column(col, justify="left" if col == "move" else "right")
    for m in h.moves:
        style = "bold green" if m.rank == 1 else ""
        pm = ("—", "—") if m.p_make is None else (f"{m.p_make:.3f}", f"{m.p_make_stderr:.3f}")
        # The moves the first key did not tie have no mean (the hint's means="tied").
        mean = ("—", "—") if m.mean is None else (f"{m.mean:.2f}", f"{m.stderr:.2f}")
        table.add_row(str(m.rank), f"[{style}]{m.move}[/{style}]" if style else m.move, *mean, *pm)
    return table


def show_hint(h: Any, target: Any) -> Output:
    if h.basis == "tests":  # no world valued whole within the time (The Big Game's first tricks): the make tests' counts
        yield str(h)
        yield from (f"[yellow]warning:[/yellow] {w}" for w in h.warnings)
        return
    yield hint_table(h)
    who = h.view.rules.seat_names[h.seat]
    deals = f"every one of the {h.worlds} deals" if h.exact else f"{h.worlds} random deals (PIMC)"
    yield legend(f"resting on {deals} of the tiles {who} cannot see, from {who}'s view only (nothing hidden is used), "
                 "each solved double-dummy (all hands seen)"
                 + ("; P(make): share of deals the declaring side makes its bid" if h.goal else "")
                 + ("; mean —: not valued, its P(make) decides its rank (only moves tied for the best P(make) are "
                    "valued; --means all values every move)" if any(m.mean is None and m.p_make is not None for m in h.moves)
                    else ""))
    for w in h.warnings:  # every warning the hint carries, each on its own line
        yield f"[yellow]warning:[/yellow] {w}"


def show_grades(analysis: dict[str, Any]) -> Output:
    """The plays of a dominosolver.analysis/1 object, one row each, valued from one side throughout
    (the declaring side; NS without a contract): what it ends the hand with under perfect play,
    before and after the play. A play's cost is its own side's loss; in tricks (a contract of every
    trick or none) also each play's cost in P(make): 1 where it turned a make into a set for its side."""
    plays, units = analysis["plays"], analysis.get("units", "points")
    start = Position.from_json(analysis["position"])
    team, side = side_of_chart(start)
    goal = any("goal_cost" in g for g in plays)
    table = Table(title=f"play by play, in {units}: what {side} ends the hand with, perfect play from each on",
                  title_justify="left")
    sides = [side_label(start.rules, name) for name in start.side_names]
    for col in ("#", "seat", "tile (best)", f"{sides[team]} before", f"{sides[team]} after", "cost",
                *(("P(make) cost",) if goal else ()), "label"):
        table.add_column(col, justify="left" if col in ("seat", "tile (best)", "label") else "right",
                         no_wrap=col in ("P(make) cost", "label"))
    pos = start.copy()
    for i, g in enumerate(plays, 1):
        so_far, left, ours = taken(pos, team), still_to_take(pos), pos.side_of(g["seat"]) == team
        before, after = (so_far + (v if ours else left - v) for v in (g["before"], g["after"]))
        style = "green" if g["cost"] == 0 else "red"
        goal_cell = () if not goal else (f"[{'red' if g['goal_cost'] else 'green'}]{g['goal_cost']}[/]",)
        best = g.get("best") or []  # the first best play, and how many more tie with it
        tile = g["tile"] + (f" ({best[0]}{f' +{len(best) - 1}' if len(best) > 1 else ''})" if best else "")
        table.add_row(str(i), start.seat_name(g["seat"]), tile, str(before), str(after),
                      f"[{style}]{g['cost']}[/{style}]", *goal_cell, label_cell(g))
        pos.play(g["tile"])
    yield table
    yield legend(f"graded with every hand known: before, after: {sides[team]}'s {units} with perfect play on "
                 "(double-dummy), before it the best play's value; cost: lost by the player's own side; (best): beside a "
                 "costly play, a play that kept the value before it (+n: as many more did)")
    for side, each in enumerate(sides):
        mine = [g for g in plays if start.side_of(g["seat"]) == side]
        lost = sum(g["cost"] for g in mine)
        errors = sum(1 for g in mine if g["cost"])
        turned = f"; {sum(g['goal_cost'] for g in mine)} turned the contract against its side" if goal else ""
        yield f"{each}: {counted(errors, 'costly play')}, {counted(lost, units.removesuffix('s'))} given away{turned}"
    yield from accuracy_lines(analysis)
    yield legend(labels_legend(analysis))


def best_cell(grade: dict[str, Any]) -> str:
    """The best plays beside a costly one (those that kept the value before it); "" for a best play."""
    best = grade.get("best")
    return "" if not best else "/".join(best)


def label_cell(grade: dict[str, Any]) -> str:
    label = grade.get("label")
    return "" if label is None else f"[{'red' if label == 'blunder' else 'yellow'}]{label}[/]"


def accuracy_lines(analysis: dict[str, Any], seats: list[str] | None = None) -> Output:
    """Each seat's accuracy in the hand (its plays that lost nothing with every hand known) and its labels."""
    for seat, acc in (analysis.get("accuracy") or {}).items():
        if seats is not None and seat not in seats:
            continue
        named = [g["label"] for g in analysis["plays"] if g.get("label") and Position.from_json(
            analysis["position"]).seat_name(g["seat"]) == seat]
        counts = ", ".join(f"{named.count(n)} {n}{'s' if named.count(n) > 1 else ''}"
                           for n in ("blunder", "mistake", "inaccuracy") if n in named)
        yield (f"{seat}: accuracy {acc['percent']:.0f}% ({acc['best']} of {acc['plays']} plays best with every hand known)"
               + (f"; {counts}" if counts else ""))


def labels_legend(analysis: dict[str, Any]) -> str:
    """What the labels count, on lichess's scale."""
    labels = analysis.get("labels") or {"currency": "points", "steps": [5, 10, 20]}
    steps = " / ".join(str(s) for s in labels["steps"])
    if labels["currency"] == "P(make)":
        return (f"labels: inaccuracy / mistake / blunder at {steps} percentage points of the side's P(make) (P(set) "
                "defending) given away; with every hand known it is 0 or 1, so a play that turns the result is a "
                "blunder and one that only costs points is none")
    return f"labels: inaccuracy / mistake / blunder at {steps} points given away (no contract at stake)"


def side_of_chart(start: Position) -> tuple[int, str]:
    """The side graded plays are valued for: the declaring side (NS without a contract), and its name
    as a heading says it."""
    if start.contract is None:
        return 0, side_label(start.rules, start.side_names[0])
    team = start.side_of(start.contract.declarer)
    return team, f"{side_label(start.rules, start.side_names[team])} ({start.seat_name(start.contract.declarer)} bid {bid_name(start.contract.bid)})"


def show_graded_hand(number: int, analysis: dict[str, Any] | None) -> Output:
    """One hand of a dominosolver.gameanalysis/1 object: its contract, then its grades."""
    if analysis is None:
        yield Rule(f"hand {number}: thrown in, nothing played")
        return
    pos = Position.from_json(analysis["position"])
    yield Rule(f"hand {number}: {pos.seat_name(pos.contract.declarer)} bid {bid_name(pos.contract.bid)}, trump {pos.trump}"
               if pos.contract else f"hand {number}: trump {pos.trump}")
    yield from show_hand_analysis(analysis)


def auction_table(grades: dict[str, Any], seat: int | None = None) -> Table:
    """A hand's auction grades (``bid_grades.py``): each call (``seat``'s only, when given) and the
    declaration, with the adviser's action, the best by expected marks and the cost."""
    who = "your calls" if seat is not None else "the calls"
    table = Table(title=f"{who} and the declaration: expected marks in play (calibrated), against the best",
                  title_justify="left")
    for col in ("seat", "choice", "advised", "best", "expected", "cost"):
        table.add_column(col, justify="right" if col in ("expected", "cost") else "left")
    decisions = [*grades["calls"], *([grades["declaration"]] if grades["declaration"] else [])]
    for g in decisions:
        if seat is not None and g["seat"] != seat:
            continue
        cost = "—" if g["cost"] is None else f"[{'green' if g['cost'] < 0.005 else 'red'}]{g['cost']:.2f}[/]"
        expected = "—" if g["expected"] is None else f"{g['expected']:+.2f}"
        table.add_row(SEATS[g["seat"]], g["choice"], g["advised"], g["best"], expected, cost)
    return table


def discard_table(grade: dict[str, Any]) -> Table:
    """The bidder's discard graded with every hand known (``discard_grades.py``): each tile it could
    have laid away, what its side then takes, whether that makes the bid; the one laid away marked."""
    cost = grade["cost"]
    table = Table(title=f"the discard, every hand known: {grade['choice']} laid away, best {grade['best']}, cost "
                        f"[{'green' if cost == 0 else 'red'}]{cost}[/] {grade['units']} (the bid needs {grade['need']})",
                  title_justify="left")
    for col in ("discard", grade["units"], "makes"):
        table.add_column(col, justify="left" if col == "discard" else "right")
    for tile, value in grade["values"].items():
        shown = f"[bold]{tile}[/bold] (laid away)" if tile == grade["choice"] else tile
        table.add_row(shown, str(value), "yes" if grade["makes"][tile] else "no")
    return table


def show_hand_analysis(analysis: dict[str, Any]) -> Output:
    """A dominosolver.analysis/1 object: its grades (the auction's too, when graded), then the
    declaring side's fortunes as a chart."""
    units = analysis.get("units", "points")
    if analysis.get("auction") is not None:
        yield auction_table(analysis["auction"])
    if analysis.get("discard") is not None:
        yield discard_table(analysis["discard"])
    yield from show_grades(analysis)
    if analysis["plays"] and units == "points":  # the chart counts points toward a bid
        yield projection_chart(Position.from_json(analysis["position"]), analysis["plays"])


def show_analysis(graded: dict[str, Any]) -> Output:
    """Graded plays: one hand (analysis/1), or hand after hand of a game (gameanalysis/1)."""
    if graded["schema"] == GAME_ANALYSIS:
        for number, hand in enumerate(graded["hands"], 1):
            yield from show_graded_hand(number, hand)
    else:
        yield from show_hand_analysis(graded)


BLOCKS = " ▁▂▃▄▅▆▇█"


def projection_chart(start: Position, plays: list[dict[str, Any]], rows: int = 7) -> Text:
    """Columns for the points the declaring side (NS without a contract) ends the hand with under
    perfect play: before the first play, then after each one; green while that makes the bid, red
    once it does not. Under them ▼ marks the side's costly plays, ▲ the opponents' gifts, and the
    numbers are the tricks' first plays."""
    grades = [PlayGrade(p["seat"], parse_play(p["tile"]), p["before"], p["after"], p["cost"]) for p in plays]
    team, side = side_of_chart(start)
    projected = projection(start, grades)
    totals, hand_points, need = projected["totals"], projected["hand_points"], projected["need"]
    chart = Text(f"{side}: points at the hand's end with perfect play from each play on\n")
    eighths = [round(v * rows * 8 / hand_points) for v in totals]
    width = len(str(hand_points))
    labels = {rows - 1: hand_points}  # the scale's top, and the row the bid falls in
    if need is not None:
        labels[(need * rows - 1) // hand_points] = need
    for row in range(rows - 1, -1, -1):
        chart.append(f"{labels[row]:>{width}} ┤" if row in labels else " " * width + " │")
        for total, level in zip(totals, eighths):
            style = "green" if need is None or total >= need else "red"
            chart.append(BLOCKS[min(8, max(0, level - 8 * row))] * 2, style=style)
        chart.append("\n")
    chart.append(f"{0:>{width}} └" + "──" * len(totals) + "\n")
    chart.append(" " * (width + 2) + "  ")
    for g in grades:
        if g.cost == 0:
            chart.append("  ")
        else:
            ours = start.side_of(g.seat) == team
            chart.append("▼ " if ours else "▲ ", style="red" if ours else "green")
    chart.append("\n" + " " * (width + 2) + "  ")
    first_trick = start.rules.hand_tricks - start.tricks_left + 1
    for j in range(len(grades)):
        played = len(start.trick) + j  # plays made in the hand's tricks since the start's trick began
        trick, place = divmod(played, start.trick_size)
        chart.append(f"{first_trick + trick:<2}" if place == 0 else "  ", style="dim")
    chart.append("\n")
    made = "" if need is None else f"green: {need} or more, red: fewer; "
    chart.append(f"{made}▼ {side_label(start.rules, start.side_names[team])} gave points away, ▲ the other side did; numbers: each trick's lead",
                 style="dim")
    return chart


def show_hand_record(number: int, hand: dict[str, Any]) -> str:
    """One hand of a played game's record (``play --json``) in a line."""
    rules = Rules.of_record(hand)
    names = rules.seat_names
    bids = " ".join(hand["bids"])
    if hand["result"] is None:
        return f"hand {number}: dealer {names[hand['dealer']]}, bids {bids} — all passed, thrown in"
    c = hand["contract"]
    r = hand["result"]
    outcome = "made" if r["made"] else "set"
    # A contract of every trick or none is won or lost on tricks, so its line counts tricks (§3.3-3.6).
    units = "points" if hand.get("objective", "points") == "points" else "tricks"
    taken = " ".join(f"{side_label(rules, side)} {n}" for side, n in hand[units].items())  # by side: NS, EW; Moon's bidder, the rest
    scored = " / ".join(f"{n:+d} {who}" for who, n in zip(rules.scorer_names, r["score"]))
    return (
        f"hand {number}: dealer {names[hand['dealer']]}, bids {bids}; {names[c['declarer']]} bid {bid_name(c['bid'])}, "
        f"trump {hand['trump']}; {units} {taken} → {outcome}, {scored}"
    )


def show_game(record: dict[str, Any]) -> Output:
    for i, hand in enumerate(record["hands"], 1):
        yield show_hand_record(i, hand)
    units = "marks" if Rules.of_record(record).scoring == "marks" else "points"
    scores = " – ".join(f"{who} {n}" for who, n in record["scores"].items())
    yield f"[bold]{record['winner']} wins[/bold], {units} {scores}"


def demo() -> Output:
    """The main job on a built-in deal: its double-dummy table, every first lead's value and the
    best line of play."""
    pos = Position(DEMO_POSITION)
    yield Rule("Texas 42 — a built-in deal")
    yield from show_position(pos)
    yield from table_of(dd_table(pos))
    yield Rule("N declares fours and leads")
    yield from show_solve(pos, solve(pos))


RENDER = RenderKit(
    position=show_position,
    view=show_view,
    solve=show_solve,
    hint=show_hint,
    analysis=show_analysis,
    game=show_game,
    demo=demo,
    table=table_of,
    special_table=special_table_of,
    seat_table=seat_table,
    hand_summary=hand_summary,
)
