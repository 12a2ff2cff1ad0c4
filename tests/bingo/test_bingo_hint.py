"""Sampling worlds from a Bingo view and hints: every world agrees with the view, sampling is uniform
(checked against full enumeration), seeded, and the hint's numbers are the average of separate
exact solves of the same worlds; the world the C++ core fits to a view (what a view read from JSON
is checked against) is the sampler's first world."""

import math
import random
from collections import Counter

import numpy as np
import pytest
from bingo_support import closed_game
from dominosolver import _core, bingo
from dominosolver.bingo import Game, Position
from dominosolver.bingo.hint import BATCH, close_value, hint
from dominosolver.bingo.notation import core_spec
from dominosolver.bingo.record import record_to_core
from dominosolver.bingo.sampling import (count_worlds, enumerate_worlds, first_world, hand_masks, position_of,
                                         sample_masks, sample_worlds)
from dominosolver.errors import InvalidPositionError, InvalidViewError
from dominosolver.tiles import Tile, mask_of


def play_to(seed: int, tricks: int, closed: bool = False) -> Position:
    rng = random.Random(seed)
    pos = Game(seed=seed).position
    while sum(pos.tricks) < tricks and not pos.is_over:
        pos.play(rng.choice([m for m in pos.legal_moves if m.kind == "tile"]))
    if closed and not pos.is_over and pos.is_legal("close"):
        pos.play("close")
    return pos


def assert_consistent(view, world):
    hand, facedown = world
    pos = position_of(view, hand, facedown)  # validated by the C++ core as a reachable position
    assert set(view.opponent_known) <= set(hand) and not set(hand) & set(view.opponent_absent)
    assert len(hand) == view.opponent_hand_size and len(facedown) == view.facedown_count
    assert pos.hand(view.seat) == view.hand and pos.to_move == view.to_move
    assert [str(m) for m in pos.legal_moves] == [str(m) for m in view.legal_moves]


def chi_square(counts: Counter, cells: int, n: int) -> float:
    expected = n / cells
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(cells))


def test_sampled_worlds_agree_with_the_view_and_replay_with_the_seed():
    for seed, tricks in [(1, 0), (2, 3), (3, 6), (4, 9)]:
        pos = play_to(seed, tricks)
        if pos.is_over:
            continue
        view = pos.view(pos.to_move)
        worlds = sample_worlds(view, 40, seed=7)
        for w in worlds:
            assert_consistent(view, w)
        assert sample_worlds(view, 40, seed=7) == worlds
        assert sample_worlds(view, 40, seed=8) != worlds or count_worlds(view) == 1


def test_voids_shown_in_phase_two_are_respected():
    """After the opponent failed to follow, no world gives it a tile of that suit."""
    pos = closed_game("5-3", ["6-6", "6-5", "2-1"], ["4-2", "4-1", "3-2"], lead=None, points=(10, 10), tricks=(2, 2))
    pos.play("6-6")
    pos.play("4-2")  # cannot follow sixes, cannot win (no trump): void in sixes and in trumps
    view = pos.view(0)
    absent = view.opponent_absent
    assert all(t.hi == 6 or t.lo == 6 or 5 in (t.hi, t.lo) or t.id == 0 for t in absent)
    assert {bingo.Move.parse(x).tile for x in ["6-4", "6-3", "5-4", "0-0"]} <= absent
    for w in sample_worlds(view, 200, seed=1):
        assert_consistent(view, w)


def test_sampling_is_uniform_over_opponent_hands():
    pos = None
    for seed in range(20, 60):
        pos = play_to(seed, 2, closed=True)
        rng = random.Random(seed)
        while not pos.is_over and len(pos.hand(pos.to_move)) > 4:
            pos.play(rng.choice(pos.legal_moves))
        if not pos.is_over and not pos.trick:
            break
    view = pos.view(pos.to_move)
    worlds = list(enumerate_worlds(view))
    free = view.unknown - view.opponent_absent
    assert len(worlds) == count_worlds(view) == math.comb(len(free), view.opponent_hand_size - len(view.opponent_known))
    assert len(worlds) > 100
    index = {tuple(h): i for i, (h, _) in enumerate(worlds)}
    n = 40 * len(worlds)
    counts = Counter(index[tuple(h)] for h, _ in sample_worlds(view, n, seed=5))
    df = len(worlds) - 1
    assert chi_square(counts, len(worlds), n) < df + 5 * math.sqrt(2 * df)


def test_sampling_is_uniform_over_boneyard_orders_in_phase_one():
    pos = play_to(12, 5)  # 4 tiles left in the boneyard: 3 face down, their order still hidden
    view = pos.view(pos.to_move)
    worlds = list(enumerate_worlds(view))
    assert len(worlds) == count_worlds(view) == math.comb(10, 7) * math.factorial(3)
    index = {(tuple(h), tuple(b)): i for i, (h, b) in enumerate(worlds)}
    n = 40 * len(worlds)
    counts = Counter(index[(tuple(h), tuple(b))] for h, b in sample_worlds(view, n, seed=9))
    df = len(worlds) - 1
    assert chi_square(counts, len(worlds), n) < df + 5 * math.sqrt(2 * df)


