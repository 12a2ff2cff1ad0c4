"""A table of dominoes as a picture: the hands around it, the trick in the middle, any other piles
(a boneyard, a trump tile turned) under it, and lines of text (trump, contract, scores) at the foot.

A game says what lies where as a ``Board`` (each game's ``picture`` module builds one from its
positions and views); this module only lays it out, for any number of hands. Hands sit clockwise
round the table with ``bottom`` nearest the reader; a hidden hand is drawn as that many backs."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import ParseError
from ..tiles import Tile
from .svg import FELT, MUTED, Canvas
from .tiles import draw_back, draw_tile, tile_size

__all__ = ["Board", "Hand", "Pile", "board_picture"]

END = 22  # side of a tile's end: tiles are 44 x 22
GAP = 4  # between tiles
MARGIN = 16
LABEL = 18  # a hand's or pile's name above its tiles
SIDE = 110  # the width of a hand at the table's left or right
TITLE = 30
LINE = 18  # a line of text at the foot


@dataclass(frozen=True)
class Hand:
    """One seat's hand: the tiles shown face up, then ``hidden`` backs."""

    name: str  # "N", "player 0"
    tiles: tuple[Tile, ...] = ()
    hidden: int = 0
    note: str = ""  # "declarer", "to move", "7 tiles": after the name

    @property
    def size(self) -> int:
        return len(self.tiles) + self.hidden


@dataclass(frozen=True)
class Pile:
    """Tiles off the hands: a boneyard (face down, or face up when every place is known), a trump
    tile turned (``highlight``)."""

    name: str
    tiles: tuple[Tile, ...] = ()
    hidden: int = 0
    highlight: bool = False


@dataclass(frozen=True)
class Board:
    title: str
    hands: tuple[Hand, ...]  # clockwise round the table
    bottom: int = 0  # the hand nearest the reader (the viewer's seat)
    trick: tuple[tuple[int, Tile], ...] = ()  # (hand, tile) in playing order
    piles: tuple[Pile, ...] = ()
    lines: tuple[str, ...] = ()  # trump, contract, scores

    def __post_init__(self) -> None:
        seats = range(len(self.hands))
        if not self.hands or self.bottom not in seats:
            raise ParseError(f"a board needs its hands and a bottom hand among them, not {self.bottom} of {len(seats)}")
        strays = [k for k, _ in self.trick if k not in seats]
        if strays:
            raise ParseError(f"the trick names hand {strays[0]}, but the board has hands 0..{len(seats) - 1}")


def direction(board: Board, hand: int) -> tuple[float, float]:
    """The unit vector from the table's centre toward ``hand`` (y grows downward)."""
    angle = math.pi + 2 * math.pi * (hand - board.bottom) / len(board.hands)
    return math.sin(angle), -math.cos(angle)


def at_side(board: Board, hand: int) -> bool:
    return abs(direction(board, hand)[0]) > 0.7


def board_picture(board: Board) -> Canvas:
    longest = max([h.size for h in board.hands] + [1])
    row_width = longest * (2 * END + GAP) - GAP
    column_height = longest * (END + GAP) - GAP + LABEL
    sides = any(at_side(board, k) for k in range(len(board.hands)))
    centre_w = max(row_width, 6 * END + 4 * GAP + 60)
    centre_h = max(column_height if sides else 0, 5 * END + 30)
    side = SIDE if sides else 0
    width = 2 * MARGIN + centre_w + 2 * side
    per_row = max(1, int((width - 2 * MARGIN + GAP) // (2 * END + GAP)))  # a pile wraps at the picture's width
    pile_rows = [math.ceil(max(len(p.tiles) + p.hidden, 1) / per_row) for p in board.piles]
    piles_h = sum(LABEL + r * (END + GAP) + 6 for r in pile_rows)
    centre_top = TITLE + LABEL + END + 10
    foot = centre_top + centre_h + 10 + LABEL + END + 14
    height = foot + piles_h + LINE * len(board.lines) + MARGIN
    canvas = Canvas(width, height, board.title)
    canvas.text(MARGIN, 20, board.title, size=15, font_weight="bold")
    cx, cy = MARGIN + side + centre_w / 2, centre_top + centre_h / 2
    canvas.add("rect", x=MARGIN + side, y=centre_top, width=centre_w, height=centre_h, rx=18, fill=FELT)

    for k, hand in enumerate(board.hands):
        dx, dy = direction(board, k)
        if at_side(board, k):
            x = MARGIN if dx < 0 else width - MARGIN - side + 10
            y, vertical = cy - column_height / 2, True
        else:
            x = cx - (hand.size * (2 * END + GAP) - GAP) / 2
            y, vertical = (TITLE if dy < 0 else centre_top + centre_h + 10), False
        draw_hand(canvas, hand, x, y, vertical)

    trick = canvas.group(class_="trick")
    reach = min(centre_w, centre_h) / 2 - 28  # from the centre to each trick tile's middle
    for order, (k, tile) in enumerate(board.trick, 1):
        dx, dy = direction(board, k)
        w, h = tile_size(END, vertical=True)
        x, y = cx + dx * reach - w / 2, cy + dy * reach - h / 2
        g = canvas.group(trick, data_seat=board.hands[k].name)
        draw_tile(canvas, g, tile, x, y, END, vertical=True)
        canvas.text(x + w + 4, y + 12, str(order), g, size=10, fill="#ffffff")  # the order of play

    y = foot
    for pile, rows in zip(board.piles, pile_rows):
        g = canvas.group(class_="pile", data_pile=pile.name)
        canvas.text(MARGIN, y + 13, pile.name, g, size=12, fill=MUTED)
        faces = [*pile.tiles, *[None] * pile.hidden]
        for n, tile in enumerate(faces):
            row, col = divmod(n, per_row)
            tx, ty = MARGIN + col * (2 * END + GAP), y + LABEL + row * (END + GAP)
            if tile is None:
                draw_back(canvas, g, tx, ty, END)
            else:
                draw_tile(canvas, g, tile, tx, ty, END, highlight=pile.highlight)
        y += LABEL + rows * (END + GAP) + 6
    for line in board.lines:
        canvas.text(MARGIN, y + 13, line)
        y += LINE
    return canvas


def draw_hand(canvas: Canvas, hand: Hand, x: float, y: float, vertical: bool) -> None:
    """A hand's name, then its tiles in a row (at the top or bottom) or a column (at a side)."""
    g = canvas.group(class_="hand", data_seat=hand.name, data_hidden_count=hand.hidden)
    canvas.text(x, y + 13, hand.name + (f" · {hand.note}" if hand.note else ""), g, size=13, font_weight="bold")
    step_x, step_y = (0, END + GAP) if vertical else (2 * END + GAP, 0)
    for n, tile in enumerate([*hand.tiles, *[None] * hand.hidden]):
        tx, ty = x + n * step_x, y + LABEL + n * step_y
        if tile is None:
            draw_back(canvas, g, tx, ty, END)
        else:
            draw_tile(canvas, g, tile, tx, ty, END)
