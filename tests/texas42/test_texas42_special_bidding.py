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
from dominosolver.texas42.bots import HintBot
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
    old = {"risk": 0.5, "discount": 0}  # the thresholds this hand was chosen under
    advice = advise_bid(FOUR_DOUBLES, seat=0, samples=40, seed=2, rules=SPECIALS, threads=1, mark_risk=0.5, **old)
    plunge, splash = advice.specials
    assert plunge.p_make == splash.p_make > 0.5  # the same play: only the marks differ
    # Judged by the best single declaration (named before the deal is known), at most the per-deal best.
    assert plunge.p_named == max(plunge.makes.mean(axis=1)) <= plunge.p_make
    best = max(advice.specials, key=lambda s: advice.stake(s.bid) * (2 * s.p_named - 1))
    assert best.p_named >= advice.threshold(best)  # this hand is worth a special bid
    assert advice.bid == best.bid and advice.declaration is None and advice.special == best
    assert advice.to_json()["bid"] == str(best.bid) and advice.to_json()["declaration"] is None
    # Out of reach (a threshold of 1 when an ordinary bid is worth as much), or not legal: the ordinary advice.
    strict = advise_bid(FOUR_DOUBLES, seat=0, samples=40, seed=2, rules=SPECIALS, threads=1, mark_risk=1.0, **old)
    assert strict.special is None and getattr(strict.bid, "kind", "ordinary") == "ordinary"
    assert strict.bid == advise_bid(FOUR_DOUBLES, seat=0, samples=40, seed=2, threads=1, mark_risk=1.0, **old).bid
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


NELLO_RULES = Rules(specials="all", nello_doubles_allowed="all")
LOW_HAND = "43.42.40.30.21.20.10"  # no double, nothing above a four: a Nel-O hand


def test_declared_contracts_p_make_is_the_solvers_makes_on_the_same_deals():
    advice = advise_bid(LOW_HAND, seat=2, samples=10, seed=3, rules=NELLO_RULES, threads=1)
    assert [s.declared for s in advice.declared] == ["sevens", "nello", "nello-high", "nello-low"]
    tiles = tuple(sorted((Tile(t) for t in LOW_HAND.split(".")), reverse=True))
    view = PlayerView.before_play(2, NELLO_RULES, tiles, (), to_move=2)
    deals = list(itertools.islice(WorldSampler(view).stream(3), 10))
    solver = Solver(16)
    for own in advice.declared:
        assert own.bid == Bid(42) and own.declarations == [own.declared] and own.makes.shape == (1, 10)
        expected = np.array([
            solver.solve(Position(trump=own.declared, hands=[[Tile.from_id(t) for t in range(28) if m >> t & 1]
                                                              for m in deal], contract=(2, 42), rules=NELLO_RULES),
                         moves=False, pv=False).makes
            for deal in deals])
        assert (own.makes[0] == expected).all()
        p = expected.mean()
        assert own.p_make == pytest.approx(p) == own.p_named
        assert own.stderr == pytest.approx(np.sqrt(p * (1 - p) / 9))
        row = own.to_json()
        assert row["declared"] == own.declared and row["p_make"] == round(p, 6) and row["bid"] == "42"
    assert advice.to_json()["declared"] == [{**s.to_json(), "threshold": round(advice.threshold(s), 6)}
                                            for s in advice.declared]
    assert any(s.p_make > 0.5 for s in advice.declared) and any(s.p_make < 0.5 for s in advice.declared)


def test_declared_contracts_follow_the_rules_and_the_auction():
    assert not advise_bid(LOW_HAND, samples=4, seed=1, threads=1).declared  # standard 42: no specials
    offered = advise_bid(LOW_HAND, samples=4, seed=1, rules=SPECIALS, threads=1)
    assert [s.declared for s in offered.declared] == ["sevens", "nello", "nello-high"]
    assert "declared" not in advise_bid(LOW_HAND, samples=4, seed=1, threads=1).to_json()
    # Over a high bid of a mark, the least mark bid left is two marks.
    over = advise_bid(LOW_HAND, [(0, 42)], seat=1, samples=4, seed=1, rules=SPECIALS, threads=1)
    assert {s.bid for s in over.declared} == {Bid(84)}


def test_the_advice_bids_a_mark_and_declares_nello_when_worth_it():
    advice = advise_bid(LOW_HAND, samples=40, seed=2, rules=NELLO_RULES, threads=1)
    best = max(advice.declared, key=lambda s: s.p_named)
    assert best.declared.startswith("nello") and best.p_named >= advice.threshold(best)
    assert advice.special is not None and advice.special.declared is not None
    assert advice.bid == 42 and advice.declaration == advice.special.declared
    assert advice.best_declaration(42) == advice.special.declared  # named once the mark is won
    assert f"declare {advice.special.declared}" in str(advice)
    assert advice.to_json()["declaration"] == advice.special.declared
    # No mark bid legal: nothing declared of its own, the ordinary advice with a points declaration.
    no_mark = advise_bid(LOW_HAND, samples=40, seed=2, rules=NELLO_RULES, threads=1, legal_bids=[0, 30, 31])
    assert not no_mark.declared and no_mark.special is None
    assert no_mark.declaration in NELLO_RULES.table_declarations


def test_the_hint_bot_bids_and_declares_nello():
    game = Game(seed=1448, rules=NELLO_RULES)  # the first to bid holds 4-3 4-2 4-0 3-0 2-1 2-0 1-0
    seat = game.to_move
    assert max(int(str(t)[0]) for t in game.deal()[seat]) <= 4
    bot = HintBot(samples=8, bid_samples=40, seed=1)
    bid = bot.choose(game)
    assert bid == Move("bid", 42)
    game.play(bid)
    while game.phase == "bidding":
        game.play(Move("bid", 0))
    assert game.phase == "declaring" and game.to_move == seat
    move = bot.choose(game)
    assert move.kind == "declare" and str(move.value).startswith("nello")
    game.play(move)  # legal


def test_no_contract_of_its_own_over_the_partners_high_bid():
    over_partner = advise_bid(LOW_HAND, [(2, 42), (3, 0)], seat=0, samples=20, seed=2, rules=NELLO_RULES, threads=1)
    assert over_partner.partner_high and any(s.p_named >= over_partner.threshold(s) for s in over_partner.declared)
    assert over_partner.special is None and over_partner.bid == 0


def test_nello_is_offered_on_the_least_bid_the_rules_allow():
    """Under nello_min = any_bid Nel-O may be declared on a points bid (§3.3), so the advice offers it
    on the least legal bid; Sevens still needs a mark (§3.6)."""
    any_bid = Rules(specials="all", nello_min="any_bid")
    advice = advise_bid(LOW_HAND, samples=4, seed=1, rules=any_bid, threads=1)
    assert {s.declared: s.bid for s in advice.declared} == {"sevens": Bid(42), "nello": Bid(30), "nello-high": Bid(30)}
    over = advise_bid(LOW_HAND, [(0, 35)], seat=1, samples=4, seed=1, rules=any_bid, threads=1)
    assert {s.declared: s.bid for s in over.declared} == {"sevens": Bid(42), "nello": Bid(36), "nello-high": Bid(36)}
