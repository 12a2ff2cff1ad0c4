"""What the C++ rules make of a Bingo player's view: how the hidden tiles may split between the
opponent's hand and the face-down boneyard, one world that fits, and the C++ position of a world.

This module sits below the view (it reads a view's fields but never imports the view or a
Position), so that a view read from JSON is checked against one world that fits (``view.py``), and
the sampler counts, enumerates and draws worlds from the same split (``sampling.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import _core
from ..errors import InvalidPositionError, ParseError
from ..tiles import Tile, tiles_of
from .notation import PositionFields, read_number

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = ["World", "build", "core_position", "first_world", "known_mask", "split", "tail"]

World = tuple[list[Tile], list[Tile]]  # (opponent's hand, face-down boneyard in drawing order)


def split(view: PlayerView) -> tuple[list[int], list[int], int]:
    """(ids the opponent may hold, every unknown id, how many of the former it holds)."""
    unknown = sorted(t.id for t in view.unknown)
    absent = {t.id for t in view.opponent_absent}
    free = [i for i in unknown if i not in absent]
    need = view.opponent_hand_size - len(view.opponent_known)
    if need < 0 or need > len(free) or len(unknown) - need != view.facedown_count:
        raise InvalidPositionError(
            "no world agrees with this view: the opponent holds "
            f"{view.opponent_hand_size} tiles, {len(view.opponent_known)} known, with {len(free)} unknown tiles it may hold"
        )
    return free, unknown, need


def known_mask(view: PlayerView) -> int:
    """The tiles the opponent surely holds, as a mask."""
    return sum(1 << t.id for t in view.opponent_known)


def tail(view: PlayerView) -> list[int]:
    """The face-up tile while it is still the boneyard's last: every world ends its boneyard with it."""
    return [view.turned.id] if view.face_up_in_boneyard else []


def first_world(view: PlayerView) -> World:
    """One consistent world: the opponent holds its known tiles and the lowest free ones."""
    free, unknown, need = split(view)
    mask = known_mask(view) | sum(1 << i for i in free[:need])
    return sorted(tiles_of(mask), reverse=True), [Tile.from_id(i) for i in unknown if not mask >> i & 1]


def core_position(view: PlayerView, opponent_hand: list[Tile], facedown: list[Tile]) -> Any:
    """The C++ position where the opponent holds `opponent_hand` and the face-down boneyard is
    `facedown` in drawing order (the face-up tile goes last). Raises InvalidPositionError when the
    world contradicts the view (or the C++ core finds the position unreachable)."""
    hand, fd = set(map(Tile, opponent_hand)), list(map(Tile, facedown))
    pool = set(view.unknown) | set(view.opponent_known)
    if hand | set(fd) != pool or len(hand) + len(fd) != len(pool) or len(fd) != view.facedown_count:
        raise InvalidPositionError("a world must place exactly the tiles hidden from this player")
    if not view.opponent_known <= hand:
        raise InvalidPositionError("a world must give the opponent the tiles it is known to hold")
    if hand & view.opponent_absent:
        raise InvalidPositionError("a world gives the opponent tiles its replies showed it does not hold")
    hands: list[list[Tile]] = [[], []]
    hands[view.seat] = list(view.hand)
    hands[1 - view.seat] = sorted(hand, reverse=True)
    return build(PositionFields(
        trump=view.trump, turned=view.turned, leader=view.leader, hands=hands, trick=list(view.trick),
        boneyard=fd + ([view.turned] if view.face_up_in_boneyard else []), closed_by=view.closed_by,
        opponent_had_trick_at_close=view.opponent_had_trick_at_close, points=view.points, tricks=view.tricks,
        declarations=list(view.declarations), rules=view.rules, just_declared=view.just_declared,
        first_to_70=view.first_to_70, opponent_points_at_close=view.opponent_points_at_close,
        last_winning_tile=view.last_winning_tile,
    ))


def build(f: PositionFields) -> Any:
    """The C++ position of a position's fields, their numbers checked first, handed over as the
    core's typed spec. Used by ``position.py`` too: it lives here because a view read from JSON builds
    a world's position without importing ``position.py``."""
    if len(f.points) != 2 or len(f.tricks) != 2 or len(f.hands) != 2:
        raise ParseError("hands, points and tricks come in pairs (player 0, player 1)")
    numbers = [("trump", f.trump), ("leader", f.leader), ("closed_by", f.closed_by), ("first_to_70", f.first_to_70),
               ("opponent_points_at_close", f.opponent_points_at_close), ("claimed_by", f.claimed_by),
               *(("points", n) for n in f.points), *(("tricks", n) for n in f.tricks)]
    for name, n in numbers:
        if n is not None:
            read_number(n, name)
    spec = _core.bingo.PositionSpec()
    spec.trump = f.trump
    spec.turned = f.turned.id
    spec.leader = f.leader
    spec.hands = [[t.id for t in h] for h in f.hands]
    spec.trick = [t.id for t in f.trick]
    spec.boneyard = [t.id for t in f.boneyard]
    spec.closed_by = f.closed_by
    spec.opponent_had_trick_at_close = f.opponent_had_trick_at_close
    spec.opponent_points_at_close = f.opponent_points_at_close
    spec.points = f.points
    spec.tricks = f.tricks
    spec.declarations = [(d.player, [t.id for t in d.tiles], d.valid) for d in f.declarations]
    spec.just_declared = f.just_declared
    spec.first_to_70 = f.first_to_70
    spec.claimed_by = f.claimed_by
    spec.last_winning_tile = None if f.last_winning_tile is None else f.last_winning_tile.id
    return _core.bingo.Position(f.rules._core, spec)
