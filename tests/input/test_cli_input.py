"""Command-line input: outputs that hold someone's data are refused untouched (unless --overwrite),
file-system and cluster failures are one `error:` line, nonsense counts are usage errors, a table
needs the whole deal, and `analyse` reads a game of `play --json` and runs batches with -o."""

from __future__ import annotations

import json
import warnings

import pytest
from cli_run import run
from click.testing import CliRunner
from dominosolver import Tile, _core, batch, resume
from dominosolver.batch import analyse_batch
from dominosolver.cli.main import cli
from dominosolver.errors import ParseError
from dominosolver.resume import OutputConflictError
from dominosolver.texas42 import PlayGrade, Position, analyse_play, dd_table, projected_totals
from dominosolver.texas42.arena import run_arena

POSITION = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30"
SMALL = "trump=4 leader=E hands=66/41/65/53 contract=N30"


@pytest.fixture
def records(tmp_path):
    """Two cheap records (solves), as JSON lines."""
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(Position(p).to_json()) + "\n" for p in (POSITION, SMALL)))
    return path



def one_error(args: list[str], capsys, code: int = 2) -> str:
    status, err = run(args, capsys)
    assert status == code and err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
    return err


# ---------------------------------------------------------------- outputs are never someone else's data


@pytest.mark.parametrize("command", ["analyse-batch", "analyse"])
def test_batch_output_that_is_the_input_is_refused_untouched(records, capsys, command):
    before = records.read_text()
    err = one_error([command, str(records), "-o", str(records)], capsys)
    assert "is the input file" in err and "--overwrite" in err
    assert records.read_text() == before


def test_batch_output_holding_other_data_is_refused_untouched(records, tmp_path, capsys):
    precious = tmp_path / "precious.json"
    precious.write_text('{"precious": 1}\n')
    err = one_error(["analyse", str(records), "-o", str(precious)], capsys)
    assert "line 1 is not a batch result" in err and "untouched" in err
    assert precious.read_text() == '{"precious": 1}\n'
    notes = tmp_path / "notes.txt"
    notes.write_text("a torn last line is only ever the start of a result")  # no newline at the end
    assert "is not JSON" in one_error(["analyse", str(records), "-o", str(notes)], capsys)
    assert notes.read_text().startswith("a torn")


