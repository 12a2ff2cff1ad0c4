"""The ``>>>`` examples in the ```python blocks of docs/*.md and README.md run as doctests; the
blocks of one file share a namespace, in order, like a reader's session."""

from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def example_blocks(path: Path) -> list[tuple[str, int]]:
    text = path.read_text()
    return [
        (m.group(1), text.count("\n", 0, m.start(1)))
        for m in PYTHON_BLOCK.finditer(text)
        if ">>>" in m.group(1)
    ]


def test_docs_have_examples():
    """docs/notation.md exists and every documentation file checked here has runnable examples."""
    assert (ROOT / "docs" / "notation.md") in FILES
    assert all(example_blocks(path) for path in FILES)


@pytest.mark.parametrize("path", FILES + [ROOT / "bench" / "README.md"], ids=lambda p: p.name)
def test_every_python_block_is_run(path):
    """A ```python block without >>> would be skipped unseen: each is a doctest, so it runs here."""
    blocks = PYTHON_BLOCK.findall(path.read_text())
    assert all(">>>" in block for block in blocks), [b[:80] for b in blocks if ">>>" not in b]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_doc_examples(path):
    """Every >>> example prints exactly what the documentation says."""
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict = {}
    report = io.StringIO()
    for block, line in example_blocks(path):
        test = parser.get_doctest(block, globs, f"{path.name}:{line + 1}", str(path), line)
        runner.run(test, out=report.write, clear_globs=False)
        globs = test.globs  # DocTest copies its globals: carry them on to the next block
    assert runner.tries >= len(example_blocks(path)) > 0  # every block ran at least one example
    assert runner.failures == 0, report.getvalue()
