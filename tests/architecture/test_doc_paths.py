"""Every file or folder of the repository that the docs, the benchmarks' READMEs, CI, docstrings and
comments cite by its path exists: a file moved (a benchmark into bench/studies/, say) takes its
references with it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# A path from the repository's root; not a template (`bind_<game>.cpp`) or a glob (`bingo_*.cpp`).
ANY_ROOT = re.compile(r"(?<![\w/.-])((?:bench|tests|docs|python|cpp|src|wasm|\.ci)/[\w./-]*\w)(?![\w<*{])")
# In code, only the folders a module cannot mean relative to itself.
CODE_ROOT = re.compile(r"(?<![\w/.-])((?:bench|tests|docs|\.ci)/[\w./-]*\w)(?![\w<*{])")
# What the project writes and git ignores (bench/out/, tests/artifacts/, build/...): absent from a clean clone.
GENERATED = tuple(line.strip() for line in (ROOT / ".gitignore").read_text().splitlines() if line.strip().endswith("/"))


def citing_files() -> dict[Path, re.Pattern[str]]:
    docs = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "bench").rglob("*.md")]
    code = [p for folder in ("python", "tests", "bench", ".ci") for p in (ROOT / folder).rglob("*")
            if p.is_file() and (p.suffix in (".py", ".js", ".cpp", ".hpp") or p.parent.name == ".ci")
            and "__pycache__" not in p.parts and "artifacts" not in p.parts]
    return {**{p: CODE_ROOT for p in code}, **{p: ANY_ROOT for p in docs}}


def test_every_cited_path_exists():
    files = citing_files()
    assert ROOT / "bench" / "README.md" in files and ROOT / ".ci" / "run" in files  # it reads what it should
    assert "bench/out/" in GENERATED and "tests/artifacts/" in GENERATED
    missing = []
    cited = 0
    for path, pattern in files.items():
        for match in pattern.finditer(path.read_text(errors="replace")):
            target = match.group(1).rstrip(".")
            if (target + "/").startswith(GENERATED):
                continue
            cited += 1
            if not (ROOT / target).exists():
                missing.append(f"{path.relative_to(ROOT)}: {target}")
    assert cited > 100, cited
    assert not missing, "paths cited that do not exist:\n" + "\n".join(missing)
