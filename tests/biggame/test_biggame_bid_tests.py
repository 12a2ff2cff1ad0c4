"""Bid decisions by zero-window tests (texas42/bid_tests.py): the shares they prove agree with the
exact values of ``advise_bid`` on the same deals (standard 42, where whole deals solve in
milliseconds), a question runs only the tests its answer needs, and under a node budget a test cut
short leaves its deal unknown, counted as not made. The Big Game's hint bot bids and declares with
them."""

from __future__ import annotations

import json
from importlib import import_module

import numpy as np
import pytest
from click.testing import CliRunner

from dominosolver import _core, games
from dominosolver.arena import run_arena, summarise
from dominosolver.biggame import BigGame
from dominosolver.cli.main import cli
from dominosolver.errors import InvalidPositionError, InvalidViewError, ParseError
from dominosolver.texas42 import Position, Rules, Solver, advise_bid
from dominosolver.texas42.bid_tests import BidTests
from dominosolver.texas42.bots import HintBot, RuleBot, choose_tile
from dominosolver.texas42.view import PlayerView
from dominosolver.tiles import Tile

hint_module = import_module("dominosolver.texas42.hint")  # the package's `hint` is the function
HAND = "66.65.64.62.55.33.10"
SAMPLES, SEED = 24, 5


def view_42(hand: str = HAND) -> PlayerView:
    tiles = tuple(sorted((Tile(t) for t in hand.split(".")), reverse=True))
    return PlayerView.before_play(0, Rules(), tiles, (), to_move=0)


@pytest.fixture(scope="module")
def exact():
    """advise_bid's exact points per declaration and deal, and tests on the same deals."""
    return advise_bid(HAND, samples=SAMPLES, seed=SEED, threads=1)


@pytest.mark.parametrize("level", [30, 34, 38, 42])
def test_settled_shares_equal_the_exact_values(exact, level):
    tests = BidTests(view_42(), samples=SAMPLES, seed=SEED)
    settled = tests.settle(level)
    assert not settled.unknown.any()
    assert np.array_equal(settled.low, (exact.points >= level).mean(axis=1))
    # Each settled deal's bounds bracket its exact value.
    assert (tests.lower <= exact.points).all() and (exact.points <= tests.upper).all()


@pytest.mark.parametrize("level,risk", [(30, 0.5), (34, 0.75), (38, 0.75), (42, 0.5), (42, 0.1)])
def test_a_bid_question_answers_as_the_exact_values_do(exact, level, risk):
    tests = BidTests(view_42(), samples=SAMPLES, seed=SEED)
    want = bool(((exact.points >= level).mean(axis=1) >= risk).any())
    assert tests.makes_any(level, risk) == want
    assert tests.tests < len(tests.declarations) * SAMPLES  # only the tests the answer needs


def test_the_best_declaration_is_the_exact_largest_share(exact):
    tests = BidTests(view_42(), samples=SAMPLES, seed=SEED)
    best = tests.best_declaration(34)
    shares = (exact.points >= 34).mean(axis=1)
    assert shares[exact.declarations.index(best)] == shares.max()


def test_tests_cut_short_count_as_not_made():
    game = BigGame(seed=2)
    tests = BidTests(game.view(game.to_move), samples=3, seed=1)
    answer = tests.makes_any(50, 0.3, max_nodes=1)  # hardly any whole deal is settled in one node
    t = tests.tested(50)
    assert tests.cut > 0 and t.unknown.sum() > 0
    assert answer == bool((t.made >= 1).any())  # 0.3 of 3 deals: one proven deal, unknown ones not counted
    assert np.array_equal(tests.p_make(50), t.made / 3)
    assert (t.made + t.failed + t.unknown == 3).all()
    assert "cut short" in tests.summary(50)


def test_a_time_limit_stops_the_tests():
    game = BigGame(seed=2)
    tests = BidTests(game.view(game.to_move), samples=4, seed=1)
    tests.makes_any(44, 0.75, time=0)  # the first pass only
    assert tests.tests == len(tests.declarations)


