"""Reading and writing Bingo positions: the ``dominosolver.position/1`` JSON object (``"game":
"bingo"``) and the one-line text form (docs/notation.md, section Bingo). Both go through
:class:`PositionFields`, which reach the C++ core as its typed spec (``core_spec``, ``build``); the
core then checks that the fields describe a reachable deal."""

from __future__ import annotations

from typing import Any, NamedTuple

from .. import _core
from ..io import flags_of_text, is_digits, json_object, key_values
from ..errors import ParseError, json_type, shown
from ..tiles import Tile
from .rules import PLAYERS, Rules

SCHEMA = "dominosolver.position/1"
GAME = "bingo"
COUNT_LIMIT = 1000  # the largest count (points, tricks) a Bingo position may state


class Declaration(NamedTuple):
    player: int
    tiles: tuple[Tile, ...]  # the doubles shown, 6-6 first, 0-0 last
    valid: bool | None = None  # counted (its player has won a trick); None = derive it


class PositionFields(NamedTuple):
    trump: int | None  # written 0..6 (blank = 0); None: from the turned tile
    turned: Tile
    leader: int
    hands: list[list[Tile]]
    trick: list[Tile]
    boneyard: list[Tile]  # drawing order, the face-up tile last
    closed_by: int | None
    opponent_had_trick_at_close: bool | None
    points: tuple[int, int]
    tricks: tuple[int, int]
    declarations: list[Declaration]
    rules: Rules
    just_declared: bool = False
    first_to_70: int | None = None
    claimed_by: int | None = None
    opponent_points_at_close: int | None = None
    last_winning_tile: Tile | None = None


# ---------------------------------------------------------------- JSON

_JSON_KEYS = (
    "schema", "game", "rules", "trump", "turned", "leader", "hands", "trick", "boneyard", "closed_by",
    "points", "tricks", "declarations", "opponent_had_trick_at_close", "opponent_points_at_close",
    "just_declared", "first_to_70", "claimed_by", "last_winning_tile",
)
_DECLARATION_KEYS = ("player", "tiles", "valid")


def load_json(obj: Any) -> dict[str, Any]:
    return json_object(obj)


def fields_from_json(obj: Any) -> PositionFields:
    obj = load_json(obj)
    schema = obj.get("schema", SCHEMA)
    if schema != SCHEMA:
        raise ParseError(f"unknown schema {shown(schema)} (expected {SCHEMA!r})")
    if obj.get("game") != GAME:
        raise ParseError(f"this is a {shown(obj.get('game'))} position, not a bingo one (\"game\": \"bingo\")")
    for key in ("turned", "leader", "hands"):
        if key not in obj:
            raise ParseError(f"Bingo position JSON lacks {key!r}")
    unknown = set(obj) - set(_JSON_KEYS)
    if unknown:
        raise ParseError(f"unknown Bingo position field(s): {', '.join(sorted(unknown))}")
    hands = obj["hands"]
    if not isinstance(hands, list) or len(hands) != 2:
        raise ParseError("'hands' must be a list of 2 lists of tiles (player 0, player 1)")
    declarations = read_declarations(obj.get("declarations"))
    last = obj.get("last_winning_tile")
    return PositionFields(
        trump=None if obj.get("trump") is None else read_trump(read_number(obj["trump"], "trump")),
        turned=read_tile(obj["turned"], "turned"),
        leader=read_player(obj["leader"], "leader"),
        hands=[read_tile_list(h, f"hand of player {i}") for i, h in enumerate(hands)],
        trick=read_tile_list(obj.get("trick") or [], "trick"),
        boneyard=read_tile_list(obj.get("boneyard") or [], "boneyard"),
        closed_by=read_opt_player(obj.get("closed_by"), "closed_by"),
        opponent_had_trick_at_close=read_opt_bool(
            obj.get("opponent_had_trick_at_close"), "opponent_had_trick_at_close"),
        points=read_pair(obj.get("points", [0, 0]), "points"),
        tricks=read_pair(obj.get("tricks", [0, 0]), "tricks"),
        declarations=declarations,
        rules=Rules.from_json(obj.get("rules")),
        just_declared=bool(read_opt_bool(obj.get("just_declared"), "just_declared")),
        first_to_70=read_opt_player(obj.get("first_to_70"), "first_to_70"),
        claimed_by=read_opt_player(obj.get("claimed_by"), "claimed_by"),
        opponent_points_at_close=_opt_int(obj.get("opponent_points_at_close"), "opponent_points_at_close"),
        last_winning_tile=None if last is None else read_tile(last, "last_winning_tile"),
    )


