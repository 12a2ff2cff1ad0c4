"""Ctrl-C stops every long 42 computation promptly: a hint however many worlds it was asked for (the
batched C++ solve checks for signals between worlds, on one thread or many), bidding advice and a
batch of solves; each raises KeyboardInterrupt and leaves nothing behind (the next call works)."""

from __future__ import annotations

import time

import pytest
from dominosolver.texas42 import Game, Position, advise_bid, hint, solve_batch
from promptness import PROMPT

HAND = "66.65.64.62.55.33.10"


def first_lead() -> Position:
    return Position(trump=4, hands=[list(h) for h in Game(seed=3).deal()], contract=(0, 30))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("work", [
    # Each would run for minutes to hours. The hint first draws 10,000 worlds (a quarter of a
    # second): the signal comes once their solve in C++ is under way.
    lambda threads: hint(first_lead().view(0), samples=1_000_000, seed=1, threads=threads),
    lambda threads: advise_bid(HAND, seat=0, samples=1_000_000, seed=1, threads=threads),
    lambda threads: solve_batch([first_lead()] * 100_000, threads=threads, moves=True),
], ids=["hint", "advise_bid", "solve_batch"])
def test_ctrl_c_stops_long_42_work_promptly(ctrl_c_soon, work, threads):
    started = ctrl_c_soon(1.0)
    with pytest.raises(KeyboardInterrupt):
        work(threads)
    assert time.perf_counter() - started < PROMPT
    out = solve_batch([first_lead()] * 3, threads=threads)  # the pool left nothing behind
    assert len(set(out.values.tolist())) == 1
