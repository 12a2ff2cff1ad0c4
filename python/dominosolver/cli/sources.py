"""Command-line arguments that are either the thing itself (notation, JSON) or a file holding it."""

from __future__ import annotations

from pathlib import Path

from ..io import read_text_file


def text_or_file(arg: str) -> str:
    """The file's text when ``arg`` names a file, else ``arg`` itself (a long JSON argument is no
    file name: the system refuses such a name rather than answering no)."""
    try:
        is_file = Path(arg).is_file()
    except (OSError, ValueError):
        is_file = False
    if not is_file:
        return arg
    return read_text_file(arg, "a text file (notation or JSON)")
