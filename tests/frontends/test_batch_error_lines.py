"""A batch's bad records are named by their line in the input: each error result carries its
``line`` (blank lines counted, as an editor counts them), the summary lists the lines of every
record in error (resumed ones too), and the terminal's summary names them; a line that is not JSON
is called malformed once, not twice."""

from __future__ import annotations

import json

from dominosolver.batch import analyse_batch
from dominosolver.cli.render import SHOWN_LINES, batch_summary

GOOD = json.dumps({"position": "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42"})
BAD_POSITION = json.dumps({"position": "trump=4 leader=N hands=66.64", "plays": ["6-6"]})
NOT_JSON = "{not json"


def write(path, lines: list[str]) -> list[int]:
    """The file of ``lines`` and the numbers (from 1) of its bad ones, as a person finds them."""
    path.write_text("\n".join(lines) + "\n")
    return [n for n, line in enumerate(path.read_text().splitlines(), 1) if line in (BAD_POSITION, NOT_JSON)]


def test_errors_name_their_input_lines(tmp_path):
    records = tmp_path / "records.jsonl"
    bad = write(records, [GOOD, "", BAD_POSITION, GOOD, "   ", "", NOT_JSON, GOOD])
    out = tmp_path / "out.jsonl"
    summary = analyse_batch(records, out, npz=None)
    results = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["task"] for r in results if "result" in r] == ["solve"] * 3  # the batch went on past both
    errors = [r["error"] for r in results if "error" in r]
    assert [e["line"] for e in errors] == bad == list(summary.error_lines)
    assert summary.errors == 2 and summary.to_json()["error_lines"] == bad
    malformed = errors[1]["message"]
    assert malformed.startswith("malformed JSON: ") and malformed.count("malformed JSON") == 1
    words = batch_summary(summary)
    assert f"2 errors (input lines {bad[0]}, {bad[1]})" in words, words

    again = analyse_batch(records, out, npz=None)  # resumed: the errors are still named
    assert (again.skipped, again.analysed, again.error_lines) == (len(results), 0, summary.error_lines)


def test_the_summary_names_the_first_lines_then_counts(tmp_path):
    records = tmp_path / "records.jsonl"
    bad = write(records, [NOT_JSON] * (SHOWN_LINES + 2) + [GOOD])
    summary = analyse_batch(records, tmp_path / "out.jsonl", npz=None)
    assert list(summary.error_lines) == bad
    shown = ", ".join(str(n) for n in bad[:SHOWN_LINES])
    assert f"(input lines {shown} and 2 more)" in batch_summary(summary)


def test_an_error_row_names_the_task_asked_of_its_record(tmp_path):
    """A record's own task (or the one its shape asks for) is its error row's task, as a result's is;
    a task no game has leaves the batch's."""
    records = tmp_path / "records.jsonl"
    bingo_table = {"game": "bingo", "task": "table", "hands": [["6-6"], ["5-5"]]}
    no_task = json.loads(GOOD) | {"task": "shuffle"}
    bad_solve = json.loads(BAD_POSITION) | {"task": "solve"}
    write(records, [json.dumps(bingo_table), json.dumps(no_task), json.dumps(bad_solve), NOT_JSON])
    out = tmp_path / "out.jsonl"
    analyse_batch(records, out, npz=None)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert all("error" in row for row in rows)
    assert [row["task"] for row in rows] == ["table", "auto", "solve", "auto"]
