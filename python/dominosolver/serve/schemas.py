"""The JSON Schema pieces the endpoint table (``handlers.py``) and the OpenAPI document
(``openapi.py``) describe requests and replies with; positions, views and hints refer to the
shipped schemas, which the document holds as its components of those names."""

from __future__ import annotations

from typing import Any

from ..arguments import MAX_SEED

__all__ = [
    "BOTGAME", "BOTGAME_SCHEMA", "ERROR", "EXCHANGE", "GAME", "POSITION_ARG", "SEAT", "TAGGED", "TOKEN", "VIEW_ARG", "integer",
    "one_of", "probability", "ref", "seconds", "seed",
]


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def one_of(*options: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": list(options)}


def integer(description: str, minimum: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": minimum, "description": description}


def seed(description: str) -> dict[str, Any]:
    """A seed: a whole number from 0 to 2**64 - 1, as every front end checks it (arguments.seed_value)."""
    return {**integer(description, 0), "maximum": MAX_SEED}


TAGGED = {"type": "object", "required": ["schema"], "description": "a reply tagged with its format "
          "(docs/json.md), as the command line prints it with --json",
          "properties": {"schema": {"type": "string"}}}
# A hint's reply in a view of an exchange (The Big Game's bidder holding its 12 tiles): its discards ranked.
EXCHANGE = {"type": "object", "required": ["schema"], "properties": {"schema": {"const": "dominosolver.exchange/1"}},
            "description": "in an exchange: the discards ranked (docs/json.md), as hint --json prints it there"}
POSITION_ARG = one_of(ref("position"), {"type": "string", "description": "notation (docs/notation.md) or JSON text"})
VIEW_ARG = one_of(ref("view"), {"type": "string", "description": "a view's text (docs/notation.md) or its JSON text"})
SEAT = {"type": ["string", "integer"], "description": "42, Partnership Moon, The Big Game: N, E, S, W or 0..3; "
        "Moon: P0, P1, P2 or 0..2; Bingo: 0 or 1, or 'player 0', 'player 1'"}
GAME = {"type": "string", "description": "a game's tag or alias (GET /v1/games)"}
TOKEN = {"type": "string", "description": "the token of the game's latest reply, unchanged (an earlier one: 409)"}
BOTGAME = ref("botgame")
seconds = {"type": "number", "minimum": 0, "description": "seconds of search (at most the server's limit)"}
probability = {"type": "number", "minimum": 0, "maximum": 1}

ERROR = {
    "type": "object", "required": ["type", "error", "message"], "additionalProperties": False,
    "properties": {"type": {"const": "error"}, "error": {"type": "string", "description": "the exception's name"},
                   "message": {"type": "string"}},
}
BOTGAME_SCHEMA = {
    "type": "object",
    "required": ["schema", "game", "seat", "token", "view", "to_move", "your_turn", "legal_moves", "last",
                 "scores", "over", "winner", "record"],
    "properties": {
        "schema": {"const": "dominosolver.botgame/1"}, "game": {"type": "string"}, "seat": {"type": "integer"},
        "token": TOKEN, "view": ref("view"), "to_move": {"type": ["integer", "null"]},
        "your_turn": {"type": "boolean"}, "legal_moves": {"type": "array", "items": {"type": "string"}},
        "names": {"type": "object", "description": "what tables and hints print: each legal move's name "
                  "(a declaration by its name, 'declare fives') and the trump's name ('fives', 'follow-me'), or null",
                  "properties": {"moves": {"type": "object", "additionalProperties": {"type": "string"}},
                                 "trump": {"type": ["string", "null"]}}},
        "last": {"type": ["array", "null"], "description": "[seat, move] of the move just played, as the human "
                 "seat saw it (another seat's discard: \"discard\", face down)"},
        "scores": {}, "over": {"type": "boolean"}, "winner": {},
        "record": {"type": "object", "description": "the finished hands or deals, as play --json records them"},
    },
}
