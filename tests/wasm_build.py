"""The WebAssembly module's builds in the checkout's build/wasm, one at a time: tests/wasm and the
board's offline tests (tests/board/test_board_offline.py) build it there, and two pytest processes
building in one folder at once would write the same files. Each build holds an flock on
build/wasm.lock (made when missing, as on a fresh clone); a build by hand takes the same lock with
``flock build/wasm.lock cmake --build build/wasm``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock (the module's tests need Debian's emscripten anyway)
    fcntl = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "wasm"  # git-ignored; kept between runs, so a second build is quick
LOCK = ROOT / "build" / "wasm.lock"


@contextlib.contextmanager
def build_lock() -> Iterator[None]:
    """Waits for, then holds, the lock on build/wasm.lock while the block builds (unlocked where the
    platform has no flock)."""
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(LOCK, "a") as held:  # closing it releases the lock, whatever the block raised
        if fcntl is not None:
            fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        yield
