"""``dominosolver board --export DIR``: the web board as a static site that needs no server
(docs/board.md): positions solved and hinted, and games of the 42 family played against the bots, by the
WebAssembly module in the browser. The board's ES modules and the WebAssembly module's API (docs/javascript.md) are
joined into one classic script, and the module's code into another as base64: a page opened from a
file may run classic scripts but can neither import modules nor fetch files. On a static host a web
manifest and a service worker make it an app that a reload with the network off still opens.

The module comes from ``--module DIR`` (a built ``dominosolver-js`` folder), or is built with
Debian's emscripten into the source checkout's ``build/wasm`` (as docs/javascript.md builds it)."""

from __future__ import annotations

import base64
import hashlib
import json
import posixpath
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import click

from ..serve.app import STATIC
from .. import games
from ..serve.handlers import games_reply
from . import render
from .wasm_build import build_lock, build_steps, lock_of, node_env

ROOT = Path(__file__).resolve().parents[3]  # the source checkout, when the package runs from one
MODULE_FILES = ("index.js", "dominosolver_core.mjs", "dominosolver_core.wasm")
TOOLS = {"emcmake": "emscripten", "em++": "emscripten", "cmake": "cmake", "node": "nodejs"}
# The games the module reads (wasm/index.js: the 42 family), and why the others need the server.
MODULE_GAMES = games.FAMILY42  # every row of the core's family table
NOT_OFFLINE = {"bingo": "the module has the 42 family's rules only"}
THEME = "#1f5f8b"  # board.css's accent
SCHEMA = "dominosolver.board-export/1"


class BundleError(click.ClickException):
    """A module the bundler cannot join: a form of import or export it does not know."""


# ---------------------------------------------------------------- the bundle

IMPORT = re.compile(r'^import\s+(?:(?P<what>(?:[\w$]+\s*,\s*)?\{[^}]*\}|\*\s+as\s+[\w$]+|[\w$]+)\s+from\s+)?"(?P<spec>[^"]+)";[ \t]*$', re.MULTILINE)
EXPORT_DECLARATION = re.compile(r"^export\s+(?P<kind>(?:async\s+)?function\*?|class|const)\s+(?P<name>[\w$]+)", re.MULTILINE)
EXPORT_LIST = re.compile(r"^export\s*\{(?P<names>[^}]*)\};?[ \t]*$", re.MULTILINE)
EXPORT_DEFAULT = re.compile(r"^export\s+default\s+", re.MULTILINE)
STATEMENT = re.compile(r"^\s*(?:import|export)\b(?!\s*\()", re.MULTILINE)  # any other form: refused


def _names(clause: str) -> list[tuple[str, str]]:
    """``{ a, b as c }`` as [(exported, local)]."""
    out = []
    for part in clause.strip().strip("{}").split(","):
        if part.strip():
            words = part.split()
            if len(words) == 3 and words[1] == "as":
                out.append((words[0], words[2]))
            elif len(words) == 1:
                out.append((words[0], words[0]))
            else:
                raise BundleError(f"cannot read the names {clause.strip()!r}")
    return out


