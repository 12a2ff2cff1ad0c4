"""Records written as one line of notation and read back through their JSON (docs/notation.md):
``Cls(text)`` reads the text, ``str(obj)`` writes it, ``repr(obj)`` is ``Cls('...')``. A player's view
of either game is one (``texas42.PlayerView``, ``bingo.PlayerView``)."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any, ClassVar

from ..errors import InvalidViewError, ParseError

__all__ = ["TextForm", "settled_by_rules"]

_SETTLED: ContextVar[bool] = ContextVar("settled_by_rules", default=False)


@contextlib.contextmanager
def settled_by_rules() -> Iterator[None]:
    """Records built inside are taken as given: their facts were settled by the rules (a view built
    from a position, a game or JSON), so they are not read back again."""
    token = _SETTLED.set(True)
    try:
        yield
    finally:
        _SETTLED.reset(token)


class TextForm:
    """Mixed in before a record class whose ``__init__`` takes its fields as keywords and which has
    ``from_json`` and ``to_json``; the subclass names its notation's two directions."""

    json_of_text: ClassVar[Callable[[str], dict[str, Any]]]
    text_of_json: ClassVar[Callable[[dict[str, Any]], str]]

    def __init__(self, text: str | None = None, /, **fields: Any) -> None:
        if text is not None:
            if fields:  # the text says everything: a keyword beside it would be silently ignored
                raise ParseError(f"give the text or keywords, not both ({', '.join(fields)}= given with the text)")
            fields = vars(type(self).from_json(type(self).json_of_text(text)))  # type: ignore[attr-defined]
            super().__init__(**fields)
            return
        _check_keywords(type(self), fields)
        super().__init__(**fields)
        if not _SETTLED.get():
            self._check_settled()

    @classmethod
    def _settled(cls, **fields: Any) -> Any:
        """A record of fields the rules settled (a view of a position, of a game, of JSON read): not
        read back again."""
        with settled_by_rules():
            return cls(**fields)

    def _check_settled(self) -> None:
        """Built from keywords, a record states facts that its other fields give (a view's turn, trick,
        points, voids, legal moves, what the plays show absent): read back through its JSON, where the
        rules derive them as ``from_json`` does, it must be itself. The reader's error names a fact
        its JSON states wrongly (``InvalidViewError``); one naming the fields that still differ
        covers the facts the JSON does not carry."""
        with settled_by_rules():
            settled = type(self).from_json(self.to_json())  # type: ignore[attr-defined]
        differ = [f.name for f in dataclasses.fields(self) if f.compare  # type: ignore[arg-type]
                  and getattr(settled, f.name) != getattr(self, f.name)]
        if differ:
            raise InvalidViewError(
                f"the view's {', '.join(differ)} {'is' if len(differ) == 1 else 'are'} not what its records give: "
                + "; ".join(f"{name}={getattr(settled, name)!r}, not {getattr(self, name)!r}" for name in differ))

    def __str__(self) -> str:
        return type(self).text_of_json(self.to_json())  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Any:
        return cls(text)


def _check_keywords(cls: type, given: dict[str, Any]) -> None:
    """The keywords of a record built without its text name its fields, all those without a default
    (a ParseError naming what is wrong, not the dataclass's TypeError)."""
    if not dataclasses.is_dataclass(cls):
        return
    names, required = _fields_of(cls)
    if given.keys() <= names and all(name in given for name in required):
        return  # the common case, views built by positions and games: every field named
    if not given:
        raise ParseError(f"a {cls.__name__} needs its one-line text (docs/notation.md) or its fields as keywords")
    unknown = [k for k in given if k not in names]
    if unknown:
        raise ParseError(f"{cls.__name__} has no field {', '.join(map(repr, unknown))}: its fields are "
                         f"{', '.join(f.name for f in dataclasses.fields(cls) if f.init)}")
    missing = [name for name in required if name not in given]
    raise ParseError(f"a {cls.__name__} built from keywords needs every field without a default: {', '.join(missing)} "
                     "missing (or build it from its text, its JSON, or a position's or game's view(seat))")


@functools.cache
def _fields_of(cls: type) -> tuple[frozenset[str], tuple[str, ...]]:
    """A record class's field names, and those without a default, in order."""
    fields = [f for f in dataclasses.fields(cls) if f.init]
    required = tuple(f.name for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
    return frozenset(f.name for f in fields), required
