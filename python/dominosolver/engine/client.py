"""Drive an engine in another process over the JSON-lines protocol."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from ..errors import DominoSolverError

__all__ = ["EngineClient", "EngineError"]


class EngineError(DominoSolverError):
    """The engine answered a request with an error line."""


class EngineClient:
    """``with EngineClient() as engine: engine.position(view); reply = engine.go(samples=50)``.

    ``command`` starts the engine (default: this Python's ``-m dominosolver.engine``)."""

    def __init__(self, command: list[str] | None = None) -> None:
        self.proc = subprocess.Popen(
            command or [sys.executable, "-m", "dominosolver.engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.infos: list[dict[str, Any]] = []

    def __enter__(self) -> EngineClient:  # noqa: PYI034 - typing.Self needs Python 3.11
        return self

    def __exit__(self, *exc: object) -> None:
        self.quit()

    def send(self, obj: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(obj) + "\n")
        self.proc.stdin.flush()

    def receive(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise EngineError(f"the engine closed its output (exit code {self.proc.poll()})")
        reply = json.loads(line)
        if reply.get("type") == "error":
            raise EngineError(f"{reply.get('error')}: {reply.get('message')}")
        return reply

    def reply(self) -> dict[str, Any]:
        """The reply to the request just sent, past the ``stopped`` line of a ``stop`` sent before it
        (one that came when no search ran, or after its search had ended, is answered after the
        ``bestmove`` that ``wait`` returned)."""
        while True:
            reply = self.receive()
            if reply.get("type") != "stopped":
                return reply

    def hello(self) -> dict[str, Any]:
        self.send({"cmd": "hello"})
        return self.reply()

    def position(self, view: Any) -> dict[str, Any]:
        """Set the seat's view (a PlayerView or its JSON); returns the engine's ``ready`` line."""
        self.send({"cmd": "position", "view": view.to_json() if hasattr(view, "to_json") else view})
        return self.reply()

    def start(self, **limits: Any) -> None:
        """Send ``go`` without waiting (then ``stop`` and/or ``wait``); ``infos`` starts empty again."""
        self.infos = []
        self.send({"cmd": "go", **{k: v for k, v in limits.items() if v is not None}})

    def wait(self, on_info: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Read ``info`` lines (into ``infos``: this search's) until the ``bestmove`` line, which is returned."""
        while True:
            reply = self.receive()
            if reply.get("type") == "info":
                self.infos.append(reply)
                if on_info is not None:
                    on_info(reply)
            elif reply.get("type") == "bestmove":
                return reply

    def go(
        self, on_info: Callable[[dict[str, Any]], None] | None = None, **limits: Any
    ) -> dict[str, Any]:
        self.start(**limits)
        return self.wait(on_info)

    def stop(self) -> None:
        self.send({"cmd": "stop"})

    def quit(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send({"cmd": "quit"})
                self.proc.stdin.close()  # type: ignore[union-attr]
                self.proc.wait(timeout=30)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()
