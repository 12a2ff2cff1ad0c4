"""A MoonTable prints as plain lists and evaluates back equal with ``dominosolver.moon``'s names,
as 42's DDTable does (``plain.PlainArrays``): its repr wrote ``array(..., dtype=int16)``, which
needs numpy's names, and two equal tables compared by numpy arrays inside a tuple."""

from __future__ import annotations

import pytest
from dominosolver import Tile, moon

NAMES = {**{name: getattr(moon, name) for name in moon.__all__}, "Tile": Tile}


@pytest.mark.parametrize("game, rules", [(moon.MoonGame(seed=1), None), (moon.PartnershipMoonGame(seed=2), moon.MOON4)],
                         ids=["moon", "moon4"])
def test_a_moon_table_evaluates_back_equal(game, rules):
    table = moon.moon_table(game.deal(), rules)
    assert "array(" not in repr(table)
    again = eval(repr(table), NAMES)
    assert again == table and again == moon.moon_table(game.deal(), rules)
    assert again.tricks.dtype == table.tricks.dtype and again.tricks.shape == (len(table.declarations), game.rules.seats)
    assert str(again) == str(table) and again.to_json() == table.to_json()


def test_tables_of_other_deals_differ():
    one, other = (moon.moon_table(moon.MoonGame(seed=s).deal()) for s in (1, 2))
    assert one != other
