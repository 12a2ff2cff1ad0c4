"""Hints on the all-or-nothing contracts (Plunge, Splash: docs/rules.md §3.4-3.5): means in tricks,
P(make) from the solver's own `makes` after each move over a brute-force list of the consistent
deals, its standard error, ranks by P(make) then mean tricks, and the hint/1 JSON."""

from __future__ import annotations

import math
import random

import pytest
from dominosolver.errors import ParseError
from dominosolver.io import validate
from dominosolver.texas42 import Game, Position, Rules, Solver, hint
from dominosolver.texas42.sampling import position_of, sample_worlds
from support_views import brute_force_worlds

KINDS = {"plunge": (4, "168:plunge"), "splash": (3, "84:splash")}  # doubles needed, the least bid
TRUMPS = [0, 1, 2, 3, 4, 5, 6, "doubles", "follow-me"]


def special_position(kind: str, seed: int) -> Position:
    """A random deal in which some seat holds enough doubles for `kind`, that seat bidding it."""
    doubles, bid = KINDS[kind]
    rng = random.Random(f"{kind}-{seed}")
    while True:
        deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
        bidders = [s for s, h in enumerate(deal) if sum(t.is_double for t in h) >= doubles]
        if bidders:
            return Position(trump=rng.choice(TRUMPS), hands=deal, contract=(bidders[0], bid))


def along_the_pv(pos: Position, plays: int) -> Position:
    """`pos` after the first `plays` tiles of its principal variation (perfect play from both sides)."""
    for tile in Solver(16).solve(pos).pv[:plays]:
        pos.play(tile)
    return pos


def expected_stats(view, worlds) -> dict[str, tuple[float, float]]:
    """Per move: the mean over the worlds of the solver's value after it (tricks for the seat's
    side), and the fraction of worlds in which the solver says the declaring side then makes."""
    solver = Solver(tt_mb=4)
    per_move: dict[str, list[tuple[int, bool]]] = {}
    for w in worlds:
        pos = position_of(view, w)
        for move, value in solver.solve(pos, pv=False).moves.items():
            pos.play(move)
            per_move.setdefault(move, []).append((value, solver.solve(pos, pv=False).makes))
            pos.undo()
    return {m: (sum(v for v, _ in vs) / len(vs), sum(k for _, k in vs) / len(vs)) for m, vs in per_move.items()}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed,plays", [(0, 17), (1, 18), (2, 21), (3, 19)])
def test_exact_special_hint_is_the_average_over_every_consistent_deal(kind, seed, plays):
    pos = along_the_pv(special_position(kind, seed), plays)
    view = pos.view(pos.to_move)
    h = hint(view, threads=1)
    worlds = brute_force_worlds(view)
    assert h.exact and h.worlds == len(worlds) and h.units == "tricks"
    assert h.goal == ("make" if pos.side_of(pos.to_move) == pos.side_of(pos.contract.declarer) else "set")
    expected = expected_stats(view, worlds)
    assert {m.move for m in h.moves} == set(expected) == {str(t) for t in pos.legal_moves}
    for m in h.moves:
        mean, p_make = expected[m.move]
        assert m.mean == pytest.approx(mean, abs=1e-9)
        assert m.p_make == pytest.approx(p_make, abs=1e-9)
        assert m.stderr == 0 and m.p_make_stderr == 0


@pytest.mark.parametrize("kind", KINDS)
def test_one_consistent_deal_gives_the_exact_solve(kind):
    """Third to play in the last trick: only the fourth seat's one tile is unseen."""
    for seed in range(20):
        pos = along_the_pv(special_position(kind, seed), 26)
        view = pos.view(pos.to_move)
        h = hint(view, threads=1)
        if h.worlds != 1:
            continue
        exact = Solver(4).solve(pos)
        assert exact.units == "tricks" and {m.move: m.mean for m in h.moves} == exact.moves
        for m in h.moves:
            pos.play(m.move)
            assert m.p_make in (0.0, 1.0) and m.p_make == Solver(4).solve(pos).makes
            assert m.p_make_stderr == 0
            pos.undo()
        return
    pytest.fail("no special position with a single consistent deal")


def test_p_make_is_zero_once_the_declaring_side_lost_a_trick():
    """Determined: after the declaring side's first lost trick no move makes in any world."""
    for seed in range(40):
        pos = special_position("plunge", seed)
        declaring = pos.side_of(pos.contract.declarer)
        rng = random.Random(seed)
        while pos.tricks_won[1 - declaring] == 0 and pos.tricks_left > 2:
            pos.play(rng.choice(pos.legal_moves))
        if pos.tricks_won[1 - declaring] == 0 or pos.tricks_left < 2:
            continue
        h = hint(pos.view(pos.to_move), samples=30, seed=seed, threads=1)
        assert all(m.p_make == 0 and m.p_make_stderr == 0 for m in h.moves)
        assert h.moves == sorted(h.moves, key=lambda m: -m.mean)  # nothing to make: the mean decides
        return
    pytest.fail("no special position after a lost trick")


