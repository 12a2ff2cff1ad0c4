"""The tricks search on Sevens (§3.6, both tie rules) and Nel-O (§3.3, each doubles mode, tricks of 3)
against the plain tricks minimax of tests/oracle/texas42_tricks_minimax.py: random endgames of 1-4
tricks, mid-trick included, built as positions through the public API; the value, every move's
value and `makes` agree, and `can_reach` answers "at least the value" yes and "one more" no."""

from __future__ import annotations

import random

import pytest
from dominosolver import Tile
from dominosolver.texas42 import Game, Position, Rules, Solver, solve_batch
from oracle import texas42_rules as R, texas42_tricks_minimax as TM
from support42 import to_oracle

TRICKS_LEFT = (1, 2, 2, 3, 3, 4)
PER_CASE = 120  # endgames per (contract, rule variant)
CONTRACTS = [
    ("sevens", "first_played"),
    ("sevens", "bidders_win_ties"),
    ("nello", None),
    ("nello-high", None),
    ("nello-low", None),
]


def endgame(rng: random.Random, trump: str, tie: str | None) -> tuple[Position, int, Rules]:
    """A random hand of `trump` played at random (past any deciding trick: the search plays every
    trick) to 1-4 tricks left, as an endgame position with no history, and its declarer."""
    rules = Rules(specials="all", nello_doubles_allowed="all", sevens_tie=tie or "first_played")
    deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
    declarer = rng.randrange(4)
    pos = Position(trump=trump, hands=deal, contract=(declarer, "42"), rules=rules)
    seats = len(pos.seats_in_play)
    for _ in range((7 - rng.choice(TRICKS_LEFT)) * seats + rng.randrange(seats)):
        pos.play(rng.choice(pos.legal_moves))
    endgame = Position(trump=trump, hands=list(pos.hands), leader=pos.leader, trick=list(pos.trick),
                       contract=(declarer, "42"), rules=rules)
    return endgame, declarer, rules


def oracle_of(pos: Position, declarer: int, tie: str | None):
    order = tuple(pos.seats_in_play)
    sides = {seat: seat % 2 for seat in order}
    nello = pos.trump in R.NELLO_DOUBLES
    return TM.solve([[to_oracle(t) for t in h] for h in pos.hands], pos.trump, pos.leader,
                    [to_oracle(t) for t in pos.trick], objective="no_trick" if nello else "every_trick",
                    declaring_side=declarer % 2, order=order, sides=sides,
                    ties_to=declarer % 2 if tie == "bidders_win_ties" else None)


@pytest.mark.parametrize(("trump", "tie"), CONTRACTS)
def test_endgames_agree_with_the_tricks_oracle(trump, tie):
    rng = random.Random(f"tricks-{trump}-{tie}")
    solver = Solver(tt_mb=4)
    made, batch, expected = set(), [], []
    for _ in range(PER_CASE):
        pos, declarer, _ = endgame(rng, trump, tie)
        value, moves = oracle_of(pos, declarer, tie)
        result = solver.solve(pos, pv=rng.random() < 0.2)
        assert (result.units, result.value) == ("tricks", value), str(pos)
        assert result.moves == {str(Tile(*m)): v for m, v in moves.items()}, str(pos)
        declaring = pos.side_of(declarer) == pos.side_of(pos.to_move)
        goal = pos.tricks_left if trump == "sevens" else 0  # the declaring side's tricks that make
        assert result.makes is ((value if declaring else pos.tricks_left - value) == goal), str(pos)
        assert solver.value(pos) == value, str(pos)
        assert solver.can_reach(pos, value) and not solver.can_reach(pos, value + 1), str(pos)
        made.add(result.makes)
        batch.append(pos)
        expected.append(value)
    assert made == {True, False}
    assert list(solve_batch(batch, threads=2).values) == expected


def test_sevens_ties_change_values():
    """The tie rule is searched, not ignored: some endgames are worth more to the bidders when ties
    go their way, and none less."""
    rng = random.Random("sevens-ties")
    differ = 0
    for _ in range(PER_CASE):
        pos, declarer, _ = endgame(rng, "sevens", "first_played")
        favoured = Position(trump="sevens", hands=list(pos.hands), leader=pos.leader, trick=list(pos.trick),
                            contract=(declarer, "42"), rules=Rules(specials="all", sevens_tie="bidders_win_ties"))
        sign = 1 if pos.side_of(pos.to_move) == pos.side_of(declarer) else -1
        gain = sign * (Solver().solve(favoured).value - Solver().solve(pos).value)
        assert gain >= 0, str(pos)
        differ += gain > 0
    assert differ > 0
