"""A Contract is checked when built, as a Position's contract is: a declarer seat of the largest
table and a bid, else a ParseError naming what is wrong; what it holds is a seat number and a Bid
however it was given, and it stays a plain (declarer, bid) tuple."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from dominosolver.errors import ParseError
from dominosolver.texas42 import Bid, Contract, Position
from dominosolver.texas42.rules import _MOST_SEATS, FAMILY_ROWS

HANDS = ["66.65.64", "63.11.22", "62.00.33", "61.44.55"]


@pytest.mark.parametrize("declarer, bid, says", [
    (9, 30, "contract declarer: unknown seat 9"),
    (-1, 30, "contract declarer: unknown seat -1"),
    (True, 30, "contract declarer: unknown seat true"),
    (1.0, 30, "contract declarer: unknown seat 1.0"),
    ("X", 30, "contract declarer: unknown seat 'X'"),
    (0, None, "unknown bid null"),
    (0, -5, "unknown bid -5"),
    (0, "thirty", "unknown bid 'thirty'"),
    (0, "30:nonsense", "unknown bid kind 'nonsense'"),
])
def test_a_bad_contract_is_refused_by_name(declarer, bid, says):
    with pytest.raises(ParseError, match=says):
        Contract(declarer, bid)


def test_the_position_refuses_the_same_seat():
    with pytest.raises(ParseError, match="unknown seat 9"):
        Position(trump=6, hands=HANDS, contract=(9, 30))


@pytest.mark.parametrize("declarer, bid, seat, number, kind", [
    (2, 30, 2, 30, "ordinary"),
    ("e", "168:plunge", 1, 168, "plunge"),
    (np.int64(3), Bid(42), 3, 42, "ordinary"),
    ("0", "pass", 0, 0, "ordinary"),
])
def test_what_a_contract_holds(declarer, bid, seat, number, kind):
    c = Contract(declarer, bid)
    assert type(c.declarer) is int and type(c.bid) is Bid
    assert (c.declarer, int(c.bid), c.kind) == (seat, number, kind)
    assert c == (seat, number) if kind == "ordinary" else c.bid.kind == kind
    assert pickle.loads(pickle.dumps(c)) == c and repr(c).startswith("Contract(declarer=")
    assert c._replace(bid=31) == (seat, 31)
    with pytest.raises(ParseError, match="unknown seat 7"):
        c._replace(declarer=7)


def test_the_largest_table_is_the_familys():
    assert _MOST_SEATS == max(row.seats for row in FAMILY_ROWS.values())


def test_a_contract_in_a_position_is_the_same():
    pos = Position(trump=6, hands=HANDS, contract=("N", "30"))
    assert pos.contract == Contract(0, 30) and type(pos.contract.bid) is Bid
