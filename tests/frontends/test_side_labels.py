"""A side of several seats is written for people with '+' between its seats' names (Moon's defenders
'P1+P2', not 'P1P2'), while records and JSON keep the side's name ('P1P2'); compass sides stay NS
and EW. A seat's table (play --human) counts Moon's score in tricks, as the demo does."""

from __future__ import annotations

import io

from dominosolver.moon import MOON
from dominosolver.render.moon import MOON_DEMO
from dominosolver.render.texas42 import seat_table, show_hand_record, show_position
from dominosolver.texas42 import Position, Rules, Solver
from dominosolver.texas42.rules import side_label
from rich.console import Console


def text_of(output) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    for part in output:
        console.print(part)
    return console.file.getvalue()


def test_side_labels():
    assert side_label(MOON, "P1P2") == "P1+P2" and side_label(MOON, "P0") == "P0"
    assert side_label(Rules(), "NS") == "NS" and side_label(Rules(), "EW") == "EW"


def test_moon_position_and_seat_table():
    pos = Position(MOON_DEMO)
    assert pos.side_names == ("P0", "P1P2")  # the data keeps the side's name
    shown = text_of(show_position(pos))
    assert "tricks so far: P0 0, P1+P2 0" in shown and "P1P2" not in shown
    solver = Solver(16)
    for _ in range(4):  # a trick and a lead: P0 has a trick or the others have
        pos.play(solver.solve(pos).best[0])
    view = pos.view(1)
    table = text_of(seat_table(view))
    expected = ", ".join(f"{side_label(MOON, s)} {n}" for s, n in zip(("P0", "P1P2"), view.points))
    assert f"tricks so far: {expected}" in table and sum(view.points) == 1
    assert "points so far" not in table and "P1P2" not in table


def test_42_seat_table_counts_points():
    pos = Position("trump=4 leader=N hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00 contract=N30")
    assert "points so far: NS 0, EW 0" in text_of(seat_table(pos.view(0)))


def test_moon_hand_record_line():
    hand = {"game": "moon", "dealer": 0, "bids": ["4", "5", "pass"], "contract": {"declarer": 2, "bid": 5},
            "trump": 2, "objective": "tricks", "points": {"P2": 2, "P0P1": 5}, "tricks": {"P2": 2, "P0P1": 5},
            "result": {"made": False, "score": [2, 3, -5]}}
    line = show_hand_record(1, hand)
    assert "tricks P2 2 P0+P1 5 → set" in line and "P0P1" not in line
