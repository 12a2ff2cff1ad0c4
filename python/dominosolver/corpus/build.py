"""Building a corpus on Dask (docs/corpus.md, "Building"): one task a partition (a range of deals),
each solved by a worker into the bytes of a Parquet file and written by this process, the client,
as the results come in (so workers need no shared disk: the same code runs on a local cluster and on
a remote one). A rerun resumes: partitions the manifest lists with a matching checksum, or whole
partition files a killed run wrote before its manifest caught up, are kept, and only the others are
solved. A lost worker's task is run again by Dask elsewhere; a partition is written under its range's
one name, so nothing is ever duplicated."""

from __future__ import annotations

import os
import time as _time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..arguments import callback
from ..errors import ParseError, shown
from ..resume import DaskConnection, close_dask, dask_connection
from ..texas42.rules import Rules
from .deals import DEAL_ALGORITHM, check_name
from .rows import Layout, require_pyarrow, solve_range
from .store import (
    SCHEMA,
    CorpusMismatchError,
    Store,
    check_partition_size,
    code_version,
    ranges,
)

__all__ = ["CORPUS_RULES", "DEFAULT_PARTITION", "BuildSummary", "build_corpus", "corpus_rules", "new_manifest"]

# The corpus's rules: tournament 42 with every special contract the rules know offered, so that the
# special-contract table has all of them (Plunge, Splash, Nel-O in its three doubles modes, Sevens).
CORPUS_RULES = {"specials": "all", "nello_doubles_allowed": "all"}
DEFAULT_PARTITION = 1000
MANIFEST_EVERY = 1.0  # seconds between two rewrites of the manifest while partitions come in
MAX_DEALS = 1 << 40


def corpus_rules(flags: dict[str, Any] | None = None) -> Rules:
    """The rules of a corpus: ``CORPUS_RULES`` and the given flags (Texas 42 scored in marks: par needs it)."""
    rules = Rules.of_game("texas42", {**CORPUS_RULES, **(flags or {})})
    if rules.scoring != "marks":
        raise ParseError("a corpus is of Texas 42 scored in marks (its par is in marks), not scored in points")
    return rules


@dataclass(frozen=True)
class BuildSummary:
    directory: str
    name: str
    deals: int
    partitions: int
    kept: int  # partitions already finished (resumed)
    adopted: int  # partition files a killed run left unlisted, checked and kept
    solved: int  # partitions solved by this run
    rows: int  # rows of the corpus now
    # Timings (this run's and its speed: not compared, as results compare by what they answer)
    seconds: float = field(compare=False)  # this run's time, start to end
    deals_per_second: float = field(compare=False)  # deals this run solved, over its time
    workers: int
    backend: str
    complete: bool
    cpu_seconds: float = field(compare=False, default=0.0)  # CPU time the workers spent solving this run's partitions
    deals_per_cpu_second: float = field(compare=False, default=0.0)  # this run's deals over that time: the load left out

    def to_json(self) -> dict[str, Any]:
        return {"schema": "dominosolver.corpusbuild/1", **asdict(self)}


def new_manifest(name: str, deals: int, size: int, rules: Rules) -> dict[str, Any]:
    layout = Layout(rules)
    return {
        "schema": SCHEMA,
        "name": name,
        "deal_algorithm": DEAL_ALGORITHM,
        "game": "texas42",
        "rules": rules.to_json(),
        "deals": deals,
        "partition_size": size,
        "declarations": list(rules.table_declarations),
        "contracts": layout.raw_contracts,
        "columns": layout.schema().names,
        "code_version": code_version(),
        "partitions": [],
        "rows": 0,
        "complete": False,
    }


def _same_corpus(old: dict[str, Any], new: dict[str, Any], root: Path) -> None:
    for key in ("name", "deal_algorithm", "game", "rules", "partition_size", "columns"):
        if old.get(key) != new.get(key):
            raise CorpusMismatchError(
                f"{root} holds another corpus: its {key} is {shown(old.get(key))}, not {shown(new.get(key))}; "
                "give another directory (or the same name, rules and partition size to resume it)")


def _run_in_process(name: str, rules_json: dict[str, Any],
                    todo: list[tuple[int, int]]) -> Iterator[tuple[int, int, tuple[bytes, float]]]:
    for first, end in todo:
        yield first, end, solve_range(name, rules_json, first, end)


def _run_on_dask(connection: DaskConnection, name: str, rules_json: dict[str, Any],
                 todo: list[tuple[int, int]]) -> Iterator[tuple[int, int, tuple[bytes, float]]]:
    from distributed import as_completed

    client, finished = connection.client, False
    try:
        futures = {client.submit(solve_range, name, rules_json, first, end, pure=False,
                                 key=f"corpus-{name}-{first}-{end}-{os.getpid()}"): (first, end)
                   for first, end in todo}
        for future in as_completed(list(futures)):
            first, end = futures.pop(future)
            data = future.result()
            future.release()  # the worker may forget the bytes once they are here
            yield first, end, data
        finished = True
    finally:
        close_dask(connection, interrupted=not finished)


