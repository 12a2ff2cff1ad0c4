"""Output a person reads without a manual: a legend under each table or chart that uses a term or
a symbol, the ties of the best move said, graded plays from one side throughout, positions printed
unbroken whatever the terminal's width, p-values only with enough deals."""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from dominosolver import bingo
from dominosolver.arena import summarise
from dominosolver.cli import render
from dominosolver.cli.main import cli
from dominosolver.games import GAMES, Notation
from dominosolver.render.bingo import DEMO_DEAL, show_deal_analysis
from dominosolver.games.texas42 import grade
from dominosolver.render.texas42 import DEMO_POSITION, show_grades
from dominosolver.texas42 import PlayGrade, Position, projected_totals, solve
from dominosolver.texas42.arena import ARENA
from dominosolver.texas42.rules import TEAMS
from dominosolver.tiles import Tile


def shown(*args: str) -> str:
    out = CliRunner().invoke(cli, list(args))
    assert out.exit_code == 0, out.output
    return out.output


@pytest.mark.parametrize("args, legend", [
    (["solve", DEMO_POSITION], r"double-dummy: all hands seen, perfect play by both sides; cost"),
    (["table", DEMO_POSITION], r"double-dummy: all hands seen.*bold: the row's best seat"),
    (["table", DEMO_POSITION, "--specials"], r"double-dummy: all hands seen.*all: its side takes every trick"),
    (["hint", DEMO_POSITION, "--seat", "N", "--samples", "30", "--seed", "1", "--threads", "1"],
     r"resting on 30 random deals \(PIMC\) of the tiles N cannot see, from N's view only .*each solved "
     r"double-dummy.*P\(make\)"),
    (["solve", DEMO_DEAL], r"double-dummy: every tile's place seen.*★ best"),
    (["hint", DEMO_DEAL, "--samples", "10", "--exact-limit", "0"], r"pimc: random worlds .* double-dummy"),
])
def test_a_legend_says_what_the_terms_mean(args: list[str], legend: str) -> None:
    assert re.search(legend, " ".join(shown(*args).split()))


def test_a_hint_shows_every_warning_it_carries() -> None:
    """A view without its earlier tricks: the hint says their points count as 0, on a line of its own."""
    out = " ".join(shown("hint", "trump=6 leader=N hands=66.65.64/63.11.22/62.00.33/61.44.55 contract=N30",
                         "--seat", "N").split())
    assert "warning: tricks before the recorded plays are unknown: their points count as 0" in out
    assert "every one of the 1680 deals of the tiles N cannot see, from N's view only" in out


def played_hand() -> dict:
    """A hand of a bot game in which both sides made costly plays: the totals move both ways."""
    for seed in range(50):
        for hand in GAMES["texas42"].play(seed)["hands"]:
            if hand["contract"] is not None:
                costly = {p["seat"] % 2 for p in grade(hand)["plays"] if p["cost"]}
                if costly == {0, 1}:
                    return hand
    raise AssertionError("no hand with costly plays by both sides in 50 games")


def test_graded_plays_are_valued_for_one_side_throughout() -> None:
    graded = grade(played_hand())
    start = Position.from_json(graded["position"])
    team = start.side_of(start.contract.declarer)
    table = next(show_grades(graded))
    assert TEAMS[team] in table.title and table.columns[3].header == f"{TEAMS[team]} before"
    grades = [PlayGrade(p["seat"], Tile(p["tile"]), p["before"], p["after"], p["cost"]) for p in graded["plays"]]
    totals = projected_totals(start, grades, team)  # the chart's own account, from the costs
    assert [int(c) for c in table.columns[3].cells] == totals[:-1]
    assert [int(c) for c in table.columns[4].cells] == totals[1:]


@contextmanager
def open_record(record: dict) -> Iterator[str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hand.json"
        path.write_text(json.dumps(record))
        yield str(path)


def test_the_chart_has_its_legend() -> None:
    with open_record(played_hand()) as path:
        out = " ".join(shown("analyse", path).split())
    assert re.search(r"▼ (NS|EW) gave points away, ▲ the other side did; numbers: each trick's lead", out)


def test_bingo_graded_moves_are_for_player_0_throughout() -> None:
    record = GAMES["bingo"].play(2)["deals"][0]
    graded = GAMES["bingo"].grade(record)
    table = next(show_deal_analysis(graded))
    assert "player 0" in table.title
    for g, before in zip(graded["plays"], table.columns[3].cells):
        if g["before"] is not None:
            assert int(before) == (g["before"] if g["seat"] == 0 else -g["before"])
    assert {g["seat"] for g in graded["plays"]} == {0, 1}


def test_the_best_moves_are_named_then_the_line_from_the_first() -> None:
    result = solve(DEMO_POSITION)
    tied = [m for m in result.best if m != result.pv[0]]
    assert tied  # the demo's deal: several leads keep the same points
    lines = shown("solve", DEMO_POSITION).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("best moves"))
    moves = lines[at].split(": ", 1)[1].split()
    assert moves[0] == result.pv[0] and sorted(moves) == sorted(result.best)
    assert f"each keeps {result.value} points" in lines[at]
    assert lines[at + 1] == f"best line, from {result.pv[0]}:"
    assert lines[at + 2].split()[:2] == ["N", result.pv[0]]  # the line shown starts with that move
    one_best = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42"
    assert solve(one_best).best == ["4-4"]
    assert "best moves" not in shown("solve", one_best) and "best line:" in shown("solve", one_best)


@pytest.mark.parametrize("args, position", [
    (["show", DEMO_POSITION], str(Position(DEMO_POSITION))),
    (["show", DEMO_DEAL], str(bingo.Position(DEMO_DEAL))),
    (["hint", DEMO_DEAL, "--samples", "10", "--exact-limit", "0"], str(bingo.Position(DEMO_DEAL))),
])
def test_positions_print_whole_on_a_narrow_terminal(args: list[str], position: str) -> None:
    assert len(position) > 80
    assert position in shown(*args).splitlines()  # one line, as long as it is: it copies back whole


def test_notation_is_never_broken_by_the_console() -> None:
    console = Console(width=40, record=True, force_terminal=True)
    text = str(Position(DEMO_POSITION))
    console.print(Notation(text), soft_wrap=True)
    assert console.export_text().splitlines() == [text]


def synthetic(deals: int) -> list[dict]:
    return [{"pair": ["rule", "random"], "diff": 2 + k % 3, "games": []} for k in range(deals)]


@pytest.mark.parametrize("deals, shows_p", [(3, False), (render.P_DEALS, True)])
def test_p_values_need_enough_deals(deals: int, shows_p: bool) -> None:
    (stats,) = summarise(ARENA, synthetic(deals))
    (p_cell,) = render.arena_table([stats], ARENA).columns[4].cells
    assert (p_cell != "—") == shows_p
    if shows_p:
        assert float(p_cell) == pytest.approx(stats.p_value, rel=0.05)
    assert f"from {render.P_DEALS} deals on" in render.arena_legend(ARENA)
