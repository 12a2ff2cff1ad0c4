"""An engine speaking JSON lines: one request object per input line, one reply object per output line.

Requests: ``hello``; ``position`` with a seat's ``view`` (dominosolver.view/1: nothing more is ever
needed); ``go`` with limits (``samples``, ``time`` in seconds, ``seed``, ``weighting``, ``threads``,
``exact_limit``); ``stop``; ``quit``. A search runs on a worker thread so that ``stop`` is read
while it runs; it streams ``info`` lines after each batch of worlds and ends with one ``bestmove``
carrying the whole hint. Bad input gets an ``error`` line and the engine carries on.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any

from ..arguments import seed_value, thread_count, time_limit, world_count
from ..errors import DominoSolverError, InvalidViewError, ParseError
from ..io import json_value
from ..texas42.bidding import PLAYING_THRESHOLDS, advise_bid
from ..texas42.hint import engine_info, hint
from ..texas42.rules import SEATS, bid_name
from ..texas42.sampling import WorldSampler
from ..texas42.view import PlayerView

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
}


class EngineServer:
    def __init__(self, out: IO[str] | None = None, threads: int | None = None) -> None:
        self.out = out if out is not None else sys.stdout
        self.threads = None if threads is None else thread_count(threads)
        self.view: PlayerView | None = None
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
                        "games": ["texas42"],
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
        view = PlayerView.from_json(req["view"])
        reply: dict[str, Any] = {"type": "ready", "seat": view.seat, "to_move": view.to_move}
        if view.trump is not None:
            reply["worlds"] = WorldSampler(view).count
        if req.get("id") is not None:
            reply["id"] = req["id"]
        self.view = view
        self.send(reply)

    def _go(self, req: dict[str, Any]) -> None:
        if self._busy():
            raise InvalidViewError("a search is already running")
        if self.view is None:
            raise InvalidViewError("go before any position")
        limits: dict[str, Any] = {}
        for key, check in GO_LIMITS.items():
            if req.get(key) is not None:
                try:
                    limits[key] = check(req[key], key)
                except ParseError as e:
                    raise ParseError(f"go: {e}") from None
        self._stop.clear()
        self._searching = True
        self._search = threading.Thread(
            target=self._run, args=(self.view, limits, req.get("id")), daemon=True
        )
        self._search.start()

    def _run(self, view: PlayerView, limits: dict[str, Any], id_: Any) -> None:
        tag = {"id": id_} if id_ is not None else {}
        threads = limits.pop("threads", self.threads)
        try:
            if view.trump is None:
                reply = self._advise(view, limits, threads, tag)
            else:
                reply = self._hint(view, limits, threads, tag)
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

    def _hint(
        self, view: PlayerView, limits: dict[str, Any], threads: int | None, tag: dict[str, Any]
    ) -> dict[str, Any]:
        start = time.perf_counter()

        def info(h: Any) -> None:
            self.send(
                {
                    "type": "info",
                    "worlds": h.worlds,
                    "best": h.best,
                    "elapsed": round(time.perf_counter() - start, 6),
                    "moves": [
                        {
                            "move": m.move,
                            "mean": round(m.mean, 4),
                            "stderr": round(m.stderr, 4),
                            "p_make": None if m.p_make is None else round(m.p_make, 4),
                        }
                        for m in h.moves
                    ],
                    **tag,
                }
            )

        h = hint(view, threads=threads, on_progress=info, should_stop=self._stop.is_set, **limits)
        return {"type": "bestmove", "move": h.best, "hint": h.to_json(), **tag}

    def _advise(
        self, view: PlayerView, limits: dict[str, Any], threads: int | None, tag: dict[str, Any]
    ) -> dict[str, Any]:
        """Bidding and declaring: the bid advisor over the seat's hand, with the thresholds the arena
        measured to play best."""
        if view.contract is not None and view.contract.declarer != view.seat:
            raise InvalidViewError("nothing to decide: another seat declares")
        if view.contract is None and view.to_move is not None and view.to_move != view.seat:
            raise InvalidViewError(f"{SEATS[view.seat]} is not to bid: {SEATS[view.to_move]} is")
        advice = advise_bid(
            view,
            samples=limits.get("samples", 200),
            seed=limits.get("seed"),
            threads=threads,
            time=limits.get("time"),
            should_stop=self._stop.is_set,
            **PLAYING_THRESHOLDS,
        )
        if view.contract is not None:
            move = f"declare {advice.best_declaration(view.contract.bid)}"
        else:
            move = bid_name(advice.bid)
        return {"type": "bestmove", "move": move, "advice": advice.to_json(), **tag}

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
