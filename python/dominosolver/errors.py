"""Errors raised for bad input. All are ``ValueError`` subclasses, each message names what is wrong."""

from __future__ import annotations

__all__ = ["DominoSolverError", "ParseError", "InvalidPositionError", "IllegalMoveError"]


class DominoSolverError(ValueError):
    """Base class of every error dominosolver raises for bad input."""


class ParseError(DominoSolverError):
    """Text, JSON or a flag could not be read (unknown tile, malformed notation, bad JSON)."""


class InvalidPositionError(DominoSolverError):
    """The pieces parse, but no legal play leads to them (duplicated tile, impossible hand sizes...)."""


class IllegalMoveError(DominoSolverError):
    """A move that the rules forbid here (out of turn, renege, a bid too low...)."""
