"""Input an audit found mishandled by the Python API and the engine: limits that hung (or ignored
the time limit and stop), unchecked seeds, impossible auctions accepted by the bid advisor, and raw
TypeErrors or confusing messages. Each case now gets a clear error naming what is wrong, or the
right answer."""

from __future__ import annotations

import io
import json
import time

import numpy as np
import pytest
from dominosolver import arguments
from dominosolver.cli import main
from dominosolver.engine import EngineServer
from dominosolver.errors import InvalidViewError, ParseError
from dominosolver.texas42 import (
    Game,
    Position,
    Rules,
    advise_bid,
    analyse_play,
    count_worlds,
    dd_table,
    enumerate_worlds,
    hint,
    sample_worlds,
    solve_batch,
)
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.sampling import WorldSampler
from support_views import random_position

DEAL_POSITION = (
    "trump=4 leader=N hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/"
    "60.53.50.33.32.21.00 contract=N30"
)
HAND = ["6-6", "6-5", "6-4", "6-2", "5-5", "3-3", "1-0"]


@pytest.fixture(scope="module")
def first_lead_view():
    """The view of the first leader: 399,072,960 deals fit it."""
    game = Game(seed=9)
    bot = RuleBot()
    while game.phase != "playing":
        game.play(bot.choose(game))
    view = game.view(game.to_move)
    assert WorldSampler(view).count == 399_072_960
    return view


def engine_replies(lines: list[dict], stop: bool = False) -> tuple[list[dict], float]:
    """Replies to the requests (and a stop sent at once after them), and the seconds they took."""
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    start = time.perf_counter()
    for line in lines:
        server.handle(json.dumps(line))
    if stop:
        server.handle(json.dumps({"cmd": "stop"}))
    server.wait()
    return [json.loads(x) for x in out.getvalue().splitlines()], time.perf_counter() - start


# ---------------------------------------------------------------- limits: no hangs


def test_limits_beyond_their_caps_are_refused(first_lead_view):
    for kwargs, message in [
        ({"exact_limit": 10**9, "time": 1.0}, "exact_limit must be a whole number from 0 to 1,000,000"),
        ({"samples": 10**8}, "samples must be a whole number from 1 to 1,000,000"),
        ({"samples": 0}, "samples must be a whole number from 1"),
        ({"exact_limit": -1}, "exact_limit must be"),
    ]:
        with pytest.raises(ParseError, match=message):
            hint(first_lead_view, **kwargs)
    with pytest.raises(ParseError, match="samples must be a whole number from 2 to 1,000,000"):
        advise_bid(HAND, samples=10**8)
    with pytest.raises(ParseError, match="n must be"):
        sample_worlds(first_lead_view, 10**7, seed=1)
    with pytest.raises(ParseError, match="limit must be"):
        enumerate_worlds(first_lead_view, limit=10**9)


def test_the_time_limit_holds_however_many_worlds_are_asked_for(first_lead_view):
    """Worlds are drawn a batch at a time: a million samples do not delay the first solve."""
    start = time.perf_counter()
    h = hint(first_lead_view, samples=1_000_000, seed=1, time=0.2, threads=1)
    assert time.perf_counter() - start < 5  # drawing the million first took about 15 s
    assert h.worlds < 1_000_000 and any("stopped after" in w for w in h.warnings)


def test_the_time_limit_holds_for_a_large_exact_enumeration():
    pos = random_position(0, 8)
    view = pos.view(pos.to_move)
    assert count_worlds(view) == 756_756
    start = time.perf_counter()
    h = hint(view, exact_limit=1_000_000, time=0, threads=1)
    assert time.perf_counter() - start < 5  # listing every deal first took about 11 s
    assert h.worlds == 25 and "partial enumeration" in " ".join(h.warnings)


def test_engine_stop_is_prompt_and_limits_are_checked(first_lead_view):
    view = first_lead_view.to_json()
    replies, spent = engine_replies(
        [{"cmd": "position", "view": view}, {"cmd": "go", "samples": 100_000, "seed": 1}], stop=True
    )
    best = next(r for r in replies if r["type"] == "bestmove")
    assert best["hint"]["worlds"] < 100_000 and {r["type"] for r in replies} >= {"stopped"}
    assert spent < 5  # the engine drew every world before reading stop
    for go, message in [
        ({"samples": 1_000_000}, "go: samples must be a whole number from 1 to 100,000"),  # the engine's limit
        ({"samples": 2.5}, "go: samples must be"),
        ({"exact_limit": 10**9}, "go: exact_limit must be"),
        ({"time": -1}, "go: time must be a number of seconds from 0"),
        ({"threads": 0}, "go: threads must be a whole number from 1"),
        ({"seed": -1}, "go: seed must be a whole number from 0"),
        ({"weighting": 3}, "go: weighting must be a string"),
    ]:
        replies, _ = engine_replies([{"cmd": "position", "view": view}, {"cmd": "go", **go}])
        assert replies[-1]["type"] == "error" and replies[-1]["error"] == "ParseError", go
        assert message in replies[-1]["message"]


