"""``python -m dominosolver``: the command line, as the installed ``dominosolver`` script runs it (for
an interpreter whose scripts folder is not on the PATH)."""

from .cli import main

if __name__ == "__main__":
    main()
