"""The 42 double-dummy solver: known values from an independent solver, self-consistency across
search settings, symmetry, the PV, batches and a pinned node-count signature."""

from __future__ import annotations

import random

import pytest
from dominosolver import Tile, _core
from dominosolver.texas42 import (
    Position,
    Solver,
    analyse_play,
    dd_table,
    projected_totals,
    solve,
    solve_batch,
)
from known_data import known

KNOWN = known("texas42_known")


def random_deal(seed: int) -> list[list[Tile]]:
    rng = random.Random(seed)
    tiles = [Tile.from_id(i) for i in range(28)]
    rng.shuffle(tiles)
    return [tiles[7 * k : 7 * k + 7] for k in range(4)]


def random_position(seed: int, tricks_left: int, in_trick: int) -> Position:
    """A reachable position: a random deal and trump, random legal plays down to the target."""
    rng = random.Random(seed)
    trump = rng.choice([0, 1, 2, 3, 4, 5, 6, "doubles", "none"])
    pos = Position(trump=trump, hands=random_deal(seed), leader=rng.randrange(4))
    for _ in range((7 - tricks_left) * 4 + in_trick):
        pos.play(rng.choice(pos.legal_moves))
    return pos


@pytest.mark.parametrize("index", range(len(KNOWN)))
def test_known_values(index):
    """Value and every move's value agree with an independent reference solver."""
    case = KNOWN[index]
    pos = Position.from_json(case["position"])
    assert pos.to_move == case["to_move"]
    result = solve(pos)
    assert result.value == case["value"]
    assert result.moves == case["moves"]


def test_value_is_best_move_value_and_pv_realises_it():
    solver = Solver(tt_mb=16)
    for seed in range(12):
        pos = random_position(seed, tricks_left=7, in_trick=seed % 4)
        r = solver.solve(pos)
        assert r.value == max(r.moves.values())
        assert set(r.best) == {m for m, v in r.moves.items() if v == r.value}
        # Playing out the PV gives the team to move exactly the value.
        team, start = pos.to_move & 1, pos.points[pos.to_move & 1]
        played = pos.copy()
        for tile in r.pv:
            played.play(tile)
        assert played.is_over
        assert played.points[team] - start == r.value


@pytest.mark.parametrize("setting", ["full_window", "no_table", "no_equivalence", "no_quick_tricks", "no_endgame", "baseline"])
def test_search_settings_agree(setting):
    """Every enhancement changes only the work done, never the value."""
    enh = {
        "full_window": _core.texas42.Enhancements(zero_window=False),
        "no_table": _core.texas42.Enhancements(table=False),
        "no_equivalence": _core.texas42.Enhancements(equivalence=False),
        "no_quick_tricks": _core.texas42.Enhancements(quick_tricks=False),
        "no_endgame": _core.texas42.Enhancements(endgame=False),
        "baseline": _core.texas42.Enhancements.baseline(),
    }[setting]
    fast = _core.texas42.Solver(16)
    other = _core.texas42.Solver(16, enh)
    for seed in range(8):
        pos = random_position(100 + seed, tricks_left=7, in_trick=seed % 4)
        a, b = fast.solve(pos._pos, True, False), other.solve(pos._pos, True, False)
        assert a.value == b.value
        assert sorted(a.moves) == sorted(b.moves)


def rotate(pos: Position, k: int) -> Position:
    obj = pos.to_json()
    obj["hands"] = [obj["hands"][(s - k) % 4] for s in range(4)]
    obj["leader"] = (obj["leader"] + k) % 4
    return Position.from_json(obj)


def test_rotating_seats_leaves_values_unchanged():
    solver = Solver(tt_mb=16)
    for seed in range(6):
        pos = random_position(200 + seed, tricks_left=7, in_trick=seed % 4)
        base = solver.solve(pos, pv=False)
        for k in (1, 2, 3):
            r = solver.solve(rotate(pos, k), pv=False)
            assert (r.value, r.moves) == (base.value, base.moves)
            assert r.pov == ("NS" if (pos.to_move + k) % 2 == 0 else "EW")


def test_can_reach_brackets_the_value():
    solver = Solver(tt_mb=16)
    for seed in range(6):
        pos = random_position(300 + seed, tricks_left=6, in_trick=seed % 3)
        v = solver.value(pos)
        assert solver.can_reach(pos, v)
        assert not solver.can_reach(pos, v + 1)


def test_a_guess_only_seeds_the_search():
    """Whatever guess the caller gives (dd_table gives its cells' neighbours), the value is the same."""
    for seed in range(8):
        pos = random_position(700 + seed, tricks_left=7 - seed % 5, in_trick=seed % 4)
        v = _core.texas42.Solver(16).value(pos._pos)
        for guess in (0, v, 42, (v * 7 + seed) % 43):
            assert _core.texas42.Solver(16).value(pos._pos, guess) == v


