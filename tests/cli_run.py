"""Running the command line as the installed script runs it, for tests of what a user sees."""

from __future__ import annotations

import pytest
from dominosolver.cli import main


def run(args: list[str], capsys) -> tuple[int, str]:
    """Exit status and stderr of `dominosolver ARGS` run as the installed script runs it."""
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return exit_info.value.code, err
