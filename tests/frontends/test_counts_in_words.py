"""A graded game's totals count in words: '1 costly play', '1 game point given away', never
'1 costly plays'; checked on games between the bots where a side made exactly one costly play."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner
from dominosolver import games
from dominosolver.cli.main import cli


def analysed(game: str, seed: int, tmp_path) -> str:
    path = tmp_path / f"{game}-{seed}.json"
    path.write_text(json.dumps(games.get(game).play(seed)))
    out = CliRunner().invoke(cli, ["analyse", str(path)])
    assert out.exit_code == 0, out.output
    return " ".join(out.output.split())


def test_one_costly_play_is_said_so(tmp_path):
    text = analysed("42", 1, tmp_path) + " " + analysed("bingo", 3, tmp_path)
    assert re.search(r"\b1 costly play,", text)  # the case under test occurs
    assert not re.search(r"\b1 (costly plays|points|tricks|game points|plays) ", text), text
    assert re.search(r"\b0 costly plays, 0 (points|game points) given away", text)  # nought takes the plural
