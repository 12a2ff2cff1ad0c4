"""The rule-of-thumb measure of a hand (a trump 1, the double of trumps 1 more, another double 1/2)
is stated once, in the core (``weighting::strength``, texas42/decisions.hpp): RuleBot's
``trump_strength`` and the auction weighting's bidder model both read it. Checked against the rule
written plainly here, on hands of every family's tile set and every suit."""

from __future__ import annotations

import random

import pytest
from dominosolver._core import decisions
from dominosolver.texas42.bots import trump_strength
from dominosolver.texas42.rules import FAMILIES, Rules, set_mask
from dominosolver.tiles import mask_of, tiles_of


def plainly(hand, suit):
    trumps = [t for t in hand if suit in (t.hi, t.lo)]
    return len(trumps) + sum(t.is_double for t in trumps) + 0.5 * sum(t.is_double for t in hand if t not in trumps)


@pytest.mark.parametrize("family", FAMILIES)
def test_trump_strength_is_the_cores_measure(family):
    rules = Rules(family=family)
    tiles = tiles_of(set_mask(rules))
    rng = random.Random(family)
    seen = set()
    for _ in range(300):
        hand = tuple(rng.sample(tiles, rng.randint(0, rules.hand_size + 1)))
        for suit in rules.suits:
            expected = plainly(hand, suit)
            assert trump_strength(hand, suit) == expected
            assert decisions.weighting.strength(mask_of(hand), suit) == expected
            seen.add(expected)
    assert len(seen) > 10  # hands of many strengths, half points too
    assert any(x % 1 for x in seen)
