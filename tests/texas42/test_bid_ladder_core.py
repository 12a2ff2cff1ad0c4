"""The bid ladder is a rule, stated once in the core (texas42/rules.hpp's bid_ladder) and read by the
Python package (bidding.bid_ladder, BID_LADDER) and the WebAssembly module's advice: over every rule
set it is the rules' own is_bid over the range docs/rules.md §2.2, §4.1-4.3 give each family."""

from __future__ import annotations

import itertools

import pytest
from dominosolver.errors import ParseError
from dominosolver.texas42.bidding import BID_LADDER, bid_ladder
from dominosolver.texas42.rules import FAMILIES, GAME_BID, Rules


def _rule_sets() -> list[Rules]:
    """Every family under the flags that could move its ladder (the scoring, Fosdick's preset) and one
    that does not (the mark jump); combinations the rules refuse are left out."""
    out = []
    for family, scoring, preset, jump in itertools.product(FAMILIES, ("marks", "points"), ("pagat", "fosdick"),
                                                           ("strict", "free")):
        try:
            out.append(Rules.from_json({"family": family, "scoring": scoring, "moon4_preset": preset, "mark_jump": jump}))
        except ParseError:
            continue
    return out


RULE_SETS = _rule_sets()


def _documented(rules: Rules) -> list[int]:
    """The ladder as docs/rules.md writes it: 42's point bids from the least to a mark, then k marks up
    to the marks that win a game (§2.2); Moon's least bid to every trick, then shooting the moon, 21
    (§4.1-4.2); The Big Game's 42 to all 66 points (§4.3)."""
    ladder = rules.row.ladder
    if ladder == "tricks":
        return [*range(rules.min_bid, rules.hand_tricks + 1), 21]
    if ladder == "points":
        return list(range(42, rules.hand_points + 1))
    return [*range(rules.min_bid, rules.mark + 1), *(k * rules.mark for k in range(2, 7 + 1))]  # a game is 7 marks


def test_every_family_and_flag_is_covered() -> None:
    assert {r.family for r in RULE_SETS} == set(FAMILIES)
    assert any(r.min_bid == 3 for r in RULE_SETS)  # Fosdick's Partnership Moon starts at 3
    assert any(r.scoring == "points" and r.row.ladder == "marks" for r in RULE_SETS)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: "-".join(f"{k}={v}" for k, v in sorted(r.to_json().items())))
def test_the_ladder_is_the_rules_is_bid(rules: Rules) -> None:
    ladder = bid_ladder(rules)
    assert list(ladder) == _documented(rules)
    top = max(ladder)
    # Every bid of the ladder is a bid, and none below its top is left out.
    assert [b for b in range(top + 1) if rules.is_bid(b)] == list(ladder)
    assert GAME_BID not in ladder  # the points game's "Game" goes only over 4 marks (§2.7)


def test_standard_ladder_is_every_marks_members() -> None:
    # The standard 42's ladder, whatever its other flags: 30..42, then 2..7 marks.
    assert BID_LADDER == (*range(30, 43), 84, 126, 168, 210, 252, 294)
    for rules in RULE_SETS:
        if rules.row.ladder == "marks":
            assert bid_ladder(rules) == BID_LADDER
