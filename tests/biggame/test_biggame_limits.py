"""Every Big Game search bounded by what the caller may ask (issue 40, points 1 and 6): the exchange's
and the bid advice's tests take at most MAX_SAMPLES deals (more is refused by name) in a few MB
besides their tables, keep their time, end within a fraction of a second on a stop request, and
Ctrl-C leaves any long Big Game work at once (the exchange, bid advice, a deal table, a batch of
whole-deal solves, a hint); the next call works. No tight wall-clock verdicts: each bound is
generous for a loaded machine (a whole-deal test alone may take seconds)."""

from __future__ import annotations

import io
import json
import threading
import time
import tracemalloc

import pytest
from dominosolver import games
from dominosolver.biggame import BigGame
from dominosolver.engine.server import EngineServer
from dominosolver.errors import ParseError
from dominosolver.texas42 import Position, Rules, advise_bid, dd_table, solve_batch
from dominosolver.texas42.bid_tests import MAX_SAMPLES, MEMORY_MB, BidTests
from dominosolver.texas42.bots import RuleBot
from dominosolver.biggame.exchange import DiscardTests, advise_exchange
from promptness import PROMPT

EXCHANGE = ("biggame seat=W contract=W66 hand=81.80.77.66.65.63.62.43.41.40.32.21 "
            "auction=E:61,64,66,pass,pass,pass")


def exchange_view():
    return games.read_view(EXCHANGE)[1]


def whole_deal(seed: int = 1) -> Position:
    """The first lead of a Big Game deal played by rule bots to its first play."""
    game, bot = BigGame(seed=seed), RuleBot()
    while game.phase != "playing":
        game.play(bot.choose(game))
    return game.position


def test_more_deals_than_the_tests_take_are_refused_by_name():
    with pytest.raises(ParseError, match=f"at most {MAX_SAMPLES:,} deals"):
        advise_exchange(exchange_view(), samples=MAX_SAMPLES + 1)
    with pytest.raises(ParseError, match=f"at most {MAX_SAMPLES:,} deals"):
        advise_bid(BigGame(seed=2).view(BigGame(seed=2).to_move), samples=100_000)


def test_the_engine_refuses_the_reproducers_samples_at_once():
    out = io.StringIO()
    server = EngineServer(out)
    server.handle(json.dumps({"cmd": "position", "view": EXCHANGE}))
    started = time.perf_counter()
    server.handle(json.dumps({"cmd": "go", "samples": 100_000, "time": 2}))
    server.wait()
    assert time.perf_counter() - started < PROMPT
    reply = json.loads(out.getvalue().splitlines()[-1])
    assert reply["type"] == "error" and reply["error"] == "ParseError" and "2,000 deals" in reply["message"]


def test_the_tests_memory_is_bounded_besides_their_tables():
    view = exchange_view()
    tracemalloc.start()
    try:
        tests = [BidTests(view, MAX_SAMPLES, 1, tt_mb=1), DiscardTests(view, 4, list(view.hand)[-3:], MAX_SAMPLES, 1, tt_mb=1)]
        tests[0].makes_any(60, 0.5, max_nodes=1)  # a question's first round draws every deal
        tests[1].settle(60, max_nodes=300_000)  # a few tests: their positions are not kept
        assert [len(t._worlds) for t in tests] == [MAX_SAMPLES, MAX_SAMPLES]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * MEMORY_MB * 2**20  # two sets of tests


def test_the_exchange_keeps_its_time():
    # The time limit ends the advice, not its work (minutes without a limit): a test under way at
    # the end is left, its deal unknown. The margin is the tests' stop bound (a loaded machine).
    advice = advise_exchange(exchange_view(), samples=MAX_SAMPLES, seed=1, time=1.0)
    assert advice.elapsed < 1.0 + PROMPT
    assert any("unknown" in w for w in advice.warnings)


def test_a_stop_request_ends_the_exchange_within_a_fraction_of_a_second():
    asked: list[float] = []

    def should_stop() -> bool:
        if not asked and time.perf_counter() > begun + 1.0:
            asked.append(time.perf_counter())
        return bool(asked)

    begun = time.perf_counter()
    advice = advise_exchange(exchange_view(), samples=MAX_SAMPLES, seed=1, should_stop=should_stop)
    assert time.perf_counter() - asked[0] < PROMPT
    assert "stopped on request" in advice.warnings
    assert len(advice.choices) == 10  # a ranking all the same, on what the tests proved


