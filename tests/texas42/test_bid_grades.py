"""Grades of a hand's auction and declaration (bid_grades.py): each call's expected marks are the
calibrated chance of its best declaration, staked; the best is the most of them; the declaration is
graded among the declarations in the adviser's order; what is not calibrated is refused or left
ungraded. The calibration itself: overconfident double dummy pulled down, monotone."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dominosolver import games
from dominosolver.cli.main import cli
from dominosolver.errors import ParseError
from dominosolver.texas42 import Rules, advise_bid
from dominosolver.texas42.bid_grades import GRADE_SAMPLES, grade_auction
from dominosolver.texas42.calibration import at_table
from dominosolver.texas42.rules import bid_name, parse_bid
from dominosolver.tiles import Tile


@pytest.fixture(scope="module")
def game():
    return games.get("texas42").play(2)


def expected_marks(advice, bid) -> float:
    if not bid:
        return 0.0
    trump = advice.best_declaration(bid)
    q = at_table(float(advice.p_make(bid)[advice.declarations.index(trump)]))
    return max(1, int(bid) // 42) * (2 * q - 1)


def test_every_call_is_graded_against_the_most_expected_marks(game):
    hand = next(h for h in game["hands"] if h["contract"] is not None)
    graded = grade_auction(hand)
    assert graded["schema"] == "dominosolver.auctiongrades/1" and len(graded["calls"]) == len(hand["bids"])
    deal = [tuple(Tile(t) for t in h) for h in hand["deal"]]
    auction = []
    for k, (call, g) in enumerate(zip(hand["bids"], graded["calls"])):
        seat = (hand["dealer"] + 1 + k) % 4
        assert g["seat"] == seat and g["choice"] == bid_name(parse_bid(call))
        advice = advise_bid(deal[seat], list(auction), seat=seat, samples=GRADE_SAMPLES)
        options = {bid_name(b): expected_marks(advice, b) for b in advice.legal_bids}
        assert g["expected"] == pytest.approx(options[g["choice"]], abs=1e-4)
        assert g["best_expected"] == pytest.approx(max(options.values()), abs=1e-4)
        assert g["cost"] == pytest.approx(max(options.values()) - options[g["choice"]], abs=1e-4) and g["cost"] >= 0
        assert g["advised"] == advice.action
        auction.append((seat, parse_bid(call)))
    d = graded["declaration"]
    declarer, bid = hand["contract"]["declarer"], parse_bid(hand["contract"]["bid"])
    advice = advise_bid(deal[declarer], list(auction), seat=declarer, samples=GRADE_SAMPLES)
    assert d["choice"] == f"declare {hand['trump']}" and d["advised"] == advice.action
    marks = {f"declare {t}": 2 * at_table(float(advice.p_make(bid)[i])) - 1 for i, t in enumerate(advice.declarations)}
    assert d["best_expected"] == pytest.approx(max(marks.values()), abs=1e-4) and marks[d["best"]] == max(marks.values())
    assert d["cost"] == pytest.approx(max(marks.values()) - marks[d["choice"]], abs=1e-4) and d["cost"] >= 0


def test_analyse_grades_the_auction_on_request(tmp_path, game):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**game, "hands": game["hands"][:2]}))  # the first two hands: a second each
    out = CliRunner().invoke(cli, ["analyse", str(path), "--auction", "--json"])
    assert out.exit_code == 0, out.output
    hands = json.loads(out.output)["hands"]
    played = [h for h in hands if h is not None]
    assert played and all(h["auction"]["schema"] == "dominosolver.auctiongrades/1" for h in played)
    plain = json.loads(CliRunner().invoke(cli, ["analyse", str(path), "--json"]).output)
    assert all(h is None or "auction" not in h for h in plain["hands"])  # only when asked: seconds a hand


def test_only_42s_calls_are_graded():
    moon = games.get("moon").play(1)
    hand = next(h for h in moon["hands"] if h["contract"] is not None)
    with pytest.raises(ParseError, match="marks"):
        grade_auction(hand)
    with pytest.raises(ParseError, match="deal"):
        grade_auction({"bids": []})


def test_the_calibration_pulls_double_dummy_down_and_keeps_its_order():
    ps = [0.05, 0.3, 0.5, 0.6, 0.75, 0.9, 0.95, 0.999]
    table = [at_table(p) for p in ps]
    assert table == sorted(table) and all(0 < q < 1 for q in table)
    assert all(at_table(p) < p for p in (0.6, 0.75, 0.9, 0.95))  # double dummy overrates the declarer
    assert at_table(0.0) == at_table(0.01) and at_table(1.0) == at_table(0.99)  # clipped


def test_the_advice_says_its_chance_in_play_where_calibrated():
    advice = advise_bid("66.65.64.62.55.33.10", seat=0)
    verdict = advice.to_json()["verdict"]
    trump = advice.best_declaration(advice.bid)
    solved = float(advice.p_make(advice.bid)[advice.declarations.index(trump)])  # as solved: no discount
    assert verdict["p_make_table"] == pytest.approx(at_table(solved), abs=1e-6)
    assert "in play (calibrated)" in str(advice).splitlines()[-1]
    moon = advise_bid("66.65.64.63.53.41.22", seat=0, rules=Rules(family="moon"))
    assert moon.to_json()["verdict"]["p_make_table"] is None
