"""Every parser the fuzzer feeds, and what counts as a right answer.

Input ``k`` of a run is made from its own generator (``make_input(seed, k)``): a target drawn by
weight, one of its valid seeds, and mutations. Its outcome (``run``) is one of

- ``ok``: parsed, and it round-trips (JSON and notation back to an equal object, a view's JSON
  through its text form back to an equal view, every game's; an engine line got
  exactly one reply; a batch result is JSON);
- ``named``: refused with a ``DominoSolverError`` (ParseError, InvalidPositionError, ...), or, for
  the engine and batches, answered with such an error;
- ``other``: any other exception (or an engine ``InternalError``, a batch error of a builtin type):
  a finding;
- ``mismatch``: parsed but does not round-trip, or an engine line without exactly one reply: a
  finding;
- ``death``: the engine process ended without a ``quit``: a finding.

The runner adds ``crash`` (the worker process running the input died) and ``hang`` (an input ran
longer than the runner allows).
"""

from __future__ import annotations

import json
import os
import random
import select
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from typing import IO, Any

from dominosolver import bingo, errors, games, texas42
from dominosolver.batch import MALFORMED, run_record
from dominosolver.engine import EngineLimits
from dominosolver.errors import DominoSolverError, ParseError
from dominosolver.io import json_value

from .http import Http, http_input
from .mutate import as_json_text, mutated
from .seeds import seeds

__all__ = ["ENGINE_LIMITS", "KINDS", "NAMED", "TARGETS", "WEIGHTS", "Engine", "checks", "make_input", "run", "show"]

WEIGHTS = {
    "42.position.json": 12, "42.position.text": 12, "42.view.json": 14, "42.view.text": 10,
    "bingo.position.json": 12, "bingo.position.text": 12, "bingo.view.json": 14, "bingo.view.text": 10,
    "registry": 8, "engine": 10, "batch": 6, "http": 12,
}
TARGETS = tuple(WEIGHTS)
# What a batch may answer a record with: the package's named errors, by their type names.
NAMED = {name for name in dir(errors) if isinstance(getattr(errors, name), type)
         and issubclass(getattr(errors, name), DominoSolverError)} | {"OutputConflictError", "OutputBusyError"}
BATCH_OPTIONS = {"samples": 3, "exact_limit": 10, "threads": 1, "max_nodes": 20_000}
# The engine's limits while fuzzing: every go is bounded to a fraction of a second.
ENGINE_LIMITS = EngineLimits(line_bytes=1 << 16, samples=10, time=0.02, threads=1, table_mb=1)

Outcome = tuple[str, str]  # (kind, detail)
# What an input's outcome may be; all but the first two are findings (see the module's docstring).
KINDS = ("ok", "named", "other", "mismatch", "death", "crash", "hang")


def make_input(seed: int, k: int) -> tuple[str, Any]:
    """Input ``k`` of the run ``seed``: (target, data), the same on every call."""
    rng = random.Random(f"{seed}:{k}")
    target = rng.choices(TARGETS, weights=[WEIGHTS[t] for t in TARGETS])[0]
    base = rng.choice(seeds()[target])
    if target == "engine":  # most often a position, then what may follow it (a go, a stop, ...)
        requests = seeds()["engine"]
        first = rng.choice([r for r in requests if r["cmd"] == "position"]) if rng.random() < 0.7 else base
        lines = [first] + [rng.choice(requests) for _ in range(rng.choice([0, 1, 1, 2]))]
        if rng.random() > 0.01:  # a quit now and then: each costs the start of a new engine
            lines = [r for r in lines if r["cmd"] != "quit"]
        return target, b"".join(as_json_text(rng, mutated(rng, r) if rng.random() < 0.6 else r, [0, 0, 0, 1, 2])
                                + b"\n" for r in lines)
    if target == "http":  # a request to one of the server's endpoints
        return target, http_input(rng, base)
    value = mutated(rng, base)
    if target == "batch":  # a line of a records file
        return target, as_json_text(rng, value)
    if target.endswith(".text") or isinstance(value, str):
        return target, value
    form = rng.random()
    if form < 0.3:
        return target, as_json_text(rng, value)
    if form < 0.4:
        return target, json.dumps(value)
    return target, value


def show(data: Any, most: int = 300) -> str:
    text = repr(data) if not isinstance(data, (dict, list)) else _dumps(data)
    return text if len(text) <= most else text[: most - 3] + "..."


