"""A hint's and a claim's JSON carry their rules as their position does (docs/json.md: "as in a
position"): the variant flags, the family named by "game"; 42's are its flags as before."""

from __future__ import annotations

import pytest
from dominosolver.moon import FOSDICK, MOON, MOON4, Position
from dominosolver.texas42 import Rules, claim, hint

MOON_DEAL = "moon trump=6 hands=66.65.64.63.62.61.55/54.53.52.51.44.43.42/41.33.31.22.21.11.00 contract=P15"
PARTNERSHIP = ("moon4 trump=6 leader=N hands=66.65.64.63.62.61.60/55.54.53.52.51.50.44/43.42.41.40.33.32.31/"
               "30.22.21.20.11.10.00 contract=N5")
BIG_GAME = "biggame trump=4 leader=N hands=73.82.10/33.83.21/44.62.20/88.55.40 contract=N42 discard=77"
FORTY_TWO = "trump=6 leader=N hands=66.65.64/63.11.22/62.00.33/61.44.55 contract=N30"


@pytest.mark.parametrize("text, rules, flags", [
    (MOON_DEAL, MOON, {}),
    (PARTNERSHIP, MOON4, {}),
    (PARTNERSHIP.replace("moon4 ", "moon4 rules=moon4_preset:fosdick "), FOSDICK, {"moon4_preset": "fosdick"}),
    (BIG_GAME, Rules(family="biggame"), {}),
    (FORTY_TWO, Rules(), {}),
    (FORTY_TWO.replace("trump=6", "rules=specials:all trump=6"), Rules(specials="all"), {"specials": "all"}),
])
def test_the_rules_are_as_in_the_position(text, rules, flags):
    pos = Position(text)
    assert pos.rules == rules
    view = pos.view(pos.to_move)
    for out in (hint(view, samples=4, seed=1, threads=1).to_json(), claim(view).to_json()):
        assert out["rules"] == flags == out["position"]["rules"]
        assert out["game"] == rules.family and Rules.of_game(out["game"], out["rules"]) == rules
