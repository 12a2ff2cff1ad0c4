"""The solver with the boneyard open (phase one, the drawing order known: a "world") against the plain
minimax of tests/oracle/bingo_open_oracle.py (written from docs/rules.md alone) and against the C++
plain minimax (no pruning, no table, no bounds), on random positions of every preset near the end of
phase one: mid-trick, awaiting a draw, with declarations pending. Both players are pushed towards 70
so that the plain searches end. Then the node budget: it degrades to bounds that hold the value."""

import random

import pytest
from dominosolver import bingo
from dominosolver.tiles import Tile
from oracle.bingo_open_oracle import OpenOracle

VARIANTS = [
    bingo.Rules(),
    bingo.Rules.preset("modern_dp"),
    bingo.Rules.preset("modern_gb"),
    bingo.Rules.preset("modern_sp"),
    bingo.Rules(bingo_is_trump="off", close_fail_3="off", closer_scored_at="close"),
    bingo.Rules(bingo_led_suit="shared_number", bingo_three_doubles="30", bingo_low_threshold="35"),
    bingo.Rules(bingo_declare_in_phase2="off", bingo_declare_must_lead_double="off"),
    bingo.Rules(bingo_close_timing="instead_of_draw", bingo_last_faceup_to="winner"),
]


def phase_one(rng: random.Random, rules: bingo.Rules, max_boneyard: int, low: int) -> bingo.Position | None:
    """Random play from a random deal (declaring sometimes, never closing) to a phase-one position
    with at most `max_boneyard` boneyard tiles, then points between `low` and 69 for each player
    with a trick (a player without one gets one of the other's, most of the time, or else
    sometimes a declaration still pending). None when the deal ends or leaves phase one first."""
    deck = [Tile.from_id(i) for i in range(28)]
    rng.shuffle(deck)
    pos = bingo.Position.deal([deck[:7], deck[7:14]], deck[14:], rng.randrange(2), rules)
    target = rng.choice(range(2, max_boneyard + 1, 2))
    while not pos.is_over and pos.phase == 1:
        if len(pos.boneyard) <= target and rng.random() < (0.9 if pos.awaiting_draw else 0.6):
            break
        moves = pos.legal_moves
        special = [m for m in moves if m.kind not in ("tile", "close")]
        tiles = [m for m in moves if m.kind == "tile"]
        pos.play(rng.choice(special) if special and (rng.random() < 0.3 or not tiles) else rng.choice(tiles))
    if pos.is_over or pos.phase != 1:
        return None
    j = pos.to_json()
    tricks = list(j["tricks"])
    declarers = {d["player"] for d in j.get("declarations") or []}
    if 0 in tricks and not declarers and rng.random() < 0.4:  # a declaration waiting for a first trick
        z = tricks.index(0)
        doubles = [t for t in j["hands"][z] if t[0] == t[-1]]
        if len(doubles) >= 2:
            j["declarations"] = [{"player": z, "tiles": rng.sample(doubles, rng.randint(2, len(doubles)))}]
            declarers.add(z)
    if 0 in tricks and sum(tricks) >= 2 and rng.random() < 0.8:
        z = tricks.index(0)
        if z not in declarers:  # a declaration waiting for its first trick stays pending
            tricks[z], tricks[1 - z] = 1, tricks[1 - z] - 1
    j["tricks"] = tricks
    floor = low if 0 not in tricks else max(low, 66)  # a player without a trick makes deals long
    j["points"] = [rng.randint(floor, 69) if t else 0 for t in tricks]
    return bingo.Position.from_json(j)


def positions(seed: int, count: int, max_boneyard: int, low: int) -> list[bingo.Position]:
    rng = random.Random(seed)
    out: list[bingo.Position] = []
    while len(out) < count:
        pos = phase_one(rng, rng.choice(VARIANTS), max_boneyard, low)
        if pos is not None:
            out.append(pos)
    return out


@pytest.mark.slow  # ~70 s: the minimax in Python
def test_a_thousand_phase_one_positions_agree_with_the_open_oracle():
    solver = bingo.Solver(4)
    kinds = {"mid_trick": 0, "awaiting_draw": 0, "pending": 0, "can_close": 0, "declare": 0}
    for pos in positions(seed=41, count=1000, max_boneyard=2, low=64) + positions(
            seed=42, count=40, max_boneyard=4, low=66):
        j = pos.to_json()
        value, moves = OpenOracle(j).all_moves()
        r = solver.solve(bingo.Position.from_json(j), margin=False, pv=False)
        assert (r.value, r.moves) == (value, moves), j
        kinds["mid_trick"] += bool(pos.trick)
        kinds["awaiting_draw"] += pos.awaiting_draw
        kinds["pending"] += any(pos.pending)
        kinds["can_close"] += "close" in moves
        kinds["declare"] += any(m.startswith("declare") for m in moves)
    # every kind of phase-one position is well represented
    assert min(kinds.values()) >= 15, kinds


def test_phase_one_values_agree_with_the_plain_minimax():
    solver = bingo.Solver(4)
    for pos in positions(seed=7, count=2500, max_boneyard=2, low=60) + positions(seed=8, count=150, max_boneyard=4,
                                                                                  low=64):
        value, _ = bingo.plain_minimax(pos)
        assert solver.value(pos) == value, pos.to_json()


def test_a_node_budget_degrades_to_bounds_that_hold_the_value():
    solver, exact = bingo.Solver(4), bingo.Solver(4)
    bounded = 0
    for k, pos in enumerate(positions(seed=11, count=150, max_boneyard=4, low=55)):
        truth = exact.solve(pos, margin=False, pv=False)
        solver.clear()
        r = solver.solve(pos, margin=False, pv=False, max_nodes=[5, 40, 300][k % 3])
        bounds = r.extra.get("bounds") or {m: [v, v] for m, v in r.moves.items()}  # none: all solved
        assert set(bounds) == set(truth.moves)
        for move, (lo, hi) in bounds.items():
            assert lo <= truth.moves[move] <= hi, (pos.to_json(), move)
            assert (lo == hi) == (move in r.moves)
            bounded += lo < hi
        if r.value is not None:
            assert r.moves == truth.moves
    assert bounded > 50  # the budgets were small enough to matter



def test_move_ordering_carried_from_world_to_world_leaves_values_unchanged():
    """A hint's solver carries its table, killer moves and history from one world to the next: on
    positions deeper in phase one (up to 10 boneyard tiles), that solver gives every move the value a
    fresh solver gives it, and its value is the best of them."""
    shared = bingo.Solver()
    ps = positions(seed=21, count=150, max_boneyard=10, low=30)
    assert max(len(p.boneyard) for p in ps) == 10 and sum(bool(p.trick) for p in ps) >= 20
    for pos in ps:
        fresh = bingo.Solver().solve(pos, margin=False, pv=False)
        carried = shared.solve(pos, margin=False, pv=False)
        assert (carried.value, carried.moves) == (fresh.value, fresh.moves), pos.to_json()
        assert shared.value(pos) == fresh.value == max(fresh.moves.values())
