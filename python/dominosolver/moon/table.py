"""The table of a Moon or Partnership Moon deal (docs/rules.md §4.1-4.2): for each trump (rows)
and bidder seat (columns), the tricks the bidder's side takes with perfect play, the bidder leading
trick 1; in Moon after the bidder's best discard of the widow (the tile no hand holds). The core
solves every cell (``moon_table``); this module reads the deal and names the result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from .. import _core
from ..errors import ParseError
from ..plain import PlainArrays
from ..tiles import Tile, mask_of, tiles_of
from ..texas42.rules import Rules, check_in_set, set_mask
from ..texas42.solve import Solver, declaration_name, whole_deal

__all__ = ["MoonTable", "moon_table"]

SCHEMA = "dominosolver.moontable/1"


@dataclass(frozen=True, repr=False, eq=False)
class MoonTable(PlainArrays):
    """Tricks of the bidder's side for each declaration (rows) and bidder seat (columns); prints as
    plain lists (``eval(repr(t)) == t`` with ``dominosolver.moon``'s names), as 42's tables do."""

    hands: list[list[Tile]]
    widow: list[Tile]  # Moon's: the tile no hand holds; none in Partnership Moon
    declarations: list[int | str]
    tricks: np.ndarray  # shape (declarations, seats)
    nodes: int = 0
    rules: Rules = field(default_factory=lambda: Rules(family="moon"))

    _arrays: ClassVar[dict[str, Any]] = {"tricks": np.int16}

    def _array_shape(self, name: str) -> tuple[int, ...] | None:
        return (len(self.declarations), len(self.hands))

    def __getitem__(self, key: tuple[int | str, int | str]) -> int:
        declaration, seat = key
        return int(self.tricks[self.declarations.index(declaration), self.rules.parse_seat(seat)])

    def best(self, seat: int | str) -> tuple[int | str, int]:
        """``seat``'s best trump as bidder and the tricks it takes (the first of equals in table order)."""
        column = self.tricks[:, self.rules.parse_seat(seat)]
        row = int(np.argmax(column))
        return self.declarations[row], int(column[row])

    def __str__(self) -> str:
        lines = [f"{'declaration':<12}" + "".join(f"{s:>4}" for s in self.rules.seat_names)]
        for d, row in zip(self.declarations, self.tricks):
            lines.append(f"{declaration_name(d):<12}" + "".join(f"{v:4d}" for v in row))
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "game": self.rules.family,
            "hands": [[str(t) for t in h] for h in self.hands],
            "widow": [str(t) for t in self.widow],
            "declarations": self.declarations,
            "seats": list(self.rules.seat_names),
            "tricks": self.tricks.tolist(),
            **({"rules": self.rules.game_flags} if self.rules.game_flags else {}),
        }


def moon_table(deal: Any, rules: Rules | None = None, *, tt_mb: int = 16) -> MoonTable:
    """The table of a whole deal: 'moon hands=.../.../...' (the tile left out is the widow), its
    JSON ``{"game": "moon", "hands": [...]}``, lists of tiles with ``rules``, or a position (its
    notation, JSON or a Position: the table of its deal, the tile no hand holds its widow).
    ``rules`` default to those the deal carries, else Moon's."""
    hands, rules = whole_deal(deal, Rules.argument(rules), Rules(family="moon"))
    if rules.row.ladder != "tricks":  # a table of tricks is of a game bid in tricks
        raise ParseError(f"a Moon table is of a Moon or Partnership Moon deal; for {rules.title} use dd_table")
    masks = [mask_of(h) for h in hands]  # refuses a tile given twice in a hand
    dealt = 0
    for mask in masks:
        check_in_set(mask, rules)
        if dealt & mask:
            raise ParseError(f"tile {tiles_of(dealt & mask)[0]} is in two hands of the deal")
        dealt |= mask
    widow = set_mask(rules) & ~dealt  # full hands of the set: Moon's one tile left over, or none
    names, grid, nodes = _core.texas42.moon_table(Solver(tt_mb)._solver, rules._core, masks, widow)
    return MoonTable(hands=hands, widow=tiles_of(widow), declarations=[int(n) if n.isdigit() else n for n in names],
                     tricks=np.array(grid, dtype=np.int16), nodes=nodes, rules=rules)
