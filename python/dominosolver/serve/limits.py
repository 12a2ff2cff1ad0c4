"""What one request may ask of ``dominosolver serve`` (``GET /v1/limits``, docs/http.md), and the
check that refuses more before any work starts: ``RequestLimitError`` (422) naming the limit."""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..errors import ParseError, RequestLimitError, shown

__all__ = ["LIMITS", "ServeLimits"]

LIMITS = "dominosolver.limits/1"
LEAST = {"samples": 1, "exact_limit": 0, "time": 0, "max_nodes": 1}  # the lower end of each number bound


@dataclass(frozen=True)
class ServeLimits:
    body_bytes: int = 1 << 20  # a request body (413 beyond)
    samples: int = 10_000  # a hint's samples and exact_limit, a bid advice's samples
    time: float = 10.0  # seconds a search may ask, and what one gets that names none
    max_nodes: int = 50_000_000  # a Bingo search's node budget per world or move (0, none, is refused)
    threads: int = 1  # solver threads per search: requests run side by side instead
    pool: int = os.cpu_count() or 1  # searches running at once in each worker process
    queue: int = 256  # searches waiting for the pool in each worker process (503 beyond)
    search_nice: int = 10  # the search threads' niceness (Linux): the event loop and quick requests run first
    quick_pool: int = 2  # new-game, move and game: their own threads, never behind a search
    quick_queue: int = 256  # such requests waiting for their threads in each worker process (503 beyond)
    deadline: float = 60.0  # seconds from a request's body read to its reply, waiting included (504 beyond)
    read_timeout: float = 10.0  # seconds to send a request's head and body, from connecting or the last reply
    keep_alive: float = 5.0  # seconds an idle connection is kept between requests
    head_bytes: int = 65_536  # a request's line and headers (431 beyond)
    connections: int = 16_384  # open connections in each worker process (and below its open-file limit)
    games: int = 10_000  # games against the bots kept (store.py): the least recently moved go beyond
    game_idle: float = 86_400.0  # seconds a game against the bots is kept without a move
    live_games: int = 256  # games in play each worker process holds built, so a move replays none (live.py)

    def to_json(self) -> dict[str, Any]:
        return {"schema": LIMITS, **asdict(self)}

    def bound(self, options: dict[str, Any], accepts: Collection[str],
              least: Mapping[str, int] | None = None) -> dict[str, Any]:
        """``options`` with each number checked against the server's range for it (``least`` raises
        a lower end where the endpoint's is higher: advise-bid's 2 samples), and the most time added
        where the search takes a time but was given none, so that no request runs unbounded. A value
        of the wrong type or below the range is a ``ParseError`` naming the server's range (not the
        library's, which is wider); one above it a ``RequestLimitError``."""
        for name, most in (("samples", self.samples), ("exact_limit", self.samples), ("time", self.time),
                           ("max_nodes", self.max_nodes)):
            value = options.get(name)
            if value is None:
                continue
            if name == "max_nodes" and value == 0 and not isinstance(value, bool):
                raise RequestLimitError(f"max_nodes 0 (no budget) is beyond the server's limits: give 1 to {most:,}")
            low = {**LEAST, **(least or {})}[name]
            seconds = name == "time"
            top = f"{most:g} seconds" if seconds else f"{most:,}"
            kind = (int, float) if seconds else int
            if isinstance(value, bool) or not isinstance(value, kind) or value < low:
                what = "a number of seconds" if seconds else "a whole number"
                raise ParseError(f"{name} must be {what} from {low} to {top} (the server's limit), not {shown(value)}")
            if value > most:
                raise RequestLimitError(f"{name} must be at most {top} (the server's limit), not {shown(value)}")
        if "time" in accepts and options.get("time") is None:
            return {**options, "time": self.time}
        return options
