"""dominosolver: rules engines, exact solvers and hint engines for domino trick-taking games."""

from __future__ import annotations

import importlib as _importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
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

# Every name loads on first use (``dominosolver.texas42``, ``from dominosolver import Tile``): importing the
# package itself loads no module, so that the command line's own Ctrl-C handling is in place before
# anything loads (dominosolver.cli.main; an interrupt is then never a traceback).
_ERRORS = ("DominoSolverError", "ParseError", "InvalidPositionError", "InvalidViewError", "IllegalMoveError")
_LATER = {"texas42": "texas42", "moon": "moon", "biggame": "biggame", "bingo": "bingo", "Tile": "tiles",
          "__version__": "version", **dict.fromkeys(_ERRORS, "errors")}


def __getattr__(name: str) -> object:
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = _importlib.import_module(f".{_LATER[name]}", __name__)
    value = module if name == _LATER[name] else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LATER))
