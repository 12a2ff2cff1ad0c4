"""Errors raised for bad input. All are ``ValueError`` subclasses, each message names what is wrong."""

from __future__ import annotations

__all__ = [
    "DominoSolverError", "ParseError", "InvalidPositionError", "InvalidViewError", "IllegalMoveError",
    "SearchLimitError", "RequestLimitError", "counted", "shown",
]

SHOWN_CHARS = 80  # the most of a value an error message quotes


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


class RequestLimitError(DominoSolverError):
    """A request beyond what a server allows one request (``dominosolver serve``'s limits: more
    samples, more time, a larger body than it states in ``GET /v1/limits``)."""


class IllegalMoveError(DominoSolverError):
    """A move that the rules forbid here (out of turn, renege, a bid too low...)."""


def shown(value: object) -> str:
    """``repr(value)`` for an error message, cut to ``SHOWN_CHARS``: a wrong value may be a megabyte
    of text, or an integer too long for Python to write in decimal at all."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * SHOWN_CHARS:
        return f"an integer of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except ValueError:  # a list or object holding such an integer
        return f"a {type(value).__name__} holding an integer too long to write"
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless one, for a message: "1 tile", "2 tiles", "0 tiles"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
