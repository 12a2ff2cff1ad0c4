"""The engine's exact_limit applies to plays only (docs/protocol.md): in the auction and declaring a go
takes it and the bid adviser's answer is the one it gives without it (a client may send one set of limits
for every move), while method, weighting and means are refused there."""

from __future__ import annotations

import io
import json

from dominosolver.engine import EngineServer
from dominosolver.texas42 import Game


def go(view, limits: dict) -> dict:
    out = io.StringIO()
    server = EngineServer(out, threads=1)
    server.handle(json.dumps({"cmd": "position", "view": view.to_json()}))
    server.wait()
    server.handle(json.dumps({"cmd": "go", **limits}))
    server.wait()
    return json.loads(out.getvalue().splitlines()[-1])


def answer(reply: dict) -> tuple:
    assert reply["type"] == "bestmove", reply
    advice = {k: v for k, v in reply["advice"].items() if k not in ("elapsed", "time")}
    return reply["move"], advice


def test_exact_limit_changes_no_bid_or_declaration():
    game = Game(seed=1)
    bidding = game.view(game.to_move)
    while game.phase == "bidding":
        game.play(game.legal_moves[1] if not game.auction else game.legal_moves[0])
    declaring = game.view(game.to_move)
    assert bidding.contract is None and declaring.contract is not None and declaring.trump is None
    for view in (bidding, declaring):
        plain = answer(go(view, {"samples": 4, "seed": 3}))
        for exact_limit in (0, 5000):
            assert answer(go(view, {"samples": 4, "seed": 3, "exact_limit": exact_limit})) == plain


def test_a_play_limit_is_still_refused_beside_it():
    game = Game(seed=1)
    reply = go(game.view(game.to_move), {"samples": 4, "exact_limit": 5, "means": "all"})
    assert reply["type"] == "error" and reply["message"].startswith("means:")
