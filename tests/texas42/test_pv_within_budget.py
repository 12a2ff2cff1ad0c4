"""A principal variation asked under a node budget: its confirming tests count against the budget,
and a budget that runs out among them keeps every move's exact value, with no variation and
``complete`` false (it escaped the core as an unknown C++ exception)."""

import numpy as np

from dominosolver import games
from dominosolver.texas42.solve import solve_batch


def positions():
    for name, plays in (("texas42", 0), ("moon", 0), ("biggame", 12)):
        spec = games.get(name)
        for seed in range(2):
            pos = spec.deal(seed, spec.variants[1])
            for _ in range(plays):
                pos.play(sorted(pos.legal_moves)[0])
            yield pos


def test_a_budget_spent_on_the_variation_keeps_the_values():
    for pos in positions():
        whole = solve_batch([pos], threads=1, moves=True, pv=True)
        values_only = solve_batch([pos], threads=1, moves=True)
        assert whole.pv[0]
        short = solve_batch([pos], threads=1, moves=True, pv=True, max_nodes=int(values_only.nodes) + 1)
        assert not short.complete[0] and short.pv[0] == []
        assert np.array_equal(short.move_values, whole.move_values) and short.values[0] == whole.values[0]
        enough = solve_batch([pos], threads=1, moves=True, pv=True, max_nodes=int(whole.nodes))
        assert enough.complete[0] and enough.pv[0] == whole.pv[0]