def _dumps(data: Any) -> str:
    try:
        return json.dumps(data)
    except (ValueError, RecursionError):
        return "<a value Python cannot write as JSON>"


def _same(a: Any, b: Any, what: str) -> Outcome:
    return ("ok", "") if a == b else ("mismatch", f"{what}: {show(str(a), 150)} != {show(str(b), 150)}")


def _position(cls: Any, read: Callable[[Any], Any]) -> Callable[[Any], Outcome]:
    def check(data: Any) -> Outcome:
        pos = read(data)
        for again, how in ((cls.from_json(pos.to_json()), "JSON"), (cls.from_json(json.dumps(pos.to_json())), "JSON text"),
                           (cls(str(pos)), "notation")):
            if again != pos or str(again) != str(pos):
                return "mismatch", f"{how} round trip of {str(pos)!r} gives {str(again)!r}"
        return "ok", ""
    return check


def _view(cls: Any) -> Callable[[Any], Outcome]:
    def check(data: Any) -> Outcome:
        view = cls.from_json(data)
        kind, detail = _same(cls.from_json(json.loads(json.dumps(view.to_json()))), view, "view JSON round trip")
        return (kind, detail) if kind != "ok" else _text_again(cls, view, "view JSON -> text -> view")
    return check


def _text_again(cls: Any, obj: Any, what: str) -> Outcome:
    """Whether ``obj``'s text form reads back (``cls(text)``) as an equal object, written alike."""
    text = str(obj)
    try:
        again = cls(text)
    except DominoSolverError as e:
        return "mismatch", f"{what}: {show(text, 150)} does not read back: {type(e).__name__}: {show(str(e), 150)}"
    if again != obj or str(again) != text:
        return "mismatch", f"{what}: {show(text, 150)} reads back as {show(str(again), 150)}"
    return "ok", ""


def _view_text(cls: Any) -> Callable[[Any], Outcome]:
    def check(data: Any) -> Outcome:
        view = cls(data)
        again = cls(str(view))
        return _same(again, view, "view text round trip") if str(again) == str(view) else (
            "mismatch", f"view text {str(view)!r} is written again as {str(again)!r}")
    return check


def _registry(data: Any) -> Outcome:
    if isinstance(data, bytes):
        data = json_value(data)
    spec, obj = games.read(data)
    cls = spec.PlayerView if isinstance(obj, spec.PlayerView) else spec.Position
    kind, detail = _same(cls.from_json(json.loads(json.dumps(obj.to_json()))), obj, f"{spec.tag} round trip")
    if kind != "ok" or not isinstance(obj, spec.PlayerView):
        return kind, detail
    return _text_again(cls, obj, f"{spec.tag} view JSON -> text -> view")


class EngineDied(Exception):
    """The engine process ended without being asked to (``quit``): a finding of its own."""


