"""A game against the bots through new-game, move and bot-move: the human sees its own seat's view
only, the token carries the game without revealing its deals and cannot be altered, the bots answer
the same to the same token, and each finished hand's record grades through analyse."""

from __future__ import annotations

import base64
import json

import pytest

from dominosolver import games
from dominosolver.serve import create_app
from dominosolver.serve.tokens import Sealer
from starlette.testclient import TestClient

from serve_support import KEY


def step(client, reply: dict) -> dict:
    """The next move of the game: the human's first legal move on its turn, else a bot's."""
    if reply["your_turn"]:
        return client.post("/v1/move", json={"token": reply["token"], "move": reply["legal_moves"][0]}).json()
    return client.post("/v1/bot-move", json={"token": reply["token"]}).json()


def finished(reply: dict) -> list:
    return reply["record"].get("hands", reply["record"].get("deals"))


def payload(token: str) -> dict:
    body = token.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


@pytest.mark.parametrize("game, seat", [("texas42", "S"), ("bingo", 1)])
def test_a_hand_against_the_bots_shows_one_seat_and_grades_at_its_end(client, game, seat):
    spec = games.get(game)
    reply = client.post("/v1/new-game", json={"game": game, "seat": seat, "seed": 11}).json()
    me = spec.parse_seat(seat)
    assert reply["schema"] == "dominosolver.botgame/1" and reply["seat"] == me and reply["last"] is None
    while not finished(reply):
        moves = payload(reply["token"])["moves"]
        replayed = spec.Game(11, spec.Rules(), 0, moves)  # the game the token stands for
        assert reply["view"] == replayed.view(me).to_json()  # this seat's view, nothing more
        assert reply["your_turn"] == (replayed.to_move == me)
        assert reply["legal_moves"] == ([str(m) for m in replayed.legal_moves] if reply["your_turn"] else [])
        before = reply
        reply = step(client, reply)
        assert "error" not in reply, reply
        assert reply["last"][0] == before["to_move"] and payload(reply["token"])["moves"][-1] == reply["last"][1]
    hand = finished(reply)[0]
    replayed = spec.Game(11, spec.Rules(), 0, payload(reply["token"])["moves"])
    assert hand == json.loads(json.dumps(spec.human.hands(replayed)))[0]
    if hand.get("contract", True) is not None:  # a 42 hand thrown in has no plays to grade
        graded = client.post("/v1/analyse", json={"record": hand}).json()
        assert graded["schema"] == "dominosolver.analysis/1" and graded["plays"]


def test_a_whole_bingo_game_ends_and_takes_no_more_moves(client):
    reply = client.post("/v1/new-game", json={"game": "bingo", "seed": 2, "bot": "random"}).json()
    for _ in range(2000):
        if reply["over"]:
            break
        reply = step(client, reply)
    assert reply["over"] and reply["winner"] in (0, 1) and max(reply["scores"]) >= 7
    assert reply["to_move"] is None and not reply["your_turn"] and reply["legal_moves"] == []
    for path, body in (("/v1/bot-move", {}), ("/v1/move", {"move": "draw"})):
        late = client.post(path, json={"token": reply["token"], **body})
        assert late.status_code == 422 and late.json()["error"] == "IllegalMoveError"
        assert "over" in late.json()["message"]


@pytest.mark.parametrize("game", ["texas42", "bingo"])
def test_no_reply_tells_the_deal_seed(client, game):
    """Neither the token nor the rest of a reply holds the seed the deals come from (nor, so, the
    hidden hands or the deals to come)."""
    reply = client.post("/v1/new-game", json={"game": game}).json()
    seed = Sealer(KEY).seed(payload(reply["token"])["nonce"])
    for _ in range(6):
        assert str(seed) not in json.dumps(reply) and "seed" not in reply["record"]
        reply = step(client, reply)


def test_the_token_keeps_the_deal_secret(client):
    reply = client.post("/v1/new-game", json={"game": "texas42"}).json()
    carried = payload(reply["token"])
    assert set(carried) == {"v", "game", "seat", "bot", "rules", "nonce", "moves"}  # no seed, no hand
    again = client.post("/v1/new-game", json={"game": "texas42"}).json()
    assert payload(again["token"])["nonce"] != carried["nonce"]  # each game its own deals


def test_the_same_token_gets_the_same_bot_move(client):
    reply = client.post("/v1/new-game", json={"game": "texas42", "seat": "N", "seed": 5}).json()
    assert not reply["your_turn"]  # E bids first after N deals
    first = client.post("/v1/bot-move", json={"token": reply["token"]}).json()
    second = client.post("/v1/bot-move", json={"token": reply["token"]}).json()
    assert first["last"] == second["last"] and first["token"] == second["token"]


def test_turns_are_kept(client):
    reply = client.post("/v1/new-game", json={"game": "texas42", "seat": "N", "seed": 5}).json()
    wrong = client.post("/v1/move", json={"token": reply["token"], "move": "pass"})
    assert wrong.status_code == 422 and wrong.json()["error"] == "IllegalMoveError" and "bot-move" in wrong.text
    while not reply["your_turn"]:
        reply = step(client, reply)
    early = client.post("/v1/bot-move", json={"token": reply["token"]})
    assert early.status_code == 422 and early.json()["error"] == "IllegalMoveError"
    illegal = client.post("/v1/move", json={"token": reply["token"], "move": "29"})
    assert illegal.status_code == 422 and illegal.json()["error"] in ("IllegalMoveError", "ParseError")
    for move in (None, ["pass"], {"bid": 30}, True):
        odd = client.post("/v1/move", json={"token": reply["token"], "move": move})
        assert odd.status_code == 422 and odd.json()["error"] == "ParseError", move


def test_an_altered_or_foreign_token_is_refused(client):
    reply = client.post("/v1/new-game", json={"game": "texas42", "seat": "N"}).json()
    body, tag = reply["token"].split(".")
    other_seat = {**payload(reply["token"]), "seat": 1}
    forged = base64.urlsafe_b64encode(json.dumps(other_seat, separators=(",", ":")).encode()).rstrip(b"=").decode()
    foreign = Sealer(b"another key, another server....").seal(payload(reply["token"]))
    for token in (f"{forged}.{tag}", foreign, body, f"{body}.{tag[:-2]}", "", "x.y", "é.é", 42, None):
        bad = client.post("/v1/bot-move", json={"token": token})
        assert bad.status_code == 422 and bad.json()["error"] == "ParseError", token


def test_workers_sharing_a_key_share_games():
    """As ``--workers N`` processes do: a token from one app plays on in another with the same key."""
    with TestClient(create_app(key=KEY)) as one, TestClient(create_app(key=KEY)) as two:
        reply = one.post("/v1/new-game", json={"game": "bingo"}).json()
        assert step(two, reply)["last"] == step(one, reply)["last"]


def test_new_game_names_bad_options(client):
    for body, word in (({"game": "chess"}, "unknown game"), ({"seat": "Q"}, "seat"), ({"bot": "genius"}, "bot"),
                       ({"seed": -1}, "seed"), ({"rules": {"nope": "x"}}, "nope"), ({"colour": "red"}, "colour")):
        bad = client.post("/v1/new-game", json=body)
        assert bad.status_code == 422 and bad.json()["error"] == "ParseError" and word in bad.json()["message"], body
