"""A batch's summary reaches a person whose stdout is piped or redirected: without --json the summary
line goes to stderr (stdout stays empty, the results are in OUTPUT); with --json the JSON summary alone
is on stdout and stderr is quiet."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver.cli.main import cli

RECORDS = [{"position": "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42"}, "{not json"]


@pytest.mark.parametrize("command", [["analyse-batch"], ["analyse"]])
def test_the_summary_goes_to_stderr_when_piped(tmp_path, command):
    records = tmp_path / "in.jsonl"
    records.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in RECORDS) + "\n")
    out = tmp_path / "o" / ("x" * 90 + ".jsonl")  # a long path: the line is not wrapped at 80 columns
    out.parent.mkdir()
    words = CliRunner().invoke(cli, [*command, str(records), "-o", str(out)])
    assert words.exit_code == 0, words.output
    assert words.stdout == ""
    line = f"2 records: 2 analysed, 0 already done, 1 error (input line 2) -> {out}, {out.with_suffix('.npz')}"
    assert words.stderr.splitlines() == [line]
    again = CliRunner().invoke(cli, [*command, str(records), "-o", str(out), "--json"])
    assert again.exit_code == 0 and again.stderr == ""
    assert json.loads(again.stdout)["skipped"] == 2