def test_a_limit_the_first_level_could_spend_alone_leaves_the_tie_levels_tested():
    # The bidder of 42 holding every eight but 8-2 and 7-7, 7-6, 7-5: sevens, eights and follow-me take
    # 42 on every deal at once, the other declarations need millions of nodes a deal. A limit the
    # first level could spend alone on those must still test the levels that break the tie (the
    # race gives each level its share of the nodes), not leave it to the order of the declarations.
    view = PlayerView.from_json({
        "game": "biggame", "seat": "N", "contract": {"declarer": "N", "bid": 42}, "hand_sizes": [12, 11, 11, 11],
        "hand": ["8-8", "8-7", "8-6", "8-5", "8-4", "8-3", "8-2", "8-1", "8-0", "7-7", "7-6", "7-5"]})
    tests = BidTests(view, samples=4, seed=1)
    best = tests.best_declaration(42, max_nodes=6_000_000)
    levels = tests.levels(42)
    assert tests.tested(42).unknown.any()  # the limit ended the race with the first level open
    leaders = [d for d, made in enumerate(tests.tested(42).made) if made == 4]
    assert len(leaders) > 1  # a tie at 42 (each proven on its own below)
    d = tests.options.index(best)
    assert d in leaders
    for at in levels[1:]:
        # The best's share at each tie level is proven, deal by deal as a solver of its own finds it.
        want = sum(bool(_core.texas42.Solver(16).can_reach(tests.position(d, w), at, 10**9)) for w in range(4))
        assert tests.tested(at).unknown[d] == 0 and tests.tested(at).made[d] == want
    # The best: the largest proven shares level by level, then the largest possible, then the order.
    lo = [[int(tests.tested(at).made[e]) for at in levels] for e in range(len(tests.options))]
    hi = [[4 - int(tests.tested(at).failed[e]) for at in levels] for e in range(len(tests.options))]
    assert d == min(range(len(tests.options)), key=lambda e: ([-x for x in lo[e]], [-x for x in hi[e]], e))


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(InvalidViewError, match="trump is named"):
        BidTests(PlayerView.of_position(Position("trump=4 leader=N hands=64.44/33.21/66.55/10.00"), 0))
    with pytest.raises(ParseError, match="samples"):
        BidTests(view_42(), samples=0)
    tests = BidTests(view_42(), samples=2, seed=1)
    with pytest.raises(ParseError, match="risk"):
        tests.makes_any(30, 1.5)
    with pytest.raises(ParseError, match="max_nodes"):
        tests.makes_any(30, 0.5, max_nodes=-1)
    with pytest.raises(ParseError, match="level"):
        tests.tested(-3)


def test_can_reach_under_a_node_budget():
    game = BigGame(seed=1)
    while game.phase != "playing":
        game.play(RuleBot().choose(game))
    pos, solver = game.position, Solver(tt_mb=16)
    assert solver.can_reach(pos, 30, max_nodes=100) is None
    assert solver.nodes <= 101
    small = Position("trump=4 leader=N hands=64.44/33.21/66.55/10.00")
    value = solver.value(small)
    assert solver.can_reach(small, value, max_nodes=10_000) is True
    assert solver.can_reach(small, value + 1, max_nodes=10_000) is False


def test_a_node_budget_bounds_a_contract_in_tricks_too():
    # One trick engine for every goal: a budget too small leaves the question open, a large one
    # answers it as the search without a budget does.
    nello = Position(trump="nello", contract=(0, 42),
                     hands=["65.52.50.44.22.21.20", "61.60.55.51.42.40.33", "66.64.53.41.31.30.11",
                            "63.62.54.43.32.10.00"])
    answer = Solver().can_reach(nello, 1)  # does the declarer, on lead, take a trick?
    assert Solver().solve(nello, moves=False, pv=False).nodes > 1
    assert Solver().can_reach(nello, 1, max_nodes=1) is None
    assert Solver().can_reach(nello, 1, max_nodes=10**9) == answer


class ViewOnlyGame:
    """A game seen through the seat to move's eyes: phase, legal moves, contract, moves and its view."""

    def __init__(self, game: BigGame) -> None:
        self._game = game
        self.phase, self.to_move, self.contract = game.phase, game.to_move, game.contract
        self.legal_moves, self.moves = game.legal_moves, game.moves

    def view(self, seat: int) -> PlayerView:
        assert seat == self._game.to_move
        return self._game.view(seat)


