"""Hint method "infoset": the seat's next choice made once for the worlds it cannot tell apart.
Checked against a plain re-implementation on small endgames, and by what must hold of it: never more
than double dummy in any world, double dummy itself when one world is all there is."""

from __future__ import annotations

import numpy as np
import pytest
from dominosolver import Tile
from dominosolver.errors import ParseError
from dominosolver.texas42 import Game, Solver, hint
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.infoset import infoset_values
from dominosolver.texas42.sampling import enumerate_worlds, position_of, sample_worlds


def view_after(seed: int, plays: int):
    game, bot = Game(seed=seed), RuleBot()
    while game.phase != "game_over" and (game.position is None or len(game.position.plays) < plays):
        game.play(bot.choose(game))
    assert game.position is not None and len(game.position.plays) == plays
    return game.view(game.to_move)


def best_mean(values: np.ndarray, weights: np.ndarray) -> int:
    """A judge: the tile with the best weighted mean (the first of equals)."""
    means = weights @ values / weights.sum()
    return int(np.flatnonzero(means == means.max())[0])


def reference(view, worlds, judge=best_mean):
    """The method written out plainly: one Python position per world and move, one solve per choice."""
    solver = Solver(4)
    seat, legal = view.seat, [t for t in view.legal_moves]
    side = view.rules.side_of(seat)
    rows = {}  # (world, move) -> (plays since, points taken since, {tile: value} at the seat's next turn)
    for w, world in enumerate(worlds):
        for m, tile in enumerate(legal):
            pos = position_of(view, world)
            start, before = len(pos.plays), pos.points[side]
            pos.play(tile)
            while not pos.is_over and pos.to_move != seat:
                moves = solver.solve(pos, pv=False).moves
                best = max(moves.values())
                pos.play(min((t for t in pos.legal_moves if moves[str(t)] == best), key=lambda t: t.id))
            later = None if pos.is_over else solver.solve(pos, pv=False).moves
            rows[w, m] = (tuple(pos.plays[start:]), pos.points[side] - before, later)
    out = np.zeros((len(worlds), len(legal)))
    for m in range(len(legal)):
        groups = {}
        for w in range(len(worlds)):
            groups.setdefault(rows[w, m][0], []).append(w)
        for members in groups.values():
            if rows[members[0], m][2] is None:
                for w in members:
                    out[w, m] = rows[w, m][1]
                continue
            tiles = sorted(rows[members[0], m][2], key=lambda t: Tile(t).id)
            table = np.array([[rows[w, m][1] + rows[w, m][2][t] for t in tiles] for w in members], dtype=float)
            choice = judge(table, np.ones(len(members)))
            for w, row in zip(members, table):
                out[w, m] = row[choice]
    return out


@pytest.mark.parametrize("seed,plays", [(3, 17), (5, 18), (9, 20), (12, 16)])
def test_infoset_values_agree_with_a_plain_reimplementation(seed, plays):
    view = view_after(seed, plays)
    worlds = enumerate_worlds(view)[:40]
    roots = [position_of(view, w) for w in worlds]
    legal = [t.id for t in view.legal_moves]
    got, nodes = infoset_values(roots, legal, np.ones(len(worlds)), best_mean, threads=1)
    assert nodes > 0
    assert got == pytest.approx(reference(view, worlds))


def infoset_and_double_dummy(seed: int, plays: int, worlds: int = 25):
    view = view_after(seed, plays)
    sampled = sample_worlds(view, worlds, seed=seed)
    roots = [position_of(view, w) for w in sampled]
    legal = [t.id for t in view.legal_moves]
    got, _ = infoset_values(roots, legal, np.ones(len(sampled)), best_mean, threads=1)
    solver = Solver(4)
    dd = np.array([[solver.solve(r, pv=False).moves[str(Tile.from_id(t))] for t in legal] for r in roots])
    return roots, legal, got, dd


@pytest.mark.parametrize("seed,plays", [(4, 0), (6, 9), (8, 12)])
def test_infoset_never_values_a_move_above_double_dummy(seed, plays):
    roots, legal, got, dd = infoset_and_double_dummy(seed, plays)
    assert (got <= dd).all()
    # One world alone is double dummy: the seat's next choice is that world's best.
    alone, _ = infoset_values(roots[:1], legal, np.ones(1), best_mean, threads=1)
    assert alone[0] == pytest.approx(dd[0])


def test_infoset_differs_from_double_dummy_at_the_first_lead():
    """Strategy fusion is real: at the first lead some world values some move below double dummy."""
    _, _, got, dd = infoset_and_double_dummy(4, 0, worlds=40)
    assert (got < dd).any()


def test_an_infoset_hint_reports_its_method_and_averages_infoset_values():
    view = view_after(6, 9)
    h = hint(view, samples=12, seed=3, method="infoset", exact_limit=0, threads=1, objective="points")
    assert h.method == "infoset" and not h.exact and h.to_json()["method"] == "infoset"
    worlds = sample_worlds(view, 12, seed=3)
    legal = [t.id for t in view.legal_moves]
    plain = hint(view, samples=12, seed=3, exact_limit=0, threads=1, objective="points")
    for m in h.moves:
        assert m.mean <= plain[m.move].mean + 1e-9
    exact = hint(view_after(3, 21), method="infoset", threads=1)
    assert exact.exact and exact.method == "infoset" and exact.to_json()["exact"] is True
    assert len(legal) == len(h.moves) and len(worlds) == h.worlds


def test_an_unknown_method_is_refused_by_name():
    with pytest.raises(ParseError, match="unknown method 'alphamu'"):
        hint(view_after(6, 9), method="alphamu")
