"""Nel-O (docs/rules.md §3.3): the declarer alone against both opponents, its partner sitting out,
tricks of three, no trumps, the doubles as named (own suit, high, low), the first trick the declarer
takes ending the hand. Checked against the plain referee of tests/oracle (random play-outs of each
doubles mode, from the deal and from mid-trick positions), its views (the partner's hand stays
hidden; worlds drawn from a view give it hidden tiles that take no part), its bid and scoring, and
the points solver's clear refusal until the tricks solver exists. Whole games with Nel-O are checked
move by move in test_texas42_game.py; X10 is in test_texas42_examples.py."""

from __future__ import annotations

import random

import pytest
from dominosolver import _core
from dominosolver.errors import InvalidPositionError, InvalidViewError
from dominosolver.texas42 import Game, Move, PlayerView, Position, Rules, Solver
from dominosolver.texas42.hint import hint
from dominosolver.texas42.sampling import sample_worlds
from dominosolver.texas42.solve import solve_batch
from oracle import texas42_rules as R
from support42 import oracle_set, to_oracle

MODES = ("nello", "nello-high", "nello-low")
HANDS = 60  # per doubles mode


def random_nello(rng: random.Random, trump: str, partner_given: bool = True) -> Position:
    deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
    declarer = rng.randrange(4)
    if not partner_given:
        deal[(declarer + 2) % 4] = []
    return Position(trump=trump, hands=deal, contract=(declarer, 42 * rng.randint(1, 2)))


@pytest.mark.parametrize("trump", MODES)
def test_nello_hands_follow_the_oracle(trump):
    """Random hands played out: the partner never moves, every legal set of tiles, every trick's
    winner and points, and the moment the hand ends (the first trick the declarer takes) are the
    oracle's; the partner's hand, given or not, changes nothing."""
    rng = random.Random(f"nello-{trump}")
    outcomes = set()
    for n in range(HANDS):
        pos = random_nello(rng, trump)
        declarer = pos.contract.declarer
        partner = (declarer + 2) % 4
        bare = Position(trump=trump, hands=[[] if s == partner else list(h) for s, h in enumerate(pos.hands)],
                        contract=pos.contract)
        oracle = R.HandState([[to_oracle(t) for t in h] for h in pos.hands], trump, declarer,
                             sits_out=R.sits_out(declarer, trump))
        assert pos.leader == declarer and pos.trick_size == 3 and pos.seats_in_play == [s for s in range(4) if s != partner]
        while pos.result is None:
            assert pos.to_move != partner and pos.to_move == oracle.to_move
            assert oracle_set(pos.legal_moves) == set(oracle.legal()) == oracle_set(bare.legal_moves)
            tile = rng.choice(pos.legal_moves)
            pos.play(tile)
            bare.play(tile)
            done = oracle.play(to_oracle(tile))
            if done is not None:
                assert pos.trick_winner == bare.trick_winner == done[0]
                assert pos.points == bare.points == tuple(oracle.points)
        taken = oracle.tricks[declarer % 2]
        assert pos.result["made"] is (taken == 0) and (taken == 1 or sum(oracle.tricks) == 7)
        assert pos.hand(partner) == tuple(sorted(pos.hand(partner), reverse=True)) and len(pos.hand(partner)) == 7
        outcomes.add(taken == 0)
        if n % 10 == 0:  # the bare position's view and JSON are the same hand without the partner's tiles
            assert Position.from_json(bare.to_json()) == bare and bare.to_json()["hands"][partner] == []
    assert outcomes == {True, False}