def test_an_exact_hint_averages_separate_solves_of_every_world():
    pos = play_to(5, 3, closed=True)
    view = pos.view(pos.to_move)
    h = hint(view)
    assert h.method == "exact" and h.exact and h.worlds == count_worlds(view) <= 3432
    means = {}
    moves = [str(m) for m in view.legal_moves]
    for hand, facedown in enumerate_worlds(view):
        values = bingo.Solver().move_values(position_of(view, hand, facedown), moves)
        for m, v in zip(moves, values):
            means.setdefault(m, []).append(v)
    for score in h.moves:
        col = means[score.move]
        assert score.mean == pytest.approx(sum(col) / len(col))
        assert score.p_win == pytest.approx(sum(v > 0 for v in col) / len(col))
    # Equal moves share a rank (docs/json.md), the next distinct move ranks by its place: 1, 1, 3...
    keys = [(s.mean, s.p_win) for s in h.moves]
    assert [s.rank for s in h.moves] == [1 + keys.index(k) for k in keys]
    assert all(a.mean >= b.mean for a, b in zip(h.moves, h.moves[1:]))


def test_a_sampled_hint_is_reproducible_and_reports_itself():
    pos = play_to(6, 4)
    a = hint(pos, samples=24, seed=3)
    b = hint(pos.view(pos.to_move), samples=24, seed=3)
    assert a.method == "pimc" and a.worlds == 24 and a.seed == 3
    assert [(m.move, m.mean, m.stderr) for m in a.moves] == [(m.move, m.mean, m.stderr) for m in b.moves]
    out = a.to_json()
    assert out["schema"] == "dominosolver.hint/1" and out["game"] == "bingo" and not out["exact"]
    assert out["best"] == out["moves"][0]["move"] and out["seed"] == 3
    assert {"move", "mean", "stderr", "p_make", "p_win", "rank"} <= set(out["moves"][0])
    assert "hands" not in out["position"] and out["position"]["seat"] == pos.to_move
    assert sorted(m["move"] for m in out["moves"]) == sorted(str(m) for m in pos.legal_moves)


def test_close_value_is_exact_over_every_opponent_hand():
    pos = play_to(3, 3)
    view = pos.view(pos.to_move)
    cv = close_value(view)
    assert cv.hands == math.comb(14, 7)
    total = 0
    from dominosolver.bingo.sampling import enumerate_hands

    hands = list(enumerate_hands(view))
    for hand, facedown in hands[::97]:  # a spread of them, solved one by one
        world = position_of(view, hand, facedown)
        total += 1
        assert bingo.Solver().move_values(world, ["close"])[0] in (-3, -2, -1, 1, 2, 3)
    assert total > 30 and -3 <= cv.mean <= 3
    with pytest.raises(InvalidPositionError):
        close_value(play_to(3, 3, closed=True))


@pytest.mark.parametrize("seed,tricks,rules", [(3, 0, None), (4, 0, "modern_sp"), (5, 1, None), (6, 2, "modern_dp"),
                                               (3, 3, None), (8, 5, "modern_gb"), (9, 6, None), (16, 4, "declare"),
                                               (15, 5, "declare")])
def test_close_value_counts_every_hand_as_its_own_solve_does(seed, tricks, rules):
    """The close decision skips the search of hands that cannot bring the closer to 70: its totals
    must be those of solving every hand's close one by one (solve_worlds, no such shortcut)."""
    rng = random.Random(seed)
    deck = list(range(28))
    rng.shuffle(deck)
    declare = rules == "declare"  # the opponent's declared doubles: tiles it is known to hold
    if declare:  # four doubles for player 1, who starts and shows them
        doubles = [i for i in deck if Tile.from_id(i).is_double]
        deck = [i for i in deck if i not in doubles[:4]]
        deck[7:7] = doubles[:4]
    pos = Position.deal([[Tile.from_id(i) for i in deck[:7]], [Tile.from_id(i) for i in deck[7:14]]],
                        [Tile.from_id(i) for i in deck[14:]], 1 if declare else seed % 2,
                        bingo.Rules.preset("historic" if declare else rules or "historic"))
    while (sum(pos.tricks) < tricks or (declare and pos.to_move != 0)) and not pos.is_over and pos.phase == 1:
        moves = [m for m in pos.legal_moves if m.kind in ("tile", "draw", "declare")]
        shown = [m for m in moves if m.kind == "declare" and pos.to_move == 1 and declare]
        pos.play(shown[0] if shown else rng.choice([m for m in moves if m.kind != "declare"]))
    assert not pos.is_over and pos.is_legal("close"), pos.to_json()
    view = pos.view(pos.to_move)
    if declare:  # the closer's opponent declared: its doubles still in hand are known
        assert view.opponent_known, pos.to_json()
    cv = close_value(view)
    hands, boneyards = hand_masks(view)
    base = position_of(view, *first_world(view))
    values = bingo.Solver().solve_worlds(base, hands, boneyards, ["close"])
    k = len(view.opponent_known)
    assert cv.hands == len(values) == math.comb(20 - 2 * sum(pos.tricks) - k, 7 - k)
    assert round(cv.mean * cv.hands) == sum(values)
    assert round(cv.p_win * cv.hands) == sum(v > 0 for v in values)
    assert cv.searched < cv.hands  # the bound spared some searches


