"""The WebAssembly module (wasm/, docs/javascript.md) against the Python package: the fixture of
positions, random draws, views, hints and bid advice with their answers (tests/data/wasm_cases.json) is what the
package gives today, and the module built with Debian's emscripten gives the same answers in node
(solve.test.mjs; hint.test.mjs, bid.test.mjs and seen.test.mjs, the views and hints of positions set up mid-trick, in this
thread and in the hint worker; table.test.mjs, the deals' tables as POST /v1/table gives them; proven.test.mjs, The Big
Game's first-trick hints on make tests as the package's live ones), and in headless chromium
the hint worker (a module Web Worker) gives Python's hints. Without em++, cmake
or node the build test skips, saying which is missing; under CI (CI set) it fails instead."""

from __future__ import annotations

import functools
import http.server
import importlib.metadata
import json
import os
import shutil
import subprocess
import tarfile
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

import pytest
import wasm_build
import wasm_fixture
from dominosolver.cli.wasm_build import build_steps, node_env
from wasm_build import BUILD, build_lock

ROOT = Path(__file__).resolve().parents[2]
TOOLS = {"emcmake": "emscripten", "em++": "emscripten", "cmake": "cmake", "node": "nodejs"}


def test_the_committed_fixture_is_what_the_package_gives():
    """Regenerated from the package, the fixture is the committed file (else: python tests/wasm_fixture.py)."""
    committed = json.loads(wasm_fixture.FIXTURE.read_text())
    assert committed == json.loads(wasm_fixture.text(wasm_fixture.build()))


@pytest.mark.skipif(wasm_build.fcntl is None, reason="no flock on this platform")
def test_builds_of_the_module_take_turns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """build_lock makes its lock file (and folder) where missing, holds it against any other holder
    while the block runs, and lets it go after, whether the block ended or raised."""
    lock = tmp_path / "build" / "wasm.lock"
    monkeypatch.setattr(wasm_build, "LOCK", lock)
    with build_lock():
        assert lock.is_file() and wasm_build.held(lock)
    assert not wasm_build.held(lock)
    with pytest.raises(RuntimeError), build_lock():
        assert wasm_build.held(lock)
        raise RuntimeError("a build failed")
    assert not wasm_build.held(lock)


