"""`play --human` deals a fresh game each time and shows its seed, which `--seed N` plays again; a game
between the bots alone stays seed 0 by default (its record the same from run to run)."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner
from dominosolver.cli.main import cli


def seed_shown(args: list[str]) -> tuple[int, str]:
    out = CliRunner().invoke(cli, ["play", *args], input="q\n")
    assert out.exit_code == 0, out.output + str(out.exception)
    text = re.sub(r"\s+", " ", out.output)  # the line as a terminal of any width wraps it
    found = re.search(r"seed (\d+) \(dominosolver play (\S+) --human (\S+) --seed \1 plays this game again\)", text)
    assert found, out.output[:2000]
    return int(found.group(1)), text


def test_each_human_game_is_fresh_and_its_seed_is_shown():
    seeds = {seed_shown(["bingo", "--human", "0"])[0] for _ in range(3)}
    assert len(seeds) > 1  # three draws of 32 bits: alike by chance once in 2**31


def test_the_seed_shown_plays_the_same_game_again():
    seed, first = seed_shown(["bingo", "--human", "0"])
    again = CliRunner().invoke(cli, ["play", "bingo", "--human", "0", "--seed", str(seed)], input="q\n")
    assert again.exit_code == 0 and "plays this game again" not in again.output  # a seed given is not announced
    table = first.split("plays this game again)", 1)[1]
    assert re.sub(r"\s+", " ", again.output).strip() == table.strip()  # the same table, hand and score


def test_a_game_between_bots_is_seed_0_by_default():
    runner = CliRunner()
    by_default = json.loads(runner.invoke(cli, ["play", "bingo", "--json"]).output)
    assert by_default == json.loads(runner.invoke(cli, ["play", "bingo", "--json", "--seed", "0"]).output)
