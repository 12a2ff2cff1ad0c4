"""Bad input of every kind gets a 4xx JSON error naming the fault, never a 500 and never a dead
server: malformed bodies, unknown keys, bad positions, illegal moves, requests beyond the limits,
and a fuzz of mutated positions, views and records (the fuzzer's own seeds, tests/fuzz) sent to
every endpoint."""

from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

from dominosolver import errors
from dominosolver.serve import ServeLimits, create_app
from dominosolver.serve.handlers import ENDPOINTS

from fuzz.mutate import as_json_text, mutated
from fuzz.seeds import seeds
from serve_support import DEAL_42, KEY, bingo_closed, small_limits

JSON = {"Content-Type": "application/json"}
NAMED = {name for name in dir(errors) if isinstance(getattr(errors, name), type)}


def refused(reply, status: int, name: str, *words: str) -> None:
    body = reply.json()
    assert reply.status_code == status, body
    assert body["type"] == "error" and body["error"] == name, body
    for word in words:
        assert word in body["message"], body


@pytest.mark.parametrize("data, name", [
    (b"{", "ParseError"), (b"[1, 2]", "ParseError"), (b"\xff\xfe", "ParseError"), (b"", "ParseError"),
    (b'{"position": NaN}', "ParseError"), (b'"text"', "ParseError"),
])
def test_a_body_that_is_no_json_object_is_400(client, data, name):
    refused(client.post("/v1/solve", content=data, headers=JSON), 400, name)


def test_unknown_and_missing_keys_are_named(client):
    refused(client.post("/v1/solve", json={"position": DEAL_42, "sampels": 3}), 422, "ParseError", "'sampels'")
    refused(client.post("/v1/solve", json={}), 422, "ParseError", "needs position")
    refused(client.post("/v1/hint", json={}), 422, "ParseError", "view")
    refused(client.post("/v1/table", json={"deal": DEAL_42, "specials": "yes"}), 422, "ParseError", "specials")
    refused(client.post("/v1/solve", json={"position": DEAL_42, "moves": "no"}), 422, "ParseError", "moves")


def test_paths_and_methods(client):
    refused(client.get("/v1/nothing"), 404, "NotFound", "/v1/nothing")
    refused(client.get("/v1/solve"), 405, "MethodNotAllowed")
    refused(client.post("/v1/games", json={}), 405, "MethodNotAllowed")


def test_positions_and_moves_the_rules_refuse_are_named(client):
    refused(client.post("/v1/show", json={"position": "trump=4 hands=66"}), 422, "ParseError")
    duplicated = DEAL_42.replace("65.54", "66.54")
    refused(client.post("/v1/solve", json={"position": duplicated}), 422, "InvalidPositionError", "6-6")
    refused(client.post("/v1/play", json={"position": DEAL_42, "move": "6-5"}), 422, "IllegalMoveError")
    refused(client.post("/v1/play", json={"position": DEAL_42, "move": 65}), 422, "ParseError", "move")
    view = bingo_closed(1).view(0).to_json()
    refused(client.post("/v1/solve", json={"position": view}), 422, "ParseError", "full position")
    refused(client.post("/v1/hint", json={"view": view, "seat": 1}), 422, "ParseError", "seat")
    refused(client.post("/v1/hint", json={"view": DEAL_42}), 422, "ParseError", "view/1")


def test_options_a_game_has_no_use_for_are_refused_as_the_cli_refuses_them(client):
    refused(client.post("/v1/solve", json={"position": DEAL_42, "max_nodes": 10}), 422, "ParseError",
            "max_nodes applies to Bingo solves only")
    refused(client.post("/v1/solve", json={"position": str(bingo_closed(1)), "moves": False}), 422, "ParseError",
            "moves applies to 42, Moon, Partnership Moon and The Big Game solves only")
    refused(client.post("/v1/hint", json={"view": bingo_closed(1).view(0).to_json(), "weighting": "auction"}),
            422, "ParseError", "unknown weighting 'auction': use one of uniform, play")  # Bingo's: uniform or play
    refused(client.post("/v1/table", json={"deal": str(bingo_closed(1))}), 422, "ParseError", "Bingo has no")
    refused(client.post("/v1/advise-bid", json={"game": "bingo", "hand": "66"}), 422, "ParseError", "no auction")


