"""A game against the bots through new-game, move and bot-move: the human sees its own seat's view
only, the server keeps the game and the token only names it (it cannot be altered, and an earlier
one does not play again), the bots answer the same to the same token, and each finished hand's
record grades through analyse. What no reply shows, field by field: test_serve_hidden.py."""

from __future__ import annotations

import base64
import json

import pytest
from dominosolver import games
from dominosolver.serve import create_app
from dominosolver.serve.botgame import BotGame, StaleToken
from dominosolver.serve.store import GameStore
from dominosolver.serve.tokens import Sealer
from serve_support import KEY
from starlette.testclient import TestClient


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


def kept(client, token: str) -> dict:
    """The game as the server keeps it (read behind the API's back), up to the token's move."""
    state = client.app.state.games.get(payload(token)["id"])
    return {**state, "moves": state["moves"][:payload(token)["n"]]}


@pytest.mark.parametrize("game, seat", [("texas42", "S"), ("bingo", 1)])
def test_a_hand_against_the_bots_shows_one_seat_and_grades_at_its_end(client, game, seat):
    spec = games.get(game)
    reply = client.post("/v1/new-game", json={"game": game, "seat": seat, "seed": 11}).json()
    me = spec.parse_seat(seat)
    assert reply["schema"] == "dominosolver.botgame/1" and reply["seat"] == me and reply["last"] is None
    while not finished(reply):
        moves = kept(client, reply["token"])["moves"]
        replayed = spec.Game(11, spec.Rules(), 0, moves)  # the game the token stands for
        assert reply["view"] == replayed.view(me).to_json()  # this seat's view, nothing more
        assert reply["your_turn"] == (replayed.to_move == me)
        assert reply["legal_moves"] == ([str(m) for m in replayed.legal_moves] if reply["your_turn"] else [])
        before = reply
        reply = step(client, reply)
        assert "error" not in reply, reply
        assert reply["last"][0] == before["to_move"] and kept(client, reply["token"])["moves"][-1] == reply["last"][1]
    hand = finished(reply)[0]
    replayed = spec.Game(11, spec.Rules(), 0, kept(client, reply["token"])["moves"])
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
    seed = kept(client, reply["token"])["seed"]
    for _ in range(6):
        assert str(seed) not in json.dumps(reply) and "seed" not in reply["record"]
        reply = step(client, reply)


def test_the_token_only_names_the_game(client):
    reply = client.post("/v1/new-game", json={"game": "texas42", "seat": "N"}).json()
    carried = payload(reply["token"])
    assert carried == {"v": 2, "id": carried["id"], "n": 0}  # no seed, no rules, no move, no hand
    assert len(carried["id"]) == 32 and int(carried["id"], 16) >= 0  # 128 random bits
    after = step(client, reply)
    assert payload(after["token"]) == {**carried, "n": 1}  # the moves the client has seen
    again = client.post("/v1/new-game", json={"game": "texas42"}).json()
    assert payload(again["token"])["id"] != carried["id"]
    assert kept(client, again["token"])["seed"] != kept(client, reply["token"])["seed"]  # each game its own deals


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


def test_workers_sharing_a_key_and_a_games_file_share_games(tmp_path):
    """As ``--workers N`` processes do: a token from one app plays on in another with the same key
    and games file, and the second try of a move gets the first one's reply."""
    games_file = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(key=KEY, games=games_file)) as one, TestClient(create_app(key=KEY, games=games_file)) as two:
        reply = one.post("/v1/new-game", json={"game": "bingo"}).json()
        first = step(two, reply)
        assert step(one, reply) == first  # a retry, through the other process
        assert "error" not in step(one, first)  # the game two moved on plays on in one
        with TestClient(create_app(key=KEY)) as alone:  # its own games, in memory
            gone = alone.post("/v1/bot-move", json={"token": reply["token"]})
            assert gone.status_code == 422 and "no longer kept" in gone.json()["message"]


def test_a_token_that_is_not_the_latest_does_not_play_again(client):
    """Issue 40: play a hand out, read every hand from the record, go back to a saved token and play
    the deal again knowing them. The saved token is refused (409 StaleToken), for a move and a
    bot's move alike; only the very request made from it before gets its reply again."""
    reply = client.post("/v1/new-game", json={"game": "texas42", "seat": "N", "seed": 5, "bot": "rule"}).json()
    saved = {}  # the human's first turn, and a bot's turn after it
    while not finished(reply):
        if reply["your_turn"] and "human" not in saved:
            saved["human"] = reply
        elif not reply["your_turn"] and "human" in saved and "bot" not in saved:
            saved["bot"] = reply
        reply = step(client, reply)
    assert finished(reply)[0]["deal"]  # every hand of the deal is now known
    human, bot = saved["human"], saved["bot"]
    taken = kept(client, reply["token"])["moves"][payload(human["token"])["n"]]  # what the human played then
    other = next(m for m in human["legal_moves"] if m != taken)
    for path, body in (("/v1/move", {"token": human["token"], "move": other}),  # another line, knowing the hands
                       ("/v1/move", {"token": human["token"], "move": taken}),  # the same move: the game went on past it
                       ("/v1/bot-move", {"token": bot["token"]})):
        stale = client.post(path, json=body)
        assert stale.status_code == 409 and stale.json()["error"] == "StaleToken", (path, body, stale.json())
        assert "not the game's latest" in stale.json()["message"]
    assert step(client, reply)["last"] is not None  # the latest token plays on


