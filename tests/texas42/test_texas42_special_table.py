"""The special-contract table (issue 22): each cell, a zero-window search, agrees with the exact
value of the same hand in tricks (the partner naming and leading, the declaring side taking all
seven), and with the Plunge or Splash position's own `makes` where the seat may bid it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.errors import ParseError
from dominosolver.texas42 import Game, Position, Solver, SpecialTable, special_table

BIDS = {"plunge": "168:plunge", "splash": "84:splash"}


def notation(hands) -> str:
    return "hands=" + "/".join(".".join(str(t).replace("-", "") for t in h) for h in hands)


@pytest.mark.parametrize("seed", range(6))
def test_cells_agree_with_exact_values(seed):
    hands = [list(h) for h in Game(seed=seed).deal()]
    table = special_table(notation(hands))
    assert isinstance(table, SpecialTable) and table.every_trick.shape == (9, 4)
    solver = Solver(tt_mb=16)
    for seat in range(4):
        partner = (seat + 2) % 4
        for d, declaration in enumerate(table.declarations):
            pos = Position(trump=declaration, hands=hands, leader=partner)
            exact = solver._solver.solve_tricks(pos._pos, "every trick", seat % 2, False, False)
            assert table.every_trick[d, seat] == (exact.value == 7) == exact.makes, (seed, seat, declaration)
            for kind, may in table.may_bid.items():
                assert may[seat] == (sum(t.is_double for t in hands[seat]) >= {"plunge": 4, "splash": 3}[kind])
                if may[seat]:
                    special = Position(trump=declaration, hands=hands, contract=(seat, BIDS[kind]))
                    assert solver.solve(special, pv=False).makes == table[declaration, seat]
        assert table.winning(seat) == [d for d in table.declarations if table[d, seat]]


def test_a_table_prints_and_reads_as_json():
    hands = Game(seed=4).deal()
    runner = CliRunner()
    text = runner.invoke(cli, ["table", notation(hands), "--specials"])
    assert text.exit_code == 0 and "may bid plunge" in text.output
    out = runner.invoke(cli, ["table", notation(hands), "--specials", "--json"])
    data = json.loads(out.output)
    table = special_table(notation(hands))
    assert data["schema"] == "dominosolver.specialtable/1" and data["every_trick"] == table.every_trick.tolist()
    assert data["may_bid"] == table.may_bid and table.nodes > 0


def test_part_deals_are_refused():
    hands = [list(h) for h in Game(seed=1).deal()]
    with pytest.raises(ParseError, match="whole deal"):
        special_table(notation([h[:6] for h in hands]))
