"""analyse_batch checks ``progress`` and ``npz`` before any work: ``progress=5`` raised
TypeError ('int' object is not callable) after the first record, with its line written, and
``npz=5`` pathlib's TypeError; each is now a ParseError naming it, and no output is made."""

from __future__ import annotations

import json

import pytest
from dominosolver.batch import analyse_batch
from dominosolver.errors import ParseError

RECORD = {"trump": 4, "leader": 0, "hands": [["6-6", "6-4"], ["4-4", "3-1", "2-0"], ["6-5", "4-1", "0-0"], ["5-3", "2-2", "1-0"]],
          "trick": ["4-2"]}


@pytest.mark.parametrize("options, refused", [({"progress": 5}, "progress must be a function or None, not 5"),
                                              ({"npz": 5}, "npz must be 'auto', None or a path, not 5")])
def test_a_bad_option_is_refused_before_any_output(tmp_path, options, refused):
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(json.dumps(RECORD) + "\n" + json.dumps(RECORD) + "\n")
    with pytest.raises(ParseError, match=refused):
        analyse_batch(source, out, **options)
    assert not out.exists()


def test_good_options_still_run(tmp_path):
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(json.dumps(RECORD) + "\n")
    seen = []
    summary = analyse_batch(source, out, npz=tmp_path / "arrays.npz", progress=lambda done, total: seen.append((done, total)))
    assert summary.analysed == 1 and seen == [(1, 1)] and (tmp_path / "arrays.npz").exists()
