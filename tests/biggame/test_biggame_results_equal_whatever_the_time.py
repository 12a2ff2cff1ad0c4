"""The Big Game's bid advice and exchange advice compare by what they answer, not by how long it
took (as 42's results do: tests/texas42/test_results_equal_whatever_the_time.py): asked twice with
one seed they are equal, their ``elapsed`` aside, while an answered field that differs makes them
unequal."""

from __future__ import annotations

import dataclasses

from dominosolver import biggame
from dominosolver.biggame import BigGame
from dominosolver.biggame.exchange import advise_exchange
from dominosolver.texas42 import PlayerView

# E won at 66 holding every eight (tests/biggame/test_biggame_exchange.py's view).
EIGHTS = PlayerView.from_json({
    "game": "biggame", "seat": "E", "contract": {"declarer": "E", "bid": 66}, "hand_sizes": [11, 12, 11, 11],
    "hand": ["8-8", "8-7", "8-6", "8-5", "8-4", "8-3", "8-2", "8-1", "8-0", "7-7", "6-6", "2-1"]})


def timed_twice(ask):
    a, b = ask(), ask()
    assert a == b and a == dataclasses.replace(a, elapsed=a.elapsed + 1.0)
    assert [f.name for f in dataclasses.fields(a) if not f.compare] == ["elapsed"]
    return a


def test_bid_advice():
    game = BigGame(seed=1)
    advice = timed_twice(lambda: biggame.advise_bid(game.view(game.to_move), samples=4, seed=1, threads=1))
    assert advice != dataclasses.replace(advice, worlds=advice.worlds + 1)
    assert advice != dataclasses.replace(advice, seed=advice.seed + 1)


def test_exchange_advice():
    advice = timed_twice(lambda: advise_exchange(EIGHTS, samples=2, seed=1, discards=["8-0", "2-1"]))
    assert advice != dataclasses.replace(advice, worlds=advice.worlds + 1)
    assert advice != dataclasses.replace(advice, choices=advice.choices[::-1])
