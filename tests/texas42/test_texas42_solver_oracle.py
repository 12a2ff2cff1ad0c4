"""The fast solver against the plain minimax of tests/oracle (no pruning, no table), on random
reachable endgames: 1-4 tricks left, 0-3 tiles on the table, all 9 declarations and every
follow-me doubles option. Value and every move's value must agree."""

from __future__ import annotations

import random

import pytest
from dominosolver import Tile
from dominosolver.texas42 import Position, Rules, Solver
from oracle import texas42_minimax
from support42 import to_oracle

DECLARATIONS = [0, 1, 2, 3, 4, 5, 6, "doubles", ("none", "high"), ("none", "low"), ("none", "own_suit")]
# Mostly short endgames: the plain minimax grows fast with the tricks left.
TRICKS_LEFT = [1] * 3 + [2] * 4 + [3] * 4 + [4] * 1
POSITIONS_PER_DECLARATION = 300  # 11 x 300 = 3,300 positions


def random_endgame(rng: random.Random, declaration) -> Position:
    trump, nt = declaration if isinstance(declaration, tuple) else (declaration, "high")
    tiles = [Tile.from_id(i) for i in range(28)]
    rng.shuffle(tiles)
    pos = Position(trump=trump, hands=[tiles[7 * k : 7 * k + 7] for k in range(4)], leader=rng.randrange(4),
                   rules=Rules(nt_doubles=nt))
    plays = (7 - rng.choice(TRICKS_LEFT)) * 4 + rng.randrange(4)
    for _ in range(plays):
        pos.play(rng.choice(pos.legal_moves))
    # Start the solver's view here: the earlier tricks are just gone tiles.
    return Position(trump=trump, hands=list(pos.hands), leader=pos.leader, trick=list(pos.trick),
                    rules=Rules(nt_doubles=nt))


@pytest.mark.parametrize("declaration", DECLARATIONS, ids=str)
def test_solver_agrees_with_plain_minimax(declaration):
    rng = random.Random(f"oracle-{declaration}")
    solver = Solver(tt_mb=4)
    nt = declaration[1] if isinstance(declaration, tuple) else "high"
    trump = declaration[0] if isinstance(declaration, tuple) else declaration
    for _ in range(POSITIONS_PER_DECLARATION):
        pos = random_endgame(rng, declaration)
        hands = [[to_oracle(t) for t in h] for h in pos.hands]
        value, moves = texas42_minimax.solve(hands, trump, pos.leader, [to_oracle(t) for t in pos.trick], nt)
        result = solver.solve(pos, pv=False)
        assert result.value == value, str(pos)
        assert result.moves == {str(Tile(*m)): v for m, v in moves.items()}, str(pos)


@pytest.mark.parametrize("declaration", DECLARATIONS, ids=str)
def test_per_play_tests_agree_with_plain_minimax(declaration):
    """reaches_after (a zero-window test per play) answers "value after the play >= target" exactly
    as the plain minimax's move values do, for targets around each move's value and beyond 0..all."""
    rng = random.Random(f"reach-{declaration}")
    solver = Solver(tt_mb=4)
    nt = declaration[1] if isinstance(declaration, tuple) else "high"
    trump = declaration[0] if isinstance(declaration, tuple) else declaration
    for _ in range(POSITIONS_PER_DECLARATION // 3):
        pos = random_endgame(rng, declaration)
        hands = [[to_oracle(t) for t in h] for h in pos.hands]
        _, moves = texas42_minimax.solve(hands, trump, pos.leader, [to_oracle(t) for t in pos.trick], nt)
        values = {str(Tile(*m)): v for m, v in moves.items()}
        for target in {-1, 0, *(v + d for v in values.values() for d in (0, 1)), 43}:
            assert solver.reaches_after(pos, target) == {m: v >= target for m, v in values.items()}, (str(pos), target)


def test_values_of_some_plays_alone_agree_with_every_moves():
    """solve_batch(only=...) values the named plays exactly as every move's solve does, the rest -1."""
    from dominosolver.texas42 import solve_batch

    rng = random.Random("only")
    positions = [random_endgame(rng, rng.choice(DECLARATIONS)) for _ in range(200)]
    full = solve_batch(positions, threads=2, moves=True)
    chosen = [[t.id for t in rng.sample(p.legal_moves, rng.randint(1, len(p.legal_moves)))] for p in positions]
    some = solve_batch(positions, threads=2, moves=True, only=chosen)
    for i, plays in enumerate(chosen):
        legal = [t.id for t in positions[i].legal_moves]
        for t in legal:
            assert some.move_values[i, t] == (full.move_values[i, t] if t in plays else -1)
        assert some.values[i] == max(full.move_values[i, t] for t in plays)  # the best of the plays valued


def test_per_play_tests_agree_with_every_moves_values_on_whole_hands():
    """Beyond the plain minimax's reach (whole hands, mid-trick included): reaches_after against
    every move's values of the solver, targets at each value and one above."""
    rng = random.Random("reach-deep")
    solver, tester = Solver(tt_mb=16), Solver(tt_mb=16)
    for k in range(120):
        declaration = DECLARATIONS[k % len(DECLARATIONS)]
        trump, nt = declaration if isinstance(declaration, tuple) else (declaration, "high")
        tiles = [Tile.from_id(i) for i in range(28)]
        rng.shuffle(tiles)
        pos = Position(trump=trump, hands=[tiles[7 * j : 7 * j + 7] for j in range(4)], leader=rng.randrange(4),
                       rules=Rules(nt_doubles=nt))
        for _ in range(rng.randrange(10)):
            pos.play(rng.choice(pos.legal_moves))
        values = solver.solve(pos, pv=False).moves
        target = rng.choice(sorted(set(values.values()))) + rng.randrange(2)
        assert tester.reaches_after(pos, target) == {m: v >= target for m, v in values.items()}, (str(pos), target)
