"""Bingo input review: long searches are bounded and interruptible, and bad arguments, keywords and
JSON fields get a named error (never a raw TypeError, AttributeError or RuntimeError from inside)."""

import json
import signal
import subprocess
import sys
import time

import pytest
from dominosolver import _core, bingo
from dominosolver.bingo import Game, Position, Rules, Solver, hint
from dominosolver.bingo.solve import HINT_WORLD_NODES, SOLVE_NODES
from dominosolver.cli.main import main
from dominosolver.errors import InvalidPositionError, ParseError, SearchLimitError
from dominosolver.io import schema
from dominosolver.texas42 import Position as Position42
from known_data import known
from promptness import PROMPT

KNOWN = known("bingo_known")
# A first lead with the boneyard order known, claims made by hand (no 70 race to bound the search):
# minutes to solve exactly (more than 3 * 10^7 nodes). The same deal under the historic rules now
# solves in about 4 * 10^6.
HARD = str(Game(seed=1, rules=bingo.Rules(bingo_claim="manual")).position)
# After trick 3, with 8 tiles in the boneyard: a phase-one position that solves in 86 nodes.
WORLD = ("bingo trump=3 turned=33 leader=0 hands=66.53.52.51.44.22.21/60.55.50.43.40.11.00 "
         "boneyard=31.65.41.30.61.10.42.33 points=19/5 tricks=2/1")
CLOSED = Position.from_json(KNOWN[1]["position"])


def run(capsys, *args):
    """The command's exit code (0 when it returns), standard output and standard error."""
    try:
        main(list(args))
        code = 0
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- Ctrl-C and node budgets


@pytest.mark.parametrize("search", [
    # Each would run for minutes (the budgets only make a missed interrupt fail in seconds).
    lambda solver: solver.solve(HARD, max_nodes=300_000_000),
    # One world of a first lead can solve in 0.3 s: a hundred cannot.
    lambda solver: hint(HARD, samples=100, seed=1, max_nodes=300_000_000, solver=solver),
    lambda solver: bingo.plain_minimax(HARD),
])
def test_ctrl_c_stops_a_long_search_promptly_and_the_solver_stays_usable(ctrl_c_soon, search):
    solver = Solver()
    started = ctrl_c_soon()
    with pytest.raises(KeyboardInterrupt):
        search(solver)
    assert time.perf_counter() - started < PROMPT
    assert solver.solve(WORLD, margin=False, pv=False).value == 2  # no budget or stop left behind
    assert solver.solve(HARD, max_nodes=1000).value is None


