"""Hints for Moon and Partnership Moon (docs/rules.md §4.1-4.2): in play, every move valued in
tricks with the chance that the bid is made, from any seat's point of view; in the widow exchange,
every tile the bidder may lay away. Checked against exact solves of the same worlds, position by
position, independent of the batched search and of the core's discard_values."""

from __future__ import annotations

import numpy as np
import pytest
from dominosolver import Tile, _core
from dominosolver.errors import InvalidViewError
from dominosolver.texas42 import Game, Position, Rules, Solver, hint
from dominosolver.texas42.sampling import WorldSampler, enumerate_worlds, position_of
from dominosolver.tiles import mask_of, tiles_of
from test_moon_views import MOON, MOON4, moon_position


def exact_move_values(view, worlds):
    """Per world, each legal move's value for the side to move, solved one position at a time."""
    solver = Solver(tt_mb=4)
    rows = []
    for w in worlds:
        moves = solver.solve(position_of(view, w), pv=False).moves
        rows.append([moves[str(t)] for t in view.legal_moves])
    return np.array(rows)


@pytest.mark.parametrize("rules,seed,plays", [(MOON, 1, 12), (MOON, 4, 13), (MOON, 8, 10), (MOON4, 2, 17), (MOON4, 6, 20)])
def test_a_hint_over_every_world_equals_the_exact_solves(rules, seed, plays):
    pos, _ = moon_position(seed, plays, rules)
    bidder = pos.contract.declarer
    view = pos.view(pos.to_move)
    worlds = enumerate_worlds(view)
    h = hint(view, exact_limit=len(worlds), threads=1)
    assert h.method == "exact" and h.worlds == len(worlds) and h.units == "tricks"
    values = exact_move_values(view, worlds)
    world = position_of(view, worlds[0])
    ours = world.side_of(view.seat) == world.side_of(bidder)
    taken = world.tricks_won[world.side_of(bidder)]
    bidder_tricks = taken + (values if ours else world.tricks_left - values)
    need = 7 if int(pos.contract.bid) == 21 else int(pos.contract.bid)
    for j, tile in enumerate(view.legal_moves):
        assert h[str(tile)].mean == pytest.approx(values[:, j].mean())
        assert h[str(tile)].p_make == pytest.approx((bidder_tricks[:, j] >= need).mean())
    assert h.goal == ("make" if ours else "set")
    if rules == MOON:
        assert h.pov == world.side_names[world.side_of(view.seat)]  # as a solve names the side
        assert h.pov == (MOON.seat_names[bidder] if view.seat == bidder
                         else "".join(n for s, n in enumerate(MOON.seat_names) if s != bidder))


def exchange_game(seed: int, bid: int = 5, trump: str = "4") -> Game:
    """A Moon game in its widow exchange: the first to call bids `bid`, the others pass."""
    game = Game(rules=MOON, seed=seed)
    core = game._game
    core.bid(bid)
    while core.phase == "bidding":
        core.bid(0)
    core.declare(trump)
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_the_discard_hint_values_each_tile_laid_away_on_the_same_worlds(seed):
    game = exchange_game(seed)
    bidder = game.contract.declarer
    view = game.view(bidder)
    h = hint(view, samples=30, seed=seed, threads=1)
    assert sorted(m.move for m in h.moves) == sorted(str(t) for t in view.hand) and h.units == "tricks"
    worlds = WorldSampler(view).sample(30, seed=seed)  # the hint's worlds: the same seed, the same draws
    solver = Solver(tt_mb=4)
    eight = mask_of(view.hand)
    for tile in view.hand:
        tricks = []
        for w in worlds:
            hands = list(w)
            hands[bidder] = eight & ~(1 << tile.id)
            pos = Position._wrap(_core.texas42.Position(MOON._core, "4", [[t.id for t in tiles_of(m)] for m in hands],
                                                        None, [], (bidder, 5)))
            tricks.append(solver.value(pos))
        assert h[str(tile)].mean == pytest.approx(np.mean(tricks))
        assert h[str(tile)].p_make == pytest.approx(np.mean(np.array(tricks) >= 5))
    best = h.moves[0]
    assert all((best.p_make, best.mean) >= (m.p_make, m.mean) for m in h.moves)
    assert "lay a tile away" in str(h)


def test_the_discard_hint_is_the_bidders_and_threads_agree():
    game = exchange_game(3)
    bidder = game.contract.declarer
    one = hint(game.view(bidder), samples=12, seed=5, threads=1)
    two = hint(game.view(bidder), samples=12, seed=5, threads=2)
    assert [(m.move, m.mean, m.p_make) for m in one.moves] == [(m.move, m.mean, m.p_make) for m in two.moves]
    with pytest.raises(InvalidViewError, match="is not to play"):
        hint(game.view((bidder + 1) % 3), samples=4, seed=1)


def test_auction_weighting_falls_back_to_uniform_in_moon():
    pos, _ = moon_position(3, 5)
    h = hint(pos.view(pos.to_move), samples=10, seed=1, weighting="auction", threads=1)
    assert h.weighting == "uniform" and "auction weighting models Texas 42's players" in h.warnings[0]
