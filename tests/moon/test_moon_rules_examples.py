"""The worked examples of docs/rules.md §4.1-4.2, through the Python package: the set, the double
blank, the bid ladder, what a hand is worth and how a contract is made or set."""

from __future__ import annotations

import pytest
from dominosolver.errors import InvalidPositionError
from dominosolver.moon import FOSDICK, MOON, MOON4, Position
from dominosolver.texas42.rules import set_mask
from dominosolver.tiles import Tile, tiles_of


def trick(trump: int, tiles: tuple[str, str, str]) -> int:
    """The seat that wins a last trick of Moon led by P0 with ``tiles`` (P0's, P1's, P2's)."""
    pos = Position(trump=trump, hands=[[t] for t in tiles], leader=0, contract=(0, 4), rules=MOON)
    for tile in tiles:
        pos.play(tile)
    return pos.trick_winner


def test_the_moon_set_is_the_double_six_without_the_blanks_but_the_double_blank():
    moon = set(tiles_of(set_mask(MOON)))
    assert len(moon) == 22 and Tile("0-0") in moon
    assert set(tiles_of(set_mask(MOON4))) - moon == {Tile(n, 0) for n in range(1, 7)}
    assert (MOON.seats, MOON.hand_size, MOON.hand_points, MOON4.hand_points) == (3, 7, 7, 7)  # 21 dealt, a widow


def test_the_double_blank_led_wins_unless_it_is_trumped():
    assert trick(6, ("0-0", "5-4", "3-1")) == 0  # nobody follows blanks, nobody trumps
    assert trick(6, ("0-0", "5-4", "6-1")) == 2  # P2 trumps it


def test_the_double_blank_not_led_never_wins_unless_blanks_are_trumps():
    assert trick(5, ("4-4", "0-0", "3-1")) == 0  # 0-0 follows nothing and is no trump
    assert trick(0, ("4-4", "0-0", "3-1")) == 1  # blanks are trumps: 0-0 is the only one


def test_the_bid_ladder():
    assert [b for b in range(30) if MOON.is_bid(b)] == [4, 5, 6, 7, 21]
    assert [b for b in range(30) if FOSDICK.is_bid(b)] == [3, 4, 5, 6, 7, 21]
    assert (MOON.points_needed(5), MOON.points_needed(21)) == (5, 7)  # 21: every trick
    with pytest.raises(InvalidPositionError, match="not a bid"):
        Position(trump=6, hands=[["6-6"], ["5-5"], ["4-4"]], leader=0, contract=(0, 8), rules=MOON)


@pytest.mark.parametrize("bid, made, bidder_score", [(4, True, 4), (6, True, 6), (7, False, -7), (21, False, -21)])
def test_a_contract_needs_its_tricks_and_the_opponents_score_theirs(bid, made, bidder_score):
    """P0, bidding with sixes trumps, holds six trumps and 2-1. Each seat playing its lowest legal
    tile, P0 leads 2-1 and loses it to P1's 4-2 (both follow twos), then wins the six other tricks
    with its trumps: 6 of 7 makes a bid of 4 or 6 and sets 7 and 21; the opponents score their own."""
    hands = [["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "2-1"],
             ["5-4", "5-3", "5-2", "5-1", "4-4", "4-2", "4-1"],
             ["5-5", "4-3", "3-3", "3-2", "3-1", "1-1", "0-0"]]
    pos = Position(trump=6, hands=hands, contract=(0, bid), rules=MOON)
    tricks = [0, 0, 0]
    while not pos.is_over:
        pos.play(pos.legal_moves[-1])  # each seat's lowest legal tile
        if not pos.trick:
            tricks[pos.trick_winner] += 1
    assert tricks == [6, 1, 0]
    result = pos.result
    assert result["made"] is made
    assert result["score"] == (bidder_score, tricks[1], tricks[2])
