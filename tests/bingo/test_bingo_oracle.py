"""The C++ solver against the plain minimax of tests/oracle (written from docs/rules.md alone) on random
closed or exhausted positions reached by random play: the value and every move's value must agree."""

import random

import pytest
from dominosolver import bingo
from dominosolver.tiles import Tile
from oracle.bingo_oracle import LexOracle, Oracle

VARIANTS = [
    bingo.Rules.preset("modern_dp"),
    bingo.Rules.preset("modern_gb"),
    bingo.Rules.preset("modern_sp"),
    bingo.Rules(bingo_led_suit="shared_number"),
    bingo.Rules(bingo_is_trump="off"),
    bingo.Rules(bingo_00_value_when_blank_trump="14", bingo_three_doubles="30", bingo_low_threshold="35"),
    bingo.Rules(close_fail_3="off", closer_scored_at="close"),
    bingo.Rules(bingo_declare_in_phase2="off", bingo_declare_must_lead_double="off"),
    bingo.Rules(bingo_p2_duty="follow_then_trump", bingo_led_suit="shared_number"),
]


def random_phase_two(rng: random.Random, rules: bingo.Rules, max_tiles: int, min_tiles: int = 1):
    """Random play from a random deal (closing sometimes, declaring sometimes) until a phase-two
    position with at most `max_tiles` tiles in hand; None when the deal ends first."""
    deck = [Tile.from_id(i) for i in range(28)]
    rng.shuffle(deck)
    start = rng.randrange(2)
    hands = [deck[7:14], deck[7:14]]
    hands[start] = deck[:7]
    hands[1 - start] = deck[7:14]
    pos = bingo.Position.deal(hands, deck[14:], start, rules)
    target = rng.randint(min_tiles, max_tiles)
    while not pos.is_over:
        held = len(pos.hand(0)) + len(pos.hand(1))
        if held < min_tiles:
            return None
        if pos.phase == 2 and held <= target and rng.random() < 0.5:
            return pos
        moves = pos.legal_moves
        special = [m for m in moves if m.kind != "tile"]
        pos.play(rng.choice(special) if special and rng.random() < 0.3 else
                 rng.choice([m for m in moves if m.kind == "tile"] or moves))
    return None


def positions(seed: int, count: int, max_tiles: int, variant_share: float, min_tiles: int = 1):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rules = rng.choice(VARIANTS) if rng.random() < variant_share else bingo.Rules()
        pos = random_phase_two(rng, rules, max_tiles, min_tiles)
        if pos is not None:
            out.append(pos)
    return out


def check(solver, pos):
    j = pos.to_json()
    value, moves = Oracle(j).all_moves()
    r = solver.solve(bingo.Position.from_json(j), margin=False, pv=False)
    assert (r.value, r.moves) == (value, moves), j


def test_two_thousand_small_positions_agree_with_the_oracle():
    solver = bingo.Solver(4)
    mids = 0
    for pos in positions(seed=2024, count=2000, max_tiles=10, variant_share=0.35):
        mids += bool(pos.trick)
        check(solver, pos)
    assert mids > 300  # positions with the lead on the table are well represented


def test_full_size_positions_agree_with_the_oracle():
    solver = bingo.Solver(4)
    for pos in positions(seed=7, count=8, max_tiles=14, variant_share=0.0, min_tiles=11):
        check(solver, pos)


def test_points_margin_is_the_lexicographic_optimum():
    solver = bingo.Solver(4)
    for pos in positions(seed=99, count=300, max_tiles=8, variant_share=0.3):
        j = pos.to_json()
        best = max(LexOracle(j).all_moves()[1].values())
        r = solver.solve(pos, margin=True, pv=False)
        assert (r.value, r.points_margin) == best, j


def test_points_margin_with_both_players_near_70():
    # Near 70 a deal ends as soon as a player passes it: tiles a player could still cash after
    # that never score, which a bound on the margin must not count.
    rng = random.Random(5)
    solver = bingo.Solver(4)
    checked = 0
    for pos in positions(seed=123, count=400, max_tiles=8, variant_share=0.0):
        j = pos.to_json()
        if 0 in j["tricks"]:
            continue
        j["points"] = [rng.randint(40, 69), rng.randint(40, 69)]
        pos = bingo.Position.from_json(j)
        if pos.is_over:
            continue
        best = max(LexOracle(j).all_moves()[1].values())
        r = solver.solve(pos, margin=True, pv=False)
        assert (r.value, r.points_margin) == best, j
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("seed", [1, 2])
def test_the_principal_variation_plays_out_to_the_value(seed):
    solver = bingo.Solver(4)
    for pos in positions(seed=seed, count=40, max_tiles=12, variant_share=0.0):
        r = solver.solve(pos)
        me = pos.to_move
        for m in r.pv:
            pos.play(m)
        res = pos.result
        assert pos.is_over
        assert (res.game_points if res.winner == me else -res.game_points) == r.value
