"""A hint's averaging and ranking are the core's (core/pimc.hpp, texas42/decisions.hpp), called by the
Python package (pimc.py, texas42/hint.py) and the WebAssembly module alike: here the bound functions
against plain Python statements of the rules they follow."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from dominosolver import pimc
from dominosolver._core import decisions
from dominosolver.texas42.game_odds import game_chance


def _rank_rule(keys: list[tuple[float, ...]]) -> list[tuple[int, int]]:
    """Keys compared at 9 decimals (Python's round), bigger better; equal keys keep index order and
    share the rank of the first of them (1, 1, 3, ...)."""
    rounded = [tuple(round(x, 9) for x in key) for key in keys]
    order = sorted(range(len(keys)), key=lambda i: rounded[i], reverse=True)
    out: list[tuple[int, int]] = []
    for place, i in enumerate(order):
        tied = place > 0 and rounded[i] == rounded[order[place - 1]]
        out.append((i, out[-1][1] if tied else place + 1))
    return out


def _random_keys(rng: random.Random) -> list[tuple[float, ...]]:
    length = rng.choice([0, 1, 2])
    base = [tuple(rng.choice([rng.random(), rng.randint(-3, 3) / 4, 0.5]) for _ in range(length))
            for _ in range(rng.randint(1, 9))]
    out = []
    for key in base:  # some keys differ from another only below the 9th decimal, or on it
        if out and rng.random() < 0.4:
            nudge = rng.choice([1e-12, -3e-11, 2e-9, 0.0])
            key = tuple(x + nudge for x in out[rng.randrange(len(out))])
        out.append(key)
    if rng.random() < 0.2 and out:  # a move not valued: its chance alone, or nothing
        out[rng.randrange(len(out))] = ()
    return out


def test_rank_is_the_rule() -> None:
    rng = random.Random(7)
    ties = 0
    for _ in range(2000):
        keys = _random_keys(rng)
        want = _rank_rule(keys)
        assert pimc.rank(keys) == want, keys
        ties += len({r for _, r in want}) < len(want)
    assert ties > 100  # the cases share ranks often enough to test it


def test_rank_ties_at_the_ninth_decimal() -> None:
    assert pimc.rank([(0.5, 1.0), (0.5 + 1e-12, 2.0), (0.5 + 1e-12, 1.0)]) == [(1, 1), (0, 2), (2, 2)]
    assert pimc.rank([(1.0,), (1.0 + 2e-9,), ()]) == [(1, 1), (0, 2), (2, 3)]


def _weighted_rule(x: np.ndarray, log_w: np.ndarray | None, exact: bool) -> tuple[np.ndarray, np.ndarray, bool]:
    """Per column: the mean (weights w = exp(log w), normalised; equal without) and its standard
    error, sqrt(sum w^2 * sum w (x - mean)^2 / (1 - sum w^2)) (s / sqrt(n) with equal weights); none
    when exact, for one world, or when one world carries all the weight."""
    n = len(x)
    w = np.full(n, 1.0 / n) if log_w is None else np.exp(log_w - log_w.max())
    w = w / w.sum()
    means = np.array([sum(w[i] * x[i, j] for i in range(n)) for j in range(x.shape[1])])
    sum_w2 = float(np.sum(w**2))
    if exact or n < 2 or (log_w is not None and 1 - sum_w2 <= 1e-12):
        return means, np.zeros(x.shape[1]), log_w is not None and not exact and n >= 2 and 1 - sum_w2 <= 1e-12
    var = np.array([sum(w[i] * (x[i, j] - means[j]) ** 2 for i in range(n)) for j in range(x.shape[1])]) / (1 - sum_w2)
    return means, np.sqrt(var * sum_w2), False


@pytest.mark.parametrize("weighted", [False, True])
def test_average_is_the_rule(weighted: bool) -> None:
    rng = np.random.default_rng(3)
    for _ in range(60):
        n, m = int(rng.integers(1, 40)), int(rng.integers(1, 8))
        x = rng.integers(0, 43, size=(n, m)).astype(np.int16)
        log_w = rng.normal(0, 2, size=n) if weighted else None
        exact = bool(rng.random() < 0.2)
        means, stderr, one = decisions.pimc.average(x, log_w, exact)
        want_means, want_se, want_one = _weighted_rule(x.astype(float), log_w, exact)
        np.testing.assert_allclose(means, want_means, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(stderr, want_se, rtol=1e-10, atol=1e-12)
        assert one == want_one


def test_equal_weights_give_the_plain_figures() -> None:
    x = np.array([[3, 0], [5, 1], [10, 1], [0, 0]])
    means, stderr, one = decisions.pimc.average(x, np.zeros(4), False)
    assert not one
    np.testing.assert_allclose(means, [4.5, 0.5])
    np.testing.assert_allclose(stderr, [np.std([3, 5, 10, 0], ddof=1) / 2, np.std([0, 1, 1, 0], ddof=1) / 2])
    plain = decisions.pimc.average(x, None, False)
    np.testing.assert_allclose(plain[0], means)
    np.testing.assert_allclose(plain[1], stderr)


def test_one_world_carries_the_weight() -> None:
    x = np.array([[1, 2], [3, 4], [5, 6]])
    means, stderr, one = decisions.pimc.average(x, np.array([0.0, -800.0, -900.0]), False)
    assert one and list(means) == [1.0, 2.0] and list(stderr) == [0.0, 0.0]
    with pytest.raises(ValueError, match="one log weight a world"):
        decisions.pimc.average(x, np.zeros(2), False)


def test_effective_size_is_the_rule() -> None:
    log_w = np.log(np.array([1.0, 2.0, 3.0, 4.0]))
    assert decisions.pimc.effective_size(log_w) == pytest.approx(10.0**2 / 30.0, rel=1e-14)
    assert decisions.pimc.effective_size(np.zeros(25)) == pytest.approx(25.0, rel=1e-14)


def _key_rule(goal: str | None, objective: str, fewest: bool, score: tuple[int, int] | None, stake: int,
              mean: float | None, p_make: float | None) -> tuple[float, ...]:
    """hint.py's order: the seat's chance of its goal (1 - P(make) when setting) and the mean, the goal's
    first ("goal"), the mean's ("points"), or the game's odds then the mean ("game"); the mean negated
    when every side plays for the fewest tricks; a move not valued by its chance alone."""
    p_goal = None if goal is None or p_make is None else (p_make if goal == "make" else 1 - p_make)
    if mean is None:
        return () if p_goal is None else (p_goal,)
    m = -mean if fewest else mean
    if p_goal is None:
        return (m,)
    if objective == "game":
        assert score is not None
        return (game_chance(p_make or 0.0, score, stake, goal == "make"), m)
    return (p_goal, m) if objective == "goal" else (m, p_goal)


def test_move_order_is_the_rule() -> None:
    rng = random.Random(11)
    for _ in range(500):
        goal = rng.choice([None, "make", "set"])
        objective = rng.choice(["goal", "points"] + (["game"] if goal else []))
        score = (rng.randint(0, 6), rng.randint(0, 6)) if objective == "game" else None
        stake, fewest = rng.randint(1, 4), rng.random() < 0.3
        order = decisions.hint.MoveOrder(goal, objective, fewest, score, stake, 7)
        mean = rng.choice([None, rng.uniform(-42, 42)])
        p_make = rng.choice([None, rng.random(), 0.0, 1.0])
        got = order.key(mean, p_make)
        want = _key_rule(goal, objective, fewest, score, stake, mean, p_make)
        assert isinstance(got, tuple) and len(got) == len(want)
        assert all(math.isclose(a, b, rel_tol=1e-15, abs_tol=1e-15) for a, b in zip(got, want)), (got, want)


def test_move_order_refuses_what_it_cannot_order() -> None:
    with pytest.raises(ValueError, match="objective"):
        decisions.hint.MoveOrder("make", "tricks")
    with pytest.raises(ValueError, match="goal"):
        decisions.hint.MoveOrder("win", "goal")
    with pytest.raises(ValueError, match="score"):
        decisions.hint.MoveOrder("make", "game")


def test_pov_is_the_seats_side_or_moons_bidder() -> None:
    from dominosolver.texas42.rules import FAMILIES, Rules

    seen = set()
    for family in FAMILIES:
        rules = Rules.from_json({"family": family})
        for seat in range(rules.seats):
            for declarer in (None, *range(rules.seats)):
                got = decisions.hint.pov(rules._core, seat, declarer)
                if rules.seats == 3 and declarer is not None:  # Moon: the bidder against the other two
                    side = [s for s in range(rules.seats) if (s == declarer) == (seat == declarer)]
                else:  # the seats that score with it
                    side = [s for s in range(rules.seats) if rules.scorer_of(s) == rules.scorer_of(seat)]
                assert got == "".join(rules.seat_names[s] for s in side), (family, seat, declarer)
                seen.add(got)
    assert {"NS", "EW", "P0", "P1P2", "P0P2", "P0P1"} <= seen
