"""pytest-benchmark suite for the 42 solver: `pytest bench/test_bench_solver.py`.

The full solver and the baseline (plain alpha-beta with a table) solve the same fixed deals in one
run, grouped side by side. Node counts are printed as extra info (deterministic signatures)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from bench_set import position  # noqa: E402

from dominosolver import _core  # noqa: E402

DEALS = [position(i) for i in range(20)]
SETTINGS = {"solver": _core.texas42.Enhancements(), "baseline": _core.texas42.Enhancements.baseline()}


@pytest.mark.parametrize("setting", list(SETTINGS))
def test_exact_value_20_deals(benchmark, setting):
    benchmark.group = "exact value, 20 bench deals"

    def run():
        solver = _core.texas42.Solver(64, SETTINGS[setting])
        points = nodes = 0
        for p in DEALS:
            points += solver.value(p._pos)
            nodes += solver.nodes
        return points, nodes

    points, nodes = benchmark(run)
    benchmark.extra_info["nodes"] = nodes
    benchmark.extra_info["points"] = points


@pytest.mark.parametrize("setting", list(SETTINGS))
def test_all_moves_first_lead_20_deals(benchmark, setting):
    benchmark.group = "all move values, 20 bench deals"

    def run():
        solver = _core.texas42.Solver(64, SETTINGS[setting])
        return [solver.solve(p._pos, True, False).nodes for p in DEALS]

    nodes = benchmark(run)
    benchmark.extra_info["nodes"] = sum(nodes)


@pytest.mark.parametrize("setting", list(SETTINGS))
def test_dd_table_one_deal(benchmark, setting):
    benchmark.group = "dd_table (36 cells), one bench deal"
    pos = DEALS[0]
    masks = [sum(1 << t.id for t in h) for h in pos.hands]
    solver = _core.texas42.Solver(64, SETTINGS[setting])
    table, nodes = benchmark(lambda: solver.dd_table(pos.rules._core, masks))
    benchmark.extra_info["nodes"] = nodes


@pytest.mark.parametrize("threads", [1, 2])
def test_solve_batch(benchmark, threads):
    benchmark.group = "solve_batch, 40 deals"
    cores = [position(i)._pos for i in range(40)]
    out = benchmark(lambda: _core.texas42.solve_batch(cores, threads, False, 64))
    benchmark.extra_info["nodes"] = out.nodes
