"""Ctrl-C that lands in code run by ``exec`` from a string (dataclasses build a class's ``__init__`` so,
while the package's modules load) ends the command line as any Ctrl-C does, status 1 and a newline,
whichever way it was started. CPython 3.11 marks such an interrupt as unhandled although it is caught,
and ``python -m`` then ended killed by SIGINT (status -2, no message): about 8 times in 20 when the
signal went on the import lines of ``_queue`` or ``multiprocessing.connection`` (the modules before
dominosolver.arena's dataclasses), which test_ctrl_c_while_loading.py could not make happen at will.

Here the interrupt is put where the signal lands, at will: a ``sitecustomize`` module of the child's
(on its PYTHONPATH) raises KeyboardInterrupt from ``exec`` of a string as the commands load (on the
import of dominosolver.games), or as the command starts (click's invoke of it)."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

SCRIPT = Path(sysconfig.get_path("scripts")) / "dominosolver"
LAUNCHERS = {
    "script": [str(SCRIPT)],
    "python -m": [sys.executable, "-m", "dominosolver"],
    "python -c": [sys.executable, "-c", "from dominosolver.__main__ import main; main()"],
}
POSITION = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30"

SITECUSTOMIZE = '''
import os, sys

WHERE = os.environ.get("DOMINOSOLVER_TEST_INTERRUPT")


def interrupt():
    exec("raise KeyboardInterrupt")  # as a Ctrl-C landing in a dataclass's generated __init__


class Interrupting:
    """On the first import of dominosolver.games (as the commands load): the interrupt."""

    def find_spec(self, name, path=None, target=None):
        if name == "dominosolver.games":
            sys.meta_path.remove(self)
            interrupt()
        return None


if WHERE == "loading":
    sys.meta_path.insert(0, Interrupting())
elif WHERE == "command":
    import click

    def invoke(self, ctx):
        interrupt()

    click.Command.invoke = invoke  # a leaf command's; the group's own invoke is its own
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    (folder / "sitecustomize.py").write_text(SITECUSTOMIZE)
    return folder


@pytest.mark.parametrize("launcher", LAUNCHERS)
@pytest.mark.parametrize("where", ["loading", "command"])
def test_ctrl_c_in_execd_code_ends_with_the_usual_status(launcher, where, site):
    if launcher == "script" and not (SCRIPT.exists() and "dominosolver.__main__" in SCRIPT.read_text()):
        pytest.skip(f"no console script at {SCRIPT} of this entry point (pyproject.toml's; reinstall)")
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path, "DOMINOSOLVER_TEST_INTERRUPT": where}
    out = subprocess.run([*LAUNCHERS[launcher], "show", POSITION], env=env, capture_output=True, text=True,
                         stdin=subprocess.DEVNULL, check=False)
    assert (out.returncode, out.stderr, out.stdout) == (1, "\n", ""), out.stderr[-2000:]
