"""The special-contract table (issue 22): each cell, a zero-window search, agrees with the exact
value of the same hand in tricks (the partner naming and leading, the declaring side taking all
seven), and with the Plunge or Splash position's own `makes` where the seat may bid it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.errors import ParseError
from dominosolver.texas42 import Game, Position, Rules, Solver, SpecialTable, special_table

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


SPECIALS = Rules(specials="all", nello_doubles_allowed="all")


@pytest.mark.parametrize("seed", range(4))
def test_declarer_contract_cells_agree_with_the_solver(seed):
    hands = [list(h) for h in Game(seed=seed).deal()]
    table = special_table(notation(hands), SPECIALS)
    assert table.contracts == ["sevens", "nello", "nello-high", "nello-low"] and table.makes.shape == (4, 4)
    solver = Solver(tt_mb=16)
    for c, contract in enumerate(table.contracts):
        for seat in range(4):
            pos = Position(trump=contract, hands=hands, contract=(seat, 42), rules=SPECIALS)
            assert pos.leader == seat  # the declarer leads (docs/rules.md §3.3, §3.6)
            assert table.makes[c, seat] == solver.solve(pos, pv=False).makes, (seed, contract, seat)
    for seat in range(4):
        assert table.made(seat) == [c for c, row in zip(table.contracts, table.makes) if row[seat]]


def test_a_deal_where_contracts_make_and_fail():
    # Over several deals both answers occur in every row kind: the cells are not a constant.
    seen = set()
    for seed in range(12):
        table = special_table(notation(Game(seed=seed).deal()), SPECIALS)
        seen |= {(c.startswith("nello"), bool(v)) for c, row in zip(table.contracts, table.makes) for v in row}
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


def test_the_rules_choose_the_contract_rows():
    hands = Game(seed=2).deal()
    assert special_table(notation(hands)).contracts == []  # no specials: no Nel-O, no Sevens
    assert special_table(notation(hands), Rules(specials="all")).contracts == ["sevens", "nello", "nello-high"]


def test_contract_rows_print_and_read_as_json():
    hands = [[str(t) for t in h] for h in Game(seed=5).deal()]
    deal = json.dumps({"hands": hands, "rules": SPECIALS.to_json()})
    runner = CliRunner()
    text = runner.invoke(cli, ["table", deal, "--specials"])
    table = special_table(deal)
    assert text.exit_code == 0 and "does the declarer make it" in text.output
    for contract, row in zip(table.contracts, table.makes):
        line = next(line for line in text.output.splitlines() if line.startswith(f"│ {contract} "))
        assert [w for w in line.split() if w in ("makes", "no")] == ["makes" if v else "no" for v in row]
    data = json.loads(runner.invoke(cli, ["table", deal, "--specials", "--json"]).output)
    assert data["contracts"] == table.contracts and data["makes"] == table.makes.tolist()
