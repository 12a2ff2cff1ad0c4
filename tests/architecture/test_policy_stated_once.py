"""The hint's and the bid advice's figures and models are stated once, in the C++ core
(cpp/include/dominosolver/core/pimc.hpp, texas42/decisions.hpp, texas42/advice_defaults.hpp): the
Python package reads them through the bindings (``_core.decisions``) and the WebAssembly module
(wasm/) includes the headers, so the board and Python cannot drift apart.

Two readers keep it so. In the WebAssembly module's C++, a line that names a Python module's
constant ("hint.py's EXACT_LIMIT") next to a number restates it, and so does any decimal written
with three or more digits after the point (a fitted parameter, a quantile: 1.2179, 1.959964). In
the Python modules that alias the core's figures (``ALIASES``), an aliased name is not bound to a
number written out."""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

from dominosolver import _core

ROOT = Path(__file__).resolve().parents[2]
WASM = ROOT / "wasm"
PACKAGE = ROOT / "python" / "dominosolver"

# "hint.py's EXACT_LIMIT", "bidding.py's _BATCH", "texas42/bidding.py's _P_MAKE_BIDS": a Python constant named.
NAMED_CONSTANT = re.compile(r"[\w/]+\.py's\s+_?[A-Z][A-Z0-9_]*\b")
# A number in code: 25, 0.25, 1'000'000, 1e-12 (not part of a name: kMaxSeats, int64_t, v2).
NUMBER = re.compile(r"(?<![\w.'])\d[\d']*(?:\.\d*)?(?:[eE][+-]?\d+)?(?![\w.'])|(?<![\w.])\.\d+")
# A decimal of three or more digits after the point: a fitted figure, never a count.
FINE_DECIMAL = re.compile(r"(?<![\w.])\d*\.\d{3,}")
# A constant defined: `constexpr int kChunk = 25;`, `constexpr double kA = 1.0, kB = 2.0;`.
CONSTANT_DEFINED = re.compile(r"\bconstexpr\b[^=;(]*\bk[A-Z]\w*\s*=")
PYTHON_MODULE = re.compile(r"\b\w+\.py\b")
STRING = re.compile(r'"(?:\\.|[^"\\])*"' + r"|'(?:\\.|[^'\\])'")

# The Python modules that alias the core's figures, and the names they keep (their public names, and
# the private ones the module reads by).
ALIASES = {
    "pimc.py": ("UNCHUNKED", "KEY_DIGITS", "ESS_FLOOR", "MAX_DRAWS", "ONE_WORLD"),
    "arguments.py": ("MAX_WORLDS",),
    "arena.py": ("Z95",),
    "texas42/hint.py": ("SAMPLES", "EXACT_LIMIT", "CHUNK", "LONG_CHUNK", "NODES_PER_SECOND", "MIN_WORLD_NODES"),
    "texas42/solve.py": ("LONG_TRICKS",),
    "texas42/calibration.py": ("A", "B", "CONTRACTS"),
    "texas42/weighting.py": ("BID_SLOPE", "BID_CENTRE", "TRUMP_SHARPNESS"),
    "texas42/play_inference.py": ("TEMPERATURE", "SLIP", "CAP", "RECENT", "TABLE_MB"),
    "texas42/bidding.py": ("_BATCH",),
    "texas42/bid_advice_json.py": ("FIRST_BATCH",),
    "moon/bidding.py": ("_BATCH",),
}


def _code(line: str) -> str:
    """A C++ line without its comment and its string and character literals."""
    return STRING.sub('""', line).split("//", 1)[0]


