"""Bingo positions: JSON and text round trips, play/undo, views, and named errors on bad input."""

import copy
import json
import pickle
import random

import pytest
from dominosolver import bingo
from dominosolver.bingo import Move, Position, Rules
from dominosolver.errors import IllegalMoveError, InvalidPositionError, ParseError
from dominosolver.tiles import Tile
from hypothesis import given, settings
from hypothesis import strategies as st
from known_data import known

KNOWN = [r["position"] for r in known("bingo_known")]
RULES = [Rules(), Rules.preset("modern_dp"), Rules.preset("modern_gb"), Rules.preset("modern_sp"),
         Rules(bingo_claim="manual", bingo_trump_exchange="on", closer_scored_at="close",
               bingo_declarations_per_deal="unlimited")]


def random_play(seed: int, rules: Rules) -> Position:
    rng = random.Random(seed)
    deck = [Tile.from_id(i) for i in range(28)]
    rng.shuffle(deck)
    pos = Position.deal([deck[:7], deck[7:14]], deck[14:], rng.randrange(2), rules)
    for _ in range(rng.randrange(40)):
        if pos.is_over:
            break
        moves = pos.legal_moves
        claims = [m for m in moves if m.kind == "claim"]
        others = [m for m in moves if m.kind != "claim"]
        pos.play(rng.choice(claims if claims and rng.random() < 0.05 else others or moves))
    return pos


def test_known_positions_round_trip_exactly():
    for j in KNOWN:
        pos = Position.from_json(j)
        assert pos.to_json() == j
        assert Position(str(pos)) == pos
        assert eval(repr(pos), {"Position": Position}) == pos
        assert Position.from_json(json.dumps(j)) == pos


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULES))
def test_round_trips_after_random_play(seed, rules):
    pos = random_play(seed, rules)
    assert Position.from_json(pos.to_json()) == pos
    assert Position.from_json(json.loads(json.dumps(pos.to_json()))).to_json() == pos.to_json()
    assert Position.parse(str(pos)) == pos
    assert eval(repr(pos), {"Position": Position}) == pos
    assert pickle.loads(pickle.dumps(pos)) == pos and copy.copy(pos) == pos
    assert Position.from_json(pos.to_json()).legal_moves == pos.legal_moves
    assert Position.from_json(pos.to_json()).result == pos.result


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(RULES))
def test_undo_restores_the_position(seed, rules):
    pos = random_play(seed, rules)
    before = pos.to_json()
    if pos.is_over:
        return
    rng = random.Random(seed)
    played = []
    for _ in range(6):
        if pos.is_over:
            break
        m = rng.choice(pos.legal_moves)
        pos.play(m)
        played.append(m)
    for m in reversed(played):
        assert pos.undo() == m
    assert pos.to_json() == before


def test_moves_parse_and_print_canonically():
    assert str(Move.parse("4-6")) == "6-4"
    assert str(Move.parse("declare:0-0,6-6,11")) == "declare:6-6,1-1,0-0"
    assert Move.parse(" CLOSE ") == "close"
    assert repr(Move.parse("declare:66.11")) == "Move.parse('declare:6-6,1-1')"
    for bad in ["declare:6-6", "declare:6-4,1-1", "declare:1-1,1-1", "7-7", "x", "", "6-6-6"]:
        with pytest.raises(ParseError):
            Move.parse(bad)


def test_illegal_moves_are_named_and_change_nothing():
    pos = Position.from_json(KNOWN[1])  # closed game, player 0 to lead
    before = pos.to_json()
    cases = {
        "4-1": "player 1's hand",
        "3-2": "boneyard",
        "6-6": "already been played",
        "close": "already closed",
        "draw": "nothing to draw",
        "exchange": "not part of these rules",
        "claim": "automatic",
        "declare:3-3,1-1": "does not hold",
    }
    for move, reason in cases.items():
        with pytest.raises(IllegalMoveError, match=reason):
            pos.play(move)
        assert pos.to_json() == before
    pos.play("3-3")
    with pytest.raises(IllegalMoveError, match="must"):
        pos.play(next(m for m in ["4-1", "1-0"] if not pos.is_legal(m)))
    finished = Position.from_json({**KNOWN[0], "points": [75, 62]})
    with pytest.raises(IllegalMoveError, match="over"):
        finished.play("6-6")
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        Position.from_json(KNOWN[0]).undo()


