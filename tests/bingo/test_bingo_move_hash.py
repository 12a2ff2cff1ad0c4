"""A Bingo ``Move`` that compares equal hashes equal (Python's rule for dict keys and sets): a tile's
move equals its Tile and its canonical name, as a Tile equals its name, and all three hash alike.
Before, ``Move.parse("6-5") == Tile("6-5")`` and ``== "56"`` held but the hashes differed, so
``Move.parse("6-5") in {Tile("6-5")}`` was False."""

from __future__ import annotations

import pytest
from dominosolver import Tile, bingo
from dominosolver.bingo import Move

GAME = bingo.Game(seed=5)


@pytest.mark.parametrize("move", GAME.legal_moves + [Move.parse(m) for m in ("close", "draw", "declare:6-6,1-1")])
def test_equal_moves_hash_equal(move):
    name = str(move)
    assert move == name and hash(move) == hash(name)
    assert move in {name} and name in {move} and {move: 1}[name] == 1
    if move.kind == "tile":
        assert move == move.tile and move.tile == move and hash(move) == hash(move.tile)
        assert move in {move.tile} and move.tile in {move}
    else:
        assert all(move != Tile(t) for t in ("6-6", "1-1", "0-0"))


def test_a_move_equals_only_its_canonical_name():
    move = Move.parse("5-6")
    assert str(move) == "6-5" and move == "6-5"
    assert move != "56" and move != "5-6"  # as Tile("6-5") != "56": parse text first (Move.parse)
    assert Move.parse("56") == move and Tile("56") == move.tile


def test_the_legal_moves_as_a_set_find_typed_tiles():
    legal = set(GAME.legal_moves)
    assert {m.tile for m in GAME.legal_moves if m.kind == "tile"} <= legal
