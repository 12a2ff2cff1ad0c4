"""A move the server refuses does not tell where a hidden tile lies: the game knows every hand and
the boneyard, the person its own seat's view ("6-6 is in the boneyard" told them)."""

from __future__ import annotations

import pytest
from dominosolver.tiles import Tile


def tiles_in(value) -> list[str]:
    """The tiles named anywhere in a view's played tiles (42's plays are [seat, tile] pairs)."""
    if isinstance(value, str):
        return [value] if "-" in value else []
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in tiles_in(v)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in tiles_in(v)]
    return []


@pytest.mark.parametrize("game, seat", [("bingo", 0), ("texas42", "N")])
def test_a_tile_not_held_is_refused_as_that(client, game, seat):
    reply = client.post("/v1/new-game", json={"game": game, "seat": seat, "seed": 0}).json()
    while not (reply["your_turn"] and all("-" in m and ":" not in m for m in reply["legal_moves"])):
        move = reply["legal_moves"][0] if reply["your_turn"] else None  # the auction's first choice (42)
        reply = (client.post("/v1/move", json={"token": reply["token"], "move": move}) if move is not None
                 else client.post("/v1/bot-move", json={"token": reply["token"]})).json()
    hand = {Tile(t) for t in reply["view"]["hand"]}
    seen = {Tile(t) for t in tiles_in([reply["view"].get(k) for k in ("played", "plays", "trick")])}
    tile = next(str(Tile.from_id(i)) for i in range(28) if Tile.from_id(i) not in hand | seen)
    refused = client.post("/v1/move", json={"token": reply["token"], "move": tile})
    assert refused.status_code == 422 and refused.json()["error"] == "IllegalMoveError"
    message = refused.json()["message"]
    assert message.startswith(f"you do not hold {tile}"), message
    for where in ("boneyard", "hand", "belongs"):
        assert where not in message, message
