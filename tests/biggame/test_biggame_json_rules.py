"""The Big Game's exchange advice (dominosolver.exchange/1) and the 42 family's tables
(ddtable/1, specialtable/1) carry their rules as a position does (docs/json.md): the variant flags
in "rules", the family named by "game" (as hint/1 and claim/1 do); 42's tables write what they
wrote before (nothing, or the flags)."""

from __future__ import annotations

import numpy as np
import pytest
from dominosolver import Tile
from dominosolver.biggame.exchange import advise_exchange
from dominosolver.texas42 import DDTable, PlayerView, Rules, SpecialTable

HAND = ["8-8", "8-7", "8-6", "8-5", "8-4", "8-3", "8-2", "8-1", "8-0", "7-7", "6-6", "2-1"]


def exchange_view(flags: dict[str, str]) -> PlayerView:
    return PlayerView.from_json({"game": "biggame", "seat": "E", "contract": {"declarer": "E", "bid": 66},
                                 "hand_sizes": [11, 12, 11, 11], "hand": HAND, **({"rules": flags} if flags else {})})


@pytest.mark.parametrize("flags", [{}, {"nt_doubles": "low"}])
def test_the_exchange_advice_carries_its_positions_rules(flags):
    view = exchange_view(flags)
    out = advise_exchange(view, samples=2, seed=1, discards=["8-0", "2-1"]).to_json()
    assert out["schema"] == "dominosolver.exchange/1"
    assert out["rules"] == flags == out["position"]["rules"] and out["game"] == "biggame" == out["position"]["game"]
    assert Rules.of_game(out["game"], out["rules"]) == view.rules and view.rules.family == "biggame"


def table_json(kind, rules: Rules) -> dict:
    seats, size = rules.seats, rules.hand_size
    hands = [[Tile.from_id(0)] * size for _ in range(seats)]  # the JSON only: no solve
    if kind is DDTable:
        return DDTable(hands, [0, 1], np.zeros((2, seats), dtype=np.int16), rules=rules).to_json()
    return SpecialTable(hands, [0], np.zeros((1, seats), dtype=bool), {}, rules=rules).to_json()


@pytest.mark.parametrize("kind", [DDTable, SpecialTable])
@pytest.mark.parametrize("rules, written", [
    (Rules(family="biggame"), None),
    (Rules.from_json({"family": "biggame", "nt_doubles": "low"}), {"nt_doubles": "low"}),
    (Rules(family="moon4"), None),
    (Rules(), None),  # 42's: as before
    (Rules(specials="all"), {"specials": "all"}),
])
def test_the_tables_carry_the_flags_and_name_the_family_by_game(kind, rules, written):
    out = table_json(kind, rules)
    assert out.get("rules") == written and out["game"] == rules.family
    assert Rules.of_game(out["game"], out.get("rules")) == rules
