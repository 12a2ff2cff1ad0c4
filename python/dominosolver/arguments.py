"""Checks of the numeric arguments the C++ solvers take, so that the core never sees a nonsense one."""

from __future__ import annotations

import os
from typing import Any

MAX_TABLE_MB = 1 << 20


def table_megabytes(value: Any, name: str = "tt_mb") -> int:
    """A transposition table size in megabytes: a whole number from 1."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_TABLE_MB:
        raise ValueError(f"{name} must be a whole number of megabytes from 1 to {MAX_TABLE_MB}, not {value!r}")
    return value


def thread_count(value: Any) -> int:
    """Solver threads: None means one per core."""
    if value is None:
        return os.cpu_count() or 1
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"threads must be a whole number from 1, not {value!r}")
    return value
