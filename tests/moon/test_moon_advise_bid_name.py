"""dominosolver.moon names its bid advice ``advise_bid``, as texas42 and biggame do: texas42's,
bidding a hand of tiles under Moon's rules unless told other ones (a view carries its own)."""

from __future__ import annotations

from dominosolver import moon, texas42

HAND = "66.65.64.55.54.44.11"


def test_moon_advise_bid_is_texas42s_under_moons_rules():
    ours = moon.advise_bid(HAND, samples=4, seed=1)
    assert type(ours) is moon.MoonBidAdvice
    assert ours == texas42.advise_bid(HAND, samples=4, seed=1, rules=moon.MOON)
    # rules= and a view keep theirs: Partnership Moon's four seats
    partnership = moon.advise_bid(HAND, samples=4, seed=1, rules=moon.MOON4)
    assert partnership == texas42.advise_bid(HAND, samples=4, seed=1, rules=moon.MOON4) != ours
    view = moon.PartnershipMoonGame(seed=3).view(1)
    assert moon.advise_bid(view, samples=4, seed=1) == texas42.advise_bid(view, samples=4, seed=1)
