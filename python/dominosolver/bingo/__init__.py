"""Bingo, the two-player domino Sixty-Six: rules engine (positions and whole games), notation, views,
exact solver and hint engine."""

from .game import Game
from typing import Any

from ..arguments import renamed_object
from .hint import CloseValue, Hint, MoveStat, close_value, hint
from .move import Move
from .notation import Declaration
from .position import DealResult, Position
from .rules import RULESETS, Rules, trump_of_turned
from .solve import Solver, plain_minimax, solve
from .view import PlayerView
from ..result import SolveResult  # what solve returns: its repr evaluates with the package's names

__all__ = [
    "Game", "Move", "Position", "Declaration", "DealResult", "Rules", "RULESETS", "PlayerView",
    "Solver", "solve", "plain_minimax", "trump_of_turned", "hint", "close_value", "Hint", "MoveStat", "CloseValue",
    "SolveResult",
]


def __getattr__(name: str) -> Any:
    if name == "MoveScore":  # the old name of MoveStat, shared with 42's hints
        return renamed_object("bingo.MoveScore", "MoveStat", MoveStat)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
