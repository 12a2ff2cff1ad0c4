"""Batch analysis of many records (JSON lines) of any registered game: exact solves, double-dummy
tables, hints, graded plays.

Each input line is one record (a file holding one JSON value is one record); each output line is
``{"index", "id", "task", "result", "key"}`` (or ``"error"`` for a record that cannot be analysed,
which does not stop the batch). A record's game is its ``"game"`` tag (or that of the position or
view it wraps; untagged records are Texas 42's), and the game's entry in the registry
(``dominosolver.games``) does the work. Work runs in this process, on local processes (``jobs``),
or on a Dask cluster (``dask``): the same function on the same record with the same seed, so every
backend writes the same results. A rerun skips the records already in the output (resumable) whose
``key`` (a digest of the record, the task and the options) still matches. An output holding
anything else (the input itself, results of other records or options, other data) is refused
untouched unless ``overwrite`` is given. The finished output is sorted by index, and the numbers
are also written as ``.npz`` arrays (``write_npz``).

Tasks, chosen per record by ``task="auto"`` (or forced, or by a record's own ``"task"``):

- ``solve``: a position/1 object (or ``{"position": ...}``) -> ``dominosolver.solve/1``
- ``table`` (Texas 42): four hands (``{"hands": [...]}`` or a list) -> ``dominosolver.ddtable/1``
- ``hint``: a view/1 object, ``{"view": ...}``, or ``{"position": ..., "seat": s}`` -> ``dominosolver.hint/1``
- ``grade``: ``{"position": ..., "plays": [...]}``, a 42 position with a history, a hand (42) or deal
  (Bingo) of ``play --json`` -> ``dominosolver.analysis/1``; a whole game of ``play --json`` ->
  ``dominosolver.gameanalysis/1``
"""

from __future__ import annotations

import hashlib
import json
import os
import time as _time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from . import games
from .arguments import callback, node_budget, time_limit, whole_number, world_count
from .errors import DominoSolverError, ParseError, shown
from .games.records import check_wrapper
from .io import json_value, read_text_file
from .resume import (
    DaskConnection, OutputConflictError, check_writable, close_dask, dask_connection, earlier_results, job_count,
    output_lock, rewrite_lines, same_file, worker_pool, write_line,
)

__all__ = ["TASKS", "BatchSummary", "analyse_batch", "grade_record", "record_seed", "run_record", "write_npz"]

TASKS = ("auto", "solve", "table", "hint", "grade")
MALFORMED = "__malformed_line__"  # stands for an input line that was not JSON


def record_seed(seed: int, index: int) -> int:
    """The seed of record ``index`` in a batch run with ``seed``: independent streams per record,
    the same on every backend."""
    return int(np.random.SeedSequence([seed, index]).generate_state(1)[0])


def detect_task(record: Any, spec: games.GameSpec) -> str:
    """The task a record asks for: its own ``"task"``, else what its game reads in its shape."""
    if isinstance(record, dict) and isinstance(record.get("task"), str):
        return record["task"]
    return games.kit(spec, "batch").task_of(record)


def run_record(
    task: str, record: Any, index: int, seed: int, options: dict[str, Any]
) -> dict[str, Any]:
    """Analyse one record; never raises for bad input (the error is the result)."""
    rid = record.get("id", index) if isinstance(record, dict) else index
    kind = task  # the task once it is known: an error row names what was asked of the record
    try:
        if isinstance(record, dict) and MALFORMED in record:
            raise ParseError(record[MALFORMED])  # the reader's words: "malformed JSON: ..."
        check_wrapper(record)  # a typo in a key ("plyas") is an error, not a key left unread
        spec = games.detect(record)
        kind = detect_task(record, spec) if task == "auto" else task
        if kind not in TASKS[1:]:
            raise ParseError(f"unknown task {shown(kind)}: {', '.join(TASKS[1:])}")
        tasks = games.kit(spec, "batch").tasks
        if kind not in tasks:
            raise ParseError(f"{spec.title} has no {shown(kind)} task: {', '.join(tasks)}")
        result = tasks[kind](record, record_seed(seed, index), options)
        return {"index": index, "id": rid, "task": kind, "result": result}
    except (DominoSolverError, TypeError, ValueError, KeyError, IndexError) as e:
        # One malformed record must not end a long run: its error is its result. (The package
        # raises its own errors for bad input; the builtin ones stand for shapes it did not foresee.)
        return {
            "index": index,
            "id": rid,
            "task": kind if kind in TASKS else task,  # a task no game has is the batch's
            "error": {"type": type(e).__name__, "message": str(e)},
        }


