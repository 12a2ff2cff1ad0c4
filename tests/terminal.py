"""A command run on a pseudo-terminal, as a person at a terminal runs it: its stdin, stdout and
stderr are the terminal, so it draws what it draws for people (tables, progress bars, prompts).
The test reads the screen (escape codes stripped) and types lines."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time

__all__ = ["Terminal"]

COMMAND = "from dominosolver.cli import main; main()"  # `dominosolver`, with this interpreter
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")


class Terminal:
    def __init__(self, *args: str, columns: int = 120) -> None:
        self.master, slave = os.openpty()
        env = {**os.environ, "COLUMNS": str(columns), "LINES": "60", "TERM": "xterm-256color"}
        env.pop("NO_COLOR", None)
        self.process = subprocess.Popen([sys.executable, "-c", COMMAND, *args], stdin=slave, stdout=slave,
                                        stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.raw = ""  # everything shown so far, escape codes included
        self.seen = 0  # how much of the screen `expect` has consumed

    @property
    def text(self) -> str:
        """Everything shown so far, without escape codes."""
        return ESCAPES.sub("", self.raw)

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the command has ended and closed the terminal
            return False
        self.raw += chunk.decode("utf-8", errors="replace")
        return bool(chunk)

    def expect(self, pattern: str, timeout: float = 120.0) -> str:
        """Wait until ``pattern`` (a regex) shows after what was consumed; returns the text up to
        and including it, and consumes it."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            text = self.text
            found = regex.search(text, self.seen)
            if found:
                shown, self.seen = text[self.seen:found.end()], found.end()
                return shown
            if time.monotonic() > deadline or (not self._read(0.5) and self.process.poll() is not None):
                raise AssertionError(f"{pattern!r} never showed; the screen ends:\n{text[-3000:]}")

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self, timeout: float = 60.0) -> int:
        """Wait for the command to end (reading what it still shows); its exit status."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(0.2)
        while self._read(0.1):
            pass
        if self.process.poll() is None:
            self.process.kill()
        os.close(self.master)
        return self.process.wait()
