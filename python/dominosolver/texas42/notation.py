"""Reading and writing 42 positions: the ``dominosolver.position/1`` JSON object and the one-line
text form (docs/notation.md). Both go through :class:`PositionFields`; the C++ core then checks that
the fields describe a position that play can reach."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import ParseError, shown
from ..io import flags_of_text, json_object, key_values
from ..tiles import Tile
from .rules import ORDINARY, SEATS, Contract, Rules, Trump, parse_bid, parse_seat, parse_trump, bid_name

SCHEMA = "dominosolver.position/1"


class PositionFields(NamedTuple):
    trump: Trump
    leader: int | None  # None (text only): trick 1's leader by the contract, as the core rules it
    hands: list[list[Tile]]
    trick: list[Tile]
    rules: Rules
    contract: Contract | None
    history: tuple[int, list[Tile]] | None  # (first leader, tiles of the completed tricks)


# ---------------------------------------------------------------- JSON


def fields_from_json(obj: Any) -> PositionFields:
    obj = json_object(obj)
    schema = obj.get("schema", SCHEMA)
    if schema != SCHEMA:
        raise ParseError(f"unknown schema {shown(schema)} (expected {SCHEMA!r})")
    game = obj.get("game", "texas42")
    if game != "texas42":
        raise ParseError(f"this is a {shown(game)} position, not a texas42 one")
    for key in ("trump", "leader", "hands"):
        if key not in obj:
            raise ParseError(f"position JSON lacks {key!r}")
    known = {"schema", "game", "trump", "leader", "hands", "trick", "rules", "contract", "history"}
    unknown = set(obj) - known
    if unknown:
        raise ParseError(f"unknown position field(s): {', '.join(sorted(unknown))}")
    rules = Rules.from_json(obj.get("rules"))
    hands = obj["hands"]
    if not isinstance(hands, list) or len(hands) != rules.seats:
        raise ParseError(f"'hands' must be a list of {rules.seats} lists of tiles ({', '.join(rules.seat_names)})")
    contract = None
    if obj.get("contract") is not None:
        contract = contract_from_json(obj["contract"])
    history = None
    if obj.get("history") is not None:
        h = fields_object(obj["history"], "history", ("first_leader", "tiles"), '{"first_leader": seat, "tiles": [...]}')
        history = (parse_seat(h["first_leader"]), _tile_list(h["tiles"], "history"))
    return PositionFields(
        trump=parse_trump(obj["trump"]),
        leader=parse_seat(obj["leader"]),
        hands=[_tile_list(h, f"hand {SEATS[i]}") for i, h in enumerate(hands)],
        trick=_tile_list(obj.get("trick", []), "trick"),
        rules=rules,
        contract=contract,
        history=history,
    )


def fields_to_json(f: PositionFields) -> dict[str, Any]:
    out: dict[str, Any] = {
        "schema": SCHEMA,
        "game": "texas42",
        "trump": f.trump,
        "leader": f.leader,
        "hands": [[str(t) for t in sorted(h, reverse=True)] for h in f.hands],
        "trick": [str(t) for t in f.trick],
        "rules": f.rules.to_json(),
    }
    if f.contract is not None:
        out["contract"] = contract_to_json(f.contract)
    if f.history is not None and f.history[1]:
        out["history"] = {"first_leader": f.history[0], "tiles": [str(t) for t in f.history[1]]}
    return out


def contract_from_json(value: Any) -> Contract:
    """``{"declarer": seat, "bid": bid}``, and ``"kind"`` for a special bid (docs/json.md)."""
    c = fields_object(value, "contract", ("declarer", "bid"), '{"declarer": seat, "bid": bid}', optional=("kind",))
    return Contract(parse_seat(c["declarer"]), parse_bid(c["bid"], c.get("kind")))


def contract_to_json(contract: Contract) -> dict[str, Any]:
    """The contract's JSON: its kind only for a special bid (so that old readers read ordinary ones)."""
    out: dict[str, Any] = {"declarer": contract.declarer, "bid": bid_json(contract.bid)}
    if contract.kind != ORDINARY:
        out["kind"] = contract.kind
    return out


