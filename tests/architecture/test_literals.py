"""Hard-coded seat, trick and tile sizes in the code stay under a ceiling.

The 42 family's sizes are data (the seating, the rules and the contract table in C++, read by Python
through the core): a literal 4, 7, 28, 42 or 84, or seat arithmetic (`& 3`, `% 4`, `== 4`, a seat's
side by `& 1`, `range(4)`), anywhere else restates one of them. This counts those literals in the C++,
binding and Python sources under cpp/, src/ and python/, comments and strings left out, outside the
files that define the sizes; bit tests (`mask >> t.id & 1`, `(...) & 1`) are not sides and are not
counted. The count may go down, never up: lower CEILING when you remove some (the failure lists the
files with the most).
"""

from __future__ import annotations

import io
import re
import tokenize
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("cpp", "src", "python")
# The files that define the sizes: the seating, the family table, the rules and the contract table,
# and their readers.
DEFINING = re.compile(r"core/seating\.hpp|texas42/family\.hpp|texas42/rules\.hpp|texas42_rules\.cpp|texas42/contract\.hpp"
                      r"|texas42_contract\.cpp|bingo/rules\.hpp|bingo_rules\.cpp|texas42/rules\.py|bingo/rules\.py")
CEILING = 99

# A bit of a mask, not a side: `x >> n & 1`, `x >> t.id & 1`, `x >> p->id & 1`, `x >> ids[i] & 1`,
# `x >> parse(m).id & 1`, `(...) & 1`.
OPERAND = r"\w+(?:\s*(?:\.|->|::)\s*\w+|\s*\[[^\]\n]*\]|\s*\([^()\n]*\))*"
BIT_TESTS = re.compile(rf"(>>\s*{OPERAND}|\))\s*&\s*1\b")

PATTERNS = {
    "& 3": r"&\s*3\b", "% 4": r"%\s*4\b", "==/!= 4": r"[=!]=\s*4\b", "kSeats": r"\bkSeats\b",
    "& 1": r"&\s*1\b", "range(4)": r"\brange\s*\(\s*4\s*\)",
    "4": r"(?<![\w.])4(?![\w.])", "7": r"(?<![\w.])7(?![\w.])", "28": r"(?<![\w.])28(?![\w.])",
    "42": r"(?<![\w.])42(?![\w.])", "84": r"(?<![\w.])84(?![\w.])",
}


def code_of_python(text: str) -> str:
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.COMMENT, tokenize.STRING) or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            continue
        out.append(tok.string)
    return " ".join(out)


def code_of_cpp(text: str) -> str:
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def literals(code: str) -> Counter[str]:
    """Each literal once, under the first kind it fits (`== 4` is seat arithmetic, not also a 4)."""
    code = BIT_TESTS.sub(" ", code)
    found: Counter[str] = Counter()
    for name, pattern in PATTERNS.items():
        code, n = re.subn(pattern, " ", code)
        if n:
            found[name] = n
    return found


def sources() -> list[Path]:
    return sorted(path for folder in FOLDERS for path in (ROOT / folder).rglob("*")
                  if path.suffix in (".py", ".cpp", ".hpp") and "__pycache__" not in path.parts)


def count(exclude: re.Pattern[str] | None = DEFINING) -> tuple[Counter[str], Counter[str]]:
    """The literals by kind and by file, in every source whose path `exclude` does not match."""
    by_kind: Counter[str] = Counter()
    by_file: Counter[str] = Counter()
    for path in sources():
        name = path.relative_to(ROOT).as_posix()
        if exclude is not None and exclude.search(name):
            continue
        text = path.read_text()
        found = literals(code_of_python(text) if path.suffix == ".py" else code_of_cpp(text))
        by_kind.update(found)
        by_file[name] = sum(found.values())
    return by_kind, by_file


@pytest.mark.parametrize(("source", "expected"), [
    ("side = seat & 1", {"& 1": 1}),
    ("held = mask >> t.id & 1", {}),                 # a dotted operand is a bit test too
    ("held = (mask >> t.id) & 1", {}),
    ("if not view.absent[s] >> tile.id & 1: pass", {}),
    ("x = seats[i] >> shift & 1", {}),
    ("ok = moves >> parse_play(move).id & 1", {}),
    ("n = len(hand) == 4  # 7 tiles, 42 points", {"==/!= 4": 1}),
    ("s = 'four 4 seats'", {}),
    ("for s in range(4): t = s % 4", {"range(4)": 1, "% 4": 1}),
    ("x = 4.5 + 0.42 + 284 + 7", {"7": 1}),
])
def test_the_counter_counts_sizes_and_not_bit_tests_comments_or_strings_python(source, expected):
    assert literals(code_of_python(source + "\n")) == Counter(expected)


@pytest.mark.parametrize(("source", "expected"), [
    ("int side = seat & 1;", {"& 1": 1}),
    ("bool held = mask >> t.id & 1;", {}),
    ("bool held = mask >> p->id & 1;", {}),
    ("bool held = mask >> ids[i] & 1;", {}),
    ("int n = kSeats; // 4 seats, 28 tiles", {"kSeats": 1}),
    ('const char* s = "84"; /* 42\n points */ int k = s & 3;', {"& 3": 1}),
])
def test_the_counter_counts_sizes_and_not_bit_tests_comments_or_strings_cpp(source, expected):
    assert literals(code_of_cpp(source)) == Counter(expected)


def test_hard_coded_sizes_stay_under_the_ceiling():
    paths = sources()
    assert len(paths) > 100 and ROOT / "cpp/include/dominosolver/core/seating.hpp" in paths  # it reads the tree
    by_kind, by_file = count()
    total = sum(by_kind.values())
    most = ", ".join(f"{name} {n}" for name, n in by_file.most_common(8) if n)
    assert total <= CEILING, (f"{total} hard-coded sizes outside the files that define them, over the ceiling of "
                              f"{CEILING} ({dict(by_kind)}); ask the rules instead. Most: {most}")
