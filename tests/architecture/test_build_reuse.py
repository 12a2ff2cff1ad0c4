"""One compile per install: the C++ module is kept apart from the build's object files, keyed by
everything it is built from, so that a reinstall of the same sources (pip's new isolated
environment makes scikit-build-core clear CMakeCache.txt and CMakeFiles/) reuses it, and any change
of sources or flags compiles again. Configure-only runs of CMakeLists.txt, as pip's build runs it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import cmake
import pybind11

CMAKE = str(Path(cmake.CMAKE_BIN_DIR) / "cmake")  # the test extra's: pip's build brings its own
ROOT = Path(__file__).resolve().parents[2]


def configure(build: Path, *defines: str) -> str:
    done = subprocess.run(
        [CMAKE, "-S", str(ROOT), "-B", str(build), "-DDOMINOSOLVER_PYTHON=ON", f"-DPython_EXECUTABLE={sys.executable}",
         f"-Dpybind11_DIR={pybind11.get_cmake_dir()}", *defines],
        capture_output=True, text=True, check=True,
    )
    return done.stdout


def kept_dir(build: Path) -> Path:
    cache = (build / "CMakeCache.txt").read_text()
    return Path(re.search(r"^DOMINOSOLVER_KEPT_DIR:INTERNAL=(.*)$", cache, re.M).group(1))


def clear_as_a_new_isolated_environment_does(build: Path) -> None:
    (build / "CMakeCache.txt").unlink()
    shutil.rmtree(build / "CMakeFiles")


def test_a_reinstall_of_the_same_sources_reuses_the_module(tmp_path: Path) -> None:
    build = tmp_path / "build"
    assert "compiling the C++ core" in configure(build)
    kept = kept_dir(build) / "_core.test-abi.so"  # as a finished build leaves it
    kept.parent.mkdir(parents=True)
    kept.write_bytes(b"module")
    clear_as_a_new_isolated_environment_does(build)
    again = configure(build)
    assert "reusing" in again and str(kept) in again and "compiling" not in again
    assert str(kept) in (build / "cmake_install.cmake").read_text()  # what the wheel gets
    targets = subprocess.run([CMAKE, "--build", str(build), "--target", "help"], capture_output=True, text=True,
                             check=True).stdout
    assert "dominosolver_core" in targets and "_core" not in targets.replace("dominosolver_core", "")  # nothing to compile


def test_other_flags_compile_again(tmp_path: Path) -> None:
    build = tmp_path / "build"
    configure(build)
    first = kept_dir(build)
    first.mkdir(parents=True)
    (first / "_core.test-abi.so").write_bytes(b"module")
    clear_as_a_new_isolated_environment_does(build)
    assert "compiling the C++ core" in configure(build, "-DCMAKE_CXX_FLAGS=-g")
    assert kept_dir(build) != first
