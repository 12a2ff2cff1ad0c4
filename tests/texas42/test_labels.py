"""Mistake labels on lichess's scale in the contract's currency, accuracy per seat, and the best
play named beside a costly one (texas42/labels.py, analyse_play's ``best``)."""

from __future__ import annotations

from dominosolver import games
from dominosolver.games.texas42 import analysis
from dominosolver.texas42 import Position, Solver, analyse_play, projection
from dominosolver.texas42.labels import POINT_STEPS, PP_STEPS, label


def test_the_scale():
    assert [label(x, PP_STEPS) for x in (0, 9.9, 10, 20, 29, 30, 100)] == [
        None, None, "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert [label(x, POINT_STEPS) for x in (4, 5, 10, 19, 20)] == [None, "inaccuracy", "mistake", "mistake", "blunder"]


def test_a_graded_hand_labels_the_plays_that_turn_the_contract():
    spec = games.get("texas42")
    labelled = 0
    for seed in range(4):
        record = spec.play(seed)
        for hand in record["hands"]:
            if hand["contract"] is None:
                continue
            graded = spec.grade(hand)
            start = Position.from_json(graded["position"])
            grades = analyse_play(start, [p["tile"] for p in graded["plays"]])
            chart = projection(start, grades)
            team = start.side_of(start.contract.declarer)
            assert graded["labels"] == {"currency": "P(make)", "steps": [10, 20, 30]}
            for k, play in enumerate(graded["plays"]):
                made = [t >= chart["need"] for t in chart["totals"][k:k + 2]]
                turned = made == [True, False] if start.side_of(play["seat"]) == team else made == [False, True]
                assert play["label"] == ("blunder" if turned else None)
                labelled += turned
                assert (play["best"] is None) == (play["cost"] == 0)
            for seat, acc in graded["accuracy"].items():
                mine = [p for p in graded["plays"] if start.seat_name(p["seat"]) == seat]
                assert acc == {"plays": len(mine), "best": sum(p["cost"] == 0 for p in mine),
                               "percent": round(100 * sum(p["cost"] == 0 for p in mine) / len(mine), 1)}
    assert labelled  # the bots turn a contract now and then


def test_the_best_play_beside_a_costly_one_keeps_the_value():
    pos = Position("trump=4 leader=N hands=66.64.21/44.31.20/65.41.00/53.22.10 contract=N30")
    solved = Solver(4).solve(pos)
    worst = min(solved.moves, key=solved.moves.get)
    grade = analyse_play(pos, [worst])[0]
    assert grade.cost > 0 and list(grade.best) == solved.best


def test_without_a_contract_the_labels_count_points():
    pos = Position("trump=4 leader=N hands=66.64.21/44.31.20/65.41.00/53.22.10")
    solved = Solver(4).solve(pos)
    worst = min(solved.moves, key=solved.moves.get)
    graded = analysis(pos, [worst], None)
    assert graded["labels"] == {"currency": "points", "steps": [5, 10, 20]}
    assert graded["plays"][0]["label"] == label(graded["plays"][0]["cost"], POINT_STEPS)