def build_corpus(directory: str | Path, deals: int, *, name: str = "main", rules: dict[str, Any] | None = None,
                 partition_size: int = DEFAULT_PARTITION, dask: str | None = "local", workers: int = 2,
                 progress: Callable[[int, int], None] | None = None) -> BuildSummary:
    """Build (or resume) the corpus of ``deals`` deals named ``name`` in ``directory`` (module doc).
    ``dask``: ``"local"`` (a local cluster of ``workers`` processes, one thread each), a scheduler's
    address, or None (this process alone). ``progress(done deals, deals)`` after each partition."""
    started = _time.perf_counter()
    check_name(name)
    if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= MAX_DEALS:
        raise ParseError(f"deals must be a whole number from 1 to 2**40, not {shown(deals)}")
    check_partition_size(partition_size)
    if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= 256:
        raise ParseError(f"workers must be a whole number from 1 to 256, not {shown(workers)}")
    if dask is not None and not isinstance(dask, str):
        raise ParseError(f"dask must be 'local', a scheduler's address or None, not {shown(dask)}")
    callback(progress, "progress")  # called after the first partition: checked before the directory is touched
    require_pyarrow()
    the_rules = corpus_rules(rules)
    store = Store(directory)
    with store.lock():
        store.prepare()
        fresh = new_manifest(name, deals, partition_size, the_rules)
        old = store.read_manifest()
        if old is not None:
            _same_corpus(old, fresh, store.root)
            if deals < old["rows"]:  # never drop finished deals on a smaller --deals
                raise CorpusMismatchError(f"{store.root} holds {old['rows']:,} finished deals of this corpus: build it "
                                          f"with --deals {old['deals']:,} (or more), not {deals:,}")
        plan = ranges(deals, partition_size)
        listed = {(e["first"], e["end"]): e for e in (old or {}).get("partitions", [])}
        finished: dict[tuple[int, int], dict[str, Any]] = {}
        kept = adopted = 0
        for first, end in plan:
            entry = listed.get((first, end))
            if entry is not None and store.is_finished(entry):
                finished[(first, end)] = entry
                kept += 1
                continue
            # A file the manifest does not list (a killed run wrote it last) is checked and kept; one
            # it lists with another checksum was changed since: solved again, never trusted.
            entry = None if entry is not None else store.adopt(first, end)
            if entry is not None:
                entry["code_version"] = (old or fresh)["code_version"]
                finished[(first, end)] = entry
                adopted += 1
        store.remove_stale({e["file"] for e in finished.values()})
        manifest = {**fresh, "runs": (old or {}).get("runs", [])}

        def save(complete: bool = False) -> None:
            parts = sorted(finished.values(), key=lambda e: e["first"])
            manifest.update(partitions=parts, rows=sum(e["rows"] for e in parts), complete=complete)
            store.write_manifest(manifest)

        save()
        todo = [r for r in plan if r not in finished]
        done = sum(e["rows"] for e in finished.values())
        if progress is not None:
            progress(done, deals)
        backend = "in-process" if dask is None else "local-cluster" if dask == "local" else f"dask:{dask}"
        results = (_run_in_process(name, the_rules.to_json(), todo) if dask is None or not todo
                   else _run_on_dask(dask_connection(dask, workers), name, the_rules.to_json(), todo))
        solved = 0
        cpu_seconds = 0.0
        last_save = _time.perf_counter()
        try:
            for first, end, (data, cpu) in results:
                entry = store.write_partition(first, end, data)
                entry["code_version"] = fresh["code_version"]
                entry["cpu_seconds"] = round(cpu, 3)
                cpu_seconds += cpu
                finished[(first, end)] = entry
                solved += 1
                done += end - first
                if progress is not None:
                    progress(done, deals)
                if _time.perf_counter() - last_save >= MANIFEST_EVERY:
                    save()
                    last_save = _time.perf_counter()
        finally:
            results.close()
            seconds = _time.perf_counter() - started
            solved_deals = sum(end - first for first, end in todo if (first, end) in finished)
            manifest["runs"].append({"backend": backend, "workers": workers if dask == "local" else None,
                                     "partitions": solved, "deals": solved_deals, "seconds": round(seconds, 3),
                                     "cpu_seconds": round(cpu_seconds, 3), "load_average": _load()})
            save(complete=len(finished) == len(plan))
    return BuildSummary(str(store.root), name, deals, len(plan), kept, adopted, solved, manifest["rows"],
                        round(seconds, 3), round(solved_deals / seconds, 2) if seconds > 0 else 0.0,
                        workers if dask == "local" else 1 if dask is None else 0, backend, manifest["complete"],
                        round(cpu_seconds, 3), round(solved_deals / cpu_seconds, 2) if cpu_seconds > 0 else 0.0)


def _load() -> list[float] | None:
    """The machine's load averages (1, 5, 15 minutes) as the run ends, where the system tells them."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:  # pragma: no cover - not on every system
        return None
