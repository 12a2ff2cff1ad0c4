"""The commands whose work shows a bar on a terminal (arena, a batch, corpus build and verify) print the
JSON alone with --json, even on a terminal: no bar drawn before it, nothing after it."""

from __future__ import annotations

import json

import pytest
from dominosolver.texas42 import Position
from terminal import Terminal

POSITIONS = ["trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30",
             "trump=4 leader=E hands=66/41/65/53 contract=N30"]


def json_alone(*args: str) -> dict:
    term = Terminal(*args)
    assert term.close(timeout=300) == 0, term.text[-2000:]
    assert term.raw.lstrip().startswith("{"), term.raw[:500]  # no bar drawn before it, nor any escape code
    return json.loads(term.text)


def test_arena_json_alone():
    summary = json_alone("arena", "--deals", "2", "--bots", "random,rule", "--json")
    assert summary["schema"] == "dominosolver.arena/1" and summary["deals"] == 2


@pytest.mark.parametrize("command", [["analyse-batch"], ["analyse"]])
def test_batch_json_alone(tmp_path, command):
    records = tmp_path / "in.jsonl"
    records.write_text("".join(json.dumps(Position(p).to_json()) + "\n" for p in POSITIONS))
    summary = json_alone(*command, str(records), "-o", str(tmp_path / "out.jsonl"), "--json")
    assert summary["schema"] == "dominosolver.batch/1" and summary["analysed"] == 2


def test_corpus_json_alone(tmp_path):
    pytest.importorskip("pyarrow")
    built = json_alone("corpus", "build", str(tmp_path / "c"), "--deals", "4", "--dask", "none", "--json")
    assert built["rows"] == 4
    checked = json_alone("corpus", "verify", str(tmp_path / "c"), "--sample", "2", "--json")
    assert checked["sampled"] == 2
