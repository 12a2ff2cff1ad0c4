"""Ctrl-C while the command line is still loading (its first second: the package imports) ends as
Ctrl-C during a command does, status 1 and nothing but a newline on stderr, not with a traceback.

SIGINT goes at chosen points of the loading, found by state, not time: the child runs with
PYTHONPROFILEIMPORTTIME, which writes a line to stderr as each module finishes importing, and the
signal is sent on the line of a module the commands load (click early, numpy midway,
dominosolver.batch late), or on the first line after the entry point's module (dominosolver.__main__;
under ``python -m``, which runs that module's code without importing it by name, the package's own
line): the earliest point inside ``dominosolver.__main__.main``, which loads the commands under its
own Ctrl-C handling. (Before that, the launcher runs: the interpreter's start, then the package's
``__init__`` and the entry point's module, which load no module of the package.) Each of the three
ways to start the command line is tried."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest
from dominosolver import texas42

# A Big Game exchange hint of 2,000 deals: seconds of work, so a late SIGINT still lands in the command.
BIG_EXCHANGE = ("biggame seat=W contract=W66 hand=81.80.77.66.65.63.62.43.41.40.32.21 "
                "auction=E:61,64,66,pass,pass,pass")
ARGS = ["hint", BIG_EXCHANGE, "--samples", "2000", "--seed", "1"]
SCRIPT = Path(sysconfig.get_path("scripts")) / "dominosolver"
LAUNCHERS = {  # how to start the command line, and the import line after which its main runs
    "script": ([str(SCRIPT)], "dominosolver.__main__"),
    "python -m": ([sys.executable, "-m", "dominosolver"], "dominosolver"),
    "python -c": ([sys.executable, "-c", "from dominosolver.__main__ import main; main()"], "dominosolver.__main__"),
}
IMPORT_LINE = "import time:"


def interrupted_at(command: list[str], first: str, at: str | None) -> tuple[int, str, str]:
    """(exit status, stderr without the import lines, the import line SIGINT was sent on): SIGINT sent
    on module ``at``'s line (None: on the first line after ``first``'s)."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    begun, other, sent = False, [], None
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                          start_new_session=True) as proc:  # a terminal's foreground job: SIGINT acts by default
        assert proc.stderr is not None
        for line in proc.stderr:
            if not line.startswith(IMPORT_LINE):
                other.append(line)
                continue
            module = line.split("|")[-1].strip()
            if sent is None and (module == at or at is None and begun):
                os.kill(proc.pid, signal.SIGINT)
                sent = module
            begun = begun or module == first
    assert sent is not None, f"{first} then {at} were not seen: {''.join(other)[-2000:]}"
    return proc.returncode, "".join(other), sent


@pytest.fixture(scope="module")
def usual(tmp_path_factory) -> tuple[int, str]:
    """(status, stderr) of Ctrl-C during a command: an `analyse` batch interrupted once it has written
    its first result (the package loaded, the command at work)."""
    work = tmp_path_factory.mktemp("usual")
    records, out = work / "records.jsonl", work / "out.jsonl"
    records.write_text("".join(
        json.dumps(texas42.Position(trump=s % 7, hands=[list(h) for h in texas42.Game(seed=s).deal()],
                                    contract=(s % 4, 30)).to_json()) + "\n" for s in range(2000)))
    with subprocess.Popen(LAUNCHERS["python -c"][0] + ["analyse", str(records), "-o", str(out), "--npz", "none"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True) as proc:
        while not (out.exists() and out.read_text().count("\n") >= 1):
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGINT)
        _, stderr = proc.communicate()
    assert out.read_text().count("\n") < 2000  # it was interrupted, not finished
    return proc.returncode, stderr


@pytest.mark.parametrize("launcher", LAUNCHERS)
# The first line inside main, then modules the commands load early, midway and late.
@pytest.mark.parametrize("at", [None, "click", "numpy", "dominosolver.batch"])
def test_ctrl_c_while_loading_ends_as_an_interrupted_command(launcher, at, usual):
    if launcher == "script" and not (SCRIPT.exists() and "dominosolver.__main__" in SCRIPT.read_text()):
        pytest.skip(f"no console script at {SCRIPT} of this entry point (pyproject.toml's; reinstall)")
    command, first = LAUNCHERS[launcher]
    status, stderr, sent = interrupted_at(command + ARGS, first, at)
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, (sent, stderr[-2000:])
    assert (status, stderr) == usual, (sent, stderr[-2000:])


def test_the_usual_ending(usual):
    """What the comparison above holds to: status 1 and the newline click writes after the ^C."""
    assert usual == (1, "\n")