def wasm_restatements(path: Path) -> list[tuple[int, str]]:
    """(line, source) of each line of a C++ file that restates a Python module's figure: a named
    Python constant next to a number, a constant defined by a number under a comment that names a
    Python module ("weighting.py's auction model: ..." over ``constexpr double kBidSlope = 2.0``),
    or a decimal of three or more digits (comments and strings aside for the numbers)."""
    found = []
    comment: list[str] = []  # the comment lines just above
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = _code(line)
        defined = CONSTANT_DEFINED.search(code) and NUMBER.search(code.split("=", 1)[-1])
        if ((NAMED_CONSTANT.search(line) and NUMBER.search(code)) or FINE_DECIMAL.search(code)
                or (defined and PYTHON_MODULE.search(" ".join([*comment, line])))):
            found.append((n, line.strip()))
        comment = [*comment, line] if line.lstrip().startswith("//") else []
    return found


def wasm_files() -> list[Path]:
    return [p for p in sorted(WASM.rglob("*")) if p.suffix in (".cpp", ".hpp", ".h")]


def python_literals(path: Path) -> list[tuple[int, str]]:
    """(line, name) of each module-level constant (an upper-case name) bound to an expression that
    writes out a number."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        value = getattr(node, "value", None)
        numbers = [v for v in ast.walk(value) if isinstance(v, ast.Constant) and type(v.value) in (int, float)] if value else []
        for target in targets:
            names = [target] if isinstance(target, ast.Name) else getattr(target, "elts", [])
            for name in names:
                if isinstance(name, ast.Name) and re.fullmatch(r"_?[A-Z][A-Z0-9_]*", name.id) and numbers:
                    found.append((node.lineno, name.id))
    return found


def python_restatements() -> list[str]:
    """Each aliased name that a module binds to a number written out, as "module:line: name"."""
    return [f"{module}:{n}: {name}" for module, names in ALIASES.items()
            for n, name in python_literals(PACKAGE / module) if name in names]


def test_the_readers_find_what_they_look_for(tmp_path):
    source = tmp_path / "planted.cpp"
    source.write_text(
        "constexpr int kExactLimit = 2000;  // hint.py's EXACT_LIMIT\n"            # 1: named, a number
        "  while (deals.next(cursor, 100, batch)) {  // bidding.py's _BATCH\n"      # 2: named, a number
        "  return 1 / (1 + std::exp(-(-1.2179 + 0.8888 * std::log(q))));\n"       # 3: fitted figures
        "constexpr double kZ95 = 1.959964;\n"                                        # 4: a quantile
        "using hint_policy::kExactLimit;  // hint.py's EXACT_LIMIT\n"              # the core's: no number
        "constexpr double kNodesPerSecond = 2'500'000;  // the module's own rate\n"  # no Python constant named
        'out.set("note", "hint.py\'s CHUNK is 25");\n'                               # a number in a string only
        "double x = 0.25 * y;  // 3.14159 in a comment\n"                            # two decimals; a comment
        "std::array<TileMask, kMaxSeats> dealt{};  // weighting.py's BID_SLOPE\n"  # no number in code
        "// play_inference.py's model: temperature (points), slip rate.\n"
        "constexpr double kTemperature = 8.0, kSlip = 0.05;\n"                     # 11: under a comment naming a .py
        "// the module's own pace\n"
        "constexpr std::uint64_t kLeastSlice = 10'000;\n"                            # its own: no .py named
        "constexpr std::size_t kRecent = play_inference::kRecent;  // play_inference.py's\n")  # the core's
    assert [n for n, _ in wasm_restatements(source)] == [1, 2, 3, 4, 11]
    module = tmp_path / "planted.py"
    module.write_text("EXACT_LIMIT = 2000\nA, B = -1.2179, 0.8888\nCHUNK: int = _core.decisions.hint.CHUNK\n"
                      "SCHEMA = 'x/1'\nlocal = 3\n_BATCH = 2 * 50\n")
    assert python_literals(module) == [(1, "EXACT_LIMIT"), (2, "A"), (2, "B"), (6, "_BATCH")]


def test_a_restatement_in_the_tree_fails(tmp_path, monkeypatch):
    """A wasm file restating a figure, and an aliasing module writing one out, are reported."""
    (tmp_path / "wasm").mkdir()
    (tmp_path / "wasm" / "hint.cpp").write_text("constexpr int kChunk = 25;  // hint.py's CHUNK\n")
    (tmp_path / "python" / "dominosolver" / "texas42").mkdir(parents=True)
    for module in ALIASES:
        (tmp_path / "python" / "dominosolver" / module).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "python" / "dominosolver" / module).write_text("KEPT = 2000\n")  # not an alias: its own
    (tmp_path / "python" / "dominosolver" / "texas42" / "hint.py").write_text("KEPT_POSITIONS = 2000\nEXACT_LIMIT = 2000\n")
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "WASM", tmp_path / "wasm")
    monkeypatch.setattr(here, "PACKAGE", tmp_path / "python" / "dominosolver")
    assert [(p.name, wasm_restatements(p)) for p in wasm_files()] == [
        ("hint.cpp", [(1, "constexpr int kChunk = 25;  // hint.py's CHUNK")])]
    assert python_restatements() == ["texas42/hint.py:2: EXACT_LIMIT"]


def test_the_webassembly_module_states_no_python_figure():
    files = wasm_files()
    assert {"hint.cpp", "table.cpp", "convert.hpp"} <= {p.name for p in files}
    found = [f"wasm/{p.name}:{n}: {src}" for p in files for n, src in wasm_restatements(p)]
    assert not found, ("state the figure once in the core (cpp/include/dominosolver/core/pimc.hpp, "
                       "texas42/decisions.hpp) and read it from there:\n" + "\n".join(found))


def test_the_python_modules_read_the_figures_from_the_core():
    found = python_restatements()
    assert not found, "read the figure from _core.decisions (texas42/decisions.hpp):\n" + "\n".join(found)
    for module, names in ALIASES.items():  # each alias is still bound at the module's top level
        bound = {t.id for node in ast.parse((PACKAGE / module).read_text(encoding="utf-8")).body
                 for t in (node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)])
                 if isinstance(t, ast.Name)}
        assert set(names) <= bound, (module, set(names) - bound)


def test_the_aliases_are_the_cores_figures():
    """Python's public names are the core's values (the WebAssembly module's, by the headers)."""
    # (by import_module: the package's texas42.hint and texas42.solve are functions)
    arena, arguments, pimc, calibration, hint, play_inference, solve, weighting = (
        importlib.import_module(f"dominosolver.{m}") for m in ("arena", "arguments", "pimc", "texas42.calibration",
                                                               "texas42.hint", "texas42.play_inference", "texas42.solve",
                                                               "texas42.weighting"))

    d = _core.decisions
    assert (hint.EXACT_LIMIT, hint.CHUNK, hint.SAMPLES, solve.LONG_TRICKS, hint.MIN_WORLD_NODES) == (
        d.hint.EXACT_LIMIT, d.hint.CHUNK, d.hint.SAMPLES, d.hint.LONG_TRICKS, d.hint.MIN_WORLD_NODES)
    assert (pimc.KEY_DIGITS, pimc.ESS_FLOOR, pimc.MAX_DRAWS, pimc.UNCHUNKED, arguments.MAX_WORLDS) == (
        d.pimc.KEY_DIGITS, d.pimc.ESS_FLOOR, d.pimc.MAX_DRAWS, d.pimc.UNCHUNKED, d.pimc.MAX_WORLDS)
    assert (calibration.A, calibration.B, calibration.CONTRACTS) == (d.calibration.A, d.calibration.B, d.calibration.CONTRACTS)
    assert (weighting.BID_SLOPE, weighting.BID_CENTRE, weighting.TRUMP_SHARPNESS) == (
        d.weighting.BID_SLOPE, d.weighting.BID_CENTRE, d.weighting.TRUMP_SHARPNESS)
    assert (play_inference.TEMPERATURE, play_inference.SLIP, play_inference.CAP, play_inference.RECENT) == (
        d.play_inference.TEMPERATURE, d.play_inference.SLIP, d.play_inference.CAP, d.play_inference.RECENT)
    assert arena.Z95 == d.bidding.Z95
