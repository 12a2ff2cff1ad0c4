"""The shipped JSON Schemas: real outputs validate (positions, views, hints of every method and
side), broken ones do not; Bingo positions and hints (p_win) fit the same schemas."""

from __future__ import annotations

import copy
import json
from importlib import resources

import jsonschema
import pytest
from dominosolver import _core
from dominosolver.arguments import MAX_SEED
from dominosolver.errors import ParseError
from dominosolver.io import SCHEMAS, schema, validate
from dominosolver.texas42 import Game, Position, hint
from dominosolver.texas42.bots import RuleBot
from referencing import Registry, Resource
from support_views import random_position

BINGO_POSITION = {
    "schema": "dominosolver.position/1",
    "game": "bingo",
    "rules": {},
    "trump": 4,
    "turned": "4-1",
    "leader": 0,
    "hands": [["0-0", "4-4", "6-3"], ["5-5", "2-1", "6-0"]],
    "trick": [],
    "boneyard": ["3-3", "5-2"],
    "closed_by": None,
    "points": [31, 12],
    "tricks": [3, 1],
    "declarations": [{"player": 0, "tiles": ["6-6", "1-1"], "valid": True}],
    "opponent_had_trick_at_close": None,
}


def validator(name: str):
    """A validator built here from the packaged files with jsonschema's own API."""
    registry = Registry().with_resources(
        (schema(n)["$id"], Resource.from_contents(schema(n))) for n in SCHEMAS
    )
    return jsonschema.Draft202012Validator(schema(name), registry=registry)


def is_valid(obj, name: str) -> bool:
    return validator(name).is_valid(obj)


def test_schemas_are_valid_and_packaged():
    for name in SCHEMAS:
        jsonschema.Draft202012Validator.check_schema(schema(name))
        assert (
            resources.files("dominosolver.io").joinpath("schemas", f"{name}.schema.json").is_file()
        )


@pytest.fixture(scope="module")
def hints():
    out = []
    for seed, plays in ((1, 0), (2, 9), (3, 18), (4, 21)):
        pos = random_position(seed, plays)
        out.append(hint(pos.view(pos.to_move), samples=6, seed=seed, threads=1))
    no_contract = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42")
    out.append(hint(no_contract.view(1), threads=1))
    late = random_position(5, 21)
    out.append(hint(late.view(late.to_move), method="infoset", weighting="play", threads=1))
    out.append(hint(pos.view(pos.to_move), samples=6, seed=4, method="infoset", threads=1, exact_limit=0))
    return out


def test_hints_validate(hints):
    methods = {h.method for h in hints}
    goals = {h.goal for h in hints}
    assert methods == {"pimc", "exact", "infoset"} and goals == {"make", "set", None}
    assert {(h.method, h.exact) for h in hints if h.method == "infoset"} == {("infoset", True), ("infoset", False)}
    for h in hints:
        obj = json.loads(json.dumps(h.to_json()))
        assert is_valid(obj, "hint"), list(validator("hint").iter_errors(obj))
        validate(obj, "hint")
        assert obj["schema"] == "dominosolver.hint/1"
        assert obj["exact"] == (obj["method"] == "exact") or obj["method"] == "infoset"


@pytest.mark.parametrize(
    "break_it",
    [
        lambda h: h.pop("moves"),
        lambda h: h.update(method="guess"),
        lambda h: h.update(exact=not h["exact"]),
        lambda h: h["moves"][0].update(p_make=1.5),
        lambda h: h["moves"][0].pop("p_make"),
        lambda h: h["moves"][0].update(stderr=-1),
        lambda h: h["moves"][0].update(rank=0),
        lambda h: h.update(schema="dominosolver.hint/2"),
        lambda h: h["position"]["hand"].append("9-9"),
        lambda h: h["position"].update(secret=1),
        lambda h: h.update(seed=-1),
        lambda h: h.update(seed=MAX_SEED + 1),
    ],
)
def test_broken_hints_do_not_validate(hints, break_it):
    obj = copy.deepcopy(hints[1].to_json())
    break_it(obj)
    assert not is_valid(obj, "hint")
    with pytest.raises(ParseError):
        validate(obj, "hint")


def test_hint_seed_range_is_the_front_ends_one():
    """The schema's seeds are the ones every front end accepts (arguments.MAX_SEED), the largest included."""
    seed = schema("hint")["properties"]["seed"]
    assert (seed["minimum"], seed["maximum"]) == (0, MAX_SEED)
    pos = random_position(1, 0)
    obj = json.loads(json.dumps(hint(pos.view(pos.to_move), samples=2, seed=MAX_SEED, threads=1).to_json()))
    assert obj["seed"] == MAX_SEED and is_valid(obj, "hint")


def test_positions_and_views_validate():
    game = Game(seed=4)
    bot = RuleBot()
    views = [game.view(1)]
    while game.phase != "game_over" and len(views) < 60:
        game.play(bot.choose(game))
        if game.position is not None:
            assert is_valid(game.position.to_json(), "position")
            views.append(game.view(game.to_move if game.to_move is not None else 0))
    for v in views:
        assert is_valid(v.to_json(), "view"), list(validator("view").iter_errors(v.to_json()))
    assert not is_valid(
        {"game": "texas42", "trump": 4, "leader": 0, "hands": [[], [], []]}, "position"
    )
    assert not is_valid(
        {"game": "texas42", "trump": "spades", "leader": 0, "hands": [[], [], [], []]}, "position"
    )


