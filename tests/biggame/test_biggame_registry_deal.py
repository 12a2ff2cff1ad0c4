"""The registry's Big Game deal (``GameSpec.deal``) is a hand as played: the bidder has exchanged,
so no counter lies out of play (docs/rules.md §4.3) and every seat's view holds all through a play."""

import random

from dominosolver import games
from dominosolver.tiles import Tile

SPEC = games.get("biggame")
COUNTERS = {Tile(hi, lo) for hi in range(9) for lo in range(hi + 1) if hi + lo in (5, 10)}


def test_every_counter_is_dealt_to_a_hand_and_the_bidder_holds_eleven():
    undealt_counters = 0
    for seed in range(40):
        for variant in SPEC.variants[::3]:
            pos = SPEC.deal(seed, variant)
            held = {t for hand in pos.hands for t in hand}
            assert COUNTERS <= held, (seed, variant, COUNTERS - held)
            assert [len(h) for h in pos.hands] == [11] * 4
            assert sum(t.pips for t in held if t in COUNTERS) == 55
        undealt_counters += not COUNTERS <= {t for h in SPEC.Game(seed=seed).deal() for t in h}
    assert undealt_counters >= 5  # the deals above include undealt counters, taken by the bidder


def test_every_view_holds_through_a_random_play():
    for seed in range(12):
        pos, rng = SPEC.deal(seed, SPEC.variants[seed % len(SPEC.variants)]), random.Random(seed)
        while not pos.is_over:
            for seat in range(4):
                assert pos.view(seat).seat == seat
            pos.play(rng.choice(list(pos.legal_moves)))
