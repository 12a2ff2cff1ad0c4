"""Tables as heat maps: each cell of the picture carries its row, column and value, and they are the
``dd_table`` (and ``special_table``) values of the deal; the colours say which side of the lowest
bid a value lies."""

from __future__ import annotations

import pytest
from dominosolver import games
from dominosolver.errors import ParseError
from dominosolver.pictures.heatmap import HeatMap
from dominosolver.texas42 import Game, Rules, dd_table, special_table
from dominosolver.texas42.solve import declaration_name
from svg_support import NS, groups, parse_svg

TEXAS42 = games.get("42")


def cells(svg: str) -> dict[tuple[str, str], tuple[int, str, str]]:
    """(row, column) -> (value, fill, words) of every cell of a heat map."""
    out = {}
    for g in groups(parse_svg(svg), "cell"):
        fill = g.find(f"{NS}rect").get("fill")
        out[g.get("data-row"), g.get("data-column")] = (int(g.get("data-value")), fill, g.find(f"{NS}text").text)
    return out


def green(fill: str) -> bool:
    r, g = int(fill[1:3], 16), int(fill[3:5], 16)
    return g > r


@pytest.mark.parametrize("seed", [2, 11, 40])
def test_the_heat_map_cells_are_the_double_dummy_table(seed):
    hands = [list(h) for h in Game(seed=seed).deal()]
    table = dd_table(hands)
    drawn = cells(TEXAS42.pictures.table(table))
    assert len(drawn) == 9 * 4
    rules = Rules()
    for d, row in zip(table.declarations, table.points):
        for seat, value in zip(rules.seat_names, row):
            shown, fill, words = drawn[declaration_name(d), f"{seat} declares"]
            assert shown == value == int(words)
            assert green(fill) == (value >= rules.min_bid)


def test_the_special_table_heat_map_says_all_where_a_side_takes_every_trick():
    rules = Rules(specials="all", nello_doubles_allowed="all")
    hands = [list(h) for h in Game(seed=5).deal()]
    table = special_table(hands, rules)
    drawn = cells(TEXAS42.pictures.special_table(table))
    assert len(drawn) == (len(table.declarations) + len(table.contracts)) * 4
    for d, row in zip(table.declarations, table.every_trick):
        for seat, every in zip(rules.seat_names, row):
            assert drawn[declaration_name(d), f"{seat} bids"][0::2] == (int(every), "all" if every else "–")
    for c, row in zip(table.contracts, table.makes):
        assert [drawn[c, f"{s} bids"][0] for s in rules.seat_names] == [int(v) for v in row]


def test_a_game_has_a_picture_of_each_table_it_has():
    for spec in games.GAMES.values():
        assert (spec.table is None) == (spec.pictures.table is None)
        assert (spec.special_table is None) == (spec.pictures.special_table is None)


def test_a_heat_map_of_the_wrong_shape_is_refused():
    with pytest.raises(ParseError, match="2 rows x 1 columns needs that many values"):
        HeatMap("t", rows=("a", "b"), columns=("x",), values=((1,),), goal=1, low=0, high=2)
    with pytest.raises(ParseError, match="goal 5 must lie within its scale 0..2"):
        HeatMap("t", rows=("a",), columns=("x",), values=((1,),), goal=5, low=0, high=2)
