"""A corpus checked against fresh solves: a random sample of its deals, each regenerated from its
index (deals.py) and solved again (``dd_table``, ``special_table``, par), every stored column
compared with the fresh row."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import ParseError, shown
from ..texas42.solve import Solver
from .deals import deal_of
from .query import Corpus
from .rows import TT_MB, Layout, require_pyarrow, rows_table, solve_deal

__all__ = ["VerifyReport", "verify_sample"]


@dataclass(frozen=True)
class VerifyReport:
    corpus: str
    sampled: int
    equal: int
    differing: list[dict[str, Any]] = field(default_factory=list)  # deal, and the columns that differ
    missing_partitions: list[str] = field(default_factory=list)  # checksum or file problems
    seed: int = 0

    @property
    def ok(self) -> bool:
        return not self.differing and not self.missing_partitions and self.equal == self.sampled

    def to_json(self) -> dict[str, Any]:
        return {"schema": "dominosolver.corpusverify/1", "ok": self.ok, **asdict(self)}


def _sampled_rows(corpus: Corpus, sample: int, seed: int) -> list[dict[str, Any]]:
    """``sample`` rows drawn without replacement (``seed``) from the corpus's rows in deal order,
    reading only the partitions they fall in."""
    import pyarrow.parquet as pq

    parts = sorted(corpus.manifest["partitions"], key=lambda e: e["first"])
    n = sum(e["rows"] for e in parts)
    if not n:
        return []
    picks = np.sort(np.random.default_rng(seed).choice(n, size=min(sample, n), replace=False))
    rows: list[dict[str, Any]] = []
    start = 0
    for e in parts:
        mine = picks[(picks >= start) & (picks < start + e["rows"])] - start
        if len(mine):
            rows += pq.read_table(corpus.store.root / e["file"]).take(mine.tolist()).to_pylist()
        start += e["rows"]
    return rows


def verify_sample(corpus: Corpus | str | Path, sample: int = 1000, seed: int = 0,
                  progress: Callable[[int, int], None] | None = None) -> VerifyReport:
    """``sample`` deals drawn at random (``seed``) from the corpus's rows, each compared column by
    column with a fresh solve of the deal its index regenerates; partitions checked against their
    checksums first."""
    corpus = corpus if isinstance(corpus, Corpus) else Corpus(corpus)
    if not isinstance(sample, int) or isinstance(sample, bool) or sample < 1:
        raise ParseError(f"sample must be a whole number of deals, at least 1, not {shown(sample)}")
    require_pyarrow()
    bad = corpus.check()
    stored = _sampled_rows(corpus, sample, seed)
    layout = Layout(corpus.rules)
    solver = Solver(TT_MB)
    differing = []
    equal = 0
    for k, row in enumerate(stored):
        index = row["deal"]
        fresh = rows_table([solve_deal(solver, corpus.rules, corpus.name, index)], layout).to_pylist()[0]
        masks = deal_of(corpus.name, index).masks
        wrong = [c for c in fresh if fresh[c] != row.get(c)]
        wrong += [f"hand_{s}" for s, m in zip("NESW", masks) if row[f"hand_{s}"] != m and f"hand_{s}" not in wrong]
        if wrong:
            differing.append({"deal": index, "columns": wrong[:20]})
        else:
            equal += 1
        if progress is not None:
            progress(k + 1, len(stored))
    return VerifyReport(corpus.name, len(stored), equal, differing, bad, seed)
