"""A first-lead hint of The Big Game that values no world whole within its time (a world's every
lead takes seconds) rests on make tests instead of failing: each lead's zero-window test of the
seat's goal on the same worlds, within a node budget a world, the leads ranked by the worlds proven
made, then the fewest proven set; no means, no chances, and its JSON says so (``basis`` "tests").
Node-limited and deterministic: a stop asked before any world is valued (one thread)."""

from __future__ import annotations

from importlib import import_module

import pytest
from biggame_support import view_after
from click.testing import CliRunner
from dominosolver import games
from dominosolver.cli.main import cli
from dominosolver.io import validate
from dominosolver.texas42 import Solver, hint
from dominosolver.texas42.sampling import WorldSampler, position_of
from rich.console import Console

hint_module = import_module("dominosolver.texas42.hint")  # the package's `hint` is the function

# East declares 42 in points and leads (docs/rules.md §4.3): 11 tricks left.
FIRST_LEAD = ("biggame seat=E contract=E42 trump=0 hand=86.81.80.73.65.63.50.33.22.21.00 auction=E:42,pass,pass,pass "
              "discard=10")


def stopped() -> bool:
    return True


def independent_answers(view, seed: int) -> tuple[str, dict[str, bool | None]]:
    """The seat's goal and each of its plays' make tests (the seat's side still taking the points its
    goal needs) on the hint's first world, one solver as the hint's one thread has, within the
    hint's node budget."""
    world = position_of(view, next(WorldSampler(view).stream(seed)))
    assert world.points == (0, 0)  # no trick taken yet: the goal counts from the deal
    need = view.rules.points_needed(view.contract.bid)
    declares = world.side_of(view.seat) == world.side_of(view.contract.declarer)
    # the points the seat's side must take: the contract's need, or for the defenders one more than the rest
    target = need if declares else world.remaining_points - need + 1
    answers = Solver(16).reaches_after(world, target, max_nodes=hint_module.MIN_WORLD_NODES)
    return ("make" if declares else "set"), answers


@pytest.mark.parametrize("side", ["declarer", "defender"])
def test_a_stopped_first_lead_hint_ranks_on_make_tests(side):
    # The declarer's first lead; the defender's follow to it (seat after the leader, 11 tricks left).
    view = games.read_view(FIRST_LEAD)[1] if side == "declarer" else view_after(1)
    h = hint(view, samples=5, seed=3, threads=1, should_stop=stopped)
    # The stop comes before any world is valued; the first call of the tests (one world a thread) runs whatever.
    goal, answers = independent_answers(view, 3)
    assert h.basis == "tests" and h.worlds == 1 and h.goal == goal and h.seed == 3
    assert {m.move for m in h.moves} == set(answers)
    for m in h.moves:
        assert m.mean is None and m.stderr is None and m.p_make is None  # nothing valued, no chance estimated
        reached = answers[m.move]
        ours, theirs = (m.makes, m.sets) if goal == "make" else (m.sets, m.makes)
        assert (ours, theirs) == (int(reached is True), int(reached is False)), m
    assert any(a is not None for a in answers.values())  # the budget decides some lead here
    # Best first: the most worlds proven to reach the seat's goal, then the fewest proven to miss it.
    keys = [((m.makes, -m.sets) if goal == "make" else (m.sets, -m.makes)) for m in h.moves]
    assert keys == sorted(keys, reverse=True)
    assert [m.rank for m in h.moves] == [1 + keys.index(k) for k in keys]
    assert any("ranked by make tests alone" in w for w in h.warnings)


def test_its_json_and_text_say_what_it_rests_on():
    h = hint(games.read_view(FIRST_LEAD)[1], samples=5, seed=3, threads=1, should_stop=stopped)
    out = h.to_json()
    validate(out, "hint")
    assert out["basis"] == "tests" and out["worlds"] == 1
    assert all(m["mean"] is None and m["p_make"] is None and m["makes"] + m["sets"] <= 1 for m in out["moves"])
    text = str(h)
    assert "ranked by make tests" in text and "makes" in text and h.best in text


def test_a_hint_valued_whole_says_so_and_carries_no_test_counts():
    h = hint(view_after(12), samples=2, seed=3, threads=1)  # trick 4: every lead valued in each world
    out = h.to_json()
    assert h.basis == "values" and "basis" not in out and h.worlds == 2
    assert all(m.makes is None and m.sets is None for m in h.moves)
    assert not any("makes" in m for m in out["moves"])


def test_the_command_line_and_a_human_seats_advice_show_the_tests_counts():
    # time 0: the values' deadline has passed before any world (seconds each) is valued
    result = CliRunner().invoke(cli, ["hint", FIRST_LEAD, "--time", "0", "--seed", "3", "--threads", "1"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    h = hint(games.read_view(FIRST_LEAD)[1], samples=5, seed=3, threads=1, should_stop=stopped)
    assert "ranked by make tests" in result.output and "makes" in result.output and "sets" in result.output
    assert all(m.move in result.output for m in h.moves)
    console = Console(record=True, width=200)
    for part in games.get("biggame").human.advise(games.read_view(FIRST_LEAD)[1], 0):
        console.print(part)
    shown = console.export_text()
    assert "ranked by make tests" in shown and "rank move  makes   sets" in shown


@pytest.mark.parametrize("reached, missed", [([3, 0, 3, 1], [0, 1, 2, 0]), ([0, 0, 0], [0, 0, 0]), ([2, 5], [4, 4])])
def test_the_cores_ranking_on_make_tests(reached, missed):
    # The core's rule (core/pimc.hpp's rank_proven, the WebAssembly module's too) against a plain sort:
    # the most worlds reached, then the fewest missed, ties in move order sharing the first place's rank.
    ranked = hint_module.pimc.rank_proven(reached, missed)
    order = sorted(range(len(reached)), key=lambda j: (-reached[j], missed[j], j))
    assert [j for j, _ in ranked] == order
    key = lambda j: (reached[j], missed[j])
    assert [r for _, r in ranked] == [1 + [key(i) for i in order].index(key(j)) for j in order]
    with pytest.raises(ValueError):
        hint_module.pimc.rank_proven([1], [1, 2])
