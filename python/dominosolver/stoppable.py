"""Long core calls that a stop request, a deadline or Ctrl-C can leave at once (issue 40).

A whole deal of The Big Game takes up to seconds (a deal table, 36 of them, half a minute), so
Ctrl-C, an engine's ``stop`` or a time limit would wait for it. ``stoppable`` runs such a call (one
that releases the GIL) on a daemon thread while the calling thread waits in steps of ``POLL``
seconds: Ctrl-C raises KeyboardInterrupt at once (Python delivers it between two waits),
``should_stop`` or the ``deadline`` raise ``Abandoned``. Leaving the call, the wait tells it so
(``on_abandon``: the 42 searches' stop request, ``Solver.request_stop`` or a batch's ``StopFlag``,
which they look at every few thousand nodes), and the call ends within a fraction of a second on
objects the caller no longer uses (a solver given to an abandoned call is replaced); a call that
has no such request runs on to its end in the background (each caller bounds it).

A call left running is bounded by its caller (one whole-deal test or solve, a table's cell, a few
positions of a batch): an interpreter that exits waits for such calls (``atexit``, before the
interpreter is torn down under them), except the command line stopped by Ctrl-C, which ends the
process at once (``exit_now``).
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
import time as _time
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["POLL", "Abandoned", "exit_now", "left_running", "stoppable", "stoppable_all"]

POLL = 0.02  # seconds between two looks at the stop request and the deadline
R = TypeVar("R")


class Abandoned(Exception):
    """A call left running: ``should_stop`` answered true (``reason`` "stop") or the deadline
    passed ("time")."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def stoppable(call: Callable[[], R], should_stop: Callable[[], bool] | None = None,
              deadline: float | None = None, on_abandon: Callable[[], None] | None = None) -> R:
    """``call()``'s result, waited for on the calling thread in steps of ``POLL`` (see the module's
    doc); ``deadline`` is a ``time.perf_counter()`` value; ``on_abandon()`` is called when the wait
    leaves the call (it asks the call to end). On a thread other than the main one with nothing to
    watch, the call runs on the calling thread."""
    return stoppable_all([call], should_stop, deadline, on_abandon)[0]


def stoppable_all(calls: list[Callable[[], R]], should_stop: Callable[[], bool] | None = None,
                  deadline: float | None = None, on_abandon: Callable[[], None] | None = None) -> list[R]:
    """Each call's result, in order, the calls run at once on a daemon thread each (each on its own
    solver: the core releases the GIL while it searches), waited for as ``stoppable`` waits. The
    first exception a call raised is raised once all are done."""
    if len(calls) == 1 and should_stop is None and deadline is None and (
            threading.current_thread() is not threading.main_thread()):
        return [calls[0]()]  # nothing could interrupt the wait: Python delivers signals to the main thread only
    box: list[Any] = [None] * len(calls)
    left = [len(calls)]
    begun: list[threading.Thread] = []  # threads whose call has begun (under lock)
    abandoned = [False]
    lock = threading.Lock()
    done = threading.Event()

    def run(k: int, call: Callable[[], Any]) -> None:
        with lock:
            if abandoned[0]:
                return  # left before it began (Ctrl-C while the threads were starting): never enters the core
            begun.append(threading.current_thread())
        try:
            box[k] = (True, call())
        except BaseException as e:  # noqa: BLE001 - handed to the waiting thread
            box[k] = (False, e)
        finally:
            with lock:
                left[0] -= 1
                if not left[0]:
                    done.set()

    if not calls:
        return []
    # Daemon threads, never a pool's: the command line stopped by Ctrl-C does not wait for them.
    threads = [threading.Thread(target=run, args=(k, call), name="dominosolver-search", daemon=True)
               for k, call in enumerate(calls)]
    try:
        for t in threads:
            t.start()  # waits for the thread to start: Ctrl-C may come here too
        while not done.wait(POLL):
            if should_stop is not None and should_stop():
                raise Abandoned("stop")
            if deadline is not None and _time.perf_counter() >= deadline:
                raise Abandoned("time")
    except BaseException:  # Abandoned, or KeyboardInterrupt while waiting: the calls are asked to end
        with lock:
            abandoned[0] = True
            running = list(begun)
        if on_abandon is not None:
            on_abandon()
        # Every call that began is known here (a thread not yet begun now never will), so the exit
        # waits for or skips each one: a call returning into a torn-down interpreter aborts the process.
        with _lock:
            _left.update(running)
        raise
    for ok, value in box:
        if not ok:
            raise value
    return [value for _, value in box]


_lock = threading.Lock()
_left: set[threading.Thread] = set()  # calls left running (see the module's doc)


def left_running() -> int:
    """How many calls left by their callers are still running."""
    with _lock:
        _left.difference_update([t for t in _left if not t.is_alive()])
        return len(_left)


def _wait_for_left() -> None:
    # Before the interpreter is torn down: a call that ended during the teardown would find no
    # interpreter to return to (and a core batch still asking it for signals would abort the process).
    with _lock:
        left = list(_left)
    for t in left:
        t.join()


def exit_now(status: int) -> None:
    """End the process with ``status`` at once if calls left running would delay its exit (the
    command line after Ctrl-C): the standard streams flushed, nothing else waited for."""
    if not left_running():
        return
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(status)


atexit.register(_wait_for_left)
