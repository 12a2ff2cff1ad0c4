"""The OpenAPI document validates as OpenAPI 3.1, holds the shipped JSON Schemas as its position, view
and hint components (as they ship, their references pointed into the document), refers to them
from the requests and replies that carry those formats, and lists every endpoint the app serves
with the body keys it takes."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import pytest
from openapi_spec_validator import validate
from referencing import Registry, Resource

from dominosolver import games
from dominosolver.io import SCHEMAS
from dominosolver.serve.handlers import ENDPOINTS

from serve_support import DEAL_42


def shipped(name: str) -> dict:
    return json.loads(resources.files("dominosolver.io").joinpath("schemas", f"{name}.schema.json").read_text())


def test_the_document_is_openapi_3_1(client):
    doc = client.get("/v1/openapi.json").json()
    assert doc["openapi"] == "3.1.0"
    validate(doc)  # raises on any fault


def shipped_form(name: str, component: dict) -> dict:
    """A component written back as its file ships: references into its own part of the document
    as "#/...", into another component as "<name>.schema.json#/..."."""
    own = f"#/components/schemas/{name}"

    def walk(value):
        if isinstance(value, dict):
            return {k: back(v) if k == "$ref" else walk(v) for k, v in value.items()}
        return [walk(v) for v in value] if isinstance(value, list) else value

    def back(ref: str) -> str:
        assert ref.startswith("#/components/schemas/"), ref
        if ref == own or ref.startswith(own + "/"):
            return "#" + ref[len(own):]
        other, _, pointer = ref[len("#/components/schemas/"):].partition("/")
        return f"{other}.schema.json" + (f"#/{pointer}" if pointer else "")

    return walk(component)


def test_its_components_are_the_shipped_schemas(client):
    components = client.get("/v1/openapi.json").json()["components"]["schemas"]
    for name in SCHEMAS:
        file = shipped(name)
        assert shipped_form(name, components[name]) == {k: v for k, v in file.items() if k not in ("$id", "$schema")}


def test_components_and_shipped_schemas_judge_alike(client):
    """The same positions, views and hints, valid and spoiled, pass or fail both ways alike."""
    doc = client.get("/v1/openapi.json").json()
    registry = Registry().with_resource("urn:api", Resource.from_contents({**doc, "$schema": doc["jsonSchemaDialect"]}))
    for name in SCHEMAS:
        registry = registry.with_resource(shipped(name)["$id"], Resource.from_contents(shipped(name)))
    pos = games.get("texas42").Position(DEAL_42)
    hint = client.post("/v1/hint", json={"position": DEAL_42, "samples": 5, "seed": 1}).json()
    instances = {"position": [pos.to_json(), {**pos.to_json(), "leader": 9}],
                 "view": [pos.view(1).to_json(), {**pos.view(1).to_json(), "hand": ["9-9"]}],
                 "hint": [hint, {**hint, "worlds": -1}]}
    for name, cases in instances.items():
        for instance in cases:
            verdicts = {jsonschema.Draft202012Validator({"$ref": ref}, registry=registry).is_valid(instance)
                        for ref in (f"urn:api#/components/schemas/{name}", shipped(name)["$id"])}
            assert len(verdicts) == 1, (name, instance)
        assert [jsonschema.Draft202012Validator(shipped(name), registry=registry).is_valid(i) for i in cases] == [
            True, False]


def test_requests_and_replies_refer_to_the_shipped_schemas(client):
    paths = client.get("/v1/openapi.json").json()["paths"]
    body = lambda name: paths[f"/v1/{name}"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    reply = lambda name: paths[f"/v1/{name}"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert {"$ref": "#/components/schemas/view"} in body("hint")["properties"]["view"]["oneOf"]
    assert {"$ref": "#/components/schemas/position"} in body("solve")["properties"]["position"]["oneOf"]
    assert {"$ref": "#/components/schemas/hint"} in reply("hint")["oneOf"]
    assert reply("new-game")["$ref"] == "#/components/schemas/botgame"


def test_every_endpoint_is_described_with_the_keys_it_takes(client):
    paths = client.get("/v1/openapi.json").json()["paths"]
    for e in ENDPOINTS:
        post = paths[f"/v1/{e.name}"]["post"]
        schema = post["requestBody"]["content"]["application/json"]["schema"]
        assert set(schema["properties"]) == set(e.keys) and schema["additionalProperties"] is False
        assert set(schema.get("required", [])) == set(e.required)
        assert {"200", "400", "413", "422", "503"} <= post["responses"].keys()
    for name in ("games", "limits", "status", "openapi.json"):
        assert client.get(f"/v1/{name}").status_code == 200 and "get" in paths[f"/v1/{name}"]


def test_replies_validate_against_the_documents_schemas(client):
    """A request body and its reply, checked against the schemas the document gives them."""
    doc = client.get("/v1/openapi.json").json()
    registry = Registry().with_resource("urn:api", Resource.from_contents({**doc, "$schema": doc["jsonSchemaDialect"]}))

    def check(instance: dict, path: str, where: str) -> None:
        jsonschema.Draft202012Validator({"$ref": f"urn:api#/paths/{path}/post/{where}"},
                                        registry=registry).validate(instance)

    body = {"position": DEAL_42, "samples": 10, "seed": 1}
    check(body, "~1v1~1hint", "requestBody/content/application~1json/schema")
    check(client.post("/v1/hint", json=body).json(), "~1v1~1hint", "responses/200/content/application~1json/schema")
    game = client.post("/v1/new-game", json={"game": "bingo"}).json()
    check(game, "~1v1~1new-game", "responses/200/content/application~1json/schema")
    error = client.post("/v1/solve", json={}).json()
    check(error, "~1v1~1solve", "responses/422/content/application~1json/schema")
    with pytest.raises(jsonschema.ValidationError):
        check({**body, "sampels": 3}, "~1v1~1hint", "requestBody/content/application~1json/schema")
