"""Moon's house rules (issue 39, point 6; docs/rules.md §6.2 M-9 to M-11), in the C++ rules: the
widow left out of play (moon_widow = none), a made moon winning the game at once (moon_wins_game)
and a moon overcalled by a later moon (moon_overcall); each against the same deal under the default
rules, and the bid advice under moon_widow = none against the advice that takes the widow."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from dominosolver.errors import ParseError
from dominosolver.moon import MoonGame, MoonRules, PartnershipMoonGame, PartnershipMoonRules
from dominosolver.texas42 import PlayerView, Rules, advise_bid, hint
from dominosolver.texas42.sampling import WorldSampler, out_of_play
from dominosolver.tiles import Tile


def moves(game) -> list[str]:
    return [str(m) for m in game.legal_moves]


def to_declaring(game, bids: list[str]) -> None:
    for bid in bids:
        game.play(bid)
    assert game.phase == "declaring"


@pytest.mark.parametrize("seed", [4, 11])
def test_without_the_widow_the_bidder_plays_the_hand_it_was_dealt(seed):
    taken, left = MoonGame(seed=seed), MoonGame(seed=seed, rules=MoonRules(moon_widow="none"))
    for game in (taken, left):
        to_declaring(game, ["5", "pass", "pass"])
        game.play(game.legal_moves[0])
    assert taken.phase == "exchange" and left.phase == "playing"  # no widow to take: play at once
    bidder = left.to_move  # the bidder leads
    in_hand = {str(t) for t in left.view(bidder).hand}
    offered = {m.split()[-1] for m in moves(taken)}  # the same seed deals the same: the exchange offers hand and widow
    assert len(in_hand) == 7 and len(offered) == 8 and in_hand < offered
    widow_tile = (offered - in_hand).pop()
    while not left.hands_played:  # the hand played out: the widow is never played
        left.play(left.legal_moves[0])
    hand = left.hands_played[0]
    assert hand["discard"] is None and hand["widow"] == [widow_tile]
    assert widow_tile not in {tile for _, tile in hand["plays"]} and len(hand["plays"]) == 21


def test_the_bidders_view_without_the_widow_leaves_one_unseen_tile_out_of_play():
    game = MoonGame(seed=4, rules=MoonRules(moon_widow="none"))
    to_declaring(game, ["5", "pass", "pass"])
    game.play(game.legal_moves[0])
    view = game.view(game.to_move)
    assert view.discard is None and len(view.hand) == 7
    advice = hint(view, samples=30, seed=1)
    assert {str(m.move) for m in advice.moves} == {str(t) for t in view.legal_moves}
    # The widow is unseen: the view does not hold it, it reads back as itself, and the deals drawn
    # from it lay different tiles out of play.
    widow = game._game.current_hand["undealt"]
    assert PlayerView.from_json(view.to_json()) == view and "discard" not in view.to_json()
    aside = {out_of_play(view, world) for world in itertools.islice(WorldSampler(view).stream(5), 200)}
    assert len(aside) > 1 and widow in aside


def test_bid_advice_without_the_widow_never_beats_taking_it():
    """The same hand and deals: taking the widow may lay the widow itself away, so each deal's tricks
    without it are at most those with it, and fewer on some deals."""
    taken, left = MoonGame(seed=7), MoonGame(seed=7, rules=MoonRules(moon_widow="none"))
    with_widow = advise_bid(taken.view(taken.to_move), samples=60, seed=3)
    without = advise_bid(left.view(left.to_move), samples=60, seed=3)
    assert with_widow.tricks.shape == without.tricks.shape
    assert np.all(without.tricks <= with_widow.tricks) and np.any(without.tricks < with_widow.tricks)


def made_moon(rules):
    """A game of ``rules`` whose first hand is a moon made: the first caller bids 21, the others pass,
    and of each declaration and discard, the first with which every seat's first legal tile makes
    it. The seed and the moves."""
    for seed in range(100):
        game = MoonGame(seed=seed, rules=rules)
        to_declaring(game, ["21", "pass", "pass"])
        for declare in moves(game):
            game.play(declare)
            for discard in moves(game):
                game.play(discard)
                played = []
                while not game.hands_played:
                    played.append(str(game.legal_moves[0]))
                    game.play(played[-1])
                if game.hands_played[0]["result"]["made"]:
                    return seed, ["21", "pass", "pass", declare, discard, *played]
                for _ in range(len(played) + 1):
                    game.undo()
            game.undo()
    pytest.fail("no moon made in 100 deals")


def test_a_made_moon_wins_the_game_at_once_under_moon_wins_game():
    # A made bid scores the tricks taken (7): short of 21, the game goes on but for moon_wins_game.
    plain = MoonRules(moon_bidder_score="tricks_taken")
    house = MoonRules(moon_bidder_score="tricks_taken", moon_wins_game=True)
    seed, line = made_moon(house)
    games = {}
    for name, rules in (("plain", plain), ("house", house)):
        games[name] = game = MoonGame(seed=seed, rules=rules)
        for move in line:
            game.play(move)
    bidder = games["house"].hands_played[0]["contract"].declarer
    assert games["plain"].hands_played[0]["result"] == {**games["house"].hands_played[0]["result"], "decides_game": False}
    assert games["house"].hands_played[0]["result"]["decides_game"] is True
    assert max(games["house"].scores.values()) == 7  # nobody at 21
    assert games["house"].is_over and games["house"].winner == f"P{bidder}"
    assert not games["plain"].is_over and games["plain"].phase == "bidding"


def test_a_moon_overcalled_goes_to_the_last_to_shoot():
    plain, house = MoonGame(seed=4), MoonGame(seed=4, rules=MoonRules(moon_overcall=True))
    for game in (plain, house):
        game.play("21")
    assert moves(plain) == ["pass"] and moves(house) == ["pass", "21"]
    overcaller = house.to_move
    house.play("21")
    assert moves(house) == ["pass", "21"]
    house.play("pass")
    assert house.phase == "declaring" and house.to_move == overcaller
    with pytest.raises(Exception, match="not legal over the high bid 21"):
        plain.play("21")
    # Partnership Moon too; a bid under a moon stays refused.
    partners = PartnershipMoonGame(seed=2, rules=PartnershipMoonRules(moon_overcall=True))
    partners.play("21")
    assert moves(partners) == ["pass", "21"]


@pytest.mark.parametrize("flags, fault", [
    ({"moon_overcall": "on"}, "'moon_overcall' is the Moons'"),
    ({"family": "biggame", "moon_wins_game": "on"}, "'moon_wins_game' is the Moons'"),
    ({"family": "moon4", "moon_widow": "none"}, "'moon_widow' is Moon's"),
    ({"family": "moon", "moon_widow": "optional"}, "'moon_widow' cannot be 'optional' .allowed: take, none."),
    ({"family": "moon", "moon_overcall": "yes"}, "'moon_overcall' must be 'on' or 'off'"),
])
def test_bad_house_rules_are_refused_by_name(flags, fault):
    with pytest.raises(ParseError, match=fault):
        Rules(**flags)


def test_the_house_rules_round_trip_as_flags():
    rules = MoonRules(moon_widow="none", moon_wins_game=True, moon_overcall=True)
    assert rules.to_json() == {"family": "moon", "moon_widow": "none", "moon_wins_game": "on", "moon_overcall": "on"}
    assert Rules.from_json(rules.to_json()) == rules
    assert Tile("6-4")  # tiles still read (the module's imports used)
