"""The core's models of the hint and the bid advice (texas42/decisions.hpp, bound as
``_core.decisions``), which Python and the WebAssembly module both compute by, against the
formulas their docstrings state, written out again here; and play_inference.py's numpy form of the
play model against the core's scalar one."""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest
from dominosolver import _core
from dominosolver.arena import wilson
from dominosolver.texas42.bidding import special_threshold
from dominosolver.texas42.calibration import at_table
from dominosolver.texas42.game_odds import game_chance, win_chance
from dominosolver.texas42.play_inference import CAP, SLIP, TEMPERATURE, Choices, log_likelihoods

D = _core.decisions


@pytest.mark.parametrize("p", [0.0, 0.004, 0.01, 0.2, 0.5, 0.84, 0.99, 0.999, 1.0])
def test_at_table_is_the_documented_logistic_fit(p):
    q = min(0.99, max(0.01, p))  # calibration.py: p clipped to [0.01, 0.99]
    expected = 1 / (1 + math.exp(-(-1.2179 + 0.8888 * math.log(q / (1 - q)))))
    assert at_table(p) == pytest.approx(expected, rel=1e-15)
    assert D.calibration.at_table(p) == at_table(p)


def test_the_play_model_numpy_and_core_agree():
    rng = np.random.default_rng(7)
    regret = rng.integers(0, 15, 200).astype(float)
    options = rng.integers(2, 8, 200)
    world = rng.integers(0, 20, 200)
    logs = log_likelihoods(Choices(world, regret, options), 20)
    expected = np.zeros(20)
    for w, r, n in zip(world, regret, options):
        expected[w] += math.log(D.play_inference.likelihood(min(r, CAP), int(n)))
    assert np.allclose(logs, expected, rtol=0, atol=1e-12)
    # the documented form: (1 - e) exp(-d / T) + e / n
    assert D.play_inference.likelihood(3.0, 4) == pytest.approx((1 - SLIP) * math.exp(-3 / TEMPERATURE) + SLIP / 4)


def test_win_chance_is_the_even_hands_recursion():
    @cache
    def plain(us, them, target):
        if us >= target:
            return 1.0
        if them >= target:
            return 0.0
        return (plain(us + 1, them, target) + plain(us, them + 1, target)) / 2

    for target in (1, 3, 7, 12):
        for us in range(target + 1):
            for them in range(target + 1):
                assert win_chance(us, them, target) == pytest.approx(plain(us, them, target), abs=1e-15)
    assert win_chance(6, 6) == 0.5 and win_chance(7, 3) == 1.0 and win_chance(0, 7) == 0.0
    assert win_chance(0, 0, 200) == pytest.approx(0.5)  # a long game: the table, not 2^400 calls


@pytest.mark.parametrize("made,n", [(0, 0), (0, 10), (3, 10), (10, 10), (150, 200)])
def test_wilson_is_the_score_interval(made, n):
    if n == 0:
        assert wilson(made, n) == (0.0, 1.0)
        return
    z, p = 1.959964, made / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    lo, hi = wilson(made, n)
    assert lo == pytest.approx(max(0.0, centre - half), abs=1e-15) and hi == pytest.approx(min(1.0, centre + half), abs=1e-15)


def test_special_threshold_beats_the_ordinary_gain():
    assert special_threshold(2) == 0.5
    assert special_threshold(2, 1.0) == pytest.approx(0.75)  # 2 (2p - 1) > 1
    assert special_threshold(1, -3.0, 0.85) == 0.85  # a loss counts as a pass; the floor holds
    assert special_threshold(1, 5.0) == 1.0


@pytest.mark.parametrize("declaring", [True, False])
def test_game_chance_weighs_the_two_outcomes(declaring):
    for us, them, stake, p in ((0, 0, 1, 0.7), (5, 6, 2, 0.3), (6, 6, 1, 1.0), (2, 4, 4, 0.55)):
        made = (us + stake, them) if declaring else (us, them + stake)
        failed = (us, them + stake) if declaring else (us + stake, them)
        expected = p * win_chance(*made) + (1 - p) * win_chance(*failed)
        assert game_chance(p, (us, them), stake, declaring) == pytest.approx(expected, abs=1e-15)
    assert game_chance(1.0, (6, 0), 1, declaring) == pytest.approx(1.0 if declaring else 1 - 0.5**6)  # theirs: 6-1