def grade_record(record: Any, **options: Any) -> dict[str, Any]:
    """Grade the recorded plays of ``record`` against perfect play: ``dominosolver.analysis/1`` for a
    hand or deal, ``dominosolver.gameanalysis/1`` for a whole game (see each game's ``grade``: Texas
    42 takes ``tt_mb``, Bingo ``max_nodes``, the node budget of each phase-one solve)."""
    return games.detect(record).grade(record, **options)


def _run_chunk(
    task: str, items: list[tuple[int, Any]], seed: int, options: dict[str, Any]
) -> list[dict[str, Any]]:
    return [run_record(task, rec, i, seed, options) for i, rec in items]


# ---------------------------------------------------------------- reading and writing


def read_records(path: str | Path) -> list[tuple[int, Any]]:
    """(index, record) per non-blank line; a malformed line becomes a record that reports it. A file
    holding one JSON value (such as the indented output of ``play --json``) is one record."""
    return [(index, record) for index, _, record in numbered_records(path)]


def numbered_records(path: str | Path) -> list[tuple[int, int, Any]]:
    """``read_records``' (index, record) with the record's line in the file between (from 1): blank
    lines have no index, so a record's line tells a person where it is."""
    text = read_text_file(path, "UTF-8 text (JSON lines)")
    try:
        return [(0, 1, json_value(text))]
    except ParseError:
        pass  # JSON lines, or malformed
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json_value(line)
        except ParseError as e:
            rec = {MALFORMED: str(e)}
        out.append((len(out), number, rec))
    return out


def read_done(path: Path) -> dict[int, str]:
    """Results already in ``path`` by index (a torn last line from an interrupted run is dropped)."""
    done: dict[int, str] = {}
    if not path.exists():
        return done
    with open(path) as f:
        for line in f:
            try:
                obj = json_value(line)
            except ParseError:
                continue
            if isinstance(obj, dict) and isinstance(obj.get("index"), int):
                done[obj["index"]] = json.dumps(obj, separators=(",", ":"))
    return done


