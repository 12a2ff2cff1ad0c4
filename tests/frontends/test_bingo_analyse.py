"""Bingo through `dominosolver analyse`: solves, hints and graded deals and games as batch records
(beside 42 records, in one file), each result equal to the direct call; local processes, a Dask
cluster and a resumed run write the same results; the .npz arrays hold the same numbers; and one
record graded and printed."""

from __future__ import annotations

import json
import math
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from batch_support import stable
from click.testing import CliRunner
from dominosolver import bingo
from dominosolver.batch import analyse_batch, record_seed
from dominosolver.cli.main import cli, main
from dominosolver.games import get
from dominosolver.games.bingo import COLUMN, MOVES
from dominosolver.texas42 import Position as Position42
from dominosolver.texas42 import solve as solve_42
from known_data import known

KNOWN = known("bingo_known")
CLOSED = bingo.Position.from_json(KNOWN[6]["position"])  # closed, 5 tiles a hand: every world solves at once
BUDGET = 20_000  # nodes a phase-one solve may take here: the first moves of a deal need more
OPTIONS = dict(samples=12, seed=3, exact_limit=300, max_nodes=BUDGET)


@pytest.fixture(scope="module")
def game_record(tmp_path_factory) -> dict:
    out = CliRunner().invoke(cli, ["play", "bingo", "--seed", "5", "--json"])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


@pytest.fixture(scope="module")
def records(game_record, tmp_path_factory) -> Path:
    late = bingo.Position.from_json(KNOWN[2]["position"])
    lines = [
        KNOWN[0]["position"],  # 0 solve, exhausted boneyard
        {"id": "fresh", "position": bingo.Game(seed=1).position.to_json()},  # 1 solve, phase one: over budget
        CLOSED.view(CLOSED.to_move).to_json(),  # 2 hint from a view
        {"position": str(late), "seat": late.to_move},  # 3 hint from notation and a seat
        {"position": CLOSED.to_json(), "plays": [str(CLOSED.legal_moves[-1])]},  # 4 grade plays
        game_record["deals"][0],  # 5 grade a deal of `play bingo --json`
        game_record,  # 6 grade the whole game
        {"task": "table", "position": KNOWN[0]["position"]},  # 7 no such Bingo task
        {"position": CLOSED.to_json(), "plays": ["6-6", "0-0"]},  # 8 the second play is out of turn
        Position42("trump=4 leader=N hands=66.64/44.31/65.41/53.22").to_json(),  # 9 a 42 solve beside them
    ]
    path = tmp_path_factory.mktemp("bingo") / "records.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


@pytest.fixture(scope="module")
def local_run(records, tmp_path_factory):
    out = tmp_path_factory.mktemp("local") / "out.jsonl"
    summary = analyse_batch(records, out, **OPTIONS)
    return summary, [json.loads(x) for x in out.read_text().splitlines()]


def test_each_result_is_the_direct_call(records, local_run, game_record):
    summary, results = local_run
    lines = [json.loads(x) for x in records.read_text().splitlines()]
    assert [r.get("task") for r in results[:7]] == ["solve"] * 2 + ["hint"] * 2 + ["grade"] * 3
    assert summary.records == 10 and summary.errors == 2
    assert results[0]["result"] == bingo.solve(lines[0]).to_json()
    fresh = results[1]["result"]
    assert fresh == bingo.solve(lines[1]["position"], max_nodes=BUDGET).to_json() and results[1]["id"] == "fresh"
    assert fresh["value"] is None and fresh["unsolved"] and "budget" in fresh["warnings"][0]
    view_hint = bingo.hint(CLOSED.view(CLOSED.to_move), samples=12, seed=record_seed(3, 2), exact_limit=300,
                           max_nodes=BUDGET).to_json()
    seat_hint = bingo.hint(bingo.Position(lines[3]["position"]), seat=lines[3]["seat"], samples=12,
                           seed=record_seed(3, 3), exact_limit=300, max_nodes=BUDGET).to_json()
    for got, direct in ((results[2]["result"], view_hint), (results[3]["result"], seat_hint)):
        assert got["schema"] == "dominosolver.hint/1" and got["game"] == "bingo"
        assert (got["moves"], got["method"], got["seed"]) == (direct["moves"], direct["method"], direct["seed"])
    grades = get("bingo").grade
    assert results[4]["result"] == grades(lines[4], max_nodes=BUDGET)
    assert results[5]["result"] == grades(game_record["deals"][0], max_nodes=BUDGET)
    whole = results[6]["result"]
    assert whole["schema"] == "dominosolver.gameanalysis/1" and whole["game"] == "bingo"
    assert whole == grades(game_record, max_nodes=BUDGET) and whole["deals"][0] == results[5]["result"]
    assert results[7]["error"] == {"type": "ParseError", "message": "Bingo has no 'table' task: solve, hint, grade",
                                   "line": 8}  # one record a line
    assert results[8]["error"]["type"] == "IllegalMoveError"
    assert results[9]["task"] == "solve" and results[9]["result"] == solve_42(lines[9]).to_json()


