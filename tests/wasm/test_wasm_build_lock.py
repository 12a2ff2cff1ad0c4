"""Every builder of the WebAssembly module takes the folder's build lock (dominosolver/cli/wasm_build.py):
``dominosolver board --export`` (cli/board.py's find_module) and bench/wasm_bench.py run each build
step holding the lock beside the build folder, as the tests do (tests/wasm_build.py), so that none
builds in build/wasm while another does. The steps are recorded, not run: no emscripten needed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest
import wasm_build
from dominosolver.cli import board
from dominosolver.cli import wasm_build as package_build
from wasm_build import held

ROOT = Path(__file__).resolve().parents[2]


class Recorder:
    """Stands for subprocess.run: records each command and whether the lock was held while it ran."""

    def __init__(self, lock: Path) -> None:
        self.lock, self.steps = lock, []

    def __call__(self, command: list[str], **kwargs: Any) -> Any:
        self.steps.append((command, self.lock.is_file() and held(self.lock), kwargs["env"]["NODE_PATH"]))
        return type("Done", (), {"returncode": 0, "stdout": "", "stderr": ""})()


pytestmark = pytest.mark.skipif(package_build.fcntl is None, reason="no flock on this platform")


def test_the_lock_is_beside_the_build_folder():
    assert package_build.lock_of(ROOT / "build" / "wasm") == ROOT / "build" / "wasm.lock" == wasm_build.LOCK


def test_board_export_builds_holding_the_lock(tmp_path, monkeypatch):
    (tmp_path / "wasm").mkdir()
    (tmp_path / "CMakeLists.txt").write_text("")
    (tmp_path / "wasm" / "index.js").write_text("")
    lock = tmp_path / "build" / "wasm.lock"
    recorder = Recorder(lock)
    monkeypatch.setattr(board.subprocess, "run", recorder)
    monkeypatch.setattr(board.shutil, "which", lambda tool: f"/usr/bin/{tool}")
    assert board.find_module(None, quiet=True, checkouts=[tmp_path]) == tmp_path / "build" / "wasm" / "dominosolver-js"
    assert [c for c, _, _ in recorder.steps] == package_build.build_steps(tmp_path, tmp_path / "build" / "wasm")
    assert all(h for _, h, _ in recorder.steps), "each step runs holding build/wasm.lock"
    assert all("/usr/share/nodejs" in p for _, _, p in recorder.steps)
    assert not held(lock)  # let go after


def test_the_bench_builds_holding_the_lock(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location("wasm_bench_under_test", ROOT / "bench" / "wasm_bench.py")
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, bench)
    spec.loader.exec_module(bench)
    lock = tmp_path / "build" / "wasm.lock"
    recorder = Recorder(lock)
    monkeypatch.setattr(bench.subprocess, "run", recorder)
    bench.build(tmp_path / "build" / "wasm" / "dominosolver-js")
    assert [c for c, _, _ in recorder.steps] == package_build.build_steps(ROOT, tmp_path / "build" / "wasm")
    assert recorder.steps and all(h for _, h, _ in recorder.steps), "each step runs holding build/wasm.lock"
    assert not held(lock)


def test_a_holder_may_take_the_lock_again(tmp_path):
    """A test holding the lock around an export that takes it too (tests/board) does not wait on
    itself; the flock is let go with the outermost hold."""
    lock = tmp_path / "build" / "wasm.lock"
    with package_build.build_lock(lock):
        with package_build.build_lock(lock):
            assert held(lock)
        assert held(lock)
    assert not held(lock)
