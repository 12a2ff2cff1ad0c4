"""An output that holds other lines, or is the input, is refused with a message that names the way
out in the API it was called from: ``--overwrite`` on the command line, ``overwrite=True`` in
Python (the message named only the command-line flag); and ``overwrite=True`` does what it says."""

from __future__ import annotations

import json

import pytest
from dominosolver.batch import analyse_batch
from dominosolver.resume import OutputConflictError

RECORD = {"trump": 4, "leader": 0, "hands": [["6-6", "6-4"], ["4-4", "3-1", "2-0"], ["6-5", "4-1", "0-0"], ["5-3", "2-2", "1-0"]],
          "trick": ["4-2"]}


def test_a_foreign_output_names_the_python_keyword(tmp_path):
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(json.dumps(RECORD) + "\n")
    out.write_text('{"other": "data"}\n')
    with pytest.raises(OutputConflictError, match=r"--overwrite \(overwrite=True in Python\)"):
        analyse_batch(source, out, npz=None)
    assert out.read_text() == '{"other": "data"}\n'  # untouched
    summary = analyse_batch(source, out, npz=None, overwrite=True)
    assert summary.analysed == 1 and json.loads(out.read_text())["result"]["schema"] == "dominosolver.solve/1"


def test_the_input_as_output_names_the_python_keyword(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps(RECORD) + "\n")
    with pytest.raises(OutputConflictError, match=r"--overwrite, overwrite=True in Python,"):
        analyse_batch(source, source, npz=None)
