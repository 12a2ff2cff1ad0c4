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