def _module_function(name: str, source: str, resolve: Any, shims: dict[str, list[str]]) -> tuple[str, list[str]]:
    """A module as a function of its exports object (imports made calls of ``__import``; ``shims``'
    lines for it first), and the modules it imports."""
    deps: list[str] = []
    exported: list[tuple[str, str]] = []

    def imported(m: re.Match[str]) -> str:
        target = resolve(m["spec"])
        deps.append(target)
        what = m["what"]
        call = f"__import({json.dumps(target)})"
        if what is None:
            return f"{call};"
        if "{" in what:  # named imports, after a default one perhaps: import x, { a, b as c } from ...
            default, _, named = what.partition("{")
            pairs = [a if a == b else f"{a}: {b}" for a, b in _names(named)]
            if default.strip():
                pairs.insert(0, f"default: {default.strip().rstrip(',').strip()}")
            return f"const {{ {', '.join(pairs)} }} = {call};"
        if what.startswith("*"):
            return f"const {what.split()[-1]} = {call};"
        return f"const {what} = {call}.default;"

    def declared(m: re.Match[str]) -> str:
        exported.append((m["name"], m["name"]))
        return m.group(0)[len("export"):].lstrip()

    def listed(m: re.Match[str]) -> str:
        exported.extend((local, public) for public, local in ((b, a) for a, b in _names(m["names"])))
        return ""

    body = IMPORT.sub(imported, source)
    body = EXPORT_DECLARATION.sub(declared, body)
    body = EXPORT_LIST.sub(listed, body)
    body = EXPORT_DEFAULT.sub("__exports.default = ", body)
    body = body.replace("import.meta.url", "__url")
    left = STATEMENT.search(body)
    if left:
        line = body[left.start():].strip().splitlines()[0]
        raise BundleError(f"{name}: the bundler does not know this import or export: {line[:120]}")
    getters = "".join(f"  Object.defineProperty(__exports, {json.dumps(public)}, {{ enumerable: true, get: () => {local} }});\n"
                      for local, public in exported)
    # The module's address beside the page (a worker started from a blob: address has none: then a
    # file: one, which is only ever a base for names, never fetched).
    url = (f"(() => {{ try {{ return new URL({json.dumps(name)}, self.location.href).href; }} "
           f"catch {{ return new URL({json.dumps(name)}, \"file:///\").href; }} }})()")
    head = "".join(f"  {line}\n" for line in shims.get(name, []))
    # async: a module may await at its top level (its importers go on once it awaits, as entries do).
    return (f"__modules[{json.dumps(name)}] = async function (__exports) {{\n  const __url = {url};\n{head}{getters}{body}\n}};\n",
            deps)


def bundle(modules: dict[str, str], entries: list[str], shims: dict[str, list[str]] | None = None) -> str:
    """ES modules (name -> source; names are paths relative to the page) joined into one classic
    script that runs ``entries`` in order. Each module runs once, after the modules it imports, in
    its own scope (``shims``: lines to run first in a module's scope); a cycle of imports or a form
    of import or export not listed in this file's regular expressions is refused (BundleError)."""
    parts: list[str] = []
    graph: dict[str, list[str]] = {}
    todo = list(entries)
    while todo:
        name = todo.pop()
        if name in graph:
            continue
        if name not in modules:
            raise BundleError(f"a module imports {name}, which is not in the site")

        def resolve(spec: str, base: str = name) -> str:
            if not spec.startswith("./") and not spec.startswith("../"):
                raise BundleError(f"{base} imports {spec!r}: only relative imports are joined")
            return posixpath.normpath(posixpath.join(posixpath.dirname(base), spec))

        text, deps = _module_function(name, modules[name], resolve, shims or {})
        graph[name] = deps
        parts.append(text)
        todo.extend(deps)
    _no_cycle(graph)
    runs = "".join(f"__import({json.dumps(e)});\n" for e in entries)
    return ("// dominosolver's board as one script (dominosolver board --export): each part below is an ES\n"
            "// module of the package's serve/static/ or of the WebAssembly module's dominosolver-js/.\n"
            "(() => {\n\"use strict\";\nconst __modules = {};\nconst __done = {};\n"
            "function __import(name) {\n  if (!(name in __done)) { __done[name] = {}; __modules[name](__done[name]); }\n"
            "  return __done[name];\n}\n" + "".join(parts) + runs + "})();\n")


def _no_cycle(graph: dict[str, list[str]]) -> None:
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        if state.get(node) == 2:
            return
        if state.get(node) == 1:
            raise BundleError(f"a cycle of imports: {' -> '.join([*path, node])}")
        state[node] = 1
        for dep in graph[node]:
            visit(dep, [*path, node])
        state[node] = 2

    for node in graph:
        visit(node, [])


# ---------------------------------------------------------------- the module


def checkout(candidates: list[Path]) -> Path | None:
    """The first of ``candidates`` that is a source checkout with the WebAssembly build, or None."""
    for root in candidates:
        if (root / "CMakeLists.txt").is_file() and (root / "wasm" / "index.js").is_file():
            return root
    return None


