"""Helpers of the HTTP API's tests (tests/serve): the command line's ``--json`` output to compare
replies with, positions of both games (a full 42 deal, and Bingo deals played on until every tile's
place is known, solved exactly in microseconds), and limits that keep fuzzed requests cheap."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from dominosolver import games
from dominosolver.bingo.bots import RandomBot
from dominosolver.cli.main import cli
from dominosolver.serve import ServeLimits

KEY = bytes(range(32))  # fixed, so tokens are the same on every run
DEAL_42 = ("trump=4 leader=N hands=66.64.63.62.55.44.41/65.54.53.52.51.50.43/61.60.42.40.33.32.31/"
           "30.22.21.20.11.10.00 contract=N30")


def cli_json(*args: str) -> Any:
    """What ``dominosolver ARGS --json`` prints, decoded."""
    result = CliRunner().invoke(cli, [*args, "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def steady(reply: dict[str, Any]) -> dict[str, Any]:
    """A reply without its wall-clock time (the one field that differs from run to run)."""
    return {k: v for k, v in reply.items() if k != "elapsed"}


def bingo_closed(seed: int) -> Any:
    """A Bingo deal played by random moves until every tile's place is known (not over)."""
    spec = games.get("bingo")
    game = spec.Game(seed, spec.Rules(), 0, [])
    bot = RandomBot(seed)
    while not game.position.perfect_information:
        game.play(bot.choose(game))
    assert not game.position.is_over
    return game.position


def small_limits() -> ServeLimits:
    """Limits that keep every search of a fuzzed request to hundredths of a second."""
    return ServeLimits(samples=8, time=0.05, max_nodes=20_000, pool=2, queue=8)