def record_key(record: Any, task: str, seed: int, options: dict[str, Any]) -> str:
    """A digest of what decides a record's result: the record, the task and the options."""
    text = json.dumps([record, task, seed, options], sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


@dataclass(frozen=True)
class BatchSummary:
    output: str
    npz: str | None
    records: int
    skipped: int  # already in the output (resumed)
    analysed: int
    errors: int
    left: int = 0  # records left for a rerun (the time limit ended the run)
    error_lines: tuple[int, ...] = ()  # the input lines of the records whose result is an error

    def to_json(self) -> dict[str, Any]:
        return {"schema": "dominosolver.batch/1", **self.__dict__, "error_lines": list(self.error_lines)}


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
    chunks = [(task, todo[k : k + chunk], seed, options) for k in range(0, len(todo), chunk)]
    with worker_pool(jobs) as pool:
        for rows in pool.imap_unordered(_run_chunk_of, chunks):
            yield from rows


def _run_chunk_of(args: tuple[str, list[tuple[int, Any]], int, dict[str, Any]]) -> list[dict[str, Any]]:
    return _run_chunk(*args)


def _dask(
    task: str,
    todo: list[tuple[int, Any]],
    seed: int,
    options: dict[str, Any],
    connection: DaskConnection,
    chunk: int,
) -> Iterator[dict[str, Any]]:
    from distributed import as_completed as finished_on_cluster  # an optional dependency

    finished = False
    try:
        futures = [
            connection.client.submit(_run_chunk, task, todo[k : k + chunk], seed, options, pure=False)
            for k in range(0, len(todo), chunk)
        ]
        for fut in finished_on_cluster(futures):
            yield from fut.result()
        finished = True
    finally:
        close_dask(connection, interrupted=not finished)


def analyse_batch(
    input_path: str | Path,
    output_path: str | Path,
    *,
    task: str = "auto",
    samples: int | None = None,
    seed: int = 0,
    exact_limit: int | None = None,
    jobs: int = 1,
    dask: str | None = None,
    npz: str | Path | None = "auto",
    resume: bool = True,
    overwrite: bool = False,
    chunk: int = 4,
    max_nodes: int | None = None,
    time: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> BatchSummary:
    """Analyse every record of ``input_path`` into ``output_path`` (see the module doc). ``npz="auto"``
    writes the arrays next to the output (``out.jsonl`` -> ``out.npz``); None skips them. A hint's
    ``samples`` and ``exact_limit`` left None are its game's own (``dominosolver hint``'s defaults).
    ``max_nodes`` bounds each Bingo phase-one solve (grades) or world (hints) in nodes, 0 for none
    (None: Bingo's defaults; Texas 42 is always exact). ``time`` (seconds) ends the run after the
    record that spends it (``left`` in the summary counts the records a rerun will do).
    ``progress(done, total)`` is called after each record.

    One run at a time writes an output: another run on it raises ``OutputBusyError`` at once.
    Ctrl-C stops the run (KeyboardInterrupt, the worker processes ended too) between two lines: the
    output keeps every whole line written, and a rerun resumes.

    The output is only ever this run's: results of an earlier run with the same records and options
    are kept (``resume=False`` redoes them); an output that is the input file or holds anything else
    raises OutputConflictError, the file untouched, unless ``overwrite`` (its other lines are dropped)."""
    started = _time.perf_counter()
    if task not in TASKS:
        raise ParseError(f"unknown task {shown(task)}: {', '.join(TASKS)}")
    seconds = time_limit(time)
    if samples is not None:
        world_count(samples)
    if exact_limit is not None:
        world_count(exact_limit, "exact_limit", low=0)
    job_count(jobs)  # at most two worker processes a core
    whole_number(chunk, "chunk", 1)
    callback(progress, "progress")  # called after the first record: checked before any work
    if npz is not None and not isinstance(npz, (str, os.PathLike)):
        raise ParseError(f"npz must be 'auto', None or a path, not {shown(npz)}")
    out = Path(output_path)
    numbered = numbered_records(input_path)
    records = [(index, record) for index, _, record in numbered]
    line_of = [line for _, line, _ in numbered]
    # A hint limit not given is each game's own (GameSpec.hint_limits), not one number for all.
    given = {"samples": samples, "exact_limit": exact_limit}
    options: dict[str, Any] = {**{k: v for k, v in given.items() if v is not None}, "threads": 1}
    if max_nodes is not None:  # only then: the options are in every record's key
        options["max_nodes"] = node_budget(max_nodes)
    keys = [record_key(rec, task, seed, options) for _, rec in records]

    def foreign(obj: Any) -> str | None:
        if not (isinstance(obj, dict) and isinstance(obj.get("index"), int) and "key" in obj):
            return "is not a batch result"
        if not 0 <= obj["index"] < len(records) or obj["key"] != keys[obj["index"]]:
            return "is the result of another record or other options"
        return None

    with output_lock(out):  # one run at a time writes an output (resume.py)
        earlier = earlier_results(out, foreign, inputs=[input_path], overwrite=overwrite)
        npz_path = None
        if npz is not None:
            npz_path = out.with_suffix(".npz") if npz == "auto" else Path(npz)
            _check_npz(npz_path, out, input_path, resuming=out.exists(), overwrite=overwrite)
        connection = dask_connection(dask, jobs) if dask is not None else None
        done = {obj["index"]: json.dumps(obj, separators=(",", ":")) for obj in earlier} if resume else {}
        rewrite_lines(out, (done[i] for i in sorted(done)))  # drops a torn line before appending
        todo = [(i, rec) for i, rec in records if i not in done]
        if connection is not None:
            results = _dask(task, todo, seed, options, connection, chunk)
        else:
            results = _local(task, todo, seed, options, jobs, chunk)
        count = 0
        try:
            with open(out, "a") as f:
                for res in results:
                    res["key"] = keys[res["index"]]
                    if "error" in res:  # where the record is in the input, for a person to find it
                        res["error"]["line"] = line_of[res["index"]]
                    write_line(f, json.dumps(res, separators=(",", ":")))  # whole, even on Ctrl-C
                    count += 1
                    if progress is not None:
                        progress(len(done) + count, len(records))
                    if seconds is not None and _time.perf_counter() - started >= seconds:
                        break  # the rest is for a rerun, which resumes
        finally:
            results.close()  # an interruption stops the workers too
        final = read_done(out)
        rewrite_lines(out, (final[i] for i in sorted(final)))
        failed = [i for i in sorted(final) if "error" in json.loads(final[i])]
        if npz_path is not None:
            write_npz([json.loads(final[i]) for i in sorted(final)], npz_path)
    return BatchSummary(
        str(out),
        None if npz_path is None else str(npz_path),
        len(records),
        len(done),
        count,
        len(failed),
        len(todo) - count,
        tuple(line_of[i] for i in failed),
    )


def _check_npz(
    path: Path, out: Path, input_path: str | Path, *, resuming: bool, overwrite: bool
) -> None:
    """The .npz is written after all the work: check now that it can be, and replaces nothing else."""
    if path.resolve() == out.resolve():
        raise ParseError(
            f"the .npz arrays would be written over the results {out}: name the output *.jsonl or give another npz path"
        )
    check_writable(path)
    # Beside an output being resumed (it holds only this run's results) an existing .npz is its
    # arrays; with no output it is some other file.
    other = same_file(path, input_path) or (path.exists() and not resuming)
    if other and not overwrite:
        raise OutputConflictError(
            f"{path} exists and is not the arrays of the results being resumed; it was left untouched: "
            "give another npz path (or 'none', npz=None in Python), or pass --overwrite (overwrite=True) to replace it"
        )


def write_npz(results: list[dict[str, Any]], path: str | Path) -> None:
    """The numbers of a batch as arrays, one group per game and task: ``<task>_index`` gives the
    records of the group, and each game adds the arrays of its results (its ``batch.arrays``).
    Texas 42's arrays keep their plain names (``solve_value``, ``solve_moves`` [n, 28] by tile id,
    ``table_points``, ``hint_mean``...); another game's carry its tag (``bingo_solve_value``,
    ``bingo_hint_mean`` [n, 152] with the columns named by ``bingo_move_names``...), since its moves
    are not only tiles. docs/json.md lists them all."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in results:
        if "result" in r:
            groups.setdefault((r["result"].get("game", games.DEFAULT), r["task"]), []).append(r)
    arrays: dict[str, np.ndarray] = {}
    for (tag, task), rows in groups.items():
        prefix = "" if tag == games.DEFAULT else f"{tag}_"
        arrays[f"{prefix}{task}_index"] = np.array([r["index"] for r in rows], dtype=np.int64)
        for name, values in games.kit(games.get(tag), "batch").arrays(task, rows).items():
            arrays[prefix + name] = values
    np.savez_compressed(path, **arrays)
