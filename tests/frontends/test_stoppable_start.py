"""Ctrl-C while `stoppable_all` starts its threads: a call that began is counted as left running,
so the command line's exit skips it (exit_now) or waits for it (atexit). Before, threads started
outside the wait's `try`, and a call left that way ran on uncounted: the interpreter was torn down
under it and the process aborted ('terminate called without an active exception')."""

from __future__ import annotations

import threading

import pytest
from dominosolver import stoppable as stoppable_module
from dominosolver.stoppable import left_running, stoppable_all


def interrupted_start(monkeypatch: pytest.MonkeyPatch, began: threading.Event | None) -> None:
    """Thread.start raises KeyboardInterrupt once the first thread started (and, with ``began``,
    once its call began), as a SIGINT delivered while start() waits for the thread does."""
    real_start = threading.Thread.start

    def start(self: threading.Thread) -> None:
        real_start(self)
        if began is not None:
            began.wait()
        raise KeyboardInterrupt

    monkeypatch.setattr(threading.Thread, "start", start)


def test_a_call_that_began_is_counted_left_running(monkeypatch):
    began, release = threading.Event(), threading.Event()

    def call() -> int:
        began.set()
        release.wait()
        return 1

    before = left_running()
    interrupted_start(monkeypatch, began)
    with pytest.raises(KeyboardInterrupt):
        stoppable_all([call, call])
    monkeypatch.undo()
    try:
        assert left_running() == before + 1  # the first call, still in its work; the second never started
    finally:
        release.set()
    for t in list(stoppable_module._left):
        t.join()
    assert left_running() == 0


def test_a_call_either_counted_or_never_run(monkeypatch):
    ran_on: list[threading.Thread] = []

    def call() -> None:
        ran_on.append(threading.current_thread())

    interrupted_start(monkeypatch, None)
    with pytest.raises(KeyboardInterrupt):
        stoppable_all([call, call])
    counted = set(stoppable_module._left)
    monkeypatch.undo()
    for t in counted:
        t.join()
    # The first thread raced the interrupt: it began (and was counted) or never runs its call.
    assert all(t in counted for t in ran_on)
    assert len(ran_on) <= 1