def test_the_hint_bot_bids_exchanges_and_declares_the_big_game_from_its_view():
    game, bot, rule = BigGame(seed=4), HintBot(seed=1, bid_samples=4, bid_time=0.5), RuleBot()
    while game.phase != "playing":
        move = bot.choose(ViewOnlyGame(game)) if game.to_move % 2 == 0 else rule.choose(game)
        assert move in game.legal_moves
        game.play(move)
    assert game.trump in game.rules.table_declarations


def test_a_first_trick_hint_that_solves_no_world_falls_back_to_the_rule_of_thumb(monkeypatch):
    monkeypatch.setattr(hint_module, "NODES_PER_SECOND", 0)
    monkeypatch.setattr(hint_module, "MIN_WORLD_NODES", 1)  # every world cut short at once
    game, rule = BigGame(seed=4), RuleBot()
    while game.phase != "playing":
        game.play(rule.choose(game))
    bot = HintBot(seed=1, samples=2)
    move = bot.choose(ViewOnlyGame(game))
    assert move in game.legal_moves and bot.fallbacks == 1
    assert move.value == choose_tile(game.position)  # the rule of thumb reads the seat's tiles and the trick


def test_the_big_game_arena_plays_hint_bots_against_rule_bots():
    arena = games.get("biggame").arena
    options = {**arena.defaults, "samples": 2, "bid_samples": 2, "bid_time": 0.3, "hint_time": 0.3}
    results = run_arena(arena, 2, [("hint", "rule")], seed=5, options=options)
    assert len(results) == 2
    for r in results:
        assert r["game"] == "biggame" and r["pair"] == ["hint", "rule"] and len(r["games"]) == 2
        assert {g["a_side"] for g in r["games"]} == {0, 1}  # each deal played with the sides swapped
        for g in r["games"]:
            assert sum(g["points"]) == 66 and (g["contract"] is None or g["made"] in (True, False))
    (stats,) = summarise(arena, results)
    assert stats.deals == 2 and stats.mean_diff == sum(r["diff"] for r in results) / 2
    with pytest.raises(ParseError, match="bid_time"):
        HintBot(bid_time=-1)


def test_the_cli_arena_takes_the_big_game_limits_and_a_node_budget_alone_drops_the_time_limit():
    base = ["arena", "biggame", "--deals", "1", "--bots", "rule,random", "--json"]
    timed = CliRunner().invoke(cli, [*base, "--bid-time", "1.5", "--hint-time", "0.5"])
    assert timed.exit_code == 0, timed.output
    assert json.loads(timed.output)["options"] == {**games.get("biggame").arena.defaults, "bid_time": 1.5,
                                                   "hint_time": 0.5}
    budget = CliRunner().invoke(cli, [*base, "--bid-nodes", "2000000"])
    assert budget.exit_code == 0, budget.output
    options = json.loads(budget.output)["options"]
    assert options["bid_nodes"] == 2_000_000 and options["bid_time"] is None
    assert HintBot(**{k: options[k] for k in ("bid_time", "hint_time", "bid_nodes")}).bid_time is None


def test_a_node_budget_makes_a_decision_the_same_on_any_machine():
    game = BigGame(seed=2)
    view = game.view(game.to_move)
    runs = []
    for _ in range(2):
        tests = BidTests(view, samples=4, seed=3)
        answer = tests.makes_any(44, 0.75, max_nodes=3_000_000)
        runs.append((answer, tests.tests, tests.nodes, tests.lower.tolist(), tests.upper.tolist()))
        # The first pass may overrun a tiny budget; past it every test gets at most what is left
        # (and a cut test its last node over).
        assert tests.nodes <= 3_000_000 + tests.tests
    assert runs[0] == runs[1]
    bot = HintBot(bid_time=None, bid_nodes=1_000_000)
    assert bot.bid_nodes == 1_000_000 and bot.bid_time is None
    with pytest.raises(ParseError, match="bid_nodes"):
        HintBot(bid_nodes=-5)
