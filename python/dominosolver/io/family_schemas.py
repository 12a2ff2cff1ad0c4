"""The 42 family's blocks of the position and view schemas, written from the family rows
(``texas42.rules.FAMILY_ROWS``, the core's family table) and the contract table, not copied by hand:
42's block in each file is the template, and each other member's block is it with what its row
changes (seats and their names, hand and trick sizes, its trumps, contract and bids, the tile the
deal leaves over, the lower-end leads). The position schema's member definitions (a member's own
seats, trumps and contract), its ``game`` enum and ``oneOf``, and the kinds of bid (the contract
rows bid in the auction) are written too; Bingo's blocks and 42's own stay as written.

    python -m dominosolver.io.family_schemas      # rewrites the blocks in position.schema.json and view.schema.json

A test (tests/formats/test_family_schemas.py) keeps the shipped files equal to what this writes.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from ..texas42.rules import BID_KINDS, FAMILY_ROWS, FamilyRow, Rules

__all__ = ["family_position_block", "family_view_block", "position_schema", "view_schema"]

VIEW_SCHEMA = Path(__file__).parent / "schemas" / "view.schema.json"
POSITION_SCHEMA = Path(__file__).parent / "schemas" / "position.schema.json"
POSITION = "position.schema.json#/$defs/"
# 42's own trumps in the position schema, as written; the other members' are written from their
# rows, one definition per set, named after its first member (Partnership Moon names Moon's).
TRUMPS42 = "trump42"
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


def _trumps(name: str) -> str:
    """The position schema's definition of the member's trumps: 42's, or the one of its set."""
    row = FAMILY_ROWS[name]
    if row.default:
        return TRUMPS42
    first = next(n for n, r in FAMILY_ROWS.items() if not r.default and r.max_pip == row.max_pip)
    return f"trump_{first}"


def family_view_block(template: dict[str, Any], name: str) -> dict[str, Any]:
    """42's view block made the block of family ``name`` by its row."""
    row, rules = FAMILY_ROWS[name], Rules.of_game(name)
    if row.default:
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
    props["trump"]["oneOf"][1] = {"$ref": POSITION + _trumps(name)}
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
    _games(out)
    for name in FAMILY_ROWS:
        out["$defs"][name] = family_view_block(shipped["$defs"]["texas42"], name)
    return out


def _games(out: dict[str, Any]) -> None:
    """A schema's ``game`` enum and its ``oneOf`` of one block per game: the family's members, then Bingo."""
    games = [*FAMILY_ROWS, "bingo"]
    out["properties"]["game"]["enum"] = games
    out["oneOf"] = [_ref(name) for name in games]


