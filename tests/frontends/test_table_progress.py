"""`dominosolver table` counts cells: The Big Game's table (a solve a cell, up to a minute or more in
all) tells its progress (cells done, cells) after each cell, 42's (one call of a fraction of a second)
once at the end; the command's display is told them on a terminal and nothing with --json."""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest
from click.testing import CliRunner
from dominosolver import games
from dominosolver.cli import render
from dominosolver.cli.main import cli
from dominosolver.errors import SearchLimitError
from dominosolver.texas42 import dd_table

DEAL_42 = "hands=66.65.64.63.62.61.60/55.54.53.52.51.50.44/43.42.41.40.33.32.31/30.22.21.20.11.10.00"


def test_the_big_games_table_counts_each_cell():
    spec = games.get("biggame")
    deal = spec.deal(0, spec.variants[0])
    told: list[tuple[int, int]] = []
    with pytest.raises(SearchLimitError):  # stopped after two cells: the table is stoppable between cells
        dd_table(deal, on_progress=lambda done, cells: told.append((done, cells)), should_stop=lambda: len(told) >= 2)
    cells = len(deal.rules.table_declarations) * deal.rules.seats  # a row per declaration, a column per seat
    assert told == [(1, cells), (2, cells)]


def test_the_command_shows_cells_done_of_cells(tmp_path, monkeypatch):
    told: list[tuple] = []

    @contextmanager
    def progress(what, quiet=False):  # the display as on a terminal (CliRunner's stderr is not one)
        yield None if quiet else lambda done, total=None, note="": told.append((done, total))
    monkeypatch.setattr(render, "progress", progress)
    shown = CliRunner().invoke(cli, ["table", DEAL_42])
    assert shown.exit_code == 0, shown.output
    cells = dd_table(DEAL_42).points.size
    assert told == [(cells, cells)]
    told.clear()
    quiet = CliRunner().invoke(cli, ["table", DEAL_42, "--json"])
    assert quiet.exit_code == 0 and told == []
    assert json.loads(quiet.stdout)["points"]
