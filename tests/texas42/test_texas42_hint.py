"""Play hints: exact hints equal the average of independent exact solves over a brute-force list of
the consistent deals; sampled hints equal the average over the seeded deals; P(make) follows the
contract and the points already taken; ranks, time limits and errors."""

from __future__ import annotations

import pytest
from dominosolver.errors import InvalidViewError, ParseError
from dominosolver.texas42 import Game, Position, Solver, hint
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.sampling import position_of, sample_worlds
from support_views import brute_force_worlds, random_position


def declarer_makes(view, seat_team_points: int, remaining: int) -> bool:
    """Independent statement of the contract: the declaring side must reach the bid (all 42 points,
    i.e. every trick, for a bid of 42 or more), counting what it has taken already."""
    declarer = view.contract.declarer & 1
    theirs = seat_team_points if view.seat & 1 == declarer else remaining - seat_team_points
    need = min(42, view.contract.bid)
    return view.points[declarer] + theirs >= need


def expected_stats(view, worlds):
    solver = Solver(tt_mb=4)
    per_move: dict[str, list[int]] = {}
    remaining = None
    for w in worlds:
        pos = position_of(view, w)
        remaining = pos.remaining_points
        for move, value in solver.solve(pos, pv=False).moves.items():
            per_move.setdefault(move, []).append(value)
    out = {}
    for move, vals in per_move.items():
        made = [declarer_makes(view, v, remaining) for v in vals]
        out[move] = (sum(vals) / len(vals), sum(made) / len(made))
    return out


def tied_for_best(h, expected) -> set[str]:
    """The moves whose chance of the seat's goal (by the independent solves) is the best: those the
    hint's cheap path (means="tied") values, when two or more tie."""
    goal = {m: p if h.goal == "make" else 1 - p for m, (_, p) in expected.items()}
    best = max(goal.values())
    tied = {m for m, p in goal.items() if abs(p - best) < 1e-9}
    return tied if len(tied) > 1 else set()


def assert_agrees(h, expected, means: str) -> None:
    """Every move's P(make) as the independent solves give it; the means of every move (means="all")
    or of the moves tied for the best chance alone (means="tied"), the others None."""
    valued = set(expected) if means == "all" else tied_for_best(h, expected)
    for m in h.moves:
        mean, p_make = expected[m.move]
        assert m.p_make == pytest.approx(p_make, abs=1e-9), m.move
        if m.move in valued:
            assert m.mean == pytest.approx(mean, abs=1e-9), m.move
        else:
            assert m.mean is None and m.stderr is None, m.move


@pytest.mark.parametrize("means", ["all", "tied"])
@pytest.mark.parametrize("seed,plays", [(s, p) for s in range(5) for p in (17, 18, 21)])
def test_exact_hint_is_the_average_over_every_consistent_deal(seed, plays, means):
    pos = random_position(seed, plays)
    view = pos.view(pos.to_move)
    h = hint(view, threads=1, means=means)
    assert h.exact and h.method == "exact" and h.seed is None
    worlds = brute_force_worlds(view)
    assert h.worlds == len(worlds)
    expected = expected_stats(view, worlds)
    assert {m.move for m in h.moves} == set(expected) == {str(t) for t in pos.legal_moves}
    assert_agrees(h, expected, means)
    assert all(m.stderr in (0, None) for m in h.moves)


@pytest.mark.parametrize("means", ["all", "tied"])
def test_sampled_hint_is_the_average_over_its_seeded_deals(means):
    pos = random_position(11, 6)
    view = pos.view(pos.to_move)
    h = hint(view, samples=40, seed=5, threads=2, means=means)
    assert h.method == "pimc" and not h.exact and h.worlds == 40 and h.seed == 5
    expected = expected_stats(view, sample_worlds(view, 40, seed=5))
    assert_agrees(h, expected, means)
    for m in h.moves:
        assert m.mean is None or m.stderr > 0 or len(set(expected)) == 1
    again = hint(view, samples=40, seed=5, threads=1, means=means)
    assert [(m.move, m.mean, m.p_make) for m in again.moves] == [
        (m.move, m.mean, m.p_make) for m in h.moves
    ]


def test_the_cheap_path_ranks_as_every_moves_values_do():
    """means="tied" gives every move the same P(make) and the same best move(s) as means="all",
    on sampled views through the hand, with fewer nodes where one move leads alone."""
    fewer = 0
    for seed in range(12):
        pos = random_position(seed, seed % 4 * 4)
        view = pos.view(pos.to_move)
        full = hint(view, samples=30, seed=seed, threads=1, means="all")
        cheap = hint(view, samples=30, seed=seed, threads=1)
        assert {m.move: m.p_make for m in cheap.moves} == {m.move: m.p_make for m in full.moves}
        assert {m.move for m in cheap.moves if m.rank == 1} == {m.move for m in full.moves if m.rank == 1}
        means = {m.move: m.mean for m in full.moves}
        for m in cheap.moves:
            assert m.mean is None or m.mean == pytest.approx(means[m.move], abs=1e-9)
        fewer += cheap.nodes < full.nodes
    assert fewer >= 6


