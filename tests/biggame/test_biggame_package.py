"""dominosolver.biggame (docs/rules.md §4.3): the preset and its re-exports; positions whose moves
are plays (the lower-end leads "7-3:3" and "8-2:2" beside the tiles) through text, JSON, repr and
pickle; solving with the two leads of a tile as separate moves; whole games with the open auction
and the exchange; the errors that name bad input; and the 40 Big Game records of the reference
solvers (tests/data/variants_known.jsonl) through the Python API."""

from __future__ import annotations

import pickle
from typing import Any

import jsonschema
import pytest
from dominosolver import biggame, texas42
from dominosolver.biggame import (BIG_GAME, BigGame, BigGameRules, LowerEndLead, Position, Rules, dd_table,
                                  parse_play, solve)
from dominosolver.errors import IllegalMoveError, InvalidPositionError, ParseError
from dominosolver.io import schema
from dominosolver.tiles import Tile
from known_data import known

# N leads; it holds both tiles that may be led low, neither of them a trump (fours).
LEADS = "biggame trump=4 leader=N hands=73.82.10/33.83.21/44.62.20/88.55.40"
RECORDS = [r for r in known("variants_known") if r["variant"] == "biggame"]


def test_the_module_has_the_shape_of_texas42_and_moon():
    assert BIG_GAME == BigGameRules() == texas42.Rules(family="biggame") and Rules is BigGameRules
    assert repr(BIG_GAME) == "BigGameRules()" and repr(BigGameRules(nt_doubles="low")) == "BigGameRules(nt_doubles='low')"
    assert (BIG_GAME.title, BIG_GAME.tiles, BIG_GAME.hand_size, BIG_GAME.hand_points, BIG_GAME.min_bid) == (
        "The Big Game", 45, 11, 66, 42)
    assert BIG_GAME.lower_end_leads and not texas42.Rules().lower_end_leads
    assert biggame.Game is BigGame and BigGame(seed=1).rules == BIG_GAME
    assert all(hasattr(biggame, name) for name in biggame.__all__)


def test_legal_moves_list_both_leads_of_a_tile():
    pos = Position(LEADS)
    assert [str(m) for m in pos.legal_moves] == ["8-2:2", "8-2", "7-3:3", "7-3", "1-0"]
    low = pos.legal_moves[2]
    assert isinstance(low, LowerEndLead) and low.tile == Tile("7-3") and low != Tile("7-3") and low == "7-3:3"
    assert pos.is_legal("7-3:3") and pos.is_legal("73:3") and pos.is_legal(LowerEndLead("8-2:2"))
    # Threes trump: 7-3 is a trump and is never led low.
    assert [str(m) for m in Position(LEADS.replace("trump=4", "trump=3")).legal_moves] == ["8-2:2", "8-2", "7-3", "1-0"]


def test_a_low_lead_plays_undoes_and_calls_its_lower_suit():
    pos = Position(LEADS)
    pos.play("7-3:3")
    assert pos.trick == (LowerEndLead("7-3:3"),) and pos.plays == [(0, LowerEndLead("7-3:3"))]
    assert [str(m) for m in pos.legal_moves] == ["8-3", "3-3"]  # E follows threes, not sevens
    assert str(pos) == "biggame trump=4 leader=N hands=82.10/83.33.21/62.44.20/88.55.40 trick=73:3"
    undone = pos.undo()
    assert isinstance(undone, LowerEndLead) and str(undone) == "7-3:3" and pos == Position(LEADS)
    pos.play("7-3")
    assert [str(m) for m in pos.legal_moves] == ["8-3", "3-3", "2-1"]  # led high it calls sevens: E has none
    assert pos.trick == (Tile("7-3"),)


def played_out(text: str, plays: list[str]) -> Position:
    pos = Position(text)
    for p in plays:
        pos.play(p)
    return pos


