"""``Bid(value, kind)`` takes a whole number in the auction's range or the text a bid is written in
(docs/notation.md: ``30``, ``pass``, ``game``, ``168:kind``), and refuses anything else with a
ParseError. Before, ``Bid(30.7)`` was 30 and ``Bid(True)`` 1 silently, ``Bid(-5)`` and ``Bid(2**70)``
were bids, and ``Bid(None)`` / ``Bid("pass")`` raised int()'s TypeError / ValueError."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from dominosolver.errors import ParseError
from dominosolver.texas42 import Bid, Position
from dominosolver.texas42.rules import GAME_BID, bid_name, parse_bid


@pytest.mark.parametrize("text", ["pass", "30", "41", "84", "game", "168:plunge", "84:splash"])
def test_a_bid_reads_the_text_it_is_written_in(text):
    bid = Bid(text)
    assert bid == parse_bid(text) and bid_name(bid) == text
    assert pickle.loads(pickle.dumps(bid)) == bid and eval(repr(bid), {"Bid": Bid}) == bid


def test_a_bid_takes_whole_numbers_of_any_integer_type():
    assert Bid(np.int16(30)) == 30 and type(Bid(np.int64(84))) is Bid
    assert Bid(0) == parse_bid("pass") and Bid(GAME_BID) == parse_bid("game")
    assert Bid(168, "plunge").kind == "plunge" and Bid("168", "plunge") == Bid(168, "plunge")


@pytest.mark.parametrize("value", [30.7, 30.0, True, None, [30], b"30", "x", "-5"])
def test_a_bid_refuses_what_is_no_number_by_name(value):
    with pytest.raises(ParseError, match="bid"):
        Bid(value)


@pytest.mark.parametrize("value", [-1, GAME_BID + 1, 2**70])
def test_a_bid_refuses_numbers_beyond_the_auction(value):
    with pytest.raises(ParseError, match=f"from 0 \\(pass\\) to {GAME_BID}"):
        Bid(value)


def test_a_contract_of_a_bid_built_so_still_plays():
    bid = Bid("31")
    pos = Position(trump="none", leader="E", hands=[["55", "51"], ["66", "50"], ["44", "41"], ["33", "32"]], contract=(1, bid))
    assert pos.contract.bid == 31 and str(pos).endswith("contract=E31")
