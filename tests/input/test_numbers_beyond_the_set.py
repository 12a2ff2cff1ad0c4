"""A number beyond every set, in a play or a trump, is named against the set at hand: a 42 record's
play "9-9" is not in the double-6 set (as "7-7" is not), and a trump "9" is not one of 0..8."""

from __future__ import annotations

import json

import pytest
from dominosolver.cli import main
from dominosolver.errors import IllegalMoveError, ParseError
from dominosolver.texas42 import Position
from dominosolver.tiles import MAX_PIP


@pytest.mark.parametrize("text, top", [("trump=4 leader=N hands=66/65/64/63 contract=N30", 6),
                                       ("biggame trump=4 leader=N hands=88/87/86/85 contract=N60", 8)])
@pytest.mark.parametrize("play", ["9-9", "9-3", "3-9", "93:3"])
def test_a_play_beyond_every_set_is_named_by_the_set(text, top, play):
    position = Position(text)
    hi, lo = sorted(map(int, play.partition(":")[0].replace("-", "")), reverse=True)
    with pytest.raises(IllegalMoveError, match=f"^tile {hi}-{lo} is not in the double-{top} set$"):
        position.play(play)
    assert str(position) == str(Position(text))  # nothing played
    with pytest.raises(ParseError, match="malformed tile 'xy'"):  # not a tile at all: as before
        position.play("xy")


def test_analyse_names_the_records_set(tmp_path, capsys):
    main_ok(["play", "42", "--seed", "1", "--json"])
    record = json.loads(capsys.readouterr().out)
    assert record["hands"][0]["plays"][1][1] != "9-9"
    record["hands"][0]["plays"][1][1] = "9-9"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    with pytest.raises(SystemExit):
        main(["analyse", str(path)])
    err = capsys.readouterr().err
    assert "tile 9-9 is not in the double-6 set" in err and f"0..{MAX_PIP}" not in err


def test_a_trump_beyond_every_set_says_the_numbers(capsys):
    with pytest.raises(SystemExit):
        main(["show", "biggame trump=9 leader=N hands=///"])
    err = capsys.readouterr().err
    assert f"unknown trump '9' (expected a number 0..{MAX_PIP}, " in err


def main_ok(args: list[str]) -> None:
    try:
        main(args)
    except SystemExit as e:
        assert not e.code
