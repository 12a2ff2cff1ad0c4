"""The position and view schemas' blocks of the 42 family are written from the family rows
(io/family_schemas.py), not copied by hand: each shipped file is what the writer makes of it, and
each block states its member's sizes, seat names, bids and trumps as the rules give them."""

from __future__ import annotations

import json

import pytest
from dominosolver import games
from dominosolver.errors import DominoSolverError, ParseError
from dominosolver.games import registry
from dominosolver.io import schema, validate
from dominosolver.io.family_schemas import (
    POSITION_SCHEMA,
    VIEW_SCHEMA,
    position_schema,
    view_schema,
)
from dominosolver.texas42 import Rules
from dominosolver.texas42.rules import BID_KINDS, FAMILIES, FAMILY_ROWS


def test_the_shipped_view_schema_is_what_the_rows_write():
    shipped = json.loads(VIEW_SCHEMA.read_text(encoding="utf-8"))
    assert view_schema(shipped) == shipped, "run: python -m dominosolver.io.family_schemas"


def test_the_shipped_position_schema_is_what_the_rows_write():
    shipped = json.loads(POSITION_SCHEMA.read_text(encoding="utf-8"))
    assert position_schema(shipped) == shipped, "run: python -m dominosolver.io.family_schemas"


def test_a_changed_row_changes_what_is_written(monkeypatch):
    """The writer reads the rows: a member dealt one tile more a hand is written so (the freshness
    tests above then fail against the shipped file)."""
    from dataclasses import replace

    from dominosolver.io import family_schemas

    shipped = json.loads(POSITION_SCHEMA.read_text(encoding="utf-8"))
    rows = dict(FAMILY_ROWS, moon4=replace(FAMILY_ROWS["moon4"], seats=5))
    monkeypatch.setattr(family_schemas, "FAMILY_ROWS", rows)
    hands = family_schemas.position_schema(shipped)["$defs"]["moon4"]["properties"]["hands"]
    assert hands["minItems"] == hands["maxItems"] == 5
    assert position_schema(shipped) != shipped


@pytest.mark.parametrize("family", FAMILIES)
def test_each_position_block_states_its_members_sizes_seats_and_bids(family):
    position = schema("position")
    block = position["$defs"][family]["properties"]
    rules, row = Rules.of_game(family), FAMILY_ROWS[family]
    assert block["game"]["const"] == family
    assert block["hands"]["minItems"] == block["hands"]["maxItems"] == rules.seats
    assert block["trick"]["maxItems"] == rules.seats - 1
    assert ("discard" in block) == (row.left_over != "none")
    seat = position["$defs"][block["leader"]["$ref"].rsplit("/", 1)[1]]
    assert next(alt["enum"] for alt in seat["oneOf"] if "enum" in alt) == list(rules.seat_names)
    if family != "texas42":  # 42's hands are as many as its variant flags deal
        assert block["hands"]["items"]["maxItems"] == rules.hand_size
        trump = position["$defs"][block["trump"]["$ref"].rsplit("/", 1)[1]]
        assert trump["oneOf"][0]["maximum"] == max(t for t in rules.declarations if isinstance(t, int))
    assert family in position["properties"]["game"]["enum"]
    assert {"$ref": f"#/$defs/{family}"} in position["oneOf"]


def test_the_games_of_every_schema_are_the_family_then_bingo():
    games = [*FAMILIES, "bingo"]
    assert schema("position")["properties"]["game"]["enum"] == games
    assert schema("view")["properties"]["game"]["enum"] == games
    assert schema("hint")["properties"]["game"]["enum"] == games
    assert schema("position")["$defs"]["bidkind42"]["enum"] == list(BID_KINDS)


@pytest.mark.parametrize("family", FAMILIES)
def test_each_block_states_its_members_sizes_and_seats(family):
    block = schema("view")["$defs"][family]["properties"]
    rules = Rules.of_game(family)
    assert block["game"]["const"] == family
    assert block["hand_sizes"]["minItems"] == block["hand_sizes"]["maxItems"] == rules.seats
    assert block["voids"]["propertyNames"]["enum"] == list(rules.seat_names)
    assert block["trick"]["maxItems"] == rules.seats - 1
    assert ("discard" in block) == (rules.row.left_over != "none")


@pytest.mark.parametrize("game", sorted(FAMILY_ROWS))
def test_a_position_without_a_contract_fits_the_schema_as_the_reader_takes_it(game):
    """"contract": null is valid exactly where the reader accepts it (partners fix the sides)."""
    spec = games.get(game)
    obj = {**spec.deal(5, spec.variants[0]).to_json(), "contract": None}
    try:
        registry.read(obj)
        read = True
    except DominoSolverError:
        read = False
    assert read == FAMILY_ROWS[game].partners
    assert schema_verdict(obj, "position") == read


@pytest.mark.parametrize("game", sorted(FAMILY_ROWS))
def test_every_family_hint_needs_p_make(game):
    spec = games.get(game)
    pos = spec.deal(5, spec.variants[0])
    while sum(len(h) for h in pos.hands) > 3 * len(pos.hands):  # three tricks left: a quick hint
        pos.play(pos.legal_moves[0])
    obj = json.loads(json.dumps(spec.hint(pos.view(pos.to_move), samples=4, seed=1).to_json()))
    assert obj["game"] == game and schema_verdict(obj, "hint")
    obj["moves"][-1].pop("p_make")
    assert not schema_verdict(obj, "hint")


def schema_verdict(obj, name: str) -> bool:
    try:
        validate(obj, name)
    except ParseError:
        return False
    return True


def test_the_hint_schema_names_every_game_of_the_registry():
    """The hint schema is written by hand: its games are the family's rows and Bingo, as the others'."""
    hint = schema("hint")
    assert hint["properties"]["game"]["enum"] == [*FAMILY_ROWS, "bingo"]
    assert set(hint["properties"]["game"]["enum"]) == {games.get(name).tag for name in games.names()}
