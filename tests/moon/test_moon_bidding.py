"""Bidding advice for Moon and Partnership Moon (docs/rules.md §4.1-4.2): per declaration the tricks
the hand takes as the bidder on deals drawn from its view (Moon: the widow drawn too, and its best
discard taken on each deal), checked position by position against exact solves of the same deals;
P(make) per bid (21 needs every trick), and the bid chosen by its worth b (2p - 1)."""

from __future__ import annotations

import numpy as np
import pytest
from dominosolver import Tile, _core
from dominosolver.errors import InvalidViewError
from dominosolver.texas42 import PlayerView, Position, Rules, Solver, advise_bid
from dominosolver.moon.bidding import MoonBidAdvice
from dominosolver.texas42.sampling import WorldSampler, out_of_play
from dominosolver.tiles import bits_of, mask_of, tiles_of
from test_moon_views import MOON, MOON4

HAND = "66.65.64.52.44.41.11"


def solved(rules: Rules, trump, hands, seat: int) -> int:
    pos = Position._wrap(_core.texas42.Position(rules._core, str(trump), [bits_of(m) for m in hands], None, [], (seat, 4)))
    value = Solver(tt_mb=4).value(pos)
    return value if pos.side_of(pos.to_move) == pos.side_of(seat) else rules.hand_tricks - value


@pytest.mark.parametrize("rules,seat", [(MOON, 1), (MOON4, 2), (Rules(family="moon", moon_doubles_trump="on"), 0)])
def test_the_advice_is_the_exact_tricks_of_its_deals(rules, seat):
    advice = advise_bid(HAND, seat=seat, samples=6, seed=7, rules=rules, threads=1)
    assert isinstance(advice, MoonBidAdvice) and advice.worlds == 6
    assert advice.declarations == list(rules.declarations)
    assert ("doubles" in advice.declarations) == (rules != MOON)
    hand = tuple(Tile(t) for t in HAND.split("."))
    view = PlayerView.before_play(seat, rules, tuple(sorted(hand, reverse=True)), (), to_move=seat)
    worlds = WorldSampler(view).sample(6, seed=7)  # the advice's deals: the same seed, the same draws
    for i, trump in enumerate(advice.declarations):
        for k, world in enumerate(worlds):
            if rules.undealt:  # the bidder takes the widow and keeps the best 7 of its 8 tiles
                eight = world[seat] | out_of_play(view, world)
                expected = max(solved(rules, trump, [m if s != seat else eight & ~(1 << t) for s, m in enumerate(world)], seat)
                               for t in bits_of(eight))
            else:
                expected = solved(rules, trump, world, seat)
            assert advice.tricks[i, k] == expected
    for bid in (4, 5, 6, 7, 21):
        need = 7 if bid == 21 else bid
        assert np.allclose(advice.p_make(bid), (advice.tricks >= need).mean(axis=1))
    assert advice.to_json()["game"] == ("moon4" if rules == MOON4 else "moon")


def advice_of(tricks: list[list[int]], legal=(0, 4, 5, 6, 7, 21), risk=0.5, rules=MOON, partner_high=False,
              discount=0) -> MoonBidAdvice:
    rows = np.array(tricks, dtype=np.int16)
    return MoonBidAdvice(hand=(), seat=0, rules=rules, declarations=list(range(len(rows))), tricks=rows,
                         legal_bids=list(legal), risk=risk, worlds=rows.shape[1], seed=0, elapsed=0.0,
                         partner_high=partner_high, discount=discount)


def test_the_bid_is_the_one_worth_most():
    """Worth: b (2p - 1) less an opponent's mean tricks (Moon: half the other two's, each scoring its own)."""
    assert advice_of([[7, 7, 7, 7]]).bid == 21  # every trick on every deal: shoot the moon
    assert advice_of([[3, 3, 2, 4]]).bid == 0  # 4 made on one deal in four: pass
    # The second trump makes 5 three times in 4 (worth 5 * 0.5 = 2.5); the first always makes 4 (worth 4).
    advice = advice_of([[4, 4, 4, 4], [5, 5, 6, 3], [3, 3, 3, 7]])
    assert advice.bid == 4 and advice.declaration == 0
    assert advice_of([[3, 3, 3, 3], [5, 5, 6, 5]]).bid == 5 and advice_of([[3, 3, 3, 3], [5, 5, 6, 5]]).declaration == 1
    assert advice_of([[3, 3, 3, 3]], legal=(7, 21)).bid == 7  # no pass open: the least bid
    assert advice_of([[7, 7, 7, 6]], risk=0.9).bid == 6  # 7 and 21 made 3 times in 4, short of the risk
    # 4 made 3 times in 4 is worth 2, less an opponent's (3 + 3 + 3 + 7) / 4 / 2 = 2 tricks: no gain.
    assert advice_of([[4, 4, 4, 0]]).bid == 0 and advice_of([[4, 4, 4, 1]]).bid == 4
    # Partnership Moon: one side against, all its tricks count (4 * 1 - 3 = 1 > 0), and never over a partner.
    assert advice_of([[4, 4, 4, 4]], rules=MOON4).worth(4)[0] == pytest.approx(1.0)
    assert advice_of([[7, 7, 7, 7]], rules=MOON4, partner_high=True).bid == 0
    # A trick off each value: 7 on every deal judges as 6 (worth 6 less half a trick against).
    discounted = advice_of([[7, 7, 7, 7]], discount=1)
    assert discounted.bid == 6 and discounted.worth(6)[0] == pytest.approx(5.5) and discounted.p_make(21)[0] == 1.0


def test_moon_advice_refuses_hands_that_are_not_moon_hands():
    with pytest.raises(InvalidViewError, match="not in Moon's 22 tiles"):
        advise_bid("66.65.64.60.44.41.11", samples=4, seed=1, rules=MOON)
    with pytest.raises(InvalidViewError, match="holds 7 tiles"):
        advise_bid("66.65.64.44.41.11", samples=4, seed=1, rules=MOON)
