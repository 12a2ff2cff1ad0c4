"""Batch analysis of many records (JSON lines): exact solves, double-dummy tables, hints, graded plays.

Each input line is one record (a file holding one JSON value is one record); each output line is
``{"index", "id", "task", "result", "key"}`` (or ``"error"`` for a record that cannot be analysed,
which does not stop the batch). Work runs in this process, on local processes (``jobs``), or on a
Dask cluster (``dask``): the same function on the same record with the same seed, so every backend
writes the same results. A rerun skips the records already in the output (resumable) whose ``key``
(a digest of the record, the task and the options) still matches. An output holding anything else
(the input itself, results of other records or options, other data) is refused untouched unless
``overwrite`` is given. The finished output is sorted by index, and the numbers are also written
as ``.npz`` arrays.

Tasks, chosen per record by ``task="auto"`` (or forced):

- ``solve``: a position/1 object (or ``{"position": ...}``) -> ``dominosolver.solve/1``
- ``table``: four hands (``{"hands": [...]}`` or a list) -> ``dominosolver.ddtable/1``
- ``hint``: a view/1 object, ``{"view": ...}``, or ``{"position": ..., "seat": s}`` -> ``dominosolver.hint/1``
- ``grade``: ``{"position": ..., "plays": [...]}``, a position with a history, or a hand of
  ``play --json`` -> ``dominosolver.analysis/1``; a whole game of ``play --json`` -> ``dominosolver.gameanalysis/1``
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .arguments import whole_number, world_count
from .errors import DominoSolverError, ParseError
from .io import json_value, read_text_file
from .resume import OutputConflictError, check_writable, earlier_results, rewrite_lines, same_file

if TYPE_CHECKING:
    from .texas42.position import Position

__all__ = ["TASKS", "BatchSummary", "analyse_batch", "grade_record", "record_seed", "run_record", "write_npz"]

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
    if "plays" in record or "deal" in record or _is_game(record):
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


GAME_ANALYSIS = "dominosolver.gameanalysis/1"
GRADE_FORMS = (
    "a played hand or a whole game as 'dominosolver play --json' prints it, "
    '{"position": <position/1>, "plays": [tiles]}, or a position/1 object with a history'
)


def _is_game(record: dict[str, Any]) -> bool:
    """A game record of ``play --json``: its "hands" are played hands, not a deal's lists of tiles."""
    hands = record.get("hands")
    return isinstance(hands, list) and bool(hands) and all(isinstance(h, dict) for h in hands)


def grade_record(record: Any, *, tt_mb: int | None = None) -> dict[str, Any]:
    """Grade the recorded plays of ``record`` against perfect play (``dominosolver.analysis/1``).

    ``record`` is ``{"position": <position/1>, "plays": [tiles]}``, a position/1 object with a history
    (graded from the start of the hand), or a played hand as ``dominosolver play --json`` prints it
    (``{"deal", "contract", "trump", "plays": [[seat, tile], ...]}``). A whole game of ``play --json``
    (``{"hands": [hand, ...]}``) gives ``dominosolver.gameanalysis/1``: ``"hands"`` holds an analysis per
    hand, None for a hand thrown in (nothing was played)."""
    from .texas42.solve import as_position

    if not isinstance(record, dict):
        raise ParseError(f"cannot grade a JSON {type(record).__name__}: give {GRADE_FORMS}")
    if record.get("game") == "bingo":
        raise ParseError("only Texas 42 play can be graded, not Bingo")
    if _is_game(record):
        rules = record.get("rules")
        return {
            "schema": GAME_ANALYSIS,
            "game": "texas42",
            "hands": [_grade_hand(h, rules, tt_mb) for h in record["hands"]],
        }
    if "deal" in record:
        graded = _grade_hand(record, record.get("rules"), tt_mb)
        if graded is None:
            raise ParseError("this hand was thrown in (no contract): it has no plays to grade")
        return graded
    if "plays" in record:
        if "position" not in record:
            raise ParseError("a record with 'plays' needs the 'position' they start from")
        start, plays = as_position(record["position"]).copy(), record["plays"]
        if not isinstance(plays, list):
            raise ParseError("'plays' must be a list of tiles")
        return _analysis(start, plays, tt_mb)
    body = _unwrap(record, "position")
    if isinstance(body, dict) and "trump" not in body:
        raise ParseError(f"nothing to grade in this record: give {GRADE_FORMS}")
    start = as_position(body).copy()
    plays = [str(t) for _, t in start.plays]
    while start.plays:
        start.undo()
    return _analysis(start, plays, tt_mb)


