"""Auction weighting: the documented bidder model, importance weights on the sampled worlds, and a
hint that averages with them (exact enumeration included)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from dominosolver import Tile
from dominosolver.texas42 import Game, PlayerView, Rules, Solver, hint
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.sampling import enumerate_worlds, position_of, sample_worlds
from dominosolver.texas42.weighting import world_weights
from dominosolver.tiles import mask_of


def bidding_view(auction):
    hand = tuple(Tile(t) for t in ["6-6", "6-5", "6-4", "5-5", "3-3", "2-1", "1-0"])
    return PlayerView.before_play(0, Rules(), hand, tuple(auction), to_move=0)


def strength(hand, n):
    """The documented strength, written out again: trumps, +1 for their double, +1/2 per other double."""
    trumps = [t for t in hand if n in (t.hi, t.lo)]
    others = [t for t in hand if t.is_double and t not in trumps]
    return len(trumps) + (Tile(n, n) in trumps) + 0.5 * len(others)


def test_auction_weights_follow_the_bidder_model():
    view = bidding_view([(1, 30), (2, 0), (3, 0)])
    worlds = sample_worlds(view, 30, seed=3)
    w = world_weights(view, worlds, "auction")
    assert world_weights(view, worlds, "uniform").tolist() == [1.0] * 30
    for world in worlds:
        assert world[0] == mask_of(view.hand)

    def loglik(world):
        total = 0.0
        for seat, bid in ((1, 30), (2, 0), (3, 0)):
            hand = [Tile.from_id(i) for i in range(28) if world[seat] >> i & 1]
            s = max(strength(hand, n) for n in range(7))
            p_bid = 1 / (1 + math.exp(-2.0 * (s - 4.0)))
            total += math.log(p_bid if bid else 1 - p_bid)
        return total

    expected = np.exp(np.array([loglik(x) for x in worlds]))
    assert np.allclose(w / w.sum(), expected / expected.sum())


def test_a_declaration_weights_the_declarers_trumps():
    game, bot = Game(seed=8), RuleBot()
    while game.phase != "playing":
        game.play(bot.choose(game))
    declarer = game.contract.declarer
    seat = (declarer + 1) % 4
    while game.to_move != seat:
        game.play(bot.choose(game))
    view = game.view(seat)
    worlds = sample_worlds(view, 300, seed=1)
    w = world_weights(view, worlds, "auction")
    w = w / w.sum()
    trump = view.trump
    count = np.array(
        [
            sum(
                trump in (Tile.from_id(i).hi, Tile.from_id(i).lo)
                for i in range(28)
                if x[declarer] >> i & 1
            )
            for x in worlds
        ]
    )
    assert float(w @ count) > float(count.mean())  # the declarer is expected to hold more trumps


@pytest.mark.parametrize("samples,exact_limit", [(20, 0), (200, 5000)])
@pytest.mark.parametrize("means", ["all", "tied"])
def test_weighted_hint_is_the_weighted_average(samples, exact_limit, means):
    game, bot = Game(seed=4), RuleBot()
    while game.phase != "playing" or len(game.position.plays) < 13:
        game.play(bot.choose(game))
    view = game.view(game.to_move)
    h = hint(view, samples=samples, seed=2, weighting="auction", exact_limit=exact_limit, threads=1, means=means)
    worlds = enumerate_worlds(view) if h.exact else sample_worlds(view, samples, seed=2)
    assert h.worlds == len(worlds) and h.weighting == "auction"
    w = world_weights(view, worlds, "auction")
    solver = Solver(4)
    values = [solver.solve(position_of(view, x), pv=False).moves for x in worlds]
    for m in h.moves:
        expected = sum(wk * v[m.move] for wk, v in zip(w, values)) / w.sum()
        if means == "tied" and m.mean is None:  # not tied for the best chance, or best alone
            assert m.rank > 1 or [x.rank for x in h.moves].count(1) == 1
            continue
        assert m.mean == pytest.approx(expected, abs=1e-9)
    assert any("effective sample size" in x for x in h.warnings)