def test_ctrl_c_stops_the_command_line():
    # An unbounded hint runs for minutes; SIGINT must end the process at once.
    # The child says when its imports are done, so the signal lands in the search, not in an import.
    start = "import sys; from dominosolver.cli.main import main; print('ready', file=sys.stderr, flush=True); main()"
    child = subprocess.Popen(
        [sys.executable, "-c", start, "hint", HARD, "--max-nodes", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert child.stderr.readline() == "ready\n"
        time.sleep(0.5)  # reading the position takes milliseconds: the search is running
        assert child.poll() is None
        child.send_signal(signal.SIGINT)
        sent = time.perf_counter()
        _, err = child.communicate(timeout=10)
    finally:
        child.kill()
    # Click's abort: exit status 1, no traceback.
    assert time.perf_counter() - sent < PROMPT and child.returncode == 1 and "Traceback" not in err


def test_a_hint_budgets_phase_one_worlds_by_default_and_solves_closed_deals_exactly(monkeypatch):
    budgets = []
    real = Solver.solve_worlds_bounds

    def spy(self, base, hands, boneyards, moves, max_nodes=0, time=None, **rest):
        budgets.append(max_nodes)
        return real(self, base, hands, boneyards, moves, max_nodes, time, **rest)

    monkeypatch.setattr(Solver, "solve_worlds_bounds", spy)
    h = hint(HARD, samples=3, seed=1)
    assert budgets == [HINT_WORLD_NODES] and HINT_WORLD_NODES == 150_000
    assert h.worlds == 3  # no world is left out for its cost: a move cut short keeps its bounds
    assert h.warnings and "within 150,000 nodes each" in h.warnings[0]
    assert hint(CLOSED).exact and budgets[-1] == 0  # closed: no budget, every world solved
    assert hint(WORLD, samples=2, max_nodes=5000).worlds >= 1 and budgets[-1] == 5000


def test_a_solve_cut_by_its_time_limit_says_so():
    r = bingo.solve(HARD, time=0.05)  # no node budget: minutes of search without the time limit
    assert r.value is None and r.pv == [] and r.unsolved
    assert "time limit of 0.05 s" in r.warnings[0]
    assert bingo.solve(WORLD, time=5).value == 2  # time enough: exact, as without a limit
    with pytest.raises(ParseError, match="time must be a number of seconds"):
        bingo.solve(WORLD, time=float("inf"))


def test_a_hint_cut_by_its_time_limit_keeps_the_worlds_solved():
    # Without node budgets the worlds of HARD take minutes each: the time limit cuts the first one.
    with pytest.raises(SearchLimitError, match="no world was solved by the time limit"):
        hint(HARD, samples=20, max_nodes=0, time=0.05)
    # With a budget the first world is solved whatever the time, and the limit ends the rest (a
    # reply in trick 1: its worlds take about 10^5 nodes each).
    reply = ("bingo trump=5 turned=53 leader=0 hands=51.44.42.31.21.20/55.52.50.43.40.32.11 trick=61 "
             "boneyard=30.60.33.63.65.64.22.66.00.10.41.54.62.53 points=0/0 tricks=0/0")
    h = hint(reply, samples=1000, exact_limit=0, seed=1, time=0.05)
    assert 1 <= h.worlds < 1000 and any("by the time limit (0.05 s)" in w for w in h.warnings)


def test_a_solve_cut_by_its_budget_says_so():
    r = bingo.solve(HARD, max_nodes=1000)
    assert r.value is None and r.best == [] and r.pv == []
    legal = [str(m) for m in Position(HARD).legal_moves]
    assert r.unsolved and sorted([*r.moves, *r.unsolved]) == sorted(legal)  # a cheap move can be solved
    assert all(lo < hi for m, (lo, hi) in r.extra["bounds"].items() if m in r.unsolved)
    assert "budget of 1,000 nodes" in r.warnings[0]
    out = r.to_json()
    assert out["value"] is None and out["unsolved"] and out["warnings"]
    full = bingo.solve(WORLD, max_nodes=10_000)  # enough: an exact answer without warnings
    assert full.value == 2 and "warnings" not in full.extra and full.pv


def test_the_command_line_solve_of_a_phase_one_position_is_budgeted(capsys):
    started = time.perf_counter()
    code, out, _ = run(capsys, "solve", HARD, "--json")
    result = json.loads(out)
    assert code == 0 and result["value"] is None and result["nodes"] <= SOLVE_NODES + 1
    assert f"budget of {SOLVE_NODES:,} nodes" in result["warnings"][0]
    assert time.perf_counter() - started < 30
    code, out, _ = run(capsys, "solve", HARD)
    assert code == 0 and "value unknown" in out and "warning" in out
    code, out, _ = run(capsys, "solve", str(CLOSED), "--json")  # closed: exact, no budget
    assert json.loads(out)["value"] == KNOWN[1]["value"] and "warnings" not in json.loads(out)


# ---------------------------------------------------------------- hint arguments


@pytest.mark.parametrize("kwargs,message", [
    ({"max_nodes": -1}, "max_nodes must be a whole number from 0"),
    ({"max_nodes": 1.5}, "max_nodes must be a whole number from 0"),
    ({"samples": 2.5}, "samples must be a whole number from 1"),
    ({"samples": 0}, "samples must be a whole number from 1"),
    ({"samples": -3}, "samples must be a whole number from 1"),
    ({"tt_mb": 0}, "tt_mb must be a whole number from 1"),
    ({"seed": -1}, "seed must be a whole number from 0"),
    ({"seed": 1.5}, "seed must be a whole number from 0"),
    ({"seed": "a"}, "seed must be a whole number from 0"),
    ({"exact_limit": -1}, "exact_limit must be a whole number from 0"),
    ({"time": -1}, "time must be a number of seconds"),
    ({"seat": 1.0}, "seat must be player 0 or 1"),
    ({"solver": "fast"}, "solver must be a bingo Solver"),
])
def test_hint_arguments_are_checked(kwargs, message):
    with pytest.raises(ParseError, match=message):
        hint(WORLD, **kwargs)


def test_a_hint_of_a_finished_deal_says_the_deal_is_over():
    pos = Position.from_json({**KNOWN[0]["position"], "points": [72, 62]})
    assert pos.is_over
    for seat in (None, 0, 1):
        with pytest.raises(InvalidPositionError, match="the deal is over"):
            hint(pos, seat=seat)
    with pytest.raises(InvalidPositionError, match="the deal is over"):
        bingo.close_value(pos)


def test_the_hint_command_checks_honours_or_refuses_its_options(capsys):
    code, _, err = run(capsys, "hint", WORLD, "--max-nodes", "-1")
    assert code == 2 and "ParseError: --max-nodes must be a whole number from 0" in err
    code, _, err = run(capsys, "hint", WORLD, "--threads", "2")
    assert code == 2 and "--threads applies to 42, Moon, Partnership Moon and The Big Game hints only" in err
    code, out, _ = run(capsys, "hint", HARD, "--time", "0", "--worlds", "1000", "--max-nodes", "1000", "--json")
    assert code == 0 and "stopped after 8 of 1000 worlds by the time limit" in json.loads(out)["warnings"][0]
    code, out, _ = run(capsys, "hint", str(CLOSED), "--json")
    assert json.loads(out)["method"] == "exact"
    code, out, _ = run(capsys, "hint", str(CLOSED), "--exact-limit", "0", "--worlds", "5", "--json")
    assert json.loads(out)["method"] == "pimc" and json.loads(out)["worlds"] == 5


# ---------------------------------------------------------------- solver arguments


@pytest.mark.parametrize("position,message", [
    (None, "a Bingo position is a bingo.Position, position JSON or notation text, not null"),
    ("text", "unexpected 'text' in Bingo position text"),
    (Position42("trump=4 leader=N hands=66.64/65.55/63.61/60.53"), "not dominosolver.texas42"),
])
def test_solving_something_that_is_not_a_bingo_position_is_refused(position, message):
    with pytest.raises(ParseError, match=message):
        bingo.solve(position)
    with pytest.raises(ParseError, match=message):
        Solver().value(position)


def test_positions_may_be_given_as_text_or_json():
    assert bingo.solve(WORLD).value == bingo.solve(Position(WORLD).to_json()).value == 2


def test_a_table_too_large_is_refused_by_name():
    with pytest.raises(ParseError, match="tt_mb must be a whole number from 1 to 65,536"):
        Solver(10**6)
    with pytest.raises(ParseError, match="moves must be a list of moves"):
        Solver().move_values(WORLD, "close")


# ---------------------------------------------------------------- keyword constructors

KEYWORDS = {"turned": "3-3", "hands": [["6-6", "5-3"], ["6-0", "5-5"]], "points": (60, 60), "tricks": (6, 6)}


@pytest.mark.parametrize("change,message", [
    ({"rules": "x"}, "rules must be a Rules object"),
    ({"rules": {"bingo_ruleset": "modern_dp"}}, "rules must be a Rules object"),
    ({"declarations": [("0", ["6-6", "5-5"])]}, "a declaration's player must be player 0 or 1"),
    ({"declarations": [(0, ["6-6", "5-5"], "yes")]}, "a declaration's valid must be true, false or null"),
    ({"declarations": "0:66.55"}, "declarations must be a list"),
    ({"opponent_had_trick_at_close": "x"}, "opponent_had_trick_at_close must be true, false or null"),
    ({"just_declared": "x"}, "just_declared must be true, false or null"),
    ({"points": None}, "points must be a pair"),
    ({"tricks": (6, "6")}, "tricks must be an integer"),
    ({"leader": 1.0}, "leader must be player 0 or 1"),
    ({"closed_by": "1"}, "closed_by must be player 0 or 1"),
    ({"trump": "3"}, "trump must be an integer"),
    ({"hands": None}, "needs notation text, or turned= and hands="),
    ({"hands": [["6-6"]]}, "hands must be a list of 2 hands"),
    ({"hands": [["6-6", 5], ["6-0", "5-5"]]}, "hand of player 0: 5 is not a tile"),
    ({"turned": "8-8"}, "turned: tile 8-8 is not in the double-six set"),
])
def test_keyword_positions_name_the_bad_field(change, message):
    assert Position(**KEYWORDS).to_move == 0
    with pytest.raises(ParseError, match=message):
        Position(**{**KEYWORDS, **change})


DEAL = (["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"], ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"],
        ["4-3", "4-2", "4-1", "4-0", "3-3", "3-2", "3-1", "3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"])


def test_deals_and_games_name_the_bad_argument():
    assert Position.deal(DEAL[:2], DEAL[2]).turned == Position.deal(list(DEAL[:2]), DEAL[2], rules=Rules()).turned
    for call, message in [
        (lambda: Position.deal(None, DEAL[2]), "hands must be a list of 2 hands"),
        (lambda: Position.deal(DEAL[:2], None), "boneyard must be a list of tiles"),
        (lambda: Position.deal(DEAL[:2], DEAL[2], rules="modern_dp"), "rules must be a Rules object"),
        (lambda: Position.deal(DEAL[:2], DEAL[2], start=1.0), "start must be player 0 or 1"),
        (lambda: Game(rules={"bingo_ruleset": "modern_dp"}), "rules must be a Rules object"),
        (lambda: Position(7), "Bingo position text must be a string"),
    ]:
        with pytest.raises(ParseError, match=message):
            call()


def test_the_core_names_fields_it_cannot_read():
    spec = _core.bingo.PositionSpec()
    with pytest.raises(ParseError, match="Bingo position field 'leader' cannot hold 'x'"):
        spec.leader = "x"
    with pytest.raises(ParseError, match="field 'declarations' cannot hold '0'"):
        spec.declarations = [("0", [27, 20], None)]


# ---------------------------------------------------------------- JSON


@pytest.mark.parametrize("change,error,message", [
    ({"leader": 1.0}, ParseError, "leader must be player 0 or 1, not 1.0"),
    ({"declarations": [{"player": 1.0, "tiles": ["5-5", "0-0"]}]}, ParseError,
     "declaration player must be player 0 or 1"),
    ({"declarations": [{"player": 1, "tiles": ["5-5", "0-0"], "when": 3}]}, ParseError,
     "unknown Bingo declaration field\\(s\\): when"),
    ({"opponent_had_trick_at_close": False}, InvalidPositionError,
     "opponent_had_trick_at_close is given but the game is not closed"),
    ({"opponent_points_at_close": 5}, InvalidPositionError,
     "opponent_points_at_close is given but the game is not closed"),
])
def test_bingo_json_fields_are_checked(change, error, message):
    base = Position(WORLD).to_json()
    assert Position.from_json(base) == Position(WORLD)
    with pytest.raises(error, match=message):
        Position.from_json({**base, **change})


def test_views_read_players_and_declarations_as_positions_do():
    view = Position(WORLD).view(0).to_json()
    with pytest.raises(ParseError, match="view field 'leader' must be player 0 or 1, not 0.0"):
        bingo.PlayerView.from_json({**view, "leader": 0.0})
    with pytest.raises(ParseError, match="unknown Bingo declaration field"):
        bingo.PlayerView.from_json({**view, "declarations": [{"player": 0, "tiles": ["6-6", "4-4"], "x": 1}]})


# ---------------------------------------------------------------- messages and the boneyard's meaning


def test_core_messages_name_tiles_not_ids():
    rules = Rules()._core
    hands = [[44, 1, 2, 3, 4, 5, 6], list(range(7, 14))]
    with pytest.raises(InvalidPositionError, match="hand 0: tile 8-8 is not in the double-six set"):
        _core.bingo.Position.deal(rules, hands, list(range(14, 28)), 0)
    with pytest.raises(InvalidPositionError, match="tile id 99 names no tile"):
        _core.bingo.Position.deal(rules, [[99, *hands[0][1:]], hands[1]], list(range(14, 28)), 0)
    with pytest.raises(ParseError, match="tile 8-7 is not in the double-six set"):
        _core.bingo.trump_of_turned(43)


def test_the_boneyard_is_described_as_the_reference_data_uses_it():
    text = schema("position")["$defs"]["bingo"]["properties"]["boneyard"]["description"]
    assert "unless closed" not in text and "face-up turned tile last" in text
    for record in KNOWN:
        p = record["position"]
        if p["boneyard"]:  # the turned tile is last whenever the boneyard holds tiles, closed or not
            assert p["boneyard"][-1] == p["turned"]


def test_the_cli_solve_takes_a_node_budget_for_bingo_only(tmp_path, capsys):
    import pytest
    from dominosolver.bingo import Game
    from dominosolver.cli.main import main

    main(["solve", str(Game(seed=1).position), "--max-nodes", "1000", "--json"])
    assert "unsolved" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["solve", "trump=4 leader=N hands=66.64/44.31/65.41/53.22", "--max-nodes", "5"])
    assert "a 42 solve is always exact" in capsys.readouterr().err
    deep = tmp_path / "deep.json"
    deep.write_text('{"hands": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(SystemExit):
        main(["show", str(deep)])
    err = capsys.readouterr().err
    assert "nested too deeply" in err and "Traceback" not in err
