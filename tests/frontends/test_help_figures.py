"""Figures that help texts and docs state by number, which no game row carries, agree with the library:
the Bingo hint's node budget per phase-one world (``HINT_WORLD_NODES``) in `hint --help`, `analyse
--help`, the README and docs/protocol.md."""

from __future__ import annotations

from pathlib import Path

import pytest
from dominosolver.bingo.solve import HINT_WORLD_NODES
from dominosolver.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
FIGURE = f"{HINT_WORLD_NODES:,}"


def option_help(command: str, name: str) -> str:
    return next(p.help for p in cli.commands[command].params if p.name == name)


@pytest.mark.parametrize("command", ["hint", "analyse", "analyse-batch"])
def test_the_bingo_hint_budget_in_help_is_the_librarys(command):
    text = option_help(command, "max_nodes")
    assert f"default {FIGURE}" in text and "2,000,000" not in text


def test_the_bingo_hint_budget_in_the_docs_is_the_librarys():
    assert f"{FIGURE} nodes a world in a hint" in (ROOT / "README.md").read_text()
    assert f"default {FIGURE} for a phase-one world" in (ROOT / "docs" / "protocol.md").read_text()


def test_arena_bots_help_names_each_games_default_pairs_whole_games_too():
    from dominosolver import games

    text = option_help("arena", "bots")
    arenas = [spec.arena for spec in games.GAMES.values() if spec.arena is not None]
    assert arenas
    for arena in arenas:
        assert ",".join(arena.paired) in text
        if arena.whole is not None and arena.whole.paired != arena.paired:
            assert f"{','.join(arena.paired)}, with --whole {','.join(arena.whole.paired)}" in text
        assert all(bot in text for bot in arena.bots)
