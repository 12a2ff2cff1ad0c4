"""Long commands show progress on a terminal (what is being done, how much, the time spent; a
hint its best move so far) and nothing of it with --json: each run through a pseudo-terminal, as a
person runs it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dominosolver import games
from dominosolver.errors import ParseError
from dominosolver.render.bingo import DEMO_DEAL
from dominosolver.render.texas42 import DEMO_POSITION
from dominosolver.texas42 import advise_bid
from terminal import Terminal

ELAPSED = r"\d:\d\d:\d\d"  # the bar's time spent
HAND = "66.65.64.62.55.33.10"


def run(*args: str) -> Terminal:
    term = Terminal(*args)
    assert term.close(timeout=300) == 0, term.text[-2000:]
    return term


@pytest.fixture(scope="module")
def game_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(json.dumps(games.get("42").play(1)["hands"][0]))
    return path


def test_a_hint_shows_worlds_solved_and_its_best_move_so_far() -> None:
    term = run("hint", DEMO_POSITION, "--seat", "N", "--samples", "600", "--threads", "1", "--seed", "1")
    assert re.search(rf"worlds solved .*\d+/\? +best so far \d-\d +{ELAPSED}", term.text), term.text[:3000]
    assert "rank" in term.text  # and then the hint itself


@pytest.mark.parametrize("args, doing", [
    (["advise-bid", HAND, "--samples", "200", "--threads", "1", "--seed", "1"], r"bid advice .*\d+/200"),
    (["table", DEMO_POSITION], "solving every declaration and seat"),
    (["solve", DEMO_DEAL], "solving"),
    (["demo"], "Texas 42 demo"),
])
def test_long_commands_show_what_they_are_doing(args: list[str], doing: str) -> None:
    term = run(*args)
    assert re.search(rf"{doing}.*{ELAPSED}", term.text), term.text[:3000]


def test_grading_a_record_shows_progress(game_record: Path) -> None:
    term = run("analyse", str(game_record))
    assert re.search(rf"grading every play with the exact solver.*{ELAPSED}", term.text), term.text[:3000]


@pytest.mark.parametrize("args", [
    ["hint", DEMO_POSITION, "--seat", "N", "--samples", "600", "--threads", "1", "--seed", "1", "--json"],
    ["advise-bid", HAND, "--samples", "200", "--threads", "1", "--seed", "1", "--json"],
    ["table", DEMO_POSITION, "--json"],
    ["solve", DEMO_DEAL, "--json"],
])
def test_json_output_is_the_json_alone_even_on_a_terminal(args: list[str]) -> None:
    term = run(*args)
    assert term.raw.lstrip().startswith("{")  # no bar drawn before it, nor any escape code
    json.loads(term.text)  # and nothing after it


def test_analyse_json_is_the_json_alone(game_record: Path) -> None:
    term = run("analyse", str(game_record), "--json")
    assert term.raw.lstrip().startswith("{")
    json.loads(term.text)


def test_bid_advice_reports_the_deals_solved_after_each_batch() -> None:
    seen: list[tuple[int, int]] = []
    advice = advise_bid(HAND, samples=250, seed=1, threads=1, on_progress=lambda done, total: seen.append((done, total)))
    assert seen == [(100, 250), (200, 250), (250, 250)]
    assert advice.worlds == 250
    with pytest.raises(ParseError, match="on_progress must be a function"):
        advise_bid(HAND, samples=2, on_progress=3)