def test_the_engine_stops_the_exchange_within_a_second_or_so():
    out = io.StringIO()
    server = EngineServer(out)
    server.handle(json.dumps({"cmd": "position", "view": EXCHANGE}))
    server.handle(json.dumps({"cmd": "go", "samples": MAX_SAMPLES}))  # 60 s by default
    time.sleep(1.0)
    asked = time.perf_counter()
    server.handle(json.dumps({"cmd": "stop"}))
    server.wait()
    assert time.perf_counter() - asked < PROMPT
    best = [json.loads(line) for line in out.getvalue().splitlines() if '"bestmove"' in line]
    assert best and best[0]["move"].startswith("discard ")


@pytest.mark.parametrize("work", [
    lambda: advise_exchange(exchange_view(), samples=MAX_SAMPLES, seed=1, threads=2),
    lambda: advise_bid(BigGame(seed=2).view(BigGame(seed=2).to_move), samples=MAX_SAMPLES, seed=1),
    lambda: dd_table(whole_deal(1)),
    lambda: solve_batch([whole_deal(s) for s in range(1, 9)], threads=2, moves=True),
    lambda: games.GAMES["biggame"].hint(whole_deal(1).view(whole_deal(1).to_move), samples=200, seed=1, threads=2),
], ids=["exchange", "advise_bid", "dd_table", "solve_batch", "hint"])
def test_ctrl_c_leaves_long_big_game_work_at_once(ctrl_c_soon, work):
    started = ctrl_c_soon(1.0)
    with pytest.raises(KeyboardInterrupt):
        work()
    assert time.perf_counter() - started < PROMPT
    # The next call works (the work left runs on in the background on solvers no longer used).
    assert advise_exchange(exchange_view(), samples=4, seed=1, max_nodes=2_000_000).choices
    assert threading.main_thread().is_alive()


def test_a_left_solver_is_replaced():
    from dominosolver.texas42 import Solver

    solver = Solver(16)
    core = solver._solver
    with pytest.raises(KeyboardInterrupt):
        solver._long(lambda s: (_ for _ in ()).throw(KeyboardInterrupt()))
    assert solver._solver is not core
    assert solver.solve(Position(trump=4, hands=[["7-3"], ["3-3"], ["4-4"], ["8-8"]], rules=Rules(family="biggame"))).value >= 0


def test_a_stop_request_ends_a_big_game_table_by_name():
    from dominosolver.errors import SearchLimitError

    begun = time.perf_counter()
    with pytest.raises(SearchLimitError, match="stopped on request"):
        dd_table(whole_deal(1), should_stop=lambda: time.perf_counter() > begun + 0.5)
    assert time.perf_counter() - begun < 0.5 + PROMPT


FIRST_LEAD = ("biggame seat=E contract=E42 trump=0 hand=86.81.80.73.65.63.50.33.22.21.00 auction=E:42,pass,pass,pass "
              "discard=10")


@pytest.mark.parametrize("method", ["pimc", "infoset"])
def test_the_engine_stops_a_big_game_hint_within_a_second_or_so(method):
    # Whole-deal worlds of seconds each: a stop leaves those under way (they ran on to their end).
    out = io.StringIO()
    server = EngineServer(out)
    server.handle(json.dumps({"cmd": "position", "view": FIRST_LEAD}))
    server.handle(json.dumps({"cmd": "go", "samples": 1000, "method": method, "threads": 2}))
    time.sleep(1.5)
    asked = time.perf_counter()
    server.handle(json.dumps({"cmd": "stop"}))
    server.wait()
    assert time.perf_counter() - asked < PROMPT
    assert any('"bestmove"' in line or '"SearchLimitError"' in line for line in out.getvalue().splitlines())


def test_an_infoset_big_game_hint_keeps_its_time():
    # 59-65 s against 10 s before (issue 40, point 5): now within 10% and a world's solve.
    from dominosolver.biggame import hint

    from dominosolver.errors import SearchLimitError

    started = time.perf_counter()
    try:  # a first-lead world takes some 10 s here (every move, then every reply's): none may fit in 2 s
        h = hint(games.read_view(FIRST_LEAD)[1], samples=1000, seed=1, time=2.0, method="infoset", threads=2)
        assert 0 < h.worlds < 1000
    except SearchLimitError as e:
        assert "no world was solved by the time limit" in str(e)
    assert time.perf_counter() - started < 2.2 + 1.0
