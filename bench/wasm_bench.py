"""The WebAssembly module against native code (issue 43's timing table), in one run on this machine:
headless Debian chromium with a single worker beside the Python package's C++ core on one thread.

- **42 full-deal value, every move**: the bench set's deals (bench_set.py) at the first lead, every
  move's value and a best line; one solver kept between deals (64 MB table) on each side, as
  the module's `solve` and a server thread keep theirs. Median ms a deal, and the ratio.
- **200-world first-lead 42 hint**: the bench set's deals, contract N30, seat N's view, seed i
  (bench/load.py's hint workload): Python's ``hint(view, samples=200, seed=i, threads=1)`` against
  the page's ``startHintWorker().hint(view, {samples: 200, seed: i})``, timed from the call to the
  answer (messages included). Median ms; the module's hint/1 JSON must equal Python's (less time
  and nodes) for every deal, else the run fails.
- **Module size**: `dominosolver_core.wasm`, its glue `dominosolver_core.mjs`, `index.js`,
  `notation.js`, `hint-worker.js` and `game.js`, gzipped (`gzip -9`), as a page downloads them.
- **Memory of a hint**: the module's linear memory in the worker once it has run the hints (it starts
  at 32 MB and grows as the solver's table needs; JavaScript's own heap in the worker is small beside it).

    python bench/wasm_bench.py [--deals 20] [--hints 10] [--samples 200] [--no-build] [--json out.json]

It builds the module first (as tests/wasm/test_wasm.py does: emcmake, cmake, Debian's emscripten) unless
``--no-build``; the page is served from a temporary folder on 127.0.0.1 (a module worker cannot be
started from a file). Figures go in bench/README.md under "## WebAssembly" and in docs/javascript.md.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_set import deal, declaration, position
from dominosolver import _core
from dominosolver.cli.wasm_build import build_lock, build_steps, lock_of, node_env
from dominosolver.texas42 import Position, hint

CHROMIUM = os.environ.get("DOMINOSOLVER_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("DOMINOSOLVER_CHROMEDRIVER", "/usr/bin/chromedriver")
JS_FILES = ["index.js", "notation.js", "hint-worker.js", "game.js", "dominosolver_core.mjs", "dominosolver_core.wasm"]
READY_SECONDS = 120  # for the page's module to load: past it, its import failed (the console says why)

PAGE = """<!doctype html><meta charset="utf-8"><title>wasm bench</title>
<script type="module" src="bench-page.js"></script>"""

# The page: `bench.solve(i)` in a worker keeping one solver (the module's `solve`), `bench.hint(i,
# seed)` through the hint worker, `bench.memory()` in a fresh module that runs the hints as the hint
# worker does. The driver alternates them with the native runs, deal by deal.
PAGE_JS = """
import { startHintWorker } from "./index.js";
const data = await (await fetch("data.json")).json();
const solver = new Worker("./bench-worker.js", { type: "module" });
const waiting = new Map();
let next = 0;
solver.onmessage = (e) => { waiting.get(e.data.id)(e.data.out); waiting.delete(e.data.id); };
const ask = (message) => new Promise((resolve) => { waiting.set(next, resolve); solver.postMessage({ id: next++, ...message }); });
const hints = startHintWorker();
window.bench = {
  solve: (i, warm) => ask({ deal: (warm ? data.warm : data.deals)[i] }),
  hint: async (i, seed) => {
    const t = performance.now();
    const answer = await hints.hint(data.views[i], { samples: data.samples, seed });
    return { ms: performance.now() - t, hint: answer };
  },
  memory: () => ask({ views: data.views, samples: data.samples }),
};
window.__ready = true;
"""

WORKER_JS = """
import { load, loadCore, hintSteps } from "./index.js";
const api = load();
onmessage = async (e) => {
  const m = e.data;
  if (m.deal) {
    const ds = await api;
    const t = performance.now();
    ds.solve(m.deal);
    postMessage({ id: m.id, out: performance.now() - t });
    return;
  }
  const core = await loadCore();
  const before = core.memoryBytes().linear;
  for (let i = 0; i < m.views.length; i++) {
    const steps = hintSteps(core, m.views[i], { samples: m.samples, seed: i }, { stoppable: true, stop: () => false });
    while (!steps.next().done);
  }
  const { linear, peakHintHeap } = core.memoryBytes();
  postMessage({ id: m.id, out: { before, after: linear, peak: peakHintHeap } });
};
"""


def build(js_dir: Path) -> None:
    """Builds the module into ``js_dir``'s folder, holding its build lock (build/wasm.lock) as the
    tests and ``dominosolver board --export`` do."""
    build_dir = js_dir.parent
    with build_lock(lock_of(build_dir)):
        for command in build_steps(ROOT, build_dir):
            subprocess.run(command, check=True, cwd=ROOT, env=node_env(), stdout=subprocess.DEVNULL)


def first_lead_view(i: int) -> Any:
    hands = deal(i)
    return Position(trump=declaration(i, hands[0]), hands=hands, leader=0, contract=(0, 30)).view(0)


WARM_SEED = 1000


def warm_deals(deals: int) -> range:
    return range(10_000, 10_000 + deals)


def comparable(h: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in h.items() if k not in ("elapsed", "nodes")}


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args: Any) -> None:
        pass


@contextlib.contextmanager
def served(folder: Path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def measure(js_dir: Path, deals: int, hints: int, samples: int) -> dict[str, Any]:
    """Both sides, deal by deal: the browser's solve or hint of a deal, then the native one."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    out: dict[str, Any] = {"solve": [], "hint": [], "identical": []}
    solver = _core.texas42.Solver(64)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in JS_FILES:
            shutil.copy(js_dir / name, folder / name)
        (folder / "index.html").write_text(PAGE)
        (folder / "bench-page.js").write_text(PAGE_JS)
        (folder / "bench-worker.js").write_text(WORKER_JS)
        data = {"deals": [position(i).to_json() for i in range(deals)],
                "warm": [position(i).to_json() for i in warm_deals(deals)],
                "views": [first_lead_view(i).to_json() for i in range(hints)], "samples": samples}
        (folder / "data.json").write_text(json.dumps(data))
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, when the page fails
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                    "--disable-extensions"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.set_script_timeout(600)

        def page(call: str) -> Any:
            answer = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                f"{call}.then(done, (e) => done({{error: String(e && e.stack || e)}}));")
            if isinstance(answer, dict) and "error" in answer:
                raise SystemExit(f"the page failed: {answer['error']}")
            return answer

        try:
            with served(folder) as url:
                driver.get(url + "index.html")
                out["version"] = driver.capabilities.get("browserVersion", "?")
                waited = time.monotonic()
                while not driver.execute_script("return window.__ready === true"):
                    if time.monotonic() - waited > READY_SECONDS:
                        raise SystemExit(f"the bench page did not load: {driver.get_log('browser')}")
                    time.sleep(0.1)
                # Warm both sides on other deals (a deal solved once is in the table): the tables
                # allocated, the browser's code compiled by its optimising tier.
                for i, d in enumerate(warm_deals(deals)):
                    page(f"bench.solve({i}, true)")
                    solver.solve(position(d)._pos, True, True)
                for i in range(deals):
                    web = page(f"bench.solve({i}, false)")
                    core = position(i)._pos
                    t = time.perf_counter()
                    solver.solve(core, True, True)
                    out["solve"].append((web, (time.perf_counter() - t) * 1000))
                view = first_lead_view(0)
                out["first_hint_ms"] = page(f"bench.hint(0, {WARM_SEED})")["ms"]
                hint(view, samples=samples, seed=WARM_SEED, threads=1)
                for i in range(hints):
                    web = page(f"bench.hint({i}, {i})")
                    view = first_lead_view(i)
                    t = time.perf_counter()
                    answer = hint(view, samples=samples, seed=i, threads=1)
                    out["hint"].append((web["ms"], (time.perf_counter() - t) * 1000))
                    out["identical"].append(comparable(web["hint"]) == comparable(answer.to_json()))
                out["memory"] = page("bench.memory()")
        finally:
            driver.quit()
    return out


