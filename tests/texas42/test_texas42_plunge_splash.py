"""Plunge and Splash (docs/rules.md §3.4-3.5) in positions, views and the solver, against the plain
references of tests/oracle: the solver values their positions in tricks exactly (the plain tricks
minimax's numbers), and says the contract makes exactly when the oracle's trick-by-trick search says
the declaring side takes every trick. The auction, the partner's declaration and lead and the hands' scoring
are checked move by move in test_texas42_game.py (its rule sets with specials = all); the worked
examples are in test_texas42_examples.py (X14)."""

from __future__ import annotations

import random

import pytest
from dominosolver import Tile
from dominosolver.errors import InvalidPositionError, InvalidViewError, ParseError
from dominosolver.texas42 import Game, PlayerView, Position, Rules, Solver
from dominosolver.texas42.rules import contract_text, parse_bid
from dominosolver.texas42.sampling import WorldSampler, position_of
from oracle import texas42_minimax, texas42_rules as R, texas42_tricks_minimax
from support42 import to_oracle

KINDS = {"plunge": (4, "168:plunge"), "splash": (3, "84:splash")}  # doubles needed, the least bid
TRICKS_LEFT = [1] * 3 + [2] * 4 + [3] * 4 + [4] * 1  # the plain minimax grows fast with the tricks left
ENDGAMES = 150  # per kind
FULL_TRICKS = 5  # whole hands after two tricks the declaring side won: the oracle's search of 7 takes up to a minute


def special_deals(rng: random.Random, doubles: int):
    """(deal, bidder) for random deals in which a seat holds `doubles` doubles or more."""
    while True:
        deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
        for seat, hand in enumerate(deal):
            if sum(t.is_double for t in hand) >= doubles:
                yield deal, seat


def oracle_hands(pos: Position):
    return [[to_oracle(t) for t in h] for h in pos.hands]


@pytest.mark.parametrize("kind", KINDS)
def test_special_endgames_agree_with_the_oracle(kind):
    """Random hands played at random to 1-4 tricks left, mid-trick too: the value and every move's
    value, in tricks, are the plain tricks minimax's, and `makes` is the oracle's "every trick left"."""
    doubles, bid = KINDS[kind]
    rng = random.Random(f"{kind}-endgames")
    solver = Solver(tt_mb=4)
    deals = special_deals(rng, doubles)
    makes = 0
    for _ in range(ENDGAMES):
        deal, bidder = next(deals)
        trump = rng.choice(R.TRUMP_MODES)
        contract = (bidder, bid)
        pos = Position(trump=trump, hands=deal, contract=contract)
        assert pos.leader == (bidder + 2) % 4  # the partner leads trick 1 (§3.4)
        for _ in range((7 - rng.choice(TRICKS_LEFT)) * 4 + rng.randrange(4)):
            if pos.result is not None:  # the first trick the declaring side loses ends the hand
                break
            pos.play(rng.choice(pos.legal_moves))
        endgame = Position(trump=trump, hands=list(pos.hands), leader=pos.leader, trick=list(pos.trick),
                           contract=contract)
        if endgame.tricks_left > texas42_minimax.MAX_TRICKS or endgame.is_over:
            continue
        trick = [to_oracle(t) for t in endgame.trick]
        value, moves = texas42_tricks_minimax.solve(oracle_hands(endgame), trump, endgame.leader, trick,
                                                    objective="every_trick", declaring_side=endgame.side_of(bidder))
        result = Solver(tt_mb=1).solve(endgame, pv=False) if rng.random() < 0.1 else solver.solve(endgame, pv=False)
        assert result.units == "tricks"
        assert result.value == value, str(endgame)
        assert result.moves == {str(Tile(*m)): v for m, v in moves.items()}, str(endgame)
        declaring = endgame.side_of(bidder) == endgame.side_of(endgame.to_move)
        every_trick = texas42_minimax.takes_every_trick(oracle_hands(endgame), trump, endgame.leader, trick,
                                                        side=endgame.side_of(bidder))
        assert (result.value == (endgame.tricks_left if declaring else 0)) is every_trick, str(endgame)
        assert result.makes is every_trick, str(endgame)
        makes += every_trick
    assert 0 < makes < ENDGAMES  # both outcomes were checked


@pytest.mark.slow  # ~5 s: the plain every-trick search of long endgames
@pytest.mark.parametrize("kind", KINDS)
def test_long_special_endgames_make_exactly_when_the_oracle_takes_every_trick(kind):
    """Five tricks left after two the declaring side won (at random): all the tricks left for the
    declaring side, and `makes`, iff the oracle takes every trick (beyond the plain minimax's reach)."""
    doubles, bid = KINDS[kind]
    rng = random.Random(f"{kind}-long")
    solver = Solver(tt_mb=16)
    outcomes = set()
    for deal, bidder in special_deals(rng, doubles):
        pos = Position(trump=rng.choice(R.TRUMP_MODES), hands=deal, contract=(bidder, bid))
        while pos.result is None and pos.tricks_left > FULL_TRICKS:
            pos.play(rng.choice(pos.legal_moves))
        if pos.result is not None:
            continue  # the hand ended at a lost trick
        result = solver.solve(pos, pv=False)
        declaring = pos.side_of(bidder) == pos.side_of(pos.to_move)
        every_trick = texas42_minimax.takes_every_trick(oracle_hands(pos), pos.trump, pos.leader,
                                                        side=pos.side_of(bidder))
        assert (result.value == (pos.tricks_left if declaring else 0)) is every_trick, str(pos)
        assert result.makes is every_trick, str(pos)
        outcomes.add(every_trick)
        if len(outcomes) == 2:
            break


