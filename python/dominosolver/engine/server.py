"""An engine speaking JSON lines: one request object per input line, one reply object per output line.

Requests: ``hello``; ``position`` with a seat's ``view`` (dominosolver.view/1 of any registered game,
told apart by its ``"game"`` tag: nothing more is ever needed); ``go`` with limits (``samples``,
``time`` in seconds, ``seed``, ``weighting``, ``means``, ``threads``, ``exact_limit``, ``max_nodes``; each game
takes those it has a use for); ``stop``; ``quit``. A search runs on a worker thread so that ``stop``
is read while it runs; the game answers (``go`` of its row's ``engine`` kit), streaming ``info`` lines
where it reports progress, and the search ends with one ``bestmove`` carrying the whole hint.

The engine is a boundary: it reads bytes and decodes them itself, and every line that is not blank
gets exactly one reply, whatever its bytes (``hello``, ``ready``, ``bestmove`` after any ``info``
lines, ``stopped``, ``bye``, or an ``error`` line); anything unforeseen becomes an ``InternalError``
line and the engine carries on. ``EngineLimits`` bounds what one request may ask (the longest line,
samples, seconds, threads, table size); ``hello`` states them, and a ``go`` without ``time`` gets
the most it may have, so that no request runs unbounded.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import IO, Any

from .. import games
from ..arguments import MAX_TABLE_MB, node_budget, seed_value, time_limit, whole_number, world_count
from ..errors import DominoSolverError, ParseError, StateError, shown
from ..io import json_value, unicode_text
from ..pimc import engine_info

__all__ = ["PROTOCOL", "EngineLimits", "EngineServer", "serve"]

PROTOCOL = "dominosolver.engine/1"
CORES = os.cpu_count() or 1


@dataclass(frozen=True)
class EngineLimits:
    """What one request may ask of an engine (docs/protocol.md); ``hello`` states them. Each is
    checked when the engine starts (``ParseError``)."""

    line_bytes: int = 1 << 20  # the longest request line, its newline aside (1 MiB)
    samples: int = 100_000  # worlds a go may draw or enumerate (its samples and exact_limit)
    time: float = 60.0  # seconds a go may search: the most it may ask, and what it gets by default
    threads: int = 2 * CORES  # solver threads a go may use: at most the machine's cores x 2
    table_mb: int = 16  # transposition table of each solver thread, in MB, at most
    threads_default: int | None = field(default=None, compare=False)  # a go's threads: None = one per core

    def __post_init__(self) -> None:
        whole_number(self.line_bytes, "line_bytes", 64, 1 << 30)
        world_count(self.samples, "samples")
        if time_limit(self.time) is None or self.time <= 0:
            raise ParseError(f"time must be a number of seconds above 0, not {shown(self.time)}")
        whole_number(self.threads, "threads", 1, 2 * CORES)
        whole_number(self.table_mb, "table_mb", 1, MAX_TABLE_MB)
        if self.threads_default is not None:
            whole_number(self.threads_default, "threads", 1, self.threads)

    @property
    def go_threads(self) -> int:
        """The threads of a go that names none: the engine's ``--threads``, else one per core."""
        return self.threads_default if self.threads_default is not None else min(CORES, self.threads)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        del out["threads_default"]
        return out


def _go_time(value: Any, name: str, limits: EngineLimits) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > limits.time:
        raise ParseError(f"{name} must be at most {limits.time:g} seconds (the engine's limit), not {shown(value)}")
    try:
        return time_limit(value, name)
    except ParseError:  # its range is the library's, and None no JSON value: name the engine's
        raise ParseError(f"{name} must be a number of seconds from 0 to {limits.time:g} (the engine's limit), "
                         f"not {shown(value)}") from None


# Each key of ``go`` and its check (as the Python API's, bounded by the engine's limits), so that a
# request that would run for hours, or never stop, is refused before the search starts.
GO_LIMITS: dict[str, Callable[[Any, str, EngineLimits], Any]] = {
    "samples": lambda value, name, limits: whole_number(value, name, 1, limits.samples),
    "time": _go_time,
    "seed": lambda value, name, limits: seed_value(value, name),
    "weighting": lambda value, name, limits: unicode_text(value, name),
    "method": lambda value, name, limits: unicode_text(value, name),
    "means": lambda value, name, limits: unicode_text(value, name),
    "threads": lambda value, name, limits: whole_number(value, name, 1, limits.threads),
    "exact_limit": lambda value, name, limits: whole_number(value, name, 0, limits.samples),
    "max_nodes": lambda value, name, limits: node_budget(value, name),
}
# The keys each request may carry besides "cmd" and "id".
REQUEST_KEYS = {"hello": (), "position": ("view",), "go": tuple(GO_LIMITS), "stop": (), "quit": ()}


