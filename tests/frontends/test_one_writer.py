"""One writer per output, and interruptions that lose nothing: `analyse -o` and `arena -o` lock their
output (a second run refuses at once, naming the holder); Ctrl-C ends a run between two lines; a run
killed outright (kill -9) leaves a lock nobody holds, and the rerun resumes with every record once.
A time limit ends a run early and a rerun finishes it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from dominosolver.arena import run_arena
from dominosolver.batch import analyse_batch
from dominosolver.cli import main
from dominosolver.games import get
from dominosolver.resume import OutputBusyError, lock_path, output_lock
from dominosolver.texas42 import Game, Position, solve
from promptness import PROMPT

RECORDS = 400  # first-lead solves, a few milliseconds each: a run lasts seconds


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("writer") / "records.jsonl"
    lines = []
    for seed in range(RECORDS):
        hands = [list(h) for h in Game(seed=seed).deal()]
        lines.append(json.dumps(Position(trump=seed % 7, hands=hands, contract=(seed % 4, 30)).to_json()))
    path.write_text("\n".join(lines) + "\n")
    return path


def start_run(records: Path, out: Path) -> subprocess.Popen:
    """`dominosolver analyse RECORDS -o OUT` in another process, with Ctrl-C acting as on a terminal."""
    return subprocess.Popen(
        [sys.executable, "-c", "from dominosolver.cli import main; main()", "analyse", str(records), "-o", str(out),
         "--npz", "none"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler),
    )


def wait_for_lines(out: Path, n: int, child: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while not (out.exists() and out.read_text().count("\n") >= n):
        assert child.poll() is None, child.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.01)


def check_complete(out: Path, records: Path) -> None:
    """Every record once, in order, each with its own result: 0 lost, 0 duplicated."""
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["index"] for r in rows] == list(range(RECORDS))
    inputs = records.read_text().splitlines()
    for k in range(0, RECORDS, 37):
        assert rows[k]["result"]["value"] == solve(json.loads(inputs[k])).value


def test_a_second_run_refuses_at_once_and_nothing_is_lost_to_ctrl_c_or_kill(records, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    # Run 1: Ctrl-C once it has written some results. It stops within a second, exit status 1, and
    # its output holds whole lines only.
    first = start_run(records, out)
    wait_for_lines(out, 20, first)
    first.send_signal(signal.SIGINT)
    sent = time.perf_counter()
    first.communicate(timeout=30)
    assert first.returncode == 1 and time.perf_counter() - sent < PROMPT
    text = out.read_text()
    kept = text.splitlines()
    assert text.endswith("\n") and all(json.loads(line)["index"] >= 0 for line in kept)
    assert not lock_path(out).exists()  # a run that ends, even by Ctrl-C, removes its lock file
    # Run 2 resumes; while it runs, a second run on the same output refuses at once.
    second = start_run(records, out)
    wait_for_lines(out, len(kept) + 20, second)
    with pytest.raises(SystemExit) as refused:
        main(["analyse", str(records), "-o", str(out)])
    err = capsys.readouterr().err
    assert refused.value.code == 2 and "OutputBusyError" in err
    assert f"another run is writing {out}" in err and f"process {second.pid}" in err
    # kill -9: the process dies holding the lock; the OS lock dies with it (the file stays).
    second.send_signal(signal.SIGKILL)
    second.communicate(timeout=30)
    assert lock_path(out).exists()
    # Run 3 takes over the lock and resumes: every record once.
    summary = analyse_batch(records, out, npz=None)
    assert summary.skipped > len(kept) and summary.skipped + summary.analysed == RECORDS
    check_complete(out, records)
    assert not lock_path(out).exists()


def test_a_held_output_is_refused_before_anything_is_read_or_written(records, tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text("not ours\n")
    with output_lock(out):
        with pytest.raises(OutputBusyError, match=f"process {os.getpid()}"):
            analyse_batch(records, out, npz=None, overwrite=True)
        with pytest.raises(OutputBusyError, match="another run is writing"):
            run_arena(get("42").arena, 1, [("rule", "random")], output=out, overwrite=True)
    assert out.read_text() == "not ours\n"  # untouched: the refusal came first


def test_a_time_limit_ends_a_run_and_a_rerun_finishes_it(records, tmp_path):
    out = tmp_path / "out.jsonl"
    summary = analyse_batch(records, out, npz=None, time=0)
    assert summary.analysed == 1 and summary.left == RECORDS - 1
    assert len(out.read_text().splitlines()) == 1
    summary = analyse_batch(records, out, npz=None)
    assert summary.skipped == 1 and summary.left == 0
    check_complete(out, records)


def test_ctrl_c_in_a_pooled_run_ends_its_workers(records, tmp_path, ctrl_c_soon):
    out = tmp_path / "out.jsonl"
    sent = ctrl_c_soon(1.0)
    with pytest.raises(KeyboardInterrupt):
        for _ in range(1000):  # each run redoes every record, until Ctrl-C lands in one
            analyse_batch(records, out, npz=None, jobs=2, chunk=1, resume=False)
    assert time.perf_counter() - sent < PROMPT
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len({r["index"] for r in rows}) == len(rows) <= RECORDS
    analyse_batch(records, out, npz=None, jobs=2)
    check_complete(out, records)
