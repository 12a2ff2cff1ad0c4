"""The hint and advise-bid commands: JSON outputs that validate and agree with the API; named errors."""

from __future__ import annotations

import json

from click.testing import CliRunner
from dominosolver.cli import main
from dominosolver.cli.main import cli
from dominosolver.errors import ParseError
from dominosolver.io import validate
from dominosolver.texas42 import Game, Position, Rules, advise_bid, hint
from dominosolver.texas42.bots import RuleBot

POSITION = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30"


def test_hint_command_json_matches_the_api():
    result = CliRunner().invoke(cli, ["hint", POSITION, "--json", "--threads", "1"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    validate(out, "hint")
    direct = hint(Position(POSITION).view(1), threads=1).to_json()
    assert out["moves"] == direct["moves"] and out["method"] == "exact"


def test_hint_command_reads_a_view_and_a_seat():
    view = Position(POSITION).view(1).to_json()
    result = CliRunner().invoke(
        cli,
        [
            "hint",
            json.dumps(view),
            "--json",
            "--samples",
            "5",
            "--seed",
            "2",
            "--exact-limit",
            "0",
            "--threads",
            "1",
        ],
    )
    out = json.loads(result.output)
    assert out["method"] == "pimc" and out["worlds"] == 5 and out["seed"] == 2
    table = CliRunner().invoke(cli, ["hint", POSITION, "--seat", "E", "--threads", "1"])
    assert table.exit_code == 0 and "4-4" in table.output


def test_hint_command_takes_the_method_and_the_weighting():
    game, bot = Game(seed=4), RuleBot()
    while game.position is None or len(game.position.plays) < 18:
        game.play(bot.choose(game))
    played = str(game.position)  # its history keeps every play: the play weighting reads them
    args = ["hint", played, "--json", "--threads", "1", "--method", "infoset", "--weighting", "play"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    validate(out, "hint")
    direct = hint(game.position, threads=1, method="infoset", weighting="play").to_json()
    assert out["moves"] == direct["moves"] and out["method"] == "infoset" and out["weighting"] == "play"
    assert out["ess"] is not None  # the plays were all recorded: the worlds were weighted
    refused = CliRunner().invoke(cli, ["hint", played, "--method", "guess"])
    assert isinstance(refused.exception, ParseError) and "unknown method 'guess'" in str(refused.exception)


def test_hint_command_errors_are_named(capsys):
    try:
        main(["hint", POSITION, "--seat", "S"])
    except SystemExit as e:
        assert e.code == 2
    assert "InvalidViewError" in capsys.readouterr().err


def test_advise_bid_command():
    result = CliRunner().invoke(
        cli,
        [
            "advise-bid",
            "66.65.64.62.55.33.10",
            "--seat",
            "S",
            "--auction",
            "pass,30",
            "--samples",
            "4",
            "--seed",
            "1",
            "--threads",
            "2",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    direct = advise_bid(
        ["6-6", "6-5", "6-4", "6-2", "5-5", "3-3", "1-0"],
        [(0, 0), (1, 30)],
        seat=2,
        samples=4,
        seed=1,
        threads=2,
    )
    assert (
        out["bid"] == {0: "pass"}.get(direct.bid, str(direct.bid))
        and out["declaration"] == direct.declaration
    )
    assert [d["mean"] for d in out["declarations"]] == [round(float(m), 6) for m in direct.means]


def test_special_hint_and_advise_bid_commands_print_p_make_and_its_stderr():
    """Plunge (docs/rules.md §3.4): the hint table's columns in tricks with P(make) ± its stderr;
    advise-bid under --rules specials:all reports the special bids' P(make)."""
    plunge = "trump=doubles hands=66.55.44.33.65.21.10/64.63.62.61.60.54.53/52.51.50.43.42.41.40/32.31.30.22.20.11.00 contract=N168:plunge"
    table = CliRunner().invoke(cli, ["hint", plunge, "--samples", "6", "--seed", "1", "--threads", "1", "--exact-limit", "0"])
    assert table.exit_code == 0, table.output
    assert "mean tricks" in table.output and "P(make)" in table.output and "its stderr" in table.output
    args = ["advise-bid", "66.55.44.33.65.21.10", "--samples", "6", "--seed", "1", "--threads", "1", "--json"]
    special = json.loads(CliRunner().invoke(cli, [*args, "--rules", "specials:all"]).output)
    direct = advise_bid("66.55.44.33.65.21.10", seat=0, samples=6, seed=1, threads=1, rules=Rules(specials="all"))
    assert special["specials"] == [{**s.to_json(), "threshold": round(direct.threshold(s), 6)} for s in direct.specials]
    assert len(special["specials"]) == 2
    assert "specials" not in json.loads(CliRunner().invoke(cli, args).output)  # standard rules offer none
    text = CliRunner().invoke(cli, args[:-1] + ["--rules", "specials:all"])
    assert "168:plunge  P(make)" in text.output and "84:splash" in text.output
    bad = CliRunner().invoke(cli, [*args, "--rules", "specials:some"])
    assert isinstance(bad.exception, ParseError) and "rules flag 'specials'" in str(bad.exception)


def test_a_wide_bid_advice_prints_a_row_a_line():
    """The Big Game's advice line says what was tested and why: wider than 80 columns, it is still
    one line, as is each row of its table, so that it reads (and pipes) as a table."""
    hand = "86.81.73.70.66.60.55.54.32.31.22"
    result = CliRunner().invoke(cli, ["advise-bid", hand, "--rules", "family:biggame", "--samples", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    advice = [line for line in lines if line.startswith("advice: ")]
    assert len(advice) == 1 and len(advice[0]) > 80 and advice[0].rstrip().endswith("needs 75%")
    assert len(lines) == 2 + 11 + 1  # the heading, the columns, a row per declaration, the advice
    rows = [line for line in lines if line.split() and line.split()[0] in ("blanks", "eights", "follow-me")]
    assert len(rows) == 3 and all(len(row.split()) == 3 for row in rows)