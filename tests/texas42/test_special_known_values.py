"""The special contracts (Nel-O, Plunge, Splash, Sevens) against the known answers of independent
reference solvers (tests/data/variants_known.jsonl: values from the declaring side, in tricks)."""

from __future__ import annotations

import pytest
from dominosolver.texas42 import Position, solve
from known_data import known

SPECIALS = ("nello", "plunge", "splash", "sevens")
CASES = [case for case in known("variants_known") if case["variant"] in SPECIALS]


def position_of(case: dict) -> Position:
    """The record as a `dominosolver.position/1` object: its contract names its bid's kind."""
    contract = {"declarer": case["declarer"], "bid": case["bid"]}
    if "kind" in case:
        contract["kind"] = case["kind"]
    return Position.from_json(
        {"trump": case["trump"], "hands": case["hands"], "leader": case["leader"], "trick": case["trick"],
         "rules": case["rules"], "contract": contract}
    )


def test_every_special_contract_and_mode_is_covered():
    assert {c["variant"] for c in CASES} == set(SPECIALS)
    assert {c["trump"] for c in CASES if c["variant"] == "nello"} == {"nello", "nello-high", "nello-low"}
    assert {c["rules"]["sevens_tie"] for c in CASES if c["variant"] == "sevens"} == {"first_played", "bidders_win_ties"}


@pytest.mark.parametrize("index", range(len(CASES)))
def test_special_contract_values_agree_with_the_reference(index):
    """Value, every move's value and make/set, turned from the declaring side's to the side to move's."""
    case = CASES[index]
    pos = position_of(case)
    assert pos.to_move == case["to_move"]
    declaring = pos.side_of(pos.to_move) == pos.side_of(case["declarer"])

    def ours(reference: int) -> int:
        return reference if declaring else case["total"] - reference

    result = solve(pos)
    assert result.units == "tricks"
    assert result.value == ours(case["value"])
    assert result.moves == {move: ours(v) for move, v in case["moves"].items()}
    if "makes" in case:
        assert result.makes == case["makes"]
