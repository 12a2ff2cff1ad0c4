"""The README's development loop works as written (issue 42, point 6: its hand-made pip list lacked
packages the test extra has, so `pytest -q` could not collect): it installs the test extra itself,
and its layout names every folder of tests."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def development_loop() -> str:
    section = README.split("## Development loop", 1)[1]
    return section.split("```", 2)[1]


def test_the_development_loop_installs_the_test_extra():
    installs = [line for line in development_loop().splitlines() if line.startswith("pip install") and " -e " in line]
    assert installs and all('".[test]"' in line for line in installs), installs
    assert "pytest" in development_loop()


def test_the_layout_names_every_folder_of_tests():
    folders = {p.name for p in (ROOT / "tests").iterdir()
               if p.is_dir() and (any(p.glob("test_*.py")) or p.name in ("oracle", "data"))}
    layout = README.split("Layout:", 1)[1].split("\n\n", 1)[0]
    named = set(re.findall(r"`(\w+)/`", layout))
    assert folders - named == set(), f"folders of tests/ the README's layout does not name: {sorted(folders - named)}"
