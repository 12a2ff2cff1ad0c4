"""Shared test configuration: hypothesis runs derandomized (the same examples on every run), with no
deadline or timing health check (no wall-clock verdicts) and no example database written into the
tree; the ``ctrl_c_soon`` fixture."""

import gc
import os
import signal
import threading
import time

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dominosolver",
    derandomize=True,
    deadline=None,
    database=None,
    # too_slow is a timing check: no wall-clock verdicts on a shared CI machine
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("dominosolver")


@pytest.fixture
def ctrl_c_soon():
    """Sends SIGINT to this process ``delay`` seconds (0.3 by default) after the test asks, with
    Python's handler in place (a process started in the background may have inherited SIGINT
    ignored); returns the time it is sent. The garbage collector waits meanwhile: a KeyboardInterrupt
    raised while it runs a weakref callback is unraisable in CPython, printed and lost (it was, once,
    in a CI run), and the test would then wait for the whole work."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    collecting = gc.isenabled()
    gc.disable()
    timers = []

    def arm(delay: float = 0.3) -> float:
        timers.append(threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT)))
        timers[-1].start()
        return time.perf_counter() + delay

    yield arm
    for t in timers:
        t.join()
    signal.signal(signal.SIGINT, old)
    if collecting:
        gc.enable()
