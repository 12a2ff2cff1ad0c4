"""``dominosolver arena GAME --rules FLAGS`` takes each game's own flags (issue 39): Moon's house
rules and Partnership Moon's preset are read as their family's (not refused as flags of 42), Bingo's
ruleset reaches its deals; each deal is the game under those flags, and a bad flag is named."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver import games
from dominosolver.arena import play_mirrored
from dominosolver.bingo import Game as BingoGame
from dominosolver.bingo.bots import RandomBot
from dominosolver.cli.main import cli
from dominosolver.errors import ParseError
from dominosolver.texas42.arena import play_deal
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.rules import Rules


@pytest.mark.parametrize("game, flags", [
    ("moon", "moon_widow:none,moon_wins_game:on,moon_overcall:on"),
    ("moon4", "moon4_preset:fosdick,moon_overcall:on"),
    ("bingo", "bingo_ruleset:modern_dp"),
])
def test_the_command_line_takes_the_games_flags(game, flags):
    out = CliRunner().invoke(cli, ["arena", game, "--deals", "1", "--bots", "random,random", "--rules", flags, "--json"])
    assert out.exit_code == 0, out.output + str(out.exception)
    assert json.loads(out.output)["options"]["rules"] == dict(f.split(":") for f in flags.split(","))


def test_a_moon_deal_of_the_arena_is_played_under_the_house_rules():
    arena = games.get("moon").arena
    options = {"rules": {"moon_widow": "none"}}
    assert arena.setup(4, options) == {"dealer": 1, "rules": {"moon_widow": "none", "family": "moon"}}
    differs = False
    for index in range(4):
        played = play_mirrored((arena, index, 7, "rule", "rule", options))
        house = play_deal(played["deal"], RuleBot(), RuleBot(), played["dealer"], Rules(family="moon", moon_widow="none"))
        plain = play_deal(played["deal"], RuleBot(), RuleBot(), played["dealer"], Rules(family="moon"))
        assert played["rules"] == {"moon_widow": "none", "family": "moon"}
        assert {k: v for k, v in played["games"][0].items() if k != "a_side"} == house
        differs |= house != plain
    assert differs  # the widow left out changes some deal


def replay_bingo(deal: int, start: int, rules) -> dict:
    """The first deal of ``Game(deal, start, rules)`` between the arena's first pair of random bots
    (bot A on player 0, seeded as the arena seeds it), as the arena records it."""
    game = BingoGame(seed=deal, start=start, rules=rules)
    bots = [RandomBot(deal * 2), RandomBot(deal * 2 + 7)]
    while not game.deals_played:
        game.play(bots[game.to_move].choose(game))
    d = game.deals_played[0]
    return {**d, "moves": [list(m) for m in d["moves"]], "declarations": [list(x) for x in d["declarations"]]}


def test_a_bingo_deal_of_the_arena_is_played_under_its_ruleset():
    arena = games.get("bingo").arena
    options = {"rules": {"bingo_ruleset": "modern_dp"}}
    assert arena.setup(1, options) == {"start": 1, "rules": {"bingo_ruleset": "modern_dp"}}
    modern, historic = games.get("bingo").Rules.from_json(options["rules"]), games.get("bingo").Rules()
    differs = False
    for index in range(6):
        played = play_mirrored((arena, index, 3, "random", "random", options))
        assert played["rules"] == options["rules"]
        first = {k: v for k, v in played["games"][0].items() if k != "a_side"}
        assert json.loads(json.dumps(first)) == json.loads(json.dumps(replay_bingo(played["deal"], played["start"], modern)))
        differs |= replay_bingo(played["deal"], played["start"], modern) != replay_bingo(played["deal"], played["start"], historic)
    assert differs  # the ruleset changes some deal


@pytest.mark.parametrize("game, flags, fault", [
    ("moon", {"specials": "all"}, "do not apply to family 'moon'"),
    ("moon", {"moon_widow": "maybe"}, "'moon_widow' cannot be 'maybe'"),
    ("bingo", {"moon_widow": "none"}, "unknown Bingo rules flag 'moon_widow'"),
])
def test_bad_flags_are_named_before_any_deal(game, flags, fault):
    with pytest.raises(ParseError, match=fault):
        games.get(game).arena.make_bot("random", 0, {"rules": flags})


def test_an_unknown_bingo_bot_option_is_named_plainly():
    with pytest.raises(ParseError, match=r"unknown Bingo bot option\(s\) bid_samples \(the bots take samples, max_nodes"):
        games.get("bingo").arena.make_bot("random", 0, {"bid_samples": 3})
