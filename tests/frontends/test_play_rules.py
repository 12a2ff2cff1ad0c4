"""``dominosolver play --rules FLAGS`` (issue 39): a game between the bots, or against them with
--human, under any family's flags; the record names them, and they change the game as the rules
say (Moon without its widow lays nothing away; 42's points game scores in points)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver import games
from dominosolver.cli.human import HumanGame
from dominosolver.cli.main import cli


def record_of(args: list[str]) -> dict:
    out = CliRunner().invoke(cli, ["play", *args, "--json"])
    assert out.exit_code == 0, out.output + str(out.exception)
    return json.loads(out.output)


@pytest.mark.parametrize("game, flags", [
    ("moon", {"moon_widow": "none", "moon_wins_game": "on", "moon_overcall": "on"}),
    ("moon4", {"moon4_preset": "fosdick"}),
    ("42", {"scoring": "points"}),
])  # (Bingo's bots search every move: a whole game takes minutes; its flags are checked below)
def test_a_bots_game_is_played_under_the_flags_and_says_so(game, flags):
    text = ",".join(f"{k}:{v}" for k, v in flags.items())
    record = record_of([game, "--seed", "2", "--rules", text])
    assert record["rules"] == flags
    api = games.get(game).play(2, games.get(game).Rules.from_json(flags))  # the same game as the API plays
    assert record == json.loads(json.dumps(api))


def test_moon_without_its_widow_lays_nothing_away():
    plain, house = record_of(["moon", "--seed", "2"]), record_of(["moon", "--seed", "2", "--rules", "moon_widow:none"])
    played = [h for h in house["hands"] if h["contract"] is not None]
    assert played and all(h["discard"] is None for h in played)
    assert any(h["discard"] is not None for h in plain["hands"] if h["contract"] is not None)


def test_42s_points_game_keeps_its_score_in_points():
    record = record_of(["42", "--seed", "1", "--rules", "scoring:points"])
    assert max(record["scores"].values()) >= 250  # the points game's target; marks end at 7


def test_the_terminal_game_takes_the_flags():
    spec = games.get("moon")
    rules = spec.Rules.from_json({"moon_widow": "none"})
    person = HumanGame(spec, 1, 3, show=lambda lines: None, read=lambda prompt: "q", rules=rules)
    assert person.game.rules == rules
    out = CliRunner().invoke(cli, ["play", "moon", "--human", "P1", "--rules", "moon_widow:none"], input="q\n")
    assert out.exit_code == 0, out.output + str(out.exception)


@pytest.mark.parametrize("args, fault", [
    (["moon", "--rules", "moon_widow:maybe"], "'moon_widow' cannot be 'maybe'"),
    (["42", "--rules", "moon_overcall:on"], "'moon_overcall' is the Moons'"),
    (["moon", "--rules", "specials"], "malformed rules item"),
    (["bingo", "--rules", "bingo_ruleset:newest"], "bingo_ruleset"),
])
def test_bad_flags_are_named(args, fault):
    out = CliRunner().invoke(cli, ["play", *args])
    assert out.exit_code != 0 and fault in out.output + str(out.exception)
