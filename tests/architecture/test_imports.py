"""No circular imports in python/dominosolver: every module imports in a fresh interpreter in
alphabetical and in reverse order, the module-level imports form no cycle, and no function imports
a module to dodge one (only optional dependencies are imported where they are used). Views are plain
data: they import their game's rules and notation, never a position, game or sampler."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

import dominosolver
import pytest

PACKAGE = Path(dominosolver.__file__).parent

# Imported inside functions on purpose: optional, heavy dependencies only some commands need.
OPTIONAL = {"dask", "distributed", "jsonschema", "pyarrow", "referencing"}

# Modules that still import inside functions (none: the list stays for work in progress).
PENDING: set[str] = set()
# The one import inside a function by design: the command line's entry point loads the commands (the
# whole package) under its own Ctrl-C handling (dominosolver/__main__.py).
DEFERRED = {("dominosolver.__main__", ".cli.main")}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SOURCES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
EXTENSIONS = {"dominosolver._core"}  # the C++ module: it imports nothing of the package
# Every module but the engine's __main__, which would start serving on import.
MODULES = sorted([m for m in SOURCES if not m.endswith("__main__")] + list(EXTENSIONS))


@pytest.mark.parametrize("order", ["alphabetical", "reverse"])
def test_every_module_imports_in_a_fresh_interpreter(order):
    modules = MODULES if order == "alphabetical" else MODULES[::-1]
    script = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    run = subprocess.run([sys.executable, "-c", script, *modules], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]


def top_level_imports(name: str, type_checking: bool = False) -> set[str]:
    """The dominosolver modules ``name`` imports when it is imported (not inside functions; those
    imported for type checking only when ``type_checking``)."""
    path = SOURCES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                relative = "." * node.level + (node.module or "")
                base = importlib.util.resolve_name(relative, package) if node.level else node.module
                for a in node.names:  # `from p import m` needs module p.m, or p itself for a name
                    module = f"{base}.{a.name}"
                    found.add(module if module in SOURCES or module in EXTENSIONS else base)  # type: ignore[arg-type]
            elif isinstance(node, ast.If) and (
                type_checking or not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
            ):
                visit(node.body + node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body + node.orelse + node.finalbody + [s for h in node.handlers for s in h.body])

    visit(ast.parse(path.read_text()).body)
    return {m for m in found if m in SOURCES or m in EXTENSIONS}


def test_module_level_imports_form_no_cycle():
    graph = {name: top_level_imports(name) & SOURCES.keys() for name in SOURCES}
    done: set[str] = set()

    def walk(name: str, path: list[str]) -> None:
        if name in path:
            pytest.fail("import cycle: " + " -> ".join(path[path.index(name):] + [name]))
        if name not in done:
            for target in sorted(graph[name]):
                walk(target, path + [name])
            done.add(name)

    for name in sorted(graph):
        walk(name, [])
    # The layering this test keeps: views are data below the samplers and games that build them.
    for game in ("texas42", "bingo"):
        assert f"dominosolver.{game}.view" in graph[f"dominosolver.{game}.sampling"]
        assert f"dominosolver.{game}.view" in graph[f"dominosolver.{game}.game"]
        assert not {f"dominosolver.{game}.{m}" for m in ("sampling", "position", "game", "hint")} & graph[
            f"dominosolver.{game}.view"
        ]


# What a view may import (issue 21, item 6): its game's rules and notation (Bingo's moves and 42's
# plays too: a view lists the legal ones, The Big Game's lower-end leads among them; Bingo's record of
# the deal, data of moves and draws), its picture (issue 26: ``_repr_svg_``; the picture is data below the view,
# checked below), and of the package the tiles, errors, JSON helpers, argument checks and the C++
# core. TYPE_CHECKING imports count: a view reads positions and games as data, typed loosely.
VIEW_IMPORTS = {
    "texas42": {"rules", "notation", "picture", "plays"},
    "bingo": {"rules", "notation", "move", "picture", "record"},
}
VIEW_PACKAGE_IMPORTS = {"tiles", "errors", "io", "io.text_form", "_core", "arguments"}


@pytest.mark.parametrize("game", sorted(VIEW_IMPORTS))
def test_a_view_imports_rules_tiles_and_notation_only(game):
    allowed = {f"dominosolver.{game}.{m}" for m in VIEW_IMPORTS[game]} | {
        f"dominosolver.{m}" for m in VIEW_PACKAGE_IMPORTS
    }
    found = top_level_imports(f"dominosolver.{game}.view", type_checking=True)
    assert found - allowed == set()
    assert f"dominosolver.{game}.rules" in found  # the parse reaches the view's imports at all


# The pictures draw plain descriptions and know no game; a game's picture module (what its
# positions and views look like, imported by both for ``_repr_svg_``) reads them as data: it imports
# its rules and the pictures, never a view, position, game, sampler or hint.
PICTURES_IMPORT = {"dominosolver.tiles", "dominosolver.errors"}


def test_pictures_know_no_game():
    drawing = [m for m in SOURCES if m.startswith("dominosolver.pictures.")]
    assert "dominosolver.pictures.board" in drawing
    for name in drawing:
        outside = {m for m in top_level_imports(name, type_checking=True) if not m.startswith("dominosolver.pictures")}
        assert outside <= PICTURES_IMPORT, f"{name} imports {sorted(outside - PICTURES_IMPORT)}"


@pytest.mark.parametrize("game", sorted(VIEW_IMPORTS))
def test_a_games_picture_reads_positions_and_views_as_data(game):
    found = top_level_imports(f"dominosolver.{game}.picture", type_checking=True)
    allowed = {f"dominosolver.{game}.rules", "dominosolver.tiles"}
    assert {m for m in found if not m.startswith("dominosolver.pictures.")} <= allowed
    assert "dominosolver.pictures.board" in found


def function_level_imports(name: str) -> list[str]:
    """``line: module`` for each import statement inside a function of ``name``."""
    out = []
    for node in ast.walk(ast.parse(SOURCES[name].read_text())):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import):
                    out += [f"{inner.lineno}: {a.name}" for a in inner.names]
                elif isinstance(inner, ast.ImportFrom):
                    out.append(f"{inner.lineno}: {'.' * inner.level}{inner.module or ''}")
    return out


def test_no_function_imports_a_module_but_optional_dependencies():
    found = {}
    for name in sorted(SOURCES):
        lines = [x for x in function_level_imports(name) if x.split(": ")[1].split(".")[0] not in OPTIONAL
                 and (name, x.split(": ")[1]) not in DEFERRED]
        if lines:
            found[name] = lines
    assert {m: lines for m, lines in found.items() if m not in PENDING} == {}
    assert sorted(PENDING - found.keys()) == [], "these modules import at the top now: take them off PENDING"


def test_renderers_sit_below_the_registry():
    """The renderers (render/) fill in kits the registry's rows carry: the registry imports them, and
    they import the games and the pictures, never the registry (dominosolver.games) or a front end."""
    renderers = [m for m in SOURCES if m.startswith("dominosolver.render.")]
    assert "dominosolver.render.texas42" in renderers and "dominosolver.render.bingo_pictures" in renderers
    above = ("dominosolver.games", "dominosolver.cli", "dominosolver.serve", "dominosolver.engine", "dominosolver.batch")
    for name in renderers:
        found = top_level_imports(name, type_checking=True)
        assert not {m for m in found if m.startswith(above)}, f"{name} imports {sorted(m for m in found if m.startswith(above))}"
    assert "dominosolver.render.texas42" in top_level_imports("dominosolver.games.texas42")


def test_texas42_imports_no_member_package():
    """Moon's and The Big Game's own decisions before play live in their packages (moon/, biggame/),
    which import texas42; texas42 reaches them only through the Deciders rows they register
    (texas42/deciders.py), never by an import (nor for type checking; no module imports inside a
    function, above)."""
    family = [m for m in SOURCES if m == "dominosolver.texas42" or m.startswith("dominosolver.texas42.")]
    assert "dominosolver.texas42.bidding" in family and "dominosolver.texas42.bots" in family
    members = ("dominosolver.moon", "dominosolver.biggame")
    for name in family:
        found = top_level_imports(name, type_checking=True)
        assert not {m for m in found if m.startswith(members)}, f"{name} imports {sorted(m for m in found if m.startswith(members))}"
    # Their logic is theirs: the bidding and exchange of each under its own package.
    for member, modules in (("moon", ("bidding", "exchange")), ("biggame", ("bidding", "exchange", "bot"))):
        assert {f"dominosolver.{member}.{m}" for m in modules} <= SOURCES.keys()
        assert "dominosolver.texas42.deciders" in top_level_imports(f"dominosolver.{member}")
