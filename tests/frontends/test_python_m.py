"""`python -m dominosolver` is the command line, as the installed script (for an interpreter whose
scripts folder is not on the PATH)."""

from __future__ import annotations

import subprocess
import sys


def test_python_m_runs_the_command_line():
    shown = subprocess.run([sys.executable, "-m", "dominosolver", "show", "trump=4 leader=N hands=66/44/65/53"],
                           capture_output=True, text=True, check=False)
    assert shown.returncode == 0 and "N to play; legal: 6-6" in shown.stdout, shown.stderr
    wrong = subprocess.run([sys.executable, "-m", "dominosolver", "show", "trump=4"], capture_output=True, text=True,
                           check=False)
    assert wrong.returncode == 2 and wrong.stderr == "error: ParseError: position text lacks hands=\n"
