"""Replies of a game against the bots show only what the human's seat may see (issue 40): every reply
of whole bot games of every registered game, walked through HTTP, names no tile the seat may not see
in any field: the view, ``last``, the legal moves, the scores, the record (but for its finished
hands, which show every hand: those hands are over) and the token, decoded. Issue 40 found a bot's
discard in Moon and The Big Game in ``last`` (``[2, "discard 4-1"]``) and in the readable token.

What the seat may not see comes from the full game the server keeps (read here from its store, behind
the API's back), not from the reply: the other seats' hands, less what the rules revealed (a Plunge
bidder's doubles, Bingo's declarations), and the tiles in no hand (the widow or undealt tile, the
bidder's discard, Bingo's boneyard) unless the seat is the bidder who took them or the tile is the
face-up one."""

from __future__ import annotations

import base64
import json
import random
import re
from typing import Any

import pytest
from dominosolver import games
from dominosolver.tiles import Tile, tiles_of

BOTS = {"bingo": "random"}  # the others' rule bots search nothing: quick, and what they hide is the same
TILE = re.compile(r"\b\d-\d\b")
MOVES_AT_MOST = 5000  # far beyond any game here: a game that never ends fails, not hangs


def named(value: Any) -> set[Tile]:
    return {Tile(t) for t in TILE.findall(value if isinstance(value, str) else json.dumps(value))}


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def decoded(token: str) -> str:
    """Everything a client can read of a token: its payload, base64url-decoded. The rest is the
    payload's HMAC-SHA256 alone (32 bytes that read as noise: decoded, they once spelled "8-6")."""
    payload, signature = token.split(".")
    assert len(unb64(signature)) == 32
    return unb64(payload).decode("latin-1")


def kept_game(client, token: str) -> tuple[games.GameSpec, Any, int]:
    """The game the token stands for, in full, as the server keeps it."""
    payload = json.loads(unb64(token.split(".")[0]))
    state = client.app.state.games.get(payload["id"])
    spec = games.get(state["game"])
    return spec, spec.Game(state["seed"], spec.Rules.from_json(state["rules"]), 0, state["moves"][:payload["n"]]), state["seat"]


def hidden(spec: games.GameSpec, game: Any, seat: int) -> set[Tile]:
    """The tiles whose place ``seat`` may not know, from the full game."""
    if game.is_over:
        return set()  # the last hand is over: the record shows it whole
    pos = game.position
    if spec.tag == "bingo":
        return set(pos.hand(1 - seat)) - spec.revealed(pos, seat) | set(pos.boneyard) - {pos.turned}
    hand = game._game.current_hand  # the core's record of the hand in play: its undealt tiles and discard
    if pos is None:  # the auction, the declaration or the exchange: the hands as dealt
        unseen = {t for other, dealt in enumerate(game.deal()) if other != seat for t in dealt}
    else:
        unseen = {t for other, held in enumerate(pos.hands) if other != seat for t in held} - spec.revealed(pos, seat)
    if game.contract is None or game.contract.declarer != seat:
        unseen |= set(tiles_of(hand["undealt"]))  # the widow (undealt tile) the bidder took
        if hand["discard"] is not None:
            unseen.add(Tile.from_id(hand["discard"]))  # what the bidder laid away
        if pos is not None:
            unseen -= set(spec.places(pos)["played"])  # a widow tile the bidder kept, once played
    return unseen


def finished(reply: dict) -> list:
    return reply["record"].get("hands", reply["record"].get("deals"))


def choose(reply: dict, policy: str, rng: random.Random) -> str:
    """``passes``: pass whenever the human may, so that the bots bid, declare and lay away;
    ``declares``: bid the highest bid offered, so that the human does. Else a seeded random move."""
    moves = reply["legal_moves"]
    if "pass" in moves:
        bids = [m for m in moves if m.partition(":")[0].isdigit() or m == "game"]
        return "pass" if policy == "passes" or not bids else bids[-1]
    return rng.choice(moves)


def walk(client, game: str, seat: int, policy: str, seed: int) -> dict[str, int]:
    """A whole game, each reply checked; how often each kind of discard was seen in ``last``."""
    rng = random.Random(seed)
    reply = client.post("/v1/new-game", json={"game": game, "seat": seat, "seed": seed, "bot": BOTS.get(game, "rule")}).json()
    before: dict | None = None
    seen = {"bot's, face down": 0, "own, whole": 0}
    for _ in range(MOVES_AT_MOST):
        spec, full, kept_seat = kept_game(client, reply["token"])
        assert kept_seat == seat and reply["seat"] == seat
        unseen = hidden(spec, full, seat)
        assert len(finished(reply)) == len(spec.human.hands(full))  # the record holds finished hands only
        shown = {
            # Bingo's view names the tiles the play showed the opponent cannot hold (where a tile is not).
            "view": {k: v for k, v in reply["view"].items() if k != "opponent_absent"}, "legal_moves": reply["legal_moves"], "to_move": reply["to_move"],
            "scores": reply["scores"], "winner": reply["winner"],
            "record": {k: v for k, v in reply["record"].items() if k not in ("hands", "deals")},
            "token": decoded(reply["token"]),
        }
        if before is None or len(finished(reply)) == len(finished(before)):
            # (A move that ended a hand laid its tile face up, and the record now shows that hand whole.)
            shown["last"] = reply["last"]
        for field, value in shown.items():
            assert not named(value) & unseen, (game, seat, len(full.moves), field, value, sorted(map(str, unseen)))
        assert not named(shown["token"])  # the token names no tile at all, hidden or not
        if reply["last"] and reply["last"][1].startswith("discard"):
            own = reply["last"][0] == seat
            assert (reply["last"][1] == "discard") != own, reply["last"]
            seen["own, whole" if own else "bot's, face down"] += 1
        if reply["over"]:
            return seen
        before = reply
        if reply["your_turn"]:
            reply = client.post("/v1/move", json={"token": reply["token"], "move": choose(reply, policy, rng)}).json()
        else:
            reply = client.post("/v1/bot-move", json={"token": reply["token"]}).json()
        assert "error" not in reply, reply
    raise AssertionError(f"{game}: not over after {MOVES_AT_MOST} moves")


GAMES = ["texas42", "moon", "moon4", "biggame", "bingo"]
DISCARDS = {"moon", "biggame"}  # the games whose bidder lays a tile away face down


def test_every_registered_game_is_walked(client):
    assert {g["tag"] for g in client.get("/v1/games").json()["games"]} == set(GAMES)


@pytest.mark.parametrize("policy", ["passes", "declares"])
@pytest.mark.parametrize("game", GAMES)
def test_no_reply_shows_a_tile_the_seat_may_not_see(client, game, policy):
    seen = walk(client, game, seat=1 if policy == "passes" else 0, policy=policy, seed=7)
    if game in DISCARDS:  # the case issue 40 found was met, and passed
        assert seen["bot's, face down"] if policy == "passes" else seen["own, whole"], seen
