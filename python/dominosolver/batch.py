"""Batch analysis of many records (JSON lines): exact solves, double-dummy tables, hints, graded plays.

Each input line is one record; each output line is ``{"index", "id", "task", "result", "key"}`` (or
``"error"`` for a record that cannot be analysed, which does not stop the batch). Work runs in this
process, on local processes (``jobs``), or on a Dask cluster (``dask``): the same function on the
same record with the same seed, so every backend writes the same results. A rerun skips the records
already in the output (resumable) whose ``key`` (a digest of the record, the task and the options)
still matches, so an edited record or a changed option is analysed again; the finished output is
sorted by index, and the numbers are also written as ``.npz`` arrays.

Tasks, chosen per record by ``task="auto"`` (or forced):

- ``solve``: a position/1 object (or ``{"position": ...}``) -> ``dominosolver.solve/1``
- ``table``: four hands (``{"hands": [...]}`` or a list) -> ``dominosolver.ddtable/1``
- ``hint``: a view/1 object, ``{"view": ...}``, or ``{"position": ..., "seat": s}`` -> ``dominosolver.hint/1``
- ``grade``: ``{"position": ..., "plays": [...]}`` or a position with a history -> ``dominosolver.analysis/1``
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .errors import DominoSolverError, ParseError

__all__ = ["TASKS", "BatchSummary", "analyse_batch", "record_seed", "run_record", "write_npz"]

TASKS = ("auto", "solve", "table", "hint", "grade")
MALFORMED = "__malformed_line__"  # stands for an input line that was not JSON


def record_seed(seed: int, index: int) -> int:
    """The seed of record ``index`` in a batch run with ``seed``: independent streams per record,
    the same on every backend."""
    return int(np.random.SeedSequence([seed, index]).generate_state(1)[0])


def detect_task(record: Any) -> str:
    if isinstance(record, list):
        return "table"
    if not isinstance(record, dict):
        raise ParseError(f"a record must be a JSON object, not {type(record).__name__}")
    if isinstance(record.get("task"), str):
        return record["task"]
    if (
        record.get("schema") == "dominosolver.view/1"
        or "view" in record
        or ("position" in record and "seat" in record)
    ):
        return "hint"
    if "plays" in record:
        return "grade"
    body = record.get("position", record)
    if isinstance(body, (dict, str)) and (
        "trump" in body if isinstance(body, dict) else "trump=" in body
    ):
        return "solve"
    if "hands" in record:
        return "table"
    raise ParseError(
        "cannot tell what to do with this record: give a position, view, deal or plays"
    )


def run_record(
    task: str, record: Any, index: int, seed: int, options: dict[str, Any]
) -> dict[str, Any]:
    """Analyse one record; never raises for bad input (the error is the result)."""
    rid = record.get("id", index) if isinstance(record, dict) else index
    try:
        if isinstance(record, dict) and MALFORMED in record:
            raise ParseError(f"malformed JSON: {record[MALFORMED]}")
        kind = detect_task(record) if task == "auto" else task
        if kind not in TASKS[1:]:
            raise ParseError(f"unknown task {kind!r}: {', '.join(TASKS[1:])}")
        result = _TASK_FUNCS[kind](record, record_seed(seed, index), options)
        return {"index": index, "id": rid, "task": kind, "result": result}
    except (DominoSolverError, TypeError, ValueError, KeyError, IndexError) as e:
        # One malformed record must not end a long run: its error is its result. (The package
        # raises its own errors for bad input; the builtin ones stand for shapes it did not foresee.)
        return {
            "index": index,
            "id": rid,
            "task": task,
            "error": {"type": type(e).__name__, "message": str(e)},
        }


def _unwrap(record: Any, key: str) -> Any:
    return record[key] if isinstance(record, dict) and key in record else record


def _solve(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    from .texas42.solve import Solver, as_position

    return (
        Solver(options.get("tt_mb", 16)).solve(as_position(_unwrap(record, "position"))).to_json()
    )


def _table(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    from .texas42.solve import dd_table

    return dd_table(record, tt_mb=options.get("tt_mb", 16)).to_json()  # its hands, and rules if any


def _hint(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    from .texas42.hint import hint
    from .texas42.rules import parse_seat
    from .texas42.solve import as_position

    if isinstance(record, dict) and "position" in record and "seat" in record:
        view: Any = as_position(record["position"]).view(parse_seat(record["seat"]))
    else:
        view = _unwrap(record, "view")
    if isinstance(record, dict) and "seed" in record:
        seed = record["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ParseError(f"'seed' must be an integer, not {seed!r}")
    return hint(
        view,
        samples=options.get("samples", 200),
        seed=seed,
        threads=options.get("threads", 1),
        exact_limit=options.get("exact_limit", 2000),
    ).to_json()


def _grade(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    from .texas42.position import Position
    from .texas42.solve import analyse_play, as_position

    if isinstance(record, dict) and "plays" in record:
        if "position" not in record:
            raise ParseError("a record with 'plays' needs the 'position' they start from")
        start, plays = as_position(record["position"]).copy(), record["plays"]
    else:
        start = as_position(_unwrap(record, "position")).copy()
        plays = [str(t) for _, t in start.plays]
        while start.plays:
            start.undo()
    if not isinstance(plays, list):
        raise ParseError("'plays' must be a list of tiles")
    grades = analyse_play(start, plays, tt_mb=options.get("tt_mb", 16))
    assert isinstance(start, Position)
    return {
        "schema": "dominosolver.analysis/1",
        "game": "texas42",
        "position": start.to_json(),
        "plays": [
            {
                "seat": g.seat,
                "tile": str(g.tile),
                "before": g.before,
                "after": g.after,
                "cost": g.cost,
            }
            for g in grades
        ],
    }


_TASK_FUNCS: dict[str, Callable[[Any, int, dict[str, Any]], dict[str, Any]]] = {
    "solve": _solve,
    "table": _table,
    "hint": _hint,
    "grade": _grade,
}


def _run_chunk(
    task: str, items: list[tuple[int, Any]], seed: int, options: dict[str, Any]
) -> list[dict[str, Any]]:
    return [run_record(task, rec, i, seed, options) for i, rec in items]


# ---------------------------------------------------------------- reading and writing


def read_records(path: str | Path) -> list[tuple[int, Any]]:
    """(index, record) per non-blank line; a malformed line becomes a record that reports it."""
    out = []
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                rec = {MALFORMED: str(e)}
            out.append((len(out), rec))
    return out


def read_done(path: Path) -> dict[int, str]:
    """Results already in ``path`` by index (a torn last line from an interrupted run is dropped)."""
    done: dict[int, str] = {}
    if not path.exists():
        return done
    with open(path) as f:
        for line in f:
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(obj, dict) and isinstance(obj.get("index"), int):
                done[obj["index"]] = json.dumps(obj, separators=(",", ":"))
    return done


def record_key(record: Any, task: str, seed: int, options: dict[str, Any]) -> str:
    """A digest of what decides a record's result: the record, the task and the options."""
    text = json.dumps([record, task, seed, options], sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _rewrite(path: Path, lines: Iterable[str]) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        for line in lines:
            f.write(line + "\n")
    os.replace(tmp, path)


@dataclass(frozen=True)
class BatchSummary:
    output: str
    npz: str | None
    records: int
    skipped: int  # already in the output (resumed)
    analysed: int
    errors: int

    def to_json(self) -> dict[str, Any]:
        return {"schema": "dominosolver.batch/1", **self.__dict__}


# ---------------------------------------------------------------- backends


def _local(
    task: str,
    todo: list[tuple[int, Any]],
    seed: int,
    options: dict[str, Any],
    jobs: int,
    chunk: int,
) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        for i, rec in todo:
            yield run_record(task, rec, i, seed, options)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [
            pool.submit(_run_chunk, task, todo[k : k + chunk], seed, options)
            for k in range(0, len(todo), chunk)
        ]
        for fut in as_completed(futures):
            yield from fut.result()


def _dask(
    task: str,
    todo: list[tuple[int, Any]],
    seed: int,
    options: dict[str, Any],
    address: str,
    jobs: int,
    chunk: int,
) -> Iterator[dict[str, Any]]:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise DominoSolverError(
            "--dask needs dask.distributed: pip install 'dominosolver[dask]'"
        ) from e
    cluster = None
    if address == "local":
        cluster = LocalCluster(
            n_workers=max(1, jobs), threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        client = Client(address)
    try:
        futures = [
            client.submit(_run_chunk, task, todo[k : k + chunk], seed, options, pure=False)
            for k in range(0, len(todo), chunk)
        ]
        for fut in as_completed(futures):
            yield from fut.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def analyse_batch(
    input_path: str | Path,
    output_path: str | Path,
    *,
    task: str = "auto",
    samples: int = 200,
    seed: int = 0,
    exact_limit: int = 2000,
    jobs: int = 1,
    dask: str | None = None,
    npz: str | Path | None = "auto",
    resume: bool = True,
    chunk: int = 4,
    progress: Callable[[int, int], None] | None = None,
) -> BatchSummary:
    """Analyse every record of ``input_path`` into ``output_path`` (see the module doc). ``npz="auto"``
    writes the arrays next to the output (``out.jsonl`` -> ``out.npz``); None skips them.
    ``progress(done, total)`` is called after each record."""
    if task not in TASKS:
        raise ParseError(f"unknown task {task!r}: {', '.join(TASKS)}")
    out = Path(output_path)
    records = read_records(input_path)
    options = {"samples": samples, "exact_limit": exact_limit, "threads": 1}
    keys = [record_key(rec, task, seed, options) for _, rec in records]
    done = read_done(out) if resume else {}
    done = {i: line for i, line in done.items() if i < len(records) and json.loads(line).get("key") == keys[i]}
    _rewrite(out, (done[i] for i in sorted(done)))  # drops a torn line before appending
    todo = [(i, rec) for i, rec in records if i not in done]
    if dask is not None:
        results = _dask(task, todo, seed, options, dask, jobs, chunk)
    else:
        results = _local(task, todo, seed, options, jobs, chunk)
    errors = sum(1 for line in done.values() if "error" in json.loads(line))
    count = 0
    with open(out, "a") as f:
        for res in results:
            res["key"] = keys[res["index"]]
            f.write(json.dumps(res, separators=(",", ":")) + "\n")
            f.flush()
            count += 1
            errors += "error" in res
            if progress is not None:
                progress(len(done) + count, len(records))
    final = read_done(out)
    _rewrite(out, (final[i] for i in sorted(final)))
    npz_path = None
    if npz is not None:
        npz_path = out.with_suffix(".npz") if npz == "auto" else Path(npz)
        write_npz([json.loads(final[i]) for i in sorted(final)], npz_path)
    return BatchSummary(
        str(out),
        None if npz_path is None else str(npz_path),
        len(records),
        len(done),
        count,
        errors,
    )


def write_npz(results: list[dict[str, Any]], path: str | Path) -> None:
    """The numbers of a batch as arrays, one group per task (``<task>_index`` gives the records):
    ``solve_value``, ``solve_moves`` [n, 28] (value after each tile, -1 if illegal);
    ``table_points`` [n, 9, 4]; ``hint_mean``, ``hint_stderr``, ``hint_p_make`` [n, 28] (NaN if not a
    legal move), ``hint_worlds``; ``grade_cost`` (all plays in order) with ``grade_offsets`` [n + 1]."""
    from .tiles import Tile

    by_task: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        if "result" in r:
            by_task.setdefault(r["task"], []).append(r)
    arrays: dict[str, np.ndarray] = {}
    for kind, rows in by_task.items():
        arrays[f"{kind}_index"] = np.array([r["index"] for r in rows], dtype=np.int64)
        n = len(rows)
        if kind == "solve":
            arrays["solve_value"] = np.array([r["result"]["value"] for r in rows], dtype=np.int16)
            moves = np.full((n, 28), -1, dtype=np.int16)
            for k, r in enumerate(rows):
                for m, v in r["result"]["moves"].items():
                    moves[k, Tile(m).id] = v
            arrays["solve_moves"] = moves
        elif kind == "table":
            arrays["table_points"] = np.array([r["result"]["points"] for r in rows], dtype=np.int16)
        elif kind == "hint":
            for field in ("mean", "stderr", "p_make"):
                a = np.full((n, 28), np.nan)
                for k, r in enumerate(rows):
                    for m in r["result"]["moves"]:
                        a[k, Tile(m["move"]).id] = np.nan if m.get(field) is None else m[field]
                arrays[f"hint_{field}"] = a
            arrays["hint_worlds"] = np.array([r["result"]["worlds"] for r in rows], dtype=np.int64)
        elif kind == "grade":
            costs = [[p["cost"] for p in r["result"]["plays"]] for r in rows]
            arrays["grade_cost"] = np.array([c for cs in costs for c in cs], dtype=np.int16)
            arrays["grade_offsets"] = np.cumsum([0] + [len(cs) for cs in costs]).astype(np.int64)
    np.savez_compressed(path, **arrays)