def run(command: list[str], env: dict[str, str]) -> None:
    out = subprocess.run(command, check=False, cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, f"{' '.join(command)} failed:\n{out.stdout[-4000:]}\n{out.stderr[-4000:]}"


@pytest.fixture(scope="module")
def module_dir() -> Path:
    """The module built (once a session) with Debian's emscripten, one build at a time in build/wasm
    (wasm_build.build_lock): its package folder."""
    missing = [f"{tool} (apt-get install {package})" for tool, package in TOOLS.items() if not shutil.which(tool)]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the WebAssembly tests must run under CI: {', '.join(missing)} not found")
        pytest.skip(f"{', '.join(missing)} not found")
    env = node_env()
    with build_lock():
        for step in build_steps(ROOT, BUILD):  # as `dominosolver board --export` and bench/wasm_bench.py build it
            run(step, env)
    return BUILD / "dominosolver-js"


def test_the_module_gives_the_packages_answers_in_node(module_dir: Path):
    env = node_env()
    env["DOMINOSOLVER_JS"] = str(module_dir)
    here = Path(__file__).parent
    run(["node", "--test", str(here / "solve.test.mjs"), str(here / "hint.test.mjs"), str(here / "bid.test.mjs"),
         str(here / "seen.test.mjs"), str(here / "table.test.mjs"), str(here / "devpath.test.mjs")], env)


def test_a_first_lead_hint_out_of_time_rests_on_the_packages_make_tests(module_dir: Path, tmp_path: Path):
    """The Big Game's first lead and the follow to it with no time to value a world (0 s): the module
    ranks on make tests as the package's hint does (its live answers, one thread: a world a call),
    in node (proven.test.mjs)."""
    from biggame_support import view_after
    from dominosolver.texas42 import hint

    cases = []
    for plays in (0, 1):
        view = view_after(plays)
        h = hint(view, samples=5, seed=3, time=0, threads=1)
        cases.append({"view": view.to_json(), "options": {"samples": 5, "seed": 3, "timeMs": 0}, "hint": h.to_json()})
    (tmp_path / "proven.json").write_text(json.dumps(cases))
    env = node_env()
    env["DOMINOSOLVER_JS"] = str(module_dir)
    env["PROVEN_CASES"] = str(tmp_path / "proven.json")
    run(["node", "--test", str(Path(__file__).parent / "proven.test.mjs")], env)


# What an app developer's file runs from the installed package: its name, as npm installs it.
APP = """import { load } from "dominosolver";
import { readFileSync } from "node:fs";
const ds = await load();
const { position } = JSON.parse(readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(ds.solve(position)));
"""


def test_the_release_file_installs_and_solves(module_dir: Path, tmp_path: Path):
    """The target wasm-package writes build/wasm/dominosolver-<version>.tgz, an npm package of the
    module whose version is the Python package's: unpacked where npm installs it
    (node_modules/dominosolver), node imports it by its name and solves a whole 42 hand to Python's
    values."""
    env = node_env()
    with build_lock():
        run(["cmake", "--build", str(BUILD), "--target", "wasm-package"], env)
    version = importlib.metadata.version("dominosolver")
    tgz = BUILD / f"dominosolver-{version}.tgz"
    with tarfile.open(tgz) as tar:
        members = tar.getmembers()
        assert all(m.name == "package" or m.name.startswith("package/") for m in members)
        assert {m.name for m in members if m.isfile()} == {f"package/{name}" for name in (
            "package.json", "index.js", "index.d.ts", "dominosolver_core.mjs", "dominosolver_core.wasm",
            "hint-worker.js", "notation.js", "game.js", "README.md", "LICENSE")}
        tar.extractall(tmp_path, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    manifest = json.loads((tmp_path / "package" / "package.json").read_text())
    assert (manifest["name"], manifest["version"]) == ("dominosolver", version)
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "package").rename(tmp_path / "node_modules" / "dominosolver")
    fixture = json.loads(wasm_fixture.FIXTURE.read_text())
    c = next(c for c in fixture["cases"] if c["name"] == "42 deal #0")
    (tmp_path / "case.json").write_text(json.dumps(c))
    (tmp_path / "app.mjs").write_text(APP)
    out = subprocess.run(["node", "app.mjs", "case.json"], check=False, cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-4000:]
    solved = json.loads(out.stdout)
    assert (solved["value"], solved["pov"], solved["best"]) == (c["solve"]["value"], c["solve"]["pov"], c["solve"]["best"])
    assert list(solved["moves"].items()) == list(c["solve"]["moves"].items())


# A page that runs hints through the hint worker (a module Web Worker) and keeps their answers.
PAGE = """<!doctype html><meta charset="utf-8"><title>hint worker</title><script type="module">
import { startHintWorker } from "./index.js";
const cases = await (await fetch("cases.json")).json();
const worker = startHintWorker();
try {
  const hints = [];
  for (const c of cases) hints.push(await worker.hint(c.view, c.options));
  const stopped = new AbortController();
  stopped.abort();
  const partial = await worker.hint(cases[0].view, { ...cases[0].options, signal: stopped.signal });
  // A stop mid-hint (100,000 worlds: minutes unstopped) ends it at a batch's end, the hint waiting at its first.
  let told = 0;
  const big = { samples: 100000, seed: 3, exactLimit: 0 };
  const first = worker.hint(cases[0].view, { ...big, onProgress: () => told++ === 0 && worker.stop() });
  const mid = (await Promise.all([first, worker.hint(cases[0].view, big)])).map((h) => h.worlds);
  // A worker that cannot start rejects every question (none waits for ever).
  const broken = startHintWorker(new URL("./no-such-worker.js", location.href));
  const refused = [];
  for (const k of [0, 1]) refused.push(await broken.hint(cases[0].view).then(() => "answered", (e) => e.message));
  window.__answer = { hints, partial, mid, refused };
} catch (e) {
  window.__answer = { error: String(e && e.stack || e) };
}
worker.terminate();
</script>"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                                                ".js": "text/javascript", ".mjs": "text/javascript",
                                                ".wasm": "application/wasm"}

    def log_message(self, *args: Any) -> None:
        pass


def test_the_hint_worker_gives_the_packages_hints_in_chromium(module_dir: Path, tmp_path: Path):
    """In headless Debian chromium, a page served from a folder of the package's files runs hints
    through the hint worker: Python's hint JSON (as a stoppable hint: a worker's), and a hint
    stopped before it started ends after its first batch of worlds."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        webdriver = None
    chromium = os.environ.get("DOMINOSOLVER_CHROMIUM", "/usr/bin/chromium")
    chromedriver = os.environ.get("DOMINOSOLVER_CHROMEDRIVER", "/usr/bin/chromedriver")
    reason = "selenium is not installed (pip install '.[test]')" if webdriver is None else next(
        (f"{path} not found (apt-get install {package})" for path, package in ((chromium, "chromium"),
         (chromedriver, "chromium-driver")) if not (Path(path).is_file() and os.access(path, os.X_OK))), None)
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the browser test must run under CI: {reason}")
        pytest.skip(reason)
    for f in module_dir.iterdir():
        shutil.copy(f, tmp_path / f.name)
    fixture = json.loads(wasm_fixture.FIXTURE.read_text())
    plain = [c for c in fixture["hints"] if "hint_stoppable" in c]
    cases = [plain[0], next(c for c in plain if c["hint"]["method"] == "exact")]  # the first is the stopped one's
    assert cases[0]["name"].startswith("42 first lead")
    (tmp_path / "cases.json").write_text(json.dumps([{"view": c["view"], "options": c["options"]} for c in cases]))
    (tmp_path / "index.html").write_text(PAGE)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    try:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/index.html")
        answer = None
        while answer is None:  # the page's hints, however long a loaded machine takes
            answer = driver.execute_script("return window.__answer || null")
            time.sleep(0.1)
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()
    assert "error" not in answer, answer.get("error")
    for got, c in zip(answer["hints"], cases):
        assert wasm_fixture.comparable(got) == c["hint_stoppable"], c["name"]
    stopped = wasm_fixture.comparable(answer["partial"])
    expected = next(c for c in fixture["hints"] if c.get("stop") and "time_ms" not in c)
    assert stopped == expected["hint"]
    assert answer["partial"]["worlds"] < answer["mid"][0] < 100000
    assert answer["mid"][1] == answer["partial"]["worlds"]
    assert answer["refused"] == ["the hint worker failed to start"] * 2
