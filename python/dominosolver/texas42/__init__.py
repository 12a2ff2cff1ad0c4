"""Texas 42: rules engine (positions and whole games), notation and views, for every member of the
family; what a member decides before play in its own way is its package's (``dominosolver.moon``,
``dominosolver.biggame``), given to this one through ``deciders.py``, never imported by it."""

from .game import Game, Move
from .position import Position
from .rules import SEATS, TEAMS, TRUMPS, Bid, Contract, Rules
from .view import PlayerView

__all__ = ["Game", "Move", "Position", "Rules", "Bid", "Contract", "PlayerView", "SEATS", "TEAMS", "TRUMPS"]

from .solve import (  # noqa: E402
    BatchResult, DDTable, PlayGrade, Solver, SpecialTable, analyse_play, dd_table, projected_totals, projection, solve,
    special_table,
    solve_batch,
)

__all__ += [
    "Solver", "solve", "dd_table", "DDTable", "special_table", "SpecialTable", "analyse_play", "PlayGrade", "projected_totals",
    "projection", "solve_batch", "BatchResult",
]

from .hint import Hint, MoveStat, hint  # noqa: E402
from .sampling import count_worlds, enumerate_worlds, sample_worlds  # noqa: E402

__all__ += ["hint", "Hint", "MoveStat", "count_worlds", "sample_worlds", "enumerate_worlds"]
from .bidding import BidAdvice, SpecialAdvice, advise_bid  # noqa: E402

__all__ += ["advise_bid", "BidAdvice", "SpecialAdvice"]
from .bid_tests import BidTests, Tested  # noqa: E402

__all__ += ["BidTests", "Tested"]
from .claim import Claim, claim  # noqa: E402

__all__ += ["claim", "Claim"]
from ..result import SolveResult  # what solve returns: its repr evaluates with the package's names

__all__ += ["SolveResult"]
