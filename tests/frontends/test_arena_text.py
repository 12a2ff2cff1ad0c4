"""The arena's table says what its JSON says: a single deal has no interval (JSON's null, not
'(-inf, +inf)'), and the sides' scores read as numbers, a negative one too (Moon's '5.5 – −14.5',
not '5.5–-14.5')."""

from __future__ import annotations

import dataclasses

from dominosolver import games
from dominosolver.arena import run_arena, summarise
from dominosolver.cli.render import arena_table
from rich.console import Console

MOON = games.get("moon").arena


def shown(stats) -> str:
    console = Console(width=200, record=True)
    console.print(arena_table(stats, MOON))
    return console.export_text()


def test_one_deal_has_no_interval_and_negative_scores_read_as_numbers():
    [pair] = summarise(MOON, run_arena(MOON, 1, [("rule", "random")], seed=0, options=MOON.defaults))
    assert pair.to_json()["ci95"] is None
    row = next(line for line in shown([pair]).splitlines() if "rule vs random" in line)
    cells = [cell.strip() for cell in row.split("│")[1:-1]]
    a, b = (f"{x:g}".replace("-", "−") for x in (pair.score_a, pair.score_b))
    assert cells[2] == f"{a} – {b}" and cells[3] == f"{pair.mean_diff:+.3f}"
    assert "inf" not in row and "nan" not in row


def test_an_interval_is_shown_when_there_is_one():
    [pair] = summarise(MOON, run_arena(MOON, 1, [("rule", "random")], seed=0, options=MOON.defaults))
    pair = dataclasses.replace(pair, score_a=7.0, score_b=-2.5, ci95=(-1.25, 3.5))
    row = next(line for line in shown([pair]).splitlines() if "rule vs random" in line)
    assert "7 – −2.5" in row and f"{pair.mean_diff:+.3f} (-1.250, +3.500)" in row
