"""Players for whole Bingo games: a random legal player and a hint player. They choose among the legal
moves the C++ core lists; they never decide legality themselves."""

from __future__ import annotations

import random
from typing import Protocol

from ..arguments import renamed
from ..errors import SearchLimitError
from .game import Game
from .hint import hint
from .move import Move
from .solve import Solver

__all__ = ["Bot", "RandomBot", "HintBot"]

SAMPLES = 16  # worlds per hint of the hint bot


class Bot(Protocol):
    def choose(self, game: Game) -> Move: ...


class RandomBot:
    """Any legal move, uniformly (claims only with 70 points)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves
        sound = [m for m in moves if m.kind != "claim" or game.position.points[game.to_move] >= 70]
        return self.rng.choice(sound or moves)


class HintBot:
    """Plays the best move of a hint from its own view. Each decision samples its worlds with a seed
    derived from the bot's seed and the move number, so a game replays identically; `weighting`
    "play" weights them by the opponent's recorded decisions (play_inference.py). `max_nodes`
    bounds the work per world (early phase-one worlds can be costly to solve exactly); a decision
    none of whose worlds is solved to the end within it (all left at bounds) searches the same
    worlds again with ten times the budget, as often as it takes."""

    def __init__(self, samples: int | None = None, seed: int = 0, max_nodes: int = 50_000, exact_limit: int = 400,
                 *, worlds: int | None = None, weighting: str = "uniform") -> None:
        samples = renamed(samples, worlds, "samples", "worlds")  # worlds: the old name, deprecated
        self.samples = SAMPLES if samples is None else samples
        self.seed, self.max_nodes, self.exact_limit, self.weighting = seed, max_nodes, exact_limit, weighting
        self.solver = Solver()

    def choose(self, game: Game) -> Move:
        seat = game.to_move
        assert seat is not None
        budget = self.max_nodes
        while True:
            try:
                h = hint(game.view(seat), samples=self.samples, seed=self.seed * 1_000_003 + len(game.moves),
                         exact_limit=self.exact_limit, max_nodes=budget, solver=self.solver, weighting=self.weighting)
                if budget and h.worlds and h.bounded == h.worlds:  # every world cut short: only bounds to go on
                    budget *= 10
                    continue
                return Move.parse(h.best)
            except SearchLimitError:
                if not budget:  # no limit cannot run out; whatever this is, it is not the budget's
                    raise
                budget *= 10