def read_declarations(value: Any) -> list[Declaration]:
    """The ``declarations`` list of a position or view JSON object (null: none)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ParseError(f"'declarations' must be a list, not {json_type(value)}")
    declarations = []
    for d in value:
        if not isinstance(d, dict) or "player" not in d or "tiles" not in d:
            raise ParseError(f'each declaration is {{"player": 0|1, "tiles": [...], "valid": true/false}}, not {shown(d)}')
        unknown = set(d) - set(_DECLARATION_KEYS)
        if unknown:
            raise ParseError(f"unknown Bingo declaration field(s): {', '.join(sorted(unknown))}")
        declarations.append(Declaration(
            read_player(d["player"], "declaration player"),
            tuple(read_tile_list(d["tiles"], "declaration")),
            read_opt_bool(d.get("valid"), "a declaration's 'valid'"),
        ))
    return declarations


def fields_to_json(f: PositionFields) -> dict[str, Any]:
    out: dict[str, Any] = {
        "schema": SCHEMA,
        "game": GAME,
        "rules": f.rules.to_json(),
        "trump": f.trump,
        "turned": str(f.turned),
        "leader": f.leader,
        "hands": [[str(t) for t in sorted(h, reverse=True)] for h in f.hands],
        "trick": [str(t) for t in f.trick],
        "boneyard": [str(t) for t in f.boneyard],
        "closed_by": f.closed_by,
        "points": list(f.points),
        "tricks": list(f.tricks),
        "declarations": [
            {"player": d.player, "tiles": [str(t) for t in d.tiles], "valid": d.valid} for d in f.declarations
        ],
        "opponent_had_trick_at_close": f.opponent_had_trick_at_close,
    }
    # Fields beyond the format appear only when they carry something.
    if f.opponent_points_at_close is not None:
        out["opponent_points_at_close"] = f.opponent_points_at_close
    if f.just_declared:
        out["just_declared"] = True
    for key in ("first_to_70", "claimed_by"):
        if getattr(f, key) is not None:
            out[key] = getattr(f, key)
    if f.last_winning_tile is not None:
        out["last_winning_tile"] = str(f.last_winning_tile)
    return out


def read_tile(value: Any, where: str) -> Tile:
    if not isinstance(value, str):
        raise ParseError(f"{where}: {shown(value)} is not a tile string like \"6-4\"")
    t = Tile(value)
    if t.hi > 6:
        raise ParseError(f"{where}: tile {t} is not in the double-six set")
    return t


def read_tile_list(value: Any, where: str) -> list[Tile]:
    if not isinstance(value, list):
        raise ParseError(f"{where} must be a list of tiles like \"6-4\"")
    return [read_tile(t, where) for t in value]


def read_player(value: Any, where: str) -> int:
    # An int, not a bool or a float: 1.0 == 1 would slip through a plain `in (0, 1)`.
    if isinstance(value, bool) or not isinstance(value, int) or value not in PLAYERS:
        raise ParseError(f"{where} must be player 0 or 1, not {shown(value)}")
    return int(value)


def read_opt_player(value: Any, where: str) -> int | None:
    return None if value is None else read_player(value, where)


def read_opt_bool(value: Any, where: str) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise ParseError(f"{where} must be true, false or null, not {shown(value)}")


def read_number(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParseError(f"{where} must be an integer, not {shown(value)}")
    if not -COUNT_LIMIT <= value <= COUNT_LIMIT:  # no Bingo count comes near; keeps the C++ ints safe
        raise ParseError(f"{where} is out of range: {shown(value)} (a Bingo count is within ±{COUNT_LIMIT})")
    return value


def read_trump(value: int) -> int:
    # Written 0..6; the set's size is the core's to check above, but no trump is negative.
    if value < 0:
        raise ParseError(f"trump must be a number of the set, 0..6, not {shown(value)}")
    return value


def _opt_int(value: Any, where: str) -> int | None:
    return None if value is None else read_number(value, where)


def read_pair(value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ParseError(f"{where} must be a pair [player 0, player 1]")
    return (read_number(value[0], where), read_number(value[1], where))


# ---------------------------------------------------------------- one-line text

_TEXT_KEYS = (
    "trump", "turned", "leader", "hands", "trick", "boneyard", "closed", "points", "tricks", "declared",
    "just_declared", "first70", "claimed", "lastwin", "rules",
)


def fields_from_text(text: str) -> PositionFields:
    values = key_values(text, _TEXT_KEYS, required=("turned", "hands"), tags=(GAME,), what="Bingo position text")
    hands = values["hands"].split("/")
    if len(hands) != 2:
        raise ParseError(f"hands= needs 2 hands separated by '/', got {len(hands)}")
    closed_by, had_trick, pts_at_close = _closed_text(values["closed"]) if "closed" in values else (None, None, None)
    declarations = _declarations_text(values.get("declared", ""))
    rules = Rules(**flags_of_text(values["rules"])) if values.get("rules") else Rules()
    last = values.get("lastwin")
    return PositionFields(
        trump=read_trump(_int_text(values["trump"], "trump")) if "trump" in values else None,
        turned=_one_tile(values["turned"], "turned"),
        leader=_player_text(values.get("leader", "0"), "leader"),
        hands=[_tiles_text(h) for h in hands],
        trick=_tiles_text(values.get("trick", "-")),
        boneyard=_tiles_text(values.get("boneyard", "-")),
        closed_by=closed_by,
        opponent_had_trick_at_close=had_trick,
        points=_pair_text(values.get("points", "0/0"), "points"),
        tricks=_pair_text(values.get("tricks", "0/0"), "tricks"),
        declarations=declarations,
        rules=rules,
        just_declared=_yes_no(values.get("just_declared", "no"), "just_declared"),
        first_to_70=_player_text(values["first70"], "first70") if "first70" in values else None,
        claimed_by=_player_text(values["claimed"], "claimed") if "claimed" in values else None,
        opponent_points_at_close=pts_at_close,
        last_winning_tile=None if last is None else _one_tile(last, "lastwin"),
    )


def fields_to_text(f: PositionFields) -> str:
    parts = [
        GAME,
        f"trump={f.trump}",
        f"turned={f.turned.compact()}",
        f"leader={f.leader}",
        "hands=" + "/".join(_text_tiles(sorted(h, reverse=True)) for h in f.hands),
    ]
    if f.trick:
        parts.append("trick=" + _text_tiles(f.trick))
    if f.boneyard:
        parts.append("boneyard=" + _text_tiles(f.boneyard))
    if f.closed_by is not None:
        closed = f"closed={f.closed_by}:{'trick' if f.opponent_had_trick_at_close else 'notrick'}"
        if f.opponent_points_at_close is not None:
            closed += f":{f.opponent_points_at_close}"
        parts.append(closed)
    parts.append(f"points={f.points[0]}/{f.points[1]}")
    parts.append(f"tricks={f.tricks[0]}/{f.tricks[1]}")
    if f.declarations:
        parts.append("declared=" + ",".join(f"{d.player}:{_text_tiles(list(d.tiles))}" for d in f.declarations))
    if f.just_declared:
        parts.append("just_declared=yes")
    if f.first_to_70 is not None:
        parts.append(f"first70={f.first_to_70}")
    if f.claimed_by is not None:
        parts.append(f"claimed={f.claimed_by}")
    if f.last_winning_tile is not None:
        parts.append(f"lastwin={f.last_winning_tile.compact()}")
    flags = f.rules.to_json()
    if flags:
        parts.append("rules=" + ",".join(f"{k}:{v}" for k, v in flags.items()))
    return " ".join(parts)


def _one_tile(text: str, where: str) -> Tile:
    tiles = _tiles_text(text)
    if len(tiles) != 1:
        raise ParseError(f"{where}= takes one tile, e.g. {where}=41")
    return tiles[0]


def _tiles_text(text: str) -> list[Tile]:
    if text in ("", "-"):
        return []
    out = []
    for t in text.split("."):
        tile = Tile(t)
        if tile.hi > 6:
            raise ParseError(f"tile {tile} is not in the double-six set")
        out.append(tile)
    return out


def _text_tiles(tiles: list[Tile]) -> str:
    return ".".join(t.compact() for t in tiles) or "-"


def _int_text(text: str, where: str) -> int:
    # ASCII digits with an optional sign, as written: int() would also take '1_0', ' 1' or '١'.
    if not is_digits(text.removeprefix("-")):
        raise ParseError(f"{where}= needs a whole number, not {shown(text)}")
    if len(text) > 9:  # far beyond any count (and short of Python's limit on digits it converts)
        raise ParseError(f"{where} is out of range: {text[:12]}...")
    return read_number(int(text), where)


def _player_text(text: str, where: str) -> int:
    if text not in ("0", "1"):
        raise ParseError(f"{where}= needs player 0 or 1, not {shown(text)}")
    return int(text)


def _pair_text(text: str, where: str) -> tuple[int, int]:
    a, sep, b = text.partition("/")
    if not sep:
        raise ParseError(f"{where}= needs two numbers a/b (player 0/player 1), not {shown(text)}")
    return (_int_text(a, where), _int_text(b, where))


# ---------------------------------------------------------------- to the core


def core_spec(f: PositionFields) -> Any:
    """The fields as the C++ core's typed spec, their numbers checked first (the core then checks
    that they describe a reachable deal)."""
    if len(f.points) != 2 or len(f.tricks) != 2 or len(f.hands) != 2:
        raise ParseError("hands, points and tricks come in pairs (player 0, player 1)")
    numbers = [("trump", f.trump), ("leader", f.leader), ("closed_by", f.closed_by), ("first_to_70", f.first_to_70),
               ("opponent_points_at_close", f.opponent_points_at_close), ("claimed_by", f.claimed_by),
               *(("points", n) for n in f.points), *(("tricks", n) for n in f.tricks)]
    for name, n in numbers:
        if n is not None:
            read_number(n, name)
    spec = _core.bingo.PositionSpec()
    spec.trump = f.trump
    spec.turned = f.turned.id
    spec.leader = f.leader
    spec.hands = [[t.id for t in h] for h in f.hands]
    spec.trick = [t.id for t in f.trick]
    spec.boneyard = [t.id for t in f.boneyard]
    spec.closed_by = f.closed_by
    spec.opponent_had_trick_at_close = f.opponent_had_trick_at_close
    spec.opponent_points_at_close = f.opponent_points_at_close
    spec.points = f.points
    spec.tricks = f.tricks
    spec.declarations = [(d.player, [t.id for t in d.tiles], d.valid) for d in f.declarations]
    spec.just_declared = f.just_declared
    spec.first_to_70 = f.first_to_70
    spec.claimed_by = f.claimed_by
    spec.last_winning_tile = None if f.last_winning_tile is None else f.last_winning_tile.id
    return spec


def build(f: PositionFields) -> Any:
    """The C++ position of a position's fields."""
    return _core.bingo.Position(f.rules._core, core_spec(f))


