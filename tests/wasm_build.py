"""The WebAssembly module's builds in the checkout's build/wasm, one at a time: tests/wasm and the
board's offline tests (tests/board/test_board_offline.py) build it there, as ``dominosolver board
--export`` and bench/wasm_bench.py do, each holding the flock on build/wasm.lock
(dominosolver/cli/wasm_build.py, made when missing, as on a fresh clone); a build by hand takes the
same lock with ``flock build/wasm.lock cmake --build build/wasm``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from dominosolver.cli import wasm_build as _package
from dominosolver.cli.wasm_build import fcntl, lock_of

__all__ = ["BUILD", "LOCK", "build_lock", "fcntl", "held"]

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "wasm"  # git-ignored; kept between runs, so a second build is quick
LOCK = lock_of(BUILD)


@contextlib.contextmanager
def build_lock() -> Iterator[None]:
    """Waits for, then holds, the lock on build/wasm.lock (``LOCK``) while the block builds."""
    with _package.build_lock(LOCK):
        yield


def held(lock: Path) -> bool:
    """Whether some other open file holds the flock on ``lock``."""
    with open(lock) as other:
        try:
            fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        return False
