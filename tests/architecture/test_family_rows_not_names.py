"""The 42 family as rows (issue 38): code asks a member's row (the core's family table,
cpp/include/dominosolver/texas42/family.hpp, bound as ``texas42.rules.FAMILY_ROWS``) what the member
is like, not which member it is, so that adding a member is adding a row (and its own flags, package
and tests). This test reads the Python package (outside each member's own package), the C++ core and
bindings (outside the tables of rows: family.hpp, and advice_defaults.hpp, the bid advice's defaults
a row per member) and the WebAssembly module's C++ for a comparison against a member's name or enum:
``rules.family == "moon"``, ``game in ("moon", "moon4")``, ``Family::BigGame``. ``ALLOWED`` lists
what stays, each with its reason."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from dominosolver.texas42.rules import FAMILY_ROWS

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "python" / "dominosolver"
FAMILY_HPP = ROOT / "cpp" / "include" / "dominosolver" / "texas42" / "family.hpp"
# The tables of rows, a row per member keyed by its enum: the family's, and the bid advice's defaults.
TABLES = ("cpp/include/dominosolver/texas42/family.hpp", "cpp/include/dominosolver/texas42/advice_defaults.hpp")
NAMES = frozenset(FAMILY_ROWS)  # the members' "game" tags: "texas42", "moon", ...
# The members' own packages (Partnership Moon's is Moon's): what they say of themselves is theirs.
MEMBER_PACKAGES = frozenset(name for name in NAMES if (PACKAGE / name / "__init__.py").exists()) - {"texas42"}
CPP_FOLDERS = ("cpp", "src", "wasm")

# (file from the repository's root, what the line holds): why it stays.
ALLOWED = {
    # A member's own flags are scoped to it (docs/rules.md §4): the flag table says which members
    # each belongs to, the one place a flag of Moon's or Partnership Moon's names its owners.
    ("cpp/src/texas42_rules.cpp", "family_bit(Family::"): "the flag table: which members a member's own flag is of",
    # The Big Game's named constructor, as docs/rules.md §4.3 and bench/solver_ab.cpp call it.
    ("cpp/include/dominosolver/texas42/rules.hpp", "of_big_game() { return of_family(Family::BigGame); }"):
        "The Big Game's named constructor",
}


def _enum_names(text: str) -> frozenset[str]:
    """The enumerators of ``enum class Family`` in family.hpp."""
    body = re.search(r"enum class Family\b[^{]*\{([^}]*)\}", text)
    assert body, "family.hpp declares enum class Family"
    return frozenset(e.strip() for e in body.group(1).split(",") if e.strip())


ENUM = _enum_names(FAMILY_HPP.read_text(encoding="utf-8"))
_NAMES_RE = "|".join(sorted(NAMES, key=len, reverse=True))
CPP_PATTERNS = (
    re.compile(r"\bFamily::(?:" + "|".join(sorted(ENUM, key=len, reverse=True)) + r")\b"),
    re.compile(r"""[!=]=\s*"(?:""" + _NAMES_RE + r""")"|"(?:""" + _NAMES_RE + r""")"\s*[!=]="""),
)


def _named(node: ast.expr) -> bool:
    """Whether an operand of a comparison is a member's tag, or a literal collection holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value in NAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_named(e) for e in node.elts)
    return False


def _tag_default(node: ast.AST) -> bool:
    """Whether a call is ``record.get(key, "<a member's tag>")``: a member named as what a record
    without a tag is (the rows' DEFAULT_FAMILY says that)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
            and len(node.args) == 2 and _named(node.args[1]))