WASM_MAGIC = b"\0asm\x01\0\0\0"  # a WebAssembly binary's first 8 bytes: its magic and version 1


def _leb128(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 number at ``at``: (value, the offset after it); ValueError past the end."""
    value = shift = 0
    while True:
        if at >= len(data):
            raise ValueError("a number runs past the end")
        byte = data[at]
        value, shift, at = value | (byte & 0x7F) << shift, shift + 7, at + 1
        if not byte & 0x80:
            return value, at


def whole(where: Path) -> None:
    """Refuse a module folder whose .wasm is not whole (a build still writing it, no build lock on
    another's folder): a WebAssembly binary's magic, then sections that fill the file exactly. Only
    the binary's own format is read: emscripten's JS differs from version to version."""
    binary = where / "dominosolver_core.wasm"
    data = binary.read_bytes()
    try:
        if data[:8] != WASM_MAGIC:
            raise ValueError("it does not begin as a WebAssembly binary does (\\0asm, version 1)")
        at = 8
        while at < len(data):
            size, start = _leb128(data, at + 1)
            if start + size > len(data):
                raise ValueError(f"its section at byte {at} needs {start + size} bytes, the file has {len(data)}")
            at = start + size
    except ValueError as e:
        raise click.BadParameter(f"{binary} is not a whole WebAssembly module: {e}; build it again (or wait for the "
                                 "build under way to finish)", param_hint="'--module'") from None


def find_module(module: str | None, quiet: bool, checkouts: list[Path] | None = None) -> Path:
    """The folder of a built module: ``module`` checked, or a checkout's build/wasm (built now): the
    checkout the package runs from (an editable install), else the current directory's."""
    if module is not None:
        where = Path(module)
        missing = [f for f in MODULE_FILES if not (where / f).is_file()]
        if missing:
            raise click.BadParameter(f"{where} lacks {', '.join(missing)}: a built dominosolver-js folder has "
                                     f"{', '.join(MODULE_FILES)} (docs/javascript.md)", param_hint="'--module'")
        whole(where)
        return where
    root = checkout([ROOT, Path.cwd()] if checkouts is None else checkouts)
    if root is None:
        raise click.ClickException(
            "no WebAssembly module to export: neither this install nor the current directory has the C++ sources "
            "to build one from; pass --module DIR, a built dominosolver-js folder (docs/javascript.md builds it "
            "from a checkout), or run the command in a checkout")
    missing = [f"{tool} (apt-get install {package})" for tool, package in TOOLS.items() if not shutil.which(tool)]
    if missing:
        raise click.ClickException(f"building the WebAssembly module needs {', '.join(missing)}; or pass --module DIR, "
                                   "a built dominosolver-js folder")
    build = root / "build" / "wasm"
    env = node_env()
    steps = build_steps(root, build)
    def run(step: list[str]) -> None:
        out = subprocess.run(step, cwd=root, env=env, capture_output=True, text=True, check=False)
        if out.returncode:
            raise click.ClickException(f"{' '.join(step)} failed:\n{(out.stdout + out.stderr)[-3000:]}")

    # one build at a time in the folder (wasm_build.py): the tests and the bench build there too
    if quiet or not sys.stderr.isatty():
        with build_lock(lock_of(build)):
            for step in steps:
                run(step)
    else:  # a bar of the two steps on a terminal: a fresh build takes a minute, an up-to-date one seconds
        with build_lock(lock_of(build)), render.progress_bar() as bar:
            job = bar.add_task(f"building the WebAssembly module in {build}", total=len(steps))
            for step in steps:
                run(step)
                bar.advance(job)
    return build / "dominosolver-js"


# ---------------------------------------------------------------- the icons


def _png(size: int, pixel: Any) -> bytes:
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y, size)) for x in range(size)) for y in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


# The icon: a 6-4 domino, upright, on the board's blue (in units of a 100-wide square): the served
# board's serve/static/icon.svg, which the export copies, drawn here as the PNGs a manifest needs.
PIPS = [(38, 22), (62, 22), (38, 34), (62, 34), (38, 46), (62, 46),  # six
        (38, 58), (62, 58), (38, 82), (62, 82)]  # four


