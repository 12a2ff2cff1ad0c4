"""``--svg`` on the command line: ``table DEAL --svg`` writes the heat map of the table ``--json``
prints, ``analyse RECORD --svg`` the chart of the grades; a path that cannot be written is one
error line naming it, before any work, and leaves no file."""

from __future__ import annotations

import importlib
import json

import pytest
from click.testing import CliRunner
from dominosolver import games
from dominosolver.cli.main import cli, main
from svg_support import NS, groups, parse_svg

CLI = importlib.import_module("dominosolver.cli.main")  # the module: the package's `main` is the function
DEAL = "hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00"


def test_table_svg_writes_the_heat_map_of_the_table(tmp_path):
    out = tmp_path / "table.svg"
    run = CliRunner().invoke(cli, ["table", DEAL, "--json", "--svg", str(out)])
    assert run.exit_code == 0, run.output
    table = json.loads(run.stdout)
    drawn = {(g.get("data-row"), g.get("data-column")): int(g.get("data-value"))
             for g in groups(parse_svg(out.read_text()), "cell")}
    seats = table["seats"]
    assert sorted(drawn.values()) == sorted(v for row in table["points"] for v in row)
    assert [drawn[r, f"{s} declares"] for r in ("fours",) for s in seats] == table["points"][4]


def test_table_specials_svg_writes_the_special_table(tmp_path):
    out = tmp_path / "special.svg"
    run = CliRunner().invoke(cli, ["table", DEAL, "--specials", "--svg", str(out)])
    assert run.exit_code == 0, run.output
    assert len(groups(parse_svg(out.read_text()), "cell")) == 9 * 4


def chart_points(element) -> int:
    return sum(1 for c in element.iter(f"{NS}circle") if c.get("data-play"))


def test_analyse_svg_writes_a_chart_per_hand_of_a_game(tmp_path):
    spec = games.get("42")
    record = tmp_path / "game.json"
    record.write_text(json.dumps(spec.play(4)))
    out = tmp_path / "chart.svg"
    run = CliRunner().invoke(cli, ["analyse", str(record), "--svg", str(out)])
    assert run.exit_code == 0, run.output
    hands = [h for h in spec.grade(json.loads(record.read_text()))["hands"] if h is not None]
    charts = parse_svg(out.read_text()).findall(f"{NS}svg")
    assert [chart_points(c) for c in charts] == [len(h["plays"]) + 1 for h in hands] and hands


def test_analyse_svg_of_a_bingo_deal_writes_its_chart(tmp_path):
    spec = games.get("bingo")
    record = tmp_path / "deal.json"
    record.write_text(json.dumps(spec.play(4)["deals"][0]))
    out = tmp_path / "chart.svg"
    run = CliRunner().invoke(cli, ["analyse", str(record), "--svg", str(out)])
    assert run.exit_code == 0, run.output
    graded = spec.grade(json.loads(record.read_text()))
    assert chart_points(parse_svg(out.read_text())) == len(graded["plays"]) + 1


def test_an_unwritable_svg_path_is_one_error_line_before_the_work(tmp_path, capsys, monkeypatch):
    def no_work(*args, **kwargs):
        raise AssertionError("the deal was read before the output was checked")

    monkeypatch.setattr(CLI, "load", no_work)
    with pytest.raises(SystemExit) as stop:
        main(["table", DEAL, "--svg", "/nonexistent/t.svg"])
    assert stop.value.code == 1
    err = capsys.readouterr().err.strip()
    assert err == "error: FileNotFoundError: /nonexistent/t.svg: cannot be written: no directory /nonexistent"
    with pytest.raises(SystemExit) as stop:
        main(["table", DEAL, "--svg", str(tmp_path)])
    assert stop.value.code == 2 and f"'{tmp_path}' is a directory" in capsys.readouterr().err
    record = tmp_path / "game.json"
    record.write_text(json.dumps(games.get("42").play(2)))
    with pytest.raises(SystemExit):
        main(["analyse", str(record), "--svg", "/nonexistent/c.svg"])
    assert "error: FileNotFoundError: /nonexistent/c.svg: cannot be written" in capsys.readouterr().err


def test_svg_is_refused_beside_a_batch_output(tmp_path):
    record = tmp_path / "r.jsonl"
    record.write_text(json.dumps({"hands": DEAL}) + "\n")
    run = CliRunner().invoke(cli, ["analyse", str(record), "-o", str(tmp_path / "o.jsonl"), "--svg",
                                   str(tmp_path / "c.svg")])
    assert run.exit_code == 2 and "--svg draws one graded record, not a batch" in run.output
    assert not (tmp_path / "c.svg").exists() and not (tmp_path / "o.jsonl").exists()


def test_a_game_without_a_table_says_so_before_drawing(tmp_path):
    out = tmp_path / "t.svg"
    run = CliRunner().invoke(cli, ["table", "bingo trump=3 turned=33 leader=0 hands=66.53.52.51.44.22.21/"
                                   "60.55.50.43.40.11.00 boneyard=31.65.41.30.61.10.42.33 points=19/5 tricks=2/1",
                                   "--svg", str(out)])
    assert run.exit_code != 0 and "Bingo has no double-dummy table" in str(run.exception or run.output)
    assert not out.exists()
