"""A number out of range or of the wrong type names the range this server (or engine) takes, as
GET /v1/limits (hello's bounds) states it: not the library's wider one (samples "from 1 to
1,000,000" where the server takes 10,000) nor the library's None, which no JSON client can send."""

from __future__ import annotations

import io
import json

import pytest

from dominosolver.engine import EngineLimits, EngineServer

from serve_support import DEAL_42, bingo_closed


@pytest.mark.parametrize("endpoint, key, value, least", [
    ("hint", "samples", 5.5, 1), ("hint", "samples", 0, 1), ("hint", "exact_limit", -1, 0),
    ("hint", "time", "1", 0), ("hint", "time", -0.5, 0), ("claim", "time", True, 0),
    ("advise-bid", "samples", 1, 2), ("advise-bid", "time", [], 0), ("bingo", "max_nodes", "5", 1),
])
def test_a_number_out_of_range_names_the_servers_range(client, endpoint, key, value, least):
    limits = client.get("/v1/limits").json()
    most = limits["samples" if key == "exact_limit" else key]
    body = {"hint": {"position": DEAL_42}, "claim": {"position": DEAL_42},
            "advise-bid": {"hand": "66.65.64.55.54.44.33"}, "bingo": {"position": bingo_closed(1).to_json()}}[endpoint]
    reply = client.post(f"/v1/{'hint' if endpoint == 'bingo' else endpoint}", json={**body, key: value})
    error = reply.json()
    assert reply.status_code == 422 and error["error"] == "ParseError", error
    top = f"{most:g} seconds" if key == "time" else f"{most:,}"
    assert f"{key} must be " in error["message"] and f"from {least} to {top} (the server's limit)" in error["message"], error
    assert "None" not in error["message"]


def test_a_time_over_the_limit_is_named_in_seconds(client):
    most = client.get("/v1/limits").json()["time"]
    error = client.post("/v1/claim", json={"position": DEAL_42, "time": most + 1}).json()
    assert error["error"] == "RequestLimitError" and f"at most {most:g} seconds (the server's limit)" in error["message"]


@pytest.mark.parametrize("value", [-1, "2", True, [], {}])
def test_a_go_time_out_of_range_names_the_engines_range(value):
    out = io.StringIO()
    server = EngineServer(out, threads=1, limits=EngineLimits(time=7))
    for request in ({"cmd": "hello"}, {"cmd": "position", "view": "seat=N contract=N30 trump=4 hand=66.64.63.62.55.44.41"},
                    {"cmd": "go", "time": value, "samples": 5}):
        server.handle(json.dumps(request))
    hello, ready, error = (json.loads(x) for x in out.getvalue().splitlines())
    assert ready["type"] == "ready" and error["error"] == "ParseError", error
    assert f"from 0 to {hello['bounds']['time']:g} (the engine's limit)" in error["message"], error
    assert "None" not in error["message"]
