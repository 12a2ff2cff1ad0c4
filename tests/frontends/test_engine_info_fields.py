"""The `info` lines' fields are those docs/protocol.md names: 42's moves carry `move`, `mean`,
`stderr`, `p_make` and `p_make_stderr`; Bingo's `move`, `mean`, `stderr` and `p_win` (the doc
said "like 42's, p_win in place of p_make", which promised a `p_make_stderr` they lack)."""

from __future__ import annotations

import io
import json

from dominosolver import bingo
from dominosolver.engine import EngineLimits, EngineServer
from dominosolver.texas42 import Position

BINGO = ("bingo trump=3 turned=33 leader=0 hands=66.53.52.51.44.22.21/60.55.50.43.40.11.00 "
         "boneyard=31.65.41.30.61.10.42.33 points=19/5 tricks=2/1")  # docs/protocol.md's deal
DEAL_42 = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30"


def infos(view: dict, **limits) -> list[dict]:
    out = io.StringIO()
    server = EngineServer(out, threads=1, limits=EngineLimits())
    server.handle(json.dumps({"cmd": "position", "view": view}))
    server.handle(json.dumps({"cmd": "go", **limits}))
    server.wait()
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert replies[0]["type"] == "ready" and replies[-1]["type"] == "bestmove", replies
    return [r for r in replies if r["type"] == "info"]


def test_info_fields_are_the_documented_ones():
    lines = {"42": infos(Position(DEAL_42).view(1).to_json(), samples=50, seed=1, exact_limit=0),
             "bingo": infos(bingo.Position(BINGO).view(0).to_json(), samples=16, seed=1)}
    fields = {"42": {"move", "mean", "stderr", "p_make", "p_make_stderr"}, "bingo": {"move", "mean", "stderr", "p_win"}}
    for game, found in lines.items():
        assert found, game
        for info in found:
            assert set(info) == {"type", "worlds", "best", "moves", "elapsed"}, info
            assert all(set(move) == fields[game] for move in info["moves"]), (game, info)
