"""Every endpoint for both games through the test client: each reply is exactly what the command
line prints with ``--json`` for the same input (wall-clock time aside, and a 42 solve's node count:
the server's threads keep their solvers from one request to the next)."""

from __future__ import annotations

import json

import pytest

from dominosolver import games
from dominosolver.io import validate

from dominosolver.serve import ServeLimits, handlers
from dominosolver.serve.handlers import Call
from dominosolver.serve.tokens import Sealer

from serve_support import DEAL_42, KEY, bingo_closed, cli_json, steady


def test_games_lists_every_registered_game(client):
    reply = client.get("/v1/games").json()
    assert [g["tag"] for g in reply["games"]] == list(games.GAMES)
    by_tag = {g["tag"]: g for g in reply["games"]}
    assert by_tag["texas42"]["seats"] == ["N", "E", "S", "W"] and by_tag["bingo"]["seats"] == ["player 0", "player 1"]
    assert by_tag["texas42"]["tables"] == ["table", "specials"] and by_tag["bingo"]["tables"] == []
    assert by_tag["texas42"]["advise_bid"] and not by_tag["bingo"]["advise_bid"]
    assert by_tag["bingo"]["variants"] == list(games.get("bingo").variants)
    assert "threads" not in by_tag["texas42"]["hint_limits"]


def test_limits_state_what_a_request_may_ask(client):
    reply = client.get("/v1/limits").json()
    assert reply["schema"] == "dominosolver.limits/1"
    assert {"body_bytes", "samples", "time", "max_nodes", "threads", "pool", "queue"} <= reply.keys()


@pytest.mark.parametrize("position", [DEAL_42, "bingo"], ids=["texas42", "bingo"])
def test_show_is_show_json(client, position):
    text = str(bingo_closed(1)) if position == "bingo" else position
    reply = client.post("/v1/show", json={"position": text}).json()
    assert reply == cli_json("show", text)
    assert reply["legal_moves"] and reply["schema"] == "dominosolver.show/1"
    assert client.post("/v1/show", json={"position": reply["position"]}).json() == reply  # its JSON reads back
    assert client.post("/v1/show", json={"position": reply}).json() == reply  # so does show/1 itself


def test_show_of_a_view_is_the_view(client):
    view = games.get("bingo").Position(str(bingo_closed(2))).view(0).to_json()
    assert client.post("/v1/show", json={"position": view}).json() == view


@pytest.mark.parametrize("game", ["texas42", "bingo"])
def test_play_gives_the_legal_moves_and_the_next_position(client, game):
    pos = games.get(game).Position(DEAL_42) if game == "texas42" else bingo_closed(3)
    before = client.post("/v1/play", json={"position": str(pos)}).json()
    assert before == cli_json("show", str(pos))
    move = before["legal_moves"][-1]
    after = client.post("/v1/play", json={"position": str(pos), "move": move}).json()
    pos.play(move)
    assert after == cli_json("show", str(pos))


def but_nodes(reply: dict) -> dict:
    return {k: v for k, v in reply.items() if k != "nodes"}


@pytest.mark.parametrize("game", ["texas42", "bingo"])
def test_solve_is_solve_json(client, game):
    text = DEAL_42 if game == "texas42" else str(bingo_closed(4))
    reply = client.post("/v1/solve", json={"position": text}).json()
    assert but_nodes(reply) == but_nodes(cli_json("solve", text)) and reply["nodes"] > 0
    assert reply["schema"] == "dominosolver.solve/1" and reply["game"] == game


def test_a_thread_keeps_its_solver_from_one_solve_to_the_next():
    kept: dict = {}
    for seed, variant in enumerate(("trump 4", "nello", "doubles", "trump 4")):
        pos = games.get("texas42").deal(seed, variant)
        reply = handlers.solve(Call({"position": str(pos)}, ServeLimits(), Sealer(KEY), kept=kept))
        assert but_nodes(reply) == but_nodes(cli_json("solve", str(pos)))
        solver = kept["texas42"] if seed == 0 else solver
        assert kept == {"texas42": solver}  # the same one each time
    handlers.solve(Call({"position": str(bingo_closed(4))}, ServeLimits(), Sealer(KEY), kept=kept))
    assert kept == {"texas42": solver}  # Bingo's solve makes its own


