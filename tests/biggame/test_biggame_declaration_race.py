"""The best declaration (``LevelTests.best``: a race over every level at once, ``bid_tests._Race``,
which a limit only cuts short) against a plain exhaustive ranking: every declaration tested on every deal at
every level by a solver of its own, without a node budget, the shares counted and ranked by the
first level, then the levels above, then the order of the declarations. The race must choose the
same declaration with the same share at the contract's level, and every share it reports exact must
be the plain one; a limit the race outlasts changes nothing, one that cuts it short gives the
leader by the proven bounds. Standard 42 (whole deals in milliseconds) over random hands and seeds, where ties
at the levels above are common on a few deals; The Big Game's own hand of the tie levels below.
The exchange's ranking of the discards (``advise_exchange``), which takes over the declaration's
bounds for its rule of thumb's discard, against the same plain ranking of every discard."""

from __future__ import annotations

import random

import numpy as np
import pytest
from dominosolver import _core
from dominosolver.biggame import BigGame
from dominosolver.biggame.exchange import DiscardTests, advise_exchange
from dominosolver.texas42 import Rules
from dominosolver.texas42.bid_tests import BidTests, _Race
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.view import PlayerView
from dominosolver.tiles import Tile


def random_view(rng: random.Random) -> PlayerView:
    tiles = sorted(rng.sample([Tile(f"{a}-{b}") for a in range(7) for b in range(a + 1)], 7), reverse=True)
    return PlayerView.before_play(0, Rules(), tuple(tiles), (), to_move=0)


def plain_shares(tests: BidTests, levels: list[int]) -> np.ndarray:
    """[level, declaration]: the share of deals taking the level, each test on a fresh solver."""
    made = np.zeros((len(levels), len(tests.options)))
    for k, at in enumerate(levels):
        for d in range(len(tests.options)):
            for w in range(tests.samples):
                made[k, d] += bool(_core.texas42.Solver(4).can_reach(tests.position(d, w), at, 0))
    return made / tests.samples


def plain_best(shares: np.ndarray) -> int:
    """The declaration of the largest share at the first level, then at each level above, then the first."""
    return min(range(shares.shape[1]), key=lambda d: ([-x for x in shares[:, d]], d))


# (hand, deals, level): the best alone at the first level; tied there and first of the tied; a tie
# there broken at the next level by a later declaration; broken only at the third level.
CASES = [(1, 3, 30), (7, 4, 32), (2, 4, 30), (4, 3, 31), (2, 3, 28), (9, 5, 31), (13, 3, 34), (36, 5, 31),
         (39, 2, 31), (50, 2, 28)]


@pytest.mark.parametrize("hand_seed,samples,level", CASES)
@pytest.mark.parametrize("threads", [1, 2])
def test_the_race_chooses_as_the_plain_exhaustive_ranking(hand_seed, samples, level, threads):
    view = random_view(random.Random(hand_seed))
    tests = BidTests(view, samples=samples, seed=hand_seed * 7 + samples, threads=threads)
    levels = tests.levels(level)
    best = tests.best(level)
    shares = plain_shares(tests, levels)
    assert best == tests.options[plain_best(shares)]
    d = tests.options.index(best)
    assert tests.tested(level).unknown[d] == 0 and tests.p_make(level)[d] == shares[0, d]
    for k, at in enumerate(levels):
        t = tests.tested(at)
        exact = t.unknown == 0
        # What is proven agrees with the plain tests: exact shares equal, bounds around the others.
        assert np.array_equal(t.low[exact], shares[k][exact])
        assert (t.low <= shares[k]).all() and (shares[k] <= t.high).all()
    # Every declaration but the best is out because another is sure to rank above it.
    assert tests.contenders(levels) == [d]


def test_the_race_breaks_a_tie_at_every_level_by_the_order_of_the_declarations():
    # With every eight but 8-2, 7-7, 7-6 and 7-5 in The Big Game several declarations take 52 on
    # every deal, the most there is at each of the levels 42, 47 and 52: the first of them in the
    # order of the declarations is the best, as the plain ranking has it, the others out without
    # a test past what puts the first level with them.
    view = PlayerView.from_json({
        "game": "biggame", "seat": "N", "contract": {"declarer": "N", "bid": 42}, "hand_sizes": [12, 11, 11, 11],
        "hand": ["8-8", "8-7", "8-6", "8-5", "8-4", "8-3", "8-2", "8-1", "8-0", "7-7", "7-6", "7-5"]})
    tests = BidTests(view, samples=2, seed=3)
    best = tests.best(42)
    assert tests.levels(42) == [42, 47, 52]
    first = next(d for d in range(len(tests.options))
                 if all(_core.texas42.Solver(16).can_reach(tests.position(d, w), 52, 0) for w in range(2)))
    assert best == tests.options[first]
    assert tests.tested(42).made[first] == 2 and tests.contenders(tests.levels(42)) == [first]


