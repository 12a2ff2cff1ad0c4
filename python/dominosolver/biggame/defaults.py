"""texas42's functions and classes as ``dominosolver.biggame`` names them: with The Big Game's rules
by default. What names no member of the 42 family is read as The Big Game's: position and view text
without a leading tag (``42 ...`` names Texas 42's), JSON without ``"game"``, keywords, hands and
move text without ``rules=``; what names one (a tag, a ``"game"``, a Position, a view or a game, ``rules=``)
keeps it. The functions are texas42's, called with their input so read (``_defaulted``), not copies.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable
from typing import Any

from .. import texas42
from ..errors import ParseError
from ..io import json_value
from ..texas42.notation import TAGS
from .rules import BIG_GAME

__all__ = ["Move", "PlayerView", "Position", "Solver", "advise_bid", "analyse_play", "claim", "dd_table", "hint", "solve", "solve_batch",
           "tagged"]

_TAG = BIG_GAME.family


def tagged_text(text: str) -> str:
    """One-line text (a position's, a view's, a deal's ``hands=...``) with The Big Game's tag when it
    has none of the family's."""
    words = text.split(maxsplit=1)
    return text if words and words[0] in TAGS else f"{_TAG} {text.strip()}"


def tagged_json(obj: Any) -> Any:
    """A JSON object (or its text) with The Big Game's ``"game"`` when it names none (nor a family
    in its ``"rules"``); anything else as given, for the reader's own error."""
    if isinstance(obj, (str, bytes)):
        try:
            obj = json_value(obj)
        except ParseError:
            return obj
    if not isinstance(obj, dict) or "game" in obj:
        return obj
    rules = obj.get("rules")
    if isinstance(rules, dict) and "family" in rules:
        return obj
    return {**obj, "game": _TAG}


def tagged(obj: Any) -> Any:
    """A position, view or deal as texas42 reads it, naming The Big Game when it names no member:
    JSON (an object or its text) and one-line text; objects that carry their rules as given."""
    if isinstance(obj, str) and not obj.lstrip().startswith(("{", "[")):
        return tagged_text(obj)
    if isinstance(obj, (str, bytes, dict)):
        value = tagged_json(obj)
        return value if isinstance(value, dict) else obj
    return obj


def _defaulted(function: Callable[..., Any], prepare: Callable[[dict[str, Any]], None], how: str) -> Callable[..., Any]:
    """``function`` (texas42's) with its arguments (by name, as bound to its signature) first given
    to ``prepare``, which names The Big Game where they name no member; its signature, its docstring
    after ``how``."""
    signature = inspect.signature(function)

    @functools.wraps(function)
    def defaulted(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        prepare(bound.arguments)
        return function(*bound.args, **bound.kwargs)

    defaulted.__module__ = __name__.rsplit(".", 1)[0]
    defaulted.__doc__ = f"{how}\n\n{inspect.cleandoc(function.__doc__ or '')}"
    defaulted.__signature__ = signature  # type: ignore[attr-defined]
    return defaulted


def _read(*names: str) -> Callable[[dict[str, Any]], None]:
    """A ``prepare`` tagging the arguments ``names`` (positions, views: ``tagged``)."""
    def prepare(arguments: dict[str, Any]) -> None:
        for name in names:
            if name in arguments:
                arguments[name] = tagged(arguments[name])
    return prepare


def _read_each(arguments: dict[str, Any]) -> None:
    """``solve_batch``'s positions, each tagged (a generator stays one)."""
    positions = arguments.get("positions")
    if positions is not None and not isinstance(positions, (str, bytes, dict)):
        try:
            arguments["positions"] = map(tagged, iter(positions))
        except TypeError:
            pass  # not iterable: texas42's error


def _read_deal(arguments: dict[str, Any]) -> None:
    """A table's deal: text and JSON tagged; hands alone (lists of tiles) The Big Game's by default."""
    if arguments.get("rules") is not None or "deal" not in arguments:
        return
    deal = arguments["deal"]
    if isinstance(deal, str) and deal.lstrip().startswith("["):
        try:
            deal = json_value(deal)
        except ParseError:
            return
    if isinstance(deal, (list, tuple)):
        arguments["rules"] = BIG_GAME
    else:
        arguments["deal"] = tagged(deal)


def _read_hand(arguments: dict[str, Any]) -> None:
    """A bid question's hand: tiles alone are bid under The Big Game's rules unless ``rules=`` says
    other ones; a view or a game carries its own."""
    hand = arguments.get("hand")
    if arguments.get("rules") is None and not isinstance(hand, (texas42.PlayerView, texas42.Game)):
        arguments["rules"] = BIG_GAME


_POSITION = ("Reads a position as The Big Game's unless it names its game (``dominosolver.biggame``: text without "
             "a family's tag, JSON without \"game\"); texas42's:")
advise_bid = _defaulted(texas42.advise_bid, _read_hand,
                        "Bids a hand of 11 tiles under The Big Game's rules unless ``rules=`` says other ones (a view "
                        "or a game carries its own); texas42's, under The Big Game's the ``BigGameBidAdvice``:")
dd_table = _defaulted(texas42.dd_table, _read_deal,
                      "The table of a deal of The Big Game unless the deal or ``rules=`` names other rules "
                      "(``dominosolver.biggame``); texas42's:")
_VIEW = "Reads view JSON as The Big Game's unless it names its game (\"game\"); texas42's:"
hint = _defaulted(texas42.hint, _read("view"), _VIEW)
claim = _defaulted(texas42.claim, _read("view"), _VIEW)
solve = _defaulted(texas42.solve, _read("position"), _POSITION)
analyse_play = _defaulted(texas42.analyse_play, _read("position"), _POSITION)
solve_batch = _defaulted(texas42.solve_batch, _read_each, _POSITION)


class Position(texas42.Position):
    """texas42's Position (below), reading The Big Game's unless told otherwise: text without a
    family's leading tag (``42 trump=...`` is Texas 42's), JSON without ``"game"``, keywords without
    ``rules=``. It equals a texas42 Position of the same state (a game's or a view's world's).

    """

    __slots__ = ()
    __doc__ = (__doc__ or "") + inspect.cleandoc(texas42.Position.__doc__ or "")

    def __init__(
        self,
        notation_text: str | None = None,
        *,
        trump: Any = None,
        hands: Any = None,
        leader: Any = None,
        trick: Any = None,
        rules: texas42.Rules | None = None,
        contract: Any = None,
        history: Any = None,
        discard: Any = None,
    ) -> None:
        if isinstance(notation_text, str):
            notation_text = tagged_text(notation_text)
        elif notation_text is None and rules is None:
            rules = BIG_GAME
        super().__init__(notation_text, trump=trump, hands=hands, leader=leader, trick=trick, rules=rules,
                         contract=contract, history=history, discard=discard)

    @classmethod
    def from_json(cls, obj: dict[str, Any] | str) -> Position:
        return super().from_json(tagged_json(obj))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, texas42.Position) and self._pos == other._pos
                and self._discard == other._discard)

    __hash__ = None  # type: ignore[assignment]  # mutable