def _grade_hand(hand: Any, rules: Any, tt_mb: int | None) -> dict[str, Any] | None:
    """A played hand of ``play --json``: its deal with the declarer on lead, its plays checked seat by seat."""
    from .texas42.position import Position
    from .texas42.rules import SEATS, parse_seat

    if not isinstance(hand, dict) or "deal" not in hand:
        raise ParseError("each of a game's 'hands' must be a played hand with its 'deal' and 'plays'")
    plays = hand.get("plays", [])
    if hand.get("contract") is None:
        if plays:
            raise ParseError("a hand with plays needs the 'contract' they were played to")
        return None  # thrown in: nothing was played
    contract = hand["contract"]
    if not isinstance(contract, dict) or "declarer" not in contract:
        raise ParseError('a played hand\'s \'contract\' must be {"declarer": seat, "bid": bid}')
    if hand.get("trump") is None:
        raise ParseError("a played hand with a contract needs its 'trump'")
    if not isinstance(plays, list) or not all(isinstance(p, list) and len(p) == 2 for p in plays):
        raise ParseError("a played hand's 'plays' must be [seat, tile] pairs")
    start = Position.from_json(
        {
            "trump": hand["trump"],
            "leader": contract["declarer"],  # the declarer leads trick 1
            "hands": hand["deal"],
            "contract": contract,
            "rules": hand.get("rules", rules),
        }
    )
    graded = _analysis(start, [tile for _, tile in plays], tt_mb)
    for n, ((seat, tile), g) in enumerate(zip(plays, graded["plays"]), 1):
        if parse_seat(seat) != g["seat"]:  # a record whose seats disagree with the rules is not this deal's
            raise ParseError(
                f"play {n} ({tile}) is recorded for {SEATS[parse_seat(seat)]}, but {SEATS[g['seat']]} was to play"
            )
    return graded


def _analysis(start: Position, plays: list[Any], tt_mb: int | None) -> dict[str, Any]:
    from .texas42.solve import analyse_play

    grades = analyse_play(start, plays, tt_mb=tt_mb)
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


