"""The benchmarks' page and the architecture page describe the project as it is (earlier runs and
ideas live in git): bench/README.md a one-page reference of at most 250 lines with the section
headings others add to in place; no page of the docs (README.md, docs/*.md) says when or for which
issue, and the architecture page keeps no lab log (stop numbers), only a short list of ideas measured and not kept, one line each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = (ROOT / "bench" / "README.md").read_text()
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text()
HEADINGS = ("## The one trick engine", "## WebAssembly", "## Bingo", "## Serving under load")
WHEN_OR_WHY = re.compile(r"\bissues?[ -]#?\d+|#\d+\b|\b20\d\d-\d\d-\d\d\b|\b\d\d:\d\d UTC\b|\bstops? \d+", re.IGNORECASE)


def section(text: str, heading: str) -> str:
    return text.split(heading + "\n", 1)[1].split("\n## ", 1)[0]


def test_bench_readme_is_one_page():
    assert len(BENCH.splitlines()) <= 250


def test_bench_readme_keeps_its_headings():
    headings = set(re.findall(r"^## .+$", BENCH, re.MULTILINE))
    assert set(HEADINGS) <= headings, sorted(set(HEADINGS) - headings)


DOCS = ["bench/README.md", "README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("name", DOCS)
def test_no_issue_numbers_dates_or_stop_numbers(name):
    found = WHEN_OR_WHY.findall((ROOT / name).read_text())
    assert not found, f"{name} says when or for which issue: {found}"


def test_the_architecture_page_lists_ideas_not_kept_one_line_each():
    assert not re.search(r"^## Tried", ARCHITECTURE, re.MULTILINE)
    lines = section(ARCHITECTURE, "## Measured and not kept").splitlines()
    ideas = [line for line in lines if line.startswith("- ")]
    assert not [line for line in lines if line.startswith("  ")], "an idea on more than one line"
    assert 5 <= len(ideas) <= 40, len(ideas)
    assert all(re.search(r"[+−-]\d|\d+(\.\d+)?%|×", idea) for idea in ideas), "each idea with its figure"
