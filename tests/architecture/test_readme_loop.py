"""The README's development loop works as written (its hand-made pip list once lacked packages the
test extra has, so `pytest -q` could not collect): it installs the build backend that an install
without build isolation needs and the test extra itself, and its layout names every folder of tests
and no folder that is gone."""

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


def test_the_development_loop_installs_the_build_backend_first():
    """`--no-build-isolation` builds with what the environment holds: every package of pyproject's
    [build-system] requires is installed by an earlier line of the loop."""
    pyproject = (ROOT / "pyproject.toml").read_text()
    block = re.search(r"^\[build-system\]\s*\nrequires\s*=\s*\[(.*?)\]", pyproject, re.MULTILINE | re.DOTALL)
    assert block, "pyproject.toml has no [build-system] requires"
    needed = {re.split(r"[<>=!~;\[ ]", name.strip().strip("\"'"), maxsplit=1)[0].lower()
              for name in block.group(1).split(",") if name.strip()}
    assert {"scikit-build-core", "pybind11"} <= needed, needed
    lines = development_loop().splitlines()
    editable = next(i for i, line in enumerate(lines) if "--no-build-isolation" in line)
    before = {word.lower() for line in lines[:editable] if line.startswith("pip install")
              for word in line.split("#", 1)[0].split()[2:]}
    assert needed <= before, f"the loop does not install {sorted(needed - before)} before its editable install"


def layout_of_tests() -> set[str]:
    layout = README.split("Layout:", 1)[1].split("\n\n", 1)[0]
    tests = layout.split("`tests/`", 1)[1].split("`bench/`", 1)[0]
    return set(re.findall(r"`(\w+)/`", tests))


def test_the_layout_names_every_folder_of_tests():
    folders = {p.name for p in (ROOT / "tests").iterdir()
               if p.is_dir() and (any(p.rglob("test_*.py")) or p.name in ("oracle", "data"))}
    named = layout_of_tests()
    assert len(folders) > 10, folders  # it found the folders
    assert folders - named == set(), f"folders of tests/ the README's layout does not name: {sorted(folders - named)}"
    gone = {name for name in named if not (ROOT / "tests" / name).is_dir()}
    assert not gone, f"the README's layout names folders of tests/ that are gone: {sorted(gone)}"
