"""dominosolver: rules engines, exact solvers and hint engines for domino trick-taking games."""

from . import biggame, bingo, moon, texas42
from .errors import DominoSolverError, IllegalMoveError, InvalidPositionError, InvalidViewError, ParseError
from .tiles import Tile
from .version import __version__

__all__ = [
    "Tile",
    "texas42",
    "moon",
    "biggame",
    "bingo",
    "DominoSolverError",
    "ParseError",
    "InvalidPositionError",
    "InvalidViewError",
    "IllegalMoveError",
    "__version__",
]
