"""An engine speaking JSON lines: one request object per input line, one reply object per output line.

Requests: ``hello``; ``position`` with a seat's ``view`` (dominosolver.view/1 of any registered game,
told apart by its ``"game"`` tag: nothing more is ever needed); ``go`` with limits (``samples``,
``time`` in seconds, ``seed``, ``weighting``, ``threads``, ``exact_limit``, ``max_nodes``; each game
takes those it has a use for); ``stop``; ``quit``. A search runs on a worker thread so that ``stop``
is read while it runs; the game answers (``GameSpec.go``), streaming ``info`` lines where it reports
progress, and the search ends with one ``bestmove`` carrying the whole hint. Bad input gets an
``error`` line and the engine carries on.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any

from .. import games
from ..arguments import node_budget, seed_value, thread_count, time_limit, world_count
from ..errors import DominoSolverError, InvalidViewError, ParseError
from ..io import json_value
from ..texas42.hint import engine_info

__all__ = ["PROTOCOL", "EngineServer", "serve"]

PROTOCOL = "dominosolver.engine/1"


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise ParseError(f"{name} must be a string, not {value!r}")
    return value


# Each limit of ``go`` and its check (the same as the Python API's, so a request that would run for
# hours, or never stop, is refused before the search starts).
GO_LIMITS: dict[str, Callable[[Any, str], Any]] = {
    "samples": world_count,
    "time": time_limit,
    "seed": seed_value,
    "weighting": _text,
    "threads": lambda value, name: thread_count(value),
    "exact_limit": lambda value, name: world_count(value, name, low=0),
    "max_nodes": node_budget,
}


class EngineServer:
    def __init__(self, out: IO[str] | None = None, threads: int | None = None) -> None:
        self.out = out if out is not None else sys.stdout
        self.threads = None if threads is None else thread_count(threads)
        self.spec: games.GameSpec | None = None
        self.view: Any = None
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._search: threading.Thread | None = None
        self._searching = False

    # ------------------------------------------------------------ output

    def send(self, obj: dict[str, Any]) -> None:
        with self._write_lock:
            self.out.write(json.dumps(obj, separators=(",", ":")) + "\n")
            self.out.flush()

    def error(self, exc: BaseException | str, kind: str | None = None, id_: Any = None) -> None:
        msg = str(exc)
        name = kind or (type(exc).__name__ if isinstance(exc, BaseException) else "Error")
        reply: dict[str, Any] = {"type": "error", "error": name, "message": msg}
        if id_ is not None:
            reply["id"] = id_
        self.send(reply)

    # ------------------------------------------------------------ requests

    def handle(self, line: str) -> bool:
        """Process one input line; False once the engine should exit."""
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
            if cmd == "hello":
                self.send(
                    {
                        "type": "hello",
                        "protocol": PROTOCOL,
                        "engine": engine_info(),
                        "games": list(games.GAMES),
                        "limits": sorted(GO_LIMITS),
                        **({"id": id_} if id_ is not None else {}),
                    }
                )
            elif cmd == "position":
                self._position(req)
            elif cmd == "go":
                self._go(req)
            elif cmd == "stop":
                self._stop.set()
            elif cmd == "quit":
                self._stop.set()
                self.wait()
                return False
            else:
                raise ParseError(f"unknown cmd {cmd!r}: hello, position, go, stop or quit")
        except DominoSolverError as e:
            self.error(e, id_=id_)
        return True

    def _busy(self) -> bool:
        return self._searching

    def _position(self, req: dict[str, Any]) -> None:
        if self._busy():
            raise InvalidViewError("a search is running: send stop and wait for its bestmove first")
        if "view" not in req:
            raise ParseError('position needs a "view" (dominosolver.view/1)')
        spec = games.detect(req["view"])
        view = spec.PlayerView.from_json(req["view"])
        reply: dict[str, Any] = {"type": "ready", "seat": view.seat, "to_move": view.to_move}
        worlds = spec.count_worlds(view)
        if worlds is not None:
            reply["worlds"] = worlds
        if req.get("id") is not None:
            reply["id"] = req["id"]
        self.spec, self.view = spec, view
        self.send(reply)

    def _go(self, req: dict[str, Any]) -> None:
        if self._busy():
            raise InvalidViewError("a search is already running")
        if self.spec is None:
            raise InvalidViewError("go before any position")
        limits: dict[str, Any] = {}
        for key, check in GO_LIMITS.items():
            if req.get(key) is not None:
                try:
                    limits[key] = check(req[key], key)
                except ParseError as e:
                    raise ParseError(f"go: {e}") from None
        try:
            games.check_options(self.spec, limits, lambda s: s.hint_limits, "searches")
        except ParseError as e:
            raise ParseError(f"go: {e}") from None
        self._stop.clear()
        self._searching = True
        self._search = threading.Thread(
            target=self._run, args=(self.spec, self.view, limits, req.get("id")), daemon=True
        )
        self._search.start()

    def _run(self, spec: games.GameSpec, view: Any, limits: dict[str, Any], id_: Any) -> None:
        tag = {"id": id_} if id_ is not None else {}
        threads = limits.pop("threads", self.threads)
        start = time.perf_counter()

        def report(info: dict[str, Any]) -> None:
            self.send({"type": "info", **info, "elapsed": round(time.perf_counter() - start, 6), **tag})

        try:
            answer = spec.go(view, limits, threads=threads, should_stop=self._stop.is_set, report=report)
            reply = {"type": "bestmove", **answer, **tag}
        except DominoSolverError as e:
            reply = {"type": "error", "error": type(e).__name__, "message": str(e), **tag}
        except Exception as e:  # noqa: BLE001 - an engine bug must not kill the protocol: report it
            reply = {
                "type": "error",
                "error": "InternalError",
                "message": f"internal error: {e!r}",
                **tag,
            }
        # Idle before the final line: a client may send the next position as soon as it reads it.
        self._searching = False
        self.send(reply)

    def wait(self) -> None:
        if self._search is not None:
            self._search.join()


def serve(
    inp: IO[str] | None = None, out: IO[str] | None = None, threads: int | None = None
) -> None:
    """Run an engine until ``quit`` or the end of input."""
    server = EngineServer(out, threads)
    source = inp if inp is not None else sys.stdin
    for line in source:
        if not server.handle(line):
            return
    server._stop.set()
    server.wait()