# ---------------------------------------------------------------- seeds


@pytest.mark.parametrize("seed", [-1, -5, "abc", True, 1.5])
def test_seeds_must_be_whole_numbers_from_zero(seed):
    pos = random_position(3, 6)
    view = pos.view(pos.to_move)
    calls = [
        lambda: hint(view, samples=5, seed=seed, threads=1),
        lambda: advise_bid(HAND, samples=2, seed=seed, threads=1),
        lambda: sample_worlds(view, 5, seed=seed),
        lambda: WorldSampler(view).stream(seed),  # at the call, not at the first draw
        lambda: arguments.seed_value(seed),
    ]
    for call in calls:
        with pytest.raises(ParseError, match="seed must be a whole number from 0"):
            call()


def test_good_seeds_still_work_and_are_reported():
    pos = random_position(3, 6)
    view = pos.view(pos.to_move)
    assert hint(view, samples=5, seed=0, threads=1).to_json()["seed"] == 0
    big = 2**64 - 1  # the largest seed any front end takes (a game's deals are drawn from 64 bits)
    assert sample_worlds(view, 3, seed=big) == sample_worlds(view, 3, seed=big)
    with pytest.raises(ParseError, match="seed must be a whole number from 0 to 2\\*\\*64 - 1"):
        sample_worlds(view, 3, seed=big + 1)
    assert arguments.seed_value(None) is None


# ---------------------------------------------------------------- the bid advisor's auction


@pytest.mark.parametrize(
    "auction,seat,message",
    [
        ([(1, 17)], 2, "bid 17 is not legal"),
        ([(1, 35), (2, 31)], 3, "bid 31 is not legal over the high bid 35"),
        ([(0, 30)], 0, "N is not to bid: E is"),
        ([(1, 0), (2, 0), (3, 30), (0, 0), (1, 31)], 2, "out of turn"),
        ([(1, 0), (2, 0), (3, 0), (0, 0)], 1, "every seat passed"),
        ([(1, 0), (2, 0), (3, 30), (0, 0)], 1, "E is not to declare: W is"),
        ([(1, 30), (3, 31)], 3, "out of turn"),
    ],
    ids=["below-30", "lower-after-higher", "bids-twice", "five-bids", "thrown-in", "not-declarer", "skips-a-seat"],
)
def test_impossible_auctions_are_refused(auction, seat, message):
    with pytest.raises(InvalidViewError, match=message):
        advise_bid(HAND, auction, seat=seat, samples=2, seed=1, threads=1)


def test_possible_auctions_still_get_advice():
    over = advise_bid(HAND, [(3, 30), (0, 41)], seat=1, samples=2, seed=1, threads=1)
    assert over.legal_bids == [0, 42, 84]
    declarer = advise_bid(HAND, [(1, 0), (2, 0), (3, 30), (0, 0)], seat=3, samples=2, seed=1, threads=1)
    assert declarer.seat == 3
    assert advise_bid(HAND, seat=2, samples=2, seed=1, threads=1).seat == 2  # no bids: any seat opens


def test_a_forced_dealer_is_advised_within_the_bids_the_game_allows():
    """The replayed auction gives the legal bids: a dealer who may not pass is never told to."""
    rules = Rules(all_pass="forced_dealer")
    advice = advise_bid(HAND, [(1, 0), (2, 0), (3, 0)], seat=0, samples=2, seed=1, threads=1, rules=rules)
    assert 0 not in advice.legal_bids and advice.bid >= 30


def test_a_view_of_another_seats_turn_or_of_play_is_refused():
    game = Game(seed=2)
    other = (game.to_move + 1) % 4
    with pytest.raises(InvalidViewError, match="is not to bid"):
        advise_bid(game.view(other), samples=2, seed=1, threads=1)
    pos = random_position(1, 3)
    with pytest.raises(InvalidViewError, match="the trump is named"):
        advise_bid(pos.view(pos.to_move), samples=2, seed=1, threads=1)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"risk": 7}, "risk must be a number from 0 to 1, not 7"),
        ({"risk": -1}, "risk must be a number from 0 to 1"),
        ({"risk": "x"}, "risk must be a number from 0 to 1"),
        ({"risk": True}, "risk must be"),
        ({"mark_risk": 2}, "mark_risk must be a number from 0 to 1"),
        ({"discount": "5"}, "discount must be a whole number"),
        ({"samples": 2.5}, "samples must be a whole number"),
        ({"time": "x"}, "time must be a number of seconds"),
        ({"rules": "x"}, "rules must be a Rules object"),
        ({"auction": None}, "auction must be a list"),
        ({"auction": [30]}, r"auction must be a list of \(seat, bid\) pairs"),
    ],
    ids=["risk-7", "risk-negative", "risk-text", "risk-bool", "mark-risk-2", "discount-text", "samples-float",
         "time-text", "rules-text", "auction-none", "auction-not-pairs"],
)
def test_bid_advisor_arguments_are_checked(kwargs, message):
    with pytest.raises(ParseError, match=message):
        advise_bid(HAND, **{"samples": 2, "seed": 1, **kwargs})


