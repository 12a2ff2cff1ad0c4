"""Moon and Partnership Moon in the core (docs/rules.md §4.1-4.2), as families of the 42 rules: the
set, sizes and bid ladder each family states, and the exact search of a Moon contract against the
plain tricks minimax of tests/oracle/texas42_tricks_minimax.py on random endgames of 1-5 tricks
(1-4 with four hands),
mid-trick included, every trump and every seat to move: the value (tricks the side to move takes
from the current trick on, the bidder alone against the other two together in three-player Moon),
every move's value and whether the bid is made agree."""

from __future__ import annotations

import random

import pytest
from dominosolver import Tile, _core
from dominosolver.errors import InvalidPositionError, ParseError
from oracle import texas42_tricks_minimax as TM
from support42 import to_oracle

T = _core.texas42
MOON = T.Rules({"family": "moon"})
MOON_DOUBLES = T.Rules({"family": "moon", "moon_doubles_trump": "on"})
MOON4 = T.Rules({"family": "moon4"})
FOSDICK = T.Rules({"family": "moon4", "moon4_preset": "fosdick"})
BLANKS = {Tile(pip, 0).id for pip in range(1, 7)}  # 1-0 .. 6-0, not in Moon's set (§4.1)
MOON_BIDS = (4, 5, 6, 7, 21)
# Tricks left in the endgames, by seats: the oracle is exhaustive, and four hands of 5 cost it minutes.
TRICKS_LEFT = {3: (1, 2, 3, 3, 4, 4, 5, 5), 4: (1, 2, 2, 3, 3, 4)}
ENDGAMES = {3: 400, 4: 150}


def test_each_family_states_its_table_set_and_ladder():
    assert (MOON.seats, MOON.hand_size, MOON.counters, MOON.hand_points, MOON.min_bid, MOON.game_target()) == (3, 7, 0, 7, 4, 21)
    assert (MOON4.seats, MOON4.hand_size, MOON4.counters, MOON4.hand_points, MOON4.min_bid) == (4, 7, 0, 7, 4)
    assert FOSDICK.min_bid == 3 and T.Rules({}).min_bid == 30
    assert [b for b in range(0, 30) if T.bid_is_legal(MOON, b, 0)] == [4, 5, 6, 7, 21]
    assert [b for b in range(0, 30) if T.bid_is_legal(MOON, b, 6)] == [7, 21]
    assert not T.bid_is_legal(MOON, 21, 21)
    assert [b for b in range(0, 30) if T.bid_is_legal(FOSDICK, b, 0)] == [3, 4, 5, 6, 7, 21]
    assert MOON.declarations() == ["0", "1", "2", "3", "4", "5", "6", "none"]  # no doubles trump (M-4)
    assert MOON_DOUBLES.declarations() == ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]
    assert [row["name"] for row in T.contract_rows(MOON)] == ["moon"]
    assert [row["objective"] for row in T.contract_rows(MOON4)] == ["tricks"]
    assert T.Rules(MOON.flags()) == MOON and MOON4.flags() == {"family": "moon4"}


@pytest.mark.parametrize("flags, fault", [
    ({"family": "moon", "specials": "all"}, "do not apply to family 'moon'"),
    ({"family": "moon4", "scoring": "points"}, "do not apply to family 'moon4'"),
    ({"moon_doubles_trump": "on"}, "is Moon's"),
    ({"family": "moon", "moon4_preset": "fosdick"}, "is Partnership Moon's"),
    ({"family": "bridge"}, "cannot be 'bridge'"),
])
def test_flags_of_another_family_are_refused_by_name(flags, fault):
    with pytest.raises(ParseError, match=fault):
        T.Rules(flags)


def moon_deal(rng: random.Random) -> tuple[list[list[int]], int]:
    """Three hands of 7 from Moon's 22 tiles, and the widow left over."""
    tiles = [t for t in range(28) if t not in BLANKS]
    rng.shuffle(tiles)
    return [sorted(tiles[7 * s:7 * s + 7]) for s in range(3)], tiles[21]


def test_a_moon_position_holds_the_moon_set_and_needs_its_bidder():
    hands, widow = moon_deal(random.Random(1))
    pos = T.Position(MOON, "4", hands, None, [], (1, 5))
    assert pos.leader == 1 and pos.trick_size == 3 and [pos.side_of(s) for s in range(3)] == [1, 0, 1]
    blank = hands[0][:6] + [Tile(3, 0).id]
    with pytest.raises(InvalidPositionError, match="not in the Moon set"):
        T.Position(MOON, "4", [blank, hands[1], hands[2]], None, [], (1, 5))
    with pytest.raises(InvalidPositionError, match="needs its contract"):
        T.Position(MOON, "4", hands, 0, [])
    with pytest.raises(InvalidPositionError, match="not a bid"):
        T.Position(MOON, "4", hands, None, [], (1, 8))
    with pytest.raises(InvalidPositionError, match="not a bid of this game"):
        T.Position(MOON, "4", hands, None, [], (1, T.Bid(7, "plunge")))
    with pytest.raises(InvalidPositionError, match="3 hands"):
        T.Position(MOON, "4", hands + [[]], None, [], (1, 5))


