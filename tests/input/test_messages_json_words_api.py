"""A wrong argument of the Python API (Bingo's solver and hint above all, and the 42 family's) is refused
with a ParseError (or the game's own error) in JSON's words, naming the value as ``errors.shown`` writes
it: never a pybind11 TypeError listing C++ signatures, never Python's None, NoneType, str or dict."""

from __future__ import annotations

import dataclasses
import importlib

import pytest
from dominosolver import bingo, games
from dominosolver.bingo import notation as bingo_notation
from dominosolver.errors import DominoSolverError, InvalidPositionError, ParseError

PYTHON_WORDS = {"True", "False", "None", "NoneType", "dict", "str", "int", "bool", "float", "tuple", "builtins"}
WRONG = [None, "x", {}, [], True, 1.5, 10**30]
TAGS = [tag for tag in games.GAMES if tag != "biggame"]  # The Big Game's messages are its package's


def words(message: str) -> set[str]:
    for sign in ",:;()[]{}'\"":
        message = message.replace(sign, " ")
    return set(message.replace(".", " ").split())


def refused(call, *args, kind=DominoSolverError, **kwargs) -> str:
    """The message of ``call(*args, **kwargs)``'s refusal (an error of ``kind``), in JSON's words."""
    with pytest.raises(kind) as caught:
        call(*args, **kwargs)
    message = str(caught.value)
    assert not words(message) & PYTHON_WORDS, message
    return message


def mid_deal(tag):
    spec = games.get(tag)
    pos = spec.deal(3, spec.variants[0])
    for _ in range(3):
        pos.play(pos.legal_moves[0])
    return spec, pos


@pytest.mark.parametrize("tag", TAGS)
def test_solve_and_hint_arguments_are_refused_in_json_words(tag):
    spec, pos = mid_deal(tag)
    package = importlib.import_module(".".join(spec.Game.__module__.split(".")[:2]))  # dominosolver.bingo, ...
    view = pos.view(seat=pos.to_move)
    switches = ("margin", "pv") if tag == "bingo" else ("moves", "pv")
    for value in WRONG:
        for name in switches:
            if not isinstance(value, bool):
                assert refused(package.solve, pos, kind=ParseError, **{name: value}).startswith(
                    f"{name} must be true or false, not ")
        if value is not None:
            refused(spec.solve, pos, max_nodes=value)
        for name in ("samples", "seed", "time", "exact_limit", "weighting"):
            if value is None or (name == "time" and value == 1.5):  # null: the default; 1.5 s a time
                continue
            refused(spec.hint, view, **{"samples": 2, name: value})
        refused(spec.hint, view, samples=2, seat=value if value is not None else 9)
        refused(spec.Position, value)


def test_a_seat_by_name_is_the_views_own_seat():
    spec, pos = mid_deal("texas42")
    view = pos.view(seat=pos.to_move)
    name = view.rules.seat_names[view.seat]
    assert spec.hint(view, seat=name, samples=2, seed=1).seat == view.seat
    other = view.rules.seat_names[(view.seat + 1) % 4]
    assert refused(lambda: spec.hint(view, seat=other, samples=2)) == (
        f"seat {other}: this is {name}'s view, it cannot advise another seat")


def test_bingo_specific_messages():
    spec, pos = mid_deal("bingo")
    view = pos.view(seat=pos.to_move)
    assert refused(lambda: spec.hint(view, solver="fast")) == "solver must be a bingo Solver, not a string"
    assert refused(lambda: bingo.solve(None)).endswith("not null")
    assert "or null, not 'soon'" in refused(lambda: spec.hint(view, time="soon"))
    message = refused(lambda: bingo_notation.read_declarations(["66.11"]))
    assert "true/false" in message and "'66.11'" in message
    assert refused(lambda: bingo_notation.read_declarations({"player": 0})) == "'declarations' must be a list, not an object"


@pytest.mark.parametrize("tag", TAGS)
def test_a_first_seat_beyond_any_number_is_the_games_own_error(tag):
    spec = games.get(tag)
    first = "start" if tag == "bingo" else "dealer"
    small = refused(spec.Game, seed=1, rules=spec.Rules(), kind=InvalidPositionError, **{first: 9})
    assert refused(spec.Game, seed=1, rules=spec.Rules(), kind=InvalidPositionError, **{first: 2**40}) == small


def test_a_views_fields_are_named_in_json_words():
    spec, pos = mid_deal("texas42")
    view = pos.view(seat=pos.to_move)
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    message = refused(spec.PlayerView, **{**fields, "leader": 1.5})
    assert message == "leader must be a seat 0..3 or null, not 1.5"
