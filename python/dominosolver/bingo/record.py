"""A Bingo deal's public record as one player saw it (docs/rules.md §5.11): every move with the player
who made it (leads, replies, closes, declarations, the trump exchange, draws chosen over closing,
claims) and every draw with its drawer, the tile named where the player saw it (its own draws, the
face-up tile) and hidden otherwise. A view built from a game or a position dealt in full carries it
(``PlayerView.record``); the C++ core replays it when a view is read and refuses a record that does
not lead to the view, naming the entry. Play inference (``play_inference.py``) rebuilds the past
from it.

In JSON a step is ``{"player": 0, "move": "6-4"}`` or ``{"player": 1, "drew": "5-3"}`` (``null``: a
hidden draw); in a view's one-line text ``0:6-4`` and ``1+5-3`` (``1+?``), separated by ``;``
(notation.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import ParseError, shown
from ..tiles import Tile
from .move import Move
from .notation import read_player, read_tile

__all__ = ["Step", "Record", "record_of_core", "record_to_core", "record_json", "read_record"]


@dataclass(frozen=True)
class Step:
    """One entry of the record: ``player`` made ``move``, or (``move`` None) drew ``drew`` (None: a
    tile hidden from the viewer)."""

    player: int
    move: Move | None = None
    drew: Tile | None = None

    @property
    def is_draw(self) -> bool:
        return self.move is None

    def __str__(self) -> str:
        if self.move is not None:
            return f"{self.player}:{self.move}"
        return f"{self.player}+{'?' if self.drew is None else self.drew}"

    def __repr__(self) -> str:
        if self.move is not None:
            return f"Step({self.player}, Move.parse({str(self.move)!r}))"
        return f"Step({self.player}, drew={'None' if self.drew is None else f'Tile({str(self.drew)!r})'})"


Record = tuple[Step, ...]


def record_of_core(entries: list[tuple[int, str | None, int | None]] | None) -> Record | None:
    """The record as the C++ core gives it: (player, move name, None) or (player, None, tile id or None)."""
    if entries is None:
        return None
    return tuple(Step(p, Move.parse(m)) if m is not None else Step(p, drew=None if t is None else Tile.from_id(t))
                 for p, m, t in entries)


def record_to_core(record: Record | None) -> list[tuple[int, str | None, int | None]] | None:
    if record is None:
        return None
    return [(s.player, str(s.move), None) if s.move is not None else (s.player, None, None if s.drew is None else s.drew.id)
            for s in record]


def record_json(record: Record | None) -> list[dict[str, Any]] | None:
    if record is None:
        return None
    return [{"player": s.player, "move": str(s.move)} if s.move is not None
            else {"player": s.player, "drew": None if s.drew is None else str(s.drew)} for s in record]


def read_record(value: Any) -> Record | None:
    """The ``record`` of a view's JSON (null or absent: not known)."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise ParseError(f"view field 'record' must be a list of steps or null, not {shown(value)}")
    steps = []
    for n, item in enumerate(value):
        if not isinstance(item, dict) or set(item) not in ({"player", "move"}, {"player", "drew"}):
            raise ParseError(f'record entry {n} must be {{"player", "move"}} or {{"player", "drew"}}, not {shown(item)}')
        player = read_player(item["player"], f"record entry {n}'s player")
        if "move" in item:
            if not isinstance(item["move"], str):
                raise ParseError(f"record entry {n}'s move must be a move's name, not {shown(item['move'])}")
            steps.append(Step(player, Move.parse(item["move"])))
        else:
            drew = item["drew"]
            steps.append(Step(player, drew=None if drew is None else read_tile(drew, f"record entry {n}'s draw")))
    return tuple(steps)