def _icon_pixel(x: int, y: int, size: int) -> tuple[int, int, int]:
    u, v = (x + 0.5) * 100 / size, (y + 0.5) * 100 / size
    blue, white, ink = (0x1F, 0x5F, 0x8B), (0xFF, 0xFE, 0xF9), (0x22, 0x22, 0x22)
    if not (27 <= u <= 73 and 12 <= v <= 92):
        return blue
    if any((u - a) ** 2 + (v - b) ** 2 <= 4.6**2 for a, b in PIPS) or 51.2 <= v <= 52.8 and 31 <= u <= 69:
        return ink
    return white




# ---------------------------------------------------------------- the site

PRELUDE = """// The offline board's start: the WebAssembly module's API, its code from core.js (a page opened
// from a file cannot fetch the .wasm file), and what the board offers without a server.
import { load, startHintWorker } from "./dominosolver-js/index.js";

// Hints run in a worker: a classic one on a blob: address (a page opened from a file may start no
// other), the worker's script (hint-worker.js, the API and the glue joined) and the module's code.
let worker = null;
function hintWorker() {
  if (!worker) {
    const code = `globalThis.dominosolverWasm = ${JSON.stringify(globalThis.dominosolverWasm)};\n${WORKER}`;
    worker = startHintWorker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  }
  return worker;
}

globalThis.dominosolverOffline = { games: GAMES, unavailable_games: NOT_OFFLINE, load, hintWorker };

// On a static host (http, https; never a file) the board is an app: its manifest, and the service
// worker that keeps the site for a reload with the network off.
if (/^https?:$/.test(location.protocol)) {
  const link = Object.assign(document.createElement("link"), { rel: "manifest", href: "manifest.webmanifest" });
  document.head.append(link);
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch((error) => console.warn(`no offline copy: ${error.message}`));
  }
}
"""

CORE_WRAP = """
const __wasmBinary = () => Uint8Array.from(atob(globalThis.dominosolverWasm), (c) => c.charCodeAt(0));
__exports.default = (options = {}) => createCore({ wasmBinary: __wasmBinary(), ...options });
"""

SERVICE_WORKER = """// The offline board's service worker (dominosolver board --export): the site is kept in a cache
// named by its contents' hash, and every request it holds is answered from there, so a reload with
// the network off still opens the board; an older site's cache is dropped once this one is active.
const CACHE = "dominosolver-board-VERSION";
const FILES = FILE_LIST;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("dominosolver-board-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(event.request, { ignoreSearch: true }))
    .then((kept) => kept ?? fetch(event.request)));
});
"""


def _index_html() -> str:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    module_tag = '<script type="module" src="main.js"></script>'
    if module_tag not in html:
        raise click.ClickException(f"serve/static/index.html has no {module_tag}: the export cannot replace it")
    head = ('<meta name="theme-color" content="' + THEME + '">\n'
            '<link rel="apple-touch-icon" href="icon-192.png">\n'
            '<script defer src="core.js"></script>\n<script defer src="board.js"></script>')
    return html.replace(module_tag, head)


