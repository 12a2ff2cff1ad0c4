"""The view schema's blocks of the 42 family, written from the family rows (``texas42.rules.FAMILY_ROWS``,
the core's family table) and not copied by hand: 42's block in ``view.schema.json`` is the template,
and each other member's block is it with what its row changes (seats and their names, hand and trick
sizes, its trumps, contract and bids, the tile the deal leaves over, the lower-end leads).

    python -m dominosolver.io.family_schemas      # rewrites the blocks in view.schema.json

A test keeps the shipped file equal to what this writes.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from ..texas42.rules import FAMILY_ROWS, FamilyRow, Rules

__all__ = ["family_view_block", "view_schema"]

VIEW_SCHEMA = Path(__file__).parent / "schemas" / "view.schema.json"
POSITION = "position.schema.json#/$defs/"
# Each member's own trumps in the position schema (Partnership Moon names Moon's).
TRUMPS = {"texas42": "trump42", "moon": "trump_moon", "moon4": "trump_moon", "biggame": "trump_biggame"}
# What a view of the member is, in a sentence (docs/rules.md §4).
ABOUT = {
    "moon": "A Moon view (docs/rules.md §4.1): three players P0..P2, 22 tiles; the widow is unseen, and the "
            "bidder's discard is in its own view only.",
    "moon4": "A Partnership Moon view (docs/rules.md §4.2): four seats in partnerships, 28 tiles, no widow.",
    "biggame": "A Big Game view (docs/rules.md §4.3): a 42 view on the double-eight set, 11 tiles a hand (12 in the "
               "bidder's exchange), bids 42..66 (a seat bids again until it passes: each call names its seat), "
               "plays with the lower-end leads \"7-3:3\" and \"8-2:2\"; the one unseen tile out of play is no counter.",
}
DISCARD = {
    "widow": "Moon: the tile the bidder laid away after taking the widow, in the bidder's own view only (out of "
             "play; another seat does not see it).",
    "undealt": "The Big Game: the tile out of play (the bidder's discard, or the undealt tile it left), in the "
               "bidder's own view only; never a counter.",
}


def _bids(row: FamilyRow, rules: Rules) -> tuple[str, str]:
    """The words of the auction's bids and of the legal bids, by the member's ladder."""
    if row.ladder == "tricks":
        return (f'"pass" or the tricks bid ({row.min_bid}..{rules.mark}, 21)',
                f'"pass", "{row.min_bid}".."{rules.mark}", "21"')
    if row.ladder == "points":
        return (f'"pass" or the points bid ({row.min_bid}..{rules.hand_points}), a seat bidding again until it passes',
                f'"pass", "{row.min_bid}".."{rules.hand_points}"')
    return ('"pass", "30".., "84", "game", and "kind" for a special bid',
            '"pass", "30".."42", "84"... (a special bid: "168:kind")')


def family_view_block(template: dict[str, Any], name: str) -> dict[str, Any]:
    """42's view block made the block of family ``name`` by its row."""
    row, rules = FAMILY_ROWS[name], Rules.of_game(name)
    if name == "texas42":
        return template
    block = copy.deepcopy(template)
    props = block["properties"]
    block = {"description": ABOUT[name], **block}
    props["game"]["const"] = name
    seat = {"$ref": "#/$defs/seat42"} if rules.seat_names == Rules().seat_names else {"$ref": POSITION + "seat_moon"}
    for key in ("seat",):
        props[key] = dict(seat)
    for key in ("leader", "to_move"):
        props[key]["oneOf"][1] = dict(seat)
    props["auction"]["items"]["properties"]["seat"] = dict(seat)
    props["plays"]["items"]["properties"]["seat"] = dict(seat)
    for key in ("revealed", "voids"):
        props[key]["propertyNames"]["enum"] = list(rules.seat_names)
    props["trump"]["oneOf"][1] = {"$ref": POSITION + TRUMPS[name]}
    contract = {"$ref": POSITION + f"contract_{name}"}
    if row.left_over == "undealt":
        props["contract"] = contract  # The Big Game's views carry the contract's form of its own
    else:
        props["contract"]["oneOf"][1] = contract
    bids, legal = _bids(row, rules)
    props["auction"]["description"] = f'Bids of this hand in order: {{"seat", "bid"}} with bid {bids}.'
    props["legal_bids"]["description"] = f"In the auction, the bids the seat may make now: {legal}."
    props["hand"]["maxItems"] = rules.hand_size + (row.left_over != "none")  # the exchange holds one more
    props["hand_sizes"]["minItems"] = props["hand_sizes"]["maxItems"] = row.seats
    props["trick"]["maxItems"] = row.seats - 1
    if row.lower_end_leads:  # plays, not only tiles: "7-3:3"
        props["trick"] = {"$ref": POSITION + "plays", "maxItems": row.seats - 1}
        props["legal_moves"] = {"$ref": POSITION + "plays"}
        props["plays"]["items"]["properties"]["tile"] = {"$ref": POSITION + "play"}
    if row.left_over != "none":
        props["discard"] = {"description": DISCARD[row.left_over], "$ref": "#/$defs/tile"}
    return block


def view_schema(shipped: dict[str, Any]) -> dict[str, Any]:
    """``shipped`` (view.schema.json) with every family block written from 42's and the rows."""
    out = copy.deepcopy(shipped)
    for name in FAMILY_ROWS:
        out["$defs"][name] = family_view_block(shipped["$defs"]["texas42"], name)
    return out


def main() -> None:
    shipped = json.loads(VIEW_SCHEMA.read_text(encoding="utf-8"))
    VIEW_SCHEMA.write_text(json.dumps(view_schema(shipped), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
