"""Builds of the WebAssembly module in a source checkout, one at a time: ``dominosolver board
--export`` (board.py), bench/wasm_bench.py and the tests (tests/wasm_build.py) build it in the
checkout's build/wasm, and two processes building in one folder at once would write the same files.
Each build holds an flock on the lock file beside its folder (build/wasm.lock for build/wasm, made when
missing, as on a fresh clone); a build by hand takes the same lock with ``flock build/wasm.lock cmake
--build build/wasm``."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock (the module's build needs Debian's emscripten anyway)
    fcntl = None  # type: ignore[assignment]

__all__ = ["build_lock", "build_steps", "lock_of", "node_env"]


def lock_of(build: Path) -> Path:
    """The lock file of a build folder: beside it, its name and ``.lock`` (build/wasm.lock)."""
    return build.with_name(build.name + ".lock")


# A thread holding a lock may take it again (a test holding build/wasm.lock around an export that
# takes it too): the flock is taken by the outermost hold, other threads wait on the RLock.
_GUARDS: dict[Path, threading.RLock] = {}
_DEPTH: dict[Path, int] = {}
_GUARDED = threading.Lock()


@contextlib.contextmanager
def build_lock(lock: Path) -> Iterator[None]:
    """Waits for, then holds, the flock on ``lock`` while the block builds (unlocked where the
    platform has no flock); held already by this thread, it is held once more."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    key = lock.resolve()
    with _GUARDED:
        guard = _GUARDS.setdefault(key, threading.RLock())
    with guard:
        if _DEPTH.get(key):
            _DEPTH[key] += 1
            try:
                yield
            finally:
                _DEPTH[key] -= 1
            return
        with open(lock, "a") as held:  # closing it releases the lock, whatever the block raised
            if fcntl is not None:
                fcntl.flock(held.fileno(), fcntl.LOCK_EX)
            _DEPTH[key] = 1
            try:
                yield
            finally:
                _DEPTH[key] = 0


def node_env() -> dict[str, str]:
    """The environment of a build: Debian's emscripten runs its JavaScript tools with node and
    Debian's node modules (acorn)."""
    env = dict(os.environ)
    env["NODE_PATH"] = os.pathsep.join(p for p in ("/usr/share/nodejs", env.get("NODE_PATH")) if p)
    return env


def build_steps(root: Path, build: Path) -> list[list[str]]:
    """The commands that configure and build the module of the checkout ``root`` in ``build`` (its
    files then in build/dominosolver-js), to run under ``build_lock(lock_of(build))``."""
    return [["emcmake", "cmake", "-S", str(root), "-B", str(build), "-DDOMINOSOLVER_WASM=ON", "-DCMAKE_BUILD_TYPE=Release"],
            ["cmake", "--build", str(build), "--target", "dominosolver_wasm", "-j2"]]
