"""The games in play a server process holds built between requests (serve/live.py): they never change
a reply (whole games of every registered game answered alike with none held and with them held, and
with every held game evicted before its next request), a game another process moved on is built
again from the store rather than taken stale, and a request on a held game plays its own move alone
rather than the game again from its deal (moves counted, not timed)."""

from __future__ import annotations

import base64
import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from dominosolver import games
from dominosolver.errors import IllegalMoveError
from dominosolver.serve import ServeLimits, create_app
from dominosolver.serve.live import LiveGames
from dominosolver.wrappers import RecordedGame
from serve_support import KEY
from starlette.testclient import TestClient

# Bots whose games end within a few hundred moves (Moon's random bots play on for thousands)
BOTS = {"bingo": "random", "texas42": "random"}


def payload(token: str) -> dict:
    body = token.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def app(held: int, games_file: str | None = None) -> TestClient:
    return TestClient(create_app(ServeLimits(live_games=held), key=KEY, games=games_file))


def comparable(reply: dict) -> dict:
    """A reply but for its game's id (each server draws its own): the moves its token has seen stay."""
    if "token" not in reply:
        return reply
    return {**reply, "token": payload(reply["token"])["n"]}


def ask(client: TestClient, path: str, body: dict) -> dict:
    reply = client.post(f"/v1/{path}", json=body)
    return {"status": reply.status_code, **reply.json()}


def next_request(reply: dict, rng: random.Random) -> tuple[str, dict]:
    """The next request of a game: a move the human picks at random among its legal ones, or a bot's."""
    if reply["your_turn"]:
        return "move", {"token": reply["token"], "move": rng.choice(reply["legal_moves"])}
    return "bot-move", {"token": reply["token"]}


@pytest.mark.parametrize("game", list(games.GAMES))
def test_held_games_answer_a_whole_game_as_replayed_ones_do(game):
    """Lockstep: the same requests to a server that replays every request and to one that holds
    its games (and one that holds one game, evicted by another's request before each of its own)."""
    new = {"game": game, "seat": 1, "seed": 3, "bot": BOTS.get(game, "rule")}
    with app(0) as replaying, app(256) as holding, app(1) as evicting:
        rng = random.Random(game)
        replies = [ask(c, "new-game", new) for c in (replaying, holding, evicting)]
        other = ask(evicting, "new-game", new)
        for _ in range(3000):
            assert len({json.dumps(comparable(r), sort_keys=True) for r in replies}) == 1, replies
            if replies[0]["over"]:
                break
            path, body = next_request(replies[0], rng)
            again = ask(holding, "game", {"token": replies[1]["token"]})  # a reload: the game as it is
            assert comparable(again) == {**comparable(replies[1]), "last": None}
            other = ask(evicting, "game", {"token": other["token"]})  # evicts the game below
            assert len(evicting.app.state.live) == 1
            replies = [ask(c, path, {**body, "token": r["token"]}) for c, r in zip((replaying, holding, evicting), replies)]
        assert replies[0]["over"], "the game did not end within 3,000 requests"
        assert len(replaying.app.state.live) == 0 and len(holding.app.state.live) == 1


def test_a_game_moved_on_by_another_process_is_replayed_not_taken_stale(tmp_path):
    """Two applications over one games file (two worker processes): each holds the game as it last
    answered it; when the other has moved it on, the first rebuilds it from the store."""
    path = str(tmp_path / "games.sqlite3")
    with app(256, path) as first, app(256, path) as second, app(0, path) as truth:
        rng = random.Random(5)
        reply = ask(first, "new-game", {"game": "moon4", "seat": 0, "seed": 8, "bot": "rule"})
        for turn in range(120):
            client = first if turn % 7 < 4 else second  # runs of moves in each process
            path_, body = next_request(reply, rng)
            before = reply
            reply = ask(client, path_, body)
            assert reply["status"] == 200, reply
            # what a process that holds nothing answers from the store for the same token
            assert comparable(ask(truth, "game", {"token": reply["token"]})) == {**comparable(reply), "last": None}
            if path_ == "move" and turn % 5 == 0:
                # the other process (holding the game as it last answered it, or not at all) is asked to
                # retry the same move (the same reply), then another from that token (refused: not the latest)
                other = second if client is first else first
                assert comparable(ask(other, path_, body)) == comparable(reply)
                others = [m for m in before["legal_moves"] if m != body["move"]]
                if others:
                    refused = ask(other, "move", {**body, "move": others[0]})
                    assert refused["status"] == 409 and refused["error"] == "StaleToken"
            if reply["over"]:
                break


def test_a_held_game_plays_its_own_move_not_the_game_again(monkeypatch):
    """Every move a request plays on a game object is counted (the human's, a bot's, and each one
    replayed from the deal): a server holding its games plays one a move, and none to reload (a
    stale token's request between them drops nothing); one that holds none plays the whole game
    again each time."""
    played = []
    original = RecordedGame.play

    def counted(game, move):
        played.append(move)
        original(game, move)

    monkeypatch.setattr(RecordedGame, "play", counted)
    for held in (0, 256):
        with app(held) as client:
            rng = random.Random(1)
            reply = ask(client, "new-game", {"game": "moon4", "seat": 2, "seed": 1, "bot": "random"})
            # random bots' Partnership Moon: this one, 330 moves (replaying each request, the first 60 show it)
            while not reply["over"] and (held or payload(reply["token"])["n"] < 60):
                path, body = next_request(reply, rng)
                seen = payload(reply["token"])["n"]
                played.clear()
                reply = ask(client, path, body)
                assert reply["status"] == 200 and payload(reply["token"])["n"] == seen + 1
                assert len(played) == (1 if held else seen + 1)
                if seen % 10 == 0:  # a reload from the token before (refused) leaves the game held
                    assert ask(client, "game", {"token": body["token"]})["error"] == "StaleToken"
                played.clear()
                assert ask(client, "game", {"token": reply["token"]})["status"] == 200
                assert len(played) == (0 if held else seen + 1)
            assert payload(reply["token"])["n"] >= (300 if held else 60)


