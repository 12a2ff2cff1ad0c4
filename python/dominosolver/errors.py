"""Errors raised for bad input. All are ``ValueError`` subclasses, each message names what is wrong."""

from __future__ import annotations

__all__ = [
    "DominoSolverError", "ParseError", "InvalidPositionError", "InvalidViewError", "IllegalMoveError",
    "SearchLimitError",
]


class DominoSolverError(ValueError):
    """Base class of every error dominosolver raises for bad input."""


class ParseError(DominoSolverError):
    """Text, JSON or a flag could not be read (unknown tile, malformed notation, bad JSON)."""


class InvalidPositionError(DominoSolverError):
    """The pieces parse, but no legal play leads to them (duplicated tile, impossible hand sizes...)."""


class InvalidViewError(InvalidPositionError):
    """A player's view that no deal fits (too few hidden tiles for the hand sizes, voids that leave a
    tile nowhere to go, plays the trick winners contradict), or a request the view cannot answer."""


class SearchLimitError(InvalidPositionError):
    """No answer within the limits given: every world of a hint needed more nodes than its budget
    (``max_nodes``). An ``InvalidPositionError``, as such a hint raised before this had a name."""


class IllegalMoveError(DominoSolverError):
    """A move that the rules forbid here (out of turn, renege, a bid too low...)."""