# ---------------------------------------------------------------- a player's view in one line

# A view's text spells the records of its dominosolver.view/1 JSON (what the player saw happen); what
# they show of the opponent's hand and the legal moves are left to the core, as in the JSON.
# docs/notation.md, "A player's view".
VIEW_SCHEMA = "dominosolver.view/1"
_VIEW_KEYS = (
    "seat", "trump", "turned", "leader", "hand", "trick", "played", "opponent_size", "boneyard_size", "closed",
    "points", "tricks", "declared", "just_declared", "first70", "lastwin", "replies", "exchange", "record", "rules",
)


def view_json_of_text(text: str) -> dict[str, Any]:
    """The ``dominosolver.view/1`` records that a Bingo view's one-line text spells: ``bingo seat=0 ...``."""
    values = key_values(text, _VIEW_KEYS, required=("seat", "trump", "turned", "hand"), tags=(GAME,),
                        what="Bingo view text")
    seat, leader = _player_text(values["seat"], "seat"), _player_text(values.get("leader", "0"), "leader")
    hand, trick = _tiles_text(values["hand"]), _tiles_text(values.get("trick", "-"))
    played = _tiles_text(values.get("played", "-"))
    o: dict[str, Any] = {
        "schema": VIEW_SCHEMA, "game": GAME, "seat": seat,
        "rules": flags_of_text(values["rules"]) if values.get("rules") else {},
        "trump": read_trump(_int_text(values["trump"], "trump")), "turned": str(_one_tile(values["turned"], "turned")),
        "leader": leader, "hand": [str(t) for t in hand], "trick": [str(t) for t in trick],
        "played": [str(t) for t in played],
        "points": list(_pair_text(values.get("points", "0/0"), "points")),
        "tricks": list(_pair_text(values.get("tricks", "0/0"), "tricks")),
        "just_declared": _yes_no(values.get("just_declared", "no"), "just_declared"),
        "first_to_70": _player_text(values["first70"], "first70") if "first70" in values else None,
        "last_winning_tile": str(_one_tile(values["lastwin"], "lastwin")) if "lastwin" in values else None,
        "declarations": [{"player": d.player, "tiles": [str(t) for t in d.tiles]}
                         for d in _declarations_text(values.get("declared", ""))],
        "opponent_replies": [{"lead": str(a), "reply": str(b)} for a, b in _replies_text(values.get("replies", ""))],
        "exchange": None,
    }
    opponent, boneyard = usual_sizes(seat, leader, len(hand), len(trick), len(played))
    o["opponent_hand_size"] = _count_text(values["opponent_size"], "opponent_size") if "opponent_size" in values \
        else opponent
    o["boneyard_size"] = _count_text(values["boneyard_size"], "boneyard_size") if "boneyard_size" in values \
        else boneyard - (o["opponent_hand_size"] - opponent)
    if "closed" in values:
        closed_by, had_trick, at_close = _closed_text(values["closed"])
        o.update(closed_by=closed_by, opponent_had_trick_at_close=had_trick, opponent_points_at_close=at_close)
    if "exchange" in values:
        who, sep, took = values["exchange"].partition(":")
        if not sep:
            raise ParseError("malformed exchange=: write the player, ':', then the face-up tile it took, e.g. exchange=1:41")
        o["exchange"] = {"player": _player_text(who, "exchange"), "took": str(_one_tile(took, "exchange"))}
    if "record" in values:
        o["record"] = _record_text(values["record"])
    return o


