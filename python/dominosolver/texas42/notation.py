"""Reading and writing 42 positions: the ``dominosolver.position/1`` JSON object and the one-line
text form (docs/notation.md). Both go through :class:`PositionFields`; the C++ core then checks that
the fields describe a position that play can reach."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from .. import _core
from ..errors import DominoSolverError, ParseError, json_type, shown
from ..io import flags_of_text, is_digits, json_object, key_values
from ..tiles import Tile
from .plays import parse_play
from .rules import DEFAULT_FAMILY, FAMILIES, FAMILY_ROWS, ORDINARY, Contract, Rules, Trump, bid_name, contract_text, parse_bid, parse_seat, parse_trump

SCHEMA = "dominosolver.position/1"


class PositionFields(NamedTuple):
    trump: Trump
    leader: int | None  # None (text only): trick 1's leader by the contract, as the core rules it
    hands: list[list[Tile]]
    trick: list[Tile]
    rules: Rules
    contract: Contract | None
    history: tuple[int, list[Tile]] | None  # (first leader, plays of the completed tricks)
    discard: Tile | None = None  # Moon, The Big Game: the tile the bidder laid away (§4.1, §4.3)


# ---------------------------------------------------------------- JSON


def fields_from_json(obj: Any) -> PositionFields:
    obj = json_object(obj)
    schema = obj.get("schema", SCHEMA)
    if schema != SCHEMA:
        raise ParseError(f"unknown schema {shown(schema)} (expected {SCHEMA!r})")
    game = obj.get("game", DEFAULT_FAMILY)
    if game not in FAMILIES:
        raise ParseError(f"this is a {shown(game)} position, not one of the 42 family's ({', '.join(FAMILIES)})")
    for key in ("trump", "leader", "hands"):
        if key not in obj:
            raise ParseError(f"position JSON lacks {key!r}")
    known = {"schema", "game", "trump", "leader", "hands", "trick", "rules", "contract", "history", "discard"}
    unknown = set(obj) - known
    if unknown:
        raise ParseError(f"unknown position field(s): {', '.join(sorted(unknown))}")
    rules = Rules.of_game(game, obj.get("rules"))  # "game" names the family (docs/json.md)
    hands = obj["hands"]
    if not isinstance(hands, list) or len(hands) != rules.seats:
        raise ParseError(f"'hands' must be a list of {rules.seats} lists of tiles ({', '.join(rules.seat_names)})")
    contract = None
    if obj.get("contract") is not None:
        contract = contract_from_json(obj["contract"], rules)
    history = None
    if obj.get("history") is not None:
        h = fields_object(obj["history"], "history", ("first_leader", "tiles"), '{"first_leader": seat, "tiles": [...]}')
        history = (parse_seat(h["first_leader"], rules), _tile_list(h["tiles"], "history", parse_play))
    return PositionFields(
        trump=parse_trump(obj["trump"], rules),
        leader=parse_seat(obj["leader"], rules),
        hands=[_tile_list(h, f"hand {name}") for name, h in zip(rules.seat_names, hands)],
        trick=_tile_list(obj.get("trick", []), "trick", parse_play),
        rules=rules,
        contract=contract,
        history=history,
        discard=_tile(obj["discard"], "discard") if obj.get("discard") is not None else None,
    )


def fields_to_json(f: PositionFields) -> dict[str, Any]:
    out: dict[str, Any] = {
        "schema": SCHEMA,
        "game": f.rules.family,
        "trump": f.trump,
        "leader": f.leader,
        "hands": [[str(t) for t in sorted(h, reverse=True)] for h in f.hands],
        "trick": [str(t) for t in f.trick],
        "rules": f.rules.game_flags,
    }
    if f.contract is not None:
        out["contract"] = contract_to_json(f.contract)
    if f.history is not None and f.history[1]:
        out["history"] = {"first_leader": f.history[0], "tiles": [str(t) for t in f.history[1]]}
    if f.discard is not None:
        out["discard"] = str(f.discard)
    return out


def contract_from_json(value: Any, rules: Rules) -> Contract:
    """``{"declarer": seat, "bid": bid}``, and ``"kind"`` for a special bid (docs/json.md)."""
    c = fields_object(value, "contract", ("declarer", "bid"), '{"declarer": seat, "bid": bid}', optional=("kind",))
    return Contract(parse_seat(c["declarer"], rules), parse_bid(c["bid"], c.get("kind")))


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
        raise ParseError(f"'{name}' must be {form}, not {json_type(value)}")
    missing = [k for k in keys if k not in value]
    unknown = sorted(set(value) - set(keys) - set(optional))
    if missing or unknown:
        what = "lacks " + ", ".join(missing) if missing else "has unknown key(s) " + ", ".join(unknown)
        raise ParseError(f"'{name}' must be {form}: it {what}")
    return value


def _tile(value: Any, where: str) -> Tile:
    if not isinstance(value, str):
        raise ParseError(f"{where}: {shown(value)} is not a tile string like \"3-2\"")
    return Tile(value)


def _tile_list(value: Any, where: str, read: Any = Tile) -> list[Tile]:
    """Tiles (or with ``read=parse_play``, plays: a lower-end lead "7-3:3" too) of a JSON list."""
    if not isinstance(value, list):
        raise ParseError(f"{where} must be a list of tiles like \"6-4\"")
    out = []
    for t in value:
        if not isinstance(t, str):
            raise ParseError(f"{where}: {shown(t)} is not a tile string like \"6-4\"")
        out.append(read(t))
    return out


# ---------------------------------------------------------------- one-line text

_KEYS = ("trump", "leader", "hands", "trick", "contract", "history", "discard", "rules")


# The leading word of a 42 family position's text, by family (docs/notation.md): each family's tag
# (the core's family table), and "42"; optional for Texas 42.
TAGS = {"42": "texas42", **{family: family for family in FAMILIES}}


def rules_of_text(text: str, values: dict[str, str]) -> Rules:
    """The rules of a position's or a view's text: its leading word names the family (none: the
    rules= flags alone, standard 42 by default), rules= the other flags."""
    flags = flags_of_text(values["rules"]) if values.get("rules") else {}
    words = text.split(maxsplit=1) if isinstance(text, str) else []
    return Rules.of_game(TAGS[words[0]], flags) if words and words[0] in TAGS else Rules(**flags)


R = TypeVar("R")


def read_untagged(text: str, read: Callable[[str], R]) -> R:
    """``read(text)`` (a position's or a view's text, read to the end: the core's checks too). Text
    without a leading word is Texas 42's: when 42 cannot read it but another member can with its
    word (``moon hands=...`` for three hands of Moon's set), the error says so, naming the word."""
    try:
        return read(text)
    except DominoSolverError as e:
        words = text.split(maxsplit=1) if isinstance(text, str) else []
        if not words or words[0] in TAGS:
            raise
        for family in FAMILIES:
            if FAMILY_ROWS[family].default:
                continue
            try:
                read(f"{family} {text.strip()}")
            except DominoSolverError:
                continue
            raise type(e)(f"{e} (text without a leading word is Texas 42's: this reads as {FAMILY_ROWS[family].title}'s "
                          f"with its word first, '{family} {words[0]} ...')") from e
        raise


def text_tag(rules: Rules) -> list[str]:
    """The leading word text writes for the family (none for Texas 42, whose text is untagged)."""
    return [] if rules.row.default else [rules.family]


def fields_from_text(text: str) -> PositionFields:
    values = key_values(text, _KEYS, required=("trump", "hands"), tags=tuple(TAGS))
    rules = rules_of_text(text, values)
    hands = values["hands"].split("/")
    if len(hands) != rules.seats:
        raise ParseError(f"hands= needs {rules.seats} hands separated by '/', got {len(hands)}")
    contract = None
    if "contract" in values:
        seat, bid = rules.split_seat(values["contract"], "contract", "the bid, e.g. N30")
        contract = Contract(seat, parse_bid(bid))  # a special bid: E168:kind
    history = None
    if "history" in values:
        first, sep, tiles = values["history"].partition(":")
        if not sep:
            raise ParseError("malformed history: write the first leader, ':', then tiles, e.g. N:66.31.20.00")
        history = (parse_seat(first, rules), _tiles_text(tiles, parse_play))
    return PositionFields(
        trump=parse_trump(values["trump"], rules),
        # By default trick 1's leader by the contract (the core's answer), else N.
        leader=parse_seat(values["leader"], rules) if "leader" in values else None,
        hands=[_tiles_text(h) for h in hands],
        trick=_tiles_text(values.get("trick", "-"), parse_play),
        rules=rules,
        contract=contract,
        history=history,
        discard=Tile(values["discard"]) if "discard" in values else None,
    )


def fields_to_text(f: PositionFields) -> str:
    names = f.rules.seat_names
    parts = [
        *text_tag(f.rules),
        f"trump={f.trump}",
        f"leader={names[f.leader]}",
        "hands=" + "/".join(_text_tiles(sorted(h, reverse=True)) for h in f.hands),
    ]
    if f.trick:
        parts.append("trick=" + _text_tiles(f.trick))
    if f.contract is not None:
        parts.append(f"contract={contract_text(f.contract, f.rules)}")
    if f.history is not None and f.history[1]:
        parts.append(f"history={names[f.history[0]]}:" + _text_tiles(f.history[1]))
    if f.discard is not None:
        parts.append(f"discard={f.discard.compact()}")
    flags = f.rules.game_flags
    if flags:
        parts.append("rules=" + ",".join(f"{k}:{v}" for k, v in flags.items()))
    return " ".join(parts)


def _tiles_text(text: str, read: Any = Tile) -> list[Tile]:
    """The tiles of text ``66.64``; with ``read=parse_play`` plays (``73:3``, a lower-end lead) too."""
    return [] if text in ("", "-") else [read(t) for t in text.split(".")]


def _text_tiles(tiles: list[Tile]) -> str:
    return ".".join(t.compact() for t in tiles) or "-"


# ---------------------------------------------------------------- a player's view in one line

# A view's text spells the records of its dominosolver.view/1 JSON (what the seat saw happen); the
# facts the rules derive from them (voids, points, the trick, legal moves) are left to the core, as
# in the JSON. docs/notation.md, "A player's view".
VIEW_SCHEMA = "dominosolver.view/1"
_VIEW_KEYS = ("seat", "contract", "trump", "hand", "plays", "leader", "auction", "to_move", "sizes", "gone",
              "revealed", "discard", "rules")


def view_json_of_text(text: str) -> dict[str, Any]:
    """The ``dominosolver.view/1`` records that a view's one-line text spells: ``seat=E hand=...``."""
    values = key_values(text, _VIEW_KEYS, required=("seat", "hand"), tags=tuple(TAGS), what="view text")
    rules = rules_of_text(text, values)
    seat = _seat_letter(rules, values["seat"], "seat")
    hand = _tiles_text(values["hand"])
    plays = [_play_text(rules, p) for p in values["plays"].split(".")] if values.get("plays", "-") not in ("", "-") else []
    o: dict[str, Any] = {
        "schema": VIEW_SCHEMA, "game": rules.family, "seat": seat, "rules": rules.game_flags,
        "hand": [str(t) for t in hand],
        "plays": [{"seat": s, "tile": str(t)} for s, t in plays],  # a lower-end lead: "7-3:3"
        "gone": [str(t) for t in _tiles_text(values.get("gone", "-"))],
    }
    if "trump" in values:
        o["trump"] = parse_trump(values["trump"], rules)
    if "contract" in values:
        declarer, bid = rules.split_seat(values["contract"], "contract", "the bid, e.g. N30")
        o["contract"] = contract_to_json(Contract(declarer, parse_bid(bid)))
    if values.get("auction"):
        first, sep, bids = values["auction"].partition(":")
        if not sep or not bids:
            raise ParseError("malformed auction: write the first bidder, ':', then the bids in turn separated "
                             "by ',', e.g. auction=E:pass,30,31")
        calls = [parse_bid(b) for b in bids.split(",")]
        seats = _callers(rules, _seat_letter(rules, first, "auction"), calls)
        o["auction"] = [{"seat": seat, "bid": bid_name(bid)} for seat, bid in zip(seats, calls)]
    for key in ("leader", "to_move"):
        if key in values:
            o[key] = _seat_letter(rules, values[key], key)
    if "sizes" in values:
        sizes = values["sizes"].split("/")
        if len(sizes) != rules.seats or not all(is_digits(n) for n in sizes):
            raise ParseError(f"sizes= needs {rules.seats} counts separated by '/' "
                             f"({', '.join(rules.seat_names)}), e.g. sizes=7/6/6/6, not {shown(values['sizes'])}")
        o["hand_sizes"] = [int(n) for n in sizes]
    else:
        o["hand_sizes"] = _usual_sizes(rules, seat, len(hand), [s for s, _ in plays])
    if values.get("revealed"):
        o["revealed"] = {}
        for item in values["revealed"].split(","):
            who, sep, tiles = item.partition(":")
            if not sep:
                raise ParseError(f"malformed revealed {shown(item)}: write seat:tiles, e.g. revealed=E:66.55.33.22")
            o["revealed"][rules.seat_names[_seat_letter(rules, who, "revealed")]] = [str(t) for t in _tiles_text(tiles)]
    if values.get("discard"):  # Moon: the bidder's own discard (docs/rules.md §4.1)
        o["discard"] = str(Tile(values["discard"]))
    return o


def view_text_of_json(o: dict[str, Any]) -> str:
    """A view's one-line text from its ``dominosolver.view/1`` JSON (``PlayerView.to_json``): its
    records, each field only where it says something (a leader only where neither a play nor the
    contract settles it, whose turn it is only where no auction does, hand sizes only where they are not the usual ones)."""
    rules = Rules.of_game(o.get("game", DEFAULT_FAMILY), o["rules"])
    plays = [(p["seat"], parse_play(p["tile"])) for p in o["plays"]]
    names = rules.seat_names
    parts = [*text_tag(rules), f"seat={names[o['seat']]}"]
    if o["contract"] is not None:
        parts.append(f"contract={contract_text(contract_from_json(o['contract'], rules), rules)}")
    if o["trump"] is not None:
        parts.append(f"trump={o['trump']}")
    parts.append("hand=" + _text_tiles(sorted(map(Tile, o["hand"]), reverse=True)))
    if plays:
        parts.append("plays=" + ".".join(f"{names[s]}{t.compact()}" for s, t in plays))
    elif o["leader"] is not None and (o["contract"] is None or o.get("gone")):  # else the contract's leader
        parts.append(f"leader={names[o['leader']]}")
    if o["auction"]:
        bids = ",".join(b["bid"] + (f":{b['kind']}" if "kind" in b else "") for b in o["auction"])
        parts.append(f"auction={names[o['auction'][0]['seat']]}:{bids}")
    if o["trump"] is None and not o["auction"] and o["to_move"] is not None:
        parts.append(f"to_move={names[o['to_move']]}")
    sizes = o["hand_sizes"]
    if sizes != _usual_sizes(rules, o["seat"], len(o["hand"]), [s for s, _ in plays]):
        parts.append("sizes=" + "/".join(map(str, sizes)))
    if o.get("gone"):
        parts.append("gone=" + _text_tiles(sorted(map(Tile, o["gone"]), reverse=True)))
    if o.get("revealed"):
        parts.append("revealed=" + ",".join(f"{s}:{_text_tiles([Tile(t) for t in r])}" for s, r in o["revealed"].items()))
    if o.get("discard"):
        parts.append(f"discard={Tile(o['discard']).compact()}")
    flags = rules.game_flags
    if flags:
        parts.append("rules=" + ",".join(f"{k}:{v}" for k, v in flags.items()))
    return " ".join(parts)


def _usual_sizes(rules: Rules, seat: int, held: int, players: list[int]) -> list[int]:
    """Hand sizes when every tile of the hand was recorded: full hands less each seat's plays (the
    seat's own: the tiles it holds). The text leaves such sizes out."""
    sizes = [rules.hand_size - players.count(s) for s in range(rules.seats)]
    sizes[seat] = held
    return sizes


def _callers(rules: Rules, first: int, calls: list[Any]) -> list[int]:
    """The seat of each call of an auction that ``first`` opened: round the table once in 42 and
    Moon; in The Big Game a seat bids again on each turn until it passes (docs/rules.md §4.3), so
    the core's auction says whose turn each call was."""
    if rules.row.ladder != "points":  # one call a seat, round the table
        return [rules.seat_after(first, i) for i in range(len(calls))]
    replay, seats = _core.texas42.Auction(rules._core, rules.seat_after(first, -1)), []
    for bid in calls:
        if replay.over:
            raise ParseError(f"malformed auction: it is over after {len(seats)} calls, but {len(calls)} are given")
        seats.append(replay.to_call)
        try:
            replay.call(bid, None)
        except DominoSolverError as e:
            raise ParseError(f"malformed auction: call {len(seats)}: {e}") from None
    return seats


def _seat_letter(rules: Rules, text: str, where: str) -> int:
    """A seat as view text writes it: its name (either case)."""
    names = rules.seat_names
    if text.upper() not in names:
        raise ParseError(f"{where}= needs a seat name ({', '.join(names)}), not {shown(text)}")
    return names.index(text.upper())


def _play_text(rules: Rules, text: str) -> tuple[int, Tile]:
    """A play of view text: the seat's name, then its tile (``E44``, ``E4-4``, ``P144``; a lower-end
    lead ``N73:3``)."""
    seat, tile = rules.split_seat(text, "play", "its tile, e.g. E44")
    return seat, parse_play(tile)
