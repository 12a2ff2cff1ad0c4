"""Bidding advice: the points per declaration equal the double-dummy table's column for the seat on
the same seeded deals; P(make) per bid; the declaration is chosen by averages; legal bids only."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from dominosolver.errors import InvalidViewError
from dominosolver.texas42 import Game, PlayerView, advise_bid, dd_table
from dominosolver.texas42.bid_advice_json import FIRST_BATCH
from dominosolver.texas42.sampling import sample_worlds
from dominosolver.tiles import tiles_of

HAND = ["6-6", "6-5", "6-4", "6-2", "5-5", "3-3", "1-0"]


@pytest.fixture(scope="module")
def advice():
    return advise_bid(HAND, seat=2, samples=8, seed=4, threads=2, discount=0)


def test_points_are_the_dd_table_column_on_the_same_deals(advice):
    view = PlayerView.before_play(2, advice_rules(), advice.hand, (), to_move=2)
    worlds = sample_worlds(view, 8, seed=4)
    assert advice.points.shape == (9, 8)
    for k, world in enumerate(worlds):
        table = dd_table([tiles_of(m) for m in world])
        assert table.declarations == advice.declarations
        assert list(advice.points[:, k]) == list(table.points[:, 2])


def advice_rules():
    from dominosolver.texas42 import Rules

    return Rules()


def test_p_make_and_means(advice):
    pts = advice.points
    for bid in (30, 35, 41):
        assert list(advice.p_make(bid)) == [float(np.mean(row >= bid)) for row in pts]
    for bid in (42, 84, 126):  # every trick, i.e. all 42 points
        assert list(advice.p_make(bid)) == [float(np.mean(row == 42)) for row in pts]
    means = [float(np.mean(row)) for row in pts]
    assert advice.best_declaration() == advice.declarations[int(np.argmax(means))]
    d = advice.best_declaration(34)
    i = advice.declarations.index(d)
    assert advice.p_make(34)[i] == advice.p_make(34).max()
    assert sum(advice.histogram(d)) == 8


def test_recommended_bid_is_legal_and_follows_the_risk(advice):
    assert advice.bid in advice.legal_bids
    top = max(b for b in advice.legal_bids)
    assert replace(advice, risk=0.0).bid == top  # every trick made often enough: the most marks
    assert replace(advice, risk=0.0, mark_risk=1.01).bid == 30  # the cheapest point bid
    assert replace(advice, risk=1.01, mark_risk=1.01).bid == 0
    assert (
        replace(advice, risk=1.01, mark_risk=1.01, legal_bids=[30, 31, 32]).bid == 30
    )  # a dealer who may not pass
    assert replace(advice, risk=0.0, mark_risk=1.01, partner_high=True).bid == 0
    p35 = advice.p_make(35).max()
    threshold = replace(advice, risk=float(p35), mark_risk=1.01, legal_bids=[0, 35, 36, 37, 38])
    assert threshold.bid == 35
    discounted = replace(threshold, discount=3)
    assert list(discounted.p_bid(35)) == [float(np.mean(row - 3 >= 35)) for row in advice.points]
    over = advise_bid(
        HAND, auction=[(3, 30), (0, 41)], seat=1, samples=4, seed=4, threads=2, risk=0.0, mark_risk=0.0
    )
    assert over.legal_bids == [0, 42, 84] and over.bid == 84
    j = over.to_json()
    assert (
        j["schema"] == "dominosolver.bidadvice/1"
        and j["bid"] == "84"
        and len(j["declarations"]) == 9
    )


def test_same_seed_same_advice_and_game_input():
    a = advise_bid(HAND, seat=2, samples=3, seed=9, threads=1)
    b = advise_bid(HAND, seat=2, samples=3, seed=9, threads=2)
    assert np.array_equal(a.points, b.points) and a.bid == b.bid and a.declaration == b.declaration
    game = Game(seed=2)
    seat = game.to_move
    g = advise_bid(game, samples=3, seed=9, threads=2)
    h = advise_bid([str(t) for t in game.deal()[seat]], seat=seat, samples=3, seed=9, threads=2)
    assert g.seat == seat and np.array_equal(g.points, h.points)
    assert set(g.legal_bids) == {m.value for m in game.legal_moves}


def test_bad_hands():
    with pytest.raises(InvalidViewError):
        advise_bid(HAND[:6], samples=4)
    with pytest.raises(InvalidViewError):
        advise_bid(HAND[:6] + ["6-6"], samples=4)


def test_a_view_carries_the_legal_bids_for_a_dealer_who_may_not_pass():
    """Under forced_dealer the dealer may not pass after three passes: the view says so, and the
    advice (also through JSON) stays within the legal bids."""
    from dominosolver.texas42 import Rules

    game = Game(seed=6, rules=Rules(all_pass="forced_dealer"), dealer=0)
    for _ in range(3):
        game.play("pass")
    view = game.view(0)
    assert 0 not in view.legal_bids and 30 in view.legal_bids
    back = PlayerView.from_json(view.to_json())
    assert back.legal_bids == view.legal_bids
    advice = advise_bid(back, samples=3, seed=1, threads=2)
    assert replace(advice, risk=1.01, mark_risk=1.01).bid == 30  # forced to bid even when no bid is judged safe
    assert game.view(1).legal_bids == ()  # not this seat's turn


def test_a_time_limit_or_stop_ends_after_a_batch_of_deals():
    """Stopped early, the advice rests on the first batch of the same deals: the same numbers (under a
    time limit the first batch is small, to measure the pace; without one, a hundred deals)."""
    hand = Game(seed=3).deal()[1]
    full = advise_bid(hand, seat=1, samples=150, seed=4, threads=1)
    timed = advise_bid(hand, seat=1, samples=150, seed=4, threads=1, time=0)
    stopped = advise_bid(hand, seat=1, samples=150, seed=4, threads=1, should_stop=lambda: True)
    assert full.worlds == 150 and timed.worlds == FIRST_BATCH and stopped.worlds == 100
    assert np.array_equal(timed.points, full.points[:, :FIRST_BATCH])
    assert np.array_equal(stopped.points, full.points[:, :100])


def test_the_hint_bots_bid_by_tests_is_the_advisers_bid_on_the_same_deals():
    """The hint bot decides 42's ordinary bids by zero-window tests at the levels the decision turns
    on (bots.py ``_bid_by_tests``): the same bid as the adviser's on the same deals and thresholds."""
    from dominosolver.texas42.bots import HintBot, RuleBot

    asked = 0
    for seed in range(8):
        game = Game(seed=seed, dealer=seed % 4)
        while game.phase == "bidding":
            view = game.view(game.to_move)
            legal = [m.value for m in game.legal_moves]
            tested = HintBot(seed=seed)._bid_by_tests(game, view, legal)
            assert tested == replace(HintBot(seed=seed)._advise(game), legal_bids=sorted(legal)).bid
            asked += 1
            game.play(RuleBot().choose(game))
    assert asked >= 32
