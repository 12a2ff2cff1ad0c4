"""The OpenAPI document states every request's seed range as the front ends check it: a whole number from 0
to 2**64 - 1 (minimum and maximum), and the server holds to the maximum it states."""

from __future__ import annotations

LARGEST = 2**64 - 1  # the core's seeds are 64-bit (docs/protocol.md)


def seeds(value, path=()):
    """Every 'seed' property in the document, with where it is."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "properties" and isinstance(item, dict) and "seed" in item:
                yield path, item["seed"]
            yield from seeds(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from seeds(item, (*path, i))


def test_every_seed_states_its_minimum_and_maximum(client):
    doc = client.get("/v1/openapi.json").json()
    found = {path: seed for path, seed in seeds(doc) if "requestBody" in path}  # (a hint reply's seed is a reply's)
    takers = {path[1] for path in found}
    assert {"/v1/hint", "/v1/claim", "/v1/advise-bid", "/v1/new-game"} <= takers, takers
    for path, seed in found.items():
        assert (seed["type"], seed["minimum"], seed.get("maximum")) == ("integer", 0, LARGEST), path


def test_the_server_keeps_to_the_stated_maximum(client):
    assert client.post("/v1/new-game", json={"game": "texas42", "seat": "N", "seed": LARGEST}).status_code == 200
    refused = client.post("/v1/new-game", json={"game": "texas42", "seat": "N", "seed": LARGEST + 1})
    assert refused.status_code == 422 and "seed must be a whole number from 0 to 2**64 - 1" in refused.text
