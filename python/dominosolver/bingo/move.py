"""Bingo moves: a tile, ``close``, ``declare:<doubles>``, ``draw`` (closing in place of the draw),
``exchange`` (the optional trump exchange) and ``claim`` (manual claims)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from .. import _core
from ..errors import ParseError, shown
from ..io import unicode_text
from ..tiles import Tile

__all__ = ["Move", "MoveLike"]


@dataclass(frozen=True)
class Move:
    """``Move.parse("6-4")``, ``Move.parse("close")``, ``Move.parse("declare:6-6,1-1")``.

    ``str(move)`` is the canonical name the C++ core and JSON use: tiles high end first, declared
    doubles from 6-6 down to the Bingo 0-0. The core's grammar reads every move (one parser).
    """

    kind: str  # "tile", "close", "declare", "draw", "exchange", "claim"
    tile: Tile | None = None
    doubles: tuple[Tile, ...] = ()

    @classmethod
    def parse(cls, move: MoveLike) -> Move:
        if isinstance(move, Move):
            return move
        if isinstance(move, Tile):
            move = str(move)
        if not isinstance(move, str):
            raise ParseError(f"cannot read a move from {shown(move)}")
        kind, tile, doubles = _core.bingo.parse_move(unicode_text(move, "a move"))
        return cls(kind, None if tile is None else Tile.from_id(tile), tuple(Tile.from_id(d) for d in doubles))

    def __str__(self) -> str:
        if self.kind == "tile":
            return str(self.tile)
        if self.kind == "declare":
            return "declare:" + ",".join(str(t) for t in self.doubles)
        return self.kind

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def words(self, rules: Any) -> str:
        """The move as a player says it: a declaration with what it scores under ``rules``
        (docs/rules.md §5.7), "declare 5-5 and 1-1 (20 points)", seven doubles winning the deal
        outright; any other move as it is written."""
        if self.kind != "declare":
            return str(self)
        tiles = [str(t) for t in self.doubles]
        if len(tiles) == 7:  # every double (§5.7)
            return "declare all seven doubles (the deal won at once)"
        shown = " and ".join(tiles) if len(tiles) < 3 else ", ".join(tiles[:-1]) + " and " + tiles[-1]
        points = int(_core.bingo.declaration_points(rules._core, [t.id for t in self.doubles]))
        return f"declare {shown} ({points} points)"

    @property
    def public(self) -> str:
        """The move as the other player sees it: whole (a draw's name does not say the tile drawn)."""
        return str(self)

    # A move equals its canonical name and, a tile's move, its Tile, as a Tile equals its canonical
    # name: so all three hash alike (hash of the name), and a set or dict of moves finds either.
    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return other == str(self)
        if isinstance(other, Tile):
            return self.kind == "tile" and self.tile == other
        return isinstance(other, Move) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


MoveLike = Union[Move, Tile, str]


def move_name(move: Any) -> str:
    return str(Move.parse(move))
