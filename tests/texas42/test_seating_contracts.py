"""The Texas 42 core as data: the game's sizes and bid ladder (Rules), the seating and the contract
table, as the bindings expose them (docs/rules.md §1.6, §2.1-2.3), checked against the slow oracle and
against the engine's own behaviour (a Game's declarations, a Position's seats and trick size)."""

from __future__ import annotations

import itertools

import pytest
from dominosolver import _core
from dominosolver.errors import InvalidPositionError, ParseError
from oracle import texas42_rules as R

core = _core.texas42

RULE_SETS = [{}, {"scoring": "points"}, {"nt_doubles": "own_suit"}, {"mark_jump": "free"}]


@pytest.fixture(params=RULE_SETS, ids=lambda f: ",".join(f"{k}={v}" for k, v in f.items()) or "default")
def rules(request):
    return core.Rules(request.param)


def test_sizes_follow_the_set(rules):
    assert rules.tiles == len(R.ALL_TILES) == (rules.max_pip + 1) * (rules.max_pip + 2) // 2
    assert rules.seats == 4
    assert rules.hand_size == rules.hand_tricks == R.TRICKS == rules.tiles // rules.seats
    assert rules.counters == sum(R.counter(x) for x in R.ALL_TILES) == sum(
        core.counter_value(i) for i in range(rules.tiles)
    )
    assert rules.hand_points == rules.hand_tricks * rules.trick_points + rules.counters == R.HAND_POINTS


def test_bid_ladder_matches_the_oracle(rules):
    flags = rules.flags()
    assert rules.mark == rules.hand_points
    assert rules.game_bid_over == 4 * rules.mark
    ladder = [b for b in range(8 * rules.mark + 1) if rules.is_bid(b)]
    assert ladder == [b.value for b in R.candidate_bids(8) if b != R.GAME]
    assert ladder[0] == rules.min_bid
    for bid, high in itertools.product(ladder, [0, *ladder]):
        expected = R.bid_legal(R.Bid(bid), R.Bid(high), flags.get("mark_jump", "strict"), flags.get("scoring", "marks"))
        assert core.bid_is_legal(rules, bid, high) == expected, (bid, high)
    for bid in ladder:
        assert rules.marks_of(bid) == R.marks_value(R.Bid(bid))
        assert rules.points_needed(bid) == (rules.hand_points if R.is_all_tricks_bid(R.Bid(bid)) else bid)
        assert core.points_needed(bid, rules) == core.points_needed(bid) == rules.points_needed(bid)
    assert rules.is_bid(core.GAME_BID) == (flags.get("scoring") == "points")


def test_the_table_seats_partners_opposite(rules):
    seats = range(rules.seats)
    assert [rules.side_of(s) for s in seats] == [0, 1, 0, 1]
    for seat in seats:
        partner = rules.partner_of(seat)
        assert partner != seat and rules.side_of(partner) == rules.side_of(seat)
        assert rules.partner_of(partner) == seat
    # Going round from any seat visits every seat once, clockwise.
    for start in seats:
        order = [start]
        while len(order) < rules.seats:
            order.append(rules.next_seat(order[-1]))
        assert order == [(start + k) % rules.seats for k in seats]
        assert rules.next_seat(order[-1]) == start


@pytest.mark.parametrize("call", ["side_of", "partner_of", "next_seat"])
@pytest.mark.parametrize("seat", [-1, 4])
def test_seats_off_the_table_are_refused(call, seat):
    with pytest.raises(InvalidPositionError, match=f"seat must be 0..3, not {seat}"):
        getattr(core.Rules(), call)(seat)


def test_declaration_rows_list_every_declaration_once(rules):
    rows = core.declaration_rows(rules)
    assert [row["name"] for row in rows] == ["suit", "doubles", "none", "sevens", "nello"]
    # The ordinary declarations: the bid's contract row rules them. Sevens and Nel-O impose their
    # own, and exist only where the special contracts are offered (specials = all, docs/rules.md §3);
    # Nel-O's low doubles only under nello_doubles_allowed = all, in the points game only as marks.
    assert [row["imposes"] for row in rows] == [None, None, None, "sevens", "nello"]
    assert rows[-2]["declarations"] == rows[-1]["declarations"] == []
    specials = {"specials": "all", **rules.flags()}
    offered = [row["declarations"] for row in core.declaration_rows(core.Rules(specials))[-2:]]
    nello = ["nello", "nello-high"] if specials.get("scoring") != "points" else []
    assert offered == [["sevens"], nello]
    low = core.declaration_rows(core.Rules({**specials, "nello_doubles_allowed": "all", "nello_in_points": "as_marks"}))
    assert low[-1]["declarations"] == ["nello", "nello-high", "nello-low"]
    for name in low[-1]["declarations"]:
        assert core.parse_trump(name) == name
    rows = rows[:-2]
    declared = [d for row in rows for d in row["declarations"]]
    assert declared == rules.declarations() == core.table_declarations(rules)
    assert declared == [str(t) for t in R.TRUMP_MODES]
    for row in rows:
        for name in row["declarations"]:
            assert core.parse_trump(name) == name
        for spelling in row["spellings"]:
            assert core.parse_trump(spelling) == row["declarations"][0]
        assert row["numbered"] == (row["spellings"] == [])


def test_contract_rows_and_the_ruling_of_an_ordinary_bid():
    """The contract half of the table: an ordinary bid is its one row bid in the auction, and under it
    the declarer names the declaration, the whole table plays and the declarer leads trick 1."""
    assert [row for row in core.contract_rows() if row["bid"]][0] == {"name": "ordinary", "objective": "points", "bid": True}
    rules = core.Rules()
    for declarer in range(rules.seats):
        ruling = core.ruling(rules, "4", core.Contract(declarer, 30))
        assert ruling["contract"]["name"] == "ordinary" and ruling["declaration"]["name"] == "suit"
        assert ruling["namer"] == ruling["first_leader"] == declarer
        assert ruling["seats_in_play"] == list(range(rules.seats))
    assert core.ruling(rules, "none")["first_leader"] == 0 and core.ruling(rules, "none")["namer"] is None


def test_unknown_contracts_name_what_is_accepted():
    with pytest.raises(ParseError, match=r"unknown trump 'nil' \(expected a number 0..8, 'doubles', 'none', 'sevens' or "
                                         r"'nello', 'nello-high', 'nello-low'\)"):
        core.parse_trump("nil")


def test_a_game_offers_the_table_declarations():
    rules = core.Rules()
    game = core.Game(rules, 7, 0)
    game.bid(rules.min_bid)
    while game.phase == "bidding":
        game.bid(0)
    assert game.phase == "declaring"
    assert [v for kind, v in game.legal_moves if kind == "declare"] == rules.declarations()


def test_positions_seat_every_player_under_todays_contracts():
    rules = core.Rules()
    hands = [list(range(7 * s, 7 * s + 7)) for s in range(4)]
    for trump in rules.declarations():
        pos = core.Position(rules, trump, hands, 2, [], (2, 30))
        assert pos.seats_in_play == [0, 1, 2, 3]
        assert pos.trick_size == 4
        assert [pos.side_of(s) for s in range(4)] == [rules.side_of(s) for s in range(4)]
        assert trump in pos.ruling["declaration"]["declarations"]
        assert pos.remaining_points == rules.hand_points
        # The trick engine: after each complete trick the winner leads and banks its points.
        for _ in range(4):
            pos.play(min(t for t in range(28) if pos.legal_moves >> t & 1))
        assert pos.leader == pos.trick_winner
        assert sum(pos.points) + pos.remaining_points == rules.hand_points