def bid_json(bid: int) -> int | str:
    """A bid's number as JSON writes it: an int, or "game"."""
    return "game" if bid_name(int(bid)) == "game" else int(bid)


def fields_object(value: Any, name: str, keys: tuple[str, ...], form: str,
                  optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """The object of field ``name``, with exactly ``keys`` (and any of ``optional``): as at the top
    level, an unknown key is refused (a misspelt one would otherwise vanish) and none of ``keys`` may
    be left out."""
    if not isinstance(value, dict):
        raise ParseError(f"'{name}' must be {form}, not {type(value).__name__}")
    missing = [k for k in keys if k not in value]
    unknown = sorted(set(value) - set(keys) - set(optional))
    if missing or unknown:
        what = "lacks " + ", ".join(missing) if missing else "has unknown key(s) " + ", ".join(unknown)
        raise ParseError(f"'{name}' must be {form}: it {what}")
    return value


def _tile_list(value: Any, where: str) -> list[Tile]:
    if not isinstance(value, list):
        raise ParseError(f"{where} must be a list of tiles like \"6-4\"")
    out = []
    for t in value:
        if not isinstance(t, str):
            raise ParseError(f"{where}: {shown(t)} is not a tile string like \"6-4\"")
        out.append(Tile(t))
    return out


# ---------------------------------------------------------------- one-line text

_KEYS = ("trump", "leader", "hands", "trick", "contract", "history", "rules")


def fields_from_text(text: str) -> PositionFields:
    values = key_values(text, _KEYS, required=("trump", "hands"), tags=("42", "texas42"))
    rules = Rules(**flags_of_text(values["rules"])) if values.get("rules") else Rules()
    hands = values["hands"].split("/")
    if len(hands) != rules.seats:
        raise ParseError(f"hands= needs {rules.seats} hands separated by '/', got {len(hands)}")
    contract = None
    if "contract" in values:
        c = values["contract"]
        if len(c) < 2:
            raise ParseError(f"malformed contract {shown(c)}: write seat then bid, e.g. N30")
        contract = Contract(parse_seat(c[0]), parse_bid(c[1:]))  # a special bid: E168:kind
    history = None
    if "history" in values:
        first, sep, tiles = values["history"].partition(":")
        if not sep:
            raise ParseError("malformed history: write the first leader, ':', then tiles, e.g. N:66.31.20.00")
        history = (parse_seat(first), _tiles_text(tiles))
    return PositionFields(
        trump=parse_trump(values["trump"]),
        # By default trick 1's leader by the contract (the core's answer), else N.
        leader=parse_seat(values["leader"]) if "leader" in values else None,
        hands=[_tiles_text(h) for h in hands],
        trick=_tiles_text(values.get("trick", "-")),
        rules=rules,
        contract=contract,
        history=history,
    )


def fields_to_text(f: PositionFields) -> str:
    parts = [
        f"trump={f.trump}",
        f"leader={SEATS[f.leader]}",
        "hands=" + "/".join(_text_tiles(sorted(h, reverse=True)) for h in f.hands),
    ]
    if f.trick:
        parts.append("trick=" + _text_tiles(f.trick))
    if f.contract is not None:
        parts.append(f"contract={f.contract}")
    if f.history is not None and f.history[1]:
        parts.append(f"history={SEATS[f.history[0]]}:" + _text_tiles(f.history[1]))
    flags = f.rules.to_json()
    if flags:
        parts.append("rules=" + ",".join(f"{k}:{v}" for k, v in flags.items()))
    return " ".join(parts)


def _tiles_text(text: str) -> list[Tile]:
    return [] if text in ("", "-") else [Tile(t) for t in text.split(".")]


def _text_tiles(tiles: list[Tile]) -> str:
    return ".".join(t.compact() for t in tiles) or "-"
