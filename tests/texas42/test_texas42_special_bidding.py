"""Bidding advice on the special bids (docs/rules.md §3.4-3.5, under specials = all): P(make) of a
Plunge or Splash on the advice's own deals equals the solver's `makes` with the partner naming its
best declaration per deal; which hands are offered which; the threshold that bids them."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from dominosolver import Tile
from dominosolver.texas42 import Game, Move, Position, Rules, Solver, advise_bid
from dominosolver.texas42.bidding import special_threshold
from dominosolver.texas42.rules import Bid
from dominosolver.texas42.sampling import WorldSampler
from dominosolver.texas42.view import PlayerView

SPECIALS = Rules(specials="all")
FOUR_DOUBLES = "66.55.44.33.65.21.10"
THREE_DOUBLES = "66.55.44.65.63.21.10"


def solver_makes(hand: str, seat: int, bid: Bid, samples: int, seed: int) -> np.ndarray:
    """[declaration, deal]: the solver's own `makes` on the advice's deals (the same seeded stream of
    the seat's view before the auction), each declaration named by the partner, who leads."""
    tiles = tuple(sorted((Tile(t) for t in hand.split(".")), reverse=True))
    view = PlayerView.before_play(seat, SPECIALS, tiles, (), to_move=seat)
    deals = list(itertools.islice(WorldSampler(view).stream(seed), samples))
    solver = Solver(16)
    out = np.zeros((len(SPECIALS.table_declarations), samples), bool)
    for i, trump in enumerate(SPECIALS.table_declarations):
        for k, deal in enumerate(deals):
            hands = [[Tile.from_id(t) for t in range(28) if m >> t & 1] for m in deal]
            pos = Position(trump=trump, hands=hands, contract=(seat, bid), rules=SPECIALS)
            assert pos.to_move == SPECIALS.partner_of(seat)
            out[i, k] = solver.solve(pos, moves=False, pv=False).makes
    return out


@pytest.mark.parametrize("hand,kinds", [(FOUR_DOUBLES, ["plunge", "splash"]), (THREE_DOUBLES, ["splash"])])
def test_special_p_make_is_the_partners_best_declaration_per_deal(hand, kinds):
    advice = advise_bid(hand, seat=1, samples=12, seed=4, rules=SPECIALS, threads=1)
    assert [s.bid.kind for s in advice.specials] == kinds
    for special in advice.specials:
        expected = solver_makes(hand, 1, special.bid, 12, 4)
        assert (special.makes == expected).all()
        p = expected.any(axis=0).mean()
        assert special.p_make == pytest.approx(p) and special.stderr == pytest.approx(np.sqrt(p * (1 - p) / 11))
        row = special.to_json()
        assert row["p_make"] == round(p, 6) and row["declarations"]["doubles"] == round(expected[7].mean(), 6)
        assert row["p_make_named"] == round(expected.mean(axis=1).max(), 6)


def test_special_bids_are_offered_only_to_hands_that_may_make_them():
    plunge = advise_bid(FOUR_DOUBLES, seat=0, samples=4, seed=1, rules=SPECIALS, threads=1)
    assert [s.bid for s in plunge.specials] == [Bid(168, "plunge"), Bid(84, "splash")]
    assert not advise_bid("66.55.65.64.63.21.10", samples=4, seed=1, rules=SPECIALS, threads=1).specials
    standard = advise_bid(FOUR_DOUBLES, samples=4, seed=1, threads=1)
    assert not standard.specials and "specials" not in standard.to_json()
    # Over a high bid of k marks a special bid is one mark more if that is above its least (§3.4-3.5).
    over = advise_bid(FOUR_DOUBLES, [(0, 84)], seat=1, samples=4, seed=1, rules=SPECIALS, threads=1)
    assert [s.bid for s in over.specials] == [Bid(168, "plunge"), Bid(126, "splash")]
    over = advise_bid(FOUR_DOUBLES, [(0, Bid(168, "plunge"))], seat=1, samples=4, seed=1, rules=SPECIALS, threads=1)
    assert [s.bid for s in over.specials] == [Bid(210, "plunge"), Bid(210, "splash")]


def test_special_threshold_weighs_the_marks_at_stake():
    assert special_threshold(4) == 0.5  # against a pass: made +4, set -4
    assert special_threshold(4, ordinary_gain=1.0) == pytest.approx(0.625)  # beat one mark won surely
    assert special_threshold(2, ordinary_gain=1.0) == pytest.approx(0.75)
    assert special_threshold(4, ordinary_gain=-0.5, floor=0.85) == 0.85
    assert special_threshold(1, ordinary_gain=5.0) == 1.0


def test_the_advice_bids_a_special_when_worth_it():
    advice = advise_bid(FOUR_DOUBLES, seat=0, samples=40, seed=2, rules=SPECIALS, threads=1)
    plunge, splash = advice.specials
    assert plunge.p_make == splash.p_make > 0.5  # the same play: only the marks differ
    # Judged by the best single declaration (named before the deal is known), at most the per-deal best.
    assert plunge.p_named == max(plunge.makes.mean(axis=1)) <= plunge.p_make
    best = max(advice.specials, key=lambda s: advice.stake(s.bid) * (2 * s.p_named - 1))
    assert best.p_named >= advice.threshold(best)  # this hand is worth a special bid
    assert advice.bid == best.bid and advice.declaration is None and advice.special == best
    assert advice.to_json()["bid"] == str(best.bid) and advice.to_json()["declaration"] is None
    # Out of reach (a threshold of 1 when an ordinary bid is worth as much), or not legal: the ordinary advice.
    strict = advise_bid(FOUR_DOUBLES, seat=0, samples=40, seed=2, rules=SPECIALS, threads=1, mark_risk=1.0)
    assert strict.special is None and getattr(strict.bid, "kind", "ordinary") == "ordinary"
    assert strict.bid == advise_bid(FOUR_DOUBLES, seat=0, samples=40, seed=2, threads=1, mark_risk=1.0).bid
    ordinary_only = advise_bid(FOUR_DOUBLES, seat=0, samples=40, seed=2, rules=SPECIALS, threads=1,
                               legal_bids=[0, 30, 31, 42])
    assert ordinary_only.special is None and ordinary_only.bid in (0, 30, 31, 42)


def test_naming_for_a_partners_plunge_keeps_its_doubles_in_every_deal():
    """The partner names the declaration (§3.4) from deals in which the plunger holds the doubles it
    showed: the advice's points are the solves of exactly those deals."""
    game = Game(seed=4, rules=SPECIALS)
    bidder = next(s for s, h in enumerate(game.deal()) if sum(t.is_double for t in h) >= 4)
    while game.to_move != bidder:
        game.play(Move("bid", 0))
    game.play(Move("bid", Bid(168, "plunge")))
    while game.phase == "bidding":
        game.play(Move("bid", 0))
    namer = game.to_move
    view = game.view(namer)
    shown = set(view.revealed[bidder])
    assert game.phase == "declaring" and namer == SPECIALS.partner_of(bidder) and len(shown) >= 4
    advice = advise_bid(game, samples=6, seed=2, threads=1)
    assert not advice.specials
    deals = list(itertools.islice(WorldSampler(view).stream(2), 6))
    assert all(shown <= {Tile.from_id(t) for t in range(28) if deal[bidder] >> t & 1} for deal in deals)
    solver = Solver(16)
    for i, trump in enumerate(SPECIALS.table_declarations):
        for k, deal in enumerate(deals):
            hands = [[Tile.from_id(t) for t in range(28) if m >> t & 1] for m in deal]
            pos = Position(trump=trump, hands=hands, contract=(namer, SPECIALS.min_bid), rules=SPECIALS)
            assert advice.points[i, k] == solver.solve(pos, moves=False, pv=False).value
