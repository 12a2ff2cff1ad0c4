"""The view schema's blocks of the 42 family are written from the family rows (io/family_schemas.py),
not copied by hand: the shipped file is what the writer makes of it, and each block states its
member's sizes and seat names as the rules give them."""

from __future__ import annotations

import json

import pytest
from dominosolver.io import schema
from dominosolver.io.family_schemas import VIEW_SCHEMA, view_schema
from dominosolver.texas42 import Rules
from dominosolver.texas42.rules import FAMILIES


def test_the_shipped_view_schema_is_what_the_rows_write():
    shipped = json.loads(VIEW_SCHEMA.read_text(encoding="utf-8"))
    assert view_schema(shipped) == shipped, "run: python -m dominosolver.io.family_schemas"


@pytest.mark.parametrize("family", FAMILIES)
def test_each_block_states_its_members_sizes_and_seats(family):
    block = schema("view")["$defs"][family]["properties"]
    rules = Rules.of_game(family)
    assert block["game"]["const"] == family
    assert block["hand_sizes"]["minItems"] == block["hand_sizes"]["maxItems"] == rules.seats
    assert block["voids"]["propertyNames"]["enum"] == list(rules.seat_names)
    assert block["trick"]["maxItems"] == rules.seats - 1
    assert ("discard" in block) == (rules.row.left_over != "none")