class Engine:
    """A real engine (``dominosolver engine``) in its own process, fed each input's lines; the
    replies are read until every line has had its one, then a ``hello`` with a sentinel id shows
    that no line got a second one. A new engine after ``quit`` (or a death, reported)."""

    COMMAND = [sys.executable, "-c", "from dominosolver.cli import main; main()", "engine",
               "--max-line", str(ENGINE_LIMITS.line_bytes), "--max-samples", str(ENGINE_LIMITS.samples),
               "--max-time", str(ENGINE_LIMITS.time), "--max-threads", str(ENGINE_LIMITS.threads),
               "--threads", "1", "--table-mb", str(ENGINE_LIMITS.table_mb)]
    WAIT = 20.0  # seconds a reply may take (a go is bounded to ENGINE_LIMITS.time)

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.stderr: IO[bytes] | None = None
        self.buffer = b""
        self.sentinel = 0

    def _start(self) -> subprocess.Popen[bytes]:
        if self.proc is None or self.proc.poll() is not None:
            self.close()
            self.stderr = tempfile.TemporaryFile()  # what a dying engine last said
            self.proc = subprocess.Popen(self.COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self.stderr)
            self.buffer = b""
        return self.proc

    def close(self) -> None:
        """Ends the engine process, if any (killed if it still runs), and closes its pipes."""
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            for pipe in (self.proc.stdin, self.proc.stdout, self.stderr):
                try:
                    pipe.close()  # type: ignore[union-attr]
                except BrokenPipeError:  # unwritten bytes for an engine that has gone
                    pass
        self.proc = None

    def _reply(self, proc: subprocess.Popen[bytes]) -> dict[str, Any] | None:
        """The next reply line (None after WAIT seconds without one); EngineDied if it ended."""
        assert proc.stdout is not None
        deadline = time.monotonic() + self.WAIT
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([proc.stdout], [], [], left)[0]:
                return None
            chunk = os.read(proc.stdout.fileno(), 1 << 16)
            if not chunk:
                raise EngineDied(f"the engine ended (exit code {proc.wait()})")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line)

    def _final(self, proc: subprocess.Popen[bytes]) -> dict[str, Any] | None:
        while True:  # info lines are progress, not replies
            reply = self._reply(proc)
            if reply is None or reply["type"] != "info":
                return reply

    def __call__(self, data: bytes) -> Outcome:
        proc = self._start()
        lines = [line for line in data.split(b"\n") if _answered(line)]
        try:
            assert proc.stdin is not None
            proc.stdin.write(data if data.endswith(b"\n") else data + b"\n")
            proc.stdin.flush()
            replies = []
            for _ in lines:
                reply = self._final(proc)
                if reply is None:
                    self.close()  # its state is unknown: a fresh engine for the next input
                    return "mismatch", f"{len(lines)} request line(s) got {len(replies)} replies: {show(replies)}"
                replies.append(reply)
                if reply["type"] == "bye":
                    proc.wait(self.WAIT)  # quit: the engine ends, the lines after it are not read
                    break
            else:
                self.sentinel += 1
                proc.stdin.write(b'{"cmd": "hello", "id": %d}\n' % self.sentinel)
                proc.stdin.flush()
                extra = self._final(proc)
                if extra is None or extra.get("id") != self.sentinel or extra["type"] != "hello":
                    self.close()
                    return "mismatch", f"{len(lines)} request line(s) got more replies: {show(replies)} {show(extra)}"
        except (EngineDied, BrokenPipeError) as e:
            proc.wait()
            self.stderr.seek(0)
            last = self.stderr.read().decode("utf-8", "replace").strip().splitlines()[-3:]
            self.close()
            return "death", f"{e}: {' | '.join(last)}"
        except subprocess.TimeoutExpired:
            self.close()
            return "mismatch", "the engine said bye but did not end"
        internal = [r for r in replies if r.get("error") == "InternalError"]
        if internal:
            return "other", internal[0]["message"]
        return ("named", "") if any(r["type"] == "error" for r in replies) else ("ok", "")


def _answered(line: bytes) -> bool:
    """Whether the engine owes ``line`` a reply: every line that is not blank once decoded (bytes
    that are no UTF-8 are answered with an error)."""
    try:
        return bool(line.decode("utf-8").strip())
    except UnicodeDecodeError:
        return True


def _batch(data: bytes) -> Outcome:
    try:
        record = json_value(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ParseError("a batch's records are UTF-8 text") from None  # read_records says so of the file
    except ParseError as e:
        record = {MALFORMED: str(e)}
    result = run_record("auto", record, 0, 7, BATCH_OPTIONS)
    if "error" in result:
        kind = result["error"]["type"]
        return ("named", "") if kind in NAMED else ("other", f"{kind}: {result['error']['message']}")
    try:
        json.dumps(result, allow_nan=False)
    except ValueError as e:
        return "mismatch", f"the result is not JSON: {e}"
    return "ok", ""


def checks() -> dict[str, Callable[[Any], Outcome]]:
    """Each target's check (a fresh engine for the engine's)."""
    return {
        "42.position.json": _position(texas42.Position, texas42.Position.from_json),
        "42.position.text": _position(texas42.Position, texas42.Position),
        "42.view.json": _view(texas42.PlayerView),
        "42.view.text": _view_text(texas42.PlayerView),
        "bingo.position.json": _position(bingo.Position, bingo.Position.from_json),
        "bingo.position.text": _position(bingo.Position, bingo.Position),
        "bingo.view.json": _view(bingo.PlayerView),
        "bingo.view.text": _view_text(bingo.PlayerView),
        "registry": _registry,
        "engine": Engine(),
        "batch": _batch,
        "http": Http(),
    }


def run(check: Callable[[Any], Outcome], data: Any) -> Outcome:
    """The outcome of one input: its check's, or ``named`` / ``other`` for what it raised."""
    try:
        return check(data)
    except DominoSolverError:
        return "named", ""
    except Exception as e:  # noqa: BLE001 - exactly what the fuzzer looks for
        where = traceback.extract_tb(e.__traceback__)[-1]
        return "other", f"{type(e).__name__}: {show(str(e), 200)} at {where.filename}:{where.lineno}"

