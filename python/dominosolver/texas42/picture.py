"""A 42 position, or one seat's view of it, as a picture of the table (``pictures.board``): four
hands round it, N at the top for a position and the viewer at the bottom for a view; the trick in
the middle; trump, contract and points at the foot. A view shows its own hand and what the contract
reveals (a Plunge or Splash bidder's doubles) face up, every other tile face down.

Positions and views read as data here (both import this module for ``_repr_svg_``), so it imports
neither."""

from __future__ import annotations

from typing import Any

from ..pictures.board import Board, Hand, board_picture
from ..tiles import Tile
from .rules import bid_name, side_label

__all__ = ["position_board", "position_svg", "view_board", "view_svg"]

TOP = 0  # a position is drawn as a bridge diagram: seat 0 (N) at the top, S nearest the reader


def heading(rules: Any, trump: Any, contract: Any) -> str:
    if trump is None:
        return f"{rules.title}: the auction"
    bid = f", {rules.seat_names[contract.declarer]} bid {bid_name(contract.bid)}" if contract is not None else ""
    return f"{rules.title}: trump {trump}{bid}"


def trick_seats(plays: Any, trick: tuple[Tile, ...]) -> tuple[tuple[int, Tile], ...]:
    """The trick on the table as (seat, tile): its tiles are the last plays recorded."""
    return tuple(plays[len(plays) - len(trick):]) if trick else ()


def note(seat: int, to_move: int | None, contract: Any) -> str:
    words = [*(["bid"] if contract is not None and seat == contract.declarer else []),
             *(["to play"] if seat == to_move else [])]
    return ", ".join(words)


def score_line(units: str, sides: tuple[str, str], scores: tuple[int, int], tricks_left: int) -> str:
    return f"{units}: " + ", ".join(f"{side} {n}" for side, n in zip(sides, scores)) + f"; tricks left {tricks_left}"


def position_board(pos: Any) -> Board:
    seats = range(pos.rules.seats)
    in_play = set(pos.seats_in_play)
    hands = tuple(
        Hand(pos.seat_name(s), pos.hand(s), note="sits out" if s not in in_play else note(s, pos.to_move, pos.contract))
        for s in seats
    )
    # A contract counted in tricks (Plunge, Splash, Nel-O, Sevens) shows tricks won, not points.
    scores = pos.tricks_won if pos.units == "tricks" else pos.points
    return Board(
        title=heading(pos.rules, pos.trump, pos.contract),
        hands=hands,
        bottom=(TOP + len(seats) // 2) % len(seats),
        trick=trick_seats(pos.plays, pos.trick),
        lines=(score_line(pos.units, tuple(side_label(pos.rules, n) for n in pos.side_names), scores, pos.tricks_left),),
    )


def view_board(view: Any) -> Board:
    """What ``view.seat`` sees: backs for every tile it does not know."""
    names = view.rules.seat_names
    hands = []
    for s, size in enumerate(view.hand_sizes):
        shown = view.hand if s == view.seat else (view.revealed[s] if view.revealed else ())
        hands.append(Hand(names[s], tuple(shown), hidden=size - len(shown), note=note(s, view.to_move, view.contract)))
    lines = [f"{names[view.seat]}'s view"]
    if view.trump is not None:
        lines.append("points: " + ", ".join(f"{team} {n}" for team, n in zip(view.rules.scorer_names, view.points)))
    return Board(
        title=heading(view.rules, view.trump, view.contract),
        hands=tuple(hands),
        bottom=view.seat,
        trick=trick_seats(view.plays, view.trick),
        lines=tuple(lines),
    )


def position_svg(pos: Any) -> str:
    return board_picture(position_board(pos)).to_svg()


def view_svg(view: Any) -> str:
    return board_picture(view_board(view)).to_svg()
