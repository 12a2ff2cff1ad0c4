"""The worked examples B1-B19 of docs/rules.md §7.2, one test each, with the variant outcomes they list.
Expectations are the numbers and tiles written in docs/rules.md."""

import pytest
from bingo_support import closed_game, phase_one, tiles, winner_of_trick
from dominosolver import _core
from dominosolver.bingo import Position, Rules, trump_of_turned
from dominosolver.tiles import Tile

DP = Rules.preset("modern_dp")
GB = Rules.preset("modern_gb")


def legal_tiles(pos):
    return sorted((m.tile for m in pos.legal_moves if m.kind == "tile"), reverse=True)


def test_b1_trump_from_the_turned_tile():
    assert trump_of_turned("3-0") == 0  # blank (7) > 3: blanks trump
    assert trump_of_turned("6-5") == 6
    assert trump_of_turned("0-0") == 0


@pytest.mark.parametrize(
    "trump, tile_points, with_last_trick",
    [(1, 135, 145), (2, 138, 148), (3, 131, 141), (4, 134, 144), (5, 147, 157), (6, 140, 150), (0, 143, 153)],
)
def test_b2_deck_totals(trump, tile_points, with_last_trick):
    values = _core.bingo.table(Rules()._core, trump)["value"]
    assert sum(values) == tile_points
    assert sum(values) + 10 == with_last_trick


def test_b2_deck_total_with_the_double_blank_at_14():
    values = _core.bingo.table(Rules(bingo_00_value_when_blank_trump="14")._core, 0)["value"]
    assert sum(values) == 129  # 139 with the last trick: below pagat's minimum of 141 (§5.4)


def test_b3_phase_one_no_shared_suit():
    assert winner_of_trick("4-1", "6-3", "5-5") == 0  # HISTORIC: [6-3] calls sixes
    assert winner_of_trick("4-1", "6-3", "5-5", DP) == 1  # MODERN_DP: 10 pips beat 9


@pytest.mark.parametrize("rules", [Rules(), DP, GB, Rules.preset("modern_sp")])
def test_b4_the_blank_ranks_high_inside_a_suit(rules):
    assert winner_of_trick("4-1", "6-5", "6-0", rules) == 1


def test_b5_a_blank_lead_calls_blanks():
    assert winner_of_trick("4-1", "5-0", "5-5") == 0  # HIGH_END: calls blanks
    assert winner_of_trick("4-1", "5-0", "5-5", Rules(bingo_led_suit="shared_number")) == 1
    assert winner_of_trick("4-1", "5-0", "5-5", DP) == 0  # 12 pips against 10


def test_b6_the_bingo_beats_the_double_of_trumps():
    pos = phase_one("4-1", [["4-4"], ["0-0"]])
    pos.play("4-4")
    pos.play("0-0")
    assert pos.tricks == (0, 1)
    assert pos.points == (0, 42)  # 28 + 14


def test_b7_trump_beats_a_plain_tile():
    pos = phase_one("4-3", [["2-1"], ["4-1"]])
    pos.play("2-1")
    pos.play("4-1")
    assert pos.tricks == (0, 1)
    assert pos.points == (0, 5)


def test_b8_phase_two_must_follow_and_head():
    follower = ["2-0", "6-1", "5-1", "3-3"]
    pos = closed_game("5-3", ["4-2", "4-1", "4-0"], follower, lead="6-2")
    assert legal_tiles(pos) == tiles("6-1")  # not the trump [5-1]
    pos = closed_game("5-3", ["4-2", "4-1", "4-0"], follower, lead="6-2", rules=Rules(bingo_led_suit="shared_number"))
    assert legal_tiles(pos) == tiles("2-0")  # [2-0] beats [6-2] in twos


