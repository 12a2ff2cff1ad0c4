"""Inference from the play: the documented player model, written out again on whole deals, what says
nothing (the viewer's own plays, forced plays), and hints weighted by it."""

from __future__ import annotations

import math

import numpy as np
import pytest
from dominosolver.texas42 import Game, Position, Solver, hint
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.play_inference import SLIP, TEMPERATURE, play_log_likelihoods
from dominosolver.texas42.sampling import position_of, sample_worlds
from dominosolver.texas42.weighting import world_weights
from dominosolver.tiles import tiles_of


def view_after(seed: int, plays: int, rules=None):
    """The view of the seat to move after ``plays`` plays of a RuleBot hand (None if the hand ended)."""
    game, bot = Game(seed=seed, rules=rules), RuleBot()
    while game.phase != "game_over" and (game.position is None or len(game.position.plays) < plays):
        game.play(bot.choose(game))
    if game.position is None or len(game.position.plays) != plays:
        return None
    return game.view(game.to_move)


def model_log_likelihood(view, world) -> float:
    """The model replayed from the deal: every other seat's choice among two or more tiles, valued by
    a fresh solve of the position before it."""
    pos = position_of(view, world)
    deal = [list(tiles_of(world[s])) for s in range(4)]
    for seat, tile in view.plays:
        deal[seat].append(tile)
    replay = Position(trump=view.trump, hands=deal, leader=view.first_leader, contract=view.contract,
                      rules=view.rules)
    solver, total = Solver(4), 0.0
    for seat, tile in view.plays:
        legal = replay.legal_moves
        if seat != view.seat and len(legal) > 1:
            values = solver.solve(replay, pv=False).moves
            norm = sum(math.exp(v / TEMPERATURE) for v in values.values())
            p = math.exp(values[str(tile)] / TEMPERATURE) / norm
            total += math.log((1 - SLIP) * p + SLIP / len(legal))
        replay.play(tile)
    assert replay.hands == pos.hands  # the replay reached the world's position
    return total


@pytest.mark.parametrize("seed,plays", [(4, 6), (7, 11), (11, 14)])
def test_play_weights_follow_the_player_model(seed, plays):
    view = view_after(seed, plays)
    assert view is not None
    worlds = sample_worlds(view, 12, seed=seed)
    logs = play_log_likelihoods(view, worlds, threads=1)
    expected = [model_log_likelihood(view, w) for w in worlds]
    assert logs == pytest.approx(expected, abs=1e-9)
    assert len(set(np.round(logs, 9))) > 1  # the plays tell the worlds apart


def test_no_play_of_another_seat_says_nothing():
    lead = view_after(5, 0)  # the first lead: nothing played yet
    assert lead is not None
    worlds = sample_worlds(lead, 10, seed=1)
    assert play_log_likelihoods(lead, worlds).tolist() == [0.0] * 10
    assert world_weights(lead, worlds, "play").tolist() == [1.0] * 10


def test_a_view_that_weighs_worlds_by_the_play_ranks_with_those_weights():
    view = view_after(4, 13)
    assert view is not None
    h = hint(view, samples=30, seed=2, weighting="play", exact_limit=0, threads=1)
    worlds = sample_worlds(view, 30, seed=2)
    w = world_weights(view, worlds, "play")
    solver = Solver(4)
    values = [solver.solve(position_of(view, x), pv=False).moves for x in worlds]
    for m in h.moves:
        assert m.mean == pytest.approx(sum(wk * v[m.move] for wk, v in zip(w, values)) / w.sum(), abs=1e-9)
    assert h.ess == pytest.approx(w.sum() ** 2 / (w**2).sum())
    assert 1 <= h.ess < 30
    assert h.to_json()["ess"] == pytest.approx(h.ess, abs=1e-3)
    combined = world_weights(view, worlds, "auction+play")
    auction = world_weights(view, worlds, "auction")
    assert np.allclose(combined / combined.sum(), (auction * w) / (auction * w).sum())


def test_uniform_hints_report_no_effective_sample_size():
    view = view_after(4, 13)
    h = hint(view, samples=10, seed=2, exact_limit=0, threads=1)
    assert h.ess is None and h.to_json()["ess"] is None
