"""The exchange's declaration under a limit (``advise_exchange``): a declaration that can at most tie
a level's leaders is tested at the level above first (``LevelTests._levels_in_turn``'s
``defer_ties``), where a cheap failure may put it out, not settled where it may only tie. RuleBot's
exchange of ``BigGame(seed=6)`` (bench/biggame_hint_bench.py's): asking each level in turn settled
every such rival at the first level and spent its whole 20 M nodes; deferred, the answer of no
limit for fewer nodes than the race without a limit. Node-limited, one thread: deterministic."""

from __future__ import annotations

import pytest
from biggame_support import rulebot_exchange
from dominosolver.texas42.bid_tests import BidTests

LIMIT = 20_000_000


@pytest.fixture(scope="module")
def exchange():
    view = rulebot_exchange(6)
    return view, view.rules.points_needed(view.contract.bid)


def declared(view, level, **limit):
    tests = BidTests(view, 4, 1, threads=1)
    return tests.best_declaration(level, **limit), tests


def test_deferred_ties_give_the_answer_of_no_limit_for_fewer_nodes(exchange):
    view, level = exchange
    unlimited, race = declared(view, level)
    deferred, tests = declared(view, level, max_nodes=LIMIT, defer_ties=True)
    in_turn, settled = declared(view, level, max_nodes=LIMIT)
    assert deferred == unlimited and in_turn == unlimited
    assert tests.nodes < race.nodes < settled.nodes
    # The answer rests on what the tests proved: the declaration leads by its bounds, settled at the first level.
    assert tests.contenders(tests.levels(level)) == [tests.options.index(deferred)]
    assert tests.tested(level).unknown[tests.options.index(deferred)] == 0