@pytest.mark.parametrize("trump", MODES)
def test_mid_trick_positions_follow_the_oracle(trump):
    """Positions read in the middle of a hand (no history, a trick on the table): legal tiles and
    the trick's winner are the oracle's."""
    rng = random.Random(f"nello-mid-{trump}")
    checked = 0
    for _ in range(HANDS):
        pos = random_nello(rng, trump)
        for _ in range(rng.randrange(1, 12)):
            if pos.result is not None:
                break
            pos.play(rng.choice(pos.legal_moves))
        if pos.result is not None or not pos.trick:
            continue
        declarer = pos.contract.declarer
        partner = (declarer + 2) % 4
        hands = [[] if s == partner else list(pos.hand(s)) for s in range(4)]
        mid = Position(trump=trump, hands=hands, leader=pos.leader, trick=list(pos.trick), contract=pos.contract)
        oracle = R.HandState([[to_oracle(t) for t in h] for h in hands], trump, pos.leader,
                             trick=[to_oracle(t) for t in pos.trick], sits_out=partner, first_trick=False)
        while mid.trick:
            assert mid.to_move == oracle.to_move and oracle_set(mid.legal_moves) == set(oracle.legal())
            tile = rng.choice(mid.legal_moves)
            mid.play(tile)
            done = oracle.play(to_oracle(tile))
        assert mid.trick_winner == done[0]
        checked += 1
    assert checked > HANDS // 3


def test_views_hide_the_partner_and_its_tiles_take_no_part():
    """No view but the partner's own shows its tiles; its hand size stays 7; views read back from
    JSON; worlds drawn from a view are deals whose play matches the view's."""
    rng = random.Random("nello-views")
    for _ in range(20):
        pos = random_nello(rng, rng.choice(MODES))
        for _ in range(rng.randrange(0, 10)):
            if pos.result is not None:
                break
            pos.play(rng.choice(pos.legal_moves))
        declarer = pos.contract.declarer
        partner = (declarer + 2) % 4
        hidden_hand = {str(t) for t in pos.hand(partner)}
        for seat in range(4):
            view = pos.view(seat)
            assert view.hand_sizes[partner] == 7
            text = view.to_json()
            named = {t for key in ("hand", "gone") for t in text.get(key, [])} | {p["tile"] for p in text["plays"]}
            assert (named & hidden_hand == hidden_hand) if seat == partner else not named & hidden_hand
            assert PlayerView.from_json(text) == view
            for world in sample_worlds(view, 4, seed=seat):
                assert bin(world[partner]).count("1") == 7
                for s in range(4):
                    if s != seat and s != partner:  # the seats in play hold no tile they showed void in
                        assert not world[s] & view.absent[s]


def test_plays_alone_show_what_the_position_shows():
    """From the plays and the contract alone the core replays tricks of three: the same voids and
    the same leader as the position."""
    rng = random.Random("nello-shown")
    for _ in range(20):
        trump = rng.choice(MODES)
        pos = random_nello(rng, trump)
        for _ in range(rng.randrange(3, 15)):
            if pos.result is not None:
                break
            pos.play(rng.choice(pos.legal_moves))
        voids, absent, leader = _core.texas42.shown_by_plays(
            pos.rules._core, trump, pos.plays[0][0], [t.id for _, t in pos.plays], True, pos.contract
        )
        assert leader == pos.leader
        assert voids == [pos._pos.voids(s) for s in range(4)]


def test_nello_is_offered_as_the_rules_say():
    """On a mark bid under specials = all: own suit and high; low too with nello_doubles_allowed =
    all; on a point bid with nello_min = any_bid; in the points game only with nello_in_points =
    as_marks."""
    def declarations(bid, **flags):
        game = Game(seed=11, rules=Rules(**flags))
        game.play(str(bid))
        for _ in range(3):
            game.play("pass")
        return [str(m.value) for m in game.legal_moves if str(m.value).startswith("nello")]

    assert declarations(42, specials="all") == ["nello", "nello-high"]
    assert declarations(42, specials="all", nello_doubles_allowed="all") == ["nello", "nello-high", "nello-low"]
    assert declarations(30, specials="all") == []
    assert declarations(30, specials="all", nello_min="any_bid") == ["nello", "nello-high"]
    assert declarations(42) == []
    assert declarations(42, specials="all", scoring="points") == []
    assert declarations(42, specials="all", scoring="points", nello_in_points="as_marks") == ["nello", "nello-high"]