def test_dd_table_matches_single_solves():
    deal = random_deal(7)
    table = dd_table(deal)
    assert table.points.shape == (9, 4)
    solver = Solver(tt_mb=16)
    for row, decl in enumerate(table.declarations):
        for seat in range(4):
            assert table.points[row, seat] == solver.value(Position(trump=decl, hands=deal, leader=seat))


def test_analyse_play_grades_against_move_values():
    pos = random_position(400, tricks_left=7, in_trick=0)
    r = solve(pos)
    worst = min(r.moves, key=r.moves.get)
    grades = analyse_play(pos, [r.pv[0], *r.pv[1:4]])
    assert all(g.cost == 0 for g in grades)
    assert analyse_play(pos, [worst])[0].cost == r.value - r.moves[worst]


@pytest.mark.parametrize("seed", range(4))
def test_projected_totals_follow_the_costs_to_the_points_taken(seed):
    """From a mid-trick start, random plays to the end: each team's projection starts at its value,
    moves by the costs, sums to the hand's points and ends at the points the team took."""
    start = random_position(700 + seed, tricks_left=5, in_trick=seed % 4)
    first = solve(start)
    worst = min(first.moves, key=first.moves.get)
    rng, pos, plays = random.Random(seed), start.copy(), [worst]
    pos.play(worst)
    while not pos.is_over:
        plays.append(rng.choice(pos.legal_moves))
        pos.play(plays[-1])
    grades = analyse_play(start, plays)
    ns, ew = (projected_totals(start, grades, team) for team in (0, 1))
    assert ns[0] == start.points[0] + (first.value if first.pov == "NS" else start.remaining_points - first.value)
    assert [a + b for a, b in zip(ns, ew)] == [sum(start.points) + start.remaining_points] * (len(plays) + 1)
    assert (ns[-1], ew[-1]) == tuple(pos.points)
    mover = 0 if first.pov == "NS" else 1
    cost = first.value - first.moves[worst]
    assert (ns[1] - ns[0], ew[1] - ew[0]) == ((-cost, cost) if mover == 0 else (cost, -cost))
    assert projected_totals(start, [], 0) == []
    with pytest.raises(ValueError, match="team must be 0"):
        projected_totals(start, grades, 2)


def test_batch_agrees_with_single_solves_on_two_threads():
    positions = [random_position(500 + i, tricks_left=7 - i % 3, in_trick=i % 4) for i in range(16)]
    batch = solve_batch(positions, threads=2, moves=True)
    solver = Solver(tt_mb=16)
    for i, pos in enumerate(positions):
        r = solver.solve(pos, pv=False)
        assert batch.values[i] == r.value
        for move, v in r.moves.items():
            assert batch.move_values[i, Tile(move).id] == v
        assert sum(batch.move_values[i] >= 0) == len(r.moves)


def test_batch_principal_variations_are_the_single_solves_lines():
    positions = [random_position(700 + i, tricks_left=6 - i % 3, in_trick=i % 4) for i in range(8)]
    batch = solve_batch(positions, threads=2, pv=True)
    assert batch.move_values is None and batch.pv is not None
    for i, pos in enumerate(positions):
        r = Solver(tt_mb=16).solve(pos, moves=False)
        assert batch.values[i] == r.value and [str(t) for t in batch.pv[i]] == r.pv
        assert len(r.pv) == 4 * pos.tricks_left - len(pos.trick)  # to the end of the hand
    assert solve_batch(positions[:2]).pv is None


def test_node_count_signature():
    """Node counts are deterministic: this pins the search's behaviour (update on purpose only)."""
    nodes = []
    for seed in range(10):
        solver = _core.texas42.Solver(16)
        pos = random_position(600 + seed, tricks_left=7, in_trick=0)
        solver.value(pos._pos)
        nodes.append(solver.nodes)
    assert nodes == SIGNATURE


SIGNATURE = [14458, 1879, 3542, 17088, 2518, 14962, 13129, 3625, 652, 13754]


def test_solvers_run_side_by_side_in_threads():
    """Each Solver owns its state (no global tables), and searches release the GIL: solvers in
    several Python threads give exactly the sequential results."""
    from concurrent.futures import ThreadPoolExecutor

    positions = [random_position(700 + i, tricks_left=7, in_trick=i % 4) for i in range(8)]
    expected = [Solver(tt_mb=4).solve(p, pv=False) for p in positions]

    def work(indices):
        solver = Solver(tt_mb=4)
        return [(i, solver.solve(positions[i], pv=False)) for i in indices]

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(r for part in pool.map(work, [range(0, 8, 2), range(1, 8, 2)]) for r in part)
    for i, r in results.items():
        assert (r.value, r.moves) == (expected[i].value, expected[i].moves)