def test_live_games_hold_at_most_their_number_and_refuse_a_bad_one():
    live = LiveGames(2)
    for n, game_id in enumerate("abc"):
        live.keep(game_id, f"game {game_id}", ["m"] * n)
    assert len(live) == 2  # "a", the least recently kept, is dropped
    assert live.game("a", [], lambda: "replayed") == "replayed"
    assert live.game("b", ["m"], lambda: "replayed") == "game b"
    assert live.game("b", ["m"], lambda: "replayed") == "replayed"  # taken out: one request at a time
    assert live.game("c", ["m", "x"], lambda: "replayed") == "replayed"  # other moves: not the game held,
    assert live.game("c", ["m"], lambda: "replayed") == "replayed"  # nor fewer (an earlier token's request),
    assert live.game("c", ["m", "m"], lambda: "replayed") == "game c"  # which leave it held
    live.keep("d", "game d, 3 moves", ["m"] * 3)
    live.keep("d", "game d, 2 moves", ["m"] * 2)  # not in place of the later one
    assert live.game("d", ["m"] * 3, lambda: "replayed") == "game d, 3 moves"
    none = LiveGames(0)
    none.keep("a", "game a", [])
    assert len(none) == 0
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="live games"):
            LiveGames(bad)


def test_requests_racing_on_one_game_each_get_the_game_they_should():
    """Threads of the server answer requests on one game at once (a client's retries, two tabs):
    each holds a game of its own while it answers, so the same move from the latest token gets
    the same reply every time, another move from it is refused, and the game plays on from the
    reply that was stored, held or replayed alike."""
    limits = ServeLimits(quick_pool=4, live_games=256)
    rng = random.Random(7)
    with TestClient(create_app(limits, key=KEY)) as client, app(0) as replaying:
        reply = ask(client, "new-game", {"game": "texas42", "seat": 0, "seed": 4, "bot": "random"})
        twin = ask(replaying, "new-game", {"game": "texas42", "seat": 0, "seed": 4, "bot": "random"})
        raced = 0
        while not reply["over"]:
            path, body = next_request(reply, rng)
            if path == "move":
                others = [m for m in reply["legal_moves"] if m != body["move"]]
                bodies = [body] * 6 + [{**body, "move": m} for m in others[:2]] + [{"token": body["token"]}] * 2
                with ThreadPoolExecutor(len(bodies)) as pool:
                    answers = list(pool.map(lambda b: ask(client, "move" if "move" in b else "game", b), bodies))
                stored = [a for a, b in zip(answers, bodies) if a["status"] == 200 and "move" in b]
                assert len({json.dumps(a, sort_keys=True) for a in stored}) == 1  # one move stored, one reply
                winner = next(b for a, b in zip(answers, bodies) if a["status"] == 200 and "move" in b)
                for answer, sent in zip(answers, bodies):
                    if "move" in sent and sent["move"] != winner["move"]:
                        assert answer["status"] == 409 and answer["error"] == "StaleToken"
                    elif "move" not in sent:  # a reload: the game before the move, or after it (then stale)
                        assert answer["status"] == 200 or answer["error"] == "StaleToken"
                body = winner
                reply = stored[0]
                raced += 1
            else:
                reply = ask(client, path, body)
            twin = ask(replaying, path, {**body, "token": twin["token"]})
            assert comparable(reply) == comparable(twin)  # as a server that replays every request says
        assert raced >= 5


@pytest.mark.parametrize("game", list(games.GAMES))
def test_a_held_game_keeps_no_undo_and_plays_on_as_a_replayed_one(game):
    """A game is held without the copy of its state for every move that undo needs (~9 kB a move
    in the 42 family): it cannot take back the moves played before, and plays on as a game
    replayed from the deal does."""
    spec = games.get(game)
    rng = random.Random(game)
    played = spec.Game(6, spec.Rules(), 0, [])
    for _ in range(60):
        played.play(rng.choice(played.legal_moves))
    played.forget_undo()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        played.undo()
    for _ in range(40):
        if played.is_over:
            break
        played.play(rng.choice(played.legal_moves))
    replayed = spec.Game(6, spec.Rules(), 0, [str(m) for m in played.moves])
    assert replayed.view(0).to_json() == played.view(0).to_json() and spec.record(replayed) == spec.record(played)
    assert [str(m) for m in replayed.legal_moves] == [str(m) for m in played.legal_moves]
    last = played.moves[-1]
    assert played.undo() == last  # a move played since is taken back as before
    with TestClient(create_app(key=KEY)) as client:
        reply = ask(client, "new-game", {"game": game, "seed": 6, "bot": BOTS.get(game, "rule")})
        for _ in range(5):
            reply = ask(client, *next_request(reply, rng))
        (held,) = [h.game for h in client.app.state.live._held.values()]
        with pytest.raises(IllegalMoveError, match="nothing to undo"):
            held.undo()
