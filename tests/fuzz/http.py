"""The fuzzer's HTTP target: every endpoint of ``dominosolver serve`` (docs/http.md), its application
called in this process as uvicorn calls it (ASGI), one request an input: a method, a path, a
Content-Type, a Host and a body (mostly a mutated valid request of the endpoint, as JSON text with
byte-level changes now and then).

A reply is ``ok`` when it is 200 with a JSON body (and a ``show`` of it reads back as the same reply:
JSON -> the game's object -> JSON, every game's positions and views), ``named`` when it is an error
object naming its error (4xx, 503, 504: the request refused, or bounded), ``other`` when the server
answered 500 (whatever no check foresaw), and ``mismatch`` when the reply is no JSON, an error
without its name, a reply without the security headers, or a ``show`` that does not read back.

A token in a request's body is written ``@new:GAME:SEED``: the check starts that game first (``POST
/v1/new-game``) and sends its token, so that ``move``, ``bot-move`` and ``game`` meet live games."""

from __future__ import annotations

import asyncio
import json
import random
import re
from functools import cache
from typing import Any

from dominosolver import games, texas42
from dominosolver.serve import ServeLimits, create_app
from dominosolver.serve.app import SECURITY_HEADERS

from .mutate import as_json_text, mutated

__all__ = ["HTTP_LIMITS", "Http", "http_input", "http_seeds"]

# Every search bounded to a fraction of a second, every request to a few seconds (a Big Game table
# or analysis is cut at the deadline: 504, named).
HTTP_LIMITS = ServeLimits(samples=10, time=0.05, max_nodes=20_000, deadline=2.0, pool=1, quick_pool=1,
                          body_bytes=1 << 16)
HOST = "127.0.0.1:8042"
TOKEN = re.compile(rb"@new:([a-z0-9]{1,20}):([0-9]{1,18})")  # a longer seed is left as it is: no token
NAMED_STATUS = {400, 404, 405, 409, 413, 415, 421, 422, 503, 504}
GETS = ("/v1/games", "/v1/limits", "/v1/status", "/v1/openapi.json")
CONTENT_TYPES = (None, "text/plain", "application/json; charset=utf-16", "application/json; charset=UTF-8",
                 "application/x-www-form-urlencoded", "Application/JSON", "application/json;charset=\"utf-8\"")

Outcome = tuple[str, str]


