"""The Big Game in the core (docs/rules.md §4.3): the family's set, counters, sizes and bid ladder;
the lower-end leads as plays ("7-3:3" is play 45, "8-2:2" play 46) in positions, with the errors
that name a misplaced one; the auction bid round after round; the bidder's exchange with the undealt
tile; whole hands and a whole game to 400 points."""

from __future__ import annotations

import random

import pytest
from dominosolver import _core
from dominosolver.errors import IllegalMoveError, InvalidPositionError, ParseError
from dominosolver.texas42 import Game, Position, Rules

T = _core.texas42
BIG = T.Rules({"family": "biggame"})
P = T.parse_play
LOW_73, LOW_82 = P("7-3:3"), P("8-2:2")


def ids(*names):
    return [P(n) for n in names]


def plays_of(mask):
    return sorted(T.play_name(m) for m in range(T.MAX_PLAYS) if mask >> m & 1)


def test_the_family_states_its_set_counters_sizes_and_ladder():
    assert (BIG.max_pip, BIG.tiles, BIG.seats, BIG.hand_size, BIG.hand_tricks) == (8, 45, 4, 11, 11)
    assert (BIG.counters, BIG.hand_points, BIG.min_bid, BIG.game_target(), BIG.lower_end_leads) == (55, 66, 42, 400, True)
    counters = sorted(T.play_name(t) for t in range(45) if T.counter_value(t))
    assert counters == ["3-2", "4-1", "5-0", "5-5", "6-4", "7-3", "8-2"]  # 8-7 (15 pips) is none
    assert BIG.flags() == {"family": "biggame"} and T.Rules(BIG.flags()) == BIG
    assert T.Rules({"family": "biggame", "scoring": "points"}) == BIG  # what the family implies
    assert BIG.declarations() == [str(n) for n in range(9)] + ["doubles", "none"]
    assert [b for b in range(0, 70) if T.bid_is_legal(BIG, b, 0)] == list(range(42, 67))
    assert [b for b in range(0, 70) if T.bid_is_legal(BIG, b, 60)] == list(range(61, 67))
    assert not T.Rules({}).lower_end_leads and T.Rules({}).tiles == 28


@pytest.mark.parametrize("flags", [{"scoring": "marks"}, {"specials": "all"}, {"mark_jump": "free"},
                                   {"moon_doubles_trump": "on"}, {"nello_min": "any_bid"}])
def test_flags_of_marks_specials_and_moon_are_refused(flags):
    with pytest.raises(ParseError, match="biggame|Moon"):
        T.Rules({"family": "biggame", **flags})


def test_plays_read_and_write_their_names():
    assert (LOW_73, LOW_82, T.MAX_PLAYS) == (45, 46, 47)
    assert [T.play_name(p) for p in (P("7-3"), LOW_73, P("8-2"), LOW_82, P("8-7"))] == ["7-3", "7-3:3", "8-2", "8-2:2", "8-7"]
    assert T.tile_of_play(LOW_73) == P("7-3")
    for bad, words in [("6-4:4", "no lead"), ("7-3:7", "no lead"), ("9-0", "no set"), ("73", "malformed")]:
        with pytest.raises(ParseError, match=words):
            P(bad)


def position(trump, hands, leader=0, trick=(), rules=BIG):
    return T.Position(rules, str(trump), [ids(*h) for h in hands], leader, list(ids(*trick)))


def test_a_leader_may_lead_7_3_or_8_2_low_unless_it_is_a_trump():
    hands = [["7-3", "8-2", "1-0"], ["3-3", "8-3", "2-1"], ["4-4", "6-2", "2-0"], ["8-8", "5-5", "4-0"]]
    assert plays_of(position(4, hands).legal_moves) == ["1-0", "7-3", "7-3:3", "8-2", "8-2:2"]
    assert plays_of(position(3, hands).legal_moves) == ["1-0", "7-3", "8-2", "8-2:2"]  # threes trump 7-3
    assert plays_of(position(8, hands).legal_moves) == ["1-0", "7-3", "7-3:3", "8-2"]
    assert plays_of(position("doubles", hands).legal_moves) == ["1-0", "7-3", "7-3:3", "8-2", "8-2:2"]
    # A follower never plays a tile low: 7-3 follows threes and sevens as itself.
    pos = position(4, [[], ["7-3"], ["2-0"], ["4-4"]], leader=0, trick=["3-0"])
    assert plays_of(pos.legal_moves) == ["7-3"]


