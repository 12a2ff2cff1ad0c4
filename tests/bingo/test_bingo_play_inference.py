"""Play inference for Bingo hints (bingo/play_inference.py): worlds weighted by the opponent's
recorded decisions, the effective sample size reported, unavailable without the deal's record."""

from __future__ import annotations

import random

import numpy as np
from dominosolver.bingo import Game, Position, hint
from dominosolver.bingo.play_inference import Choices, choices_in, log_likelihoods
from dominosolver.bingo.sampling import sample_masks
from dominosolver.tiles import Tile, mask_of


def played_game(seed: int, moves: int) -> Game:
    game, rng = Game(seed=seed), random.Random(seed)
    while len(game.moves) < moves and not game.deals_played:
        game.play(rng.choice([m for m in game.legal_moves if m.kind != "claim"]))
    return game


def test_a_world_whose_opponent_gave_game_points_away_weighs_less():
    choices = Choices(world=np.array([0, 1, 1]), regret=np.array([0.0, 0.0, 3.0]), options=np.array([7, 7, 7]))
    logs = log_likelihoods(choices, 2)
    assert logs[0] > logs[1]
    # A world no history fits gets no weight.
    logs = log_likelihoods(Choices(np.array([0]), np.array([0.0]), np.array([2]), no_history=(1,)), 2)
    assert np.exp(logs[1] - logs.max()) == 0


def test_an_opponent_that_leads_without_declaring_probably_held_no_two_doubles():
    # A deal with every double in the boneyard: player 0 closes and leads, player 1 wins and leads
    # without declaring (it has no double). In player 0's view, worlds giving player 1 two doubles
    # or more (a declaration it could have made) weigh less.
    deck = [Tile(h, lo) for h in range(6, -1, -1) for lo in range(h, -1, -1)]
    others = [t for t in deck if not t.is_double]
    random.Random(1).shuffle(others)
    boneyard = [t for t in deck if t.is_double] + others[14:20] + [others[20]]
    pos = Position.deal([others[:7], others[7:14]], boneyard, 0)
    for _ in range(4):  # close, lead, reply, lead
        pos.play(pos.legal_moves[-1] if pos.to_move == 0 else pos.legal_moves[0])
    view = pos.view(0)
    assert [str(s.move) for s in view.record][1:] == [str(m) for _, m in pos.events][1:] and view.to_move == 0
    hands, boneyards = sample_masks(view, 300, seed=2)
    weights = np.exp(log_likelihoods(choices_in(view, list(zip(hands, boneyards)), value=False), 300))
    doubles = mask_of([t for t in deck if t.is_double])
    two = np.array([(h & doubles).bit_count() >= 2 for h in hands])
    assert 0.3 < two.mean() and weights @ two / weights.sum() < two.mean() - 0.03


def test_each_world_replays_the_opponents_decisions():
    game = played_game(3, 12)
    view = game.view(game.to_move)
    hands, boneyards = sample_masks(view, 12, seed=1)
    choices = choices_in(view, list(zip(hands, boneyards)), max_nodes=20_000)
    opponent_moves = sum(1 for s in view.record if not s.is_draw and s.player != view.seat)
    assert not choices.no_history  # drawn from the view, every world has a history
    assert 0 < len(choices.world) <= 12 * opponent_moves
    assert (choices.regret >= 0).all() and (choices.options >= 2).all()


def test_a_play_weighted_hint_reports_its_effective_sample_size():
    game = played_game(3, 12)
    h = hint(game.view(game.to_move), samples=20, weighting="play", max_nodes=20_000, exact_limit=0)
    assert h.weighting == "play" and h.ess is not None and 1 <= h.ess <= h.worlds
    assert h.to_json()["ess"] == round(h.ess, 3) and h.to_json()["weighting"] == "play"
    assert any("opponent decisions replayed" in w for w in h.warnings)


def test_without_the_record_a_hint_weights_uniformly_and_says_so():
    game = played_game(3, 12)
    h = hint(Position(str(game.position)), samples=5, weighting="play", max_nodes=20_000, exact_limit=0)
    assert h.weighting == "uniform" and h.ess is None
    assert "needs the deal's record" in h.warnings[0]
