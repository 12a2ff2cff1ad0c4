"""Issue 27, point 5: errors that name the real fault: a missing file is a missing file, a batch of
JSON lines needs -o, an out-of-range value says the range, a bid says the least bid open."""

from __future__ import annotations

import json

import pytest

from dominosolver import bingo
from dominosolver.cli.main import main
from dominosolver.errors import IllegalMoveError, InvalidPositionError, InvalidViewError, ParseError
from dominosolver.texas42 import Game, PlayerView, Position, advise_bid


def error_of(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    assert stop.value.code != 0
    return capsys.readouterr().err


@pytest.mark.parametrize("command", ["show", "solve", "hint", "table"])
@pytest.mark.parametrize("name", ["missing.json", "games/deal.txt", "./42"])
def test_a_missing_file_is_named_missing(capsys, tmp_path, monkeypatch, command, name):
    monkeypatch.chdir(tmp_path)
    err = error_of(capsys, command, name)
    assert f"FileNotFoundError: {name}: no such file" in err and "position text" not in err


def test_text_that_is_no_file_name_is_still_read_as_notation(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert "unexpected '66.64' in position text" in error_of(capsys, "show", "66.64")
    main(["show", "trump=4 hands=66/44/65/53", "--json"])
    assert json.loads(capsys.readouterr().out)["position"]["trump"] == 4


@pytest.mark.parametrize("lines", [
    [{"hands": [["6-6"], ["5-5"], ["4-4"], ["3-3"]]}] * 3,
    [{"hands": [["6-6"], ["5-5"], ["4-4"], ["3-3"]]}, "{\"broken\": "],  # a malformed line is the batch's to report
])
def test_json_lines_without_an_output_say_a_batch_needs_o(capsys, tmp_path, lines):
    records = tmp_path / "deals.jsonl"
    records.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    err = error_of(capsys, "analyse", str(records))
    assert f"holds {len(lines)} records (JSON lines): give -o OUTPUT.jsonl" in err


def test_a_malformed_single_record_is_still_malformed_json(capsys, tmp_path):
    record = tmp_path / "hand.json"
    record.write_text('{\n  "plays": [\n')
    assert "malformed JSON" in error_of(capsys, "analyse", str(record))


def test_a_trump_out_of_range_says_the_range():
    view = {"schema": "dominosolver.view/1", "seat": 0, "trump": 7, "contract": {"declarer": 2, "bid": 30},
            "hand": ["6-6", "6-4", "4-4", "3-1", "2-0", "5-5", "1-1"], "hand_sizes": [7, 7, 7, 7]}
    with pytest.raises(InvalidViewError, match=r"trump 7 is not a number of the set: a numbered trump is 0\.\.6"):
        PlayerView.from_json(view)
    with pytest.raises(InvalidPositionError, match=r"a numbered trump is 0\.\.6"):
        Position(trump=7, hands=[["6-6"], ["5-5"], ["4-4"], ["3-3"]])
    with pytest.raises(ParseError, match=r"unknown trump 9: a number of the set \(0\.\.6 .*'doubles', 'none'"):
        PlayerView.from_json({**view, "trump": 9})
    with pytest.raises(ParseError, match=r"unknown trump 'seven' \(expected a number 0..8, 'doubles'"):
        PlayerView.from_json({**view, "trump": "seven"})


def test_bingo_values_out_of_range_say_the_range():
    pos = bingo.Position("bingo turned=41 hands=66.64.54.44.20.11.00/65.63.55.52.40.32.10 "
                         "boneyard=62.61.60.53.51.50.43.42.33.31.30.22.21.41")
    view = pos.view(0).to_json()
    with pytest.raises(ParseError, match=r"trump must be a number of the set, 0\.\.6, not -1"):
        bingo.PlayerView.from_json({**view, "trump": -1})
    with pytest.raises(InvalidViewError, match=r"trump 7 is not a number 0\.\.6"):
        bingo.PlayerView.from_json({**view, "trump": 7})
    with pytest.raises(ParseError, match=r"out of range: 2000 \(a Bingo count is within ±1000\)"):
        bingo.PlayerView.from_json({**view, "points": [2000, 0]})
    with pytest.raises(ParseError, match="must be player 0 or 1, not 2"):
        bingo.PlayerView.from_json({**view, "leader": 2})


@pytest.mark.parametrize("auction, least", [("pass,30,30", "31"), ("84,pass,30", "126"), ("29", "30")])
def test_a_bid_below_the_least_says_the_least_bid_open(capsys, auction, least):
    err = error_of(capsys, "advise-bid", "66.65.64.62.55.33.10", "--auction", auction, "--samples", "5")
    assert f"(the least bid now is {least};" in err


def test_the_least_bid_in_a_game_and_in_advice():
    game = Game(seed=1)
    game.play("30")
    with pytest.raises(IllegalMoveError, match=r"the least bid now is 31;"):
        game.play("30")
    with pytest.raises(InvalidViewError, match=r"the least bid now is 31;"):
        advise_bid("66.65.64.62.55.33.10", [(1, 30), (2, 30)], seat=3, samples=5)