def test_the_cli_reports_a_bad_risk_cleanly(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["advise-bid", "66.65.64.62.55.33.10", "--risk", "7", "--samples", "2"])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "ParseError: --risk must be a number from 0 to 1, not 7" in err


# ---------------------------------------------------------------- clear errors, or the right answer


def test_hint_arguments_are_checked():
    pos = random_position(3, 6)
    view = pos.view(pos.to_move)
    for kwargs, message in [
        ({"samples": 2.5}, "samples must be a whole number"),
        ({"samples": "10"}, "samples must be a whole number"),
        ({"time": "x"}, "time must be a number of seconds"),
        ({"time": -1}, "time must be a number of seconds from 0"),
        ({"time": float("nan")}, "time must be"),
        ({"tt_mb": 0}, "tt_mb must be a whole number from 1"),
        ({"threads": 0}, "threads must be a whole number from 1"),
        ({"on_progress": 3}, "on_progress must be a function"),
    ]:
        with pytest.raises(ParseError, match=message):
            hint(view, **kwargs)


def test_a_string_of_tiles_is_a_list_of_tiles():
    """Where a list of tiles is expected, one string of them (separated by spaces, commas or dots)
    means those tiles: it is never split into characters."""
    a = advise_bid("66.65.64.62.55.33.10", seat=2, samples=2, seed=3, threads=1)
    b = advise_bid(["66", "65", "64", "62", "55", "33", "10"], seat=2, samples=2, seed=3, threads=1)
    c = advise_bid("6-6 6-5 6-4 6-2 5-5 3-3 1-0", seat=2, samples=2, seed=3, threads=1)
    assert np.array_equal(a.points, b.points) and np.array_equal(a.points, c.points)
    assert analyse_play(DEAL_POSITION, "6-6") == analyse_play(DEAL_POSITION, ["6-6"])
    assert analyse_play(DEAL_POSITION, "6-6, 6-5") == analyse_play(DEAL_POSITION, ["6-6", "6-5"])
    for call, name in [(lambda: advise_bid(None), "hand"), (lambda: analyse_play(DEAL_POSITION, None), "plays")]:
        with pytest.raises(ParseError, match=f"{name} must be a list of tiles or a string of them, not null$"):
            call()


def test_solve_batch_wants_a_list_of_positions():
    for one in (DEAL_POSITION, Position(DEAL_POSITION), Position(DEAL_POSITION).to_json()):
        with pytest.raises(ParseError, match="solve_batch takes a list of positions, not one"):
            solve_batch(one)
    with pytest.raises(ParseError, match="solve_batch takes a list of positions, not null$"):
        solve_batch(None)


def test_move_values_have_a_column_per_tile_of_the_set():
    out = solve_batch([DEAL_POSITION], moves=True)
    assert out.move_values.shape == (1, 28)  # double-six: 28 tiles (was 45, 17 always -1)
    assert sorted(np.flatnonzero(out.move_values[0] >= 0)) == sorted(
        t.id for t in Position(DEAL_POSITION).legal_moves
    )


def test_dd_table_reads_a_position_in_any_form():
    pos = Position(DEAL_POSITION)
    expected = dd_table(pos).points
    for form in (DEAL_POSITION, json.dumps(pos.to_json()), pos.to_json()):
        assert np.array_equal(dd_table(form).points, expected)
    later = pos.copy()
    later.play("6-6")
    assert np.array_equal(dd_table(later.to_json()).points, expected)  # the whole deal, not what is left
    with pytest.raises(ParseError, match="rules must be a Rules object"):
        dd_table(pos, rules="x")


def test_count_worlds_reads_a_view_or_says_what_it_got():
    pos = random_position(3, 6)
    view = pos.view(pos.to_move)
    assert count_worlds(json.dumps(view.to_json())) == count_worlds(view) == count_worlds(pos)
    with pytest.raises(InvalidViewError, match="cannot read a player's view from null$"):
        count_worlds(None)
    with pytest.raises(ParseError, match="malformed JSON"):
        count_worlds("text")
    with pytest.raises(InvalidViewError, match="from a PlayerView, not an object$"):
        WorldSampler({})


def test_thread_and_table_counts_are_parse_errors():
    for call in (lambda: arguments.thread_count(0), lambda: arguments.table_megabytes(0)):
        with pytest.raises(ParseError):
            call()
    with pytest.raises(ParseError, match="threads must be"):
        EngineServer(io.StringIO(), threads=0)
