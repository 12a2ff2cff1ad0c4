"""The Big Game's hidden information (docs/rules.md §4.3): one tile of the set lies out of play, the
undealt tile or the bidder's discard. The bidder knows it (its view states the discard); the others
see one unseen tile too many, which in play is never a counter (an undealt counter must be taken,
no counter is laid away) but before the exchange may be any. Views round-trip with lower-end leads
among their plays; the sampler's worlds fit, are counted exactly, and keep the counters in play;
hints rank the two leads of a tile as separate moves; the bid advice exchanges per deal."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import pytest
from dominosolver import _core
from dominosolver.biggame import BIG_GAME, BigGame, LowerEndLead, PlayerView, Position, hint
from dominosolver.biggame.exchange_rule import exchanged, weakest_discard
from dominosolver.errors import InvalidViewError
from dominosolver.io import validate
from dominosolver.texas42 import BidTests, advise_bid, solve_batch
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.sampling import (
    WorldSampler,
    enumerate_worlds,
    out_of_play,
    position_of,
    sample_worlds,
)
from dominosolver.tiles import Tile, mask_of, tiles_of

COUNTERS = {t for t in tiles_of(BIG_GAME._core.tile_set) if _core.texas42.counter_value(t.id)}


def game_in_play(seed: int, plays: int) -> BigGame:
    """A game of rule bots, ``plays`` plays into its first hand that is played."""
    game, bot = BigGame(seed=seed), RuleBot()
    while game.phase != "playing" or len(game.position.plays) < plays:
        game.play(bot.choose(game))
    return game


def test_out_of_play_tiles_are_the_set_less_every_counter():
    assert tiles_of(BIG_GAME.may_be_out_of_play) == sorted(set(tiles_of(BIG_GAME._core.tile_set)) - COUNTERS)
    assert len(COUNTERS) == 7


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_views_round_trip_and_only_the_bidder_knows_the_discard(seed):
    game = game_in_play(seed, 9)
    bidder = game.contract.declarer
    for seat in range(4):
        view = game.view(seat)
        assert PlayerView.from_json(view.to_json()) == view and PlayerView(str(view)) == view
        validate(view.to_json(), "view")
        assert (view.discard is not None) == (seat == bidder)
        assert view.out_of_play == (0 if seat == bidder else 1)
        assert len(view.hidden) == sum(view.hand_sizes) - len(view.hand) + view.out_of_play


def test_a_lower_end_lead_in_a_views_plays_reads_back():
    for seed in range(40):
        game, bot = BigGame(seed=seed), RuleBot()
        while not game.hands_played and not game.is_over:
            low = [m for m in game.legal_moves if isinstance(m.value, LowerEndLead)]
            if not low:
                game.play(bot.choose(game))
                continue
            game.play(low[0])
            for seat in range(4):
                view = game.view(seat)
                assert view.plays[-1][1] == low[0].value and view.trick == (low[0].value,)
                assert PlayerView.from_json(view.to_json()) == view and PlayerView(str(view)) == view
                assert view.to_json()["plays"][-1]["tile"] == str(low[0].value)
            return
    pytest.fail("no hand of 40 seeds offered a lower-end lead")


def test_sampled_worlds_keep_every_counter_in_play_once_the_bidder_exchanged():
    game = game_in_play(7, 5)
    bidder = game.contract.declarer
    seat = (bidder + 1) % 4
    view = game.view(seat)
    outs = Counter()
    for world in sample_worlds(view, 300, seed=1):
        (out,) = tiles_of(out_of_play(view, world))
        assert out not in COUNTERS
        outs[out] += 1
        assert PlayerView.of_position(position_of(view, world), seat, view.auction) == view
    assert len(outs) > 5  # the out-of-play tile is not fixed in another seat's view
    mine = game.view(bidder)  # the bidder knows the tile out of play: its discard, in every world
    assert {out_of_play(mine, w) for w in sample_worlds(mine, 50, seed=4)} == {1 << mine.discard.id}


def test_before_the_exchange_the_undealt_tile_may_be_a_counter():
    game = BigGame(seed=7)
    view = game.view(game.to_move)
    assert view.trump is None and view.out_of_play == 1
    outs = {tiles_of(out_of_play(view, w))[0] for w in sample_worlds(view, 400, seed=2)}
    assert outs & COUNTERS and outs - COUNTERS


def test_the_count_is_exact():
    """With no void shown, the other hands and the one tile out of play (a non-counter) take the
    unseen tiles in every way: the count is a sum of multinomials, one per tile that may lie out."""
    checked = 0
    for seed in range(12):
        for plays in (4, 8, 12):
            game = game_in_play(seed, plays)
            for seat in range(4):
                view = game.view(seat)
                if seat == game.contract.declarer or any(view.voids):
                    continue
                hidden = view.hidden
                sizes = [view.hand_sizes[s] for s in range(4) if s != seat]
                may_lie_out = [t for t in hidden if t not in COUNTERS]
                ways = math.factorial(len(hidden) - 1) // math.prod(math.factorial(n) for n in sizes)
                assert WorldSampler(view).count == len(may_lie_out) * ways
                checked += 1
    assert checked >= 10


def test_a_small_view_enumerates_each_world_once():
    game = game_in_play(5, 36)  # two tricks left
    seat = next(s for s in range(4) if s != game.contract.declarer)
    view = game.view(seat)
    worlds = enumerate_worlds(view)
    assert len(worlds) == len(set(worlds)) == WorldSampler(view).count > 1
    for world in worlds:
        assert not set(tiles_of(out_of_play(view, world))) & COUNTERS
        assert PlayerView.of_position(position_of(view, world), seat, view.auction) == view


def test_a_late_hint_ranks_both_leads_of_a_tile():
    pos = Position("biggame trump=4 leader=N hands=82.73.66.61.20.10.00/88.77.55.52.43.32.30/86.85.83.81.63.50.31/"
                   "87.75.72.62.60.51.21 contract=N45 discard=44")
    h = hint(pos.view(0), samples=6, seed=2)
    assert {m.move for m in h.moves} == {str(m) for m in pos.legal_moves} >= {"7-3:3", "8-2:2"}
    validate(h.to_json(), "hint")
    other = hint(pos.copy().view(0), samples=6, seed=2)
    assert [m.move for m in other.moves] == [m.move for m in h.moves]  # the same worlds, the same ranking


def test_the_exchange_takes_a_counter_and_lays_away_the_weakest():
    view = BigGame(seed=7).view(1)  # E, first to bid, 11 tiles
    for world in sample_worlds(view, 50, seed=3):
        undealt = out_of_play(view, world)
        for trump in (0, 5, "none"):
            after = exchanged(view, world, trump)
            gone = (world[1] | undealt) & ~after[1]
            assert after[1].bit_count() == 11 and gone.bit_count() == 1 and after[0::2] == world[0::2]
            assert tiles_of(gone)[0] not in COUNTERS
            if Tile.from_id(undealt.bit_length() - 1) in COUNTERS:
                assert after[1] & undealt  # a counter is always taken
    assert weakest_discard([Tile("6-6"), Tile("5-1"), Tile("2-0")], 2) == Tile("5-1")  # off trumps, then a double last
    assert weakest_discard([Tile("6-1"), Tile("4-3")], "none", mask_of([Tile("6-1")])) == Tile("6-1")  # equal pips: leave it


def test_bid_advice_tests_the_level_in_question_and_agrees_with_exact_solves():
    """The Big Game's advice (biggame/bidding.py) tests each declaration at the least bid's points
    plus the discount; what the tests prove holds on exact solves of the same deals (the seat
    declaring and leading, after the exchange's rule of thumb)."""
    hand = "86.81.73.70.66.60.55.54.32.31.22"
    advice = advise_bid(hand, seat="E", rules=BIG_GAME, samples=3, seed=5, threads=2)
    level = BIG_GAME.points_needed(42) + advice.discount
    assert advice.worlds == 3 and advice.tested.level == level and advice.discount == 5
    tests = BidTests(PlayerView.before_play(1, BIG_GAME, advice.hand, (), to_move=1), 3, 5, threads=2)
    exact = solve_batch([Position._wrap(tests.position(d, w)) for d in range(len(tests.declarations)) for w in range(3)],
                        threads=2)
    points = exact.values.reshape(len(tests.declarations), 3)
    share = (points >= level).mean(axis=1)
    assert (advice.tested.low <= share + 1e-9).all() and (share <= advice.tested.high + 1e-9).all()
    makes = bool(advice.tested.made.max() >= math.ceil(advice.risk * 3 - 1e-9))
    assert advice.bid == (42 if makes else 0) and advice.action == ("42" if makes else "pass")
    out = advice.to_json()
    assert out["game"] == "biggame" and out["action"] == advice.action and out["level"] == level
    assert [d["p_make"]["42"] for d in out["declarations"]] == [round(float(x), 6) for x in advice.tested.low]
    with pytest.raises(InvalidViewError, match="11 tiles"):
        advise_bid("66.65.64.62.55.33.10", rules=BIG_GAME, samples=2)


def test_a_counter_as_the_bidders_discard_is_refused_by_name():
    """The bidder lays away a non-counter (§4.3): a view saying otherwise, read from JSON (the core's
    check) or built directly, names the fault."""
    pos = Position("biggame trump=4 leader=N hands=82.73.66.61.20.10.00/88.77.55.52.43.32.30/"
                   "86.85.83.81.63.50.31/87.75.72.62.60.51.21 contract=N45 discard=44")
    o = pos.view(0).to_json()
    assert PlayerView.from_json(o).discard == Tile("4-4")
    o["gone"] = [t for t in o["gone"] if t != "6-4"] + ["4-4"]
    o["discard"] = "6-4"
    with pytest.raises(InvalidViewError, match="the discard 6-4 is a counter"):
        PlayerView.from_json(o)
    with pytest.raises(InvalidViewError, match="the discard 6-4 is a counter"):
        replace(pos.view(0), discard=Tile("6-4"), gone=tuple(Tile(t) for t in o["gone"]))
    with pytest.raises(InvalidViewError, match="the discard 6-4 is a counter"):  # the core's boundary alone
        _core.texas42.fitting_position(BIG_GAME._core, "4", 0, [t.id for t in pos.view(0).hand], [7, 7, 7, 7], 0, [],
                                       [Tile(t).id for t in o["gone"]], pos.contract, [], Tile("6-4").id)
