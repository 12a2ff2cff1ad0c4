"""Variant flags and presets of Bingo (rules.md §5.13, §6.3). The rules themselves live in the C++
core; this module only names things."""

from __future__ import annotations

from typing import Any

from .. import _core
from ..errors import ParseError

__all__ = ["Rules", "RULESETS", "PLAYERS", "trump_of_turned"]

RULESETS = ("historic", "modern_dp", "modern_gb", "modern_sp")
PLAYERS = (0, 1)


class Rules:
    """Variant flags named after rules.md, lower-cased: ``Rules(bingo_ruleset="modern_dp")`` is the
    domino-play preset; further flags override it, e.g. ``Rules(close_fail_3="off")``.

    HISTORIC (pagat) is the default. Only flags that differ from the ruleset's preset are stored and
    written; unknown flags or values raise ``ParseError``. Switches accept ``"on"``/``"off"`` (and
    ``True``/``False``).
    """

    __slots__ = ("_core",)

    def __init__(self, **flags: Any) -> None:
        self._core = _core.bingo.Rules({k: _flag_text(k, v) for k, v in flags.items()})

    @classmethod
    def preset(cls, ruleset: str) -> Rules:
        """The complete preset of a §5.13 column: 'historic', 'modern_dp', 'modern_gb' or 'modern_sp'."""
        return cls(bingo_ruleset=ruleset)

    @classmethod
    def from_json(cls, obj: Any) -> Rules:
        if obj is None:
            return cls()
        if not isinstance(obj, dict):
            raise ParseError(f"'rules' must be an object of flags, not {type(obj).__name__}")
        return cls(**obj)

    def to_json(self) -> dict[str, str]:
        return dict(self._core.flags())

    @property
    def ruleset(self) -> str:
        return self.to_json().get("bingo_ruleset", "historic")

    def __repr__(self) -> str:
        return "Rules(" + ", ".join(f"{k}={v!r}" for k, v in self.to_json().items()) + ")"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self._core == other._core

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.to_json().items())))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rules_from_flags, (self.to_json(),))


def _rules_from_flags(flags: dict[str, str]) -> Rules:
    return Rules(**flags)


def _flag_text(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return str(value)
    if not isinstance(value, str):
        raise ParseError(f"rules flag {key!r} must be a string, not {value!r}")
    return value


def trump_of_turned(tile: Any) -> int:
    """The trump number (written 0..6, blank = 0) a turned tile fixes: its high end with blank = 7."""
    from ..tiles import Tile

    t = Tile(tile)
    if t.hi > 6:
        raise ParseError(f"tile {t} is not in the double-six set")
    return _core.bingo.trump_of_turned(t.id)
