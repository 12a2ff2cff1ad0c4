"""The contract model (docs/rules.md §2.2-2.4, docs/architecture.md): a bid is its number and its
kind, a contract is (declarer, bid), the contract table's Ruling says who leads trick 1 and what the
hands show, and every reader (notation, JSON, keywords, views, the game) takes those answers from
the core rather than restating them."""

from __future__ import annotations

import json
import pickle

import pytest
from dominosolver import Tile, _core
from dominosolver.errors import InvalidViewError, ParseError
from dominosolver.texas42 import Game, Move, PlayerView, Position, Rules
from dominosolver.texas42.rules import (
    BID_KINDS,
    ORDINARY,
    STANDARD,
    Bid,
    Contract,
    contract_text,
    parse_bid,
)

DEAL = "hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00"
HANDS = [h.split(".") for h in DEAL.removeprefix("hands=").split("/")]
IDS = [[Tile(t).id for t in h] for h in HANDS]


def test_a_bid_is_its_number_and_its_kind():
    bid = parse_bid("84")
    assert isinstance(bid, Bid) and bid == 84 and bid.kind == ORDINARY == BID_KINDS[0]
    assert repr(bid) == "84" and str(bid) == "84" and hash(bid) == hash(84)
    assert parse_bid("pass") == 0 and str(parse_bid("pass")) == "pass"
    assert parse_bid(84, "ordinary") == parse_bid("84:ordinary") == bid
    assert pickle.loads(pickle.dumps(bid)) == bid and pickle.loads(pickle.dumps(bid)).kind == ORDINARY
    assert json.dumps({"bid": bid}) == '{"bid": 84}'
    with pytest.raises(ParseError, match=r"unknown bid kind 'sideways' in bid '84:sideways': 'ordinary'"):
        parse_bid("84:sideways")
    with pytest.raises(ParseError, match="unknown bid kind 'sideways'"):
        Bid(84, "sideways")


@pytest.mark.parametrize("contract", [Contract(2, parse_bid("84")), Contract(1, parse_bid("168:plunge")),
                                      Contract(2, parse_bid("5")), Contract(3, parse_bid("126:splash"))])
def test_a_contract_prints_as_python_that_reads_back_equal(contract):
    """A contract alone does not know its table's seats (Moon's Contract(2, 5) is P25, not 42's S5):
    it prints as its repr, Python that evaluates back to an equal contract with the bid's kind; its
    notation is contract_text's, given the rules."""
    text = str(contract)
    assert text == repr(contract) == f"Contract(declarer={contract.declarer}, bid={contract.bid!r})"
    back = eval(text, {"Contract": Contract, "Bid": Bid})
    assert back == contract and back.kind == contract.kind
    assert f"{contract}" == text
    assert contract_text(Contract(2, parse_bid("5")), Rules(family="moon")) == "P25"
    assert contract_text(Contract(2, parse_bid("84")), STANDARD) == "S84"


def test_the_core_reads_and_returns_named_bids_and_contracts():
    core = _core.texas42
    assert core.Bid(30) == core.Bid(30, "ordinary") and core.Bid(30).kind == "ordinary"
    contract = core.Contract(2, core.Bid(84))
    assert (contract.declarer, contract.bid.value, contract.kind) == (2, 84, "ordinary")
    assert repr(contract) == "Contract(2, Bid(84))"
    # A package contract or a (declarer, bid) pair is read as one; the bid keeps its kind.
    pos = core.Position(core.Rules(), "4", IDS, None, [], Contract(2, parse_bid("84")))
    assert pos.contract == contract and Contract.of_core(pos.contract) == (2, 84)
    with pytest.raises(ParseError, match="a contract is \\(declarer, bid\\)"):
        core.Position(core.Rules(), "4", IDS, None, [], (2, 84, "x"))
    with pytest.raises(ParseError, match="a bid is a number"):
        core.Position(core.Rules(), "4", IDS, None, [], (2, "84"))


def test_the_auction_records_bids_and_the_contract():
    game = Game(seed=3)  # N deals: E bids first
    game.play("31")
    game.play(Move.parse("84"))
    assert game.auction == [(1, 31), (2, 84)] and all(isinstance(b, Bid) for _, b in game.auction)
    game.play("pass")
    game.play("pass")
    assert game.contract == Contract(2, 84) and game.contract.kind == ORDINARY and contract_text(game.contract, game.rules) == "S84"
    view = game.view(0)
    assert view.auction == ((1, 31), (2, 84), (3, 0), (0, 0)) and view.contract == (2, 84)
    assert view.to_json()["auction"][1] == {"seat": 2, "bid": "84"}
    assert PlayerView.from_json(view.to_json()) == view


def test_contract_json_takes_an_optional_kind():
    """Old JSON (no kind) keeps reading; the kind is written only for a special bid; an unknown kind
    or key is refused by name."""
    pos = Position(f"trump=4 {DEAL} contract=S30")
    data = pos.to_json()
    assert data["contract"] == {"declarer": 2, "bid": 30}
    assert Position.from_json({**data, "contract": {"declarer": 2, "bid": 30, "kind": "ordinary"}}) == pos
    with pytest.raises(ParseError, match="unknown bid kind 'sideways'"):
        Position.from_json({**data, "contract": {"declarer": 2, "bid": 30, "kind": "sideways"}})
    with pytest.raises(ParseError, match="has unknown key\\(s\\) knd"):
        Position.from_json({**data, "contract": {"declarer": 2, "bid": 30, "knd": "ordinary"}})
    view = pos.view(0).to_json()
    assert view["contract"] == {"declarer": 2, "bid": 30}
    view["contract"]["kind"] = "ordinary"
    assert PlayerView.from_json(view) == pos.view(0)


@pytest.mark.parametrize("declarer", range(4))
def test_trick_1_is_led_where_the_core_rules(declarer):
    """No Python reader restates who leads trick 1: notation and keywords leave the leader out, a
    view's JSON leaves it out before the first lead, and each gets the core's answer."""
    contract = Contract(declarer, parse_bid(30))
    first = _core.texas42.ruling(Rules()._core, "4", contract)["first_leader"]
    assert first == declarer  # an ordinary bid: the declarer leads (§2.4)
    text = Position(f"trump=4 {DEAL} contract={contract_text(contract, STANDARD)}")
    keywords = Position(trump=4, hands=HANDS, contract=(declarer, 30))
    assert text.leader == keywords.leader == first
    view = keywords.view((declarer + 1) % 4).to_json()
    del view["leader"], view["to_move"]
    assert PlayerView.from_json(view).leader == first


def test_a_view_shows_what_its_contract_reveals_and_nothing_else():
    """An ordinary bid shows no tile of any hand: the views have no "revealed", and a view that
    claims one is refused (the core's position of the deal shows none)."""
    pos = Position(f"trump=4 {DEAL} contract=S30")
    for seat in range(4):
        view = pos.view(seat)
        assert view.revealed == () and "revealed" not in view.to_json()
    claimed = {**pos.view(0).to_json(), "revealed": {"E": ["6-5"]}}
    with pytest.raises(InvalidViewError, match="the view states revealed="):
        PlayerView.from_json(claimed)
    with pytest.raises(ParseError, match="'revealed' must map seats to lists of tiles"):
        PlayerView.from_json({**pos.view(0).to_json(), "revealed": ["6-5"]})
