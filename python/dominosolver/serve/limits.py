"""What one request may ask of ``dominosolver serve`` (``GET /v1/limits``, docs/http.md), and the
check that refuses more before any work starts: ``RequestLimitError`` (422) naming the limit."""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import asdict, dataclass
from typing import Any

from ..errors import RequestLimitError, shown

__all__ = ["LIMITS", "ServeLimits"]

LIMITS = "dominosolver.limits/1"


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

    def bound(self, options: dict[str, Any], accepts: Collection[str]) -> dict[str, Any]:
        """``options`` with each number checked against its limit, and the most time added where the
        search takes a time but was given none, so that no request runs unbounded. A value of the
        wrong type is left to the game's own check, which names it (``ParseError``)."""
        for name, most in (("samples", self.samples), ("exact_limit", self.samples), ("time", self.time),
                           ("max_nodes", self.max_nodes)):
            value = options.get(name)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            if value > most:
                raise RequestLimitError(f"{name} must be at most {most:,} (the server's limit), not {shown(value)}")
            if name == "max_nodes" and value == 0:
                raise RequestLimitError(f"max_nodes 0 (no budget) is beyond the server's limits: give 1 to {most:,}")
        if "time" in accepts and options.get("time") is None:
            return {**options, "time": self.time}
        return options