def http_seeds(positions: list[Any], views: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    """(path, body) of valid requests to every POST endpoint, from positions and views of every game
    (late in the deal mostly: bounded work)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for pos in positions:
        spec, text = games.read(str(pos))[0], str(pos)
        out.append(("/v1/show", {"position": text}))
        out.append(("/v1/show", {"position": pos.to_json()}))
        if not pos.is_over:
            out.append(("/v1/play", {"position": text, "move": str(pos.legal_moves[0])}))
            out.append(("/v1/solve", {"position": text, **({"moves": False} if spec.tag != "bingo" else {})}))
            out.append(("/v1/hint", {"position": text, "samples": 3, "seed": 1}))
            out.append(("/v1/analyse", {"record": {"position": pos.to_json(), "plays": [str(pos.legal_moves[0])]}}))
    for view in views:
        text = str(view)
        out.append(("/v1/show", {"position": view.to_json()}))
        out.append(("/v1/hint", {"view": text, "samples": 3, "seed": 2, "time": 0.05}))
        out.append(("/v1/claim", {"view": text, "goal": "rest", "seed": 1}))
    hands = [[str(t) for t in h] for h in texas42.Game(seed=3).deal()]
    out += [
        ("/v1/table", {"deal": "hands=" + "/".join(".".join(h) for h in hands)}),
        ("/v1/table", {"deal": {"hands": hands}, "specials": True}),
        ("/v1/advise-bid", {"hand": "66.65.64.62.55.33.10", "samples": 2, "seed": 1}),
        ("/v1/advise-bid", {"hand": "66.65.64.62.55.33.10", "seat": "E", "auction": "pass,30", "samples": 2}),
        ("/v1/corpus", {"question": "par"}),
        *(("/v1/new-game", {"game": tag, "seed": 7, **({"bot": spec.arena.bots[0]} if spec.arena else {})})
          for tag, spec in games.GAMES.items()),
        *(("/v1/game", {"token": f"@new:{tag}:5"}) for tag in games.GAMES),
        *(("/v1/bot-move", {"token": f"@new:{tag}:6"}) for tag in games.GAMES),
        *(("/v1/move", {"token": f"@new:{tag}:{seed}", "move": move}) for tag, seed, move in first_moves()),
    ]
    return out


@cache
def first_moves() -> tuple[tuple[str, int, str], ...]:
    """(game, seed, a legal move of the human's first turn) for each game whose human moves first."""
    app = Http()
    found = []
    try:
        for tag in games.GAMES:
            for seed in range(8, 14):
                reply = app.post_json("/v1/new-game", {"game": tag, "seed": seed})
                if reply.get("legal_moves"):
                    found.append((tag, seed, reply["legal_moves"][0]))
                    break
    finally:
        app.close()
    return tuple(found)


def http_input(rng: random.Random, seed: tuple[str, dict[str, Any]]) -> tuple[str, str, str | None, str, bytes]:
    """One request from a seed of ``http_seeds``: (method, path, Content-Type, Host, body)."""
    if rng.random() < 0.04:
        return "GET", rng.choice(GETS + ("/v1/nothing", "/v1/show", "/")), None, HOST, b""
    path, body = seed
    value = mutated(rng, body) if rng.random() < 0.7 else body
    data = as_json_text(rng, value, [0, 0, 0, 1, 2])
    method = "POST" if rng.random() > 0.02 else rng.choice(["GET", "PUT", "DELETE"])
    kind = "application/json" if rng.random() > 0.08 else rng.choice(CONTENT_TYPES)
    host = HOST if rng.random() > 0.03 else rng.choice(["localhost", "evil.example", "", "[::1]:80", "127.0.0.1.:1"])
    if rng.random() < 0.02:
        path = rng.choice(["/v1/show/", "/v1//show", "/v1/SHOW", "/v1/show?x=1", "/v2/show"])
    return method, path, kind, host, data


class Http:
    """The server's application with ``HTTP_LIMITS``, its own event loop and games; called with an
    input of ``http_input``, the outcome of its one request."""

    def __init__(self) -> None:
        self.app = create_app(HTTP_LIMITS, key=bytes(32), games=":memory:", hosts=["127.0.0.1"], cors=[])
        self.loop = asyncio.new_event_loop()

    def close(self) -> None:
        self.app.state.pool.close()
        self.app.state.quick.close()
        self.loop.close()

    async def _request(self, method: str, path: str, kind: str | None, host: str, body: bytes
                       ) -> tuple[int, dict[bytes, bytes], bytes]:
        target, _, query = path.partition("?")
        headers = [(b"host", host.encode()), (b"content-length", str(len(body)).encode())]
        if kind is not None:
            headers.append((b"content-type", kind.encode()))
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                 "scheme": "http", "path": target, "raw_path": target.encode(), "query_string": query.encode(),
                 "root_path": "", "headers": headers, "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8042)}
        sent = False
        never = asyncio.get_running_loop().create_future()  # the client stays until the reply

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            await never
            return {"type": "http.disconnect"}

        reply: dict[str, Any] = {"status": 0, "headers": {}, "body": b""}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                reply["status"] = message["status"]
                reply["headers"] = {k.lower(): v for k, v in message.get("headers", [])}
            elif message["type"] == "http.response.body":
                reply["body"] += message.get("body", b"")

        try:
            await self.app(scope, receive, send)
        finally:
            never.cancel()
        return reply["status"], reply["headers"], reply["body"]

    def request(self, method: str, path: str, kind: str | None, host: str, body: bytes) -> tuple[int, dict, bytes]:
        return self.loop.run_until_complete(self._request(method, path, kind, host, body))

    def post_json(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        return json.loads(self.request("POST", path, "application/json", HOST, json.dumps(body).encode())[2])

    def _tokens(self, body: bytes) -> bytes:
        def token(m: re.Match[bytes]) -> bytes:
            reply = self.post_json("/v1/new-game", {"game": m[1].decode(), "seed": int(m[2])})
            return reply["token"].encode() if "token" in reply else m[0]
        return TOKEN.sub(token, body)

    def __call__(self, data: tuple[str, str, str | None, str, bytes]) -> Outcome:
        method, path, kind, host, body = data
        status, headers, content = self.request(method, path, kind, host, self._tokens(body))
        missing = [name for name in SECURITY_HEADERS if name.encode() not in headers]
        if missing:
            return "mismatch", f"{status} reply to {method} {path} without {', '.join(missing)}"
        if not path.startswith("/v1/"):  # the board's files: a page, or a refusal
            return ("ok", "") if status == 200 else ("named", "") if status in NAMED_STATUS else (
                "other" if status == 500 else "mismatch", f"{status} to {method} {path}: {content[:120]!r}")
        if status == 499:  # the client left: no reply (the check's client never leaves)
            return "mismatch", f"499 to {method} {path}, whose client stayed"
        try:
            reply = json.loads(content)
        except ValueError:
            return "mismatch", f"{status} reply to {method} {path} is not JSON: {content[:120]!r}"
        if status == 500:
            return "other", f"500 to {method} {path}: {reply.get('message', '')[:200]}"
        if status in NAMED_STATUS:
            if not (isinstance(reply, dict) and reply.get("type") == "error" and isinstance(reply.get("error"), str)
                    and reply["error"] not in ("", "InternalError")):
                return "mismatch", f"{status} reply to {method} {path} names no error: {content[:120]!r}"
            return "named", ""
        if status != 200:
            return "mismatch", f"unexpected status {status} to {method} {path}: {content[:120]!r}"
        if path == "/v1/show" and method == "POST":
            return self._shown_again(reply)
        return "ok", ""

    def _shown_again(self, reply: dict[str, Any]) -> Outcome:
        """A show's reply, read back: its position (or the view it is) shown again gives it again."""
        shown = reply["position"] if reply.get("schema") == games.SHOW else reply  # a view's show is the view
        again = self.post_json("/v1/show", {"position": shown})
        if again != reply:
            return "mismatch", f"show of a show's own position gives another reply: {json.dumps(reply)[:150]}"
        spec, obj = games.read(shown)
        cls = spec.PlayerView if isinstance(obj, spec.PlayerView) else spec.Position
        text = str(obj)
        if cls(text) != obj or str(cls(text)) != text:  # JSON -> text -> the same object
            return "mismatch", f"{spec.tag}: {text[:150]} does not read back as the reply's object"
        return "ok", ""

