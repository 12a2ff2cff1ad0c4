"""The exchange advice's figures of work (``tests``, ``cut_short``, ``nodes``) are the same run after
run under a node limit or none, on the same threads: each batch of tests is one a solver, chosen
from what the tests before proved, each solver's table its own; only a time limit or a stop, which
end the tests where the clock finds them, varies them. (The thread count is part of the work: a
batch holds a test a thread, so one thread and two choose, and count, differently.)"""

from __future__ import annotations

import pytest
from biggame_support import rulebot_exchange
from dominosolver.biggame.exchange import advise_exchange


@pytest.fixture(scope="module")
def exchange():
    return rulebot_exchange(6)


@pytest.mark.parametrize("limit", [{"max_nodes": 4_000_000}, {}], ids=["4 M nodes", "no limit"])
def test_two_runs_report_the_same_work(exchange, limit):
    runs = [advise_exchange(exchange, samples=2, seed=1, threads=2, **limit).to_json() for _ in range(2)]
    for out in runs:
        del out["elapsed"]
    assert runs[0] == runs[1]
    assert runs[0]["tests"] > 0 and runs[0]["nodes"] > 0
    if limit:
        assert runs[0]["cut_short"] > 0  # the limit cut tests short: the same ones each run
