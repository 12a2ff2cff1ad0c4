"""A Bingo game keeps the moves it has read from text: a move read again is the move read afresh,
an error is never kept (the same text still says what is wrong), and what is kept is bounded."""

from __future__ import annotations

import random

import pytest
from dominosolver import bingo
from dominosolver.bingo import game as game_module
from dominosolver.bingo.move import Move
from dominosolver.errors import IllegalMoveError, ParseError


def test_moves_read_again_equal_moves_read_afresh():
    rng = random.Random(4)
    game = bingo.Game(seed=4)
    while not game.is_over:
        game.play(str(rng.choice(game.legal_moves)))
    again = bingo.Game(seed=4)
    for move in game.moves:
        text = str(move)
        assert again._parse_move(text) == Move.parse(text) and str(again._parse_move(text)) == text
        again.play(text)
    assert again == game and again.deals_played == game.deals_played


def test_errors_are_not_kept_and_kept_texts_are_bounded():
    game = bingo.Game(seed=1)
    for _ in range(2):  # the same wrong text twice: the same error each time
        with pytest.raises(ParseError, match="malformed tile .6-x."):
            game.play("6-X")
    tile = str(game.legal_moves[0])
    other = str(next(t for t in game.position.hands[1 - game.to_move]))  # the other player's tile
    game._parse_move(other)  # read (kept), though not this player's to play
    with pytest.raises(IllegalMoveError):
        game.play(other)
    assert game.moves == []
    game.play(tile)
    for n in range(2 * game_module._PARSED_MOST):
        game._parse_move(" " * n + "draw")
    assert 0 < len(game._parsed) <= game_module._PARSED_MOST
