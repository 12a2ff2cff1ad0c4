"""The games against the bots a worker process holds built between requests (docs/http.md), so that
a move does not replay the game from its deal. The store (``store.py``) stays the one truth: a game
is taken from here only when it holds exactly the moves the store holds up to the request's token,
and otherwise (another process moved it, it was dropped from here, the server restarted) it is
built again by replaying the store's moves.

A request takes its game out (no two requests share one: each plays its move on its own) and the
handler puts it back after a reply it stored; a request that fails leaves it out, and the next one
replays. At most ``most`` games are held (0: none, every request replays), the least recently used
dropped beyond that. One ``LiveGames`` per application, shared by its threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["LiveGames"]


@dataclass
class Held:
    game: Any  # the game object (a RecordedGame) after ``moves``
    moves: list[str]  # the store's moves it was built from or played, as the store writes them


class LiveGames:
    """Built games by game id, each with the moves it holds: ``game`` takes one out for a request
    (or replays it), ``keep`` holds it again once the request's reply is made. Thread-safe."""

    def __init__(self, most: int) -> None:
        if isinstance(most, bool) or not isinstance(most, int) or most < 0:
            raise ValueError(f"live games must be a whole number from 0, not {most!r}")
        self.most = most
        self._held: OrderedDict[str, Held] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._held)

    def game(self, game_id: str, moves: list[str], replay: Callable[[], Any]) -> Any:
        """The game ``game_id`` after ``moves`` (the store's, up to the token's count): the one held,
        taken out, if it holds exactly those moves, else ``replay()`` (a game held after other moves
        stays: an earlier token's request, a retry or a stale one, does not drop the latest)."""
        with self._lock:
            held = self._held.get(game_id)
            if held is not None and held.moves == moves:
                del self._held[game_id]
                return held.game
        return replay()

    def keep(self, game_id: str, game: Any, moves: list[str]) -> None:
        """Hold ``game``, which holds ``moves`` (the store's first ``len(moves)``), for the next
        request; not in place of one that holds more (a later move another request stored)."""
        if self.most == 0:
            return
        with self._lock:
            held = self._held.get(game_id)
            if held is not None and len(held.moves) > len(moves):
                return
            self._held[game_id] = Held(game, list(moves))
            self._held.move_to_end(game_id)
            while len(self._held) > self.most:
                self._held.popitem(last=False)
