"""A batch hint whose limits are not given uses each game's own (GameSpec.hint_limits' numbers), as the
game's hint does when called alone: batch analysis had one default for every game (200 worlds,
exact limit 2000), so a Bingo view in a batch drew twice Bingo's worlds and enumerated less."""

from __future__ import annotations

import json
import random

from click.testing import CliRunner
from dominosolver import bingo
from dominosolver.batch import analyse_batch, record_seed
from dominosolver.bingo.hint import DEFAULT_SAMPLES, EXACT_LIMIT
from dominosolver.cli.main import cli
from dominosolver.games import GAMES, get
from dominosolver.texas42 import hint as hint_42
from support_views import random_position


def closed_bingo_view() -> bingo.PlayerView:
    """A closed Bingo deal's view with more worlds than any default enumerates: its hint samples."""
    game, rng = bingo.Game(seed=0), random.Random(0)
    for step in range(5):
        moves = game.position.legal_moves
        closes = [m for m in moves if "close" in str(m).lower()]
        game.play(closes[0] if closes and step > 2 else rng.choice(moves))
    pos = game.position
    assert pos.closed_by is not None
    return pos.view(pos.to_move)


def test_each_game_states_its_own_defaults():
    limits = get("bingo").hint_limits
    assert (limits["samples"], limits["exact_limit"]) == (DEFAULT_SAMPLES, EXACT_LIMIT)
    assert all(spec.hint_limits["samples"] and spec.hint_limits["exact_limit"] for spec in GAMES.values())
    assert get("texas42").hint_limits["samples"] != DEFAULT_SAMPLES  # so the test below can tell them apart


def test_batch_hints_without_limits_are_the_games_own(tmp_path):
    view = closed_bingo_view()
    pos = random_position(2, 9)
    view_42 = pos.view(pos.to_move)
    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps(view.to_json()) + "\n" + json.dumps(view_42.to_json()) + "\n")
    out = tmp_path / "out.jsonl"
    analyse_batch(records, out, seed=5, npz=None)
    got = [json.loads(line)["result"] for line in out.read_text().splitlines()]
    alone = [bingo.hint(view, seed=record_seed(5, 0)).to_json(),
             hint_42(view_42, seed=record_seed(5, 1), threads=1).to_json()]
    assert got[0]["worlds"] == DEFAULT_SAMPLES and not got[0]["exact"]
    for reply in got + alone:
        reply.pop("elapsed")  # seconds: the one field a run cannot repeat
    assert got == alone


def test_given_limits_still_rule(tmp_path):
    view = closed_bingo_view()
    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps(view.to_json()) + "\n")
    out = tmp_path / "out.jsonl"
    analyse_batch(records, out, seed=5, samples=7, npz=None)
    assert json.loads(out.read_text())["result"]["worlds"] == 7


def test_cli_help_states_each_games_default():
    text = CliRunner().invoke(cli, ["analyse", "--help"], terminal_width=400).output
    assert f"Bingo {DEFAULT_SAMPLES}" in text and f"Bingo {EXACT_LIMIT}" in text
    text = CliRunner().invoke(cli, ["hint", "--help"], terminal_width=400).output
    assert f"Bingo {DEFAULT_SAMPLES}" in text and f"Bingo {EXACT_LIMIT}" in text