def test_a_retry_gets_the_same_reply_and_another_move_from_its_token_is_refused(client):
    reply = client.post("/v1/new-game", json={"game": "texas42", "seat": "N", "seed": 5, "bot": "rule"}).json()
    while not reply["your_turn"]:
        reply = step(client, reply)
    first, second = reply["legal_moves"][:2]
    moved = client.post("/v1/move", json={"token": reply["token"], "move": first}).json()
    assert client.post("/v1/move", json={"token": reply["token"], "move": first}).json() == moved
    other = client.post("/v1/move", json={"token": reply["token"], "move": second})
    assert other.status_code == 409 and other.json()["error"] == "StaleToken"
    assert "another move" in other.json()["message"]
    assert step(client, moved)["last"][0] != 0  # and the game plays on from the latest token


def test_the_server_keeps_at_most_so_many_games_for_so_long(tmp_path):
    """The least recently moved game goes beyond ``most``; a game goes after ``idle`` seconds
    without a move. Either's token is then refused by name."""
    now = [1000.0]
    store = GameStore(str(tmp_path / "games.sqlite3"), most=3, idle=60, clock=lambda: now[0])
    ids = []
    for i in range(4):
        now[0] += 1
        ids.append(store.add({"moves": [], "n": i}))
    assert len(store) == 3 and store.get(ids[0]) is None and store.get(ids[1]) == {"moves": [], "n": 1}
    now[0] += 1
    assert store.advance(ids[1], 0, {"moves": ["pass"], "n": 1})  # moved: the most recent now
    assert not store.advance(ids[1], 0, {"moves": ["30"], "n": 1})  # compare and set: from 0 moves no more
    assert store.get(ids[1])["moves"] == ["pass"]
    now[0] += 1
    ids.append(store.add({"moves": [], "n": 4}))
    assert store.get(ids[2]) is None and store.get(ids[1]) is not None  # the least recently moved went
    now[0] += 61
    assert store.get(ids[1]) is None  # idle too long
    last = store.add({"moves": [], "n": 5})
    assert len(store) == 1  # and dropped when the next game is made
    # Another connection to the same file (another worker process) sees the same games.
    assert GameStore(store.path, clock=lambda: now[0]).get(last) == {"moves": [], "n": 5}


def test_new_game_names_bad_options(client):
    for body, word in (({"game": "chess"}, "unknown game"), ({"seat": "Q"}, "seat"), ({"bot": "genius"}, "bot"),
                       ({"seed": -1}, "seed"), ({"rules": {"nope": "x"}}, "nope"), ({"colour": "red"}, "colour")):
        bad = client.post("/v1/new-game", json=body)
        assert bad.status_code == 422 and bad.json()["error"] == "ParseError" and word in bad.json()["message"], body


def test_two_requests_racing_from_one_token_move_the_game_once():
    """Both read the game before either stored its move (compare and set): the same move is one
    move, kept once; another move from the same token is refused, the first one kept."""
    store, sealer = GameStore(), Sealer(KEY)
    token = BotGame.new(store, "texas42", seat="E", seed=5, bot="rule").reply(sealer)["token"]
    one, two, three = (BotGame.of_token(sealer, store, token) for _ in range(3))
    first, second = (str(m) for m in one.game.legal_moves[:2])
    assert one.play(first) == two.play(first) == [1, first]
    with pytest.raises(StaleToken, match="another move"):
        three.play(second)
    assert store.get(payload(token)["id"])["moves"] == [first]


def test_the_latest_token_reopens_its_game_and_no_other_does(client):
    """POST /v1/game: the game as its latest token left it, no move made (the board's #game= link);
    a token the game went past is refused (409), like a move from it."""
    reply = client.post("/v1/new-game", json={"game": "texas42", "seat": "N", "seed": 5, "bot": "rule"}).json()
    while not reply["your_turn"]:
        reply = client.post("/v1/bot-move", json={"token": reply["token"]}).json()
    again = client.post("/v1/game", json={"token": reply["token"]}).json()
    assert {k: again[k] for k in ("view", "legal_moves", "to_move", "token")} == {
        k: reply[k] for k in ("view", "legal_moves", "to_move", "token")}
    moved = client.post("/v1/move", json={"token": reply["token"], "move": reply["legal_moves"][0]}).json()
    assert "token" in moved
    stale = client.post("/v1/game", json={"token": reply["token"]})
    assert stale.status_code == 409 and stale.json()["error"] == "StaleToken"