def _grade(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    return grade_record(record, tt_mb=options.get("tt_mb", 16))


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
    """(index, record) per non-blank line; a malformed line becomes a record that reports it. A file
    holding one JSON value (such as the indented output of ``play --json``) is one record."""
    text = read_text_file(path, "UTF-8 text (JSON lines)")
    try:
        return [(0, json_value(text))]
    except ParseError:
        pass  # JSON lines, or malformed
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            rec = json_value(line)
        except ParseError as e:
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


DASK_CONNECT_TIMEOUT = "30s"  # how long to wait for a scheduler before giving up


def _dask_client(address: str, jobs: int) -> tuple[Any, Any]:
    """A client of the scheduler at ``address`` (or of a new local cluster), connected before any work."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise DominoSolverError(
            "--dask needs dask.distributed: pip install 'dominosolver[dask]'"
        ) from e
    if address == "local":
        cluster = LocalCluster(
            n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None
        )
        return Client(cluster), cluster
    try:
        return Client(address, timeout=DASK_CONNECT_TIMEOUT), None
    except (OSError, ValueError) as e:  # unreachable, or no address at all
        raise DominoSolverError(f"cannot connect to the Dask scheduler at {address!r}: {e}") from None


def _dask(
    task: str,
    todo: list[tuple[int, Any]],
    seed: int,
    options: dict[str, Any],
    connection: tuple[Any, Any],
    chunk: int,
) -> Iterator[dict[str, Any]]:
    from distributed import as_completed

    client, cluster = connection
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
    overwrite: bool = False,
    chunk: int = 4,
    progress: Callable[[int, int], None] | None = None,
) -> BatchSummary:
    """Analyse every record of ``input_path`` into ``output_path`` (see the module doc). ``npz="auto"``
    writes the arrays next to the output (``out.jsonl`` -> ``out.npz``); None skips them.
    ``progress(done, total)`` is called after each record.

    The output is only ever this run's: results of an earlier run with the same records and options
    are kept (``resume=False`` redoes them); an output that is the input file or holds anything else
    raises OutputConflictError, the file untouched, unless ``overwrite`` (its other lines are dropped)."""
    if task not in TASKS:
        raise ParseError(f"unknown task {task!r}: {', '.join(TASKS)}")
    world_count(samples)
    world_count(exact_limit, "exact_limit", low=0)
    whole_number(jobs, "jobs", 1)
    whole_number(chunk, "chunk", 1)
    out = Path(output_path)
    records = read_records(input_path)
    options = {"samples": samples, "exact_limit": exact_limit, "threads": 1}
    keys = [record_key(rec, task, seed, options) for _, rec in records]

    def foreign(obj: Any) -> str | None:
        if not (isinstance(obj, dict) and isinstance(obj.get("index"), int) and "key" in obj):
            return "is not a batch result"
        if not 0 <= obj["index"] < len(records) or obj["key"] != keys[obj["index"]]:
            return "is the result of another record or other options"
        return None

    earlier = earlier_results(out, foreign, inputs=[input_path], overwrite=overwrite)
    npz_path = None
    if npz is not None:
        npz_path = out.with_suffix(".npz") if npz == "auto" else Path(npz)
        _check_npz(npz_path, out, input_path, resuming=out.exists(), overwrite=overwrite)
    connection = _dask_client(dask, jobs) if dask is not None else None
    done = {obj["index"]: json.dumps(obj, separators=(",", ":")) for obj in earlier} if resume else {}
    rewrite_lines(out, (done[i] for i in sorted(done)))  # drops a torn line before appending
    todo = [(i, rec) for i, rec in records if i not in done]
    if connection is not None:
        results = _dask(task, todo, seed, options, connection, chunk)
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
    rewrite_lines(out, (final[i] for i in sorted(final)))
    if npz_path is not None:
        write_npz([json.loads(final[i]) for i in sorted(final)], npz_path)
    return BatchSummary(
        str(out),
        None if npz_path is None else str(npz_path),
        len(records),
        len(done),
        count,
        errors,
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
            "give another npz path (or 'none'), or pass --overwrite to replace it"
        )


def write_npz(results: list[dict[str, Any]], path: str | Path) -> None:
    """The numbers of a batch as arrays, one group per task (``<task>_index`` gives the records):
    ``solve_value``, ``solve_moves`` [n, 28] (value after each tile, -1 if illegal);
    ``table_points`` [n, 9, 4]; ``hint_mean``, ``hint_stderr``, ``hint_p_make`` [n, 28] (NaN if not a
    legal move), ``hint_worlds``; ``grade_cost`` (all plays in order, a game's hand after hand) with
    ``grade_offsets`` [n + 1]."""
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
            costs = [[p["cost"] for p in _graded_plays(r["result"])] for r in rows]
            arrays["grade_cost"] = np.array([c for cs in costs for c in cs], dtype=np.int16)
            arrays["grade_offsets"] = np.cumsum([0] + [len(cs) for cs in costs]).astype(np.int64)
    np.savez_compressed(path, **arrays)


def _graded_plays(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The graded plays of an analysis, or of every hand of a game analysis in order."""
    if "hands" in result:
        return [p for hand in result["hands"] if hand is not None for p in hand["plays"]]
    return result["plays"]
