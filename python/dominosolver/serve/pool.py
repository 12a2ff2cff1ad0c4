"""The bounded pool that runs searches off the event loop. The C++ core releases the GIL, so the
pool's threads search in parallel while the loop keeps answering; at most ``threads`` run and
``queue`` wait, and beyond that a request is refused at once (``Busy``, 503) rather than queued
without end. A search whose client disconnects is stopped: its ``should_stop`` turns true, which a
hint or a bid advice checks between batches of worlds, and its reply is dropped. Each thread keeps
what a search may reuse on the next one (``kept``: each game's solver, whose table need not be made
afresh for every request)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["Busy", "ClientGone", "SearchPool"]

T = TypeVar("T")
Receive = Callable[[], Awaitable[dict[str, Any]]]  # an ASGI connection's receive


class Busy(Exception):
    """More searches are waiting than the pool's queue holds."""


class ClientGone(Exception):
    """The client disconnected before its search ended: the search was stopped, nobody reads a reply."""


class SearchPool:
    def __init__(self, threads: int, queue: int) -> None:
        self.threads, self.queue = threads, queue
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="search")
        self._local = threading.local()  # each thread's own kept objects
        self._lock = threading.Lock()
        self.waiting = 0  # submitted, not started
        self.searching = 0  # running on a thread
        self.cancelled = 0  # stopped because their client left

    def status(self) -> dict[str, int]:
        with self._lock:
            return {"searching": self.searching, "queued": self.waiting, "cancelled": self.cancelled}

    async def run(self, work: Callable[[Callable[[], bool]], T], receive: Receive) -> T:
        """``work(should_stop)`` on a pool thread; ``ClientGone`` (and the search stopped) if the
        connection ``receive`` listens to is closed first."""
        with self._lock:
            if self.waiting + self.searching >= self.threads + self.queue:
                raise Busy(f"{self.searching} searches running and {self.waiting} waiting: retry later")
            self.waiting += 1
        stop = threading.Event()
        search = asyncio.get_running_loop().run_in_executor(self._executor, self._search, work, stop)
        gone = asyncio.ensure_future(disconnected(receive))
        try:
            await asyncio.wait((search, gone), return_when=asyncio.FIRST_COMPLETED)
            if search.done():
                return search.result()
            stop.set()
            with self._lock:
                self.cancelled += 1
            search.add_done_callback(lambda f: f.cancelled() or f.exception())  # its outcome has no reader now
            raise ClientGone
        finally:
            gone.cancel()

    def _search(self, work: Callable[[Callable[[], bool]], T], stop: threading.Event) -> T:
        with self._lock:
            self.waiting -= 1
            self.searching += 1
        try:
            if stop.is_set():  # its client left while it waited: no work for nobody
                raise ClientGone
            return work(stop.is_set)
        finally:
            with self._lock:
                self.searching -= 1

    def kept(self) -> dict[str, Any]:
        """What the calling pool thread keeps from one search to the next: its own, so no lock."""
        try:
            return self._local.kept
        except AttributeError:
            self._local.kept = {}
            return self._local.kept

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


async def disconnected(receive: Receive) -> None:
    """Returns once the client has gone. Called after the body is read, so the only message left to
    come is the disconnect (or, with the reply sent, none that matters)."""
    while (await receive())["type"] != "http.disconnect":
        pass
