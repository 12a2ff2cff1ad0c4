"""A game's undo() takes back exactly one move: random games of each member of the 42 family, with
bursts of undo() among the moves, equal at every step a fresh game that replays the moves left
(its state, legal moves, scores, record and notation). The core's undo records what each move
changed, not the state before it; taking back a move that ended a hand (all passed, or the hand
decided, the game or a match game won) plays that hand again from its deal."""

from __future__ import annotations

import random

import pytest
from dominosolver import biggame, moon, texas42
from dominosolver.errors import IllegalMoveError
from dominosolver.texas42.bots import RuleBot

MEMBERS = {
    "texas42": (texas42.Game, texas42.Rules(specials="all")),
    # no hand thrown in: the dealer bids when all others passed
    "texas42-forced": (texas42.Game, texas42.Rules(all_pass="forced_dealer", scoring="points")),
    # a later seat may bid 21 over a 21 (the high bid undone is then the earlier 21), and a made 21 wins
    "moon": (moon.MoonGame, moon.MoonGame._rules_class(moon_overcall=True, moon_wins_game=True)),
    "moon4-fosdick": (moon.PartnershipMoonGame, moon.PartnershipMoonGame._rules_class(moon4_preset="fosdick",
                                                                                  back_to_back_loss=True)),
    "biggame": (biggame.BigGame, None),
}


def snapshot(game):
    """Everything a game shows, through the package and the core beneath it."""
    core = game._game
    seats = game.rules.seats
    position = game.position
    return {
        "repr": repr(game), "phase": game.phase, "to_move": game.to_move, "is_over": game.is_over,
        "winner": game.winner, "scores": game.scores, "games_won": game.games_won, "dealer": game.dealer,
        "legal": [str(m) for m in game.legal_moves], "auction": game.auction, "contract": game.contract,
        "trump": game.trump, "deal": game.deal(),
        "current_hand": core.current_hand, "finished_hands": core.finished_hands, "high_bid": str(core.high_bid),
        "revealed": [core.revealed(s) for s in range(seats)],
        # once over, the position is the last hand's (the core's is gone)
        "position": None if position is None else (position.to_json(), str(position), position.plays,
                                                   None if core.position is None else core.position.can_undo),
        "views": [game.view(s).to_json() for s in range(seats)],
    }


def choose(game, bot, rng):
    """Mostly the rule bot's move (games reach their end); in the auction often a pass (hands
    thrown in), now and then the highest bid (in Moon 21, and 21 again over it), and now and then
    any legal move."""
    legal = game.legal_moves
    if game.phase == "bidding":
        calls = [str(bid) for _, bid in game.auction]
        if rng.random() < (0.7 if all(c == "pass" for c in calls) else 0.4) and "pass" in map(str, legal):
            return next(m for m in legal if str(m) == "pass")
        if rng.random() < (0.6 if "21" in calls else 0.1):
            return legal[-1]
    return rng.choice(legal) if rng.random() < 0.2 else bot.choose(game)


@pytest.mark.parametrize("member", MEMBERS)
def test_undo_equals_a_replay_of_the_moves_left(member):
    game_class, rules = MEMBERS[member]
    rng, bot = random.Random(member), RuleBot()
    game = game_class(seed=3, rules=rules, dealer=1)
    seen = {"thrown in": 0, "hand undone": 0, "game over undone": 0}
    if member == "moon":
        seen["21 over 21"] = 0
    if member == "moon4-fosdick":
        seen["match game undone"] = 0  # a game won short of the match: the scores had started again at 0
    steps = 0
    while steps < 2000 and not (game.is_over and seen["game over undone"]):
        steps += 1
        if game.moves and rng.random() < 0.12:
            for _ in range(rng.randint(1, 12) if rng.random() < 0.3 else 1):
                if not game.moves:
                    break
                hands, over, won = len(game._game.finished_hands), game.is_over, sum(game._game.games_won)
                last = game.moves[-1]
                assert game.undo() == last
                if "match game undone" in seen:
                    seen["match game undone"] += sum(game._game.games_won) < won and not over
                seen["hand undone"] += len(game._game.finished_hands) < hands
                seen["game over undone"] += over
        elif not game.is_over:
            finished = game._game.finished_hands
            game.play(choose(game, bot, rng))
            now = game._game.finished_hands
            seen["thrown in"] += len(now) > len(finished) and now[-1]["contract"] is None
            if "21 over 21" in seen:
                seen["21 over 21"] += [str(bid) for _, bid in game.auction].count("21") > 1
        fresh = game_class(seed=3, rules=rules, dealer=1, moves=game.moves)
        assert snapshot(game) == snapshot(fresh), f"step {steps}, after {len(game.moves)} moves"
        if steps % 25 == 0:  # the package's record of the hands (built from the core's: slower)
            assert game.hands_played == fresh.hands_played
    # The walk took back what it meant to: moves that ended a hand, and the game's last move.
    if member == "texas42-forced":
        del seen["thrown in"]
    assert game.is_over and all(seen.values()), seen
    while game.moves:
        game.undo()
    assert snapshot(game) == snapshot(game_class(seed=3, rules=rules, dealer=1))
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()


@pytest.mark.parametrize("member", ["texas42", "moon", "biggame"])
def test_forget_undo_keeps_playing(member):
    game_class, rules = MEMBERS[member]
    game, bot = game_class(seed=4, rules=rules), RuleBot()
    for _ in range(60):
        game.play(bot.choose(game))
    game.forget_undo()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game._game.undo()
    game.play(bot.choose(game))
    game.undo()  # a move played since can be taken back
    assert snapshot(game) == snapshot(game_class(seed=4, rules=rules, moves=game.moves))