def plunge_position(trump="doubles") -> Position:
    deal, bidder = next(special_deals(random.Random("plunge-io"), 4))
    return Position(trump=trump, hands=deal, contract=(bidder, "168:plunge"))


def test_special_positions_round_trip_and_check_their_contract():
    pos = plunge_position()
    bidder = pos.contract.declarer
    assert pos.contract.kind == "plunge" and contract_text(pos.contract, pos.rules).endswith("168:plunge")
    assert pos.to_json()["contract"] == {"declarer": bidder, "bid": 168, "kind": "plunge"}
    assert f"contract={contract_text(pos.contract, pos.rules)}" in str(pos)
    assert Position.from_json(pos.to_json()) == pos == Position(str(pos)) == eval(repr(pos))
    hands = [list(h) for h in pos.hands]
    with pytest.raises(InvalidPositionError, match=r"the declarer's partner \(.*\) leads trick 1"):
        Position(trump=4, hands=hands, leader=bidder, contract=(bidder, "168:plunge"))
    with pytest.raises(InvalidPositionError, match="a plunge bid is a mark bid of 168 or more, not 84"):
        Position(trump=4, hands=hands, contract=(bidder, "84:plunge"))
    assert Position(trump=4, hands=hands, contract=(bidder, "84:plunge"), rules=Rules(plunge_marks="2")).leader == \
        (bidder + 2) % 4
    with pytest.raises(InvalidPositionError, match="a splash bid is a mark bid of 126 or more, not 84"):
        Position(trump=4, hands=hands, contract=(bidder, "84:splash"), rules=Rules(splash_marks="3"))
    other = (bidder + 1) % 4  # a seat without 4 doubles
    if sum(t.is_double for t in hands[other]) < 4:
        with pytest.raises(InvalidPositionError, match="a plunge bid needs at least 4 doubles in the declarer's hand"):
            Position(trump=4, hands=hands, contract=(other, "168:plunge"))
    with pytest.raises(ParseError, match="unknown bid kind 'crash'"):
        Position(trump=4, hands=hands, contract=(bidder, "168:crash"))


def test_the_first_trick_lost_ends_a_special_hand():
    """§3.4: whatever play_out says, the hand's result is decided at the declaring side's first lost
    trick (the opponents score the bid's marks), or after seven won."""
    rng = random.Random("plunge-ends")
    for kind, (doubles, bid) in KINDS.items():
        for rules in (Rules(), Rules(play_out="always"), Rules(scoring="points")):
            deal, bidder = next(special_deals(rng, doubles))
            pos = Position(trump=rng.choice(R.TRUMP_MODES), hands=deal, contract=(bidder, bid), rules=rules)
            side = pos.side_of(bidder)
            while pos.result is None:
                assert pos.tricks_won[1 - side] == 0
                pos.play(rng.choice(pos.legal_moves))
            made = pos.tricks_won[1 - side] == 0
            assert pos.result["made"] is made and (made or pos.tricks_won[1 - side] == 1)
            value = int(parse_bid(bid)) if rules.scoring == "points" else parse_bid(bid) // 42
            them = pos.points[1 - side] if rules.scoring == "points" and not made else 0
            score = [0, 0]
            score[side if made else 1 - side] = value + them
            assert list(pos.result["score"]) == score


def test_the_bidders_doubles_are_public_in_every_view():
    """§3.4: every seat sees the doubles the bidder still holds; a view's worlds keep them there and
    give the bidder no other double; views round-trip through JSON with them."""
    pos = plunge_position(trump=5)
    bidder, rng = pos.contract.declarer, random.Random("plunge-views")
    doubles = {t for t in pos.hand(bidder) if t.is_double}
    while not pos.is_over:
        assert set(pos.revealed(bidder)) == doubles and all(not pos.revealed(s) for s in range(4) if s != bidder)
        for seat in range(4):
            view = pos.view(seat)
            assert set(view.revealed[bidder] if view.revealed else ()) == doubles
            assert PlayerView.from_json(view.to_json()) == view
            if seat != bidder:
                sampler = WorldSampler(view)
                for world in sampler.sample(4, seed=seat):
                    held = set(position_of(view, world).hand(bidder))
                    assert {t for t in held if t.is_double} == doubles
        tile = rng.choice(pos.legal_moves)
        pos.play(tile)
        doubles.discard(tile)


def test_a_view_must_show_the_bidders_doubles_as_they_are():
    pos = plunge_position(trump=2)
    bidder = pos.contract.declarer
    view = pos.view((bidder + 1) % 4).to_json()
    shown = view["revealed"][pos.rules.seat_names[bidder]]
    with pytest.raises(InvalidViewError, match="no deal fits this view: a plunge bid needs at least 4 doubles"):
        PlayerView.from_json({**view, "revealed": {pos.rules.seat_names[bidder]: shown[:-1]}})
    hidden = next(str(t) for t in pos.hand((bidder + 2) % 4) if not t.is_double)
    with pytest.raises(InvalidViewError):
        PlayerView.from_json({**view, "revealed": {pos.rules.seat_names[bidder]: [*shown, hidden]}})
