"""The game objective (game_odds.py): the chance of winning a game to 7 marks from a score, against
a closed form; hints ranked by it (the same order as by the contract's chance, each move's p_game
reported); the adviser's call of the best game odds; the hint bot playing for the game."""

from __future__ import annotations

from math import comb

import pytest
from dominosolver.errors import InvalidViewError, ParseError
from dominosolver.io import validate
from dominosolver.texas42 import Rules, advise_bid, hint
from dominosolver.texas42.arena import make_bot, play_game
from dominosolver.texas42.calibration import at_table
from dominosolver.texas42.game_odds import game_chance, parse_score, win_chance
from support_views import random_position


def first_to(need_us: int, need_them: int) -> float:
    """Fair hands of a mark each: the side needing ``need_us`` more marks gets there first when it
    wins its last one after at most ``need_them - 1`` of the other's (negative binomial)."""
    return sum(comb(need_us - 1 + k, k) / 2 ** (need_us + k) for k in range(need_them))


@pytest.mark.parametrize("us", range(7))
def test_the_odds_from_a_score_are_the_negative_binomials(us):
    for them in range(7):
        assert win_chance(us, them) == pytest.approx(first_to(7 - us, 7 - them), abs=1e-12)
    assert win_chance(7, 3) == 1 and win_chance(3, 7) == 0


def test_a_contract_moves_its_stake_to_whoever_wins_it():
    assert game_chance(1.0, (5, 6), 2, declaring=True) == 1.0  # made: 7-6
    assert game_chance(0.0, (5, 6), 1, declaring=True) == 0.0  # set: 5-7
    assert game_chance(0.3, (2, 4), 1, declaring=False) == pytest.approx(0.3 * win_chance(2, 5) + 0.7 * win_chance(3, 4))
    assert parse_score("5-6") == (5, 6) and parse_score([0, 0]) == (0, 0)
    for bad in ("5", "7-1", "a-b", (1, 2, 3), 3):
        with pytest.raises(ParseError):
            parse_score(bad)


def test_a_hint_for_the_game_ranks_as_for_the_contract_and_says_its_odds():
    for seed in range(6):
        pos = random_position(seed, seed * 2)
        view = pos.view(pos.to_move)
        score = (seed % 7, (seed * 3) % 7)
        for_game = hint(view, samples=30, seed=seed, threads=1, objective="game", score=score)
        for_goal = hint(view, samples=30, seed=seed, threads=1)
        assert [(m.move, m.rank) for m in for_game.moves] == [(m.move, m.rank) for m in for_goal.moves]
        ours = for_game.goal == "make"
        stake = max(1, view.contract.bid // 42)
        out = for_game.to_json()
        validate(out, "hint")
        assert out["score"] == list(score)
        for m, shown in zip(for_game.moves, out["moves"]):
            made = win_chance(score[0] + stake, score[1]) if ours else win_chance(score[0], score[1] + stake)
            set_ = win_chance(score[0], score[1] + stake) if ours else win_chance(score[0] + stake, score[1])
            assert for_game.p_game(m) == pytest.approx(m.p_make * made + (1 - m.p_make) * set_)
            assert shown["p_game"] == pytest.approx(for_game.p_game(m), abs=1e-6)
    view = random_position(1, 4).view(random_position(1, 4).to_move)
    with pytest.raises(InvalidViewError, match="needs the game's score"):
        hint(view, samples=5, objective="game")
    with pytest.raises(InvalidViewError, match="needs the game's score"):
        hint(view, samples=5, score="1-2")
    points = random_position(1, 4, rules=Rules(scoring="points"))
    with pytest.raises(InvalidViewError, match="marks game"):
        hint(points.view(points.to_move), samples=5, objective="game", score="1-2")


@pytest.mark.parametrize("score", [(0, 0), (5, 6), (6, 0), (0, 6)])
def test_the_adviser_calls_for_the_best_game_odds(score):
    hand = "66.65.64.62.55.33.10"
    advice = advise_bid(hand, samples=60, seed=3, threads=1, score=score)
    plain = advise_bid(hand, samples=60, seed=3, threads=1)

    def odds(bid) -> float:
        if not bid:
            return win_chance(*score)
        trump = plain.best_declaration(bid)
        q = at_table(float(plain.p_make(bid)[plain.declarations.index(trump)]))
        return q * win_chance(score[0] + max(1, bid // 42), score[1]) + (1 - q) * win_chance(score[0], score[1] + max(1, bid // 42))

    best = max(odds(b) for b in plain.legal_bids)
    assert odds(advice.bid) == pytest.approx(best)
    assert advice.bid == min(b for b in plain.legal_bids if odds(b) == pytest.approx(best))  # the least of equals
    assert f"at {score[0]}-{score[1]}" in advice.verdict.reason
    with pytest.raises(InvalidViewError, match="7 marks"):
        advise_bid(hand, samples=10, seed=3, score=score, rules=Rules.of_game("moon"))


def test_the_bot_that_plays_for_the_game_finishes_games():
    game = play_game(3, make_bot("hint-game", 1, {"samples": 6, "bid_samples": 8}),
                     make_bot("hint", 2, {"samples": 6, "bid_samples": 8}), 0)
    assert max(game["scores"]) >= 7 and game["contracts"]