def gzipped(js_dir: Path) -> tuple[int, int]:
    raw = sum((js_dir / n).stat().st_size for n in JS_FILES)
    packed = sum(len(gzip.compress((js_dir / n).read_bytes(), 9)) for n in JS_FILES)
    return raw, packed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--hints", type=int, default=10)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--js-dir", type=Path, default=ROOT / "build" / "wasm" / "dominosolver-js")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if not args.no_build:
        build(args.js_dir)
    load_before = os.getloadavg()[0]
    m = measure(args.js_dir, args.deals, args.hints, args.samples)
    load_after = os.getloadavg()[0]
    same = m["identical"]
    raw, packed = gzipped(args.js_dir)

    def medians(pairs: list[tuple[float, float]]) -> tuple[float, float, float]:
        """The browser's median, the native median, and the median of the deals' ratios."""
        return (statistics.median(w for w, _ in pairs), statistics.median(n for _, n in pairs),
                statistics.median(w / n for w, n in pairs))

    solve_web, solve_native, solve_ratio = medians(m["solve"])
    hint_web, hint_native, hint_ratio = medians(m["hint"])
    memory = m["memory"]
    rows = [
        ("42 full-deal value, every move, median", f"{solve_web:.1f} ms", f"{solve_native:.1f} ms",
         f"{solve_ratio:.2f}x native (median of the deals' ratios)", "<= 2x native"),
        (f"{args.samples}-world first-lead 42 hint, median", f"{hint_web:.0f} ms", f"{hint_native:.0f} ms",
         f"{hint_ratio:.2f}x native; the page's first hint {m['first_hint_ms']:.0f} ms", "<= 250 ms"),
        ("module size (.wasm + glue + the scripts, gzip -9)", f"{packed / 1e6:.3f} MB",
         "", f"{raw / 1e6:.3f} MB raw", "<= 1 MB"),
        ("memory of a hint (the module's linear memory after the hints)", f"{memory['after'] / 2**20:.0f} MB",
         "", f"{memory['before'] / 2**20:.0f} MB at start; most heap in use {memory['peak'] / 2**20:.1f} MB",
         "<= 64 MB"),
        ("hint figures identical to native", f"{sum(same)}/{len(same)}", "", "", "100%"),
    ]
    print(f"chromium {m['version']} headless, one worker; native: the package's C++ core, one thread; "
          f"{args.deals} deals, {args.hints} hints of {args.samples} worlds, alternated deal by deal; "
          f"load average {load_before:.2f} -> {load_after:.2f}")
    print("| figure | browser (wasm) | native | ratio / note | target |\n|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    if args.json:
        args.json.write_text(json.dumps({**m, "size": {"raw": raw, "gzip": packed},
                                         "load": [load_before, load_after]}, indent=1))
    if not all(same):
        raise SystemExit(f"hints differ from Python's for deals {[i for i, s in enumerate(same) if not s]}")


if __name__ == "__main__":
    main()