def test_a_graded_deal_follows_its_moves_and_reports_what_the_budget_left_unsolved(local_run, game_record):
    """Each move's cost is its value against the best from that point, for the player who made it;
    a move whose solve ran out of budget has no cost (null), never a silent 0."""
    deal = local_run[1][5]["result"]
    moves = game_record["deals"][0]["moves"]
    assert [(p["seat"], p["move"]) for p in deal["plays"]] == [tuple(m) for m in moves]
    pos = bingo.Position.from_json(deal["position"])
    unsolved = 0
    for graded in deal["plays"]:
        if graded["cost"] is None:
            unsolved += 1
        else:
            exact = bingo.solve(pos)  # no budget: the budgeted value, where there was one, is exact
            assert (graded["before"], graded["after"]) == (exact.value, exact.moves[graded["move"]])
            assert graded["cost"] == graded["before"] - graded["after"] >= 0
        pos.play(graded["move"])
    assert pos.is_over and unsolved >= 1
    assert deal["warnings"] == [f"{unsolved} of {len(moves)} moves were not solved within 20,000 nodes: "
                                "what the budget left unknown is null"]


def test_the_npz_holds_each_game_s_numbers(local_run):
    summary, results = local_run
    data = np.load(summary.npz)
    assert list(data["bingo_move_names"]) == list(MOVES) and len(MOVES) == 152
    assert list(data["bingo_solve_index"]) == [0, 1] and list(data["solve_index"]) == [9]
    for k, r in enumerate(results[:2]):
        value = r["result"]["value"]
        assert math.isnan(data["bingo_solve_value"][k]) if value is None else data["bingo_solve_value"][k] == value
        row = data["bingo_solve_moves"][k]
        assert {MOVES[c]: row[c] for c in np.flatnonzero(~np.isnan(row))} == r["result"]["moves"]
    assert list(data["bingo_hint_index"]) == [2, 3]
    for k, r in enumerate(results[2:4]):
        for m in r["result"]["moves"]:
            assert data["bingo_hint_mean"][k, COLUMN[m["move"]]] == pytest.approx(m["mean"])
            assert data["bingo_hint_p_win"][k, COLUMN[m["move"]]] == pytest.approx(m["p_win"])
        assert np.isnan(data["bingo_hint_mean"][k]).sum() == len(MOVES) - len(r["result"]["moves"])
    costs = [p["cost"] for p in results[4]["result"]["plays"] + results[5]["result"]["plays"]]
    costs += [p["cost"] for deal in results[6]["result"]["deals"] for p in deal["plays"]]
    assert list(data["bingo_grade_index"]) == [4, 5, 6]
    assert [None if math.isnan(c) else c for c in data["bingo_grade_cost"]] == costs
    offsets = data["bingo_grade_offsets"]
    assert offsets[0] == 0 and offsets[-1] == len(costs) and len(offsets) == 4
    assert list(data["solve_value"]) == [results[9]["result"]["value"]]


def test_two_processes_and_a_resumed_run_write_the_same(records, local_run, tmp_path):
    two = tmp_path / "jobs.jsonl"
    analyse_batch(records, two, jobs=2, chunk=2, **OPTIONS)
    assert stable([json.loads(x) for x in two.read_text().splitlines()]) == stable(local_run[1])
    resumed = tmp_path / "resumed.jsonl"
    full = [json.dumps(r, separators=(",", ":")) for r in local_run[1]]
    resumed.write_text("\n".join([full[6], full[2]]) + "\n" + full[5][:50])  # torn last line
    summary = analyse_batch(records, resumed, **OPTIONS)
    assert summary.skipped == 2 and summary.analysed == 8
    assert stable([json.loads(x) for x in resumed.read_text().splitlines()]) == stable(local_run[1])
    a, b = np.load(resumed.with_suffix(".npz")), np.load(local_run[0].npz)
    assert sorted(a.files) == sorted(b.files)
    for name in a.files:
        assert np.array_equal(a[name], b[name], equal_nan=a[name].dtype.kind == "f"), name


def test_a_dask_cluster_writes_the_same(records, local_run, tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "dask.jsonl"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the cluster's own start-up and shutdown chatter
        analyse_batch(records, out, jobs=2, dask="local", chunk=4, **OPTIONS)
    assert stable([json.loads(x) for x in out.read_text().splitlines()]) == stable(local_run[1])


def test_the_command_line_runs_the_batch_with_jobs_and_a_budget(records, local_run, tmp_path):
    out = tmp_path / "cli.jsonl"
    args = ["analyse", str(records), "-o", str(out), "--samples", "12", "--seed", "3", "--exact-limit", "300",
            "--max-nodes", str(BUDGET), "--jobs", "2", "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["errors"] == 2
    assert stable([json.loads(x) for x in out.read_text().splitlines()]) == stable(local_run[1])


def test_one_game_graded_and_printed(game_record, tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_record))
    graded = json.loads(CliRunner().invoke(cli, ["analyse", str(path), "--max-nodes", str(BUDGET), "--json"]).output)
    assert graded == get("bingo").grade(game_record, max_nodes=BUDGET)
    text = CliRunner().invoke(cli, ["analyse", str(path), "--max-nodes", str(BUDGET)])
    output = " ".join(text.output.split())  # the console wraps at its width
    assert text.exit_code == 0 and len(re.findall(r"game points? given away", output)) == 2 * len(game_record["deals"])
    assert re.search(r"plays? not solved within the node budget", output)
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps({"position": Position42("trump=4 leader=N hands=66/44/65/53").to_json(),
                                "plays": ["6-6"]}))
    with pytest.raises(SystemExit):
        main(["analyse", str(hand), "--max-nodes", "5"])
    assert "--max-nodes applies to Bingo analyses only: a 42 solve is always exact" in capsys.readouterr().err


def test_a_deal_whose_players_disagree_with_the_rules_is_refused(game_record):
    deal = json.loads(json.dumps(game_record["deals"][0]))
    deal["moves"][1][0] = 1 - deal["moves"][1][0]
    with pytest.raises(Exception, match="move 2 .* is recorded for player"):
        get("bingo").grade(deal, max_nodes=BUDGET)
