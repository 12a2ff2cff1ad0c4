"""Bingo at the C++ boundary: the core is the one reader of a move's name (Python's Move asks it), and
positions cross as a typed PositionSpec whose setters name the field they cannot convert."""

from __future__ import annotations

import random

import pytest
from dominosolver import _core
from dominosolver.bingo import Move, Position, Rules
from dominosolver.errors import InvalidPositionError, ParseError
from dominosolver.tiles import Tile

RULES = [Rules(), Rules.preset("modern_dp"),
         Rules(bingo_claim="manual", bingo_trump_exchange="on", closer_scored_at="close",
               bingo_declare_timing="after_winning_with_double")]


def playouts(seeds=range(12)):
    """Positions along random deals under several rule sets."""
    for seed in seeds:
        rng = random.Random(seed)
        rules = RULES[seed % len(RULES)]
        deck = [Tile.from_id(i) for i in range(28)]
        rng.shuffle(deck)
        pos = Position.deal([deck[:7], deck[7:14]], deck[14:], seed % 2, rules)
        while not pos.is_over:
            yield pos
            pos.play(rng.choice(pos.legal_moves))
        yield pos


@pytest.mark.parametrize("text,kind,tile,doubles", [
    ("4-6", "tile", "6-4", ()),
    (" 64 ", "tile", "6-4", ()),
    ("CLOSE", "close", None, ()),
    ("draw", "draw", None, ()),
    ("exchange", "exchange", None, ()),
    ("claim", "claim", None, ()),
    ("declare:0-0,6-6,11", "declare", None, ("6-6", "1-1", "0-0")),
    ("declare 66+55", "declare", None, ("6-6", "5-5")),
    ("Declare:33.22", "declare", None, ("3-3", "2-2")),
])
def test_moves_are_read_by_the_core(text, kind, tile, doubles):
    core_kind, core_tile, core_doubles = _core.bingo.parse_move(text)
    move = Move.parse(text)
    assert (move.kind, move.tile, move.doubles) == (kind, None if tile is None else Tile(tile),
                                                   tuple(Tile(d) for d in doubles))
    assert (core_kind, core_tile, core_doubles) == (kind, None if tile is None else Tile(tile).id,
                                                    [Tile(d).id for d in doubles])
    assert str(move) == _core.bingo.move_name(text)
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize("text,message", [
    ("declare:6-6", "a declaration shows at least 2 doubles"),
    ("declare:6-4,1-1", "a declaration shows doubles only, not 6-4"),
    ("declare:1-1,11", "double 1-1 declared twice"),
    ("7-7", "tile 7-7 is not in the double-six set"),
    ("3²", "malformed tile '3²'"),
    ("", "empty move"),
    ("6-6-6", "malformed tile"),
])
def test_bad_moves_get_the_cores_message(text, message):
    with pytest.raises(ParseError, match=message):
        Move.parse(text)
    with pytest.raises(ParseError, match=message):
        _core.bingo.parse_move(text)


def test_tiles_and_non_moves():
    assert Move.parse(Tile("5-3")) == Move("tile", Tile("5-3"))
    with pytest.raises(ParseError, match="tile 8-1 is not in the double-six set"):
        Move.parse(Tile("8-1"))
    with pytest.raises(ParseError, match="cannot read a move from 3"):
        Move.parse(3)  # type: ignore[arg-type]


def test_every_legal_move_name_reads_back():
    seen = set()
    for pos in playouts():
        for name in pos._pos.legal_moves:
            move = Move.parse(name)
            assert str(move) == name
            seen.add(move.kind)
    assert {"tile", "close", "declare"} <= seen


def test_positions_cross_as_a_typed_spec():
    for pos in playouts(range(6)):
        spec = pos._pos.spec
        assert isinstance(spec, _core.bingo.PositionSpec)
        rebuilt = Position._wrap(_core.bingo.Position(pos.rules._core, spec))
        assert rebuilt == pos and rebuilt.to_json() == pos.to_json()
        assert spec.points == pos.points and spec.tricks == pos.tricks
        assert spec.trump == pos.trump and Tile.from_id(spec.turned) == pos.turned


def test_a_fresh_spec_holds_nothing_and_round_trips_its_fields():
    spec = _core.bingo.PositionSpec()
    assert (spec.trump, spec.turned, spec.leader, spec.closed_by, spec.opponent_had_trick_at_close) == (None, -1, 0, None, None)
    assert spec.hands == [[], []] and spec.declarations == [] and spec.points == (0, 0)
    spec.hands = [[27, 20], [0, 15]]
    spec.declarations = [(1, [0, 27], None), (0, [2, 5], True)]
    spec.closed_by = 1
    spec.opponent_points_at_close = 12
    assert spec.hands == [[27, 20], [15, 0]]  # high ids first
    assert spec.declarations == [(1, [27, 0], None), (0, [5, 2], True)]
    assert (spec.closed_by, spec.opponent_points_at_close) == (1, 12)
    spec.closed_by = None
    assert spec.closed_by is None
    # A field that fails to convert is left as it was.
    with pytest.raises(InvalidPositionError):
        spec.hands = [[1], [2, 2]]
    with pytest.raises(ParseError):
        spec.declarations = [(0, [27, 20], None), ("x", [3, 5], None)]
    assert spec.hands == [[27, 20], [15, 0]]
    assert spec.declarations == [(1, [27, 0], None), (0, [5, 2], True)]


@pytest.mark.parametrize("field,value,error,message", [
    ("trump", "3", ParseError, "Bingo position field 'trump' cannot hold '3'"),
    ("turned", None, ParseError, "field 'turned' cannot hold None"),
    ("points", (1,), ParseError, "field 'points' is a pair"),
    ("tricks", "ab", ParseError, "field 'tricks' cannot hold 'ab'"),
    ("just_declared", 1, ParseError, "field 'just_declared' cannot hold 1"),
    ("opponent_had_trick_at_close", "yes", ParseError, "field 'opponent_had_trick_at_close' cannot hold 'yes'"),
    ("hands", [[1, 2]], InvalidPositionError, "a Bingo position needs 2 hands, got 1"),
    ("hands", [[1, 1], []], InvalidPositionError, r"tile 1-0 appears twice \(hand of player 0\)"),
    ("hands", [[28], []], InvalidPositionError, "hand of player 0: tile 7-0 is not in the double-six set"),
    ("declarations", [(0, [27], None, 1)], ParseError, "a declaration crosses as"),
    ("declarations", [(0, [27, 27], None)], InvalidPositionError, "declaration lists 6-6 twice"),
])
def test_spec_setters_name_the_field(field, value, error, message):
    spec = _core.bingo.PositionSpec()
    with pytest.raises(error, match=message):
        setattr(spec, field, value)