def test_b9_phase_two_trump_lead_and_the_bingo():
    pos = closed_game("5-2", ["4-2", "4-1"], ["5-1", "6-6", "0-0"], lead="5-3")
    assert legal_tiles(pos) == tiles("0-0")
    pos = closed_game("5-2", ["4-2", "4-1"], ["5-1", "6-6", "0-0"], lead="5-3", rules=Rules(bingo_is_trump="off"))
    assert legal_tiles(pos) == tiles("5-1")


def test_b10_phase_two_void_must_win():
    pos = closed_game("5-3", ["4-2", "4-1"], ["3-3", "5-2", "1-0"], lead="6-4")
    assert legal_tiles(pos) == tiles("5-2")


def test_b11_phase_two_following_beats_trumping():
    pos = closed_game("5-3", ["4-2", "4-1"], ["6-2", "4-0", "5-4"], lead="6-6")
    assert legal_tiles(pos) == tiles("6-2")
    with pytest.raises(Exception, match="must follow"):
        pos.play("5-4")


def test_b12_phase_two_blank_suit_led():
    pos = closed_game("5-3", ["4-2", "4-1"], ["3-0", "6-6", "5-1"], lead="6-0")
    assert legal_tiles(pos) == tiles("3-0")


def test_b13_a_declaration_that_wins_at_once():
    hand = ["0-0", "6-6", "3-3", "2-2", "4-1", "6-1", "5-2"]
    pos = phase_one("5-3", [hand, []], tricks=(1, 1), points=(0, 12))
    pos.play("declare:6-6,3-3,2-2,0-0")
    assert pos.points == (60, 12) and not pos.is_over  # 50 + 10, valid at once
    assert legal_tiles(pos) == tiles("6-6", "3-3", "2-2", "0-0")  # must lead a declared double
    pos.play("0-0")
    pos.play(pos.legal_moves[0])
    assert pos.points[0] >= 74
    assert pos.is_over and pos.result.winner == 0 and pos.result.outcome == "claim"
    assert pos.result.game_points == 2  # the opponent: a trick, 12 points


def test_b14_a_pending_declaration():
    pos = phase_one("3-1", [["6-6", "1-1"], ["3-2"]], filler_avoid=["3-3", "3-0", "0-0", "3-6", "3-5", "3-4"])
    pos.play("declare:6-6,1-1")
    pos.play("6-6")
    pos.play("3-2")
    assert pos.tricks == (0, 1) and pos.points[0] == 0 and pos.pending == (20, 0)
    while pos.tricks[0] == 0:  # player 0 wins its first trick whenever it can
        if pos.to_move == 1:
            pos.play(min(pos.legal_moves, key=lambda m: (m.kind != "tile", m.tile)))
        else:
            lead = pos.trick[0]
            before = pos.points[0]
            table = _core.bingo.table(Rules()._core, 3)
            winners = [m for m in pos.legal_moves if m.kind == "tile" and table["beaten_by"][lead.id] >> m.tile.id & 1]
            move = winners[0] if winners else pos.legal_moves[0]
            pos.play(move)
            if pos.tricks[0]:
                assert pos.points[0] == before + table["value"][lead.id] + table["value"][move.tile.id] + 20
    assert pos.pending == (0, 0)


@pytest.mark.parametrize(
    "b_points, b_tricks, expected", [(31, 3, 1), (28, 2, 2), (0, 0, 3)],
)
def test_b15_game_points(b_points, b_tricks, expected):
    pos = closed_game("5-3", [], ["6-2", "6-1"], points=(72, b_points), tricks=(5 - b_tricks, b_tricks), closed_by=0,
                      opponent_had_trick_at_close=False)
    assert pos.is_over
    assert pos.result == (0, expected, "claim")


def test_b15_a_validated_declaration_counts_for_the_loser():
    pos = Position.from_json({
        "schema": "dominosolver.position/1", "game": "bingo", "trump": 5, "turned": "5-3", "leader": 0,
        "hands": [["6-2", "6-1"], ["4-2", "4-1"]], "trick": [], "boneyard": [],
        "closed_by": None, "points": [72, 32], "tricks": [10, 2],
        "declarations": [{"player": 1, "tiles": ["6-6", "1-1"], "valid": True}],
    })
    assert pos.result == (0, 1, "claim")  # 12 trick points + 20 = 32: A scores 1