BASE = KNOWN[1]  # a closed game: player 1 closed before trick 1


@pytest.mark.parametrize(
    "change, error",
    [
        ({"schema": "dominosolver.position/2"}, ParseError),
        ({"game": "texas42"}, ParseError),
        ({"hands": [["4-3"]]}, ParseError),
        ({"hands": [["4-3", "9-9"], ["4-1", "1-0"]]}, ParseError),
        ({"hands": [["4-3", "x"], ["4-1", "1-0"]]}, ParseError),
        ({"leader": 2}, ParseError),
        ({"points": [16]}, ParseError),
        ({"points": "16/24"}, ParseError),
        ({"surprise": 1}, ParseError),
        ({"rules": {"bingo_ruleset": "modern_xx"}}, ParseError),
        ({"rules": {"no_such_flag": "on"}}, ParseError),
        ({"declarations": [{"player": 0}]}, ParseError),
        ({"points": [10**20, 0]}, ParseError),
        ({"trump": 10**30}, ParseError),
        ({"opponent_points_at_close": 10**12}, ParseError),
        ({"declarations": [{"player": 0, "tiles": "6-6"}]}, ParseError),
        ({"just_declared": "yes"}, ParseError),
        ({"trump": 5}, InvalidPositionError),
        ({"hands": [["4-3", "3-3"], ["4-3", "1-0"]]}, InvalidPositionError),
        ({"hands": [["4-3", "3-3", "2-1"], ["4-1", "1-0"]]}, InvalidPositionError),
        ({"hands": [["4-3", "3-2"], ["4-1", "1-0"]]}, InvalidPositionError),
        ({"boneyard": ["3-2", "3-0"]}, InvalidPositionError),
        ({"boneyard": ["3-0", "3-2"] + BASE["boneyard"][2:][::-1]}, InvalidPositionError),
        ({"tricks": [0, 6]}, InvalidPositionError),  # points without a trick
        ({"tricks": [3, 4]}, InvalidPositionError),
        ({"opponent_had_trick_at_close": None}, InvalidPositionError),
        ({"trick": ["2-2", "1-1"]}, InvalidPositionError),
        ({"points": [72, 75]}, InvalidPositionError),
        ({"declarations": [{"player": 0, "tiles": ["6-6", "6-5"], "valid": True}]}, InvalidPositionError),
        ({"declarations": [{"player": 0, "tiles": ["6-6", "1-1"], "valid": False}]}, InvalidPositionError),
        ({"declarations": [{"player": 0, "tiles": ["4-4", "1-1"], "valid": True}]}, InvalidPositionError),
        ({"declarations": [{"player": 0, "tiles": ["6-6", "2-2"], "valid": True}]}, InvalidPositionError),
        ({"declarations": [{"player": 0, "tiles": ["6-6", "1-1"]}, {"player": 0, "tiles": ["2-2", "3-3"]}]},
         InvalidPositionError),
        ({"just_declared": True}, InvalidPositionError),
        ({"first_to_70": 0}, InvalidPositionError),
    ],
)
def test_bad_json_gets_a_named_error(change, error):
    with pytest.raises(error):
        Position.from_json({**BASE, **change})