def view_text_of_json(o: dict[str, Any]) -> str:
    """A Bingo view's one-line text from its ``dominosolver.view/1`` JSON (``PlayerView.to_json``):
    its records, each field only where it says something (the sizes of the opponent's hand and of the
    boneyard only where they are not the usual ones)."""
    hand, trick, played = (sorted(map(Tile, o[k]), reverse=True) for k in ("hand", "trick", "played"))
    parts = [GAME, f"seat={o['seat']}", f"trump={o['trump']}", f"turned={Tile(o['turned']).compact()}",
             f"leader={o['leader']}", "hand=" + _text_tiles(hand)]
    if trick:
        parts.append("trick=" + _text_tiles(trick))
    if played:
        parts.append("played=" + _text_tiles(played))
    opponent, boneyard = usual_sizes(o["seat"], o["leader"], len(hand), len(trick), len(played))
    if o["opponent_hand_size"] != opponent:
        parts.append(f"opponent_size={o['opponent_hand_size']}")
    if o["boneyard_size"] != boneyard - (o["opponent_hand_size"] - opponent):
        parts.append(f"boneyard_size={o['boneyard_size']}")
    if o["closed_by"] is not None:
        closed = f"closed={o['closed_by']}:{'trick' if o['opponent_had_trick_at_close'] else 'notrick'}"
        if o.get("opponent_points_at_close") is not None:
            closed += f":{o['opponent_points_at_close']}"
        parts.append(closed)
    parts.append(f"points={o['points'][0]}/{o['points'][1]}")
    parts.append(f"tricks={o['tricks'][0]}/{o['tricks'][1]}")
    if o["declarations"]:
        parts.append("declared=" + ",".join(f"{d['player']}:{_text_tiles([Tile(t) for t in d['tiles']])}"
                                            for d in o["declarations"]))
    if o.get("just_declared"):
        parts.append("just_declared=yes")
    if o.get("first_to_70") is not None:
        parts.append(f"first70={o['first_to_70']}")
    if o.get("last_winning_tile") is not None:
        parts.append(f"lastwin={Tile(o['last_winning_tile']).compact()}")
    if o.get("opponent_replies"):
        parts.append("replies=" + ",".join(f"{Tile(r['lead']).compact()}:{Tile(r['reply']).compact()}"
                                           for r in o["opponent_replies"]))
    if o.get("exchange") is not None:
        parts.append(f"exchange={o['exchange']['player']}:{Tile(o['exchange']['took']).compact()}")
    if o.get("record") is not None:
        parts.append("record=" + (";".join(f"{s['player']}:{s['move']}" if "move" in s
                                           else f"{s['player']}+{'?' if s['drew'] is None else s['drew']}"
                                           for s in o["record"]) or "-"))
    if o["rules"]:
        parts.append("rules=" + ",".join(f"{k}:{v}" for k, v in o["rules"].items()))
    return " ".join(parts)


