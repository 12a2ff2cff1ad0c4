"""Inference from the play: the documented player model, written out again on whole deals, the C++
regret search against every move's values, what says nothing (the viewer's own plays, forced plays),
and hints weighted by it."""

from __future__ import annotations

import math

import numpy as np
import pytest
from dominosolver.texas42 import Game, Position, Solver, hint
from dominosolver.texas42.bots import RuleBot
from dominosolver import _core
from dominosolver.errors import IllegalMoveError, InvalidPositionError
from dominosolver.texas42.play_inference import CAP, RECENT, SLIP, TEMPERATURE, choices_in, play_log_likelihoods
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


def model_log_likelihood(view, world, recent) -> float:
    """The model replayed from the deal: every other seat's choice among two or more tiles in the last
    ``recent`` plays (None: all), valued by a fresh solve of the position before it."""
    pos = position_of(view, world)
    deal = [list(tiles_of(world[s])) for s in range(4)]
    for seat, tile in view.plays:
        deal[seat].append(tile)
    replay = Position(trump=view.trump, hands=deal, leader=view.first_leader, contract=view.contract,
                      rules=view.rules)
    solver, total = Solver(4), 0.0
    weighed_from = 0 if recent is None else len(view.plays) - recent
    for i, (seat, tile) in enumerate(view.plays):
        legal = replay.legal_moves
        if seat != view.seat and len(legal) > 1 and i >= weighed_from:
            values = solver.solve(replay, pv=False).moves
            regret = min(max(values.values()) - values[str(tile)], CAP)
            total += math.log((1 - SLIP) * math.exp(-regret / TEMPERATURE) + SLIP / len(legal))
        replay.play(tile)
    assert replay.hands == pos.hands  # the replay reached the world's position
    return total


@pytest.mark.parametrize("recent", [RECENT, None, 3])
@pytest.mark.parametrize("seed,plays", [(4, 6), (7, 11), (11, 14)])
def test_play_weights_follow_the_player_model(seed, plays, recent):
    view = view_after(seed, plays)
    assert view is not None
    worlds = sample_worlds(view, 12, seed=seed)
    logs = play_log_likelihoods(view, worlds, threads=1, recent=recent)
    expected = [model_log_likelihood(view, w, recent) for w in worlds]
    assert logs == pytest.approx(expected, abs=1e-9)
    if recent is None:
        assert len(set(np.round(logs, 9))) > 1  # the whole record tells the worlds apart


def test_the_regret_search_agrees_with_every_moves_values_up_to_its_cap():
    """Each legal tile as a line of one play, then whole lines of play (each play's value carried on
    to the next position, searched again after a play that lost the cap or more) against fresh
    solves of every move."""
    view = view_after(7, 11)
    assert view is not None
    starts, tiles, lines = [], [], []
    for world in sample_worlds(view, 6, seed=3):
        pos = position_of(view, world)
        for _ in range(len(view.plays)):
            pos.undo()
            for tile in pos.legal_moves:  # every legal tile, the played one or not
                starts.append(pos.copy())
                tiles.append(tile)
        lines.append(pos.copy())  # the start of the hand, to walk the whole line
    plays = [t for _, t in view.plays]
    for cap in (0, 4, 10, CAP):
        one = _core.texas42.regret_batch([p._pos for p in starts], [[t.id] for t in tiles], [[True]] * len(tiles), cap,
                                         2, 4)
        whole = _core.texas42.regret_batch([p._pos for p in lines], [[t.id for t in plays]] * len(lines),
                                           [[True] * len(plays)] * len(lines), cap, 1, 4)
        expected_one, expected_whole, regrets = [], [], []
        for pos, tile in zip(starts, tiles):
            values = Solver(4).solve(pos, pv=False).moves
            best = max(values.values())
            expected_one.append((best, max(values[str(tile)], best - cap)))
            regrets.append(best - values[str(tile)])
        for start in lines:
            pos = start.copy()
            for tile in plays:
                values = Solver(4).solve(pos, pv=False).moves
                best = max(values.values())
                expected_whole.append((best, max(values[str(tile)], best - cap)))
                pos.play(tile)
        assert list(zip(one.best, one.played)) == expected_one
        assert list(zip(whole.best, whole.played)) == expected_whole
        assert max(regrets) > 10 and min(r for r in regrets if r > 0) < 4  # both sides of the caps met


def test_the_regret_search_refuses_what_it_cannot_value():
    pos = view_after(7, 11)
    assert pos is not None
    one = position_of(pos, sample_worlds(pos, 1, seed=1)[0])
    legal = one.legal_moves[0].id
    illegal = next(t for t in range(28) if t not in {x.id for x in one.legal_moves})
    with pytest.raises(IllegalMoveError, match="not a legal play"):
        _core.texas42.regret_batch([one._pos], [[legal, illegal]], [[True, True]], CAP, 1, 4)
    with pytest.raises(InvalidPositionError, match="plays and weighed flags of each line"):
        _core.texas42.regret_batch([one._pos], [], [], CAP, 1, 4)
    with pytest.raises(InvalidPositionError, match="a weighed flag per play"):
        _core.texas42.regret_batch([one._pos], [[legal]], [[]], CAP, 1, 4)
    with pytest.raises(InvalidPositionError, match="cap must be"):
        _core.texas42.regret_batch([one._pos], [[legal]], [[True]], -1, 1, 4)
    nello = Position(trump="nello", hands=[list(h) for h in Game(seed=3).deal()], contract=(0, 42))
    with pytest.raises(InvalidPositionError, match="counted in points"):
        _core.texas42.regret_batch([nello._pos], [[nello.legal_moves[0].id]], [[True]], CAP, 1, 4)


def test_choices_are_the_other_seats_plays_among_two_or_more_tiles():
    view = view_after(11, 14)
    assert view is not None
    worlds = sample_worlds(view, 5, seed=4)
    choices = choices_in(view, worlds, threads=1, recent=None)
    for w, world in enumerate(worlds):
        pos = position_of(view, world)
        options = []
        for seat, _ in reversed(view.plays):
            pos.undo()
            if seat != view.seat and len(pos.legal_moves) > 1:
                options.append(len(pos.legal_moves))
        assert choices.options[choices.world == w].tolist() == options[::-1]  # in the order played
    assert ((choices.regret >= 0) & (choices.regret <= CAP)).all() and choices.nodes > 0


def test_no_play_of_another_seat_says_nothing():
    lead = view_after(5, 0)  # the first lead: nothing played yet
    assert lead is not None
    worlds = sample_worlds(lead, 10, seed=1)
    assert play_log_likelihoods(lead, worlds).tolist() == [0.0] * 10
    assert world_weights(lead, worlds, "play").tolist() == [1.0] * 10


def test_a_view_that_weighs_worlds_by_the_play_ranks_with_those_weights():
    view = view_after(4, 13)
    assert view is not None
    h = hint(view, samples=30, seed=2, weighting="play", exact_limit=0, threads=1, means="all")
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
