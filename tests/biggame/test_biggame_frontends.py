"""The Big Game through the registry's front ends (docs/rules.md §4.3): the command line (show,
solve, hint, play, analyse, table's refusal of a part deal, demo), batch analysis with its move
columns by play, the engine protocol and the HTTP API, each answering as a direct call does."""

from __future__ import annotations

import base64
import base64
import io
import json

import pytest
from click.testing import CliRunner
from rich.console import Console
from starlette.testclient import TestClient

from dominosolver import games
from dominosolver.biggame import BigGame, Position, hint, solve
from dominosolver.cli.main import cli
from dominosolver.engine import EngineServer
from dominosolver.render.biggame import DEMO_POSITION
from dominosolver.io import validate
from dominosolver.serve import create_app
from dominosolver.texas42.plays import parse_play
from serve_support import KEY, cli_json, steady

SPEC = games.get("biggame")


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_row_reads_its_text_and_json():
    pos = Position(DEMO_POSITION)
    assert games.detect(DEMO_POSITION) is SPEC and games.detect(pos.to_json()) is SPEC
    spec, read = games.read(pos.to_json())
    assert spec is SPEC and read == pos
    assert SPEC.variants == ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                             "doubles", "follow-me")


def test_show_and_solve_on_the_command_line():
    shown = cli_json("show", DEMO_POSITION)
    assert shown["legal_moves"] == ["8-2:2", "8-2", "7-3:3", "7-3", "6-6", "6-1", "2-0", "1-0", "0-0"]
    solved = cli_json("solve", DEMO_POSITION)
    assert solved["game"] == "biggame" and solved["moves"] == solve(DEMO_POSITION).moves
    assert {"7-3:3", "8-2:2"} <= set(solved["moves"]) and solved["value"] == max(solved["moves"].values())
    assert "7-3:3" in run("solve", DEMO_POSITION)


def test_hint_on_the_command_line_is_the_direct_hint():
    out = cli_json("hint", DEMO_POSITION, "--samples", "8", "--seed", "3")
    direct = hint(Position(DEMO_POSITION).view(0), samples=8, seed=3).to_json()
    validate(out, "hint")
    assert out["moves"] == direct["moves"] and out["game"] == "biggame" and out["pov"] == "NS"
    assert {m["move"] for m in out["moves"]} == {str(m) for m in Position(DEMO_POSITION).legal_moves}


def test_play_and_analyse_a_whole_game(tmp_path):
    record = cli_json("play", "biggame", "--seed", "3")
    assert record["game"] == "biggame" and max(record["scores"].values()) >= 400
    first = next(h for h in record["hands"] if h["contract"] is not None)
    assert len(first["undealt"]) == 1 and len(first["callers"]) == len(first["bids"])
    assert sum(first["points"].values()) == 66
    assert record == json.loads(json.dumps(SPEC.play(3)))
    path = tmp_path / "game.json"
    hand = {**first, "rules": {}}
    path.write_text(json.dumps(hand))
    graded = cli_json("analyse", str(path))
    assert graded["game"] == "biggame" and len(graded["plays"]) == 44
    assert [p["tile"] for p in graded["plays"]] == [t for _, t in first["plays"]]
    assert all(p["cost"] >= 0 for p in graded["plays"])


def test_a_table_needs_the_whole_deal_and_batch_columns_are_plays():
    result = CliRunner().invoke(cli, ["table", DEMO_POSITION])
    assert result.exit_code != 0 and "whole deal" in str(result.exception)
    rows = [{"result": solve(DEMO_POSITION).to_json()}]
    arrays = SPEC.batch.arrays("solve", rows)
    assert arrays["solve_moves"].shape == (1, 47)
    assert arrays["solve_moves"][0, parse_play("7-3:3").id] == rows[0]["result"]["moves"]["7-3:3"]


def test_the_demo_shows_both_leads():
    console = Console(width=120, record=True, file=io.StringIO())
    for part in SPEC.render.demo():
        console.print(part)
    out = console.export_text()
    assert "The Big Game" in out and "7-3:3" in out and "8-2:2" in out


def engine(lines: list[dict]) -> list[dict]:
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    for line in lines:
        server.wait()
        server.handle(json.dumps(line))
    server.wait()
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_the_engine_answers_a_big_game_view():
    view = Position(DEMO_POSITION).view(0)
    ready, *infos, best = engine([{"cmd": "position", "view": view.to_json(), "id": "a"},
                                  {"cmd": "go", "samples": 8, "seed": 3, "id": "b"}])
    assert ready["type"] == "ready" and ready["seat"] == 0 and best["type"] == "bestmove"
    assert best["hint"]["game"] == "biggame" and best["move"] in {str(m) for m in view.legal_moves}
    assert best["hint"]["moves"] == hint(view, samples=8, seed=3).to_json()["moves"]


def test_the_http_api_serves_the_big_game():
    with TestClient(create_app(key=KEY)) as client:
        assert "biggame" in [g["tag"] for g in client.get("/v1/games").json()["games"]]
        assert client.post("/v1/show", json={"position": DEMO_POSITION}).json() == cli_json("show", DEMO_POSITION)
        solved = client.post("/v1/solve", json={"position": DEMO_POSITION}).json()
        assert {k: v for k, v in steady(solved).items() if k != "nodes"} == {
            k: v for k, v in steady(cli_json("solve", DEMO_POSITION)).items() if k != "nodes"}
        after = client.post("/v1/play", json={"position": DEMO_POSITION, "move": "7-3:3"}).json()
        pos = Position(DEMO_POSITION)
        pos.play("7-3:3")
        assert after == cli_json("show", str(pos))


def test_a_game_plays_through_the_registry_game_class():
    game = SPEC.Game(seed=5)
    assert isinstance(game, BigGame) and game.rules == SPEC.Rules()


def test_a_game_against_the_bots_on_the_web_board():
    """/v1/new-game with The Big Game and rule bots (quicker here than the hint bots, which take
    seconds a decision in the first tricks); each reply is the human's view of the game its token names (the auction round after
    round, the exchange, the play), which the server keeps."""
    with TestClient(create_app(key=KEY)) as client:
        reply = client.post("/v1/new-game", json={"game": "biggame", "seat": "E", "seed": 11, "bot": "rule"}).json()
        for _ in range(40):
            body = reply["token"].split(".")[0]
            token = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
            moves = client.app.state.games.get(token["id"])["moves"][:token["n"]]
            replayed = BigGame(11, None, 0, moves)
            assert reply["view"] == replayed.view(1).to_json() and reply["your_turn"] == (replayed.to_move == 1)
            path, extra = ("/v1/move", {"move": reply["legal_moves"][0]}) if reply["your_turn"] else ("/v1/bot-move", {})
            reply = client.post(path, json={"token": reply["token"], **extra}).json()
            assert "error" not in reply, reply
        assert replayed.phase == "playing" and replayed.position.plays
