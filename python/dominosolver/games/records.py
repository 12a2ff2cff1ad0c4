"""The record forms every game's front ends share: a thing wrapped in ``{"position": ...}`` or
``{"view": ...}``, a hint asked of a view or of a position and a seat, a record's own seed, the
tags of graded plays, and what ``show --json`` says of a position."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ..arguments import callback
from ..errors import ParseError, json_type, shown
from ..render.kit import GAME_ANALYSIS  # an analysis per hand or deal of a whole game
from .spec import GameSpec

__all__ = ["ANALYSIS", "GAME_ANALYSIS", "SHOW", "VIEW", "WRAPPER_KEYS", "check_wrapper", "each_graded", "hint_asked",
           "hint_target", "is_view_text", "json_type", "own_seed", "show_json", "unwrap", "whole_deal"]

ANALYSIS = "dominosolver.analysis/1"  # the graded plays of one hand or deal
VIEW = "dominosolver.view/1"
SHOW = "dominosolver.show/1"  # a position with what follows from it: to move, legal moves


# The keys of a record that wraps a position or a view (docs/json.md, "Batch analysis" and "Graded
# play"): the body, what is asked of it (plays to grade, a seat to advise), and what any batch record
# may carry (its id, task, game tag and seed).
WRAPPER_KEYS = ("position", "view", "plays", "seat", "id", "task", "game", "seed")


def check_wrapper(record: Any) -> None:
    """Refuse a key a ``{"position", ...}`` or ``{"view", ...}`` record does not know, by name (a typo such
    as "plyas" would otherwise leave the record read as if the key were absent). Records of other
    shapes (a position/1 or view/1 object itself, a hand or game of ``play --json``) are left to
    their readers."""
    if not isinstance(record, dict) or "schema" in record or not ("position" in record or "view" in record):
        return
    unknown = [k for k in record if k not in WRAPPER_KEYS]
    if unknown:
        which = "key " + shown(unknown[0]) if len(unknown) == 1 else "keys " + ", ".join(map(shown, unknown))
        raise ParseError(f"unknown {which} in a record wrapping a {'position' if 'position' in record else 'view'}: "
                         f"its keys are {', '.join(WRAPPER_KEYS)}")


def unwrap(record: Any, key: str) -> Any:
    """``record[key]`` when the record wraps its body so, else the record itself."""
    return record[key] if isinstance(record, dict) and key in record else record


def is_view_text(data: Any) -> bool:
    """Whether ``data`` is a view's one-line text (docs/notation.md): a position's text names no seat."""
    return isinstance(data, str) and not data.strip().startswith("{") and any(
        token.startswith("seat=") for token in data.split())


def each_graded(parts: list[Any], grade: Callable[[Any], Any],
                on_progress: Callable[[int, int], None] | None) -> list[Any]:
    """``grade`` of each of a whole game's hands (or deals), ``on_progress(done, total)`` told after each:
    a game's record knows how many it holds."""
    on_progress = callback(on_progress, "on_progress")
    graded = []
    for part in parts:
        graded.append(grade(part))
        if on_progress is not None:
            on_progress(len(graded), len(parts))
    return graded


def whole_deal(make: Callable[..., Any]) -> Callable[..., Any]:
    """A table's maker (``GameSpec.table``, ``special_table``) that refuses a seat's view by name: a
    table solves every seat's declarations, so it needs the whole deal, which a view hides."""
    @functools.wraps(make)  # its signature too: the HTTP API looks for should_stop
    def table(deal: Any, *args: Any, **options: Any) -> Any:
        if is_view_text(deal) or isinstance(deal, dict) and (deal.get("schema") == VIEW or "view" in deal):
            raise ParseError("a table needs the whole deal (a position, or the hands as dealt), not a seat's "
                             "view: a view hides the other hands")
        return make(deal, *args, **options)
    return table


def hint_asked(record: Any) -> bool:
    """A view, ``{"view": ...}`` (view/1 JSON or the view's text) or ``{"position": ..., "seat": s}``:
    a record asking for a hint."""
    return isinstance(record, dict) and (
        record.get("schema") == VIEW or "view" in record or ("position" in record and "seat" in record)
    )


def hint_target(record: Any, spec: GameSpec) -> tuple[Any, int | None]:
    """(what to advise, whose seat): a position and its seat, or a view (the seat is its own)."""
    if isinstance(record, dict) and "position" in record and "seat" in record:
        return spec.Position.read(record["position"], spec.title), spec.parse_seat(record["seat"])
    view = unwrap(record, "view")  # view/1 JSON, or the view's one-line text
    if is_view_text(view):
        return spec.PlayerView(view), None
    return spec.PlayerView.from_json(view), None


def own_seed(record: Any, seed: int) -> int:
    """The record's own ``"seed"`` when it gives one, else the batch's seed for it."""
    if isinstance(record, dict) and "seed" in record:
        seed = record["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ParseError(f"'seed' must be an integer, not {shown(seed)}")
    return seed


def show_json(spec: GameSpec, target: Any) -> dict[str, Any]:
    """What ``show --json`` prints (and the HTTP API's ``show`` replies): a position with what follows
    from it (``dominosolver.show/1``), or a view as it reads back."""
    if isinstance(target, spec.PlayerView):
        return target.to_json()
    return {"schema": SHOW, "game": spec.tag, "position": target.to_json(), **spec.facts(target)}
