"""Batch analysis: every record's result equals the direct API call; bad records become error lines;
resuming after an interruption gives the same output; local processes and a local Dask cluster give
the same results as the in-process run; the .npz arrays hold the same numbers."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
from batch_support import stable
from click.testing import CliRunner
from dominosolver.batch import analyse_batch, record_seed
from dominosolver.cli.main import cli
from dominosolver.resume import OutputConflictError
from dominosolver.texas42 import analyse_play, dd_table, hint, solve
from dominosolver.tiles import Tile
from support_views import random_deal, random_position


def make_records() -> list[str]:
    lines = []
    for seed in range(3):
        lines.append(json.dumps(random_position(seed, 18).to_json()))  # solve
    lines.append(
        json.dumps({"id": "deal-a", "hands": [[str(t) for t in h] for h in random_deal(5)]})
    )  # table
    for seed in range(3, 6):
        pos = random_position(seed, 12 + seed)
        lines.append(json.dumps(pos.view(pos.to_move).to_json()))  # hint from a view
    pos = random_position(9, 20)
    lines.append(
        json.dumps({"position": pos.to_json(), "seat": pos.to_move})
    )  # hint from a position + seat
    start = random_position(4, 16)
    lines.append(
        json.dumps({"position": start.to_json(), "plays": [str(start.legal_moves[0])]})
    )  # grade
    lines.append("{this is not json")
    lines.append(
        json.dumps({"trump": 4, "leader": 0, "hands": [["6-6"], [], [], []]})
    )  # impossible position
    return lines


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    path = tmp_path_factory.mktemp("batch") / "records.jsonl"
    path.write_text("\n".join(make_records()) + "\n")
    return path


@pytest.fixture(scope="module")
def local_run(records, tmp_path_factory):
    out = tmp_path_factory.mktemp("local") / "out.jsonl"
    summary = analyse_batch(records, out, samples=12, seed=3, exact_limit=300)
    return summary, [json.loads(x) for x in out.read_text().splitlines()]


def test_results_equal_the_direct_calls(records, local_run):
    summary, results = local_run
    lines = records.read_text().splitlines()
    assert [r["index"] for r in results] == list(range(len(lines)))
    assert summary.records == len(lines) and summary.analysed == len(lines) and summary.errors == 2
    tasks = [r["task"] for r in results]
    assert tasks[:8] == ["solve"] * 3 + ["table"] + ["hint"] * 4 and tasks[8] == "grade"
    for r, line in zip(results[:3], lines):
        assert r["result"] == solve(json.loads(line)).to_json()
    assert results[3]["id"] == "deal-a"
    assert results[3]["result"]["points"] == dd_table(json.loads(lines[3])["hands"]).points.tolist()
    for k in range(4, 8):
        obj = json.loads(lines[k])
        view = obj if "schema" in obj else random_position(9, 20).view(obj["seat"])
        direct = hint(
            view, samples=12, seed=record_seed(3, k), threads=1, exact_limit=300
        ).to_json()
        got = results[k]["result"]
        assert (
            got["seed"] == direct["seed"]
            and got["moves"] == direct["moves"]
            and got["method"] == direct["method"]
        )
    obj = json.loads(lines[8])
    grades = analyse_play(obj["position"], obj["plays"])
    assert [p["cost"] for p in results[8]["result"]["plays"]] == [g.cost for g in grades]
    assert results[9]["error"]["type"] == "ParseError"
    assert results[10]["error"]["type"] == "InvalidPositionError"


def test_npz_holds_the_same_numbers(local_run):
    summary, results = local_run
    data = np.load(summary.npz)
    assert list(data["solve_index"]) == [0, 1, 2]
    for k, r in enumerate(results[:3]):
        assert data["solve_value"][k] == r["result"]["value"]
        for move, value in r["result"]["moves"].items():
            assert data["solve_moves"][k, Tile(move).id] == value
        assert (data["solve_moves"][k] >= 0).sum() == len(r["result"]["moves"])
    assert data["table_points"][0].tolist() == results[3]["result"]["points"]
    for k, r in enumerate(results[4:8]):
        for m in r["result"]["moves"]:
            assert data["hint_mean"][k, Tile(m["move"]).id] == pytest.approx(m["mean"])
            assert data["hint_p_make_stderr"][k, Tile(m["move"]).id] == pytest.approx(m["p_make_stderr"])
    assert list(data["grade_cost"]) == [p["cost"] for p in results[8]["result"]["plays"]]


def test_resume_after_an_interruption(records, local_run, tmp_path):
    _, results = local_run
    out = tmp_path / "out.jsonl"
    full = [json.dumps(r, separators=(",", ":")) for r in results]
    out.write_text("\n".join([full[5], full[0], full[2]]) + "\n" + full[3][:40])  # torn last line
    summary = analyse_batch(records, out, samples=12, seed=3, exact_limit=300)
    assert summary.skipped == 3 and summary.analysed == len(results) - 3
    assert stable([json.loads(x) for x in out.read_text().splitlines()]) == stable(results)
    again = analyse_batch(records, out, samples=12, seed=3, exact_limit=300)
    assert again.analysed == 0 and again.skipped == len(results)


def test_resume_redoes_records_whose_input_or_options_changed_only_when_told(records, local_run, tmp_path):
    """Results of an edited record or of other options are someone's data: refused, the file
    untouched, unless overwrite=True, which keeps the results still valid and redoes the rest."""
    _, results = local_run
    out = tmp_path / "out.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in results))
    before = out.read_text()
    lines = records.read_text().splitlines()
    edited = tmp_path / "edited.jsonl"
    lines[0] = json.dumps(random_position(7, 18).to_json())  # another position on line 0
    edited.write_text("\n".join(lines) + "\n")
    with pytest.raises(OutputConflictError, match="line 1 is the result of another record or other options"):
        analyse_batch(edited, out, samples=12, seed=3, exact_limit=300)
    assert out.read_text() == before
    summary = analyse_batch(edited, out, samples=12, seed=3, exact_limit=300, overwrite=True)
    assert summary.analysed == 1 and summary.skipped == len(results) - 1
    assert json.loads(out.read_text().splitlines()[0])["result"] == solve(json.loads(lines[0])).to_json()
    with pytest.raises(OutputConflictError, match=f"holds {len(results)} line"):  # the options are in every key
        analyse_batch(edited, out, samples=13, seed=3, exact_limit=300)
    changed = analyse_batch(edited, out, samples=13, seed=3, exact_limit=300, overwrite=True)
    assert changed.analysed == len(results) and changed.skipped == 0


def test_local_processes_match(records, local_run, tmp_path):
    out = tmp_path / "jobs.jsonl"
    analyse_batch(records, out, samples=12, seed=3, exact_limit=300, jobs=2, chunk=2)
    assert stable([json.loads(x) for x in out.read_text().splitlines()]) == stable(local_run[1])


def test_dask_local_cluster_matches(records, local_run, tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "dask.jsonl"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the cluster's own start-up and shutdown chatter
        analyse_batch(
            records, out, samples=12, seed=3, exact_limit=300, jobs=2, dask="local", chunk=3
        )
    assert stable([json.loads(x) for x in out.read_text().splitlines()]) == stable(local_run[1])
    a, b = np.load(out.with_suffix(".npz")), np.load(local_run[0].npz)
    assert sorted(a.files) == sorted(b.files)
    for name in a.files:
        assert np.array_equal(a[name], b[name], equal_nan=True)


def analyse_cli(records, out, *options):
    """`dominosolver analyse-batch` with the settings of the local run."""
    args = ["analyse-batch", str(records), "-o", str(out), "--samples", "12", "--seed", "3"]
    return CliRunner().invoke(cli, [*args, "--exact-limit", "300", *options])


def test_cli_json_summary_and_no_progress_off_a_terminal(records, tmp_path):
    out = tmp_path / "cli.jsonl"
    result = analyse_cli(records, out, "--json", "--npz", "none")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert (
        summary["schema"] == "dominosolver.batch/1"
        and summary["errors"] == 2
        and summary["npz"] is None
    )
    assert not (tmp_path / "cli.npz").exists()
    quiet = CliRunner().invoke(cli, ["analyse-batch", str(records), "-o", str(tmp_path / "quiet.jsonl")])
    # Off a terminal no progress: stdout empty, stderr the summary line alone.
    assert quiet.exit_code == 0 and quiet.stdout == ""
    assert len(quiet.stderr.splitlines()) == 1 and quiet.stderr.startswith("11 records: ")


def test_dask_scheduler_address_matches(records, local_run, tmp_path):
    """--dask ADDRESS: the same work sent to an existing scheduler."""
    distributed = pytest.importorskip("distributed")
    out = tmp_path / "remote.jsonl"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster:
            result = analyse_cli(records, out, "--dask", cluster.scheduler_address, "--json")
    assert result.exit_code == 0, result.output
    assert stable([json.loads(x) for x in out.read_text().splitlines()]) == stable(local_run[1])
