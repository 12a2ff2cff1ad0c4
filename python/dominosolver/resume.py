"""Resumable JSON-lines outputs (``analyse -o``, ``arena -o``): the results an earlier run of the same
command left there, and a refusal to replace anything else unless the caller says ``overwrite``.

A rerun resumes from its own results only: the output must not be an input file, and every line in it
must be a result of this same run (a torn last line from an interrupted write excepted). Anything else
may be someone's data, so the run stops before touching the file."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .errors import DominoSolverError, ParseError
from .io import json_value

__all__ = ["OutputConflictError", "check_writable", "earlier_results", "rewrite_lines", "same_file"]

RESULT_START = '{"index":'  # both commands write each result line starting so


class OutputConflictError(DominoSolverError):
    """The output file holds data that is not this run's to replace (an input, other results)."""


def same_file(a: str | Path, b: str | Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist
        return False


def check_writable(path: str | Path) -> None:
    """Raise OSError naming ``path`` now, not after hours of work, when it cannot be written."""
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "cannot be written: it is a directory", str(path))
    parent = path.parent
    if not parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, f"cannot be written: no directory {parent}", str(path))
    try:
        with tempfile.TemporaryFile(dir=parent):
            pass
    except OSError as e:
        raise type(e)(e.errno, f"cannot be written: {e.strerror}", str(path)) from None
    if path.exists() and not os.access(path, os.W_OK):
        raise PermissionError(errno.EACCES, "cannot be written: the file is read-only", str(path))


def earlier_results(
    path: str | Path,
    foreign: Callable[[Any], str | None],
    *,
    inputs: Iterable[str | Path] = (),
    overwrite: bool = False,
) -> list[Any]:
    """The results of this run already in ``path`` (decoded, in file order) to resume from.

    ``foreign(obj)`` says why a decoded line is not a result of this run (None if it is one). Raises
    OutputConflictError, before anything is written, when ``path`` is one of ``inputs`` or holds any
    other line; with ``overwrite`` those lines are dropped instead. Raises OSError when ``path``
    cannot be written."""
    path = Path(path)
    for source in inputs:
        if same_file(path, source) and not overwrite:
            raise OutputConflictError(
                f"the output {path} is the input file: the results would replace the input; "
                "choose another output (or pass --overwrite to replace it all the same)"
            )
    check_writable(path)
    if not path.exists():
        return []
    text = path.read_bytes().decode("utf-8", errors="replace")  # a binary file is foreign, not a crash
    lines = text.split("\n")
    last = lines.pop()  # the text after the last newline: "" or a line whose write was cut off
    kept: list[Any] = []
    conflicts: list[tuple[int, str]] = []
    for number, line in enumerate([*lines, last], 1):
        if not line.strip():
            continue
        try:
            obj = json_value(line)
        except ParseError:
            unfinished = number == len(lines) + 1 and (
                line.startswith(RESULT_START) or RESULT_START.startswith(line)
            )
            if not unfinished:  # an interrupted write only ever tears the last line
                conflicts.append((number, "is not JSON"))
            continue
        reason = foreign(obj)
        if reason is None:
            kept.append(obj)
        else:
            conflicts.append((number, reason))
    if conflicts and not overwrite:
        number, reason = conflicts[0]
        raise OutputConflictError(
            f"the output {path} holds {len(conflicts)} line(s) that are not results of this run "
            f"(line {number} {reason}); it was left untouched: choose another output, or pass "
            "--overwrite to replace them"
        )
    return kept


def rewrite_lines(path: str | Path, lines: Iterable[str]) -> None:
    """Replace ``path`` by ``lines`` atomically: an interruption leaves the old file or the new one."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            for line in lines:
                f.write(line + "\n")
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
