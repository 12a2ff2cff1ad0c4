"""The HTTP API names the games that have what a request asks for as the command line does, in
words: "(games with one: Texas 42, Moon, Partnership Moon and The Big Game)", never "A and B and C"."""

from __future__ import annotations

import pytest
from dominosolver import games
from serve_support import bingo_closed


def in_words(titles: list[str]) -> str:
    return titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} and {titles[-1]}"


@pytest.mark.parametrize("endpoint, body, having", [
    ("advise-bid", {"game": "bingo", "hand": "66.65"}, lambda spec: spec.advise_bid is not None),
    ("claim", None, lambda spec: spec.claim is not None),
    ("table", None, lambda spec: spec.table is not None),
])
def test_a_game_without_it_names_those_with_it_in_words(client, endpoint, body, having):
    position = str(bingo_closed(1))
    body = body or ({"position": position} if endpoint == "claim" else {"deal": position})
    reply = client.post(f"/v1/{endpoint}", json=body)
    message = reply.json()["message"]
    titles = [spec.title for spec in games.GAMES.values() if having(spec)]
    assert reply.status_code == 422 and len(titles) >= 3, message
    assert message.endswith(f"(games with one: {in_words(titles)})") and message.count(" and ") == 1, message