def test_no_hint_out_of_turn_and_forced_moves():
    pos = play_to(7, 2)
    with pytest.raises(InvalidPositionError):
        hint(pos, seat=1 - pos.to_move)
    pos = Position.from_json({
        "schema": "dominosolver.position/1", "game": "bingo", "trump": 4, "turned": "4-3", "leader": 0,
        "hands": [["6-2"], ["5-1"]], "trick": [], "boneyard": [], "closed_by": None,
        "points": [60, 60], "tricks": [6, 7],
    })
    h = hint(pos)  # one legal move: valued on its worlds like any other (here the one world, all tiles known)
    assert h.method == "exact" and h.best == "6-2" and h.worlds == 1
    assert h.moves[0].mean == bingo.solve(pos).value == bingo.solve(pos).moves["6-2"]


def test_node_limited_hints_keep_every_world_with_its_bounds_and_say_so():
    pos = play_to(5, 3)
    view = pos.view(pos.to_move)
    h = hint(view, samples=12, seed=1, max_nodes=100)
    assert h.worlds == 12 and any("not solved to the end within 100 nodes" in w for w in h.warnings)
    # The same worlds (the hint's draws for seed 1), solved without a budget and with it.
    hands, boneyards = sample_masks(view, 12, seed=1)
    base = position_of(view, *first_world(view))
    moves = [str(m) for m in view.legal_moves]
    exact = np.array(bingo.Solver().solve_worlds(base, hands, boneyards, moves)).reshape(12, -1)
    # As the hint solves them: one solver, calls of BATCH worlds (the nodes an easy world leaves go to
    # the hard ones of its call; the solver's table and move ordering carry from one call to the next).
    solver, bounds = bingo.Solver(), []
    for k in range(0, 12, BATCH):
        bounds.append(solver.solve_worlds_bounds(base, hands[k:k + BATCH], boneyards[k:k + BATCH], moves, 100))
    lo, hi = (np.concatenate([np.array(b[i]) for b in bounds]).reshape(12, -1) for i in (0, 1))
    assert (lo <= exact).all() and (exact <= hi).all() and (lo < hi).any()
    cells = np.where((lo < 0) & (hi > 0), 0.0, (lo + hi) / 2)  # the documented stand-in for a cut move
    for m in h.moves:
        assert m.mean == pytest.approx(cells[:, moves.index(m.move)].mean())
        won = np.where(cells > 0, 1.0, np.where(cells < 0, 0.0, 0.5))[:, moves.index(m.move)]
        assert m.p_win == pytest.approx(won.mean())


# ---------------------------------------------------------------- the core's world that fits a view


def facts(view) -> dict:
    """The facts of a view, as the C++ core's fitting_position takes them (``change`` replaces some)."""
    return dict(
        seen=core_spec(view.world_fields([], [])), seat=view.seat,
        played=[t.id for t in view.played], opponent_hand_size=view.opponent_hand_size,
        boneyard_size=view.boneyard_size, opponent_replies=[(a.id, b.id) for a, b in view.opponent_replies],
        exchange=None if view.exchange is None else (view.exchange[0], view.exchange[1].id),
        record=record_to_core(view.record),
    )


def fit(view, **change):
    return _core.bingo.fitting_position(view.rules._core, _core.bingo.ViewFacts(**{**facts(view), **change}))


@pytest.mark.parametrize("seed,tricks,closed", [(1, 0, False), (2, 3, False), (3, 3, True), (4, 9, False), (5, 3, True)])
def test_the_core_fits_the_first_world_to_a_view(seed, tricks, closed):
    pos = play_to(seed, tricks, closed)
    for seat in (0, 1):
        view = pos.view(seat)
        core, known, absent = fit(view)
        fitted = Position._wrap(core)
        assert fitted == position_of(view, *first_world(view))
        assert (known, absent) == (mask_of(view.opponent_known), mask_of(view.opponent_absent))
        assert fitted.hand(seat) == view.hand and (None if fitted.is_over else fitted.to_move) == view.to_move
        if view.to_move == seat:
            assert [str(m) for m in fitted.legal_moves] == [str(m) for m in view.legal_moves]


def test_the_core_names_what_no_world_fits():
    view = play_to(2, 3).view(0)
    with pytest.raises(InvalidViewError, match="no deal fits this view: no world agrees with this view: the opponent holds"):
        fit(view, opponent_hand_size=view.opponent_hand_size + 1)
    seen = facts(view)["seen"]
    seen.hands = [[t.id for t in view.hand], [min(view.unknown).id]]
    with pytest.raises(InvalidViewError, match="no tile of the opponent's hand"):
        fit(view, seen=seen)
    with pytest.raises(InvalidViewError, match="a Bingo player is 0 or 1, not 2"):
        fit(view, seat=2)
