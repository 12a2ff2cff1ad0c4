"""Moon's house-rule flags in the C++ game (docs/rules.md §4.1-4.2, §6.2 M-1, M-2, M-3, M-8) and
Fosdick's best of three: each flag's effect on the auction, the score or the end of the game, and
bad flags refused by name."""

from __future__ import annotations

import pytest
from dominosolver.errors import ParseError
from dominosolver import moon
from dominosolver.moon import FOSDICK, MOON4, MoonGame, MoonRules, PartnershipMoonGame, PartnershipMoonRules, Position
from dominosolver.texas42 import Rules

# A Moon deal: 7 tiles each, 3-2 left out (the widow the bidder laid away).
DEAL = [h.split(".") for h in "66.65.64.63.62.61.55/54.53.52.51.44.43.42/41.33.31.22.21.11.00".split("/")]


def played_out(pos: Position) -> Position:
    """The hand played to its end, each seat's first legal tile."""
    pos = pos.copy()
    while not pos.is_over:
        pos.play(pos.legal_moves[0])
    return pos


def test_moon_all_pass_forces_the_last_caller_to_bid_4():
    for rules, last in ((MoonRules(), ["pass", "4", "5", "6", "7", "21"]), (MoonRules(moon_all_pass="forced_last_4"), ["4"])):
        game = MoonGame(seed=4, rules=rules)
        game.play("pass")
        game.play("pass")
        assert [str(m) for m in game.legal_moves] == last


def test_the_bidders_score_made_and_set_under_each_flag():
    # P0 holds every six and 5-5: bidding 5 in sixes it takes all 7 tricks, whatever is played.
    for flags, score in (({}, (5, 0, 0)), ({"moon_bidder_score": "tricks_taken"}, (7, 0, 0))):
        pos = played_out(Position(trump=6, hands=DEAL, contract=(0, 5), rules=MoonRules(**flags)))
        assert pos.tricks_won == (7, 0) and pos.result == {"made": True, "score": score, "decides_game": False}
    # Shooting the moon in blanks, P0 loses a trick to P2's 0-0, the only trump: set.
    for flags, score in (({}, lambda t: (-21, t[1], t[2])),
                         ({"moon_set": "opponents_get_bid"}, lambda t: (0, t[1] + 21, t[2] + 21))):
        pos = Position(trump=0, hands=DEAL, contract=(0, 21), rules=MoonRules(**flags))
        seat_tricks = [0, 0, 0]
        while not pos.is_over:
            pos.play(pos.legal_moves[-1])
            if not pos.trick:
                seat_tricks[pos.trick_winner] += 1
        assert seat_tricks[0] < 7 and pos.result["made"] is False
        assert pos.result["score"] == score(seat_tricks)


def hand_by_bids(game, bid_for) -> dict:
    """Play one hand of ``game``: each seat calls ``bid_for(game)``, the trumps and the widow's
    discard are the first legal ones, every tile the first legal one. The hand's record."""
    hands = len(game.hands_played)
    while len(game.hands_played) == hands:
        if game.phase == "bidding":
            game.play(bid_for(game))
        else:
            game.play(game.legal_moves[0])
    return game.hands_played[-1]


def ns_shoots_the_moon(game) -> str:
    """NS bid 21 whenever they call before a bid; everyone else passes."""
    return "21" if game.to_move % 2 == 0 and all(b == 0 for _, b in game.auction) else "pass"


def test_a_side_set_twice_in_a_row_loses_under_back_to_back_loss():
    for rules in (MOON4, PartnershipMoonRules(back_to_back_loss=True)):
        game = PartnershipMoonGame(seed=2, rules=rules)
        streak = 0
        while not game.is_over:
            hand = hand_by_bids(game, ns_shoots_the_moon)
            if hand["contract"] is None:
                continue  # all passed: thrown in
            set_ns = hand["contract"].declarer % 2 == 0 and not hand["result"]["made"]
            streak = streak + 1 if set_ns else 0
            if streak == 2 and rules == MOON4:
                assert not game.is_over or max(game.scores.values()) >= 21  # the game goes on
            if streak == 2 and rules != MOON4:
                assert game.is_over and game.winner == "EW"
                break
        assert game.is_over


def test_fosdick_plays_a_match_of_best_of_three():
    game = PartnershipMoonGame(seed=5, rules=FOSDICK)
    games_seen = []
    while not game.is_over:
        won_before = dict(game.games_won)
        hand_by_bids(game, lambda g: "3" if all(b == 0 for _, b in g.auction) else "pass")  # the first caller bids 3
        if game.games_won != won_before and not game.is_over:  # a game ended short of the match
            games_seen.append(dict(game.games_won))
            assert game.scores == {"NS": 0, "EW": 0}  # the next game starts at 0
    assert max(game.games_won.values()) == 2 and game.games_won[game.winner] == 2
    assert 1 <= len(games_seen) <= 2 and game.scores[game.winner] >= 21


@pytest.mark.parametrize("flags, fault", [
    ({"family": "moon4", "moon_all_pass": "forced_last_4"}, "'moon_all_pass' is Moon's"),
    ({"family": "moon4", "moon_set": "opponents_get_bid"}, "'moon_set' is Moon's"),
    ({"moon_bidder_score": "tricks_taken"}, "'moon_bidder_score' is Moon's"),
    ({"family": "moon", "back_to_back_loss": "on"}, "'back_to_back_loss' is Partnership Moon's"),
    ({"family": "moon", "moon_set": "double"}, "'moon_set' cannot be 'double' .allowed: minus_bid, opponents_get_bid."),
    ({"family": "moon4", "back_to_back_loss": "maybe"}, "'back_to_back_loss' must be 'on' or 'off'"),
])
def test_bad_moon_flags_are_refused_by_name(flags, fault):
    with pytest.raises(ParseError, match=fault):
        Rules(**flags)


def test_the_moon_modules_rules_and_game_are_moons():
    """``dominosolver.moon`` has the shape of ``dominosolver.texas42``: its Rules and Game are Moon's."""
    assert moon.Rules() == moon.MOON and moon.Rules().seats == 3
    game = moon.Game(seed=3)
    assert game.rules == moon.MOON and [str(m) for m in game.legal_moves] == ["pass", "4", "5", "6", "7", "21"]
