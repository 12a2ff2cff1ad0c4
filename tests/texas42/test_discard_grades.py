"""The bidder's discard graded with every hand known (discard_grades.py): Moon's widow and The Big
Game's exchange. Each legal discard's value is the one a plain solve of the hand it leaves gives
(built here from the record through the public Position, not the core's discard search); the cost
is the best's less the choice's; the grade reaches analyse --auction, HTTP and the human's summary."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver import games
from dominosolver.cli.main import cli
from dominosolver.errors import ParseError
from dominosolver.serve import create_app
from dominosolver.texas42 import Position, Rules, Solver
from dominosolver.texas42.discard_grades import grade_discard
from dominosolver.tiles import Tile
from serve_support import KEY
from starlette.testclient import TestClient


@pytest.fixture(scope="module", params=["moon", "biggame"])
def played(request):
    """A whole game of hint bots of the family, and its hands with a discard."""
    record = games.get(request.param).play(1)
    hands = [h for h in record["hands"] if h.get("discard") is not None]
    assert hands, "no hand was bid and played"
    return request.param, record, hands


def solved_discards(family: str, hand: dict) -> dict[str, int]:
    """Each tile the bidder may lay away, valued by a solve of the hand it leaves, the bidder leading."""
    rules = Rules.of_game(family)
    seat = hand["contract"]["declarer"]
    extra = hand["widow"] if family == "moon" else hand["undealt"]
    held = [Tile(t) for t in hand["deal"][seat]] + [Tile(t) for t in extra]
    # The Big Game lays away no counter (docs/rules.md §4.3); Moon any of the eight.
    legal = [t for t in held if family == "moon" or t.hi + t.lo not in (5, 10)]
    out = {}
    for tile in legal:
        hands = [list(h) for h in hand["deal"]]
        hands[seat] = [str(t) for t in held if t != tile]
        start = Position(trump=hand["trump"], hands=hands, contract=(seat, hand["contract"]["bid"]), rules=rules)
        assert start.to_move == seat
        out[str(tile)] = Solver(16).value(start)
    return out


def test_each_discard_is_valued_by_a_solve_of_the_hand_it_leaves(played):
    family, _, hands = played
    for hand in hands[:2]:  # The Big Game's whole deals take up to seconds a solve
        grade = grade_discard(hand)
        expected = solved_discards(family, hand)
        assert grade["values"] == expected
        assert list(grade["values"].values()) == sorted(expected.values(), reverse=True)  # best first
        assert grade["choice"] == hand["discard"] and grade["seat"] == hand["contract"]["declarer"]
        assert grade["cost"] == max(expected.values()) - expected[hand["discard"]] >= 0
        assert expected[grade["best"]] == max(expected.values())
        assert grade["makes"] == {t: v >= grade["need"] for t, v in expected.items()}
        assert grade["units"] == ("tricks" if family == "moon" else "points")


def test_analyse_auction_and_http_carry_the_discard(played, tmp_path):
    family, record, hands = played
    game = {**record, "hands": [hands[0]]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game))
    out = CliRunner().invoke(cli, ["analyse", str(path), "--auction", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["hands"][0]["discard"] == grade_discard({"game": family, **hands[0]})
    shown = CliRunner().invoke(cli, ["analyse", str(path), "--auction"])
    assert shown.exit_code == 0 and "the discard, every hand known" in shown.output
    with TestClient(create_app(key=KEY)) as client:
        reply = client.post("/v1/analyse", json={"record": game, "auction": True})
    assert reply.status_code == 200, reply.text
    assert reply.json()["hands"][0]["discard"]["cost"] == json.loads(out.output)["hands"][0]["discard"]["cost"]


def test_the_human_summary_grades_the_humans_discard(played):
    family, _, hands = played
    graded = games.get(family).human.grade({"game": family, **hands[0]})
    assert graded["discard"]["choice"] == hands[0]["discard"]


def test_a_discard_that_was_not_legal_is_named():
    family, hand = "moon", None
    record = games.get(family).play(1)
    hand = next(h for h in record["hands"] if h.get("discard") is not None)
    seat = hand["contract"]["declarer"]
    other = next(t for s, h in enumerate(hand["deal"]) if s != seat for t in h)
    with pytest.raises(ParseError, match=f"discard {other} is not one the bidder could lay away"):
        grade_discard({**hand, "game": family, "discard": other})
    assert grade_discard({**hand, "game": family, "discard": None}) is None  # nothing laid away
