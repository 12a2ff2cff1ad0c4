"""Bingo rules flags and presets, and the rarer flags in play: manual claims, the trump exchange,
unlimited declarations, scoring the closer at the close."""

import pickle

import pytest
from bingo_support import closed_game, phase_one
from dominosolver.bingo import Position, Rules
from dominosolver.errors import IllegalMoveError, ParseError
from dominosolver.tiles import Tile


def test_flags_round_trip_and_presets():
    assert Rules().to_json() == {}
    dp = Rules.preset("modern_dp")
    assert dp.to_json() == {"bingo_ruleset": "modern_dp"} and dp.ruleset == "modern_dp"
    tweaked = Rules(bingo_ruleset="modern_dp", close_fail_3=True)
    assert tweaked.to_json() == {"bingo_ruleset": "modern_dp", "close_fail_3": "on"}
    assert Rules(**tweaked.to_json()) == tweaked and eval(repr(tweaked), {"Rules": Rules}) == tweaked
    assert pickle.loads(pickle.dumps(tweaked)) == tweaked and hash(tweaked) == hash(Rules(**tweaked.to_json()))
    assert Rules(close_fail_3="yes") == Rules() and Rules(close_fail_3=False) == Rules(close_fail_3="off")
    assert Rules(bingo_low_threshold=35) == Rules(bingo_low_threshold="35")


@pytest.mark.parametrize("flags", [{"bingo_ruleset": "modern"}, {"bingo_claim": "sometimes"}, {"nt_doubles": "low"},
                                   {"close_fail_3": "maybe"}, {"bingo_low_threshold": 33.5}])
def test_bad_flags_raise_parse_errors(flags):
    with pytest.raises(ParseError):
        Rules(**flags)


def test_modern_dp_preset_is_complete():
    """§5.13's domino-play column: every listed difference is set (the rest are the defaults)."""
    dp = Rules.preset("modern_dp")
    explicit = Rules(bingo_ruleset="modern_dp", bingo_last_faceup_to="winner",
                     bingo_declare_timing="after_winning_with_double", bingo_declare_must_lead_double="off",
                     close_fail_3="off")
    assert dp == explicit


def test_manual_claims():
    rules = Rules(bingo_claim="manual")
    pos = closed_game("5-3", ["5-5", "2-1"], ["6-2", "6-1"], points=(62, 31), tricks=(2, 3), closed_by=0,
                      opponent_had_trick_at_close=True, rules=rules)
    assert "claim" in [str(m) for m in pos.legal_moves]
    false_claim = pos.copy()
    false_claim.play("claim")
    assert false_claim.result == (1, 2, "false_claim")
    pos.play("5-5")
    pos.play(pos.legal_moves[0])
    assert not pos.is_over and pos.points[0] >= 70  # no automatic claim
    assert pos.fields().first_to_70 == 0
    pos.play("claim")
    assert pos.result == (0, 1, "claim")
    assert Position.from_json(pos.to_json()) == pos


def test_false_claim_3_if_no_trick():
    rules = Rules(bingo_claim="manual", false_claim_3_if_no_trick="on")
    pos = closed_game("5-3", [], ["6-2", "6-1"], points=(40, 0), tricks=(5, 0), closed_by=0, rules=rules)
    pos.play("claim")
    assert pos.result == (1, 3, "false_claim")


def test_the_trump_exchange():
    rules = Rules(bingo_trump_exchange="on")
    pos = phase_one("4-3", [["4-1", "6-6"], []], tricks=(1, 1), rules=rules)  # [4-1] is the lowest trump
    assert "exchange" in [str(m) for m in pos.legal_moves]
    pos.play("exchange")
    assert Tile("4-3") in pos.hand(0) and Tile("4-1") not in pos.hand(0)
    assert pos.boneyard[-1] == Tile("4-1") and pos.turned == Tile("4-1") and pos.trump == 4
    assert "exchange" not in [str(m) for m in pos.legal_moves]
    assert Position.from_json(pos.to_json()) == pos
    with pytest.raises(IllegalMoveError):
        phase_one("4-3", [["4-1"], []], tricks=(0, 2), rules=rules).play("exchange")  # no trick won yet


def test_unlimited_declarations():
    rules = Rules(bingo_declarations_per_deal="unlimited")
    pos = phase_one("5-3", [["6-6", "4-4", "2-2", "1-1"], []], tricks=(1, 1), rules=rules)
    pos.play("declare:6-6,4-4")
    pos.play("6-6")
    pos.play(pos.legal_moves[0])
    if pos.to_move == 0 and not pos.is_over:
        declares = [str(m) for m in pos.legal_moves if m.kind == "declare"]
        assert declares and all("4-4" not in d for d in declares)  # never the same double twice


def test_closer_scored_at_the_close():
    rules = Rules(closer_scored_at="close")
    pos = Position.from_json({
        "schema": "dominosolver.position/1", "game": "bingo", "rules": rules.to_json(), "trump": 5,
        "turned": "5-3", "leader": 0, "hands": [["6-2", "6-1"], ["4-2", "4-1"]], "trick": [],
        "boneyard": ["3-3", "2-2", "1-1", "0-0", "6-6", "3-0", "3-1", "4-0", "2-1", "2-0", "1-0", "4-3", "6-5", "5-3"],
        "closed_by": 0, "points": [72, 40], "tricks": [3, 2], "declarations": [],
        "opponent_had_trick_at_close": True, "opponent_points_at_close": 12,
    })
    assert pos.result == (0, 2, "claim")  # scored on the 12 points the opponent had at the close, not 40
