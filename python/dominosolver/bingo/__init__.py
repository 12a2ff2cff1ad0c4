"""Bingo, the two-player domino Sixty-Six: rules engine (positions and whole games), notation, views,
exact solver and hint engine."""

from .game import Game
from .hint import CloseValue, Hint, MoveScore, close_value, hint
from .move import Move
from .notation import Declaration
from .position import DealResult, Position
from .rules import RULESETS, Rules, trump_of_turned
from .solve import Solver, plain_minimax, solve
from .view import PlayerView

__all__ = [
    "Game", "Move", "Position", "Declaration", "DealResult", "Rules", "RULESETS", "PlayerView",
    "Solver", "solve", "plain_minimax", "trump_of_turned", "hint", "close_value", "Hint", "MoveScore", "CloseValue",
]
