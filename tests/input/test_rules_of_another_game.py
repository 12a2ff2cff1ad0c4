"""A ``rules=`` argument of another game's Rules is refused naming both packages: each game's
default rules print as ``Rules()``, so the message was "rules must be a Rules object, such as
Rules(), not Rules()"."""

from __future__ import annotations

import pytest
from dominosolver import bingo, moon, texas42
from dominosolver.errors import ParseError

TEXAS42 = texas42.Rules.__module__.rsplit(".", 1)[0]
BINGO = bingo.Rules.__module__.rsplit(".", 1)[0]


@pytest.mark.parametrize("call, wanted, given", [
    (lambda: texas42.Game(rules=bingo.Rules()), TEXAS42, BINGO),
    (lambda: moon.MoonGame(rules=bingo.Rules()), TEXAS42, BINGO),
    (lambda: texas42.dd_table("hands=66/65/64/63", bingo.Rules()), TEXAS42, BINGO),
    (lambda: bingo.Game(rules=texas42.Rules()), BINGO, TEXAS42),
    (lambda: bingo.Game(rules=moon.MOON), BINGO, "dominosolver.moon"),  # MoonRules, of dominosolver.moon
])
def test_another_games_rules_are_named_by_package(call, wanted, given):
    assert repr(texas42.Rules()) == repr(bingo.Rules())  # why the packages must be named
    with pytest.raises(ParseError, match=f"rules must be a Rules object of {wanted}, .* the rules of {given}$"):
        call()


def test_rules_of_no_game_name_only_the_wanted_package():
    with pytest.raises(ParseError, match=f"rules must be a Rules object of {BINGO}, such as Rules\\(\\), not 'x'$"):
        bingo.Game(rules="x")