@pytest.mark.parametrize("kind", KINDS)
def test_sampled_special_hint_p_make_and_its_standard_error(kind):
    pos = along_the_pv(special_position(kind, 5), 4)
    view = pos.view(pos.to_move)
    h = hint(view, samples=30, seed=9, threads=1, exact_limit=0)
    assert h.method == "pimc" and h.worlds == 30
    expected = expected_stats(view, sample_worlds(view, 30, seed=9))
    for m in h.moves:
        mean, p = expected[m.move]
        assert m.mean == pytest.approx(mean, abs=1e-9) and m.p_make == pytest.approx(p, abs=1e-9)
        assert m.p_make_stderr == pytest.approx(math.sqrt(p * (1 - p) / 29), abs=1e-9)


@pytest.mark.parametrize("scoring", ["marks", "points"])
def test_special_moves_rank_by_p_make_then_mean_tricks(scoring):
    """All or nothing in either game: the chance of the seat's goal first, then the mean tricks."""
    for seed in range(4):
        base = special_position("splash", seed)
        pos = Position.from_json({**base.to_json(), "rules": {"scoring": scoring}})
        pos = along_the_pv(pos, 1 + seed)
        h = hint(pos.view(pos.to_move), samples=25, seed=seed, threads=1)
        keys = [(round(m.p_goal(h.goal), 9), round(m.mean, 9)) for m in h.moves]
        assert keys == sorted(keys, reverse=True)


def test_special_hint_json_carries_units_and_the_stderr_of_p_make():
    pos = along_the_pv(special_position("plunge", 7), 2)
    h = hint(pos.view(pos.to_move), samples=20, seed=1, threads=1, exact_limit=0)
    out = h.to_json()
    validate(out, "hint")
    assert out["units"] == "tricks"
    for m, row in zip(h.moves, out["moves"]):
        assert row["p_make"] == round(m.p_make, 6) and row["p_make_stderr"] == round(m.p_make_stderr, 6)
        assert 0 <= row["mean"] <= pos.tricks_left
    with pytest.raises(ParseError, match="units"):
        validate({**out, "units": "marks"}, "hint")
    assert "means in tricks" in str(h)


# Sevens and Nel-O: declarations that impose their contract row (docs/rules.md §3.3, §3.6).
CONTRACTS = ["sevens", "nello", "nello-high", "nello-low"]


def contract_position(trump: str, seed: int) -> Position:
    """A random deal in which a random seat declared `trump` on a one-mark bid."""
    rng = random.Random(f"{trump}-{seed}")
    deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
    return Position(trump=trump, hands=deal, contract=(rng.randrange(4), "42"),
                    rules=Rules(specials="all", nello_doubles_allowed="all"))


@pytest.mark.parametrize("trump", CONTRACTS)
@pytest.mark.parametrize("seed", [0, 1])
def test_exact_contract_hint_is_the_average_over_every_consistent_deal(trump, seed):
    pos = contract_position(trump, seed)
    pos = along_the_pv(pos, (pos.tricks_left - 2) * pos.trick_size + 1 + seed)
    view = pos.view(pos.to_move)
    h = hint(view, threads=1)
    worlds = brute_force_worlds(view)
    assert h.exact and h.worlds == len(worlds) and h.units == "tricks"
    expected = expected_stats(view, worlds)
    assert {m.move for m in h.moves} == set(expected) == {str(t) for t in pos.legal_moves}
    for m in h.moves:
        mean, p_make = expected[m.move]
        assert m.mean == pytest.approx(mean, abs=1e-9) and m.p_make == pytest.approx(p_make, abs=1e-9)


@pytest.mark.parametrize("trump", CONTRACTS)
def test_contract_moves_rank_by_p_make_then_the_tricks_the_seat_wants(trump):
    """The chance of the seat's goal first, then the mean tricks: more under Sevens, fewer under
    Nel-O, where every seat plays to take none."""
    sign = -1 if trump.startswith("nello") else 1
    for seed in range(3):
        pos = along_the_pv(contract_position(trump, seed), 1 + seed)
        h = hint(pos.view(pos.to_move), samples=25, seed=seed, threads=1)
        keys = [(round(m.p_goal(h.goal), 9), round(sign * m.mean, 9)) for m in h.moves]
        assert keys == sorted(keys, reverse=True)