@pytest.mark.parametrize(("scoring", "worth"), [("marks", 2), ("points", 84)])
def test_a_game_plays_and_scores_nello(scoring, worth):
    """A game's Nel-O: the declarer leads, its partner is never to move, and the hand scores the
    bid's marks (in the points game 42 a mark) to the side that wins it."""
    rules = Rules(specials="all", scoring=scoring, nello_in_points="as_marks")
    rng = random.Random(f"nello-game-{scoring}")
    results = set()
    for seed in range(60):
        if results == {True, False}:
            break
        game = Game(seed=seed, rules=rules)
        game.play("84")
        for _ in range(3):
            game.play("pass")
        declarer = game.contract.declarer
        game.play(Move.parse(f"declare {rng.choice(['nello', 'nello-high'])}"))
        assert game.to_move == declarer
        while game.phase == "playing":
            assert game.to_move != (declarer + 2) % 4
            legal = game.legal_moves
            low = min(legal, key=lambda m: m.value.hi + m.value.lo)  # the declarer ducks with its smallest
            game.play(low if game.to_move == declarer else rng.choice(legal))
        hand = game.hands_played[-1]
        side = declarer % 2
        expected = [0, 0]
        expected[side if hand["result"]["made"] else 1 - side] = worth
        assert tuple(hand["result"]["score"]) == tuple(expected)
        results.add(hand["result"]["made"])
    assert results == {True, False}


def test_nello_positions_read_write_and_refuse():
    rng = random.Random("nello-io")
    pos = random_nello(rng, "nello-low")
    text = pos.to_json()
    assert text["trump"] == "nello-low" and Position.from_json(text) == pos == Position(str(pos)) == eval(repr(pos))
    assert "trump=nello-low" in str(pos)
    hands = [list(h) for h in pos.hands]
    declarer = pos.contract.declarer
    partner = (declarer + 2) % 4
    with pytest.raises(InvalidPositionError, match="'nello-low' position needs its contract"):
        Position(trump="nello-low", hands=hands)
    with pytest.raises(InvalidPositionError, match="sits this hand out"):
        Position(trump="nello", hands=hands, contract=pos.contract, leader=partner)
    partial = [h[:3] if s == partner else h for s, h in enumerate(hands)]
    with pytest.raises(InvalidPositionError, match="its hand is the 7 tiles dealt to it or empty, not 3"):
        Position(trump="nello", hands=partial, contract=pos.contract)
    with pytest.raises(InvalidPositionError, match="'nello' cannot be declared on a bid of 30"):
        Position(trump="nello", hands=hands, contract=(declarer, 30))
    assert Position(trump="nello", hands=hands, contract=(declarer, 30), rules=Rules(nello_min="any_bid")).leader == declarer
    with pytest.raises(InvalidPositionError, match="cannot be 'nello'"):
        Position(trump="nello", hands=hands, contract=(declarer, "84:splash"))
    # The tricks solver values it (tests/texas42/test_texas42_tricks_solver.py against the oracle),
    # through the thread pool and hints too.
    result = Solver().solve(pos)
    assert result.units == "tricks" and list(solve_batch([pos, pos], threads=2).values) == [result.value] * 2
    assert hint(pos.view(declarer), samples=4, threads=2).moves
    view = pos.view((declarer + 1) % 4).to_json()
    del view["contract"]
    with pytest.raises(InvalidViewError):
        PlayerView.from_json(view)


def test_a_position_without_the_partners_hand_counts_its_tiles_gone():
    """A position given without the partner's hand knows fewer tiles: its views count the partner's
    tiles gone (out of every hand), where the full deal's views keep them hidden."""
    pos = random_nello(random.Random("nello-bare"), "nello")
    declarer = pos.contract.declarer
    partner = (declarer + 2) % 4
    bare = Position(trump="nello", hands=[[] if s == partner else list(h) for s, h in enumerate(pos.hands)],
                    contract=pos.contract)
    assert bare.legal_moves == pos.legal_moves
    view, full = bare.view(declarer), pos.view(declarer)
    assert view.hand_sizes[partner] == 0 and set(view.gone) == set(pos.hand(partner))
    assert full.gone == () and set(pos.hand(partner)) <= set(full.hidden)