def test_led_low_the_tile_calls_and_ranks_in_its_lower_suit():
    # 7-3:3 calls threes: E must follow with 3-1 (not its 7-1); 8-3 beats 7-3, which beats 3-1.
    pos = position(4, [["7-3", "0-0"], ["3-1", "7-1"], ["8-3", "6-6"], ["2-2", "1-1"]])
    pos.play(LOW_73)
    assert plays_of(pos.legal_moves) == ["3-1"]
    pos.play(P("3-1"))
    assert pos.winning_so_far == 0
    pos.play(P("8-3"))
    pos.play(P("2-2"))
    assert pos.trick_winner == 2 and pos.points == (11, 0)  # a trick and 7-3's 10
    # Led high, 7-3 calls sevens: E follows with 7-1, and 8-3 cannot win.
    pos = position(4, [["7-3", "0-0"], ["3-1", "7-1"], ["8-3", "6-6"], ["2-2", "1-1"]])
    pos.play(P("7-3"))
    assert plays_of(pos.legal_moves) == ["7-1"]
    for p in ("7-1", "8-3", "2-2"):
        pos.play(P(p))
    assert pos.trick_winner == 0 and pos.plays[0] == (0, P("7-3"))


def test_a_low_lead_out_of_place_is_named():
    pos = position(4, [[], ["7-3"], ["3-2"], ["4-4"]], trick=["3-0"], leader=0)
    with pytest.raises(IllegalMoveError, match=r"7-3:3 is a lead"):
        pos.play(LOW_73)
    pos = position(3, [["7-3"], ["3-1"], ["3-2"], ["4-4"]])
    with pytest.raises(IllegalMoveError, match=r"7-3 is a trump"):
        pos.play(LOW_73)
    with pytest.raises(IllegalMoveError, match="only The Big Game"):
        T.Position(T.Rules({}), "4", [ids("3-0"), ids("3-1"), ids("3-2"), ids("4-4")], 0, []).play(LOW_73)
    with pytest.raises(InvalidPositionError, match="7-3:3 is a lead"):
        position(4, [["3-0"], ["1-1"], ["3-2", "2-2"], ["4-4", "4-3"]], trick=["3-1", "7-3:3"], leader=0)
    with pytest.raises(InvalidPositionError, match="only The Big Game"):
        T.Position(T.Rules({}), "4", [[], ids("3-1"), ids("3-2"), ids("4-4")], 0, [LOW_82])


def test_positions_hold_hands_of_eleven_and_refuse_twelve():
    tiles = list(range(45))
    hands = [tiles[11 * k : 11 * k + 11] for k in range(4)]
    pos = T.Position(BIG, "none", hands, 0, [])
    assert pos.tricks_left == 11 and pos.remaining_points == 66  # the 45th tile, 8-8, is no counter
    with pytest.raises(InvalidPositionError, match="hand sizes"):
        T.Position(BIG, "none", [tiles[:12], tiles[12:23], tiles[23:34], tiles[34:45]], 0, [])
    with pytest.raises(ParseError, match="unknown trump '9'"):
        T.Position(BIG, "9", hands, 0, [])


def game_at_exchange(seed: int):
    """A game whose auction N..W ends at once: E bids 42, everyone else passes."""
    g = T.Game(BIG, seed)
    for bid in (42, 0, 0, 0):
        g.bid(bid)
    return g


