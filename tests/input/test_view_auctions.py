"""Views checked whole (issue 40, point 7): an auction in a view past the bidding (declared, in the
exchange, in play, over) replays in the core to its end, so its text form, which writes the calls in
turn from the first bidder, reads back as the same view; legal_bids are the seat's own, in the
auction, each once. Every game of the 42 family: the fuzzer's JSON -> text -> view check covers
them at random (tests/fuzz)."""

from __future__ import annotations

import json

import pytest
from dominosolver import biggame, moon, texas42
from dominosolver.errors import InvalidViewError
from dominosolver.texas42 import PlayerView

IMPOSSIBLE = [
    # one seat making every bid: the text form would give the calls to the seats in turn
    "moon seat=P2 contract=P221 trump=none hand=66.54.44.43.42.41.32.31 auction=P2:7,21,pass",
    "seat=W contract=E42 trump=5 hand=65.61.51.44.31.22.10 plays=E60 auction=W:33,34,41,42",
]


def test_one_seat_bidding_every_time_is_refused_in_play():
    good = PlayerView("seat=W contract=E42 trump=5 hand=65.61.51.44.31.22.10 plays=E60 auction=W:33,34,42,pass")
    o = good.to_json()
    o["auction"] = [{"seat": 3, "bid": b} for b in ("33", "34", "42", "pass")]  # W every time
    with pytest.raises(InvalidViewError, match="out of turn"):
        PlayerView.from_json(o)
    assert PlayerView(str(good)) == good


@pytest.mark.parametrize("text", IMPOSSIBLE[:1])
def test_a_contract_the_auction_does_not_give_is_refused(text):
    with pytest.raises(InvalidViewError):
        PlayerView(text)


def test_an_unfinished_auction_is_refused_past_the_bidding():
    good = PlayerView("seat=W contract=E42 trump=5 hand=65.61.51.44.31.22.10 plays=E60 auction=W:33,34,42,pass")
    o = good.to_json()
    o["auction"] = o["auction"][:2]
    with pytest.raises(InvalidViewError, match="not over|gives no contract"):
        PlayerView.from_json(o)


@pytest.mark.parametrize("legal_bids", [
    ["pass", "30", "30"],  # twice
    ["pass", "31"],  # not the bids legal here
])
def test_odd_legal_bids_are_refused(legal_bids):
    view = texas42.Game(seed=1).view(texas42.Game(seed=1).to_move)
    o = view.to_json()
    o["legal_bids"] = legal_bids
    with pytest.raises(InvalidViewError, match="legal_bids"):
        PlayerView.from_json(o)


def test_legal_bids_of_a_seat_not_to_call_are_refused():
    game = texas42.Game(seed=1)
    other = (game.to_move + 1) % 4
    o = game.view(other).to_json()
    o["legal_bids"] = [texas42.rules.bid_name(b) for b in game.view(game.to_move).legal_bids]
    with pytest.raises(InvalidViewError, match="legal_bids"):
        PlayerView.from_json(o)


@pytest.mark.parametrize("rules", [texas42.Rules(), texas42.Rules(specials="all"), moon.MOON, moon.MOON4,
                                   biggame.BIG_GAME], ids=lambda r: r.family)
def test_every_view_of_a_played_game_reads_back_from_json_and_from_text(rules):
    import random

    for seed in range(3):
        game, rng = texas42.Game(seed=seed, rules=rules), random.Random(seed)
        for _ in range(80):
            if game.is_over:
                break
            for seat in range(rules.seats):
                view = game.view(seat)
                again = PlayerView.from_json(json.loads(json.dumps(view.to_json())))
                assert again == view
                assert PlayerView(str(again)) == view, str(view)
            game.play(rng.choice(game.legal_moves))


def test_legal_bids_in_another_order_read_as_the_cores_and_round_trip_through_text():
    game = texas42.Game(seed=1, rules=moon.MOON)
    view = game.view(game.to_move)
    o = view.to_json()
    o["legal_bids"] = list(reversed(o["legal_bids"]))
    again = PlayerView.from_json(o)
    assert again == view and PlayerView(str(again)) == again