def usual_sizes(seat: int, leader: int, held: int, trick: int, played: int) -> tuple[int, int]:
    """(the opponent's hand, the boneyard) as play leaves them: both hands alike between tricks (the
    draws refill both), the leader one tile short while its lead is on the table; the boneyard holds
    the rest of the set. The text leaves such sizes out."""
    opponent = held + (0 if not trick else 1 if leader == seat else -1)
    return opponent, _core.bingo.DECK_TILES - held - opponent - trick - played


def _closed_text(text: str) -> tuple[int, bool, int | None]:
    parts = text.split(":")
    if len(parts) not in (2, 3) or parts[1] not in ("trick", "notrick"):
        raise ParseError("malformed closed=: write the closer, then 'trick' or 'notrick' for the opponent "
                         "at the close (and its points under closer_scored_at=close), e.g. closed=1:notrick")
    return (_player_text(parts[0], "closed"), parts[1] == "trick",
            _int_text(parts[2], "closed") if len(parts) == 3 else None)


def _declarations_text(text: str) -> list[Declaration]:
    declarations = []
    for item in text.split(",") if text else []:
        who, sep, tiles = item.partition(":")
        if not sep:
            raise ParseError(f"malformed declaration {shown(item)}: write player:doubles, e.g. 0:66.11")
        declarations.append(Declaration(_player_text(who, "declared"), tuple(_tiles_text(tiles))))
    return declarations


