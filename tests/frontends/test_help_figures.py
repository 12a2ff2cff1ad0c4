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
