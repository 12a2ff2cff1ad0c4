"""A Bingo position, or one player's view of it, as a picture of the table (``pictures.board``): the
two hands facing each other (player 0 nearest the reader for a position, the viewer for a view),
the trick between them, the boneyard and the trump tile turned under the table, points and tricks
at the foot. A position knows every tile's place and shows the boneyard face up in drawing order;
a view shows the opponent's hand and the boneyard face down but for the tiles it knows.

Positions and views read as data here (both import this module for ``_repr_svg_``), so it imports
neither."""

from __future__ import annotations

from typing import Any

from ..pictures.board import Board, Hand, Pile, board_picture
from ..tiles import Tile
from .rules import PLAYERS

__all__ = ["position_board", "position_svg", "view_board", "view_svg"]


def name(player: int) -> str:
    return f"player {player}"


def heading(trump: int, turned: Tile, closed_by: int | None) -> str:
    closed = f", closed by {name(closed_by)}" if closed_by is not None else ""
    return f"Bingo: trump {trump} (turned {turned}){closed}"


def trick_players(leader: int, trick: tuple[Tile, ...]) -> tuple[tuple[int, Tile], ...]:
    """The leader's tile, then the reply."""
    return tuple((PLAYERS[(leader + k) % len(PLAYERS)], tile) for k, tile in enumerate(trick))


def turned_pile(turned: Tile, face_up: bool) -> tuple[Pile, ...]:
    """The trump tile turned, while it lies face up at the boneyard's end."""
    return (Pile("trump turned", (turned,), highlight=True),) if face_up else ()


def score_lines(points: tuple[int, int], tricks: tuple[int, int]) -> tuple[str, ...]:
    return tuple(f"{name(p)}: {points[p]} points, {tricks[p]} tricks" for p in PLAYERS)


def position_board(pos: Any) -> Board:
    to_move = None if pos.is_over else pos.to_move
    boneyard = pos.boneyard
    face_up = bool(boneyard)  # the turned tile is the boneyard's last while it is there
    result = pos.result
    over = (f"{name(result.winner)} wins {result.game_points} game point(s) ({result.outcome.replace('_', ' ')})",) \
        if result is not None else ()
    return Board(
        title=heading(pos.trump, pos.turned, pos.closed_by),
        hands=tuple(Hand(name(p), pos.hand(p), note="to play" if p == to_move else "") for p in PLAYERS),
        bottom=PLAYERS[0],
        trick=trick_players(pos.leader, pos.trick),
        piles=(*([Pile("boneyard, in drawing order", boneyard[:-1])] if len(boneyard) > 1 else []),
               *turned_pile(pos.turned, face_up)),
        lines=score_lines(pos.points, pos.tricks) + over,
    )


def view_board(view: Any) -> Board:
    """What ``view.seat`` sees: backs for the opponent's unknown tiles and the face-down boneyard."""
    hands = []
    for p in PLAYERS:
        shown = view.hand if p == view.seat else tuple(sorted(view.opponent_known, reverse=True))
        size = len(view.hand) if p == view.seat else view.opponent_hand_size
        hands.append(Hand(name(p), tuple(shown), hidden=size - len(shown), note="to play" if p == view.to_move else ""))
    return Board(
        title=heading(view.trump, view.turned, view.closed_by),
        hands=tuple(hands),
        bottom=view.seat,
        trick=trick_players(view.leader, view.trick),
        piles=(*([Pile("boneyard", hidden=view.facedown_count)] if view.facedown_count else []),
               *turned_pile(view.turned, view.face_up_in_boneyard)),
        lines=(f"{name(view.seat)}'s view", *score_lines(view.points, view.tricks)),
    )


def position_svg(pos: Any) -> str:
    return board_picture(position_board(pos)).to_svg()


def view_svg(view: Any) -> str:
    return board_picture(view_board(view)).to_svg()
