"""The OpenAPI 3.1 document of the HTTP API (``GET /v1/openapi.json``), built from the endpoint table
and the JSON Schemas shipped in ``dominosolver/io/schemas``: those files are the document's
``position``, ``view`` and ``hint`` components, so the API's description matches them by
construction. Each is embedded as it ships but for its references: ``#/$defs/tile`` and
``position.schema.json#/$defs/tile`` become ``#/components/schemas/position/$defs/tile``, and its
``$id`` goes (OpenAPI tools resolve references from the document, not from an embedded ``$id``)."""

from __future__ import annotations

from typing import Any

from ..io import SCHEMAS, schema
from ..version import __version__
from .handlers import ENDPOINTS
from .schemas import BOTGAME_SCHEMA, ERROR, TAGGED, ref

__all__ = ["document"]

ERRORS = {
    "400": "the body is not UTF-8 text of a JSON object",
    "413": "the body is over the server's limit",
    "415": "the body was not sent as Content-Type: application/json (UnsupportedMediaType)",
    "421": "a Host the server does not answer for (UnknownHost)",
    "422": "bad input, named: ParseError, InvalidPositionError, InvalidViewError, IllegalMoveError, "
           "SearchLimitError, RequestLimitError",
    "409": "move, bot-move: a game token that is not its game's latest (StaleToken)",
    "503": "too many requests waiting for their pool (Busy): retry later",
    "504": "no reply within the server's deadline, the wait for a thread included (DeadlineExceeded)",
}
GETS = {
    "games": ("The registered games", TAGGED),
    "limits": ("What one request may ask", TAGGED),
    "status": ("This worker process's pools: searches and quick requests", TAGGED),
    "openapi.json": ("This document", {"type": "object"}),
}


def embedded(name: str) -> dict[str, Any]:
    """The shipped schema ``name`` as a component of the document."""

    def reference(ref: str) -> str:
        file, _, pointer = ref.partition("#")
        return f"#/components/schemas/{file.removesuffix('.schema.json') or name}{pointer}"

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: reference(v) if k == "$ref" else walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    return {k: v for k, v in walk(schema(name)).items() if k not in ("$id", "$schema")}


def _reply(description: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": body}}}


def _errors() -> dict[str, Any]:
    return {status: _reply(what, ref("error")) for status, what in ERRORS.items()}


def document() -> dict[str, Any]:
    paths: dict[str, Any] = {
        f"/v1/{name}": {"get": {"summary": summary, "operationId": name.replace(".", "_"),
                                "responses": {"200": _reply("OK", body)}}}
        for name, (summary, body) in GETS.items()
    }
    for e in ENDPOINTS:
        body = {"type": "object", "additionalProperties": False, "properties": dict(e.keys),
                **({"required": list(e.required)} if e.required else {})}
        paths[f"/v1/{e.name}"] = {"post": {
            "summary": e.summary,
            "operationId": e.name.replace("-", "_"),
            "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
            "responses": {"200": _reply("the reply, as the command line prints it with --json", e.reply), **_errors()},
        }}
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {"title": "dominosolver", "version": __version__,
                 "description": "Solve, advise, grade and play Texas 42 and Bingo (docs/http.md)."},
        "paths": paths,
        "components": {"schemas": {**{name: embedded(name) for name in SCHEMAS}, "error": ERROR,
                                   "botgame": BOTGAME_SCHEMA}},
    }
