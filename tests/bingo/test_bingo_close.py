"""The close decision against every opponent hand solved alone: on random views of both rule profiles
(historic and the three modern columns), from the deal's start to the end of phase one, with
declarations shown and pending, the game points of closing counted over the hands the view allows
(Solver::close_over_hands, cpp/src/bingo_close.cpp) must be those of solving each hand's close one by
one (solve_worlds on the hand, no shortcut), with the capture bound (close.hpp: the trick points the
closer can make sure of refute closes short of 70 without a search, and show wins, some of them
sweeps worth all a close can win, without the search of win or lose) and without it."""

import random
from collections import Counter

import pytest
from dominosolver import bingo
from dominosolver.bingo import Position
from dominosolver.bingo.hint import close_value
from dominosolver.bingo.sampling import first_world, hand_masks, known_mask, position_of, split
from dominosolver.tiles import Tile

PROFILES = ["historic", "modern_dp", "modern_gb", "modern_sp"]


def random_view(seed: int, tricks: int):
    """The view of a player who may close, after at least `tricks` tricks of random play (tiles,
    draws and, now and then, declarations), or None when the deal left phase one first."""
    rng = random.Random(seed)
    deck = [Tile.from_id(i) for i in range(28)]
    rng.shuffle(deck)
    rules = bingo.Rules.preset(PROFILES[seed % len(PROFILES)])
    pos = Position.deal([deck[:7], deck[7:14]], deck[14:], rng.randrange(2), rules)
    while not pos.is_over and pos.phase == 1:
        if sum(pos.tricks) >= tricks and pos.is_legal("close") and rng.random() < 0.7:
            return pos.view(pos.to_move)
        moves = [m for m in pos.legal_moves if m.kind in ("tile", "draw", "declare")]
        declares = [m for m in moves if m.kind == "declare"]
        pos.play(rng.choice(declares) if declares and rng.random() < 0.5 else
                 rng.choice([m for m in moves if m.kind != "declare"]))
    return None


def one_by_one(view) -> Counter:
    """Every hand the view allows, its close solved alone."""
    hands, boneyards = hand_masks(view)
    base = position_of(view, *first_world(view))
    return Counter(bingo.Solver().solve_worlds(base, hands, boneyards, ["close"]))


def counted(view, capture_bound: bool) -> dict:
    """The counts with the capture bound on every view however few its hands (close_value leaves it
    out below Solver::kCaptureFromHands), or never."""
    free, _, need = split(view)
    base = position_of(view, *first_world(view))
    return bingo.Solver()._core.close_over_hands(base._pos, known_mask(view), sum(1 << i for i in free), need,
                                                 0 if capture_bound else 2**64 - 1)


def check(view) -> dict:
    want = one_by_one(view)
    got = counted(view, True)
    old = counted(view, False)
    assert got["hands"] == old["hands"] == sum(want.values())
    assert {v: k for v, k in zip(range(-3, 4), got["counts"]) if k} == dict(want), view.to_json()
    assert got["counts"] == old["counts"]
    assert old["refuted"] == old["proven"] == 0 and got["refuted"] + got["searched"] <= got["hands"]
    assert got["searched"] <= old["searched"]
    cv = close_value(view)
    assert cv.hands == got["hands"]
    assert cv.mean == pytest.approx(sum(v * k for v, k in want.items()) / cv.hands, abs=1e-12)
    return got


@pytest.mark.parametrize("chunk", range(8))
def test_close_counts_match_every_hand_solved_alone_in_phase_one(chunk):
    """25 views a chunk, 200 in all: after 3 to 6 tricks (8 to 3,432 opponent hands each)."""
    views = declared = refuted = 0
    for seed in range(chunk * 25, chunk * 25 + 25):
        view = random_view(1000 + seed, 3 + seed % 4)
        if view is None:
            continue
        got = check(view)
        views += 1
        declared += bool(view.opponent_known) or any(view.declarations)
        refuted += got["refuted"] > 0
    assert views >= 15  # most random deals reach a close in phase one
    assert refuted > 0  # the bound did refute hands


def test_close_counts_match_every_hand_solved_alone_early():
    """Views at the deal's start and after one or two tricks (up to C(20, 7) = 77,520 hands)."""
    views = refuted = proven = 0
    for seed in range(8):
        view = random_view(2000 + seed, seed % 3)
        if view is None:
            continue
        got = check(view)
        refuted += got["refuted"]
        proven += got["proven"]
        views += 1
    assert views >= 6 and refuted > 0 and proven > 0


def test_views_with_declarations_are_among_those_checked():
    """The random play declares: some views checked above have the opponent's doubles shown (tiles it
    is known to hold) or a declaration of the closer's own."""
    shown = 0
    for seed in range(200):
        view = random_view(1000 + seed, 3 + seed % 4)
        shown += view is not None and (bool(view.opponent_known) or any(view.declarations))
    assert shown >= 10