class Move(texas42.Move):
    """texas42's Move (below), its text read under The Big Game's rules unless ``rules`` says other
    ones (bids are 42 and up: ``Move.parse("41")`` is no bid). It equals texas42's move of the same
    kind and value (a game's legal moves).

    """

    __doc__ = (__doc__ or "") + inspect.cleandoc(texas42.Move.__doc__ or "")

    @classmethod
    def parse(cls, move: Any, rules: texas42.Rules = BIG_GAME) -> texas42.Move:
        return super().parse(move, rules)

    def words(self, rules: texas42.Rules = BIG_GAME) -> str:
        return super().words(rules)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, texas42.Move):
            return NotImplemented
        return (self.kind, self.value) == (other.kind, other.value)

    __hash__ = texas42.Move.__hash__


class PlayerView(texas42.PlayerView):
    """texas42's PlayerView (below), reading The Big Game's unless told otherwise: text without a
    family's leading tag (``42 seat=...`` is Texas 42's), JSON without ``"game"``. It equals a texas42
    view of the same facts (a game's or a position's).

    """

    __doc__ = (__doc__ or "") + inspect.cleandoc(texas42.PlayerView.__doc__ or "")

    def __init__(self, text: str | None = None, /, **fields: Any) -> None:
        super().__init__(tagged_text(text) if isinstance(text, str) else text, **fields)

    @classmethod
    def from_json(cls, obj: dict[str, Any] | str) -> PlayerView:
        return super().from_json(tagged_json(obj))  # type: ignore[return-value]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, texas42.PlayerView):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in dataclasses.fields(self) if f.compare)

    __hash__ = texas42.PlayerView.__hash__


class Solver(texas42.Solver):
    """texas42's Solver (below), reading positions and deals as The Big Game's unless they name
    their game, as the package's ``solve`` and ``dd_table`` do.

    """

    __doc__ = (__doc__ or "") + inspect.cleandoc(texas42.Solver.__doc__ or "")

    solve = _defaulted(texas42.Solver.solve, _read("position"), _POSITION)
    value = _defaulted(texas42.Solver.value, _read("position"), _POSITION)
    can_reach = _defaulted(texas42.Solver.can_reach, _read("position"), _POSITION)
    reaches_after = _defaulted(texas42.Solver.reaches_after, _read("position"), _POSITION)
    dd_table = _defaulted(texas42.Solver.dd_table, _read_deal,
                          "The table of a deal of The Big Game unless the deal or ``rules=`` names other rules; "
                          "texas42's:")
