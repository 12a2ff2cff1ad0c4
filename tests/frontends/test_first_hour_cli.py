"""What a new user meets first on the command line says what is true of every game: the help of
`table`, `advise-bid`, `hint`, `serve` and `play --human` names the games the registry's rows give
(not "a 42 deal", "a hand of 7 tiles", "Texas 42 and Bingo"), each game's seats as they are typed and
each auction's hand as dealt; lists of games read "A, B and C"; a directory given for a position is
named as one; `play --save` to a place that cannot be written fails before the game is played."""

from __future__ import annotations

import dataclasses
import importlib
import json
import re

import pytest
from click.testing import CliRunner
from dominosolver import games
from dominosolver.cli.main import cli
from dominosolver.serve import create_app
from starlette.testclient import TestClient

cli_main = importlib.import_module("dominosolver.cli.main")  # the module (dominosolver.cli.main is also its function)


def help_of(*command: str) -> str:
    out = CliRunner().invoke(cli, [*command, "--help"], terminal_width=400)
    assert out.exit_code == 0, out.output
    return " ".join(out.output.split())  # click's wrapping aside


def run(capsys, args: list[str]) -> tuple[int, str]:
    """(exit status, what was printed) of the command line as a user runs it (`main`: errors as
    one line, no traceback)."""
    with pytest.raises(SystemExit) as ended:
        cli_main.main(args)
        raise SystemExit(0)
    printed = capsys.readouterr()
    return ended.value.code, printed.out + printed.err


def dealt_hand_size(spec) -> int:
    """The tiles a seat holds when the cards are dealt, counted on a deal."""
    return len(spec.deal(1, spec.variants[0]).hands[0])


def test_table_help_names_the_games_with_a_table():
    text = help_of("table")
    assert "a 42 deal" not in text
    for spec in games.GAMES.values():
        if spec.table is not None:
            assert spec.title in text
    assert "Bingo" not in text  # the one game without a table


def test_advise_bid_help_gives_each_auctions_hand_as_dealt():
    text = help_of("advise-bid")
    assert "a hand of 7 tiles" not in text
    bidders = [spec for spec in games.GAMES.values() if spec.advise_bid is not None]
    assert {dealt_hand_size(spec) for spec in bidders} == {7, 11}  # the deals themselves: 42's 7, The Big Game's 11
    for spec in bidders:
        # each game beside its own hand size ("The Big Game: 11 tiles", "... Moon and Partnership Moon: 7 tiles")
        assert re.search(re.escape(spec.title) + r"[^:;]*: " + str(dealt_hand_size(spec)) + " tiles", text), (spec.title, text)
    assert "Bingo" not in text.split("Options:")[0]


@pytest.mark.parametrize("command, option, having", [
    (("hint",), "--seat TEXT", lambda spec: True),
    (("advise-bid",), "--seat TEXT", lambda spec: spec.advise_bid is not None),
    (("play",), "--human SEAT", lambda spec: spec.human is not None),
])
def test_seat_help_lists_each_games_seats_as_typed(command, option, having):
    text = help_of(*command)
    # the option's help: "... (Texas 42, Partnership Moon and The Big Game: N, E, S, W or 0..3; Moon: ...) ..."
    options = text[text.index("Options:"):]
    groups = options[options.index(option):].split("(", 1)[1].split(")", 1)[0].split("; ")
    seen = []
    for group in groups:
        named, _, typed = group.partition(": ")
        names, _, numbers = typed.rpartition(" or ")
        for title in re.split(r", | and ", named):
            spec = next(s for s in games.GAMES.values() if s.title == title)
            seen.append(title)
            seats = list(range(spec.Rules().seats))
            # every seat named is the game's seat, in order, and so is the highest number
            assert [spec.parse_seat(name) for name in names.split(", ")] == seats if " " not in spec.seat_name(0) \
                else names in ("0", "") and numbers.endswith(str(seats[-1]))
            assert numbers.endswith(str(seats[-1])) and spec.parse_seat(str(seats[-1])) == seats[-1]
    assert seen and sorted(seen) == sorted(s.title for s in games.GAMES.values() if having(s)), groups


def test_serve_and_hint_help_name_every_game():
    for command in ("serve", "hint"):
        text = help_of(command)
        assert "Texas 42 and Bingo" not in text and "of Texas 42 or Bingo" not in text
        assert all(spec.title in text for spec in games.GAMES.values()), command


def test_in_words():
    assert cli_main.in_words(["Texas 42", "Moon", "Bingo"]) == "Texas 42, Moon and Bingo"
    assert cli_main.in_words(["Moon", "Bingo"]) == "Moon and Bingo"
    assert cli_main.in_words(["Moon"]) == "Moon" and cli_main.in_words([]) == ""


def test_a_game_without_a_table_names_those_with_one_in_words(capsys):
    bingo = games.get("bingo").deal(1, games.get("bingo").variants[0])
    status, out = run(capsys, ["table", str(bingo)])
    assert status == 2 and "Traceback" not in out
    tabled = [spec.title for spec in games.GAMES.values() if spec.table is not None]
    assert f"(games with one: {', '.join(tabled[:-1])} and {tabled[-1]})" in out, out
    assert out.count(" and ") == 1


