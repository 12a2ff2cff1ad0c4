"""Arena games of Moon and Partnership Moon (docs/rules.md §4.1-4.2) through 42's arena part: each deal
played twice with the bots swapped. In three-player Moon one bot holds P0 and P2, the other P1, each
scoring the mean of its players' scores, so every seat is played by each bot once over the pair and a
bot against a copy of itself differs by nothing."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.texas42 import Game, Rules
from dominosolver.texas42.arena import play_deal, play_mirrored, run_arena, summarise
from dominosolver.texas42.bots import RuleBot


@pytest.mark.parametrize("family", ["moon", "moon4"])
def test_a_bot_against_itself_differs_by_nothing(family):
    for index in range(4):
        r = play_mirrored((index, 9, "rule", "rule", {"rules": {"family": family}}))
        assert r["diff"] == 0 and r["dealer"] == index % Rules(family=family).seats


def test_a_moon_deal_scores_each_bot_the_mean_of_its_players():
    r = play_mirrored((2, 5, "hint", "rule", {"rules": {"family": "moon"}, "samples": 6, "bid_samples": 6}))
    for g in r["games"]:
        game = Game(seed=r["deal"], dealer=r["dealer"], rules=Rules(family="moon"))
        assert len(game.deal()) == 3
        if g["contract"] is not None:
            assert g["contract"]["declarer"] in ("P0", "P1", "P2")
    again = play_deal(r["deal"], RuleBot(), RuleBot(), r["dealer"], Rules(family="moon"))
    scores = Game(seed=r["deal"], dealer=r["dealer"], rules=Rules(family="moon"))
    while not scores.hands_played:
        scores.play(RuleBot().choose(scores))
    score = scores.hands_played[0]["result"]["score"]
    assert again["marks"] == [(score[0] + score[2]) / 2, score[1]]
    (s,) = summarise(run_arena(3, [("hint", "rule")], seed=1, options={"rules": {"family": "moon"}, "samples": 4,
                                                                       "bid_samples": 4}))
    assert s.deals == 3


@pytest.mark.parametrize("family", ["moon", "moon4"])
def test_each_moon_family_has_an_arena_of_its_own(family):
    """``dominosolver arena moon``: the family's deals without a rules flag, scored in points."""
    result = CliRunner().invoke(cli, ["arena", family, "--bots", "rule,random", "--deals", "2", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["game"] == family and {"points_a", "points_b"} <= out["pairs"][0].keys()
    direct = play_mirrored((0, 0, "rule", "random", {"rules": {"family": family}}))
    (pair,) = out["pairs"]
    first = summarise([direct, play_mirrored((1, 0, "rule", "random", {"rules": {"family": family}}))])[0]
    assert pair["points_a"] == first.score_a and pair["points_b"] == first.score_b
