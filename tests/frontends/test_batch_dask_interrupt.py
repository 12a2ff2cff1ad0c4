"""Ctrl-C on a batch run on a local Dask cluster ends it as on local processes: the workers ignore
the terminal's SIGINT (no KeyboardInterrupt traceback from each of them), this process ends them
with the run (a closing cluster waited seconds for their work in hand, then said it killed them),
and the output keeps the lines written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from dominosolver.resume import close_dask, dask_connection
from support_views import random_position

QUICK = 4  # one chunk of quick records (the batch's chunk is 4), then long hints


def records(path):
    quick = [json.dumps(random_position(seed, 20).to_json()) for seed in range(QUICK)]
    early = random_position(7, 1)
    long = [json.dumps({"view": early.view(early.to_move).to_json()})] * 4  # 10^6 worlds: minutes each
    path.write_text("\n".join(quick + long) + "\n")


def test_local_workers_ignore_the_terminal_s_sigint():
    pytest.importorskip("distributed")
    connection = dask_connection("local", 1)
    try:
        ignored = connection.client.run(lambda: signal.getsignal(signal.SIGINT) == signal.SIG_IGN)
        assert list(ignored.values()) == [True] and len(connection.pids) == 1
    finally:
        close_dask(connection, interrupted=False)


def test_ctrl_c_ends_the_cluster_s_work_quietly(tmp_path):
    pytest.importorskip("distributed")
    path, out = tmp_path / "records.jsonl", tmp_path / "out.jsonl"
    records(path)
    command = [sys.executable, "-c", "from dominosolver.cli import main; main()", "analyse", str(path), "-o", str(out),
               "--samples", "1000000", "--exact-limit", "0", "--dask", "local", "--jobs", "2", "--npz", "none"]
    # A session of its own, SIGINT to its whole group: what a terminal's Ctrl-C does.
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    deadline = time.monotonic() + 120
    while not (out.exists() and out.read_text().count("\n") >= QUICK):
        assert run.poll() is None, run.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGINT)
    _, err = run.communicate(timeout=60)
    assert run.returncode == 1, err
    assert "KeyboardInterrupt" not in err and "Traceback" not in err, err  # none from the workers
    assert "still alive" not in err, err  # the cluster did not wait for the workers' work in hand
    kept = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["index"] for row in kept] == list(range(QUICK))