def test_a_directory_is_named_as_one(tmp_path, capsys):
    status, out = run(capsys, ["show", str(tmp_path)])
    assert status == 1 and "Traceback" not in out
    assert f"IsADirectoryError: {tmp_path}: a directory" in out and "no such file" not in out


def test_play_save_to_an_unwritable_place_fails_before_the_game(tmp_path, monkeypatch, capsys):
    played = []
    spec = games.get("42")
    counting = dataclasses.replace(spec, play=lambda *a: played.append(a) or spec.play(*a))
    monkeypatch.setattr(cli_main.games, "get", lambda tag: counting)
    status, out = run(capsys, ["play", "42", "--seed", "1", "--save", str(tmp_path / "no" / "such" / "game.json")])
    assert status == 1 and "Traceback" not in out and str(tmp_path / "no" / "such") in out, out
    assert played == []  # refused before a move was played
    saved = tmp_path / "game.json"
    status, out = run(capsys, ["play", "42", "--seed", "1", "--save", str(saved)])
    assert status == 0 and len(played) == 1 and saved.read_text().startswith("{")


@pytest.mark.parametrize("args, option, fault", [
    (["--max-threads", "0"], "--max-threads", "from 1 to"),
    (["--max-line", "-1"], "--max-line", "from 64 to"),
    (["--max-samples", "0"], "--max-samples", "from 1 to"),
    (["--max-time", "0"], "--max-time", "above 0"),
    (["--table-mb", "0"], "--table-mb", "from 1 to"),
    (["--threads", "0"], "--threads", "from 1 to"),
    (["--threads", "2", "--max-threads", "1"], "--threads", "from 1 to 1 (--max-threads), not 2"),
])
def test_engine_options_out_of_range_are_named_by_their_option(args, option, fault):
    out = CliRunner().invoke(cli, ["engine", *args], input='{"cmd": "quit"}\n')
    assert out.exit_code == 2 and out.exception is None or isinstance(out.exception, SystemExit), out.output
    assert f"Invalid value for '{option}'" in out.output and fault in out.output, out.output
    # the engine's own field names ('line_bytes', 'table_mb') are not what the user typed
    assert not re.search(r"\b(line_bytes|table_mb|samples|threads) must", out.output), out.output


def test_advise_bid_takes_a_view_in_the_auction_as_the_http_api_does(capsys, tmp_path):
    """`advise-bid VIEW` (text, JSON or a file) gives what `POST /v1/advise-bid {"view": ...}` and the
    engine give: the advice of the hand, seat and game the view brings."""
    view = "moon seat=P1 hand=66.65.64.63.53.41.22"
    status, out = run(capsys, ["advise-bid", view, "--samples", "8", "--seed", "1", "--json"])
    assert status == 0, out
    by_cli = json.loads(out)
    with TestClient(create_app()) as client:
        by_http = client.post("/v1/advise-bid", json={"view": view, "samples": 8, "seed": 1}).json()
    assert by_cli["game"] == "moon" and by_cli["seat"] == 1
    assert {k: v for k, v in by_cli.items() if k != "elapsed"} == {k: v for k, v in by_http.items() if k != "elapsed"}
    # the view's JSON in a file too
    shown = tmp_path / "view.json"
    status, out = run(capsys, ["show", view, "--json"])
    shown.write_text(out)
    status, out = run(capsys, ["advise-bid", str(shown), "--samples", "8", "--seed", "1", "--json"])
    assert status == 0 and json.loads(out)["verdict"] == by_cli["verdict"]
    # a view brings its own seat, auction and rules
    status, out = run(capsys, ["advise-bid", view, "--seat", "P0", "--rules", "family:moon"])
    assert status == 2 and "give no --seat, --rules" in out, out


@pytest.mark.parametrize("option, limit", [("--threads", "threads"), ("--method", "method"), ("--means", "means"),
                                           ("--max-nodes", "max_nodes"), ("--weighting", "weighting")])
def test_hint_option_help_names_the_games_that_take_it(option, limit):
    """Each hint option's help says which games take it and which refuse it, as `hint` then does."""
    text = help_of("hint")
    options = text[text.index("Options:"):]
    said = options[options.index(option):].split(" --", 1)[0]
    takers = [spec for spec in games.GAMES.values() if limit in spec.hint_limits]
    refusers = [spec for spec in games.GAMES.values() if limit not in spec.hint_limits]
    if refusers:
        assert said.split(" ", 2)[2].startswith(cli_main.in_words(s.name for s in takers) + ":"), said
        assert said.endswith(f"{cli_main.in_words(s.name for s in refusers)} hints refuse it"), said
    else:
        assert "refuse" not in said and not any(f"{s.name}:" in said for s in takers), said
    # and what the help says is what the command does: a refusing game's hint names the option
    for spec in refusers[:1]:
        position = str(spec.deal(1, spec.variants[0]))
        out = CliRunner().invoke(cli, ["hint", position, option, "1"])
        assert out.exit_code != 0 and f"{option} applies to" in str(out.exception), (out.output, out.exception)


def test_arena_refuses_a_negative_seed_as_play_does(capsys):
    status, out = run(capsys, ["arena", "42", "--deals", "1", "--bots", "rule,random", "--seed", "-3"])
    assert status == 2 and "--seed" in out and "-3" in out, out
    status, out = run(capsys, ["play", "42", "--seed", "-3"])
    assert status == 2 and "seed must be a whole number from 0" in out, out
