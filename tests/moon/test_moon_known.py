"""Moon and Partnership Moon against the known answers of independent reference solvers
(tests/data/variants_known.jsonl, its moon and moon4 records): each record, mapped onto the
``dominosolver.position/1`` JSON of its game, is read through the registry and solved; the value
and every legal move's value agree, converted from the record's fixed side (Moon: the bidder alone
against the other two together; Partnership Moon: NS) to the side to move with ``total``."""

from __future__ import annotations

from typing import Any

import pytest
from dominosolver import games
from known_data import known

RECORDS = [r for r in known("variants_known") if r["variant"] in ("moon", "moon4")]
FIXED_SIDE = {"declarer": lambda pos, r: pos.side_of(r["declarer"]), "team0": lambda pos, r: 0}


def position_json(r: dict[str, Any]) -> dict[str, Any]:
    """The record as the position/1 JSON of its game (docs/json.md)."""
    return {"schema": "dominosolver.position/1", "game": r["variant"], "trump": r["trump"], "leader": r["leader"],
            "hands": r["hands"], "trick": r["trick"], "rules": r["rules"],
            "contract": {"declarer": r["declarer"], "bid": r["bid"]}}


def test_the_records_cover_both_games():
    assert {r["variant"] for r in RECORDS} == {"moon", "moon4"} and len(RECORDS) == 80


@pytest.mark.parametrize("r", RECORDS, ids=[f"{r['variant']}-{i}" for i, r in enumerate(RECORDS)])
def test_value_and_every_move_agree_with_the_reference(r):
    spec, pos = games.read(position_json(r))
    assert spec.tag == r["variant"] and pos.to_move == r["to_move"] and pos.tricks_left == r["total"]
    ours = pos.side_of(pos.to_move) == FIXED_SIDE[r["value_for"]](pos, r)

    def for_mover(value: int) -> int:  # the record's fixed side's value, as the side to move sees it
        return value if ours else r["total"] - value

    result = spec.solve(pos)
    assert result.units == "tricks"
    assert result.value == for_mover(r["value"])
    assert result.moves == {move: for_mover(value) for move, value in r["moves"].items()}
