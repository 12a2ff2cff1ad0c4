"""bench/README.md stays a one-page reference of the present: at most 250 lines, no issue numbers or
dates (earlier runs live in git), and the section headings others add to in place."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "bench" / "README.md").read_text()
HEADINGS = ("## The one trick engine", "## WebAssembly", "## Bingo", "## Serving under load")


def test_one_page():
    assert len(README.splitlines()) <= 250


def test_no_issue_numbers_or_dates():
    found = re.findall(r"\bissues?[ -]#?\d+|#\d+\b|\b20\d\d-\d\d-\d\d\b|\b\d\d:\d\d UTC\b", README, re.IGNORECASE)
    assert not found, f"bench/README.md says when or for which issue: {found}"


def test_the_stable_headings_are_there():
    headings = set(re.findall(r"^## .+$", README, re.MULTILINE))
    assert set(HEADINGS) <= headings, sorted(set(HEADINGS) - headings)