def moon_endgame(rng: random.Random, rules) -> tuple[object, int, int, str]:
    """A random hand of `rules`' family played at random to a few tricks left (mid-trick too), as an
    endgame position (no history), with its bidder, bid and trump."""
    seats = rules.seats
    if seats == 3:
        hands, _ = moon_deal(rng)
    else:
        tiles = list(range(28))
        rng.shuffle(tiles)
        hands = [sorted(tiles[7 * s:7 * s + 7]) for s in range(4)]
    bidder, bid = rng.randrange(seats), rng.choice(MOON_BIDS if rules.min_bid == 4 else (3,) + MOON_BIDS)
    trump = rng.choice(rules.declarations())
    pos = T.Position(rules, trump, hands, None, [], (bidder, bid))
    for _ in range((7 - rng.choice(TRICKS_LEFT[seats])) * seats + rng.randrange(seats)):
        pos.play(rng.choice([t for t in range(28) if pos.legal_moves >> t & 1]))
    hands = [[t for t in range(28) if pos.hands[s] >> t & 1] for s in range(seats)]
    return T.Position(rules, trump, hands, pos.leader, list(pos.trick), (bidder, bid)), bidder, bid, trump


def oracle_of(pos, rules, bidder: int, trump: str):
    seats = rules.seats
    sides = {s: (0 if s == bidder else 1) for s in range(3)} if seats == 3 else {s: s % 2 for s in range(4)}
    held = [[to_oracle(Tile.from_id(t)) for t in range(28) if pos.hands[s] >> t & 1] for s in range(seats)]
    return TM.solve(held, int(trump) if trump.isdigit() else trump, pos.leader,
                    [to_oracle(Tile.from_id(t)) for t in pos.trick], objective="every_trick",
                    declaring_side=sides[bidder], order=tuple(range(seats)), sides=sides)


@pytest.mark.parametrize("rules", [MOON, MOON_DOUBLES, FOSDICK], ids=["moon", "moon-doubles", "moon4"])
def test_moon_endgames_agree_with_the_tricks_oracle(rules):
    rng = random.Random(f"moon-{rules.flags()}")
    solver = T.Solver(16)
    for _ in range(ENDGAMES[rules.seats]):
        pos, bidder, bid, trump = moon_endgame(rng, rules)
        value, moves = oracle_of(pos, rules, bidder, trump)
        out = solver.solve(pos)
        assert out.units == "tricks"
        assert out.value == value == solver.value(pos)
        assert {Tile.from_id(t): v for t, v in out.moves} == {Tile.from_id(t): moves[to_oracle(Tile.from_id(t))] for t, _ in out.moves}
        assert len(out.moves) == len(moves)
        left = pos.tricks_left
        bidders = value if pos.side_of(pos.to_move) == pos.side_of(bidder) else left - value
        assert out.makes == (bidders >= min(bid, 7))
        assert solver.can_reach(pos, value) and not solver.can_reach(pos, value + 1)


def test_each_discard_of_the_widow_is_worth_the_tricks_the_bidder_then_takes():
    """discard_values: for each of the bidder's 8 tiles (hand and widow), the value of the position
    with it laid away, as the solver gives it for that position built on its own; moon_table: the
    best of them for each trump and bidder (Partnership Moon: the value at the first lead)."""
    solver = T.Solver(16)
    for seed in range(6):
        hands, widow = moon_deal(random.Random(seed))
        masks = [sum(1 << t for t in h) for h in hands]
        bidder = seed % 3
        tricks, nodes = T.discard_values(solver, MOON, "none", masks, 1 << widow, bidder, 5)
        assert [t for t, _ in tricks] == sorted(hands[bidder] + [widow]) and nodes > 0
        for tile, value in tricks:
            held = [sorted(set(h + ([widow] if s == bidder else [])) - {tile}) for s, h in enumerate(hands)]
            assert value == solver.value(T.Position(MOON, "none", held, None, [], (bidder, 5)))
        names, table, _ = T.moon_table(solver, MOON, masks, 1 << widow)
        assert names == MOON.declarations() and len(table) == 8 and all(len(row) == 3 for row in table)
        for trump, row in zip(names, table):
            assert row[bidder] == max(v for _, v in T.discard_values(solver, MOON, trump, masks, 1 << widow, bidder, 4)[0])
    four = [sum(1 << t for t in range(28) if (t * 7 + 3) % 4 == s) for s in range(4)]
    names, table, _ = T.moon_table(solver, MOON4, four)
    hands4 = [[t for t in range(28) if four[s] >> t & 1] for s in range(4)]
    assert table == [[solver.value(T.Position(MOON4, trump, hands4, None, [], (s, 4))) for s in range(4)] for trump in names]


def test_a_widow_is_moons_and_is_one_tile_left_over():
    solver = T.Solver(4)
    hands, widow = moon_deal(random.Random(0))
    masks = [sum(1 << t for t in h) for h in hands]
    with pytest.raises(InvalidPositionError, match="only three-player Moon"):
        T.discard_values(solver, MOON4, "none", masks + [0], 1 << widow, 0, 4)
    with pytest.raises(InvalidPositionError, match="the widow is 1 tile"):
        T.discard_values(solver, MOON, "none", masks, (1 << widow) | (1 << hands[0][0]), 0, 4)
    with pytest.raises(InvalidPositionError, match="is in a hand too"):
        T.discard_values(solver, MOON, "none", masks, 1 << hands[1][0], 0, 4)
    with pytest.raises(InvalidPositionError, match="needs a Moon rule set"):
        T.moon_table(solver, T.Rules({}), masks + [0])
