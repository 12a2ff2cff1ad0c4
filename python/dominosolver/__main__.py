"""The command line's entry point: the installed ``dominosolver`` script calls ``main`` here, and
``python -m dominosolver`` runs it (for an interpreter whose scripts folder is not on the PATH).

``main`` loads the commands (``dominosolver.cli``, and with it the whole package) inside its own
Ctrl-C handling: an interrupt from the moment it is called ends as one during a command does (a
newline on stderr, status 1), never with a traceback. The package's ``__init__`` loads no module, so
what comes before (the interpreter's start, the launcher's first lines) is as short as it can be."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    try:
        from .cli.main import main as run
    except KeyboardInterrupt:  # as the command line ends on Ctrl-C (cli/main.py)
        sys.stderr.write("\n")
        sys.exit(1)
    run(argv)


if __name__ == "__main__":
    main()
