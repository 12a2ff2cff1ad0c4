"""The command line's entry point: the installed ``dominosolver`` script calls ``main`` here, and
``python -m dominosolver`` runs it (for an interpreter whose scripts folder is not on the PATH).

``main`` loads the commands (``dominosolver.cli``, and with it the whole package) inside its own
Ctrl-C handling: an interrupt from the moment it is called ends as one during a command does (a
newline on stderr, status 1), never with a traceback. The package's ``__init__`` loads no module, so
what comes before (the interpreter's start, the launcher's first lines) is as short as it can be.

Both handlers run ``exec("pass")`` before they exit. CPython (3.11) marks a KeyboardInterrupt raised
inside code that ``exec`` or ``eval`` runs from a string as unhandled, though the caller catches it:
a Ctrl-C landing while ``dataclasses`` (or ``namedtuple``) builds a class's methods, as the package's
modules load, is such a one. An interpreter started with ``python -m`` then ends killed by SIGINT
(status -2; 130 in a shell) in place of the status given, without a word. A string run to its end by
``exec`` clears that mark (the other launchers exit before looking at it)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    try:
        from .cli.main import main as run
    except KeyboardInterrupt:  # as the command line ends on Ctrl-C (cli/main.py)
        sys.stderr.write("\n")
        exec("pass")  # noqa: S102 - clears CPython's mark of an interrupt in exec'd code (above)
        sys.exit(1)
    run(argv)


if __name__ == "__main__":
    main()