def test_b15_reaching_72_by_a_trick():
    pos = closed_game("5-3", ["5-5", "2-1"], ["6-2", "6-1"], points=(62, 31), tricks=(2, 3), closed_by=0,
                      opponent_had_trick_at_close=True)
    pos.play("5-5")  # the double of trumps, 28, cannot be beaten
    pos.play(pos.legal_moves[0])
    assert pos.result.winner == 0 and pos.result.game_points == 1 and pos.points[0] >= 70


@pytest.mark.parametrize(
    "had_trick, rules, expected",
    [(True, Rules(), 2), (False, Rules(), 3), (False, Rules(close_fail_3="off"), 2), (False, DP, 2)],
)
def test_b16_failed_close(had_trick, rules, expected):
    pos = closed_game("5-3", [], ["6-2", "6-1"], points=(40, 72), tricks=(2, 3), closed_by=0,
                      opponent_had_trick_at_close=had_trick, rules=rules)
    assert pos.result == (1, expected, "failed_close")


def test_b16_failed_close_when_the_hands_run_out():
    pos = closed_game("5-3", ["6-2"], ["6-1"], points=(40, 20), tricks=(3, 3), closed_by=0,
                      opponent_had_trick_at_close=True)
    pos.play("6-2")
    pos.play("6-1")
    assert pos.points[0] < 70 and pos.result == (1, 2, "failed_close")


@pytest.mark.parametrize("rules, faceup_to", [(Rules(), "loser"), (DP, "winner"), (GB, "winner")])
def test_b17_the_last_two_boneyard_tiles(rules, faceup_to):
    pos = phase_one("4-1", [["4-4"], ["2-1"]], tricks=(3, 3), rules=rules)
    assert len(pos.boneyard) == 2 and pos.boneyard[-1] == Tile("4-1")
    facedown = pos.boneyard[0]
    pos.play("4-4")
    pos.play("2-1")  # player 0 wins with the double of trumps
    holder = 1 if faceup_to == "loser" else 0
    assert Tile("4-1") in pos.hand(holder) and facedown in pos.hand(1 - holder)
    assert pos.boneyard == () and pos.phase == 2


def test_b18_seven_doubles_on_the_first_lead():
    doubles = ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"]
    pos = phase_one("4-1", [doubles, []])
    assert "declare:6-6,5-5,4-4,3-3,2-2,1-1,0-0" in [str(m) for m in pos.legal_moves]
    pos.play("declare:6-6,5-5,4-4,3-3,2-2,1-1,0-0")
    assert pos.result == (0, 3, "seven_doubles")


def test_b18_seven_doubles_when_the_opponent_leads():
    doubles = ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"]
    pos = phase_one("6-1", [["2-1"], doubles], leader=0)
    pos.play("2-1")
    pos.play("6-6")  # the double of trumps wins the lead
    assert pos.to_move == 1 and pos.tricks == (0, 1)
    declare = [str(m) for m in pos.legal_moves if m.kind == "declare"]
    assert "declare:5-5,4-4,3-3,2-2,1-1,0-0" in declare  # at most six now: the emperor
    pos.play("declare:5-5,4-4,3-3,2-2,1-1,0-0")
    assert pos.points[1] >= 80 and pos.result == (1, 3, "claim")  # 70 + 10; player 0 has no trick: 3


def test_b19_emperor():
    six = ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1"]
    pos = phase_one("5-3", [six + ["6-1"], []], tricks=(1, 2), points=(5, 35))
    pos.play("declare:6-6,5-5,4-4,3-3,2-2,1-1")
    assert pos.points == (75, 35)
    assert pos.result == (0, 1, "claim")
