"""No front end names a game (issue 42): the command line, the HTTP server, the engine and the web
board's scripts look every game up in the registry (``games.get``, ``games.detect``, GET /v1/games'
rows) and ask its row, so that a new game or member of the 42 family is served without an edit here.
What counts as naming a game: a string that is a game's tag or alias (``"texas42"``, ``"42"``,
``"bingo"``...), and, in Python, an import from a game's own package (``..texas42``, ``..bingo``)
rather than from the registry. ``ALLOWED`` lists what stays, each with its reason."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from dominosolver import games

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "dominosolver"
FRONT_ENDS = ("cli", "serve", "engine")  # Python folders; the board's scripts are serve/static/*.js
WORDS = frozenset(word for spec in games.GAMES.values() for word in (spec.tag, *spec.aliases))
# The games' own packages under dominosolver/ (Partnership Moon has none: it is texas42's, as Moon's rules direct).
GAME_PACKAGES = frozenset(tag for tag in WORDS if (PACKAGE / tag / "__init__.py").exists())

# (file under dominosolver/, what it names): why it stays.
ALLOWED = {
    # The offline board exports the games the WebAssembly module reads (wasm/: the 42 family's rules
    # only, the registry's FAMILY42), and says why the others need the server: a fact of the module.
    ("cli/board.py", "bingo"): "the game the WebAssembly module lacks",
}


def python_names(path: Path) -> list[tuple[int, str]]:
    """(line, what) of each game a Python module names: a string that is a tag or alias, or an
    import from a game's package."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in WORDS:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            top = parts[1] if parts[0] == "dominosolver" and len(parts) > 1 else parts[0] if node.level else None
            if top in GAME_PACKAGES:
                found.append((node.lineno, top))
    return found


QUOTED = re.compile(r"""["'`]([A-Za-z0-9]+)["'`]""")


def script_names(path: Path) -> list[tuple[int, str]]:
    """(line, tag) of each quoted game tag or alias in a board script."""
    return [(n, word) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            for word in QUOTED.findall(line) if word in WORDS]


def front_end_files() -> list[Path]:
    python = [p for folder in FRONT_ENDS for p in sorted((PACKAGE / folder).rglob("*.py"))]
    return python + sorted((PACKAGE / "serve" / "static").glob("*.js"))


def test_the_checks_find_what_they_look_for(tmp_path):
    """The readers see a tag, an alias and a game package's import, and pass over prose and the registry."""
    module = tmp_path / "front.py"
    module.write_text('from ..texas42.rules import Rules\nfrom .. import games\n'
                      'spec = games.get("bingo")\nhelp = "42 and Moon: a sentence"\nx = "42"\n')
    assert python_names(module) == [(1, "texas42"), (3, "bingo"), (5, "42")] or \
        sorted(python_names(module)) == [(1, "texas42"), (3, "bingo"), (5, "42")]
    script = tmp_path / "board.js"
    script.write_text('const a = game.tag === "moon4";\n// texas42 in a comment, unquoted\nconst b = `biggame`;\n')
    assert script_names(script) == [(1, "moon4"), (3, "biggame")]
    assert {"texas42", "bingo", "moon", "moon4", "biggame", "42"} <= WORDS
    assert {"texas42", "bingo", "moon", "biggame"} <= GAME_PACKAGES


def test_no_front_end_names_a_game():
    files = front_end_files()
    # Each front end is read: the folders are where this test expects them.
    for folder in (*FRONT_ENDS, "serve/static"):
        assert any(p.parent == PACKAGE / folder or PACKAGE / folder in p.parents for p in files), folder
    assert sum(p.suffix == ".js" for p in files) >= 5 and sum(p.suffix == ".py" for p in files) >= 10
    named = []
    for path in files:
        where = path.relative_to(PACKAGE).as_posix()
        for line, word in (script_names(path) if path.suffix == ".js" else python_names(path)):
            if (where, word) not in ALLOWED:
                named.append(f"{where}:{line} names {word!r}")
    assert not named, "front ends should ask the registry's rows, not name games:\n" + "\n".join(named)


def test_every_allowance_is_still_needed():
    """An allowance whose reason has gone is removed, so that the list stays short and true."""
    used = set()
    for path in front_end_files():
        where = path.relative_to(PACKAGE).as_posix()
        for _, word in (script_names(path) if path.suffix == ".js" else python_names(path)):
            used.add((where, word))
    assert set(ALLOWED) <= used, set(ALLOWED) - used