# The position schema. A member's seats are 42's ("seat42") or a definition of its own ("seat_moon");
# its trumps the definition _trumps names, its contract "contract_<game>", its ladder's bids:
LADDER_BIDS = {"tricks": "bid_moon"}  # Moon's tricks bid, shared by Partnership Moon (its preset: 3..7)
# What is out of play beside the hands, by what the deal leaves over (docs/rules.md §4.1, §4.3).
OUT_OF_PLAY = {
    "none": "A tile of the set in no hand and not on the table is out of play.",
    "widow": "A tile of the set in no hand and not on the table is out of play.",
    "undealt": "The tile of the set in no hand and not played is out of play: the undealt tile, or the "
               "bidder's discard.",
}
POSITION_DISCARD = {
    "widow": "The tile the bidder laid away after taking the widow (docs/rules.md §4.1): out of play, in no hand.",
    "undealt": "The tile the bidder laid away, or the undealt tile it left (docs/rules.md §4.3): no counter, "
               "out of play, in no hand.",
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": "#/$defs/" + name}


def _seat_def(name: str) -> str:
    """The position schema's definition of the member's seats: 42's when its seats are named as 42's."""
    return "seat42" if Rules.of_game(name).seat_names == Rules().seat_names else f"seat_{name}"


def _seat_block(name: str) -> dict[str, Any]:
    row, rules = FAMILY_ROWS[name], Rules.of_game(name)
    names = ", ".join(rules.seat_names)
    sides = "partners opposite" if row.partners else "each for itself; the bidder alone against the others"
    return {"description": f"A {row.title} player: 0..{row.seats - 1} or {names} ({sides}).",
            "oneOf": [{"type": "integer", "minimum": 0, "maximum": row.seats - 1},
                      {"enum": list(rules.seat_names)}]}


def _trump_block(trumps: str) -> dict[str, Any]:
    """A trump definition shared by the members whose trumps it names: the suits of their set, doubles, none."""
    members = [n for n in FAMILY_ROWS if _trumps(n) == trumps]
    pips = {FAMILY_ROWS[n].max_pip for n in members}
    if len(pips) != 1:
        raise ValueError(f"{trumps} is shared by members of different sets: {members}")
    max_pip = pips.pop()
    flagged = [FAMILY_ROWS[n].title for n in members if "doubles" not in Rules.of_game(n).declarations]
    doubles = f'"doubles" ({", ".join(flagged)} only under a rules flag)' if flagged else '"doubles"'
    return {"description": f'A number 0..{max_pip}, {doubles} or "none" (follow-me; "follow-me" is read '
                           'too), docs/rules.md §4.',
            "oneOf": [{"type": "integer", "minimum": 0, "maximum": max_pip},
                      {"enum": ["doubles", "none", "follow-me"]}]}


def _contract_block(name: str) -> dict[str, Any]:
    row, rules = FAMILY_ROWS[name], Rules.of_game(name)
    if row.ladder in LADDER_BIDS:
        bid: dict[str, Any] = _ref(LADDER_BIDS[row.ladder])
    else:  # the points ladder: min_bid..the hand's points, as a number or its digits
        bids = range(row.min_bid, rules.hand_points + 1)
        bid = {"oneOf": [{"type": "integer", "minimum": bids[0], "maximum": bids[-1]},
                         {"type": "string", "pattern": "^(" + "|".join(map(str, bids)) + ")$"}]}
    contract = {"type": "object", "required": ["declarer", "bid"],
                "properties": {"declarer": _ref(_seat_def(name)), "bid": bid}, "additionalProperties": False}
    # "contract": null (none yet) where partners fix the sides; a seat alone needs its contract to know them.
    return {"oneOf": [{"type": "null"}, contract]} if row.partners else contract


def family_position_block(template: dict[str, Any], name: str) -> dict[str, Any]:
    """42's position block made the block of family ``name`` by its row."""
    row, rules = FAMILY_ROWS[name], Rules.of_game(name)
    if row.default:
        return template
    block = copy.deepcopy(template)
    block["required"] = ["game", *block["required"]]  # only 42 is read without its tag
    props = block["properties"]
    props["game"]["const"] = name
    props["trump"] = _ref(_trumps(name))
    props["leader"] = props["history"]["properties"]["first_leader"] = _ref(_seat_def(name))
    who = "seat" if row.partners else "player"
    sides = " (partners N-S and E-W)" if rules.seat_names == Rules().seat_names else ""
    props["hands"] = {
        "description": f"The tiles each {who} still holds: {', '.join(rules.seat_names)}{sides}, at most "
                       f"{rules.hand_size} each. {OUT_OF_PLAY[row.left_over]}",
        "type": "array", "minItems": row.seats, "maxItems": row.seats,
        "items": {**_ref("tiles"), "maxItems": rules.hand_size},
    }
    props["trick"]["maxItems"] = row.seats - 1
    if row.lower_end_leads:  # plays, not only tiles: "7-3:3"
        props["trick"] = {**_ref("plays"), "maxItems": row.seats - 1,
                          "description": 'Plays on the table, from the leader on (a lower-end lead as "7-3:3").'}
        props["history"]["properties"]["tiles"] = _ref("plays")
    props["contract"] = _ref(f"contract_{name}")
    if row.left_over != "none":
        props["discard"] = {**_ref("tile"), "description": POSITION_DISCARD[row.left_over]}
    return block


def position_schema(shipped: dict[str, Any]) -> dict[str, Any]:
    """``shipped`` (position.schema.json) with every family block, and the members' own definitions,
    written from 42's block and the rows."""
    out = copy.deepcopy(shipped)
    _games(out)
    defs = out["$defs"]
    defs["bidkind42"]["enum"] = list(BID_KINDS)
    for name, row in FAMILY_ROWS.items():
        if row.default:
            continue
        if _seat_def(name) != "seat42":
            defs[_seat_def(name)] = _seat_block(name)
        defs[_trumps(name)] = _trump_block(_trumps(name))
        defs[f"contract_{name}"] = _contract_block(name)
        defs[name] = family_position_block(shipped["$defs"]["texas42"], name)
    return out


def _write(path: Path, make: Any) -> None:
    shipped = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(make(shipped), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def main() -> None:
    _write(POSITION_SCHEMA, position_schema)
    _write(VIEW_SCHEMA, view_schema)


if __name__ == "__main__":
    main()
