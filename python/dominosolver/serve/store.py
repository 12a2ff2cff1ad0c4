"""The games against the bots, kept on the server (docs/http.md). A client holds only a signed token
naming its game and how many moves it has seen; the deal seed, the rules and every move (a bot's
hidden discard too) stay here, so no token shows a tile its seat may not see, and a token that is
not the game's latest cannot be played from again to replay a deal whose hands a later reply showed.

The games are an SQLite table (the standard library's), so that every worker process of ``serve
--workers N`` reads and advances the same games: ``dominosolver serve`` makes the file at start and
hands its path to its workers in ``DOMINOSOLVER_SERVE_GAMES`` (set it yourself to keep games across
restarts); without it a process keeps its games in memory. A move is written only if the game is
still where the token says (compare and set), so two requests from one token cannot both advance it.
At most ``most`` games are kept: beyond that, and after ``idle`` seconds without a move, the least
recently moved are dropped."""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any

from ..errors import ParseError

__all__ = ["GAMES_VARIABLE", "GameStore", "store_from_environment"]

GAMES_VARIABLE = "DOMINOSOLVER_SERVE_GAMES"
ID_BYTES = 16  # 128 random bits: a game's id cannot be guessed
BUSY_SECONDS = 30.0  # how long a write waits for another process's (each holds the file for microseconds)

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL,  -- JSON: game, seat, bot, rules, seed, moves
    moves INTEGER NOT NULL,  -- how many moves the state holds: the compare in compare and set
    touched REAL NOT NULL  -- when it was made or last moved (seconds since the epoch)
);
CREATE INDEX IF NOT EXISTS games_touched ON games (touched);
"""


class GameStore:
    """Games by id: ``add`` one, ``get`` its state, ``advance`` it from the number of moves a token
    saw. Safe across threads (one connection behind a lock) and processes (SQLite's file locks)."""

    def __init__(self, path: str = ":memory:", most: int = 10_000, idle: float = 86_400.0,
                 clock: Callable[[], float] = time.time) -> None:
        self.path, self.most, self.idle, self._clock = path, most, idle, clock
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
            if path != ":memory:":
                # Readers do not wait for a writer; a commit survives the process, if not the machine,
                # crashing (a move lost so is a move to play again).
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)
        except sqlite3.Error as e:
            raise ParseError(f"cannot keep games against the bots in {path!r} ({GAMES_VARIABLE}): {e}") from None

    def __repr__(self) -> str:
        return f"GameStore({self.path!r}, most={self.most}, idle={self.idle})"

    def add(self, state: dict[str, Any]) -> str:
        """Keep a new game; its id. Drops idle games, and the least recently moved beyond ``most``."""
        game_id = secrets.token_hex(ID_BYTES)
        now = self._clock()
        with self._lock:
            self._db.execute("DELETE FROM games WHERE touched < ?", (now - self.idle,))
            self._db.execute("INSERT INTO games VALUES (?, ?, ?, ?)",
                             (game_id, json.dumps(state), len(state["moves"]), now))
            self._db.execute("DELETE FROM games WHERE id IN (SELECT id FROM games ORDER BY touched DESC "
                             "LIMIT -1 OFFSET ?)", (self.most,))
        return game_id

    def get(self, game_id: str) -> dict[str, Any] | None:
        """The game's state, or None if it is not kept (never made here, dropped, or idle too long)."""
        with self._lock:
            row = self._db.execute("SELECT state, touched FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row[1] < self._clock() - self.idle:
            return None
        state: dict[str, Any] = json.loads(row[0])
        return state

    def advance(self, game_id: str, seen: int, state: dict[str, Any]) -> bool:
        """Store ``state`` if the game still holds ``seen`` moves; False (nothing written) otherwise."""
        with self._lock:
            done = self._db.execute("UPDATE games SET state = ?, moves = ?, touched = ? WHERE id = ? AND moves = ?",
                                    (json.dumps(state), len(state["moves"]), self._clock(), game_id, seen))
        return done.rowcount == 1

    def __len__(self) -> int:
        with self._lock:
            count: int = self._db.execute("SELECT count(*) FROM games").fetchone()[0]
        return count

    def close(self) -> None:
        with self._lock:
            self._db.close()


def store_from_environment(most: int, idle: float) -> GameStore:
    """The store at ``DOMINOSOLVER_SERVE_GAMES``'s path, or one in memory when it is unset (one
    process: its games last as long as it does)."""
    return GameStore(os.environ.get(GAMES_VARIABLE, ":memory:"), most, idle)
