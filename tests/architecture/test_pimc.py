"""The shared hint loop (dominosolver.pimc) on a toy game whose worlds are numbers and whose scores
are a table: which worlds it draws or enumerates, how it batches, stops and averages, and how it
ranks. The games' own hints are tested against independent solves in test_texas42_hint.py and
test_bingo_hint.py."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from dominosolver import pimc
from dominosolver.errors import InvalidPositionError


class Numbers:
    """Worlds 0..count-1, drawn with random.Random(seed)."""

    def __init__(self, count: int) -> None:
        self.count = count

    def world(self, index: int) -> int:
        assert 0 <= index < self.count
        return index

    def stream(self, seed: int | None):
        rng = random.Random(seed)
        while True:
            yield rng.randrange(self.count)


class InOrder(Numbers):
    """Draws 0, 1, 2, ... in turn: every world once per round."""

    def stream(self, seed: int | None):
        return itertools.cycle(range(self.count))


class Table:
    """Scores world w with row TABLE[w]; remembers the batches it was given."""

    def __init__(self, table: np.ndarray, solved: np.ndarray | None = None) -> None:
        self.table, self.solved, self.batches = table, solved, []

    def __call__(self, worlds: list[int]) -> pimc.Scores:
        self.batches.append(list(worlds))
        solved = None if self.solved is None else self.solved[worlds]
        return pimc.Scores(self.table[worlds], nodes=10 * len(worlds), solved=solved)


def by_mean(mean: float, chance: float | None) -> tuple[float, ...]:
    return (mean,)


def table(count: int, moves: int = 3, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).integers(-10, 30, size=(count, moves))


def test_few_worlds_are_all_scored_once_and_averaged_exactly():
    values = table(7)
    score = Table(values)
    e = pimc.run(Numbers(7), pimc.Scorer(score, by_mean), samples=100, seed=5, exact_limit=7)
    assert e.method == "exact" and e.worlds == 7 and e.seed is None and e.nodes == 70
    assert sorted(itertools.chain(*score.batches)) == list(range(7))
    means = values.mean(axis=0)
    assert {m.index: m.mean for m in e.moves} == pytest.approx(dict(enumerate(means)))
    assert all(m.stderr == 0 for m in e.moves)
    assert [m.index for m in e.moves] == list(np.argsort(-means, kind="stable"))


def test_many_worlds_are_drawn_from_the_seed():
    values = table(1000)
    score = Table(values)
    e = pimc.run(Numbers(1000), pimc.Scorer(score, by_mean), samples=40, seed=3, exact_limit=999)
    drawn = list(itertools.islice(Numbers(1000).stream(3), 40))
    assert e.method == "pimc" and e.seed == 3 and e.worlds == 40 and list(itertools.chain(*score.batches)) == drawn
    col = values[drawn]
    for m in e.moves:
        assert m.mean == pytest.approx(col[:, m.index].mean())
        assert m.stderr == pytest.approx(col[:, m.index].std(ddof=1) / np.sqrt(40))


def test_equal_moves_share_a_rank():
    assert pimc.rank([(1.0,), (2.0,), (2.0,), (0.5,)]) == [(1, 1), (2, 1), (0, 3), (3, 4)]
    # Keys equal but for rounding tie; the next criterion still separates moves.
    assert pimc.rank([(0.1 + 0.2, 1.0), (0.3, 1.0), (0.3, 2.0)]) == [(2, 1), (0, 2), (1, 2)]


def test_the_game_chooses_what_ranks_first():
    values = np.array([[10, 50], [10, -5], [10, -5]])  # move 0: mean 10, always 10; move 1: mean 13.3
    safe_first = pimc.Scorer(Table(values), lambda mean, chance: (chance, mean), chance=lambda v: v >= 10)
    e = pimc.run(Numbers(3), safe_first, samples=1, seed=0, exact_limit=3)
    assert [(m.index, m.chance, m.rank) for m in e.moves] == [(0, 1.0, 1), (1, pytest.approx(1 / 3), 2)]
    mean_first = pimc.Scorer(Table(values), by_mean, chance=lambda v: v >= 10)
    assert [m.index for m in pimc.run(Numbers(3), mean_first, samples=1, seed=0, exact_limit=3).moves] == [1, 0]


def test_a_stopped_enumeration_averaged_a_shuffled_prefix():
    values = table(300)
    score = Table(values)
    reports: list[pimc.Estimate] = []
    e = pimc.run(
        Numbers(300), pimc.Scorer(score, by_mean, batch=25), samples=1, seed=None, exact_limit=300,
        on_progress=reports.append, should_stop=lambda: len(reports) >= 2,
    )
    order = list(range(300))
    random.Random(0).shuffle(order)
    assert [r.worlds for r in reports] == [25, 50] and all(r.method == "pimc" for r in reports)
    assert list(itertools.chain(*score.batches)) == order[:50]
    assert e.worlds == 50 and e.method == "pimc" and e.seed is None
    assert e.warnings == (
        "stopped after 50 of 300 worlds on request",
        "partial enumeration: a random subset of the worlds, drawn without replacement",
    )
    assert {m.index: m.mean for m in e.moves} == pytest.approx(dict(enumerate(values[order[:50]].mean(axis=0))))


def test_a_time_limit_of_zero_scores_one_batch():
    score = Table(table(10_000))
    e = pimc.run(Numbers(10_000), pimc.Scorer(score, by_mean, batch=8), samples=500, seed=1, exact_limit=0,
                 time=0, warnings=("the game's own note",))
    assert e.worlds == 8 and len(score.batches) == 1
    assert e.warnings == ("the game's own note", "stopped after 8 of 500 worlds by the time limit (0 s)")


def test_without_stops_the_worlds_go_in_large_batches():
    score = Table(table(50_000))
    pimc.run(Numbers(50_000), pimc.Scorer(score, by_mean, batch=8), samples=25_000, seed=1, exact_limit=0)
    assert [len(b) for b in score.batches] == [10_000, 10_000, 5_000]


def test_worlds_the_search_gave_up_on_are_left_out():
    values = table(6)
    solved = np.array([True, False, True, True, False, True])
    scorer = pimc.Scorer(Table(values, solved), by_mean, gives_up="each needed more than 9 nodes")
    e = pimc.run(Numbers(6), scorer, samples=1, seed=0, exact_limit=6)
    assert e.method == "pimc" and e.worlds == 4  # no longer every world
    assert e.warnings == ("2 of 6 worlds were left out: each needed more than 9 nodes",)
    assert {m.index: m.mean for m in e.moves} == pytest.approx(dict(enumerate(values[solved].mean(axis=0))))
    nothing = pimc.Scorer(Table(values, np.zeros(6, bool)), by_mean, gives_up="each needed more than 9 nodes")
    with pytest.raises(InvalidPositionError, match="none of the 6 worlds could be solved: each needed more than 9"):
        pimc.run(Numbers(6), nothing, samples=1, seed=0, exact_limit=6)


def test_weighted_worlds_average_by_weight():
    values = np.array([[0, 4], [10, 4], [20, 8]])
    logs = np.log(np.array([1.0, 2.0, 1.0]))
    scorer = pimc.Scorer(Table(values), by_mean, chance=lambda v: v > 5, weigh=lambda ws: logs[ws], weighting="prior")
    e = pimc.run(Numbers(3), scorer, samples=1, seed=0, exact_limit=3)
    got = {m.index: (m.mean, m.chance) for m in e.moves}
    assert got == {0: pytest.approx((10.0, 0.75)), 1: pytest.approx((5.0, 0.25))}
    assert e.warnings == ("prior weighting: effective sample size 3 of 3",)  # 4^2 / 6 = 2.67


def test_weighted_standard_error_is_unbiased():
    """For fixed unequal weights, the squared standard error averages to the true variance of the
    weighted mean (sigma^2 * sum w^2) over many draws; with equal weights it is s / sqrt(n)."""
    rng = np.random.default_rng(7)
    weights = rng.uniform(0.05, 1.0, size=20) ** 4  # unequal: an n/(n-1) correction would be 7% low here
    w = weights / weights.sum()
    sigma, estimates = 4.0, []

    def scorer(log_weights: np.ndarray, values: np.ndarray) -> pimc.Scorer:
        return pimc.Scorer(lambda ws: pimc.Scores(values[ws]), by_mean, weigh=lambda ws: log_weights[ws])

    numbers = InOrder(20)
    for _ in range(3000):
        values = rng.normal(20, sigma, size=(20, 1))
        e = pimc.run(numbers, scorer(np.log(weights), values), samples=20, seed=1, exact_limit=0)
        estimates.append(e.moves[0].stderr ** 2)
    assert np.mean(estimates) == pytest.approx(sigma**2 * np.sum(w**2), rel=0.05)
    values = rng.normal(20, sigma, size=(20, 1))
    s_over_root_n = values[:, 0].std(ddof=1) / np.sqrt(20)
    uniform = pimc.run(numbers, scorer(np.zeros(20), values), samples=20, seed=1, exact_limit=0)
    plain = pimc.run(numbers, pimc.Scorer(lambda ws: pimc.Scores(values[ws]), by_mean), samples=20, seed=1,
                     exact_limit=0)
    assert uniform.moves[0].stderr == pytest.approx(s_over_root_n)
    assert plain.moves[0].stderr == pytest.approx(s_over_root_n)


def test_the_chance_of_the_goal_has_its_standard_error():
    """Sampled: sqrt(p (1 - p) / (n - 1)), the mean's formula on the 0/1 outcomes; weighted: the
    weighted formula on them; enumerated: 0; without a goal: None."""
    values = table(1000, moves=4, seed=2)
    goal = lambda v: v >= 12  # noqa: E731
    e = pimc.run(Numbers(1000), pimc.Scorer(Table(values), by_mean, chance=goal), samples=60, seed=4, exact_limit=0)
    reached = goal(values[list(itertools.islice(Numbers(1000).stream(4), 60))])
    for m in e.moves:
        p = reached[:, m.index].mean()
        assert m.chance == pytest.approx(p) and 0 < p < 1
        assert m.chance_stderr == pytest.approx(np.sqrt(p * (1 - p) / 59))
    logs = np.log(np.random.default_rng(3).uniform(0.1, 1.0, size=1000))
    weighted = pimc.Scorer(Table(values), by_mean, chance=goal, weigh=lambda ws: logs[ws])
    e = pimc.run(InOrder(1000), weighted, samples=80, seed=0, exact_limit=0)
    w = np.exp(logs[:80]) / np.exp(logs[:80]).sum()
    for m in e.moves:
        r = goal(values[:80, m.index]).astype(float)
        p = w @ r
        assert m.chance == pytest.approx(p)
        assert m.chance_stderr == pytest.approx(np.sqrt(w @ (r - p) ** 2 / (1 - w @ w) * (w @ w)))
    exact = pimc.run(Numbers(9), pimc.Scorer(Table(values[:9]), by_mean, chance=goal), samples=1, seed=0, exact_limit=9)
    assert all(m.chance_stderr == 0 and m.chance is not None for m in exact.moves)
    none = pimc.run(Numbers(9), pimc.Scorer(Table(values[:9]), by_mean), samples=5, seed=0, exact_limit=0)
    assert all(m.chance is None and m.chance_stderr is None for m in none.moves)


def test_one_world_with_all_the_weight_has_no_standard_error():
    values = np.array([[1], [5], [9]])
    scorer = pimc.Scorer(Table(values), by_mean, weigh=lambda ws: np.array([0.0, -1e6, -1e6])[ws])
    e = pimc.run(InOrder(3), scorer, samples=3, seed=0, exact_limit=0)
    assert e.moves[0].stderr == 0 and "one world carries all the weight: no standard error" in e.warnings


def test_engine_info_names_the_loop_and_the_version():
    from dominosolver import __version__

    assert pimc.engine_info() == {"name": "dominosolver-pimc", "version": __version__}


@pytest.mark.parametrize("heavy,drawn", [(lambda w: w == 0 or w >= 8, 16), (lambda w: w == 0, 32)])
def test_weighted_worlds_are_topped_up_while_their_effective_sample_size_is_low(heavy, drawn):
    """Eight worlds of which one carries nearly all the weight: eight more are drawn, again, until the
    effective sample size reaches a quarter of the samples or four times the samples were drawn."""
    scores = Table(table(40))
    weigh = lambda worlds: np.array([0.0 if heavy(w) else -50.0 for w in worlds])  # noqa: E731
    scorer = pimc.Scorer(scores, by_mean, weigh=weigh, weighting="play", batch=4)
    est = pimc.run(InOrder(40), scorer, samples=8, seed=1, exact_limit=0)
    assert est.worlds == drawn == sum(len(b) for b in scores.batches)
    weights = np.array([1.0 if heavy(w) else np.exp(-50.0) for w in range(drawn)])
    assert est.ess == pytest.approx(weights.sum() ** 2 / (weights**2).sum())
    assert f"so {drawn} worlds were drawn" in " ".join(est.warnings)
    means = weights @ scores.table[:drawn] / weights.sum()
    assert sorted(m.mean for m in est.moves) == pytest.approx(sorted(means))


def test_unweighted_or_well_spread_worlds_are_not_topped_up():
    for weighting, weigh in ((None, None), ("play", lambda worlds: np.zeros(len(worlds)))):
        scores = Table(table(40))
        est = pimc.run(InOrder(40), pimc.Scorer(scores, by_mean, weigh=weigh, weighting=weighting), samples=8,
                       seed=1, exact_limit=0)
        assert est.worlds == 8 and not any("were drawn" in w for w in est.warnings)
