"""Moon's JSON and tables through the registry (docs/json.md, docs/notation.md): a position/1 object
with "game": "moon" or "moon4" reads, validates against the shipped schema and round-trips, its
discard included; bad input (the wrong number of seats, a tile not in the 22-tile set, a bid off the
ladder, a discard in play) is refused with an error naming the fault."""

from __future__ import annotations

import copy

import pytest
from dominosolver import games
from dominosolver.errors import InvalidPositionError, ParseError
from dominosolver.io import validate
from dominosolver.moon import moon_table

MOON_JSON = {"schema": "dominosolver.position/1", "game": "moon", "trump": 6, "leader": 0,
             "hands": [["6-6", "6-5", "6-4", "6-3", "5-3", "4-1", "2-2"], ["6-2", "6-1", "5-5", "5-2", "4-4", "4-2", "0-0"],
                       ["5-4", "5-1", "4-3", "3-3", "3-1", "2-1", "1-1"]],
             "trick": [], "rules": {}, "contract": {"declarer": 0, "bid": 5}, "discard": "3-2"}
MOON4_JSON = {"game": "moon4", "trump": 5, "leader": "N",
              "hands": [["4-0", "3-0"], ["6-4", "4-2"], ["6-1", "4-3", "3-1"], ["6-0", "5-0", "1-0"]], "trick": ["5-5", "6-2"],
              "rules": {"moon4_preset": "fosdick"}, "contract": {"declarer": 1, "bid": 3}}


def changed(obj: dict, **fields) -> dict:
    out = copy.deepcopy(obj)
    out.update(fields)
    return out


def test_moon_json_reads_validates_and_round_trips():
    for obj, tag in ((MOON_JSON, "moon"), (MOON4_JSON, "moon4")):
        validate(obj, "position")
        spec, pos = games.read(obj)
        assert spec.tag == tag and pos.game == tag
        assert pos.to_json()["game"] == tag and spec.Position.from_json(pos.to_json()) == pos
        validate(pos.to_json(), "position")
        assert games.read(str(pos)) == (spec, pos)  # the text's leading word tells the game
    moon = games.read(MOON_JSON)[1]
    assert str(moon.discard) == "3-2" and moon.to_json()["discard"] == "3-2"


@pytest.mark.parametrize("obj, error, fault", [
    (changed(MOON_JSON, hands=MOON_JSON["hands"] + [[]]), ParseError, r"'hands' must be a list of 3 lists of tiles \(P0, P1, P2\)"),
    (changed(MOON4_JSON, hands=MOON4_JSON["hands"][:3]), ParseError, "must be a list of 4 lists of tiles"),
    (changed(MOON_JSON, hands=[["6-6", "6-5", "6-4", "6-3", "5-3", "4-1", "5-0"]] + MOON_JSON["hands"][1:]),
     InvalidPositionError, r"tile 5-0 is not in the Moon set \(docs/rules.md §4.1"),
    (changed(MOON_JSON, contract={"declarer": 0, "bid": 8}), InvalidPositionError, "contract bid 8 is not a bid"),
    (changed(MOON_JSON, contract={"declarer": 0, "bid": 3}), InvalidPositionError, "contract bid 3 is not a bid"),
    (changed(MOON_JSON, contract={"declarer": 3, "bid": 5}), ParseError, "unknown seat 3: use 0..2 or P0, P1, P2"),
    (changed(MOON_JSON, leader="N"), ParseError, "unknown seat 'N': use 0..2 or P0, P1, P2"),
    (changed(MOON_JSON, discard="2-2"), InvalidPositionError, "the discard 2-2 is in play"),
    (changed(MOON_JSON, discard="6-0"), InvalidPositionError, r"tile 6-0 is not in Moon's 22 tiles"),
    (changed(MOON4_JSON, discard="3-2"), InvalidPositionError, "only a Moon or Big Game position with its contract has a discard"),
    (changed(MOON_JSON, rules={"family": "moon4"}), ParseError, "the rules say family 'moon4', but the game is 'moon'"),
    (changed(MOON_JSON, rules={"specials": "all"}), ParseError, "do not apply to family 'moon'"),
    (changed(MOON_JSON, game="moon3"), ParseError, "unknown game 'moon3'"),
])
def test_bad_moon_json_is_refused_by_name(obj, error, fault):
    with pytest.raises(error, match=fault):
        games.read(obj)


def test_the_moon_table_reads_a_deal_in_each_form():
    by_position = moon_table(games.read(MOON_JSON)[1])
    by_text = moon_table("moon hands=66.65.64.63.53.41.22/62.61.55.52.44.42.00/54.51.43.33.31.21.11")
    by_json = moon_table({"game": "moon", "hands": MOON_JSON["hands"]})
    assert by_position.to_json() == by_text.to_json() == by_json.to_json()
    assert [str(t) for t in by_text.widow] == ["3-2"] and by_text.tricks.shape == (8, 3)
    assert by_text[6, "P0"] == by_text.best("P0")[1] == 5  # sixes, as the demo's contract
    four = games.get("moon4").table("moon4 hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00")
    assert four.widow == [] and four.tricks.shape == (9, 4) and four.to_json()["game"] == "moon4"


@pytest.mark.parametrize("deal, fault", [
    ("moon hands=66.65.64.63.53.41/62.61.55.52.44.42.00/54.51.43.33.31.21.11", "hand P0 holds 6 tiles, not 7"),
    ("moon hands=66.65.64.63.53.41.22/62.61.55.52.44.42.00/54.51.43.33.31.21.22", "tile 2-2 is in two hands"),
    ("moon hands=66.65.64.63.53.41.50/62.61.55.52.44.42.00/54.51.43.33.31.21.11", "tile 5-0 is not in Moon's 22 tiles"),
    ("moon hands=66.65.64.63.53.41.22/62.61.55.52.44.42.00", "a deal is 3 hands"),
    ("hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00",
     r"a deal is 3 hands: 'hands=66.64.../.../...'"),  # Moon's by default
    ('{"hands": [["6-6"], ["5-5"], ["4-4"], ["3-3"]], "rules": {}}', "a table needs the whole deal"),
])
def test_a_bad_moon_deal_is_refused_by_name(deal, fault):
    with pytest.raises(ParseError, match=fault):
        moon_table(deal)