@pytest.mark.parametrize("body, words", [
    ({"position": DEAL_42, "samples": 10_001}, ("samples", "10,000")),
    ({"position": DEAL_42, "exact_limit": 10_001}, ("exact_limit",)),
    ({"position": DEAL_42, "time": 11}, ("time",)),
    ({"position": "bingo", "max_nodes": 0}, ("max_nodes",)),
    ({"position": "bingo", "max_nodes": 50_000_001}, ("max_nodes",)),
])
def test_a_request_beyond_a_limit_is_422_naming_it(client, body, words):
    if body["position"] == "bingo":
        body = {**body, "position": str(bingo_closed(1))}
    refused(client.post("/v1/hint", json=body), 422, "RequestLimitError", *words)


def test_limits_apply_to_every_endpoint_that_searches(client):
    refused(client.post("/v1/advise-bid", json={"hand": "66.65.64.62.55.33.10", "samples": 20_000}), 422,
            "RequestLimitError", "samples")
    refused(client.post("/v1/solve", json={"position": str(bingo_closed(1)), "time": 60}), 422, "RequestLimitError")
    refused(client.post("/v1/analyse", json={"record": {"position": str(bingo_closed(1)), "plays": []},
                                             "max_nodes": 0}), 422, "RequestLimitError")


def test_a_body_over_the_limit_is_413_unread():
    with TestClient(create_app(ServeLimits(body_bytes=1000), key=KEY)) as small:
        refused(small.post("/v1/solve", json={"position": DEAL_42 + " " * 1000}), 413, "RequestLimitError", "1,000")
        assert small.post("/v1/solve", json={"position": DEAL_42}).status_code == 200


def test_a_full_pool_says_busy(monkeypatch):
    """With no thread free and no room to wait, a search is refused at once (503) instead of queued."""
    with TestClient(create_app(ServeLimits(pool=1, queue=0), key=KEY)) as tiny:
        pool = tiny.app.state.pool
        monkeypatch.setattr(pool, "searching", 1)  # as if a search held the only thread
        refused(tiny.post("/v1/solve", json={"position": DEAL_42}), 503, "Busy", "retry")
        monkeypatch.setattr(pool, "searching", 0)
        assert tiny.post("/v1/solve", json={"position": DEAL_42}).status_code == 200


SCALARS = [0, 1, 2, -1, 7, 3.5, 10**30, None, True, "N", "0", "x", "", "6-4", "pass", "30", [], {}, "specials:all"]


def fuzz_cases(n: int) -> list[tuple[str, bytes]]:
    """``n`` requests: an endpoint and a body whose keys hold the fuzzer's valid inputs of their
    kind (positions, views, records) or small values, then mutated."""
    rng = random.Random(26)
    values = seeds()
    positions = [*values["42.position.json"], *values["42.position.text"], *values["bingo.position.json"],
                 *values["bingo.position.text"]]
    kinds = {"position": positions, "deal": positions, "view": [*values["42.view.json"], *values["bingo.view.json"]],
             "record": values["batch"]}
    cases = []
    for _ in range(n):
        endpoint = rng.choice(ENDPOINTS)
        body = {key: rng.choice(kinds.get(key, SCALARS)) for key in endpoint.keys
                if rng.random() < 0.3 or key in endpoint.required}
        if rng.random() < 0.5:
            body = mutated(rng, body)
        cases.append((endpoint.name, as_json_text(rng, body, [0, 0, 0, 1])))
    return cases


def test_fuzzed_requests_get_a_named_4xx_or_an_answer_never_a_500():
    with TestClient(create_app(small_limits(), key=KEY)) as fuzz:
        for name, data in fuzz_cases(400):
            reply = fuzz.post(f"/v1/{name}", content=data, headers=JSON)
            body = reply.json()
            # A search past the server's deadline (a Big Game table on a loaded machine) is refused by name.
            assert reply.status_code < 500 or body.get("error") in ("DeadlineExceeded", "Busy"), (
                name, data[:300], reply.text[:300])
            if reply.status_code != 200:
                assert body["type"] == "error" and body["error"] in {*NAMED, "DeadlineExceeded", "Busy"}, (
                    name, data[:300], body)
        assert fuzz.get("/v1/limits").status_code == 200  # and it serves on
