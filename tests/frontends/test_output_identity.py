"""One writer per output file, whatever name leads to it (issue 40, point 8): the lock went by the
path as typed, so a second run through a symbolic or a hard link was not refused, and the link was
replaced by a file. Now the lock file sits beside the real path and the run holds the file itself
(its inode, taken again when the run replaces the file); a link is written through. And a run starts
at most two worker processes a core (``--jobs 40`` started 28 and more)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from dominosolver.arena import run_arena
from dominosolver.batch import analyse_batch
from dominosolver.cli import main
from dominosolver.errors import ParseError
from dominosolver.games import get
from dominosolver.resume import OutputBusyError, most_jobs, output_lock, rewrite_lines
from dominosolver.texas42 import Game, Position


def test_a_symbolic_link_to_a_held_output_is_refused(tmp_path):
    out = tmp_path / "out.jsonl"
    link = tmp_path / "link.jsonl"
    link.symlink_to(out)  # the output need not exist yet
    with output_lock(out), pytest.raises(OutputBusyError), output_lock(link):
        pass
    with output_lock(link), pytest.raises(OutputBusyError), output_lock(out):  # and the other way round
        pass


def test_a_hard_link_to_a_held_output_is_refused_even_after_the_run_replaced_it(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text("")
    early = tmp_path / "early.jsonl"
    os.link(out, early)
    with output_lock(out):
        with pytest.raises(OutputBusyError, match="hard link"), output_lock(early):
            pass
        rewrite_lines(out, ['{"index": 0}'])  # a new file: held again
        late = tmp_path / "late.jsonl"
        os.link(out, late)
        with pytest.raises(OutputBusyError, match="hard link"), output_lock(late):
            pass
    with output_lock(tmp_path / "late.jsonl"):  # free once the run ends
        pass


def test_a_link_is_written_through_not_replaced(tmp_path):
    out = tmp_path / "out.jsonl"
    link = tmp_path / "link.jsonl"
    link.symlink_to(out)
    with output_lock(link):
        rewrite_lines(link, ["a", "b"])
    assert link.is_symlink() and out.read_text() == "a\nb\n"


def test_analyse_through_a_link_keeps_the_link(tmp_path):
    records = tmp_path / "records.jsonl"
    records.write_text("\n".join(json.dumps(Position(trump=s % 7, hands=[list(h) for h in Game(seed=s).deal()],
                                                     contract=(0, 30)).to_json()) for s in range(3)) + "\n")
    out, link = tmp_path / "out.jsonl", tmp_path / "link.jsonl"
    link.symlink_to(out)
    analyse_batch(records, link, npz=None)
    assert link.is_symlink() and len(out.read_text().splitlines()) == 3


def test_jobs_beyond_two_a_core_are_refused_by_name(tmp_path, capsys):
    with pytest.raises(ParseError, match=f"at most {most_jobs()}"):
        analyse_batch(tmp_path / "none.jsonl", tmp_path / "out.jsonl", jobs=most_jobs() + 1)
    with pytest.raises(ParseError, match=f"at most {most_jobs()}"):
        run_arena(get("texas42").arena, 1, [("rule", "rule")], jobs=40)
    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps(Position(trump=4, hands=[list(h) for h in Game(seed=1).deal()]).to_json()) + "\n")
    with pytest.raises(SystemExit) as status:
        main(["analyse", str(records), "-o", str(tmp_path / "out.jsonl"), "--jobs", "40"])
    assert status.value.code == 2
    assert f"at most {most_jobs()}" in capsys.readouterr().err
    assert not Path(tmp_path / "out.jsonl").exists()
