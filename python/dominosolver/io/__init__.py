"""JSON Schemas of dominosolver's formats, shipped with the package (``io/schemas/*.schema.json``):
``position`` (dominosolver.position/1, Texas 42, Moon, Partnership Moon, The Big Game and Bingo), ``view`` (dominosolver.view/1) and
``hint`` (dominosolver.hint/1). ``validate`` needs the optional ``jsonschema`` package."""

from __future__ import annotations

import json
import math
import sys
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import ParseError, json_type, shown

__all__ = [
    "SCHEMAS", "schema", "validate", "json_value", "json_object", "key_values", "flags_of_text", "is_digits",
    "unicode_text",
]

SCHEMAS = ("position", "view", "hint")
# The most digits a whole number in JSON may have: Python's own limit on converting one (0: none).
JSON_MAX_DIGITS: int = getattr(sys, "get_int_max_str_digits", lambda: 0)()


def json_value(text: str | bytes) -> Any:
    """The value of JSON text; ``ParseError`` says what was malformed (bytes that are no text, nesting
    too deep for the parser, a whole number of more than ``JSON_MAX_DIGITS`` digits, ``NaN`` or ``Infinity``, a
    number too large for a float, a string holding a lone surrogate such as ``"\\udcff"``)."""
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float, parse_int=_whole_number)
    except ParseError:
        raise
    except json.JSONDecodeError as e:
        raise ParseError(f"malformed JSON: {e}") from None
    except UnicodeDecodeError as e:
        raise ParseError(f"malformed JSON: bytes that are not text ({e})") from None
    except RecursionError:
        raise ParseError("malformed JSON: nested too deeply") from None
    _check_strings(value)
    return value


def _no_constant(name: str) -> Any:
    raise ParseError(f"malformed JSON: {name} is not a JSON number")


def _whole_number(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if JSON_MAX_DIGITS and digits > JSON_MAX_DIGITS:
        raise ParseError(f"a number in the JSON is too long: {text[:20]}... has {digits:,} digits, "
                         f"a number may have at most {JSON_MAX_DIGITS:,}")
    return int(text)


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ParseError(f"malformed JSON: the number {text[:40]} is too large")
    return number


def _check_strings(value: Any) -> None:
    """Every string of a decoded JSON value, keys included, is valid Unicode."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            unicode_text(v, "a JSON string")
        elif isinstance(v, dict):
            stack.extend(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


def unicode_text(value: Any, name: str) -> str:
    """``value`` if it is a string of valid Unicode (UTF-8 can encode it: no lone surrogate such as
    ``"\\udcff"``, which JSON escapes can spell but no text holds), else ``ParseError``."""
    if not isinstance(value, str):
        raise ParseError(f"{name} must be a string, not {json_type(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ParseError(f"{name} is not valid Unicode text: it holds {shown(value[e.start])} (a lone surrogate)") from None
    return value


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
        raise ParseError(f"{what} must be a JSON object, not {json_type(obj)}")
    return obj


def key_values(text: Any, keys: tuple[str, ...], required: tuple[str, ...], tags: tuple[str, ...],
               what: str = "position text") -> dict[str, str]:
    """The ``key=value`` tokens of one-line position text (after an optional game tag from
    ``tags``), each key known and given once, the ``required`` ones present."""
    tokens = unicode_text(text, "position text").split()
    if tokens and tokens[0] in tags:
        tokens = tokens[1:]
    values: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep or key not in keys:
            raise ParseError(f"unexpected {shown(token)} in {what} (expected key=value with a key in {', '.join(keys)})")
        if key in values:
            raise ParseError(f"{key!r} given twice in {what}")
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
            raise ParseError(f"malformed rules item {shown(item)}: write flag:value")
        if k in flags:  # as for keys of position text: a second value is a mistake, not an override
            raise ParseError(f"rules flag {shown(k)} given twice")
        flags[k] = v
    return flags


MAX_DIGITS = 18  # far beyond any count, bid or seat the games know; int() refuses over 4,300 digits


def is_digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits, at most ``MAX_DIGITS`` of them, so ``int(text)`` is safe:
    ``str.isdigit`` also passes '²', which ``int`` refuses."""
    return len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


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
