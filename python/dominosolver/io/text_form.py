"""Records written as one line of notation and read back through their JSON (docs/notation.md):
``Cls(text)`` reads the text, ``str(obj)`` writes it, ``repr(obj)`` is ``Cls('...')``. A player's view
of either game is one (``texas42.PlayerView``, ``bingo.PlayerView``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ..errors import ParseError

__all__ = ["TextForm"]


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

    def __str__(self) -> str:
        return type(self).text_of_json(self.to_json())  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Any:
        return cls(text)
