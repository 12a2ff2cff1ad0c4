"""A graded play's ``best`` (the plays that kept the value beside a costly one) is found in points by
one zero-window test a play, not by valuing every play (a Big Game hand took half a minute so), and
names what a full solve names, in its order: Texas 42's hands, and The Big Game's lower-end leads
beside their tiles."""

from __future__ import annotations

import json

import pytest
from dominosolver import games
from dominosolver.texas42 import Position, Solver, analyse_play

# The Big Game, four tricks left, W to lead: 8-2 and 7-3 may each be led high or low (docs/rules.md).
BIG_GAME_LATE = json.loads("""{"schema": "dominosolver.position/1", "game": "biggame", "trump": 6, "leader": 3,
 "hands": [["5-4", "5-3", "4-3", "3-2"], ["8-4", "7-4", "7-2", "5-0"], ["8-1", "7-5", "5-5", "4-2"],
 ["8-2", "7-7", "7-3", "4-1"]], "trick": [], "rules": {}, "contract": {"declarer": 0, "bid": 44},
 "history": {"first_leader": 0, "tiles": ["6-6", "6-4", "6-2", "0-0", "8-6", "1-0", "6-3", "1-1", "7-6", "4-0",
 "2-0", "3-3", "6-5", "5-1", "2-1", "7-1", "6-1", "7-0", "3-1", "4-4", "6-0", "5-2", "2-2", "8-3", "8-5", "8-0",
 "8-7", "8-8"]}, "discard": "3-0"}""")


def costly_plays(position: Position, plays: list[str]):
    """(position before, the play, its grade) for each costly play of a graded sequence."""
    grades = analyse_play(position, plays)
    pos = position.copy()
    for play, grade in zip(plays, grades):
        if grade.cost:
            yield pos.copy(), play, grade
        pos.play(play)


@pytest.mark.parametrize("seed", [1, 5])
def test_a_42_hand_s_best_plays_are_those_a_full_solve_names(seed):
    spec = games.get("texas42")
    seen = 0
    for hand in spec.play(seed)["hands"]:
        graded = spec.grade(hand)
        start = Position.from_json(graded["position"])
        for pos, _, grade in costly_plays(start, [p["tile"] for p in graded["plays"]]):
            assert list(grade.best) == Solver(8).solve(pos, pv=False).best
            seen += 1
    assert seen  # the rule-of-thumb bots give points away now and then


def test_a_big_game_lower_end_lead_is_named_beside_its_tile():
    pos = Position.from_json(BIG_GAME_LATE)
    solved = Solver(16).solve(pos, pv=False)
    worst = min(solved.moves, key=solved.moves.get)
    [grade] = analyse_play(pos, [worst])
    assert grade.cost == solved.value - solved.moves[worst] > 0
    assert list(grade.best) == solved.best and any(":" in play for play in grade.best)


def test_in_points_no_play_is_valued_whole_to_name_the_best(monkeypatch):
    """Each costly play's best plays come from zero-window tests (reaches_after), no all-move solve."""
    pos = Position.from_json(BIG_GAME_LATE)
    solved = Solver(16).solve(pos, pv=False)
    worst = min(solved.moves, key=solved.moves.get)
    calls = []
    solve = Solver.solve
    monkeypatch.setattr(Solver, "solve", lambda self, *a, **k: calls.append(1) or solve(self, *a, **k))
    [grade] = analyse_play(pos, [worst])
    assert grade.cost and list(grade.best) == solved.best and calls == []
