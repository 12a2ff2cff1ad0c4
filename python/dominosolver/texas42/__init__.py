"""Texas 42: rules engine (positions and whole games), notation and views."""

from .game import Game, Move
from .position import Position
from .rules import SEATS, TEAMS, TRUMPS, Contract, Rules
from .view import PlayerView

__all__ = ["Game", "Move", "Position", "Rules", "Contract", "PlayerView", "SEATS", "TEAMS", "TRUMPS"]

from .solve import BatchResult, DDTable, PlayGrade, Solver, analyse_play, dd_table, solve, solve_batch  # noqa: E402

__all__ += ["Solver", "solve", "dd_table", "DDTable", "analyse_play", "PlayGrade", "solve_batch", "BatchResult"]
