"""Checks of the arguments the solvers and samplers take, so that the core never sees a nonsense one
and a caller gets a ``ParseError`` naming the argument, never a raw TypeError from deep inside."""

from __future__ import annotations

import math
import os
import warnings
from collections.abc import Iterable
from typing import Any

from ._core import decisions as _decisions
from .errors import ParseError, json_type, shown
from .tiles import Tile

MAX_TABLE_MB = 1 << 16  # 64 GB: beyond any machine this runs on
# Worlds a hint or bidding advice may sample, or enumerate exactly: beyond this a request is a
# typo (a million deals already take hours to solve), and a cap keeps every list of them bounded
# (core/pimc.hpp's, the WebAssembly module's too).
MAX_WORLDS: int = _decisions.pimc.MAX_WORLDS
# Search nodes a budget may allow: beyond any search worth waiting for (11 days at 10^7 a second);
# 0 means no limit.
MAX_NODES = 10**13
MAX_THREADS = 1024  # solver threads a call may start: far beyond any machine's cores
MAX_SEED = (1 << 64) - 1  # the core's seeds (of a game's deals) are 64-bit
MAX_SECONDS = 10**9  # a time limit beyond 30 years is a typo (None means no limit)


def whole_number(value: Any, name: str, low: int, high: int | None = None) -> int:
    """An int (not a bool) from ``low`` to ``high`` (no upper bound when None)."""
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        span = f"from {low}" if high is None else f"from {low} to {high:,}"
        raise ParseError(f"{name} must be a whole number {span}, not {shown(value)}")
    return value


def table_megabytes(value: Any, name: str = "tt_mb", high: int = MAX_TABLE_MB) -> int:
    """A transposition table size in megabytes: a whole number from 1 to ``high``."""
    return whole_number(value, name, 1, high)


def thread_count(value: Any) -> int:
    """Solver threads: None means one per core; at most ``MAX_THREADS``."""
    return os.cpu_count() or 1 if value is None else whole_number(value, "threads", 1, MAX_THREADS)


def seed_value(value: Any, name: str = "seed", *, optional: bool = True) -> int | None:
    """A seed (of the deals, a sampler, a batch): None (pick one) or a whole number from 0 to
    ``MAX_SEED``, the one check of every front end's seeds. Negative seeds are refused:
    ``random.Random`` would silently draw the same deals for -s as for s; the core's are 64-bit.
    None is refused too where not ``optional``."""
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise ParseError(f"{name} must be a whole number from 0 to 2**64 - 1, not {shown(value)}")
    return value


def world_count(value: Any, name: str = "samples", low: int = 1) -> int:
    """A number of worlds to sample or enumerate: ``low`` to ``MAX_WORLDS``."""
    return whole_number(value, name, low, MAX_WORLDS)


def node_budget(value: Any, name: str = "max_nodes") -> int:
    """A search budget in nodes: a whole number from 0 (0: no limit) to ``MAX_NODES``."""
    return whole_number(value, name, 0, MAX_NODES)


def time_limit(value: Any, name: str = "time") -> float | None:
    """Seconds of work: None (no limit) or a number from 0 to ``MAX_SECONDS`` (0: as little as the
    call can do: its first batch)."""
    if value is None:
        return None
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not number or not 0 <= value <= MAX_SECONDS:  # NaN and infinity fail too
        raise ParseError(f"{name} must be a number of seconds from 0 to {MAX_SECONDS:,}, or null, not {shown(value)}")
    return float(value)


def callback(value: Any, name: str = "should_stop") -> Any:
    """A function the work calls (``should_stop``, ``on_progress``), or None; checked before the work,
    which may never call it (a short search asks no stop)."""
    if value is not None and not callable(value):
        raise ParseError(f"{name} must be a function or None, not {shown(value)}")
    return value


def perf_deadline(value: Any, name: str = "deadline") -> float | None:
    """A moment to stop at, as ``time.perf_counter()`` tells it (seconds), or None for none."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):  # NaN is no moment
        raise ParseError(f"{name} must be a time.perf_counter() value in seconds, or None, not {shown(value)}")
    return float(value)


def switch(value: Any, name: str) -> bool:
    """An on/off option (a solve's ``moves``, ``pv``, ``margin``): true or false, nothing else."""
    if not isinstance(value, bool):
        raise ParseError(f"{name} must be true or false, not {shown(value)}")
    return value


def probability(value: Any, name: str) -> float:
    """A probability threshold: a number from 0 to 1."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ParseError(f"{name} must be a number from 0 to 1, not {shown(value)}")
    return float(value)


def tile_sequence(value: Any, name: str) -> list[Any]:
    """Tiles where a list of them is expected: a list (any iterable) of tiles, one Tile, or one
    string of tiles separated by spaces, commas or dots ('66.65.64', '6-6 6-5'). A string is never
    split into characters."""
    if isinstance(value, str):
        return value.replace(",", " ").replace(".", " ").split()
    if isinstance(value, Tile):
        return [value]
    if isinstance(value, Iterable) and not isinstance(value, (bytes, dict)):
        return list(value)
    raise ParseError(
        f"{name} must be a list of tiles or a string of them, not {json_type(value)}"
    )


# Names renamed so that both games speak alike (issue 27): each old name still works for one
# release, with a DeprecationWarning.
def renamed(value: Any, old_value: Any, name: str, old: str) -> Any:
    """The value of a parameter ``name`` whose old name ``old`` was given ``old_value`` (None: not
    given): the old one, with a DeprecationWarning; both at once is a ParseError."""
    if old_value is None:
        return value
    if value is not None:
        raise ParseError(f"give {name}= or its old name {old}=, not both")
    warnings.warn(f"{old}= is deprecated: call it {name}= (the old name goes in the next release)",
                  DeprecationWarning, stacklevel=3)
    return old_value


def renamed_object(old: str, new: str, value: Any) -> Any:
    """``value``, asked for by its old name ``old``, with a DeprecationWarning naming ``new``."""
    warnings.warn(f"{old} is deprecated: it is {new} now (the old name goes in the next release)",
                  DeprecationWarning, stacklevel=3)
    return value
