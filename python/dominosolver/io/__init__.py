"""JSON Schemas of dominosolver's formats, shipped with the package (``io/schemas/*.schema.json``):
``position`` (dominosolver.position/1, Texas 42 and Bingo), ``view`` (dominosolver.view/1) and
``hint`` (dominosolver.hint/1). ``validate`` needs the optional ``jsonschema`` package."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import ParseError

__all__ = ["SCHEMAS", "schema", "validate", "json_value", "json_object", "key_values", "flags_of_text", "is_digits"]

SCHEMAS = ("position", "view", "hint")


def json_value(text: str | bytes) -> Any:
    """The value of JSON text; ``ParseError`` says what was malformed (bytes that are no text and
    nesting too deep for the parser included)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ParseError(f"malformed JSON: {e}") from None
    except UnicodeDecodeError as e:
        raise ParseError(f"malformed JSON: bytes that are not text ({e})") from None
    except RecursionError:
        raise ParseError("malformed JSON: nested too deeply") from None


def read_text_file(path: str | Path, what: str) -> str:
    """A file's text; ``ParseError`` when it is not text (``what`` says what was expected)."""
    try:
        return Path(path).read_text()
    except UnicodeDecodeError as e:
        raise ParseError(f"{path} is not {what}: {e}") from None


def json_object(obj: Any, what: str = "a position") -> dict[str, Any]:
    """A JSON object from a dict or from JSON text; ``ParseError`` names what was malformed."""
    if isinstance(obj, (str, bytes)):
        obj = json_value(obj)
    if not isinstance(obj, dict):
        raise ParseError(f"{what} must be a JSON object, not {type(obj).__name__}")
    return obj


def key_values(text: Any, keys: tuple[str, ...], required: tuple[str, ...], tags: tuple[str, ...],
               what: str = "position text") -> dict[str, str]:
    """The ``key=value`` tokens of one-line position text (after an optional game tag from
    ``tags``), each key known and given once, the ``required`` ones present."""
    if not isinstance(text, str):
        raise ParseError(f"position text must be a string, not {type(text).__name__}")
    tokens = text.split()
    if tokens and tokens[0] in tags:
        tokens = tokens[1:]
    values: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep or key not in keys:
            raise ParseError(f"unexpected {token!r} in {what} (expected key=value with a key in {', '.join(keys)})")
        if key in values:
            raise ParseError(f"{key!r} given twice in position text")
        values[key] = value
    for key in required:
        if key not in values:
            raise ParseError(f"{what} lacks {key}=")
    return values


def flags_of_text(text: str) -> dict[str, str]:
    """Rules flags written ``flag:value,flag:value`` (the ``rules=`` key of position text)."""
    flags = {}
    for item in text.split(","):
        k, sep, v = item.partition(":")
        if not sep:
            raise ParseError(f"malformed rules item {item!r}: write flag:value")
        if k in flags:  # as for keys of position text: a second value is a mistake, not an override
            raise ParseError(f"rules flag {k!r} given twice")
        flags[k] = v
    return flags


def is_digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits: ``str.isdigit`` also passes '²', which ``int`` refuses."""
    return text.isascii() and text.isdigit()


@cache
def _text(name: str) -> str:
    if name not in SCHEMAS:
        raise ParseError(f"unknown schema {name!r}: one of {', '.join(SCHEMAS)}")
    return resources.files(__package__).joinpath("schemas", f"{name}.schema.json").read_text()


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema ``name`` (a fresh copy)."""
    return json.loads(_text(name))


@cache
def _validator(name: str) -> Any:
    try:
        import jsonschema
        from referencing import Registry, Resource
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(
            "validating needs the 'jsonschema' package (pip install 'dominosolver[test]')"
        ) from e
    registry = Registry().with_resources(
        (schema(n)["$id"], Resource.from_contents(schema(n))) for n in SCHEMAS
    )
    cls = jsonschema.validators.validator_for(schema(name))
    return cls(schema(name), registry=registry)


def validate(obj: Any, name: str) -> None:
    """Check ``obj`` against schema ``name``; raises ``ParseError`` naming the first problem."""
    errors = sorted(_validator(name).iter_errors(obj), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        where = "/".join(str(p) for p in e.absolute_path) or "(top)"
        raise ParseError(f"not a valid {name}: at {where}: {e.message}")
