"""The CLI says tricks where the values count tricks (Nel-O, Sevens: docs/rules.md §3.3, §3.6) and
points where they count points: `show`, `solve`, `hint` and `analyse` text output."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.texas42 import Game, Position, Rules, Solver

SPECIALS = Rules(specials="all", nello_doubles_allowed="all")


def contract_position(trump: str) -> Position:
    hands = [list(h) for h in Game(seed=3).deal()]
    return Position(trump=trump, hands=hands, contract=(0, 42), rules=SPECIALS)


@pytest.mark.parametrize("trump", ["nello", "nello-low", "sevens"])
def test_trick_contracts_are_shown_in_tricks(trump, tmp_path):
    runner = CliRunner()
    pos = contract_position(trump)
    start = pos.to_json()
    solver = Solver(16)
    for _ in range(3):
        pos.play(solver.solve(pos).best[0])
    shown = runner.invoke(cli, ["show", str(pos)])
    ns, ew = pos.tricks_won
    assert shown.exit_code == 0 and f"tricks so far: NS {ns}, EW {ew}" in shown.output and "points so far" not in shown.output
    solved = runner.invoke(cli, ["solve", json.dumps(start)])
    assert solved.exit_code == 0 and " tricks for NS" in solved.output and "points" not in solved.output
    hinted = runner.invoke(cli, ["hint", json.dumps(start), "--samples", "6", "--seed", "1", "--threads", "1"])
    assert hinted.exit_code == 0 and "mean tricks" in hinted.output and "mean points" not in hinted.output
    record = tmp_path / "record.json"
    record.write_text(json.dumps({"position": start, "plays": [str(t) for _, t in pos.plays]}))
    analysed = runner.invoke(cli, ["analyse", str(record)])
    assert analysed.exit_code == 0 and "in tricks" in analysed.output
    assert "points at the hand's end" not in analysed.output  # no points chart


def test_points_contracts_are_shown_in_points():
    pos = Position(trump=4, hands=[list(h) for h in Game(seed=3).deal()])
    shown = CliRunner().invoke(cli, ["show", str(pos)])
    assert shown.exit_code == 0 and "points so far: NS 0, EW 0; tricks left 7" in shown.output
