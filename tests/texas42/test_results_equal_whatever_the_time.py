"""Results compare by what they answer, not by how long it took: two runs of one question with one
seed are equal (their ``elapsed`` differs), while any answered field that differs makes them
unequal. Hints (42's, Moon's, Bingo's), claims, bid advice (42's, Moon's), Bingo's close value and
the hint loop's estimate."""

from __future__ import annotations

import dataclasses
import random

import pytest
from dominosolver import bingo, pimc
from dominosolver.corpus.build import BuildSummary
from dominosolver.moon import MOON
from dominosolver.texas42 import Position, advise_bid, claim, hint

FORTY_TWO = "trump=6 leader=N hands=66.65.64/63.11.22/62.00.33/61.44.55 contract=N30"
MOON_DEAL = "moon trump=6 hands=66.65.64.63.62.61.55/54.53.52.51.44.43.42/41.33.31.22.21.11.00 contract=P15"


def bingo_view() -> bingo.PlayerView:
    rng, pos = random.Random(6), bingo.Game(seed=6).position
    while sum(pos.tricks) < 4:
        pos.play(rng.choice([m for m in pos.legal_moves if m.kind == "tile"]))
    return pos.view(pos.to_move)


def timed_twice(ask):
    a, b = ask(), ask()
    # Asked twice, and the same answer a second later: equal (each caller checks another answer is not).
    assert a == b and a == dataclasses.replace(a, elapsed=a.elapsed + 1.0)
    return a


@pytest.mark.parametrize("text", [FORTY_TWO, MOON_DEAL])
def test_hints_and_claims(text):
    pos = Position(text)
    view = pos.view(pos.to_move)
    h = timed_twice(lambda: hint(view, samples=6, seed=1, threads=1))
    assert h != dataclasses.replace(h, worlds=h.worlds + 1)
    c = timed_twice(lambda: claim(view, threads=1))
    assert c != dataclasses.replace(c, checked=c.checked + 1)


def test_bid_advice():
    a = timed_twice(lambda: advise_bid("66.65.64.63.55.44.10", seat=0, samples=4, seed=1, threads=1))
    assert a != dataclasses.replace(a, worlds=a.worlds + 1)
    moon = timed_twice(lambda: advise_bid("66.65.64.52.44.41.11", seat=0, samples=4, seed=7, rules=MOON, threads=1))
    assert moon != dataclasses.replace(moon, worlds=moon.worlds + 1)


def test_bingo_hint_and_close_value():
    view = bingo_view()
    h = timed_twice(lambda: bingo.hint(view, samples=6, seed=1))
    assert h != dataclasses.replace(h, worlds=h.worlds + 1)
    value = bingo.close_value(view)
    assert value == dataclasses.replace(value, elapsed=value.elapsed + 1.0)


def test_estimates_and_summaries_compare_without_their_time():
    estimate = pimc.Estimate((), "pimc", 3, 1, 0.5, 10, ())
    assert estimate == dataclasses.replace(estimate, elapsed=9.0)
    assert estimate != dataclasses.replace(estimate, worlds=4)
    fields = {f.name: f for f in dataclasses.fields(BuildSummary)}
    timings = {"seconds", "deals_per_second", "cpu_seconds", "deals_per_cpu_second"}  # all the run's time decides
    assert all(f.compare == (name not in timings) for name, f in fields.items())
    summary = BuildSummary("corpus", "c", 10, 2, 0, 0, 2, 10, 1.5, 6.7, 2, "local", True, 2.9, 3.4)
    assert summary == dataclasses.replace(summary, seconds=3.0, deals_per_second=3.3, cpu_seconds=5.8,
                                          deals_per_cpu_second=1.7)
    assert summary != dataclasses.replace(summary, rows=11)
