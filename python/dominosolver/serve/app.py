"""The ASGI application (Starlette) and ``run``, what ``dominosolver serve`` starts (docs/http.md).

Every ``POST /v1/<endpoint>`` is read the same way: a body of at most ``limits.body_bytes`` that is a
JSON object (400 otherwise, 413 beyond the limit), with only the keys its endpoint takes, answered
on the search pool off the event loop. Every error is a JSON object naming it: the game's own
errors (``dominosolver.errors``) are 422, and whatever no check foresaw is a logged 500 after which
the server serves on."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import socket
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ..errors import DominoSolverError, ParseError, RequestLimitError, shown
from ..io import json_value
from . import handlers
from .botgame import StaleToken
from .handlers import ENDPOINTS, Call, Endpoint
from .limits import ServeLimits
from .openapi import document
from .pool import Busy, ClientGone, SearchPool
from .store import GAMES_VARIABLE, GameStore, store_from_environment
from .tokens import KEY_VARIABLE, Sealer, key_from_environment, new_key

__all__ = ["STATIC", "NoDelayHttpTools", "create_app", "run"]

STATIC = Path(__file__).parent / "static"  # the web board, where it is installed
APP = "dominosolver.serve.app:create_app"  # what each uvicorn worker process builds
log = logging.getLogger("dominosolver.serve")


def error(status: int, name: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"type": "error", "error": name, "message": message}, status, headers)


def failure(e: DominoSolverError) -> JSONResponse:
    return error(422, type(e).__name__, str(e))


async def read_body(request: Request, most: int) -> dict[str, Any]:
    """The body as a JSON object: ``RequestLimitError`` beyond ``most`` bytes (read no further),
    ``ParseError`` for anything but an object."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > most:
        raise RequestLimitError(f"the body is {int(length):,} bytes, over the server's limit of {most:,}")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > most:
            raise RequestLimitError(f"the body is over the server's limit of {most:,} bytes")
    value = json_value(bytes(body))
    if not isinstance(value, dict):
        raise ParseError(f"the body must be a JSON object, not {type(value).__name__}")
    return value


def checked(endpoint: Endpoint, body: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(body) - set(endpoint.keys))
    if unknown:
        raise ParseError(f"{endpoint.name} takes no key {', '.join(map(shown, unknown))}: it takes "
                         f"{', '.join(endpoint.keys)}")
    missing = [key for key in endpoint.required if key not in body]
    if missing:
        raise ParseError(f"{endpoint.name} needs {' and '.join(missing)}")
    return body


def create_app(limits: ServeLimits | None = None, key: bytes | None = None, games: str | None = None) -> Starlette:
    """The application; the key of game tokens defaults to ``DOMINOSOLVER_SERVE_KEY``'s (a fresh
    one when unset), the file of the games against the bots to ``DOMINOSOLVER_SERVE_GAMES`` (in
    memory when unset). uvicorn calls this in each worker process (``factory=True``)."""
    limits = limits or ServeLimits()
    sealer = Sealer(key_from_environment() if key is None else key)
    store = (store_from_environment(limits.games, limits.game_idle) if games is None
             else GameStore(games, limits.games, limits.game_idle))
    pool = SearchPool(limits.pool, limits.queue)
    openapi = document()

    def post(endpoint: Endpoint) -> Any:
        async def respond(request: Request) -> Response:
            try:
                body = await read_body(request, limits.body_bytes)
            except RequestLimitError as e:
                return error(413, type(e).__name__, str(e))
            except ParseError as e:
                return error(400, type(e).__name__, str(e))
            try:
                call = Call(checked(endpoint, body), limits, sealer, store=store)
                reply = await pool.run(lambda stop: endpoint.answer(replace(call, should_stop=stop, kept=pool.kept())),
                                       request.receive)
            except DominoSolverError as e:
                return failure(e)
            except StaleToken as e:
                return error(409, "StaleToken", str(e))
            except Busy as e:
                return error(503, "Busy", str(e), {"Retry-After": "1"})
            except ClientGone:
                return Response(status_code=499)  # nobody is left to read it
            return JSONResponse(reply)

        return respond

    def get(reply: Any) -> Any:
        async def respond(request: Request) -> Response:
            return JSONResponse(reply())

        return respond

    async def not_found(request: Request) -> Response:
        # A path of the API asked with the wrong method comes here too: the catch-all matches it fully.
        raise HTTPException(405 if request.url.path in known else 404)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        pool.close()

    async def http_error(request: Request, e: Exception) -> Response:
        assert isinstance(e, HTTPException)
        if e.status_code == 404:
            return error(404, "NotFound", f"no endpoint {request.url.path}: see /v1/openapi.json")
        if e.status_code == 405:
            return error(405, "MethodNotAllowed", f"{request.method} {request.url.path}: see /v1/openapi.json")
        return error(e.status_code, "HTTPError", str(e.detail))

    async def internal(request: Request, e: Exception) -> Response:
        log.exception("internal error answering %s %s", request.method, request.url.path)
        return error(500, "InternalError", f"internal error: {shown(e)}")

    routes: list[BaseRoute] = [
        Route("/v1/games", get(handlers.games_reply), methods=["GET"]),
        Route("/v1/limits", get(limits.to_json), methods=["GET"]),
        Route("/v1/status", get(lambda: handlers.status(pool.status())), methods=["GET"]),
        Route("/v1/openapi.json", get(lambda: openapi), methods=["GET"]),
        *(Route(f"/v1/{e.name}", post(e), methods=["POST"]) for e in ENDPOINTS),
        Route("/v1/{rest:path}", not_found, methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
    ]
    known = {route.path for route in routes if isinstance(route, Route)} - {"/v1/{rest:path}"}
    if STATIC.is_dir():  # the web board, when the package ships it
        routes.append(Mount("/", StaticFiles(directory=STATIC, html=True)))
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: internal},
                    lifespan=lifespan)
    app.state.pool = pool  # for tests and the status endpoint
    app.state.games = store  # for tests
    return app


class NoDelayHttpTools(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol on httptools (a C parser: a request costs the server ~0.3 ms less
    CPU than on h11's pure Python), replies sent at once. With ``--workers`` uvicorn listens on a
    socket made without its protocol number, so asyncio does not switch Nagle's algorithm off on
    the connections it accepts: a reply's body (a second small write) then waits for the client's
    delayed ACK, ~40 ms a request. Each connection switches it off here instead."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)


def run(host: str = "127.0.0.1", port: int = 8042, workers: int = 1) -> None:
    """Serve until interrupted, with ``workers`` processes sharing one token key (made now unless
    ``DOMINOSOLVER_SERVE_KEY`` is set) and the games against the bots (``DOMINOSOLVER_SERVE_GAMES``'s
    file; unset, one process keeps them in memory and several share a temporary file, removed at
    the end), each its own search pool."""
    os.environ.setdefault(KEY_VARIABLE, new_key())
    key_from_environment()  # a malformed key fails here, once, not in each worker
    made = None
    if workers > 1 and GAMES_VARIABLE not in os.environ:
        made = tempfile.mkdtemp(prefix="dominosolver-games-")
        os.environ[GAMES_VARIABLE] = os.path.join(made, "games.sqlite3")
    if GAMES_VARIABLE in os.environ:
        GameStore(os.environ[GAMES_VARIABLE]).close()  # the file made (or an unusable path named) once, here
    try:
        uvicorn.run(APP, factory=True, host=host, port=port, workers=workers, access_log=False,
                    http=NoDelayHttpTools)
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
