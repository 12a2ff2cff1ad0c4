"""Sevens (docs/rules.md §3.6): the declaration with no suits, against the plain referee of
tests/oracle (legal plays by least distance for every player, the least distance winning, the two
tie rules, the first lost trick ending the hand), its views (a forced play shows the seat held no
nearer tile) and its positions solved in tricks. Whole games with Sevens
are checked move by move in test_texas42_game.py (its specials rule sets); X11 is in
test_texas42_examples.py."""

from __future__ import annotations

import random

import pytest
from dominosolver import _core
from dominosolver.errors import IllegalMoveError, InvalidPositionError
from dominosolver.texas42 import Game, Move, PlayerView, Position, Rules, Solver
from dominosolver.texas42.hint import hint
from dominosolver.texas42.sampling import sample_worlds
from dominosolver.texas42.solve import solve_batch
from dominosolver.tiles import tiles_of
from oracle import texas42_rules as R
from support42 import oracle_set, to_oracle

TIES = ("first_played", "bidders_win_ties")
HANDS = 60  # per tie rule


def random_sevens(rng: random.Random, tie: str) -> Position:
    deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
    return Position(trump="sevens", hands=deal, contract=(rng.randrange(4), 42 * rng.randint(1, 2)),
                    rules=Rules(sevens_tie=tie))


@pytest.mark.parametrize("tie", TIES)
def test_sevens_hands_follow_the_oracle(tie):
    """Random hands played out: every legal set of tiles, every trick's winner and points, and the
    moment the hand is decided (the first trick the declaring side loses) are the oracle's."""
    rng = random.Random(f"sevens-{tie}")
    outcomes = set()
    for _ in range(HANDS):
        pos = random_sevens(rng, tie)
        declarer = pos.contract.declarer
        oracle = R.HandState([[to_oracle(t) for t in h] for h in pos.hands], "sevens", pos.leader,
                             tie_side=declarer % 2 if tie == "bidders_win_ties" else None)
        assert pos.leader == declarer  # the declarer leads (§3.6)
        while pos.result is None:
            assert oracle_set(pos.legal_moves) == set(oracle.legal())
            tile = rng.choice(pos.legal_moves)
            pos.play(tile)
            done = oracle.play(to_oracle(tile))
            if done is not None:
                assert (pos.trick_winner, pos.points[done[0] % 2] >= done[1]) == (done[0], True)
        lost = oracle.tricks[1 - declarer % 2] > 0
        assert pos.result["made"] is (not lost) and (lost or sum(oracle.tricks) == 7)
        assert pos.tricks_won[1 - declarer % 2] == (1 if lost else 0)
        outcomes.add(lost)
    assert outcomes == {True, False}


def test_a_forced_play_shows_no_nearer_tile():
    """Playing a tile of distance d shows the seat holds none nearer to 7: the view's voids name the
    nearer distance classes, its absent tiles hold every hidden one of them, and worlds drawn from
    it never give the seat one."""
    rng = random.Random("sevens-views")
    checked = 0
    for _ in range(30):
        pos = random_sevens(rng, "first_played")
        while pos.result is None and pos.trick:
            pos.play(rng.choice(pos.legal_moves))
        for _ in range(rng.randrange(1, 4)):
            if pos.result is not None:
                break
            pos.play(rng.choice(pos.legal_moves))
        if pos.result is not None:
            continue
        for seat, tile in pos.plays:
            distance = abs(tile.hi + tile.lo - 7)
            viewer = (seat + 1) % 4
            view = pos.view(viewer)
            assert set(view.voids[seat]) >= set(range(distance))
            nearer = [t for t in view.hidden if abs(t.hi + t.lo - 7) < distance]
            assert all(view.absent[seat] >> t.id & 1 for t in nearer)
            assert PlayerView.from_json(view.to_json()) == view
            for world in sample_worlds(view, 5, seed=checked):  # the sampler keeps what the plays show
                assert not [t for t in tiles_of(world[seat]) if abs(t.hi + t.lo - 7) < distance]
            checked += 1
    assert checked


def test_sevens_is_a_mark_bid_declaration_of_the_declarer():
    rules = Rules(specials="all")
    game = Game(seed=46, rules=rules)  # N deals: E bids first and holds four doubles
    game.play("42")
    for _ in range(3):
        game.play("pass")
    assert Move.parse("declare sevens") in game.legal_moves and game.to_move == 1
    game = Game(seed=46, rules=rules)
    game.play("30")
    for _ in range(3):
        game.play("pass")
    assert Move.parse("declare sevens") not in game.legal_moves  # a point bid: no Sevens
    with pytest.raises(IllegalMoveError, match="'sevens' cannot be declared on this contract"):
        game.play("declare sevens")
    game = Game(seed=46, rules=rules)
    game.play("168:plunge")
    for _ in range(3):
        game.play("pass")
    assert Move.parse("declare sevens") not in game.legal_moves  # the Plunge partner names a suit etc.
    assert Move.parse("declare sevens") not in Game(seed=46).legal_moves  # specials = none


def test_sevens_positions_read_write_and_refuse():
    pos = random_sevens(random.Random("sevens-io"), "bidders_win_ties")
    assert pos.to_json()["trump"] == "sevens" and pos.to_json()["rules"] == {"sevens_tie": "bidders_win_ties"}
    assert Position.from_json(pos.to_json()) == pos == Position(str(pos)) == eval(repr(pos))
    assert "trump=sevens" in str(pos) and "rules=sevens_tie:bidders_win_ties" in str(pos)
    hands = [list(h) for h in pos.hands]
    with pytest.raises(InvalidPositionError, match="'sevens' cannot be declared on a bid of 30"):
        Position(trump="sevens", hands=hands, contract=(0, 30))
    with pytest.raises(InvalidPositionError, match="cannot be 'sevens'"):
        Position(trump="sevens", hands=hands, contract=(0, "84:splash"))
    # Solved in tricks (tests/texas42/test_texas42_tricks_sevens_nello.py checks the values), alone and
    # through the thread pool: batches and hints.
    result = Solver().solve(pos)
    assert result.units == "tricks" and result.value == max(result.moves.values())
    assert list(solve_batch([pos, pos, pos], threads=2).values) == [result.value] * 3
    assert {m.move for m in hint(pos.view(pos.to_move), samples=8, seed=1, threads=2).moves} == {
        str(t) for t in pos.legal_moves}
    nearest = min(abs(t.hi + t.lo - 7) for t in pos.hand(pos.leader))
    wrong = next((t for t in pos.hand(pos.leader) if abs(t.hi + t.lo - 7) > nearest), None)
    if wrong is not None:
        with pytest.raises(IllegalMoveError, match="must play a tile nearest to 7 pips"):
            pos.play(wrong)


def test_plays_alone_show_the_same_under_bidders_win_ties():
    """From the plays and the contract alone the core finds the position's voids and leader: the
    declaring side's ties decide who leads next (§3.6)."""
    rng = random.Random("sevens-shown")
    for _ in range(20):
        pos = random_sevens(rng, "bidders_win_ties")
        for _ in range(rng.randrange(4, 20)):
            if pos.result is not None:
                break
            pos.play(rng.choice(pos.legal_moves))
        voids, absent, leader = _core.texas42.shown_by_plays(
            pos.rules._core, "sevens", pos.plays[0][0], [t.id for _, t in pos.plays], True, pos.contract
        )
        assert leader == pos.leader
        assert voids == [pos._pos.voids(s) for s in range(4)]
        assert absent == [pos._pos.shown_absent(s) for s in range(4)]