def test_bingo_positions_and_hints_fit():
    assert is_valid(BINGO_POSITION, "position")
    bad = dict(BINGO_POSITION, hands=[["0-0"]])
    assert not is_valid(bad, "position")
    bingo_hint = {
        "schema": "dominosolver.hint/1",
        "game": "bingo",
        "rules": {},
        "position": BINGO_POSITION,
        "seat": 0,
        "pov": "0",
        "engine": {"name": "x", "version": "0"},
        "method": "exact",
        "exact": True,
        "worlds": 3,
        "seed": None,
        "best": "close",
        "elapsed": 0.01,
        "warnings": [],
        "moves": [{"move": "close", "mean": 1.5, "stderr": 0.0, "p_win": 0.9, "rank": 1}],
    }
    assert is_valid(bingo_hint, "hint")
    bingo_hint["moves"][0] = {"move": "close", "mean": 1.5, "stderr": 0.0, "p_make": 0.9, "rank": 1}
    assert not is_valid(bingo_hint, "hint")  # Bingo reports p_win


def test_bingo_outputs_fit():
    """Positions, views and hints written by the Bingo engine fit the shared schemas."""
    bingo = pytest.importorskip("dominosolver.bingo")
    from dominosolver.render.bingo import DEMO_DEAL

    pos = bingo.Position(DEMO_DEAL)
    assert is_valid(pos.to_json(), "position")
    assert is_valid(pos.view(0).to_json(), "view")
    out = bingo.hint(pos, samples=4, seed=1).to_json()
    assert is_valid(out, "hint"), list(validator("hint").iter_errors(out))
    assert out["game"] == "bingo" and all("p_win" in m for m in out["moves"])


def _single_move_views():
    """A view of each game whose player has one legal move, from random play of seeded games."""
    import random

    from dominosolver import bingo

    views = {}
    for seed in range(200):
        if len(views) == 2:
            break
        for name, game in (("bingo", bingo.Game(seed=seed)), ("texas42", Game(seed=seed))):
            rng = random.Random(seed)
            while name not in views and game.to_move is not None and game.legal_moves:
                if getattr(game, "position", None) is not None or name == "bingo":
                    view = game.view(game.to_move)
                    if len(view.legal_moves) == 1:
                        views[name] = view
                        break
                game.play(rng.choice(list(game.legal_moves)))
    assert set(views) == {"bingo", "texas42"}
    return views


def test_hints_of_every_method_and_a_single_legal_move_validate():
    """Each game's hints of every method it writes fit the schema, a position with one legal move
    included (a Bingo hint there once wrote method "forced", which the schema and docs/json.md do not
    know, with a mean and p_win of 0): such a hint averages its worlds like any other."""
    from dominosolver import bingo
    from dominosolver.render.bingo import DEMO_DEAL

    single = _single_move_views()
    start = bingo.Position(DEMO_DEAL).view(0)
    outs = [
        bingo.hint(start, samples=4, seed=1),
        bingo.hint(start, samples=4, seed=1, weighting="play"),
        bingo.hint(single["bingo"], samples=4, seed=1),
        hint(single["texas42"], samples=4, seed=1, threads=1),
    ]
    methods = {(h.view.to_json()["game"], h.method) for h in outs}
    assert {("bingo", "pimc"), ("bingo", "exact")} <= methods, methods
    for h in outs:
        obj = json.loads(json.dumps(h.to_json()))
        assert is_valid(obj, "hint"), (obj["method"], list(validator("hint").iter_errors(obj)))
        assert obj["method"] in schema("hint")["properties"]["method"]["enum"]
    for h in outs[2:]:  # one legal move: its figures come from worlds, as any move's
        assert len(h.moves) == 1 and h.worlds > 0 and h.moves[0].rank == 1


def test_the_trump_enum_follows_the_contract_table():
    """A contract added to the C++ table must be named in the schema (and nothing else may be):
    every named row's canonical name (each of its doubles modes, for Nel-O) is in the enum, and every
    enum entry is a spelling the core parses."""
    trump = schema("position")["$defs"]["trump42"]
    enum = next(alt["enum"] for alt in trump["oneOf"] if "enum" in alt)
    rows = [row for row in _core.texas42.declaration_rows() if not row["numbered"]]
    assert {name for row in rows for name in (row["modes"] or row["spellings"][:1])} <= set(enum)
    assert set(enum) <= {name for row in rows for name in row["spellings"] + row["modes"]}
    assert all(_core.texas42.parse_trump(name) for name in enum)


def test_the_bid_kind_enum_follows_the_contract_table():
    """A kind of bid added to the C++ table (a contract row bid in the auction) must be a "kind" of
    the schema's contract and auction entries, and the schema names no kind the core does not read."""
    kinds = schema("position")["$defs"]["bidkind42"]["enum"]
    assert kinds == [row["name"] for row in _core.texas42.contract_rows() if row["bid"]]
    view = schema("view")["$defs"]["texas42"]["properties"]
    assert view["auction"]["items"]["properties"]["kind"] == {"$ref": "position.schema.json#/$defs/bidkind42"}
