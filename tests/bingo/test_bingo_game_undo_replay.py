"""A Bingo game's undo() takes back exactly one move: random games, with bursts of undo() among the
moves, equal at every step a fresh game that replays the moves left (its state, legal moves,
scores, record and notation). The core's undo records what each move changed, not the state before
it; taking back a move that ended a deal (or the game) plays that deal again from its start."""

from __future__ import annotations

import random

import pytest
from dominosolver import bingo
from dominosolver.errors import IllegalMoveError

RULES = {"default": bingo.Rules(), "modern_dp": bingo.Rules.preset("modern_dp")}


def snapshot(game):
    """Everything a game shows, through the package and the core beneath it."""
    core = game._game
    position = game.position
    return {
        "repr": repr(game), "to_move": game.to_move, "is_over": game.is_over, "winner": game.winner,
        "scores": game.scores, "legal": [str(m) for m in game.legal_moves], "deal": game.deal(),
        "current_deal": core.current_deal, "finished_deals": core.finished_deals,
        "position": (position.to_json(), str(position), [str(e) for e in position.events], core.position.can_undo),
        "views": [game.view(p).to_json() for p in (0, 1)],
    }


@pytest.mark.parametrize("preset", RULES)
def test_undo_equals_a_replay_of_the_moves_left(preset):
    rules, rng = RULES[preset], random.Random(preset)
    game = bingo.Game(seed=8, rules=rules, start=1)
    seen = {"deal undone": 0, "game over undone": 0}
    steps = 0
    while steps < 3000 and not (game.is_over and seen["game over undone"]):
        steps += 1
        if game.moves and rng.random() < 0.12:
            for _ in range(rng.randint(1, 12) if rng.random() < 0.3 else 1):
                if not game.moves:
                    break
                deals, over = len(game._game.finished_deals), game.is_over
                last = game.moves[-1]
                assert game.undo() == last
                seen["deal undone"] += len(game._game.finished_deals) < deals and not over
                seen["game over undone"] += over
        elif not game.is_over:
            game.play(rng.choice(game.legal_moves))
        fresh = bingo.Game(seed=8, rules=rules, start=1, moves=game.moves)
        assert snapshot(game) == snapshot(fresh), f"step {steps}, after {len(game.moves)} moves"
        if steps % 25 == 0:
            assert game.deals_played == fresh.deals_played
    # The walk took back what it meant to: moves that ended a deal, and the game's last move.
    assert game.is_over and all(seen.values()), seen
    while game.moves:
        game.undo()
    assert snapshot(game) == snapshot(bingo.Game(seed=8, rules=rules, start=1))
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()


def test_forget_undo_keeps_playing():
    game, rng = bingo.Game(seed=4), random.Random(4)
    for _ in range(40):
        game.play(rng.choice(game.legal_moves))
    game.forget_undo()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game._game.undo()
    game.play(rng.choice(game.legal_moves))
    game.undo()
    assert snapshot(game) == snapshot(bingo.Game(seed=4, moves=game.moves))
