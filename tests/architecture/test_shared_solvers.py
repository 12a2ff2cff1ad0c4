"""Solvers are safe in threads: one solver of each game shared by 4 threads (each search releases the
GIL, so they truly overlap) gives every value a solver alone gives. A shared solver runs one search
at a time; without that, threads racing on one transposition table returned wrong values."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

from dominosolver import bingo
from dominosolver.bingo.solve import Solver as BingoSolver
from dominosolver.texas42 import Game, Position
from dominosolver.texas42.solve import Solver as Solver42

THREADS = 4
ROUNDS = 3  # each thread solves every position this many times, in its own order


def bingo_positions() -> list[bingo.Position]:
    """Positions of random Bingo deals late in phase one or in phase two (milliseconds each)."""
    out = []
    for seed in range(12):
        game, rng = bingo.Game(seed=seed), random.Random(seed)
        while not game.is_over:
            pos = game.position
            if not pos.is_over and (pos.phase == 2 or len(pos.boneyard) <= 4):
                out.append(bingo.Position.from_json(pos.to_json()))
            game.play(rng.choice(game.legal_moves))
    return out


def positions_42() -> list[Position]:
    """Positions of random 42 hands from trick 3 on, under several declarations."""
    out = []
    for seed in range(16):
        rng = random.Random(seed)
        hands = [list(h) for h in Game(seed=seed).deal()]
        pos = Position(trump=rng.choice([0, 3, 6, "doubles", "none"]), hands=hands, contract=(seed % 4, 30))
        while not pos.is_over:
            if pos.tricks_left <= 5:
                out.append(pos.copy())
            pos.play(rng.choice(pos.legal_moves))
    return out


def hammer(solve: Callable[[Any], Any], positions: list[Any]) -> tuple[int, int]:
    """(solves, wrong answers): ``THREADS`` threads solve every position ``ROUNDS`` times through
    ``solve`` (one shared solver) and each answer is compared with the one found alone first."""
    expected = [solve(p) for p in positions]
    wrong = [0] * THREADS
    counts = [0] * THREADS
    start = threading.Barrier(THREADS)

    def work(k: int) -> None:
        order = list(range(len(positions))) * ROUNDS
        random.Random(k).shuffle(order)
        start.wait()
        for i in order:
            wrong[k] += solve(positions[i]) != expected[i]
            counts[k] += 1

    threads = [threading.Thread(target=work, args=(k,)) for k in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts), sum(wrong)


def test_a_shared_bingo_solver_gives_the_values_it_gives_alone():
    shared = BingoSolver(1)  # a small table: threads meet in it all the time
    positions = bingo_positions()
    solves, wrong = hammer(lambda p: (shared.solve(p).value, shared.solve(p).moves), positions)
    assert solves == THREADS * ROUNDS * len(positions) >= 3000
    assert wrong == 0


def test_a_shared_bingo_solver_scores_worlds_as_alone():
    shared = BingoSolver(1)
    views = [p.view(p.to_move) for p in bingo_positions() if p.phase == 2][::8]
    solves, wrong = hammer(lambda v: bingo.hint(v, samples=6, seed=2, exact_limit=0, solver=shared).to_json()["moves"], views)
    assert solves == THREADS * ROUNDS * len(views) and wrong == 0


def test_a_shared_42_solver_gives_the_values_it_gives_alone():
    shared = Solver42(1)
    positions = positions_42()
    solves, wrong = hammer(lambda p: (shared.value(p), shared.solve(p).moves), positions)
    assert solves == THREADS * ROUNDS * len(positions) >= 1000
    assert wrong == 0