def test_a_seed_is_chosen_and_reported():
    view = random_position(3, 4).view(random_position(3, 4).to_move)
    h = hint(view, samples=10, threads=1)
    assert isinstance(h.seed, int)
    again = hint(view, samples=10, seed=h.seed, threads=1)
    assert [m.mean for m in again.moves] == [m.mean for m in h.moves]


def test_ranks_follow_the_goal_then_the_mean():
    """Marks game with a contract: chance of the seat's goal first, mean points second; ties share."""
    for seed in range(8):
        pos = random_position(seed, 9)
        h = hint(pos.view(pos.to_move), samples=30, seed=seed, threads=1)
        keys = [(round(m.p_goal(h.goal), 9), -1e9 if m.mean is None else round(m.mean, 9)) for m in h.moves]
        assert keys == sorted(keys, reverse=True)
        assert h.moves[0].rank == 1 and h.best == h.moves[0].move
        for i in range(1, len(keys)):
            assert h.moves[i].rank == (h.moves[i - 1].rank if keys[i] == keys[i - 1] else i + 1)
        assert h.goal == ("make" if pos.to_move & 1 == pos.contract.declarer & 1 else "set")


def test_known_holding_matches_the_exact_solve():
    """When only one deal fits (the last trick with one unseen tile per hand... or a settled split),
    the hint is the exact solve."""
    for seed in range(30):
        pos = random_position(seed, 24)
        view = pos.view(pos.to_move)
        h = hint(view, threads=1, means="all")
        if h.worlds == 1:
            exact = Solver(4).solve(pos)
            assert {m.move: m.mean for m in h.moves} == exact.moves
            return
    pytest.fail("no position with a single consistent deal")


def test_time_limit_and_stop_cut_the_sampling_between_batches():
    pos = random_position(2, 8)
    view = pos.view(pos.to_move)
    h = hint(view, samples=100, seed=1, time=0.0, threads=1)
    assert h.worlds == 25 and any("stopped after 25" in w for w in h.warnings)
    reports = []
    h = hint(
        view,
        samples=60,
        seed=1,
        threads=1,
        on_progress=reports.append,
        should_stop=lambda: len(reports) >= 2,
    )
    assert [r.worlds for r in reports] == [25, 50] and h.worlds == 50
    full = hint(view, samples=60, seed=1, threads=1)
    assert full.worlds == 60 and not full.warnings


def test_hint_accepts_positions_games_and_json():
    game = Game(seed=9)
    bot = RuleBot()
    while game.phase != "playing":
        game.play(bot.choose(game))
    a = hint(game, samples=8, seed=3, threads=1)
    b = hint(game.view(game.to_move).to_json(), samples=8, seed=3, threads=1)
    c = hint(game.position, samples=8, seed=3, threads=1)
    assert a.moves == b.moves == c.moves
    assert a.view.auction == tuple(game.auction) and b.view.auction == a.view.auction


def test_hint_errors():
    pos = random_position(1, 5)
    with pytest.raises(InvalidViewError):
        hint(pos.view((pos.to_move + 1) % 4))
    with pytest.raises(ParseError, match="unknown weighting 'psychic'"):  # an option, not the view (issue 40)
        hint(pos.view(pos.to_move), weighting="psychic")
    with pytest.raises(InvalidViewError):
        hint(Game(seed=1).view(1))  # still bidding


def test_defenders_see_p_make_of_the_declarer():
    """A defender's p_make is still the declarer's chance (counting the declarer's points from the
    tricks already taken); its goal is to set the contract."""
    pos = Position(
        "trump=6 leader=N hands=66.65.64.63.62.61.60/55.54.53.52.51.50.44/43.42.41.40.33.32.31/30.22.21.20.11.10.00 contract=N30"
    )
    for tile in ("6-6", "5-5", "4-3", "3-0", "6-5", "5-4", "4-2"):
        pos.play(tile)
    assert pos.points == (11, 0) and pos.to_move == 3
    view = pos.view(3)
    h = hint(view, samples=12, seed=2, threads=1)
    assert h.goal == "set"
    expected = expected_stats(view, sample_worlds(view, 12, seed=2))
    for m in h.moves:
        assert m.p_make == pytest.approx(expected[m.move][1], abs=1e-9)
        assert m.p_goal("set") == pytest.approx(1 - m.p_make)


def test_a_stopped_enumeration_solved_a_shuffled_prefix_of_the_worlds():
    """Enumerated worlds are built a batch at a time, in the order shuffling the whole list with
    random.Random(0) gives (the order hints had when every world was listed first)."""
    import random

    from dominosolver.texas42.sampling import WorldSampler

    pos = random_position(0, 17)
    view = pos.view(pos.to_move)
    worlds = list(WorldSampler(view))
    assert 25 < len(worlds) <= 2000
    random.Random(0).shuffle(worlds)
    h = hint(view, threads=1, should_stop=lambda: True)
    assert h.worlds == 25 and h.method == "pimc" and "partial enumeration" in " ".join(h.warnings)
    expected = expected_stats(view, worlds[:25])
    for m in h.moves:
        assert m.mean == pytest.approx(expected[m.move][0], abs=1e-9)
