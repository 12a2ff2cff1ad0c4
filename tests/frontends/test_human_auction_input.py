"""Text that is no move in the auction or the declaration (of `play --human`, or Game.play) is
answered with the seat's moves there (its bids, its declarations), not how to write a tile."""

from __future__ import annotations

import io

import pytest
from dominosolver import games
from dominosolver.cli.human import HumanGame
from dominosolver.errors import ParseError
from dominosolver.texas42 import Game
from rich.console import Console


def words(game: Game) -> list[str]:
    return [m.words(game.rules) for m in game.legal_moves]


def test_the_auction_lists_the_bids():
    game = Game(seed=1)
    assert game.phase == "bidding"
    seat = game.rules.seat_names[game.to_move]
    with pytest.raises(ParseError) as e:
        game.play("xyz")
    message = str(e.value)
    assert "tile" not in message and message.startswith(f"'xyz' is no bid: {seat} may ")
    assert all(w in message for w in words(game)) and "84 (2 marks)" in message


def test_the_declaration_lists_the_trumps():
    game = Game(seed=1)
    for _ in range(3):
        game.play("pass")
    game.play("30")
    assert game.phase == "declaring"
    with pytest.raises(ParseError) as e:
        game.play("xyz")
    assert "tile" not in str(e.value) and "is no declaration" in str(e.value)
    assert all(w in str(e.value) for w in words(game))


def test_a_tile_in_play_is_still_asked_for_as_a_tile():
    game = Game(seed=1)
    for _ in range(3):
        game.play("pass")
    game.play("30")
    game.play("declare fives")
    with pytest.raises(ParseError, match="malformed tile 'xyz'"):
        game.play("xyz")


def test_play_human_in_the_auction_answers_with_bids():
    spec = games.get("42")
    console = Console(file=io.StringIO(), width=300)
    typed = ["xyz"]
    person = HumanGame(spec, spec.parse_seat("E"), 3, lambda items: [console.print(i) for i in items],
                       lambda prompt: typed.pop(0) if typed else "q")
    person.run()
    out = console.file.getvalue()
    assert "'xyz' is no bid: E may pass, 30" in out and "malformed tile" not in out
