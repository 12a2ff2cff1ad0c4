"""What the board's position editor draws for each game, from the game's own row (GET /v1/games):
the tiles of its set for the palette (Moon's 22, The Big Game's 45), its declarations with the names
tables and hints print, its least bid, and what its deal leaves over (Moon's widow, whose discard a
position may record). The editor draws these; whether a position is legal stays the server's."""

from __future__ import annotations

from typing import Any

from ..texas42.rules import Rules, set_mask
from ..texas42.solve import declaration_name
from ..tiles import Tile, tiles_of

__all__ = ["board_row"]

# The declarations the editor offers 42: every contract a position may be played under (the auction's
# flags do not limit a position set up by hand).
_EDITOR_42 = {"specials": "all", "nello_doubles_allowed": "all"}


def board_row(tag: str) -> dict[str, Any]:
    """``tiles``, ``declarations`` ([{"trump", "name"}]; Bingo none: its trump is the turned tile's),
    ``min_bid``, ``left_over`` ("none", "widow", "undealt"), ``hand_points`` and ``hand_tricks`` of the
    game ``tag``."""
    if tag == "bingo":
        tiles = [Tile(high, low) for high in range(6, -1, -1) for low in range(high, -1, -1)]
        return {"tiles": [str(t) for t in tiles], "declarations": [], "min_bid": None, "left_over": "none",
                "hand_points": None, "hand_tricks": None}
    rules = Rules.of_game(tag, _EDITOR_42 if tag == "texas42" else {})
    return {
        "tiles": [str(t) for t in sorted(tiles_of(set_mask(rules)), reverse=True)],
        "declarations": [{"trump": str(d), "name": str(declaration_name(d))} for d in rules.declarations],
        "min_bid": rules.min_bid,
        "left_over": rules.row.left_over,
        "hand_points": rules.hand_points,  # the top of the Table screen's scale: 42, The Big Game's 66
        "hand_tricks": rules.hand_tricks,  # Moon's tables count tricks
    }