def test_solve_without_moves_is_the_value_and_a_best_line(client):
    whole = client.post("/v1/solve", json={"position": DEAL_42}).json()
    short = client.post("/v1/solve", json={"position": DEAL_42, "moves": False}).json()
    assert short["value"] == whole["value"] and short["moves"] == {} and short["best"] == []
    assert len(short["pv"]) == len(whole["pv"]) and short["pv"][0] in whole["best"]
    assert short["nodes"] < whole["nodes"]
    # The same deal again: a pool thread that solved it keeps its table, so only the nodes may differ.
    assert but_nodes(client.post("/v1/solve", json={"position": DEAL_42, "moves": True}).json()) == but_nodes(whole)


def test_solve_takes_a_variant_deal_as_json(client):
    spec = games.get("texas42")
    for seed, variant in enumerate(("doubles", "nello", "plunge, doubles")):
        pos = spec.deal(seed, variant).to_json()
        reply = client.post("/v1/solve", json={"position": pos}).json()
        assert but_nodes(reply) == but_nodes(cli_json("solve", json.dumps(pos)))


@pytest.mark.parametrize("game", ["texas42", "bingo"])
def test_hint_of_a_view_and_of_a_position_and_seat_is_hint_json(client, game):
    pos = games.get(game).Position(DEAL_42) if game == "texas42" else bingo_closed(5)
    pos = type(pos)(str(pos))  # as its text gives it, with no history: the three requests see the same view
    seat = pos.to_move
    options = {"samples": 12, "seed": 7}
    by_view = client.post("/v1/hint", json={"view": pos.view(seat).to_json(), **options}).json()
    by_text = client.post("/v1/hint", json={"view": str(pos.view(seat)), **options}).json()  # the view's text
    assert steady(by_text) == steady(by_view)
    by_seat = client.post("/v1/hint", json={"position": str(pos), "seat": seat, **options}).json()
    one_thread = ["--threads", "1"] if "threads" in games.get(game).hint_limits else []  # the server's: 1
    most = str(ServeLimits().time)  # a hint without time gets the server's most
    expected = steady(cli_json("hint", str(pos), "--seat", str(seat), "--samples", "12", "--seed", "7", "--time", most,
                               *one_thread))
    assert steady(by_view) == steady(by_seat) == expected
    validate(by_view, "hint")


def test_hint_of_the_first_lead_samples_its_worlds(client):
    reply = client.post("/v1/hint", json={"position": DEAL_42, "seat": "N", "samples": 30, "seed": 1}).json()
    assert reply["worlds"] == 30 and reply["seat"] == 0 and reply["method"] == "pimc"


@pytest.mark.parametrize("specials", [False, True])
def test_table_is_table_json(client, specials):
    reply = client.post("/v1/table", json={"deal": DEAL_42, "specials": specials}).json()
    assert reply == cli_json("table", DEAL_42, *(["--specials"] if specials else []))
    hands = [h.split(".") for h in DEAL_42.split("hands=")[1].split()[0].split("/")]
    assert client.post("/v1/table", json={"deal": hands, "specials": specials}).json() == reply


def test_advise_bid_of_a_hand_and_of_a_view(client):
    args = {"hand": "66.65.64.62.55.33.10", "seat": "E", "auction": "pass", "samples": 16, "seed": 2}
    reply = client.post("/v1/advise-bid", json=args).json()
    expected = cli_json("advise-bid", "66.65.64.62.55.33.10", "--seat", "E", "--auction", "pass",
                        "--samples", "16", "--seed", "2")
    assert steady(reply) == steady(expected) and reply["schema"] == "dominosolver.bidadvice/1"
    listed = client.post("/v1/advise-bid", json={**args, "hand": args["hand"].split("."), "auction": ["pass"]})
    assert steady(listed.json()) == steady(reply)
    game = games.get("texas42").Game(seed=4)
    view = game.view(game.to_move).to_json()
    by_view = client.post("/v1/advise-bid", json={"view": view, "samples": 16, "seed": 2}).json()
    assert by_view["schema"] == "dominosolver.bidadvice/1" and by_view["seed"] == 2


@pytest.mark.parametrize("game", ["texas42", "bingo"])
def test_analyse_is_analyse_json(client, game, tmp_path):
    pos = games.get(game).Position(DEAL_42) if game == "texas42" else bingo_closed(6)
    plays = []
    while not pos.is_over and len(plays) < 6:
        move = str(pos.legal_moves[0])
        plays.append(move)
        pos.play(move)
    record = {"position": (games.get(game).Position(DEAL_42) if game == "texas42" else bingo_closed(6)).to_json(),
              "plays": plays}
    (tmp_path / "record.json").write_text(json.dumps(record))
    reply = client.post("/v1/analyse", json={"record": record}).json()
    assert reply == cli_json("analyse", str(tmp_path / "record.json"))
    assert reply["schema"] == "dominosolver.analysis/1" and len(reply["plays"]) == len(plays)
