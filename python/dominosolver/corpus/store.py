"""Where a corpus lives: a directory of Parquet partitions, one per range of deals
(``part-<first>-<end>.parquet``, deals ``first`` to ``end - 1``, 12 digits each), and
``manifest.json`` saying what the corpus is and which partitions are finished, with their row counts
and SHA-256 checksums.

Nothing is ever half written: a partition or the manifest is written to a temporary file in the same
directory, flushed to disk and renamed over its name (an atomic step), so a run killed at any moment
(``kill -9``) leaves whole partitions and a whole manifest. The manifest may lag behind the
partitions (it is rewritten at most about once a second): a partition file that it does not list
is checked (its rows are exactly its range's deals, in order) and adopted by the next run, so no
finished work is lost and none is done twice. One run at a time builds a corpus (an ``flock`` on
``.lock`` in the directory, which dies with its process)."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import platform
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..errors import DominoSolverError, ParseError
from ..version import __version__
from .rows import require_pyarrow

__all__ = [
    "MANIFEST",
    "SCHEMA",
    "CorpusBusyError",
    "CorpusMismatchError",
    "Store",
    "checksum",
    "code_version",
    "part_name",
    "ranges",
]

MANIFEST = "manifest.json"
SCHEMA = "dominosolver.corpus/1"
PART = re.compile(r"^part-(\d{12})-(\d{12})\.parquet$")
TEMP_MARK = ".tmp-"


class CorpusBusyError(DominoSolverError):
    """Another run is building this corpus."""


class CorpusMismatchError(DominoSolverError):
    """The directory holds another corpus (another name, rules or partition size), or something else."""


def part_name(first: int, end: int) -> str:
    return f"part-{first:012d}-{end:012d}.parquet"


def ranges(deals: int, size: int) -> list[tuple[int, int]]:
    """The partitions of a corpus of ``deals`` deals, ``size`` deals each (the last may be shorter)."""
    return [(lo, min(lo + size, deals)) for lo in range(0, deals, size)]


def code_version() -> dict[str, str]:
    """What wrote the data: this package's version, pyarrow's and Python's."""
    pa = require_pyarrow()
    return {"dominosolver": __version__, "pyarrow": pa.__version__, "python": platform.python_version()}


def checksum(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _write_atomically(path: Path, data: bytes) -> None:
    temp = path.with_name(f"{path.name}{TEMP_MARK}{os.getpid()}")
    with open(temp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temp, path)
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)  # the rename itself on disk
    finally:
        os.close(fd)


class Store:
    """A corpus directory (module doc)."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    @property
    def manifest_path(self) -> Path:
        return self.root / MANIFEST

    def read_manifest(self) -> dict[str, Any] | None:
        """The manifest, or None where there is none yet."""
        try:
            text = self.manifest_path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        try:
            manifest = json.loads(text)
        except json.JSONDecodeError as e:
            raise CorpusMismatchError(f"{self.manifest_path} is not a corpus manifest (not JSON: {e})") from None
        if not isinstance(manifest, dict) or manifest.get("schema") != SCHEMA:
            raise CorpusMismatchError(f"{self.manifest_path} is not a corpus manifest ({SCHEMA})")
        return manifest

    def write_manifest(self, manifest: dict[str, Any]) -> None:
        _write_atomically(self.manifest_path, (json.dumps(manifest, indent=1) + "\n").encode())

    def prepare(self) -> None:
        """The directory made (an empty or corpus directory only), and temporary files a killed run
        left removed."""
        if self.root.exists() and not self.root.is_dir():
            raise CorpusMismatchError(f"{self.root} is a file, not a corpus directory")
        self.root.mkdir(parents=True, exist_ok=True)
        if not self.manifest_path.exists():
            strangers = [p.name for p in self.root.iterdir() if p.name != ".lock" and TEMP_MARK not in p.name
                         and not PART.match(p.name)]
            if strangers:
                raise CorpusMismatchError(f"{self.root} holds files that are not a corpus's ({', '.join(sorted(strangers)[:5])}): "
                                          "give an empty or new directory")
        for p in self.root.iterdir():
            if TEMP_MARK in p.name:
                p.unlink()

    @contextmanager
    def lock(self) -> Iterator[None]:
        self.root.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.root / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
                raise CorpusBusyError(f"another run (process {holder}) is building the corpus in {self.root}: "
                                      "wait for it to end. A lock dies with its process") from None
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            yield
        finally:
            os.close(fd)

    def write_partition(self, first: int, end: int, data: bytes) -> dict[str, Any]:
        """Write a finished partition atomically; its manifest entry."""
        path = self.root / part_name(first, end)
        _write_atomically(path, data)
        return {"file": path.name, "first": first, "end": end, "rows": end - first,
                "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}

    def is_finished(self, entry: dict[str, Any]) -> bool:
        """Whether a partition the manifest lists is on disk as it was written (its checksum)."""
        path = self.root / str(entry.get("file", ""))
        return path.is_file() and path.stat().st_size == entry.get("bytes") and checksum(path) == entry.get("sha256")

    def adopt(self, first: int, end: int) -> dict[str, Any] | None:
        """The entry of a whole partition file the manifest does not list yet (written by a run
        killed before its manifest caught up): read back, its rows exactly deals first..end-1."""
        path = self.root / part_name(first, end)
        if not path.is_file():
            return None
        require_pyarrow()
        import pyarrow.parquet as pq

        try:
            deals = pq.read_table(path, columns=["deal"]).column("deal").to_pylist()
        except Exception:  # noqa: BLE001 - anything unreadable is redone, never trusted
            return None
        if deals != list(range(first, end)):
            return None
        return {"file": path.name, "first": first, "end": end, "rows": end - first, "sha256": checksum(path),
                "bytes": path.stat().st_size}

    def remove_stale(self, keep: set[str]) -> list[str]:
        """Partition files not in ``keep`` (of another plan of the corpus) removed; their names."""
        gone = []
        for p in sorted(self.root.iterdir()):
            if PART.match(p.name) and p.name not in keep:
                p.unlink()
                gone.append(p.name)
        return gone

    def partition_paths(self, manifest: dict[str, Any]) -> list[Path]:
        return [self.root / e["file"] for e in sorted(manifest.get("partitions", []), key=lambda e: e["first"])]


def check_partition_size(size: object) -> int:
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 1_000_000:
        raise ParseError(f"a partition holds 1 to 1,000,000 deals, not {size!r}")
    return size
