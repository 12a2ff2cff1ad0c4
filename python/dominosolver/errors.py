"""Errors raised for bad input. All are ``ValueError`` subclasses, each message names what is wrong."""

from __future__ import annotations

from typing import Any

__all__ = [
    "DominoSolverError", "ParseError", "InvalidPositionError", "InvalidViewError", "IllegalMoveError",
    "SearchLimitError", "RequestLimitError", "StateError", "counted", "json_type", "shown",
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


class StateError(DominoSolverError):
    """A request that is well formed but out of order where it came: the engine protocol's
    (``dominosolver engine``) ``position`` while a search runs, ``go`` while one runs or before any
    position. What was asked is not wrong, its moment is: a view has nothing to do with it."""


class IllegalMoveError(DominoSolverError):
    """A move that the rules forbid here (out of turn, renege, a bid too low...)."""


def json_type(value: Any) -> str:
    """What JSON calls ``value``'s type, for messages: null, a string, a number, a list, true/false,
    an object (never Python's NoneType, str, int)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


class _Full(Exception):
    """The text of a shown value has passed ``SHOWN_CHARS``: the rest is cut anyway."""


def shown(value: object) -> str:
    """``value`` for an error message, in JSON's words where JSON has them (``true``, ``false``,
    ``null``, also inside lists and objects; other values as ``repr``), cut to ``SHOWN_CHARS``: a
    wrong value may be a megabyte of text, a list of a million items or an integer too long for
    Python to write in decimal. A list's or object's items are read one at a time and the reading
    stops at the cut: a few items read, whatever the value's size."""
    parts: list[str] = []
    size = [0]

    def put(text: str) -> None:
        parts.append(text)
        size[0] += len(text)
        if size[0] > SHOWN_CHARS:
            raise _Full

    def walk(v: object) -> None:
        if v is None or isinstance(v, bool):
            put("null" if v is None else "true" if v else "false")
        elif isinstance(v, int) and v.bit_length() > 4 * SHOWN_CHARS:
            put(f"an integer of about {int(v.bit_length() * 0.30103)} digits")
        elif type(v).__repr__ in _CONTAINERS:  # a list, tuple or dict (or a subclass written as one)
            mapping = isinstance(v, dict)
            put("{" if mapping else "[")
            for i, item in enumerate(v.items() if mapping else v):  # type: ignore[attr-defined]
                put(", " if i else "")
                if mapping:
                    walk(item[0])
                    put(": ")
                walk(item[1] if mapping else item)
            put("}" if mapping else "]")
        else:
            put(repr(v))

    try:
        walk(value)
    except _Full:
        pass
    except RecursionError:  # nested deeper than Python's stack: its start is what a reader needs
        pass
    text = "".join(parts)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


_CONTAINERS = (list.__repr__, tuple.__repr__, dict.__repr__)


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless one, for a message: "1 tile", "2 tiles", "0 tiles"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
