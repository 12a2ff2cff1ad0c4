"""Command-line arguments that are either the thing itself (notation, JSON) or a file holding it."""

from __future__ import annotations

from pathlib import Path


def text_or_file(arg: str) -> str:
    """The file's text when ``arg`` names a file, else ``arg`` itself (a long JSON argument is no
    file name: the system refuses such a name rather than answering no)."""
    try:
        is_file = Path(arg).is_file()
    except (OSError, ValueError):
        is_file = False
    return Path(arg).read_text() if is_file else arg
