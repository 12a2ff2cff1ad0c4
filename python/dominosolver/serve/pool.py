"""The bounded pool that runs searches off the event loop. The C++ core releases the GIL, so the
pool's threads search in parallel while the loop keeps answering; at most ``threads`` run and
``queue`` wait, and beyond that a request is refused at once (``Busy``, 503) rather than queued
without end. A search whose client disconnects is stopped: its ``should_stop`` turns true, which a
hint or a bid advice checks between batches of worlds, and its reply is dropped; so is one that
outlives its deadline (``Expired``, 504), counted from the moment it is submitted, its wait for a
thread included (a search that waited past it never starts), and one whose request the server
cancels as it shuts down. The server keeps two pools, each its
own threads and queue: one for the searches and one for the games' quick requests (``new-game``,
``move``, ``game``), which a queue of searches never holds up (``show`` and ``play`` need no thread). Each thread keeps
what a search may reuse on the next one (``kept``: each game's solver, whose table need not be made
afresh for every request)."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["Busy", "ClientGone", "Expired", "SearchPool"]

T = TypeVar("T")
Receive = Callable[[], Awaitable[dict[str, Any]]]  # an ASGI connection's receive


class Busy(Exception):
    """More searches are waiting than the pool's queue holds."""


class ClientGone(Exception):
    """The client disconnected before its search ended: the search was stopped, nobody reads a reply."""


class Expired(Exception):
    """The request ran past its deadline: its search was stopped (or never started), its reply dropped."""


def lower_priority(nice: int) -> None:
    """Raise the calling thread's niceness by ``nice`` (Linux: a thread's own; elsewhere nothing)."""
    if nice and hasattr(threading, "get_native_id") and hasattr(os, "setpriority"):
        try:
            tid = threading.get_native_id()
            os.setpriority(os.PRIO_PROCESS, tid, os.getpriority(os.PRIO_PROCESS, tid) + nice)
        except OSError:
            pass


class SearchPool:
    """``threads`` threads and a queue of ``queue``; a ``nice`` above 0 lowers the threads' CPU
    priority, so that on a busy machine the event loop and the quick requests run before them."""

    def __init__(self, threads: int, queue: int, nice: int = 0) -> None:
        self.threads, self.queue = threads, queue
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="search", initializer=lower_priority,
                                            initargs=(nice,))
        self._local = threading.local()  # each thread's own kept objects
        self._lock = threading.Lock()
        self.waiting = 0  # submitted, not started
        self.searching = 0  # running on a thread
        self.cancelled = 0  # stopped because their client left
        self.expired = 0  # stopped at their deadline

    def status(self) -> dict[str, int]:
        with self._lock:
            return {"searching": self.searching, "queued": self.waiting, "cancelled": self.cancelled,
                    "expired": self.expired}

    async def run(self, work: Callable[[Callable[[], bool]], T], receive: Receive, deadline: float | None = None) -> T:
        """``work(should_stop)`` on a pool thread; ``ClientGone`` (and the search stopped) if the
        connection ``receive`` listens to is closed first, ``Expired`` (the same) if ``deadline``
        seconds pass first."""
        with self._lock:
            if self.waiting + self.searching >= self.threads + self.queue:
                raise Busy(f"{self.searching} searches running and {self.waiting} waiting: retry later")
            self.waiting += 1
        stop = threading.Event()
        search = asyncio.get_running_loop().run_in_executor(self._executor, self._search, work, stop)
        gone = asyncio.ensure_future(disconnected(receive))
        try:
            try:
                await asyncio.wait((search, gone), timeout=deadline, return_when=asyncio.FIRST_COMPLETED)
            except asyncio.CancelledError:  # the server shuts down: nobody will read the reply
                stop.set()
                raise
            if search.done():
                return search.result()
            stop.set()
            search.add_done_callback(lambda f: f.cancelled() or f.exception())  # its outcome has no reader now
            with self._lock:
                if gone.done():
                    self.cancelled += 1
                else:
                    self.expired += 1
            if gone.done():
                raise ClientGone
            raise Expired(f"no reply within the server's deadline of {deadline:g} s, its wait for a thread "
                          "included: ask for less (a smaller time or samples), or retry later")
        finally:
            gone.cancel()

    def _search(self, work: Callable[[Callable[[], bool]], T], stop: threading.Event) -> T:
        with self._lock:
            self.waiting -= 1
            self.searching += 1
        try:
            if stop.is_set():  # its client left, or its deadline passed, while it waited: no work for nobody
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