def leader(tests: BidTests, level: int) -> object:
    """The largest proven shares level by level, then the largest shares possible, then the first."""
    t = [tests.tested(at) for at in tests.levels(level)]
    return tests.options[min(range(len(tests.options)),
                             key=lambda d: ([-x.made[d] for x in t], [x.failed[d] for x in t], d))]


@pytest.mark.parametrize("hand_seed,samples,level", CASES[:6])
def test_a_limit_the_race_outlasts_changes_nothing(hand_seed, samples, level):
    # A limit the race outlasts (of nodes or an hour) gives the answer and exact share of none.
    view, seed = random_view(random.Random(hand_seed)), hand_seed * 7 + samples
    free = BidTests(view, samples=samples, seed=seed)
    best = free.best(level)
    d = free.options.index(best)
    for limit in ({"max_nodes": 10**12}, {"time": 3600}):
        tests = BidTests(view, samples=samples, seed=seed)
        assert tests.best(level, **limit) == best
        assert tests.tested(level).unknown[d] == 0 and tests.p_make(level)[d] == free.p_make(level)[d]
        assert tests.contenders(tests.levels(level)) == [d]


@pytest.mark.parametrize("hand_seed,samples,level", CASES[:6])
@pytest.mark.parametrize("part", [8, 4, 2])
def test_a_limit_cuts_the_race_short_to_the_leader_by_the_proven_bounds(hand_seed, samples, level, part):
    view, seed = random_view(random.Random(hand_seed)), hand_seed * 7 + samples
    free = BidTests(view, samples=samples, seed=seed)
    free.best(level)
    tests = BidTests(view, samples=samples, seed=seed)
    best = tests.best(level, max_nodes=free.nodes // part)
    assert best == leader(tests, level)
    levels = tests.levels(level)
    assert tests.options.index(best) in tests.contenders(levels)  # never one sure to rank below another
    # What is proven agrees with the unlimited race wherever both settled a deal.
    for k, at in enumerate(levels):
        sure = (tests.lower >= at) | (tests.upper < at)
        done = (free.lower >= at) | (free.upper < at)
        assert np.array_equal((tests.lower >= at)[sure & done], (free.lower >= at)[sure & done])


def test_a_time_limit_of_none_left_is_the_first_pass():
    # No time: the first pass only (each declaration on the first deal), the answer the leader by it.
    tests = BidTests(random_view(random.Random(13)), samples=4, seed=2)
    assert tests.best(30, time=0) == leader(tests, 30)
    assert tests.tests == len(tests.options)


def test_a_stop_ends_the_race_on_what_is_proven():
    tests = BidTests(random_view(random.Random(12)), samples=4, seed=2)
    best = tests.best(30, should_stop=lambda: True)
    assert tests.stopped and best == leader(tests, 30)


def exchange_view(seed: int) -> PlayerView:
    game, bot = BigGame(seed=seed), RuleBot()
    while game.phase == "bidding":
        game.play(bot.choose(game))
    return game.view(game.to_move)


@pytest.mark.parametrize("seed", [1, 6])
def test_the_exchange_ranks_the_discards_as_the_plain_exhaustive_ranking(seed):
    view = exchange_view(seed)
    advice = advise_exchange(view, samples=2, seed=seed)
    trump, levels = advice.declaration, advice.levels
    # Every legal discard in the rule of thumb's order (the order that breaks a tie at every level).
    legal = sorted((c.discard for c in advice.choices),
                   key=lambda t: (isinstance(trump, int) and trump in (t.hi, t.lo), t.is_double, t.pips, t.id))
    shares = plain_shares(DiscardTests(view, trump, legal, 2, seed), levels)
    order = sorted(range(len(legal)), key=lambda i: ([-x for x in shares[:, i]], i))
    assert [c.discard for c in advice.choices] == [legal[i] for i in order]
    for c in advice.choices:
        i = legal.index(c.discard)
        assert c.unknown[0] == 0 and c.p_make == shares[0, i]
        assert all(c.shares[k] == shares[k, i] for k in range(len(levels)) if c.unknown[k] == 0)
        assert c.rank == 1 + sum(tuple(shares[:, j]) > tuple(shares[:, i]) for j in range(len(legal)))
    if seed == 6:  # the declaration too (the plain test of every declaration takes seconds)
        declaring = BidTests(view, 2, seed)
        assert trump == declaring.options[plain_best(plain_shares(declaring, levels))]


def test_the_discard_tests_take_over_the_declarations_bounds_for_its_rule_of_thumb():
    view = exchange_view(6)
    declaring = BidTests(view, 3, 4)
    trump = declaring.best_declaration(44)
    legal = [Tile(t) for t in ("7-2", "4-3", "7-1")]
    tests = DiscardTests(view, trump, legal, 3, 4, deals=declaring)
    d = declaring.options.index(trump)
    assert (declaring.lower[d] > 0).any() or (declaring.upper[d] < 66).any()  # something proven to carry
    seat, twelve = view.seat, sum(1 << t.id for t in view.hand)
    for w in range(3):
        laid = twelve & ~declaring.position(d, w).hands[seat]  # the rule of thumb's discard on this deal
        for i, tile in enumerate(legal):
            carried = (tests.lower[i, w], tests.upper[i, w]) == (declaring.lower[d, w], declaring.upper[d, w])
            assert carried if laid == 1 << tile.id else (tests.lower[i, w], tests.upper[i, w]) == (0, 66)


def levels_tested(tests: BidTests) -> list[int]:
    """Wraps ``tests``' tests to record the level of each (in order); returns the record."""
    record: list[int] = []
    test = tests._test

    def recorded(pairs, level, nodes, limit):
        record.extend(level if isinstance(level, list) else [level] * len(pairs))
        return test(pairs, level, nodes, limit)

    tests._test = recorded
    return record


# (hand, deals, level) whose best declaration takes the first level on more deals than any other
# (testing every level at once, a limit the race outlasts ran 7, 2, 12, 36 and 23 tests above it).
FIRST_LEVEL_DECIDES = [(1, 3, 30), (7, 4, 32), (100, 4, 30), (107, 5, 32), (157, 4, 32)]


@pytest.mark.parametrize("hand_seed,samples,level", FIRST_LEVEL_DECIDES)
def test_under_a_limit_a_leader_the_first_level_decides_leaves_the_levels_above_untested(hand_seed, samples, level):
    # One declaration's share at the first level exceeds every other's: the levels above cannot
    # change the answer, and under a limit (one the race outlasts) none of their tests is run.
    view, seed = random_view(random.Random(hand_seed)), hand_seed * 7 + samples
    tests = BidTests(view, samples=samples, seed=seed)
    levels = tests.levels(level)
    shares = plain_shares(tests, levels)
    first = sorted(shares[0], reverse=True)
    assert first[0] > first[1]
    record = levels_tested(tests)
    assert tests.best(level, max_nodes=10**12) == tests.options[plain_best(shares)]
    assert record and set(record) == {level}


def hand_race(bounds: dict[tuple[int, int], tuple[int, int]], limited: bool) -> tuple[BidTests, _Race]:
    """A race over 42's nine declarations on two deals at 30 (tie levels 35, 40) whose tests proved
    ``bounds`` ({(declaration, deal): (lower, upper)}; the others fail 30 on both deals), none run."""
    tests = BidTests(random_view(random.Random(1)), samples=2, seed=1)
    tests.upper[:] = 29
    for (d, w), (low, high) in bounds.items():
        tests.lower[d, w], tests.upper[d, w] = low, high
    return tests, _Race(tests, tests.levels(30), tests._limit(None, 10**9 if limited else 0))


def test_under_a_limit_a_level_above_goes_first_to_a_certain_tie_below():
    # Declarations 0 and 1 take 30 on both deals (settled, tied for certain); 2 takes it on one deal
    # and is unsettled on the other (it may tie them); 3 is unsettled at 30 on both.
    bounds = {(0, 0): (30, 42), (0, 1): (30, 42), (1, 0): (30, 42), (1, 1): (30, 42),
              (2, 0): (30, 42), (2, 1): (0, 42), (3, 0): (0, 42), (3, 1): (0, 42)}
    _, race = hand_race(bounds, limited=True)
    race.tests.threads = 9
    batch, _ = race.batch()
    tested = {(d, race.levels[k]) for d, _, k in batch}
    # The first level's open deals, and the level above for the certain tie only: not yet for
    # 2 or 3, whose tie there is only possible (a test at 30 may end it).
    assert {(2, 30), (3, 30), (0, 35), (1, 35)} <= tested
    assert not {(2, 35), (3, 35), (2, 40), (3, 40)} & tested
    # Without a limit the race tests every level where a tie is possible, the lowest first.
    _, free = hand_race(bounds, limited=False)
    free.tests.threads = 9
    batch, _ = free.batch()
    assert {(d, free.levels[k]) for d, _, k in batch} >= {(2, 30), (3, 30), (0, 35), (1, 35), (2, 35)}
