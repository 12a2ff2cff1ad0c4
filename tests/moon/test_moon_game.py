"""A whole game of Moon and of Partnership Moon in the core (docs/rules.md §4.1-4.2): the deal and
its widow, one round of bids, the trumps, the widow taken and one tile laid away, every trick
played, each player (or side) scored, and the game won at 21, the bidder going out first."""

from __future__ import annotations

import random

import pytest
from dominosolver import Tile, _core
from dominosolver.errors import IllegalMoveError
from oracle.texas42_rules import trick_winner
from support42 import to_oracle

T = _core.texas42
MOON = T.Rules({"family": "moon"})
MOON4 = T.Rules({"family": "moon4"})
FOSDICK = T.Rules({"family": "moon4", "moon4_preset": "fosdick"})
BLANKS = {t for t in range(28) if t in (1, 3, 6, 10, 15, 21)}  # 1-0 .. 6-0 (ids: hi * (hi + 1) / 2)


def tiles(mask: int) -> set[int]:
    return {t for t in range(28) if mask >> t & 1}


def play(game, move) -> None:
    kind, value = move
    {"bid": game.bid, "declare": game.declare, "discard": game.discard, "tile": game.play_tile}[kind](value)


def to_play_phase(game, rng: random.Random, bid: int) -> int:
    """The first seat to call bids `bid`, the others pass; it names a random trump. Its seat."""
    bidder = game.to_move
    play(game, ("bid", bid))
    while game.phase == "bidding":
        play(game, ("bid", 0))
    play(game, rng.choice(game.legal_moves))
    return bidder


def test_a_moon_deal_leaves_the_widow_and_the_bidder_exchanges_it():
    for seed in range(20):
        game, rng = T.Game(MOON, seed, 0), random.Random(seed)
        hand = game.current_hand
        dealt = [tiles(h) for h in hand["deal"]]
        widow = tiles(hand["undealt"])
        assert [len(h) for h in dealt] == [7, 7, 7] and len(widow) == 1
        assert set().union(*dealt, widow) == set(range(28)) - BLANKS
        assert [b.value for _, b in game.legal_moves] == [0, 4, 5, 6, 7, 21]
        bidder = to_play_phase(game, rng, 5)
        assert game.phase == "exchange" and game.to_move == bidder
        eight = dealt[bidder] | widow
        assert {v for _, v in game.legal_moves} == eight and {k for k, _ in game.legal_moves} == {"discard"}
        with pytest.raises(IllegalMoveError, match="must discard"):
            game.play_tile(min(eight))
        with pytest.raises(IllegalMoveError, match="only a tile of its hand or the widow"):
            game.discard(min(set(range(28)) - BLANKS - eight))
        laid = rng.choice(sorted(eight))
        game.discard(laid)
        pos = game.position
        assert game.phase == "playing" and pos.leader == bidder == game.to_move
        assert tiles(pos.hands[bidder]) == eight - {laid}
        assert [tiles(pos.hands[s]) for s in range(3) if s != bidder] == [dealt[s] for s in range(3) if s != bidder]
        assert game.current_hand["discard"] == laid


def finish_hand(game, rng: random.Random) -> dict:
    hands = len(game.finished_hands)
    while len(game.finished_hands) == hands:
        play(game, rng.choice(game.legal_moves))
    return game.finished_hands[-1]


@pytest.mark.parametrize("bid", [4, 7, 21])
def test_each_player_scores_its_own_tricks_and_the_bidder_its_bid(bid):
    for seed in range(15):
        game, rng = T.Game(MOON, seed, 0), random.Random(seed)
        bidder = to_play_phase(game, rng, bid)
        before = game.scores
        hand = finish_hand(game, rng)
        assert len(hand["plays"]) == 21 and hand["objective"] == "tricks"  # every trick played
        trump = int(hand["trump"]) if hand["trump"].isdigit() else hand["trump"]
        won = [0, 0, 0]  # each seat's tricks, by the oracle's trick winner
        for k in range(0, 21, 3):
            seats, played = zip(*hand["plays"][k:k + 3])
            won[seats[trick_winner([to_oracle(Tile.from_id(t)) for t in played], trump)]] += 1
        assert hand["tricks"] == (won[bidder], 7 - won[bidder])  # the bidder's side is side 0
        made = won[bidder] >= min(bid, 7)
        assert hand["result"]["made"] == made
        score = hand["result"]["score"]
        assert score == tuple((bid if made else -bid) if s == bidder else won[s] for s in range(3))
        assert tuple(b + s for b, s in zip(before, score)) == game.scores


def test_partnership_moon_deals_all_28_and_scores_sides():
    for rules, made_score in ((MOON4, lambda bid, took: bid), (FOSDICK, lambda bid, took: took)):
        for seed in range(10):
            game, rng = T.Game(rules, seed, 0), random.Random(seed)
            assert game.current_hand["undealt"] == 0
            bidder = to_play_phase(game, rng, rules.min_bid)
            assert game.phase == "playing"  # no widow, no exchange
            hand = finish_hand(game, rng)
            us, them = bidder % 2, 1 - bidder % 2
            took = hand["tricks"][0] if bidder % 2 == 0 else hand["tricks"][1]
            result = hand["result"]
            assert result["made"] == (took >= rules.min_bid) and len(game.scores) == 2
            assert result["score"][us] == (made_score(rules.min_bid, took) if result["made"] else -rules.min_bid)
            assert result["score"][them] == 7 - took


def test_the_first_to_21_wins_and_the_bidder_goes_out_first():
    """Games where the first to call bids 4 and the rest pass, played at random to the end."""
    ends = 0
    for seed in range(12):
        game, rng = T.Game(MOON, seed, 0), random.Random(seed)
        while game.phase != "game_over":
            before = game.scores
            bidder = to_play_phase(game, rng, 4)
            if game.phase == "exchange":
                play(game, rng.choice(game.legal_moves))
            hand = finish_hand(game, rng)
        reached = [s for s in range(3) if game.scores[s] >= 21]
        assert game.winner in reached
        if len(reached) > 1 and not (hand["result"]["made"] and game.winner == bidder):
            assert game.scores[game.winner] > max(game.scores[s] for s in reached if s != game.winner)
        else:
            assert game.winner == (bidder if hand["result"]["made"] and bidder in reached else reached[0])
        with pytest.raises(IllegalMoveError, match="over"):
            game.bid(0)
        ends += 1
    assert ends == 12
