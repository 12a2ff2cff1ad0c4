"""A Bingo chart's x axis names the tricks, as a 42 hand's does: each trick's label under its moves,
counted from the deal's start (a close or a declaration between two tiles is no trick of its own),
the tricks told by the rules replaying the moves."""

from __future__ import annotations

import json

import pytest
from dominosolver import bingo, games
from dominosolver.render.bingo_pictures import chart_of
from svg_support import NS, parse_svg

BINGO = games.get("bingo")


def tricks_by_the_rules(graded: dict) -> list[tuple[int, str]]:
    """(point of the move that leads a trick, "trick N"), from the position as the moves change it."""
    position = bingo.Position.from_json(graded["position"])
    out = []
    for k, play in enumerate(graded["plays"], 1):
        kind = bingo.Move.parse(play["move"]).kind
        if kind == "tile" and not position.trick:
            out.append((k, f"trick {sum(position.tricks) + 1}"))
        position.play(play["move"])
    return out


def labels(svg: str) -> list[str]:
    return [t.text for t in parse_svg(svg).iter(f"{NS}text") if (t.text or "").startswith("trick ")]


@pytest.mark.parametrize("seed", [3])
def test_each_deal_s_chart_names_its_tricks(seed):
    game = json.loads(json.dumps(BINGO.play(seed)))
    for deal in game["deals"][:2]:
        graded = BINGO.grade(deal)
        expected = tricks_by_the_rules(graded)
        assert expected and chart_of(graded).groups == tuple(expected)
        assert labels(BINGO.pictures.analysis(graded)) == [label for _, label in expected]


def test_a_late_start_counts_the_tricks_already_taken():
    late = bingo.Position("bingo trump=6 turned=62 leader=1 hands=54.50.30/44.42.32 points=54/68 tricks=3/8")
    graded = BINGO.grade({"position": late.to_json(), "plays": ["4-2", "5-4", "3-0", "4-4"]})
    assert chart_of(graded).groups == tuple(tricks_by_the_rules(graded)) == ((1, "trick 12"), (3, "trick 13"))