def site(module_dir: Path) -> dict[str, bytes]:
    """The static site's files (name -> content), the module read from ``module_dir``."""
    reply = games_reply()
    offered = [g for g in reply["games"] if g["tag"] in MODULE_GAMES]
    not_offline = [{"title": g["title"], "reason": NOT_OFFLINE.get(g["tag"], "the module does not have it")}
                   for g in reply["games"] if g["tag"] not in MODULE_GAMES]
    games = {**reply, "games": offered, "corpus": None}
    modules = {p.name: p.read_text(encoding="utf-8") for p in STATIC.glob("*.js")}
    for path in module_dir.glob("*.js"):  # the API and whatever it imports (the bundle takes what it uses)
        modules[f"dominosolver-js/{path.name}"] = path.read_text(encoding="utf-8")
    glue = (module_dir / "dominosolver_core.mjs").read_text(encoding="utf-8")
    if not glue.rstrip().endswith("export default createCore;"):
        raise BundleError("dominosolver_core.mjs does not end with `export default createCore;`: not emscripten's "
                          "EXPORT_ES6 glue as CMakeLists.txt builds it")
    modules["dominosolver-js/dominosolver_core.mjs"] = glue.rstrip()[: -len("export default createCore;")] + CORE_WRAP
    modules["offline-start.js"] = (PRELUDE.replace("GAMES", json.dumps(games), 1)
                                   .replace("NOT_OFFLINE", json.dumps(not_offline), 1))
    wasm = (module_dir / "dominosolver_core.wasm").read_bytes()
    # The hint worker's script, and the page's: index.js starts its worker as a module, which a
    # page opened from a file cannot; the joined worker script runs as a classic one.
    worker = bundle(modules, ["dominosolver-js/hint-worker.js"])
    modules["offline-start.js"] = f"const WORKER = {json.dumps(worker)};\n" + modules["offline-start.js"]
    classic = ["const Worker = class extends globalThis.Worker {",
               "  constructor(url, options = {}) { super(url, { ...options, type: \"classic\" }); }", "};"]
    files: dict[str, bytes] = {
        "index.html": _index_html().encode(),
        "board.css": (STATIC / "board.css").read_bytes(),
        "board.js": bundle(modules, ["offline-start.js", "main.js"], {"dominosolver-js/index.js": classic}).encode(),
        "core.js": ("// The WebAssembly module's code (dominosolver_core.wasm) as base64, for board.js.\n"
                    f"globalThis.dominosolverWasm = \"{base64.b64encode(wasm).decode()}\";\n").encode(),
        "icon.svg": (STATIC / "icon.svg").read_bytes(),  # the served board's (its page links it)
        "icon-192.png": _png(192, _icon_pixel),
        "icon-512.png": _png(512, _icon_pixel),
    }
    files["manifest.webmanifest"] = json.dumps({
        "name": "dominosolver board", "short_name": "dominosolver",
        "description": "Texas 42, Moon and The Big Game positions solved exactly, and games against the bots, offline",
        "start_url": "./", "scope": "./", "display": "standalone",
        "background_color": "#fbfaf6", "theme_color": THEME,
        "icons": [{"src": "icon-192.png", "sizes": "192x192", "type": "image/png"},
                  {"src": "icon-512.png", "sizes": "512x512", "type": "image/png"},
                  {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"}],
    }, indent=2).encode()
    version = hashlib.sha256(b"".join(files[k] for k in sorted(files))).hexdigest()[:16]
    kept = ["./", *sorted(files)]
    files["sw.js"] = (SERVICE_WORKER.replace("VERSION", version).replace("FILE_LIST", json.dumps(kept))).encode()
    return files


def export(directory: Path, module_dir: Path) -> dict[str, bytes]:
    files = site(module_dir)
    directory.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (directory / name).write_bytes(data)
    return files


@click.command("board")
@click.option("--export", "directory", required=True, type=click.Path(file_okay=False), metavar="DIR",
              help="write the board as a static site into DIR (made if missing): open DIR/index.html, or put DIR "
                   "on any static host to install it as an app that works offline")
@click.option("--module", default=None, type=click.Path(file_okay=False, exists=True), metavar="DIR",
              help="the built WebAssembly module (a dominosolver-js folder); default: build it with emscripten "
                   "in this checkout's build/wasm")
@click.option("--json", "as_json", is_flag=True, help="print what was written as JSON")
def board(directory: str, module: str | None, as_json: bool) -> None:
    """The web board without a server: positions of the 42 family checked, solved and hinted, and games
    played against the bots, by the WebAssembly module in the browser (docs/board.md)."""
    where = Path(directory)
    files = export(where, find_module(module, as_json))
    if as_json:
        click.echo(json.dumps({"schema": SCHEMA, "directory": str(where.resolve()),
                               "files": {name: len(data) for name, data in sorted(files.items())}}, indent=2))
    else:
        size = sum(len(d) for d in files.values())
        click.echo(f"the board written to {where}: {len(files)} files, {size / 1e6:.1f} MB; open {where / 'index.html'} "
                   "or serve the folder from any static host")