def _replies_text(text: str) -> list[tuple[Tile, Tile]]:
    replies = []
    for item in text.split(",") if text else []:
        lead, sep, reply = item.partition(":")
        if not sep:
            raise ParseError(f"malformed reply {shown(item)}: write lead:reply, e.g. replies=63:41")
        replies.append((_one_tile(lead, "replies"), _one_tile(reply, "replies")))
    return replies


def _record_text(text: str) -> list[dict[str, Any]]:
    """The JSON steps of ``record=``: ``0:6-4`` a move, ``1+5-3`` a draw, ``1+?`` a hidden one, ``;``
    between them (``-``: an empty record); the view's reader checks the moves and tiles."""
    steps: list[dict[str, Any]] = []
    for item in text.split(";") if text != "-" else []:
        who, sep, move = item.partition(":")
        if sep:
            steps.append({"player": _player_text(who, "record"), "move": move})
            continue
        who, sep, tile = item.partition("+")
        if not sep:
            raise ParseError(f"malformed record step {shown(item)}: write 0:6-4 for a move, 1+5-3 or 1+? for a draw")
        steps.append({"player": _player_text(who, "record"), "drew": None if tile == "?" else str(_one_tile(tile, "record"))})
    return steps


def _yes_no(text: str, where: str) -> bool:
    if text not in ("yes", "no"):
        raise ParseError(f"{where}= must be yes or no")
    return text == "yes"


def _count_text(text: str, where: str) -> int:
    n = _int_text(text, where)
    if n < 0:
        raise ParseError(f"{where}= needs a count, not {n}")
    return n
