"""The registry: every game the front ends know, by the ``"game"`` tag its JSON carries, and how to
tell which game a text, a JSON value or a record is of."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from types import MappingProxyType
from typing import Any

from ..errors import ParseError, shown
from ..io import flags_of_text, json_value
from . import bingo, family42
from .records import VIEW, is_view_text
from .spec import KITS, GameSpec

__all__ = ["DEFAULT", "FAMILY42", "GAMES", "check_options", "detect", "get", "is_view_text", "kit", "names", "of_rules", "read",
           "read_view"]

# The 42 family's rows come from the core's family table (``family42``), Texas 42 first; Bingo's
# follows 42's, where it has stood since it came (the order of GET /v1/games and of messages).
_FIRST, *_REST = family42.SPECS
GAMES: Mapping[str, GameSpec] = MappingProxyType(
    {spec.tag: spec for spec in (_FIRST, bingo.SPEC, *_REST)})
# Positions, views and records older than the "game" tag are Texas 42's, as before Bingo came.
DEFAULT = _FIRST.tag
# The tags of the 42 family's members: a row each of the core's family table, in its order.
FAMILY42 = tuple(spec.tag for spec in family42.SPECS)
_BY_WORD = {word: spec for spec in GAMES.values() for word in (spec.tag, *spec.aliases)}


def get(tag: Any) -> GameSpec:
    """The game with this tag (or alias: ``"42"``); ``ParseError`` names the games there are."""
    if not isinstance(tag, str) or tag not in _BY_WORD:
        raise ParseError(f"unknown game {shown(tag)}: {', '.join(GAMES)}")
    return _BY_WORD[tag]


def of_rules(flags: str | Mapping[str, Any] | None) -> GameSpec:
    """The game of a family's rules flags (an object, or 'flag:value,...' text): the one its
    ``family`` flag names (``family:moon``), else the default game, whose rules reader then judges
    the flags (an unknown family among them too)."""
    given = flags_of_text(flags) if isinstance(flags, str) and flags else dict(flags or {})
    family = given.get("family")
    return _BY_WORD[family] if isinstance(family, str) and family in GAMES else GAMES[DEFAULT]


def names() -> list[str]:
    """Every tag and alias, as a command line takes them (``play [GAME]``)."""
    return list(_BY_WORD)


def detect(data: Any) -> GameSpec:
    """The game of notation text (its leading word: ``bingo ...``, ``42 ...``), of JSON text, or of
    a JSON value: its ``"game"`` tag, else that of the ``"position"`` or ``"view"`` it wraps. Anything
    untagged is Texas 42."""
    if isinstance(data, str):
        text = data.strip()
        if text.startswith(("{", "[")):
            return detect(json_value(text))
        words = text.split(maxsplit=1)
        return _BY_WORD.get(words[0], GAMES[DEFAULT]) if words else GAMES[DEFAULT]
    if isinstance(data, dict):
        if "game" in data:
            return get(data["game"])
        for key in ("position", "view"):
            if isinstance(data.get(key), (str, dict)):
                return detect(data[key])
    return GAMES[DEFAULT]


def read(data: str | dict[str, Any]) -> tuple[GameSpec, Any]:
    """(game, object) of notation text or a decoded JSON object: a player's view for a
    ``dominosolver.view/1`` object or a view's text (it names a ``seat=``), else a position."""
    if (isinstance(data, dict) and data.get("schema") == VIEW) or is_view_text(data):
        return read_view(data)
    spec = detect(data)
    if isinstance(data, dict):
        return spec, spec.Position.from_json(data)
    return spec, spec.Position(data)


def read_view(data: Any) -> tuple[GameSpec, Any]:
    """(game, view) of a player's view: ``dominosolver.view/1`` JSON (an object or its text) or the
    view's one-line text (docs/notation.md)."""
    spec = detect(data)
    if is_view_text(data):
        return spec, spec.PlayerView(data)
    return spec, spec.PlayerView.from_json(data)



def kit(spec: GameSpec, name: str) -> Any:
    """The kit ``name`` of a game's row (``"render"``, ``"pictures"``, ``"batch"``, ``"engine"``,
    ``"human"``, ``"arena"``); ``ParseError`` where the game lacks it, naming the games that have it
    as the front ends' other such messages do: "Bingo has no engine (games with one: Texas 42 and Moon)"."""
    if name not in KITS:
        raise ValueError(f"no kit {name!r}: {', '.join(KITS)}")
    found = getattr(spec, name)
    if found is None:
        having = _in_words([s.title for s in GAMES.values() if s.tag != spec.tag and getattr(s, name) is not None])
        raise ParseError(f"{spec.title} has no {KITS[name]} (games with one: {having or 'none'})")
    return found


def check_options(
    spec: GameSpec,
    given: Iterable[str],
    accepts: Callable[[GameSpec], Collection[str]],
    what: str,
    flag: Callable[[str], str] = str,
) -> None:
    """``ParseError`` for the first option in ``given`` that ``spec`` does not take (``accepts``
    lists a game's options: its ``solve_options`` or ``hint_limits``), naming the games that take it
    and why this one does without it: "--threads applies to 42, Moon, Partnership Moon and The Big Game hints only: ...". ``flag`` writes an
    option as the caller's user knows it."""
    for name in given:
        if name not in accepts(spec):
            takers = _in_words([s.name for s in GAMES.values() if name in accepts(s)]) or "no game's"
            note = spec.notes.get(name)
            raise ParseError(f"{flag(name)} applies to {takers} {what} only" + (f": {note}" if note else ""))


def _in_words(names: list[str]) -> str:
    """["42", "Moon", "Bingo"] as "42, Moon and Bingo"."""
    return " and ".join(filter(None, [", ".join(names[:-1]), *names[-1:]]))