def test_a_rerun_with_other_options_keeps_the_earlier_results_unless_overwrite(records, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    assert CliRunner().invoke(cli, ["analyse", str(records), "-o", str(out), "--json"]).exit_code == 0
    first = out.read_text()
    again = CliRunner().invoke(cli, ["analyse", str(records), "-o", str(out), "--json"])
    assert json.loads(again.output)["skipped"] == 2  # the same run resumes
    err = one_error(["analyse", str(records), "-o", str(out), "--seed", "9"], capsys)
    assert "holds 2 line(s) that are not results of this run" in err
    assert out.read_text() == first
    replaced = CliRunner().invoke(cli, ["analyse", str(records), "-o", str(out), "--seed", "9", "--overwrite", "--json"])
    assert replaced.exit_code == 0 and json.loads(replaced.output)["analysed"] == 2
    fewer = tmp_path / "one.jsonl"
    fewer.write_text(records.read_text().splitlines()[0] + "\n")
    with pytest.raises(OutputConflictError, match="line 2 is the result of another record"):  # results past its end
        analyse_batch(fewer, out, seed=9)


def test_an_npz_that_is_not_of_this_run_is_refused(records, tmp_path, capsys):
    out, arrays = tmp_path / "data.jsonl", tmp_path / "data.npz"
    arrays.write_bytes(b"someone's arrays")
    assert "data.npz exists" in one_error(["analyse", str(records), "-o", str(out)], capsys)
    assert arrays.read_bytes() == b"someone's arrays" and not out.exists()
    assert "written over the results" in one_error(["analyse", str(records), "-o", str(tmp_path / "r.npz")], capsys)
    result = CliRunner().invoke(cli, ["analyse", str(records), "-o", str(out), "--overwrite"])
    assert result.exit_code == 0 and arrays.read_bytes() != b"someone's arrays"
    rerun = CliRunner().invoke(cli, ["analyse", str(records), "-o", str(out)])  # its own arrays: replaced
    assert rerun.exit_code == 0, rerun.output


def test_arena_output_of_other_data_is_refused_untouched(records, tmp_path, capsys):
    before = records.read_text()
    err = one_error(["arena", "--deals", "1", "--bots", "rule,random", "-o", str(records)], capsys)
    assert "2 line(s)" in err and "is not an arena deal" in err and records.read_text() == before
    out = tmp_path / "arena.jsonl"
    first = CliRunner().invoke(cli, ["arena", "--deals", "2", "--bots", "rule,random", "-o", str(out), "--json"])
    assert first.exit_code == 0
    kept = out.read_text()
    err = one_error(["arena", "--deals", "2", "--bots", "rule,random", "--seed", "4", "-o", str(out)], capsys)
    assert "another seed" in err and out.read_text() == kept
    again = CliRunner().invoke(cli, ["arena", "--deals", "2", "--bots", "rule,random", "-o", str(out), "--json"])
    assert again.exit_code == 0 and out.read_text() == kept  # the same run resumes, all deals reused
    replaced = CliRunner().invoke(
        cli, ["arena", "--deals", "2", "--bots", "rule,random", "--seed", "4", "-o", str(out), "--overwrite", "--json"]
    )
    assert replaced.exit_code == 0 and out.read_text() != kept and len(out.read_text().splitlines()) == 2


# ---------------------------------------------------------------- file system and cluster failures


def test_unwritable_outputs_fail_before_the_work(records, tmp_path, capsys, monkeypatch):
    def no_work(*args):
        raise AssertionError("work started before the outputs were checked")

    monkeypatch.setattr(batch, "run_record", no_work)
    err = one_error(["analyse", str(records), "-o", "/nonexistent/o.jsonl"], capsys, code=1)
    assert err.startswith("error: FileNotFoundError: /nonexistent/o.jsonl: cannot be written")
    out = tmp_path / "out.jsonl"
    err = one_error(["analyse-batch", str(records), "-o", str(out), "--npz", "/nonexistent/x.npz"], capsys, code=1)
    assert "/nonexistent/x.npz" in err and not out.exists()
    err = one_error(["arena", "--deals", "1", "--bots", "rule,random", "-o", "/nonexistent/a.jsonl"], capsys, code=1)
    assert "/nonexistent/a.jsonl: cannot be written" in err


def test_an_unreachable_dask_scheduler_is_one_error_line(records, tmp_path, capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(resume, "DASK_CONNECT_TIMEOUT", "1s")
    out = tmp_path / "out.jsonl"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        err = one_error(["analyse", str(records), "-o", str(out), "--dask", "tcp://127.0.0.1:1"], capsys)
    assert "cannot connect to the Dask scheduler at 'tcp://127.0.0.1:1'" in err and not out.exists()
    assert "missing port" in one_error(["analyse", str(records), "-o", str(out), "--dask", "nowhere"], capsys)


# ---------------------------------------------------------------- nonsense on the command line


@pytest.mark.parametrize(
    "args",
    [
        ["arena", "--deals", "0"],
        ["arena", "--deals", "-3"],
        ["arena", "--jobs", "0"],
        ["arena", "--deals", "1", "--samples", "0"],
        ["analyse-batch", "{records}", "-o", "{out}", "--jobs", "-3"],
        ["analyse", "{records}", "-o", "{out}", "--jobs", "0"],
        ["analyse-batch", "{records}", "-o", "{out}", "--samples", "0"],
        ["analyse", "{records}", "-o", "{out}", "--samples", "-5"],
    ],
)
def test_counts_below_one_are_usage_errors(records, tmp_path, args):
    args = [a.format(records=records, out=tmp_path / "out.jsonl") for a in args]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and "is not in the range x>=1" in result.output
    assert not (tmp_path / "out.jsonl").exists()


def test_the_library_refuses_the_same_counts(records, tmp_path):
    with pytest.raises(ParseError, match="deals must be a whole number from 1, not 0"):
        run_arena(0, [("rule", "random")])
    with pytest.raises(ParseError, match="jobs"):
        run_arena(1, [("rule", "random")], jobs=-3)
    with pytest.raises(ParseError, match="samples must be a whole number from 1 to 1,000,000, not 0"):
        analyse_batch(records, tmp_path / "out.jsonl", samples=0)
    with pytest.raises(ParseError, match="jobs"):
        analyse_batch(records, tmp_path / "out.jsonl", jobs=0)


def test_a_table_needs_the_whole_deal(capsys):
    err = one_error(["table", "[[],[],[],[]]"], capsys)
    assert "a table needs the whole deal, but hand N holds 0 tiles, not 7" in err
    with pytest.raises(ParseError, match="hand W holds 6 tiles"):
        dd_table("66.65.64.63.62.61.60/55.54.53.52.51.50.44/43.42.41.40.33.32.31/30.22.21.20.11.10")


def test_hint_threads_zero_is_a_clean_error(capsys):
    assert "threads" in one_error(["hint", POSITION, "--threads", "0"], capsys)


# ---------------------------------------------------------------- analyse: games, hands and batches


@pytest.fixture(scope="module")
def game_record(tmp_path_factory):
    path = tmp_path_factory.mktemp("game") / "game.json"
    result = CliRunner().invoke(cli, ["play", "--seed", "1", "--json"])
    assert result.exit_code == 0
    path.write_text(result.output)
    return path


def test_analyse_grades_every_hand_of_a_played_game(game_record, tmp_path):
    game = json.loads(game_record.read_text())
    result = CliRunner().invoke(cli, ["analyse", str(game_record), "--json"])
    assert result.exit_code == 0, result.output
    graded = json.loads(result.output)
    assert graded["schema"] == "dominosolver.gameanalysis/1" and len(graded["hands"]) == len(game["hands"])
    for hand, analysis in zip(game["hands"], graded["hands"]):
        if hand["contract"] is None:
            assert analysis is None
            continue
        start = Position(trump=hand["trump"], hands=hand["deal"], contract=tuple(hand["contract"].values()))
        grades = analyse_play(start, [t for _, t in hand["plays"]])
        assert [(p["seat"], p["cost"]) for p in analysis["plays"]] == [(g.seat, g.cost) for g in grades]
        assert [p["seat"] for p in analysis["plays"]] == [s for s, _ in hand["plays"]]
    one = tmp_path / "hand.json"
    one.write_text(json.dumps(game["hands"][0]))
    alone = json.loads(CliRunner().invoke(cli, ["analyse", str(one), "--json"]).output)
    assert alone == graded["hands"][0]
    text = CliRunner().invoke(cli, ["analyse", str(game_record)])
    assert text.exit_code == 0 and "hand 12" in text.output and "points given away" in text.output
    assert text.output.count("points at the hand's end") == sum(a is not None for a in graded["hands"])


def test_the_projection_chart_draws_each_play_and_marks_the_costly_ones(game_record):
    """A column per point of the hand (2 characters each), the bid's row labelled, ▼ under the
    declaring side's costly plays and ▲ under the opponents'."""
    from dominosolver.render.texas42 import BLOCKS, projection_chart

    graded = json.loads(CliRunner().invoke(cli, ["analyse", str(game_record), "--json"]).output)
    charted = 0
    for analysis in graded["hands"]:
        if analysis is None:
            continue
        start, plays = Position.from_json(analysis["position"]), analysis["plays"]
        lines = projection_chart(start, plays).plain.split("\n")
        team = start.contract.declarer & 1
        need = min(_core.texas42.points_needed(start.contract.bid), 42)
        assert lines[0].startswith(f"{'NS' if team == 0 else 'EW'} ({'NESW'[start.contract.declarer]} bid")
        bars, markers = lines[1:8], lines[9]
        assert all(len(row) == 4 + 2 * (len(plays) + 1) for row in bars)
        assert bars[0].startswith(("42 ┤", f"{need} ┤")) and any(row.startswith(f"{need:>2} ┤") for row in bars)
        mine = [p["cost"] > 0 and p["seat"] & 1 == team for p in plays]
        theirs = [p["cost"] > 0 and p["seat"] & 1 != team for p in plays]
        assert [markers[6 + 2 * i] == "▼" for i in range(len(plays))] == mine
        assert [markers[6 + 2 * i] == "▲" for i in range(len(plays))] == theirs
        # Each column is as tall as its projected total, in eighths of a 6-point row.
        grades = [PlayGrade(p["seat"], Tile(p["tile"]), p["before"], p["after"], p["cost"]) for p in plays]
        for column, total in enumerate(projected_totals(start, grades, team)):
            cells = [row[4 + 2 * column] for row in bars]
            assert sum(BLOCKS.index(c) for c in cells) == round(total * 56 / 42)
        charted += 1
    assert charted >= 5


def test_an_analysis_in_points_carries_its_chart_numbers(game_record):
    """`projection`: the declaring side, the points it needs and its projected totals, which follow
    the costs to the points it took."""
    game = json.loads(game_record.read_text())
    graded = json.loads(CliRunner().invoke(cli, ["analyse", str(game_record), "--json"]).output)
    for hand, analysis in zip(game["hands"], graded["hands"]):
        if analysis is None:
            continue
        start = Position.from_json(analysis["position"])
        team = start.side_of(start.contract.declarer)
        grades = [PlayGrade(p["seat"], Tile(p["tile"]), p["before"], p["after"], p["cost"]) for p in analysis["plays"]]
        chart = analysis["projection"]
        assert chart == {"team": ("NS", "EW")[team], "hand_points": 42, "totals": projected_totals(start, grades, team),
                         "need": min(_core.texas42.points_needed(start.contract.bid), 42)}
        end = start.copy()
        for _, tile in hand["plays"]:
            end.play(tile)
        assert len(chart["totals"]) == len(hand["plays"]) + 1
        if end.is_over:  # else the hand stopped once decided: the rest is perfect play's
            assert chart["totals"][-1] == end.points[team]
        assert end.points[team] <= chart["totals"][-1] <= end.points[team] + end.remaining_points


def test_a_hand_whose_seats_disagree_with_the_rules_is_refused(game_record, tmp_path, capsys):
    hand = json.loads(game_record.read_text())["hands"][0]
    hand["plays"][1][0] = (hand["plays"][1][0] + 1) % 4
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    assert "play 2" in one_error(["analyse", str(path)], capsys)


def test_analyse_says_what_it_expects(tmp_path, capsys):
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps({"hands": [["6-6"], [], [], []]}))
    err = one_error(["analyse", str(deal)], capsys)
    assert "nothing to grade" in err and "play --json" in err


def test_analyse_with_output_is_analyse_batch(records, tmp_path, game_record, capsys):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert CliRunner().invoke(cli, ["analyse", str(records), "-o", str(a), "--npz", "none"]).exit_code == 0
    assert CliRunner().invoke(cli, ["analyse-batch", str(records), "-o", str(b), "--npz", "none"]).exit_code == 0
    assert a.read_text() == b.read_text() and len(a.read_text().splitlines()) == 2
    err = one_error(["analyse", str(records)], capsys)
    assert "holds 2 records (JSON lines): give -o OUTPUT.jsonl" in err
    usage = CliRunner().invoke(cli, ["analyse", str(game_record), "--jobs", "2"])
    assert usage.exit_code == 2 and "--jobs need -o" in usage.output
    games = tmp_path / "games.jsonl"
    games.write_text(json.dumps(json.loads(game_record.read_text())) + "\n")
    assert CliRunner().invoke(cli, ["analyse", str(games), "-o", str(tmp_path / "g.jsonl")]).exit_code == 0
    (line,) = (tmp_path / "g.jsonl").read_text().splitlines()
    direct = json.loads(CliRunner().invoke(cli, ["analyse", str(game_record), "--json"]).output)
    assert json.loads(line)["task"] == "grade" and json.loads(line)["result"] == direct
