"""The Bingo commands: solve, hint, play bingo and the demo's closing decision."""

import json

from click.testing import CliRunner
from dominosolver import bingo
from dominosolver.cli.main import cli
from known_data import known

KNOWN = known("bingo_known")


def run(*args):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result


def test_solve_json_matches_the_known_answer(tmp_path):
    record = KNOWN[5]
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(record["position"]))
    out = json.loads(run("solve", str(path), "--json").output)
    assert out["value"] == record["value"] and out["moves"] == record["moves"]
    assert "points_margin" in out and out["game"] == "bingo"


def test_solve_text_and_table():
    record = KNOWN[0]
    from dominosolver.bingo import Position

    text = str(Position.from_json(record["position"]))
    result = run("solve", text)
    assert result.exit_code == 0 and "principal variation" in result.output


def test_hint_json_from_a_position_and_from_a_view():
    pos_text = ("bingo trump=3 turned=33 leader=0 hands=66.53.52.51.44.22.21/60.55.50.43.40.11.00 "
                "boneyard=31.65.41.30.61.10.42.33 points=19/5 tricks=2/1")
    out = json.loads(run("hint", pos_text, "--worlds", "12", "--seed", "4", "--json").output)
    assert out["schema"] == "dominosolver.hint/1" and out["worlds"] == 12 and out["seed"] == 4
    again = json.loads(run("hint", json.dumps(out["position"]), "--worlds", "12", "--seed", "4", "--json").output)
    assert again["moves"] == out["moves"]  # the view alone gives the same hint


def test_play_bingo():
    out = json.loads(run("play", "bingo", "--seed", "2", "--json").output)
    assert out["game"] == "bingo" and max(out["scores"]) >= 7 and out["winner"] in (0, 1)
    assert sum(d["result"]["game_points"] for d in out["deals"]) == sum(out["scores"])
    assert "wins" in run("play", "bingo", "--seed", "2").output


def test_demo_shows_the_closing_decision():
    output = " ".join(run("demo").output.split())  # the console wraps at its width
    assert "close now?" in output and "double-dummy mean over all 3432 opponent hands" in output


def test_solve_and_hint_dispatch_on_the_game():
    out = json.loads(run("solve", "trump=4 leader=N hands=66/44/65/53", "--json").output)
    assert out["game"] == "texas42"
    out = json.loads(run("hint", "trump=4 leader=N hands=66/44/65/53", "--json").output)
    assert out["game"] == "texas42" and out["method"] == "exact"


def test_show_a_bingo_position():
    record = KNOWN[1]
    out = json.loads(run("show", json.dumps(record["position"]), "--json").output)
    assert out["legal_moves"] == list(record["moves"]) and out["to_move"] == 0
    assert bingo.Position(out["notation"]) == bingo.Position.from_json(record["position"])
    assert "legal:" in run("show", json.dumps(record["position"])).output
