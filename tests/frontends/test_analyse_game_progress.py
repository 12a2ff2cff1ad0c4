"""A whole game's `analyse` on a terminal counts hands (Bingo: deals) done of the hands its record
holds, not "0/?": the progress display is told (done, total) after each."""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest
from click.testing import CliRunner
from dominosolver.cli import render
from dominosolver.cli.main import cli


@pytest.fixture
def told(monkeypatch) -> list[tuple]:
    """What the progress display is told (as on a terminal, which CliRunner's stderr is not)."""
    calls: list[tuple] = []

    @contextmanager
    def progress(what, quiet=False):
        yield None if quiet else lambda done, total=None, note="": calls.append((done, total))
    monkeypatch.setattr(render, "progress", progress)
    return calls


@pytest.mark.parametrize(("game", "parts", "keep"), [(["--seed", "1"], "hands", 3),
                                                     (["bingo", "--seed", "5"], "deals", 2)])
def test_a_whole_game_counts_its_hands(tmp_path, told, game, parts, keep):
    played = CliRunner().invoke(cli, ["play", *game, "--json"])
    assert played.exit_code == 0, played.output
    record = json.loads(played.stdout)
    record[parts] = record[parts][:keep]  # a short game: the count is of the hands the record holds
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    told.clear()
    graded = CliRunner().invoke(cli, ["analyse", str(path)])
    assert graded.exit_code == 0, graded.output
    assert told == [(n, keep) for n in range(1, keep + 1)]
    told.clear()
    assert CliRunner().invoke(cli, ["analyse", str(path), "--json"]).exit_code == 0
    assert told == []  # --json: no progress at all
