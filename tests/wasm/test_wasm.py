"""The WebAssembly module (wasm/, docs/javascript.md) against the Python package: the fixture of
positions, random draws, views and hints with their answers (tests/data/wasm_cases.json) is what the
package gives today, and the module built with Debian's emscripten gives the same answers in node
(solve.test.mjs; hint.test.mjs, in this thread and in the hint worker). Without em++, cmake
or node the build test skips, saying which is missing; under CI (CI set) it fails instead."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import wasm_fixture

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "wasm"  # git-ignored; kept between runs, so a second build is quick
TOOLS = {"emcmake": "emscripten", "em++": "emscripten", "cmake": "cmake", "node": "nodejs"}


def test_the_committed_fixture_is_what_the_package_gives():
    """Regenerated from the package, the fixture is the committed file (else: python tests/wasm_fixture.py)."""
    committed = json.loads(wasm_fixture.FIXTURE.read_text())
    assert committed == json.loads(wasm_fixture.text(wasm_fixture.build()))


def run(command: list[str], env: dict[str, str]) -> None:
    out = subprocess.run(command, check=False, cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, f"{' '.join(command)} failed:\n{out.stdout[-4000:]}\n{out.stderr[-4000:]}"


def test_the_module_gives_the_packages_answers_in_node():
    missing = [f"{tool} (apt-get install {package})" for tool, package in TOOLS.items() if not shutil.which(tool)]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the WebAssembly tests must run under CI: {', '.join(missing)} not found")
        pytest.skip(f"{', '.join(missing)} not found")
    env = dict(os.environ)
    # Debian's emscripten runs its JavaScript tools with node and Debian's node modules (acorn).
    env["NODE_PATH"] = os.pathsep.join(p for p in ("/usr/share/nodejs", env.get("NODE_PATH")) if p)
    run(["emcmake", "cmake", "-S", str(ROOT), "-B", str(BUILD), "-DDOMINOSOLVER_WASM=ON", "-DCMAKE_BUILD_TYPE=Release"], env)
    run(["cmake", "--build", str(BUILD), "--target", "dominosolver_wasm", "-j2"], env)
    env["DOMINOSOLVER_JS"] = str(BUILD / "dominosolver-js")
    here = Path(__file__).parent
    run(["node", "--test", str(here / "solve.test.mjs"), str(here / "hint.test.mjs")], env)