@pytest.mark.parametrize("plays", [[], ["7-3:3"], ["7-3:3", "3-3", "4-4", "4-0"], ["8-2:2", "2-1", "2-0", "5-5", "1-0"]])
def test_positions_round_trip_through_text_json_repr_and_pickle(plays):
    pos = played_out(LEADS + " contract=N42", plays)
    assert Position(str(pos)) == pos and Position.from_json(pos.to_json()) == pos
    assert eval(repr(pos), {"Position": Position}) == pos and pickle.loads(pickle.dumps(pos)) == pos
    jsonschema.validate(pos.to_json(), schema("position"))
    assert pos.to_json()["game"] == "biggame"
    if len(plays) > 4:  # a lower-end lead in the history
        assert pos.to_json()["history"]["tiles"][0] == "8-2:2" and "history=N:82:2." in str(pos)


def test_keywords_take_plays_and_the_discard():
    pos = Position(trump=4, hands=[["8-2", "1-0"], ["8-3", "3-3"], ["6-2", "2-0"], ["8-8", "5-5"]],
                   leader="S", trick=[], history=("N", ["7-3:3", "3-1", "4-3", "4-2"]), rules=BIG_GAME,
                   contract=("N", 42), discard="6-6")
    assert pos.plays[0] == (0, LowerEndLead("7-3:3")) and pos.discard == Tile("6-6")
    assert "discard=66" in str(pos) and pos.to_json()["discard"] == "6-6" and Position(str(pos)) == pos


def test_solve_values_both_leads_of_a_tile():
    pos = Position(LEADS)
    result = solve(pos)
    assert set(result.moves) == {str(m) for m in pos.legal_moves}
    assert result.game == "biggame" and result.value == max(result.moves.values())
    for move, value in result.moves.items():  # each move's value: what the side takes after it, by a solve
        after = Position(LEADS)
        after.play(move)
        rest = solve(after, moves=False).value
        mine = after.side_of(after.to_move) == pos.side_of(pos.to_move)
        assert value == (rest if mine else pos.remaining_points - rest)
    assert biggame.analyse_play(pos, ["7-3:3"])[0].tile == LowerEndLead("7-3:3")


def test_whole_game_auction_exchange_and_record():
    game = BigGame(seed=7)
    for bid in ["42", "45", "pass", "50", "pass", "51", "pass"]:
        game.play(bid)
    assert [(s, int(b)) for s, b in game.auction] == [(1, 42), (2, 45), (3, 0), (0, 50), (1, 0), (2, 51), (0, 0)]
    assert game.phase == "exchange" and all(m.kind == "discard" for m in game.legal_moves)
    game.play(game.legal_moves[0])
    game.play("declare 3")
    assert game.phase == "playing" and game.position.discard is not None
    while game.phase == "playing":
        moves = game.legal_moves
        game.play(next((m for m in moves if isinstance(m.value, LowerEndLead)), moves[0]))
    hand = game.hands_played[0]
    assert hand["callers"] == [1, 2, 3, 0, 1, 2, 0] and len(hand["undealt"]) == 1 and "widow" not in hand
    assert sum(hand["points"].values()) == 66 and len(hand["plays"]) == 44
    assert any(":" in tile for _, tile in hand["plays"])  # the game led a tile low
    assert eval(repr(game), {"BigGame": BigGame}) == game


def test_move_text_reads_a_low_lead_in_play():
    game = BigGame(seed=1, moves=["42", "pass", "pass", "pass"])  # E bids, then leads
    game.play(game.legal_moves[0])
    game.play("declare 0")
    low = [m for m in game.legal_moves if isinstance(m.value, LowerEndLead)]
    assert low, "seed 1's E holds 7-3 or 8-2"
    game.play(low[0].value.compact())  # "73:3" in play is the low lead, not a bid
    assert game.position.trick == (low[0].value,)


