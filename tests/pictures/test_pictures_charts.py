"""Graded play as charts: a point per play (and one for the start) carrying the side's perfect-play
total; each step moves by the play's cost, down for the side's own costly play and up for the
other side's; costly plays are marked; a whole game stacks a chart per hand."""

from __future__ import annotations

import json

import pytest
from dominosolver import games
from dominosolver.errors import ParseError
from dominosolver.games.records import GAME_ANALYSIS
from dominosolver.pictures.chart import Chart
from dominosolver.texas42 import Game, Position, Rules, Solver
from svg_support import NS, parse_svg

TEXAS42, BINGO = games.get("42"), games.get("bingo")


def points(element) -> list[tuple[int, str, int]]:
    """(play, move, value) of each point of a chart, in order."""
    return [(int(c.get("data-play")), c.get("data-move"), int(c.get("data-value")))
            for c in element.iter(f"{NS}circle") if c.get("data-play") is not None]


def marks(element) -> list[str]:
    return [t.get("class") for t in element.iter(f"{NS}text") if (t.get("class") or "").startswith("mark")]


def a_game(spec, seed: int) -> dict:
    return json.loads(json.dumps(spec.play(seed)))  # as a file holds it


@pytest.mark.parametrize("seed", [1, 6])
def test_a_42_hand_chart_has_a_point_per_play_moving_by_its_cost(seed):
    hand = next(h for h in a_game(TEXAS42, seed)["hands"] if h["contract"] is not None)
    graded = TEXAS42.grade(hand)
    root = parse_svg(TEXAS42.pictures.analysis(graded))
    drawn = points(root)
    plays = graded["plays"]
    assert [p for p, _, _ in drawn] == list(range(len(plays) + 1))
    assert [m for _, m, _ in drawn[1:]] == [f"{'NESW'[p['seat']]} {p['tile']}" for p in plays]
    start = Position.from_json(graded["position"])
    team = start.side_of(start.contract.declarer)
    rules = Rules()
    for (_, _, before), (_, _, after), play in zip(drawn, drawn[1:], plays):
        ours = rules.side_of(play["seat"]) == team
        assert after - before == (-play["cost"] if ours else play["cost"])
        assert 0 <= after <= 42
    first = plays[0]
    assert drawn[0][2] == (first["before"] if rules.side_of(first["seat"]) == team else 42 - first["before"])
    costly = [("mark loss" if rules.side_of(p["seat"]) == team else "mark gift") for p in plays if p["cost"]]
    assert marks(root) == costly
    svg = TEXAS42.pictures.analysis(graded)
    assert "costly play of this side" in svg and f"{start.rules.points_needed(start.contract.bid)} points needed" in svg


@pytest.mark.parametrize("trump", ["nello", "sevens", 4])
@pytest.mark.parametrize("seed", [3, 4])
def test_a_chart_is_the_declaring_sides_perfect_play_total_solved_afresh(trump, seed):
    """Each point is what solving that position says the declaring side ends with, in tricks under
    Nel-O (where it wants none) and Sevens, in points otherwise."""
    rules = Rules(specials="all", nello_doubles_allowed="all")
    start = Position(trump=trump, hands=[list(h) for h in Game(seed=seed).deal()], contract=(0, 42), rules=rules)
    pos, solver, truth = start.copy(), Solver(16), []
    for k in range(12):
        value = solver.solve(pos).value
        ours = pos.side_of(pos.to_move) == 0
        future = value if ours else (pos.tricks_left if pos.units == "tricks" else pos.remaining_points) - value
        truth.append((pos.tricks_won[0] if pos.units == "tricks" else pos.points[0]) + future)
        pos.play(pos.legal_moves[k % len(pos.legal_moves)])
    plays = [str(t) for _, t in pos.plays]
    graded = TEXAS42.grade({"position": start.to_json(), "plays": plays})
    svg = TEXAS42.pictures.analysis(graded)
    assert [v for _, _, v in points(parse_svg(svg))][:12] == truth
    goal = {"nello": "goal: no trick", "sevens": "goal: every trick", 4: "bid 42: 42 points needed"}[trump]
    assert goal in svg


def test_a_42_game_stacks_a_chart_per_hand_played():
    graded = TEXAS42.grade(a_game(TEXAS42, 3))
    root = parse_svg(TEXAS42.pictures.analysis(graded))
    charts = root.findall(f"{NS}svg")
    played = [h for h in graded["hands"] if h is not None]
    assert len(charts) == len(played) >= 1
    assert [len(points(c)) for c in charts] == [len(h["plays"]) + 1 for h in played]
    tops = [float(c.get("y")) for c in charts]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)  # one under another


@pytest.mark.parametrize("seed", [2, 9])
def test_a_bingo_chart_follows_player_0_in_game_points(seed):
    game = a_game(BINGO, seed)
    graded = BINGO.grade(game["deals"][0])
    drawn = points(parse_svg(BINGO.pictures.analysis(graded)))
    plays = graded["plays"]
    assert [p for p, _, _ in drawn] == list(range(len(plays) + 1))  # every move solved: a point each
    names = graded.get("names", {}).get("moves", {})  # a declaration labelled with its points
    for (_, move, value), play in zip(drawn[1:], plays):
        assert move == f"{play['seat']}: {names.get(play['move'], play['move'])}"
        assert value == (play["after"] if play["seat"] == 0 else -play["after"])
        assert -3 <= value <= 3
    # A whole game's deals one under another (its grading is slow: this deal stands for each).
    whole = parse_svg(BINGO.pictures.analysis({"schema": GAME_ANALYSIS, "game": "bingo", "deals": [graded] * 3}))
    assert [points(chart) for chart in whole.findall(f"{NS}svg")] == [drawn] * 3


def test_a_chart_of_the_wrong_shape_is_refused():
    with pytest.raises(ParseError, match="a chart of 2 plays needs 3 values"):
        Chart("t", "side", values=(1, 2), plays=("a", "b"), marks=("", ""), low=0, high=3)
    with pytest.raises(ParseError, match="scale 3..3 is empty"):
        Chart("t", "side", values=(1,), plays=(), marks=(), low=3, high=3)
