"""A record wrapping a position or view (``{"position", "plays", ...}``, docs/json.md) refuses a key it
does not know, by name, with the keys it knows (a typo such as "plyas" once left the record read as
if it had no plays: solved, or graded from its history); a record that is not an object is named by
JSON's own type (null, a string, a number, a list), not Python's. Every documented record shape
still reads, with the keys any batch record may carry (id, task, game, seed)."""

from __future__ import annotations

import pytest
from dominosolver import bingo
from dominosolver.batch import grade_record, run_record
from dominosolver.errors import ParseError
from dominosolver.games.records import WRAPPER_KEYS
from dominosolver.texas42 import solve
from support_views import random_position

EXTRAS = {"id": "r1", "game": "texas42", "seed": 5}  # what any batch record may carry


def result(record, task="auto"):
    row = run_record(task, record, 0, 0, {"samples": 20, "threads": 1})
    assert "error" not in row, row["error"]
    return row


@pytest.fixture(scope="module")
def late():
    return random_position(4, 20)  # a 42 hand late in play: quick to solve and grade


@pytest.fixture(scope="module")
def bingo_late():
    return bingo.Game(seed=3).position  # graded within a small node budget: quick


def test_documented_shapes_still_read(late):
    plays = [str(late.legal_moves[0])]
    graded = result({"position": late.to_json(), "plays": plays, **EXTRAS, "task": "grade"})
    assert (graded["task"], graded["id"]) == ("grade", "r1")
    assert [p["tile"] for p in graded["result"]["plays"]] == plays
    value = solve(late).value
    assert result({"position": late.to_json(), **EXTRAS})["result"]["value"] == value  # {"position": ...}
    assert result(late.to_json())["result"]["value"] == value  # a position/1 object itself
    assert result({"position": str(late)})["result"]["value"] == value  # the position's text, wrapped
    hinted = result({"position": late.to_json(), "seat": late.to_move, **EXTRAS})
    assert hinted["task"] == "hint" and hinted["result"]["schema"] == "dominosolver.hint/1"
    view = late.view(late.to_move)
    assert result({"view": view.to_json(), "id": 7})["task"] == "hint"
    assert result(view.to_json())["task"] == "hint"
    shown = {"schema": "dominosolver.show/1", "position": late.to_json(), "notation": str(late), "to_move": 0}
    assert result(shown)["result"]["value"] == value  # show --json's output (its keys are its own)
    with_history = grade_record(late.to_json())  # a position with a history: graded from the hand's start
    assert len(with_history["plays"]) == len(late.plays)


def test_bingo_plays_record_reads(bingo_late):
    start = bingo_late
    move = str(start.legal_moves[0])
    graded = grade_record({"position": start.to_json(), "plays": [move], "game": "bingo", "id": 3},
                          max_nodes=10_000)
    assert [p["move"] for p in graded["plays"]] == [move]


@pytest.mark.parametrize("body", ["position", "view"])
def test_an_unknown_key_is_named_with_the_keys_known(late, body):
    wrapped = late.to_json() if body == "position" else late.view(late.to_move).to_json()
    record = {body: wrapped, "plyas": [str(late.legal_moves[0])]}
    row = run_record("auto", record, 0, 0, {})
    message = row["error"]["message"]
    assert row["error"]["type"] == "ParseError"
    assert "'plyas'" in message and f"wrapping a {body}" in message
    assert all(key in message for key in WRAPPER_KEYS)
    with pytest.raises(ParseError, match="unknown keys 'plyas', 'sead'"):
        grade_record({**record, "sead": 1})
    forced = run_record("solve", record, 0, 0, {})  # a task given does not skip the check
    assert "'plyas'" in forced["error"]["message"]


def test_an_unknown_key_in_a_bingo_record(bingo_late):
    record = {"position": bingo_late.to_json(), "moves_": [str(bingo_late.legal_moves[0])]}
    with pytest.raises(ParseError, match="unknown key 'moves_'"):
        grade_record(record)


@pytest.mark.parametrize(("record", "named"), [(None, "null"), ("6-6", "a string"), (3, "a number"),
                                                (2.5, "a number"), (True, "true/false")])
def test_a_record_that_is_not_an_object_is_named_by_its_json_type(record, named):
    row = run_record("auto", record, 0, 0, {})
    assert row["error"]["message"] == f"a record must be a JSON object, not {named}"
    with pytest.raises(ParseError, match=f"a record to grade must be a JSON object, not {named}: give "):
        grade_record(record)


def test_a_list_to_grade_and_plays_not_a_list(late):
    with pytest.raises(ParseError, match="must be a JSON object, not a list"):
        grade_record([["6-6"], [], [], []])
    with pytest.raises(ParseError, match="'plays' must be a list of tiles, not a string"):
        grade_record({"position": late.to_json(), "plays": "6-6"})
    with pytest.raises(ParseError, match="'plays' must be a list of tiles, not null"):
        grade_record({"position": late.to_json(), "plays": None})
