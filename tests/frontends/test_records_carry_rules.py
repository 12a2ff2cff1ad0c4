"""A game's record (``play --json``, a game against the bots' ``record``) carries its rules: the
game's non-default flags at its top and in each hand or deal, so that a hand or deal taken out of it
is graded under the rules it was played by (issue 39: a Bingo ``modern_dp`` record carried none, and
``analyse`` replayed its deals under the historic rules, grading none of them)."""

from __future__ import annotations

import pytest
from dominosolver import games
from dominosolver.batch import grade_record
from dominosolver.errors import DominoSolverError
from dominosolver.texas42.rules import Rules as FamilyRules

BUDGET = 20_000  # a Bingo phase-one solve's nodes: grading needs the replay, not exact early values
CASES = [
    ("texas42", {"nt_doubles": "low", "specials": "all"}),
    ("moon", {"moon_set": "opponents_get_bid"}),
    ("moon4", {"moon4_preset": "fosdick"}),
    ("biggame", {"all_pass": "forced_dealer"}),
    ("bingo", {"bingo_ruleset": "modern_dp"}),
]


def whole_game(tag: str, flags: dict, seed: int = 5):
    """A game of ``tag`` under ``flags`` played to its end by the game's cheapest arena bot."""
    spec = games.get(tag)
    rules = spec.Rules.from_json(flags) if tag == "bingo" else FamilyRules.of_game(tag, flags)
    game = spec.Game(seed, rules, 0, [])
    bot = spec.arena.make_bot("random" if tag == "bingo" else "rule", seed, {})
    while not game.is_over:
        game.play(bot.choose(game))
    return spec, game


def parts(record: dict) -> list[dict]:
    return record.get("hands", record.get("deals"))


def grade_options(tag: str) -> dict:
    return {"max_nodes": BUDGET} if tag == "bingo" else {}


@pytest.mark.parametrize("tag, flags", CASES)
def test_a_record_carries_its_rules_and_each_hand_grades_under_them(tag, flags):
    spec, game = whole_game(tag, flags)
    record = spec.record(game)
    assert record["rules"] == flags and all(part["rules"] == flags for part in parts(record))
    read = spec.Rules.from_json(record["rules"]) if tag == "bingo" else FamilyRules.of_game(tag, record["rules"])
    assert read == game.rules
    last = next(p for p in reversed(parts(record)) if p.get("contract", True) is not None)  # not thrown in
    alone = grade_record(last, **grade_options(tag))
    assert alone["plays"] and len(alone["plays"]) == len(last.get("plays", last.get("moves")))


@pytest.mark.parametrize("tag", [tag for tag, _ in CASES])
def test_a_record_of_the_default_rules_names_none(tag):
    spec, game = whole_game(tag, {})
    record = spec.record(game)
    assert "rules" not in record and not any("rules" in part for part in parts(record))


def test_a_modern_bingo_game_grades_deal_by_deal_and_not_under_the_historic_rules():
    spec, game = whole_game("bingo", {"bingo_ruleset": "modern_dp"})
    record = spec.record(game)
    graded = grade_record(record, max_nodes=BUDGET)
    assert [len(d["plays"]) for d in graded["deals"]] == [len(d["moves"]) for d in record["deals"]]
    # The same deals without their rules are the historic game's, which these moves do not fit.
    historic = [{k: v for k, v in deal.items() if k != "rules"} for deal in record["deals"]]
    failed = 0
    for deal in historic:
        try:
            grade_record(deal, max_nodes=BUDGET)
        except DominoSolverError:
            failed += 1
    assert failed == len(historic)