class EngineServer:
    def __init__(self, out: IO[str] | None = None, threads: int | None = None,
                 limits: EngineLimits | None = None) -> None:
        self.out = out if out is not None else sys.stdout
        limits = limits or EngineLimits()
        if threads is not None:
            limits = EngineLimits(**{**limits.to_json(), "threads_default": threads})
        self.limits = limits
        self.spec: games.GameSpec | None = None
        self.view: Any = None
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._search: threading.Thread | None = None
        self._searching = False
        self.closed = False  # the output is gone (the client left): nothing more can be said

    # ------------------------------------------------------------ output

    def send(self, obj: dict[str, Any]) -> None:
        try:
            text = json.dumps(obj, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError, RecursionError) as e:  # never a line that is not JSON
            text = json.dumps(self._internal(e, obj.get("id")), separators=(",", ":"))
        with self._write_lock:
            try:
                self.out.write(text + "\n")
                self.out.flush()
            except (OSError, ValueError):  # a closed pipe or stream: the client has gone
                self.closed = True

    def error(self, exc: BaseException | str, kind: str | None = None, id_: Any = None) -> None:
        msg = str(exc)
        name = kind or (type(exc).__name__ if isinstance(exc, BaseException) else "Error")
        reply: dict[str, Any] = {"type": "error", "error": name, "message": msg}
        if id_ is not None:
            reply["id"] = id_
        self.send(reply)

    @staticmethod
    def _internal(e: BaseException, id_: Any = None) -> dict[str, Any]:
        """The last resort: an error the engine did not foresee, reported as a reply (and its
        traceback on stderr), never the end of the engine."""
        traceback.print_exception(type(e), e, e.__traceback__, file=sys.stderr)
        reply = {"type": "error", "error": "InternalError", "message": f"internal error: {shown(e)}"}
        return {**reply, **({"id": id_} if isinstance(id_, (str, int)) and not isinstance(id_, bool) else {})}

    # ------------------------------------------------------------ requests

    def handle(self, line: str | bytes | None) -> bool:
        """Process one input line (bytes are decoded here; None stands for a line over the limit);
        False once the engine should exit. Every line that is not blank gets exactly one reply."""
        try:
            return self._handle(line)
        except Exception as e:  # noqa: BLE001 - an engine bug must not kill the protocol: report it
            self.send(self._internal(e))
            return True

    def _handle(self, line: str | bytes | None) -> bool:
        if line is None:
            self.error(f"the line is longer than {self.limits.line_bytes:,} bytes (the engine's limit)", "ParseError")
            return True
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as e:
                self.error(f"the line is not UTF-8 text: {e}", "ParseError")
                return True
        line = line.strip()
        if not line:
            return True
        try:
            req = json_value(line)
        except ParseError as e:
            self.error(str(e), "ParseError")
            return True
        if not isinstance(req, dict) or not isinstance(req.get("cmd"), str):
            self.error('each request is an object with a "cmd"', "ParseError")
            return True
        cmd, id_ = req["cmd"], req.get("id")
        try:
            if cmd not in REQUEST_KEYS:
                raise ParseError(f"unknown cmd {shown(cmd)}: hello, position, go, stop or quit")
            unknown = sorted(set(req) - {"cmd", "id", *REQUEST_KEYS[cmd]})
            if unknown:
                raise ParseError(f"{cmd}: unknown key(s) {', '.join(map(shown, unknown))}")
            if cmd == "hello":
                self.send(
                    {
                        "type": "hello",
                        "protocol": PROTOCOL,
                        "engine": engine_info(),
                        "games": list(games.GAMES),
                        "limits": sorted(GO_LIMITS),
                        "bounds": self.limits.to_json(),
                        **({"id": id_} if id_ is not None else {}),
                    }
                )
            elif cmd == "position":
                self._position(req)
            elif cmd == "go":
                self._go(req)
            elif cmd == "stop":
                self._stop.set()
                self.send({"type": "stopped", **({"id": id_} if id_ is not None else {})})
            else:  # quit
                self._stop.set()
                self.wait()
                self.send({"type": "bye", **({"id": id_} if id_ is not None else {})})
                return False
        except DominoSolverError as e:
            self.error(e, id_=id_)
        return True

    def _busy(self) -> bool:
        return self._searching

    def _position(self, req: dict[str, Any]) -> None:
        if self._busy():
            raise StateError("position while a search is running: send stop and wait for its bestmove (or error) line first")
        if "view" not in req:
            raise ParseError('position needs a "view" (dominosolver.view/1)')
        spec, view = games.read_view(req["view"])
        reply: dict[str, Any] = {"type": "ready", "seat": view.seat, "to_move": view.to_move}
        worlds = games.kit(spec, "engine").count_worlds(view)  # a game without an engine says so here
        if worlds is not None:
            reply["worlds"] = worlds
        if req.get("id") is not None:
            reply["id"] = req["id"]
        self.spec, self.view = spec, view
        self.send(reply)

    def _go(self, req: dict[str, Any]) -> None:
        if self._busy():
            raise StateError("go while a search is running: send stop and wait for its bestmove (or error) line first")
        if self.spec is None:
            raise StateError("go before any position: send a position (its ready line) first")
        limits: dict[str, Any] = {}
        for key, check in GO_LIMITS.items():
            if req.get(key) is not None:
                try:
                    limits[key] = check(req[key], key, self.limits)
                except ParseError as e:
                    raise ParseError(f"go: {e}") from None
        try:
            games.check_options(self.spec, limits, lambda s: s.hint_limits, "searches")
        except ParseError as e:
            raise ParseError(f"go: {e}") from None
        limits.setdefault("time", self.limits.time)  # no request runs unbounded
        self._stop.clear()
        self._searching = True
        self._search = threading.Thread(
            target=self._run, args=(self.spec, self.view, limits, req.get("id")), daemon=True
        )
        self._search.start()

    def _run(self, spec: games.GameSpec, view: Any, limits: dict[str, Any], id_: Any) -> None:
        tag = {"id": id_} if id_ is not None else {}
        threads = limits.pop("threads", self.limits.go_threads)
        start = time.perf_counter()

        def report(info: dict[str, Any]) -> None:
            self.send({"type": "info", **info, "elapsed": round(time.perf_counter() - start, 6), **tag})

        try:
            answer = spec.engine.go(view, limits, threads=threads, table_mb=self.limits.table_mb,
                                    should_stop=self._stop.is_set, report=report)
            reply = {"type": "bestmove", **answer, **tag}
        except DominoSolverError as e:
            reply = {"type": "error", "error": type(e).__name__, "message": str(e), **tag}
        except Exception as e:  # noqa: BLE001 - an engine bug must not kill the protocol: report it
            reply = self._internal(e, id_)
        # Idle before the final line: a client may send the next position as soon as it reads it.
        self._searching = False
        self.send(reply)

    def wait(self) -> None:
        if self._search is not None:
            self._search.join()


def request_lines(source: IO[bytes] | IO[str], most: int) -> Iterator[str | bytes | None]:
    """The lines of ``source``, each of at most ``most`` bytes (characters for text) besides its
    newline; None for a longer one, whose rest is skipped without keeping it."""
    while True:
        line = source.readline(most + 1)
        if not line:
            return
        newline = b"\n" if isinstance(line, bytes) else "\n"
        if len(line) <= most or line.endswith(newline):  # type: ignore[arg-type]
            yield line
            continue
        while line and not line.endswith(newline):  # type: ignore[arg-type]
            line = source.readline(most + 1)
        yield None


def serve(
    inp: IO[bytes] | IO[str] | None = None, out: IO[str] | None = None, threads: int | None = None,
    limits: EngineLimits | None = None,
) -> None:
    """Run an engine until ``quit`` or the end of input. It reads bytes (stdin's, by default) and
    decodes them itself: invalid UTF-8 is a ``ParseError`` reply, whatever the locale."""
    server = EngineServer(out, threads, limits)
    source = inp if inp is not None else sys.stdin.buffer
    for line in request_lines(source, server.limits.line_bytes):
        if not server.handle(line) or server.closed:
            return
    server._stop.set()
    server.wait()