def python_comparisons(path: Path) -> list[tuple[int, str]]:
    """(line, source) of each comparison in a Python module against a member's tag (==, !=, in, is,
    a match case), and of each tag taken as a record's default (``.get("game", "texas42")``)."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    for node in ast.walk(ast.parse(text)):
        compared = isinstance(node, ast.Compare) and any(_named(o) for o in (node.left, *node.comparators))
        if compared or isinstance(node, ast.MatchValue) and _named(node.value) or _tag_default(node):
            found.append((node.lineno, lines[node.lineno - 1].strip()))
    return sorted(found)


def cpp_comparisons(path: Path) -> list[tuple[int, str]]:
    """(line, source) of each C++ line that names a member by its enum or compares with its tag
    (comments aside)."""
    found = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("//", 1)[0]
        if any(p.search(code) for p in CPP_PATTERNS):
            found.append((n, line.strip()))
    return found


def python_files() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py"))
            if p.relative_to(PACKAGE).parts[0] not in MEMBER_PACKAGES]


def cpp_files() -> list[Path]:
    return [p for folder in CPP_FOLDERS for p in sorted((ROOT / folder).rglob("*"))
            if p.suffix in (".hpp", ".cpp", ".h") and p.relative_to(ROOT).as_posix() not in TABLES]


def comparisons() -> list[tuple[str, int, str]]:
    """(file, line, source) of every comparison against a member found, allowed or not."""
    out = []
    for path in python_files():
        out += [(path.relative_to(ROOT).as_posix(), n, src) for n, src in python_comparisons(path)]
    for path in cpp_files():
        out += [(path.relative_to(ROOT).as_posix(), n, src) for n, src in cpp_comparisons(path)]
    return out


def allowance(where: str, source: str) -> tuple[str, str] | None:
    return next(((f, what) for f, what in ALLOWED if f == where and what in source), None)


def unallowed() -> list[str]:
    """Each comparison found that no allowance covers, as "file:line: source"."""
    return [f"{where}:{n}: {src}" for where, n, src in comparisons() if allowance(where, src) is None]


def test_the_readers_find_what_they_look_for(tmp_path):
    """A comparison with a tag (either side, in a collection, a match case) or an enum is found;
    so is a tag taken as a record's default; a tag that is only data (a key, an argument, prose) and
    a row's field are not."""
    module = tmp_path / "member.py"
    module.write_text(
        'if rules.family == "moon":\n    pass\n'
        'ok = "biggame" != game\n'
        'both = tag in ("texas42", "x")\n'
        'spec = get("moon4")\n'
        'table = {"moon": 1}\n'
        'help = "Moon and The Big Game"\n'
        'alone = not rules.row.partners\n'
        'match tag:\n    case "moon4":\n        pass\n'
        'game = record.get("game", "texas42")\n'
        'rules = record.get("rules", "x")\n')
    assert [n for n, _ in python_comparisons(module)] == [1, 3, 4, 10, 12]
    source = tmp_path / "member.cpp"
    source.write_text('if (rules.family == Family::Moon) {}\n'
                      'const bool a = rules.row().partners;  // Family::Moon4 in a comment\n'
                      'if (name == "biggame") return;\n'
                      'std::string t = "moon";\n'
                      'Family f = Family::BigGame;\n')
    assert [n for n, _ in cpp_comparisons(source)] == [1, 3, 5]
    assert {"texas42", "moon", "moon4", "biggame"} <= NAMES and {"Texas42", "Moon", "Moon4", "BigGame"} <= ENUM
    assert {"moon", "biggame"} <= MEMBER_PACKAGES and "texas42" not in MEMBER_PACKAGES


def test_a_new_comparison_fails(tmp_path, monkeypatch):
    """A module or a C++ file that asks which member it has is reported by the check itself."""
    package = tmp_path / "python" / "dominosolver"
    (package / "texas42").mkdir(parents=True)
    (package / "texas42" / "new.py").write_text('def f(rules):\n    return rules.family == "moon4"\n')
    (tmp_path / "cpp").mkdir()
    (tmp_path / "cpp" / "new.cpp").write_text("bool f(const Rules& r) { return r.family == Family::BigGame; }\n")
    # The WebAssembly module's glue too: an enum's test in a .cpp, a tag's default in a .hpp.
    (tmp_path / "wasm").mkdir()
    (tmp_path / "wasm" / "glue.cpp").write_text("const double risk = r.row().family == Family::Moon4 ? 0.9 : 0.75;\n")
    (tmp_path / "wasm" / "glue.hpp").write_text('// a comment: game == "moon"\nif (game != "texas42") flags["family"] = game;\n')
    # A table of rows is where the enums are written: not read.
    table = tmp_path / TABLES[1]
    table.parent.mkdir(parents=True)
    table.write_text("{.family = Family::Moon4, .risk = 0.9},\n")
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "ROOT", tmp_path)
    monkeypatch.setattr(here, "PACKAGE", package)
    monkeypatch.setattr(here, "CPP_FOLDERS", ("cpp", "wasm"))
    assert comparisons() == [("python/dominosolver/texas42/new.py", 2, 'return rules.family == "moon4"'),
                             ("cpp/new.cpp", 1, "bool f(const Rules& r) { return r.family == Family::BigGame; }"),
                             ("wasm/glue.cpp", 1, "const double risk = r.row().family == Family::Moon4 ? 0.9 : 0.75;"),
                             ("wasm/glue.hpp", 2, 'if (game != "texas42") flags["family"] = game;')]
    assert unallowed() == ['python/dominosolver/texas42/new.py:2: return rules.family == "moon4"',
                           "cpp/new.cpp:1: bool f(const Rules& r) { return r.family == Family::BigGame; }",
                           "wasm/glue.cpp:1: const double risk = r.row().family == Family::Moon4 ? 0.9 : 0.75;",
                           'wasm/glue.hpp:2: if (game != "texas42") flags["family"] = game;']


def test_code_reads_the_family_rows_not_the_members_names():
    files = python_files() + cpp_files()
    # Both languages are read: the folders are where this test expects them.
    assert sum(p.suffix == ".py" for p in files) >= 100 and sum(p.suffix == ".cpp" for p in files) >= 20
    assert {"wasm/hint.cpp", "wasm/convert.hpp"} <= {p.relative_to(ROOT).as_posix() for p in files}
    named = unallowed()
    assert not named, ("ask the member's family row (family.hpp, FAMILY_ROWS) rather than which member it is, "
                       "or add a row field:\n" + "\n".join(named))


def test_every_allowance_is_still_needed():
    """An allowance whose reason has gone is removed, so that the list stays short and true."""
    used = {allowance(where, src) for where, _, src in comparisons()}
    assert set(ALLOWED) <= used, set(ALLOWED) - used