def test_the_auction_goes_round_until_all_but_the_high_bidder_pass():
    g = T.Game(BIG, 7)
    calls = [(1, 42), (2, 45), (3, 0), (0, 50), (1, 0), (2, 51), (0, 0)]
    for seat, bid in calls:
        assert g.to_move == seat and g.phase == "bidding"
        g.bid(bid)
    assert g.phase == "exchange" and g.to_move == 2
    hand = g.current_hand
    assert hand["contract"] == T.Contract(2, 51)
    assert hand["callers"] == [seat for seat, _ in calls]
    with pytest.raises(IllegalMoveError, match="42..66"):
        T.Game(BIG, 7).bid(67)


def test_all_passing_throws_the_hand_in_or_forces_the_dealer():
    g = T.Game(BIG, 3)
    for _ in range(4):
        g.bid(0)
    assert g.phase == "bidding" and g.dealer == 1 and g.finished_hands[0]["contract"] is None
    forced = T.Game(T.Rules({"family": "biggame", "all_pass": "forced_dealer"}), 3)
    for _ in range(3):
        forced.bid(0)
    assert forced.to_move == 0 and [m[1].value for m in forced.legal_moves] == list(range(42, 67))
    with pytest.raises(IllegalMoveError, match="may not pass"):
        forced.bid(0)


def test_the_bidder_must_take_an_undealt_counter_and_may_take_another_tile():
    seen = set()
    for seed in range(40):
        g = game_at_exchange(seed)
        hand = g.current_hand
        undealt = hand["undealt"].bit_length() - 1
        bidder = hand["deal"][1]
        discards = sorted(m[1] for m in g.legal_moves)
        non_counters = [t for t in range(45) if bidder >> t & 1 and not T.counter_value(t)]
        counter = T.counter_value(undealt) > 0
        assert discards == sorted(non_counters + ([] if counter else [undealt]))
        seen.add(counter)
        # Laying away a tile of the hand takes the undealt tile; then trumps are named.
        g.discard(non_counters[0])
        assert g.phase == "declaring" and g.to_move == 1
        g.declare("none")
        assert g.phase == "playing"
        assert g.position.hands[1] == (bidder | 1 << undealt) & ~(1 << non_counters[0])
        if not counter:  # or the bidder leaves a non-counter where it lies
            g = game_at_exchange(seed)
            g.discard(undealt)
            g.declare("5")
            assert g.position.hands[1] == bidder and g.current_hand["discard"] == undealt
        if counter:
            g = game_at_exchange(seed)
            with pytest.raises(IllegalMoveError, match="must take the undealt counter"):
                g.discard(undealt)
    assert seen == {True, False}


def test_whole_hands_score_in_points_and_a_game_goes_to_400():
    rng = random.Random("biggame-game")
    g = T.Game(BIG, 11)
    while g.phase != "game_over":
        kind, arg = rng.choice(g.legal_moves) if g.phase != "bidding" else (
            "bid", rng.choice([m[1] for m in g.legal_moves if m[1].value == 0] * 6 + [m[1] for m in g.legal_moves][:3]))
        {"bid": g.bid, "declare": g.declare, "discard": g.discard, "tile": g.play_tile}[kind](arg)
    hands = [h for h in g.finished_hands if h["contract"] is not None]
    assert hands and max(g.scores) >= 400 and g.winner in (0, 1)
    for h in hands:
        assert sum(h["points"]) == 66 and sum(h["tricks"]) == 11 and len(h["plays"]) == 44
        us = h["contract"].declarer % 2
        bid = h["contract"].bid.value
        made = h["points"][us] >= bid
        score = list(h["result"]["score"])
        assert h["result"]["made"] == made
        assert score[us] == (h["points"][us] if made else 0)
        assert score[1 - us] == h["points"][1 - us] + (0 if made else bid)
    assert list(g.scores) == [sum(h["result"]["score"][k] for h in hands) for k in (0, 1)]


def test_the_python_42_package_plays_big_game_rules():
    pos = Position(trump=4, hands=[["7-3"], ["3-3"], ["4-4"], ["8-8"]], rules=Rules(family="biggame"))
    assert [str(m) for m in pos.legal_moves] == ["7-3:3", "7-3"] and pos.game == "biggame"
    assert Game(1, rules=Rules(family="biggame")).phase == "bidding"
    assert repr(Rules(family="biggame")) == "Rules(family='biggame')"
