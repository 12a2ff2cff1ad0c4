"""A hint asked for a seat that is not to move, or of a deal that is over, is refused alike by every
game of the registry: an InvalidViewError (Bingo's were InvalidPositionErrors), a 422 naming it over
HTTP, and the same error in the engine protocol."""

from __future__ import annotations

import io
import json

import pytest
from dominosolver.engine import EngineServer
from dominosolver.errors import InvalidViewError
from dominosolver.games.registry import GAMES
from dominosolver.serve import create_app
from starlette.testclient import TestClient


def deal_and_other_seat(tag: str) -> tuple[object, int]:
    """A fresh deal of the game, in play, and a seat that is not to move in it."""
    spec = GAMES[tag]
    position = spec.deal(1, spec.variants[0])
    to_move = spec.facts(position)["to_move"]
    assert to_move is not None
    return position, 1 if to_move == 0 else 0


def played_out(tag: str) -> object:
    """A deal of the game played to its end (each player laying its first legal move)."""
    spec = GAMES[tag]
    position = spec.deal(1, spec.variants[0])
    while (facts := spec.facts(position))["to_move"] is not None:
        position.play(facts["legal_moves"][0])
    return position


@pytest.mark.parametrize("over", [False, True], ids=["not to move", "deal over"])
@pytest.mark.parametrize("tag", list(GAMES))
def test_a_hint_for_a_seat_not_to_move(tag, over):
    spec = GAMES[tag]
    position, seat = (played_out(tag), 0) if over else deal_and_other_seat(tag)
    with pytest.raises(InvalidViewError) as caught:
        spec.hint(position, seat=seat)
    assert type(caught.value) is InvalidViewError, caught.value
    view = position.view(seat).to_json()

    reply = TestClient(create_app()).post("/v1/hint", json={"view": view})
    assert (reply.status_code, reply.json()["error"]) == (422, "InvalidViewError"), reply.json()

    out = io.StringIO()
    server = EngineServer(out, threads=1)
    server.handle((json.dumps({"cmd": "position", "view": view}) + "\n").encode())
    server.handle((json.dumps({"cmd": "go", "id": 1}) + "\n").encode())
    server.wait()
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    errors = [r for r in replies if r["type"] == "error"]
    assert [(e["error"], e.get("id")) for e in errors] == [("InvalidViewError", 1)], replies
