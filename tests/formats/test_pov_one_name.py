"""One name for a side across a game's answers: a hint's ``pov`` (and a claim's ``side``) is what a solve
of the same position calls the side to move (``SolveResult.pov``, ``Position.side_names``), in their
objects and their JSON, for every game of the registry; three-player Moon's bidder and the other two
included ("P1", "P0P2": once "bidder" and "defenders" in a hint), and its text writes it for people
("P0+P2", texas42.rules.side_label)."""

from __future__ import annotations

import random

import pytest
from dominosolver import games
from dominosolver.texas42.rules import side_label

SEEDS = range(3, 9)


def late_position(spec, seed):
    """A deal played at random to its last few tiles (cheap to solve and to hint on every world)."""
    pos, rng = spec.deal(seed, spec.variants[0]), random.Random(seed)
    while sum(len(h) for h in pos.hands) > 2 * spec.Rules().seats + 1 and not pos.is_over:
        pos.play(rng.choice(pos.legal_moves))
    if pos.is_over:  # a Bingo deal can end early: the position before its last move
        pos.undo()
    return pos


@pytest.mark.parametrize("tag", list(games.GAMES))
def test_hint_and_solve_name_the_side_to_move_alike(tag):
    spec = games.get(tag)
    seen = set()
    for seed in SEEDS:
        pos = late_position(spec, seed)
        solved = spec.solve(pos)
        hint = spec.hint(pos.view(seat=pos.to_move), samples=4, seed=1)
        assert hint.pov == solved.pov == solved.to_json()["pov"] == hint.to_json()["pov"], (tag, seed)
        sides = getattr(pos, "side_names", None)
        if sides is not None:  # the 42 family: the seats' names of the side to move
            assert solved.pov == sides[pos.side_of(pos.to_move)]
        if spec.claim is not None:
            claimed = spec.claim(pos.view(seat=pos.to_move))
            assert claimed.to_json()["side"] == hint.pov
        seen.add(hint.pov)
    if tag == "moon":  # both sides of a contract met: the bidder alone, the other two together
        assert {len(pov) for pov in seen} == {2, 4}, seen


def test_moon_text_writes_the_side_for_people():
    spec = games.get("moon")
    for seed in SEEDS:
        pos = late_position(spec, seed)
        hint = spec.hint(pos.view(seat=pos.to_move), samples=4, seed=1)
        if len(hint.pov) == 4:  # the two who did not bid
            break
    else:
        pytest.fail("no seed puts a defender of Moon to move")
    label = side_label(pos.rules, hint.pov)
    assert label == "+".join((hint.pov[:2], hint.pov[2:])) and f"({label})" in str(hint)
    claimed = spec.claim(pos.view(seat=pos.to_move))
    assert f"({label})" in str(claimed)