@pytest.mark.parametrize(
    "text, error",
    [
        ("", ParseError),
        ("bingo trump=0 leader=0", ParseError),
        ("bingo turned=40 hands=43.33", ParseError),
        ("bingo turned=40 hands=43.33/41.10 leader=3", ParseError),
        ("bingo turned=40 hands=43.33/41.10 points=1", ParseError),
        ("bingo turned=40 hands=43.33/41.10 closed=1", ParseError),
        ("bingo turned=40 hands=43.33/41.10 closed=1:maybe", ParseError),
        ("bingo turned=40 hands=43.33/41.10 declared=66.11", ParseError),
        ("bingo turned=40 hands=43.33/41.10 wat", ParseError),
        ("bingo turned=40 hands=43.33/41.10 trump=0 trump=0", ParseError),
        ("bingo turned=40 hands=43.33/41.10 turned2=1", ParseError),
        ("bingo turned=40 hands=43.33/41.10", InvalidPositionError),  # phase one needs 7 tiles a hand
        ("bingo turned=40 hands=43.33/41.10 trump=3 tricks=6/6 points=60/60", InvalidPositionError),
    ],
)
def test_bad_text_gets_a_named_error(text, error):
    with pytest.raises(error):
        Position(text)


def test_the_text_form():
    pos = Position.from_json(KNOWN[1])
    text = str(pos)
    assert text.startswith("bingo trump=0 turned=40 leader=0 hands=43.33/41.10 boneyard=")
    assert "closed=1:notrick points=16/24 tricks=3/3" in text
    assert Position(text).to_json() == KNOWN[1]


def test_keyword_construction_and_accessors():
    pos = Position(turned="4-1", trump=4, leader=1, hands=[["6-6", "5-5"], ["4-4", "2-1"]],
                   boneyard=["3-3", "4-1"], closed_by=1, opponent_had_trick_at_close=True, points=(30, 35),
                   tricks=(5, 6), declarations=[(0, ["6-6", "5-5"])])
    assert pos.to_move == 1 and pos.phase == 2 and pos.perfect_information
    assert pos.points == (30, 35) and pos.pending == (0, 0) and pos.closed_by == 1
    assert pos.declarations[0].tiles == (Tile("6-6"), Tile("5-5")) and pos.declarations[0].valid
    assert [str(m) for m in pos.legal_moves] == ["4-4", "2-1"]  # player 1 declared nothing, one double
    with pytest.raises(ParseError):
        Position(hands=[[], []])


def test_a_view_hides_the_opponent_and_the_boneyard():
    pos = random_play(5, Rules())
    while pos.is_over:
        pos = random_play(random.randrange(10**6), Rules())
    view = pos.view(0)
    data = json.dumps(view.to_json())
    for t in pos.hand(1):
        if t not in view.opponent_known:
            assert f'"{t}"' not in json.dumps(view.to_json()["hand"]) and t in view.unknown
    assert all(not isinstance(v, Position) for v in vars(view).values())
    assert "boneyard" not in view.to_json() and "hands" not in view.to_json()
    assert bingo.PlayerView.from_json(data) == view


def test_mangled_input_only_ever_raises_named_errors():
    """Fields replaced by junk and text with characters changed: a DominoSolverError or a position."""
    from dominosolver.errors import DominoSolverError

    rng = random.Random(1)
    junk = [None, 0, 1, -1, 7, 70, 2**33, "6-4", "x", [], ["6-4"], ["6-4", "6-4"], [[], []], [["6-6"], ["5-5"]], {},
            True, 3.5, [1, 2], ["0-0", "4-0"], [{"player": 0, "tiles": ["6-6", "5-5"]}]]
    keys = list(KNOWN[0]) + ["just_declared", "first_to_70", "claimed_by", "last_winning_tile",
                             "opponent_points_at_close"]
    texts = [str(Position.from_json(j)) for j in KNOWN]
    for _ in range(3000):
        obj = dict(rng.choice(KNOWN))
        for _ in range(rng.randint(1, 3)):
            obj[rng.choice(keys)] = rng.choice(junk)
        chars = list(rng.choice(texts))
        for _ in range(rng.randint(1, 3)):
            chars[rng.randrange(len(chars))] = rng.choice("0123456789=./:-, abz")
        for make in (lambda: Position.from_json(obj), lambda: Position("".join(chars))):
            try:
                pos = make()
            except DominoSolverError:
                continue
            assert Position(str(pos)) == pos