@pytest.mark.parametrize("text, error, words", [
    ("biggame trump=9 hands=73/83/44/88", ParseError, "unknown trump"),
    ("biggame trump=4 hands=93/83/44/88", ParseError, r"numbers run 0\.\.8"),
    ("42 trump=4 hands=73.82.10/33.83.21/44.62.20/88.55.40", InvalidPositionError, "7-3 is not in the double-6 set"),
    ("biggame trump=4 hands=73.82/33.83.21/44.62.20/88.55.40", InvalidPositionError, "hand sizes"),
    ("biggame trump=4 hands=73.82.10.11.22.33.44.55.66.77.88.00/65/64/63", InvalidPositionError, "hand sizes 12, 1, 1, 1"),
    ("biggame trump=4 leader=E hands=82.10.11/33.21/44.62/88.55.40 trick=83.73:3", InvalidPositionError, "7-3:3 is a lead"),
    ("biggame trump=4 hands=73.82.10/33.83.21/44.62.20/88.55.40 trick=64:4", ParseError, "no lead"),
    ("biggame trump=4 hands=73.82.10/33.83.21/44.62.20/88.55.40 contract=N42 discard=64", InvalidPositionError, "6-4 is a counter"),
    ("biggame trump=4 hands=73.82.10/33.83.21/44.62.20/88.55.40 contract=N41", InvalidPositionError, "bid 41 is not a bid"),
    ("biggame trump=4 hands=73.82.10/33.83.21/44.62.20/88.55.40 discard=66", InvalidPositionError, "with its contract"),
])
def test_bad_positions_are_named(text, error, words):
    with pytest.raises(error, match=words):
        Position(text)


def test_bad_plays_are_named():
    pos = Position(LEADS.replace("trump=4", "trump=3"))
    with pytest.raises(IllegalMoveError, match="7-3 is a trump"):
        pos.play("7-3:3")
    with pytest.raises(ParseError, match="no lead"):
        pos.play("6-4:4")
    with pytest.raises(IllegalMoveError, match="only The Big Game"):
        texas42.Position("trump=4 hands=63.10/33.21/44.20/55.40").play("7-3:3")
    with pytest.raises(ParseError, match="malformed tile '7-3:3'"):
        Position(trump=4, hands=[["7-3:3"], [], [], []], rules=BIG_GAME)  # a hand holds tiles, not plays
    with pytest.raises(ParseError, match="no lower-end lead|no lead"):
        LowerEndLead("6-6")
    with pytest.raises(ParseError, match="lone surrogate"):  # JSON escapes can spell one; the core never sees it
        LowerEndLead("7-3:\udcff")
    with pytest.raises(ParseError, match="bids are 42 and up"):
        BigGame(seed=1).play("41")
    with pytest.raises(IllegalMoveError, match="42..66"):
        BigGame(seed=1).play("67")


def test_plays_print_as_python_and_order_beside_their_tile():
    low = parse_play("82:2")
    assert eval(repr(low), {"LowerEndLead": LowerEndLead}) == low and pickle.loads(pickle.dumps(low)) == low
    assert sorted([Tile("8-3"), low, Tile("8-2"), Tile("7-3")]) == [Tile("7-3"), Tile("8-2"), low, Tile("8-3")]
    assert parse_play("7:3") == Tile("7-3") and low.id == 46 and hash(low) == hash("8-2:2")


def record_json(r: dict[str, Any]) -> dict[str, Any]:
    return {"schema": "dominosolver.position/1", "game": "biggame", "trump": r["trump"], "leader": r["leader"],
            "hands": r["hands"], "trick": r["trick"], "rules": r["rules"],
            "contract": {"declarer": r["declarer"], "bid": r["bid"]}}


def test_the_records_are_the_big_games():
    assert len(RECORDS) == 40 and any(":" in p for r in RECORDS for p in r["trick"] + list(r["moves"]))


@pytest.mark.parametrize("r", RECORDS, ids=[f"biggame-{i}" for i in range(len(RECORDS))])
def test_value_and_every_move_agree_with_the_reference(r):
    pos = Position.from_json(record_json(r))
    assert pos.to_move == r["to_move"] and pos.remaining_points == r["total"]
    jsonschema.validate(pos.to_json(), schema("position"))
    ours = pos.side_of(pos.to_move) == 0  # the records' values are NS's (team0)

    def for_mover(value: int) -> int:
        return value if ours else r["total"] - value

    result = solve(pos)
    assert result.value == for_mover(r["value"])
    assert result.moves == {move: for_mover(value) for move, value in r["moves"].items()}


def test_a_table_is_of_a_whole_deal_of_eleven():
    with pytest.raises(ParseError, match="whole deal"):
        dd_table(Position(LEADS))
