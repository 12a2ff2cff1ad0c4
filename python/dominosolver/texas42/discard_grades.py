"""The grade of the bidder's discard with every hand known: Moon's widow (docs/rules.md §4.1) and The
Big Game's exchange of the undealt tile (§4.3).

Every tile the bidder could have laid away is valued double dummy at the first lead, the trump it
named and the contract it won in force: the tricks (Moon) or points (The Big Game) its side then
takes. The discard's cost is what it gave up against the best of them, in the contract's own
currency, and ``makes`` says whether each discard still makes the bid: like a tile play's grade, a
judgement with every hand known (the hint judged the discard on the hidden hands it could not see).
"""

from __future__ import annotations

from typing import Any

from .. import _core
from ..errors import ParseError
from ..tiles import Tile, bits_of, mask_of, tiles_of
from .notation import contract_from_json
from .rules import Rules, parse_trump

__all__ = ["grade_discard"]

TABLE_MB = 16


def grade_discard(hand: dict[str, Any], rules: Any = None, *, tt_mb: int = TABLE_MB) -> dict[str, Any] | None:
    """The discard's grade of a played hand of ``play --json`` (``deal``, ``contract``, ``trump``,
    ``discard`` and Moon's ``widow`` or The Big Game's ``undealt``): ``seat``, ``choice``, ``best``,
    ``cost``, ``units``, ``need`` (the bid's tricks or points), and per legal discard its ``values``
    and whether it ``makes``. None where nothing was laid away (another game, a hand thrown in)."""
    table = Rules.of_record(hand, rules)
    if table.row.left_over == "none" or hand.get("discard") is None or hand.get("contract") is None:
        return None
    if hand.get("trump") is None or "deal" not in hand:
        raise ParseError("grading a discard needs the hand's 'deal' and 'trump'")
    contract = contract_from_json(hand["contract"], table)
    seat, trump, choice = contract.declarer, parse_trump(hand["trump"]), Tile(hand["discard"])
    deal = [mask_of(h) for h in hand["deal"]]
    solver = _core.texas42.Solver(tt_mb)
    if table.row.left_over == "widow":
        if "widow" not in hand:
            raise ParseError("grading Moon's discard needs the hand's 'widow'")
        valued, _ = _core.texas42.discard_values(solver, table._core, str(trump), deal, mask_of(hand["widow"]), seat,
                                                 int(contract.bid))
        values = {Tile.from_id(t): v for t, v in valued}
        units = "tricks"
    else:
        if "undealt" not in hand:
            raise ParseError("grading The Big Game's exchange needs the hand's 'undealt' tile")
        held = deal[seat] | mask_of(hand["undealt"])
        values = {}
        guess = -1  # one discard is mostly worth about what the last was: the search starts there
        for tile in tiles_of(held & table.may_be_out_of_play):  # the core's rule: no counter is laid away
            hands = [bits_of(held & ~(1 << tile.id) if s == seat else m) for s, m in enumerate(deal)]
            start = _core.texas42.Position(table._core, str(trump), hands, None, [], (seat, int(contract.bid)), None)
            values[tile] = guess = solver.value(start, guess)  # the declarer leads trick 1: its side's points
        units = "points"
    if choice not in values:
        raise ParseError(f"discard {choice} is not one the bidder could lay away: "
                         f"{', '.join(str(t) for t in values)}")
    need = table.points_needed(contract.bid)
    best = max(values, key=lambda t: (values[t], t == choice))  # a discard as good as the best is the best
    return {"seat": seat, "choice": str(choice), "best": str(best), "units": units, "need": need,
            "cost": values[best] - values[choice],
            "values": {str(t): v for t, v in sorted(values.items(), key=lambda kv: (-kv[1], kv[0].id))},
            "makes": {str(t): v >= need for t, v in values.items()}}
