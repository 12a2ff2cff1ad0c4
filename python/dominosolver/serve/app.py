"""The ASGI application (Starlette) and ``run``, what ``dominosolver serve`` starts (docs/http.md).

Every ``POST /v1/<endpoint>`` is read the same way: a body of at most ``limits.body_bytes`` sent
as ``Content-Type: application/json`` (415 otherwise, before anything is read) that is UTF-8 text
of a JSON object (400 otherwise, 413 beyond the limit), with only the keys its endpoint takes,
answered within ``limits.deadline`` (504 beyond): ``show`` and ``play`` (reading a position) on the
event loop itself, a search on the search pool, a game's quick request (``new-game``, ``move``,
``game``) on its own pool. Every error is a JSON
object naming it: the game's own errors (``dominosolver.errors``) are 422, and whatever no check
foresaw is a logged 500 after which the server serves on.

Around the routes: ``Guard`` refuses a request for a host the server does not answer for (421: a
page of another site that rebinds its name to 127.0.0.1 reaches the server with its own name as the
Host) and puts security headers on every reply (the board's Content-Security-Policy allows its own
scripts and styles and nothing else); CORS is off unless origins are configured. Below them, each
connection is ``ServeHttpTools``: a request's head and body must come within ``limits.read_timeout``
(408), its head within ``limits.head_bytes`` (431), and a worker process keeps at most
``limits.connections`` open (below its open-file limit), closing the longest-waiting idle or
unfinished one to take a new one."""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import json
import logging
import os
import resource
import shutil
import socket
import tempfile
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import replace
from http import HTTPStatus
from pathlib import Path
from typing import Any

import httptools
import uvicorn
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ..errors import DominoSolverError, ParseError, RequestLimitError, json_type, shown
from ..io import json_value
from . import handlers
from .botgame import StaleToken
from .handlers import ENDPOINTS, Call, Endpoint
from .limits import ServeLimits
from .live import LiveGames
from .openapi import document
from .pool import Busy, ClientGone, Expired, SearchPool
from .store import GAMES_VARIABLE, GameStore, store_from_environment
from .tokens import KEY_VARIABLE, Sealer, key_from_environment, new_key

__all__ = ["CORS_VARIABLE", "HOSTS_VARIABLE", "SECURITY_HEADERS", "STATIC", "NoDelayHttpTools",
           "ServeHttpTools", "create_app", "most_workers", "run"]

STATIC = Path(__file__).parent / "static"  # the web board, where it is installed
APP = "dominosolver.serve.app:create_app"  # what each uvicorn worker process builds
SHUTDOWN_GRACE = 0.5  # seconds requests under way may go on after Ctrl-C before they are stopped
log = logging.getLogger("dominosolver.serve")
HOSTS_VARIABLE = "DOMINOSOLVER_SERVE_HOSTS"  # the Host names answered, ',' between them ("*": any); unset: any
CORS_VARIABLE = "DOMINOSOLVER_SERVE_CORS"  # origins allowed to call the API from their pages; unset: none
LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
# On every reply. The board is index.html, its own modules (main.js ...) and board.css: no inline
# script or style, no eval, no frame, nothing from elsewhere; it only fetches /v1/ on its own origin.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}


def error(status: int, name: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"type": "error", "error": name, "message": message}, status, headers)


def not_json(content_type: str | None) -> str | None:
    """Why a POST body sent as ``content_type`` is refused (415), or None for JSON in UTF-8. Only
    ``application/json`` is read: a page of another site may send text/plain or a form to any
    address without asking (no CORS preflight), but not JSON."""
    media, *parameters = (content_type or "").split(";")
    if media.strip().lower() != "application/json":
        sent = f"Content-Type {content_type.strip()}" if content_type and content_type.strip() else "no Content-Type"
        return f"a POST's body is JSON: send it as Content-Type: application/json, not {sent}"
    for parameter in parameters:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset" and value.strip().strip('"').lower() not in ("utf-8", "utf8"):
            return (f"a POST's body is JSON in UTF-8: send it as Content-Type: application/json (no charset, or "
                    f"utf-8), not charset {value.strip()}")
    return None


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
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ParseError(f"the body is not UTF-8 text (byte {e.start}: {bytes(body[e.start:e.start + 4])!r}): "
                         "send JSON in UTF-8") from None
    if "\0" in text:  # UTF-16 or UTF-32 of ASCII text is UTF-8 with NULs, which JSON text never holds
        raise ParseError("the body holds NUL bytes: JSON text in UTF-8 has none (UTF-16 or UTF-32 is refused)")
    value = json_value(text)
    if not isinstance(value, dict):
        raise ParseError(f"the body must be a JSON object, not {json_type(value)}")
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


def host_name(host: str) -> str:
    """The name of a Host header (or an address) without its port, lower case: ``[::1]:8042`` is ``::1``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    if host.count(":") == 1:
        host = host.partition(":")[0]
    return host.rstrip(".")


def answered_hosts(bound: str, extra: Iterable[str] = ()) -> frozenset[str] | None:
    """The Host names a server bound to ``bound`` answers for (None: any). Bound to a loopback
    address, only the loopback names and ``extra``; to one other address, it too; to every address
    (``0.0.0.0``, ``::``), ``extra`` and the loopback names when ``extra`` names any, else any host
    (no name is known to check against). ``*`` in ``extra`` answers any host."""
    names = {host_name(h) for h in extra if h.strip()}
    if "*" in names:
        return None
    address = host_name(bound)
    if address in ("", "0.0.0.0", "::"):
        return LOOPBACK | names if names else None
    return LOOPBACK | names | {address}


def is_loopback(host: str) -> bool:
    name = host_name(host)
    try:
        return name == "localhost" or ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def listed(variable: str) -> list[str] | None:
    """The ','-separated items of an environment variable, None when it is unset."""
    value = os.environ.get(variable)
    return None if value is None else [item.strip() for item in value.split(",") if item.strip()]


class Guard:
    """ASGI middleware around the routes: a request whose Host is not one the server answers for is
    refused (421 UnknownHost) before anything else; every reply gets ``SECURITY_HEADERS``."""

    def __init__(self, app: Any, hosts: frozenset[str] | None) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.hosts is not None:
            host = next((value.decode("latin-1") for name, value in scope["headers"] if name == b"host"), "")
            if host_name(host) not in self.hosts:
                what = f"the host {shown(host)}" if host else "no Host header"
                refusal = error(421, "UnknownHost", f"this server answers for {', '.join(sorted(self.hosts))}, not "
                                f"{what} (dominosolver serve --allow-host NAME answers for another name)",
                                SECURITY_HEADERS)
                await refusal(scope, receive, send)
                return

        async def secured(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, secured)


def create_app(limits: ServeLimits | None = None, key: bytes | None = None, games: str | None = None,
               hosts: Iterable[str] | None = None, cors: Iterable[str] | None = None) -> Starlette:
    """The application; the key of game tokens defaults to ``DOMINOSOLVER_SERVE_KEY``'s (a fresh
    one when unset), the file of the games against the bots to ``DOMINOSOLVER_SERVE_GAMES`` (in
    memory when unset), the Host names answered for to ``DOMINOSOLVER_SERVE_HOSTS``'s (any when
    unset, or with ``*``), the origins whose pages may call the API (CORS) to
    ``DOMINOSOLVER_SERVE_CORS``'s (none when unset). uvicorn calls this in each worker process
    (``factory=True``), with what ``run`` put in the environment."""
    limits = limits or ServeLimits()
    sealer = Sealer(key_from_environment() if key is None else key)
    store = (store_from_environment(limits.games, limits.game_idle) if games is None
             else GameStore(games, limits.games, limits.game_idle))
    live = LiveGames(limits.live_games)  # this application's own: its games in play, held built
    hosts = listed(HOSTS_VARIABLE) if hosts is None else list(hosts)
    answered = None if hosts is None or "*" in hosts else frozenset(host_name(h) for h in hosts)
    origins = (listed(CORS_VARIABLE) if cors is None else list(cors)) or []
    pool = SearchPool(limits.pool, limits.queue, limits.search_nice)  # the searches
    quick = SearchPool(limits.quick_pool, limits.quick_queue)  # show, play, new-game, move: never behind a search
    openapi = document()

    def post(endpoint: Endpoint) -> Any:
        runner = quick if endpoint.quick else pool

        async def respond(request: Request) -> Response:
            refused = not_json(request.headers.get("content-type"))
            if refused:
                return error(415, "UnsupportedMediaType", refused)
            try:
                body = await read_body(request, limits.body_bytes)
            except RequestLimitError as e:
                return error(413, type(e).__name__, str(e))
            except ParseError as e:
                return error(400, type(e).__name__, str(e))
            except ClientDisconnect:
                return Response(status_code=499)  # it left before its body was in: nobody reads a reply
            try:
                call = Call(checked(endpoint, body), limits, sealer, store=store, live=live)
                if endpoint.inline:  # show, play: reading only, on the loop (Endpoint.inline)
                    return JSONResponse(endpoint.answer(call))
                reply = await runner.run(
                    lambda stop: endpoint.answer(replace(call, should_stop=stop, kept=runner.kept())),
                    request.receive, limits.deadline)
            except DominoSolverError as e:
                return failure(e)
            except StaleToken as e:
                return error(409, "StaleToken", str(e))
            except Busy as e:
                return error(503, "Busy", str(e), {"Retry-After": "1"})
            except Expired as e:
                return error(504, "DeadlineExceeded", str(e))
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
        quick.close()

    async def http_error(request: Request, e: Exception) -> Response:
        assert isinstance(e, HTTPException)
        if e.status_code == 404:
            return error(404, "NotFound", f"no endpoint {request.url.path}: see /v1/openapi.json")
        if e.status_code == 405:
            return error(405, "MethodNotAllowed", f"{request.method} {request.url.path}: see /v1/openapi.json")
        return error(e.status_code, "HTTPError", str(e.detail))

    async def internal(request: Request, e: Exception) -> Response:
        log.exception("internal error answering %s %s", request.method, request.url.path)
        # This handler answers outside the middleware (Starlette's outermost layer): its own headers.
        return error(500, "InternalError", f"internal error: {shown(e)}", SECURITY_HEADERS)

    routes: list[BaseRoute] = [
        Route("/v1/games", get(handlers.games_reply), methods=["GET"]),
        Route("/v1/limits", get(limits.to_json), methods=["GET"]),
        Route("/v1/status", get(lambda: handlers.status(pool.status(), quick.status())), methods=["GET"]),
        Route("/v1/openapi.json", get(lambda: openapi), methods=["GET"]),
        *(Route(f"/v1/{e.name}", post(e), methods=["POST"]) for e in ENDPOINTS),
        Route("/v1/{rest:path}", not_found, methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
    ]
    known = {route.path for route in routes if isinstance(route, Route)} - {"/v1/{rest:path}"}
    if STATIC.is_dir():  # the web board, when the package ships it
        routes.append(Mount("/", StaticFiles(directory=STATIC, html=True)))
    middleware = [Middleware(Guard, hosts=answered)]
    if origins:  # off unless configured: without it a page of another origin cannot read a reply
        middleware.append(Middleware(CORSMiddleware, allow_origins=origins, allow_methods=["GET", "POST"],
                                     allow_headers=["Content-Type"], max_age=600))
    app = Starlette(routes=routes, middleware=middleware,
                    exception_handlers={HTTPException: http_error, Exception: internal}, lifespan=lifespan)
    app.state.pool = pool  # for tests and the status endpoint
    app.state.quick = quick
    app.state.games = store  # for tests
    app.state.live = live
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


FILES_KEPT = 64  # open files a worker keeps for itself (its sockets, the games file, logs, imports)


def open_file_limit() -> int:
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return 1 << 20 if soft == resource.RLIM_INFINITY else soft


def backlog() -> int:
    """The listening socket's backlog, which is also how many connections asyncio accepts in one turn
    of the event loop (each a file before the server counts it): 128, or less under a low open-file
    limit, so that a flood of new connections is taken in turns between the replies to the others
    (~0.1 ms of the loop each: a turn of 128 is ~13 ms), the rest waiting in the kernel's queue."""
    return max(16, min(128, open_file_limit() // 8))


def most_connections(wanted: int) -> int:
    """``wanted``, bounded by this process's open-file limit less what it keeps for itself and what
    one round of accepting may open before the connections are counted."""
    return max(1, min(wanted, open_file_limit() - FILES_KEPT - backlog()))


@functools.lru_cache(maxsize=64)  # the same few, again and again under a flood of slow connections
def raw_reply(status: int, name: str, message: str) -> bytes:
    """A whole error reply, written on a connection about to be closed (no application involved)."""
    content = json.dumps({"type": "error", "error": name, "message": message}).encode()
    head = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}", "content-type: application/json",
            f"content-length: {len(content)}", "connection: close",
            *(f"{k}: {v}" for k, v in SECURITY_HEADERS.items())]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + content


class HeadTooLarge(Exception):
    """Raised in a parser callback to stop reading a head over ``limits.head_bytes``."""


class ServeHttpTools(NoDelayHttpTools):
    """Each connection as a public service keeps it: a request's head and body within
    ``limits.read_timeout`` seconds of connecting or of the last reply (408 and closed, or closed
    if it sent nothing: an idle connection also goes after uvicorn's ``keep_alive``; a sweep every
    ``SWEEP`` seconds closes them, ``BATCH`` a turn of the event loop at most), a head of at
    most ``limits.head_bytes`` (431 and closed), and at most ``limits.connections`` open in the
    process (``most_connections``): a new one past that closes the connection that has waited
    longest for a request or on its unfinished one (never one being answered; if every other one is,
    the new one is refused, 503). So many slow or idle connections cannot lock others out or run the
    process out of files."""

    limits = ServeLimits()  # uvicorn makes the protocol from its class: a test sets other limits on a subclass
    SWEEP = 0.25  # seconds between two looks for connections past their read timeout
    # Connections closed in one turn of the event loop at most: a burst (thousands opened together
    # reach their read timeout together) is spread over turns, ~3 ms each, between the replies due.
    BATCH = 32

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head: int | None = None  # bytes of a request's head read whole so far; None once it is in
        self._unfinished = 0  # bytes received while its head was unfinished (a head trickling in)
        self._refusal: tuple[int, str, str] | None = None  # why a parser callback stopped the request
        # The connections waiting for a request (idle or unfinished), longest waiting first, with the
        # loop's time they began to wait: shared by the connections of this server (uvicorn's
        # ServerState is one per server), which one sweep looks over (no timer per connection).
        shared = vars(self.server_state)
        self._waiting: OrderedDict[ServeHttpTools, float] = shared.setdefault("dominosolver_waiting", OrderedDict())
        if "dominosolver_sweep" not in shared:
            shared["dominosolver_sweep"] = self.loop.call_later(self.SWEEP, self._sweep)
            shared["dominosolver_most"] = most_connections(self.limits.connections)  # once: no system call a connection
        self._most: int = shared["dominosolver_most"]

    def _sweep(self) -> None:
        """Close the connections past their read timeout, longest waiting first, at most ``BATCH`` in
        this turn of the loop (the next turn goes on, after the replies due meanwhile)."""
        now, closed = self.loop.time(), 0
        while self._waiting and closed < self.BATCH:
            conn, since = next(iter(self._waiting.items()))
            if since + conn.limits.read_timeout > now:
                break
            del self._waiting[conn]
            conn._timed_out()
            closed += 1
        delay = 0 if closed == self.BATCH else self.SWEEP
        vars(self.server_state)["dominosolver_sweep"] = self.loop.call_later(delay, self._sweep)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_request()
        if len(self.connections) > self._most:
            self._make_room()

    def connection_lost(self, exc: Exception | None) -> None:
        self._waiting.pop(self, None)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        # uvicorn's own, but for a request a callback of this class refused (its own reply, no log line)
        self._unset_keepalive_if_required()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
        except httptools.HttpParserError:
            if self._refusal is not None:
                self._close(*self._refusal)
            else:
                self.logger.warning("Invalid HTTP request received.")
                self.send_400_response("Invalid HTTP request received.")
            return
        if self._head is not None and not self.transport.is_closing():  # a head still unfinished
            self._unfinished += len(data)
            if self._unfinished > self.limits.head_bytes:
                self._close(*self._head_too_large())

    def _head_too_large(self) -> tuple[int, str, str]:
        return (431, "RequestHeaderFieldsTooLarge",
                f"a request's line and headers are at most {self.limits.head_bytes:,} bytes")

    def _add_to_head(self, size: int) -> None:
        """Called by the parser with each piece of the head it has read whole."""
        assert self._head is not None
        self._head += size
        if self._head > self.limits.head_bytes:
            self._refusal = self._head_too_large()
            raise HeadTooLarge  # stops the parser: data_received sends the refusal

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head, self._unfinished, self._refusal = 0, 0, None

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        self._add_to_head(len(url))

    def on_header(self, name: bytes, value: bytes) -> None:
        super().on_header(name, value)
        self._add_to_head(len(name) + len(value) + 4)

    def on_headers_complete(self) -> None:
        self._head = None
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._waiting.pop(self, None)  # the request is in: the application answers it within its deadline

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._await_request()

    def _await_request(self) -> None:
        self._waiting.pop(self, None)
        self._waiting[self] = self.loop.time()  # last: the longest waiting come first

    def _answering(self) -> bool:
        """A request read whole is being answered (pipelined requests aside, which wait their turn)."""
        cycle = self.cycle
        return cycle is not None and not cycle.response_complete and not cycle.more_body

    def _timed_out(self) -> None:
        if self.transport.is_closing() or self._answering():
            return
        if self._head is not None or (self.cycle is not None and not self.cycle.response_complete):  # begun
            self._close(408, "RequestTimeout", f"a request's head and body must come within "
                        f"{self.limits.read_timeout:g} s of connecting or of the last reply")
        else:
            self.transport.close()

    def _make_room(self) -> None:
        for other in self._waiting:  # longest waiting first
            if other is not self and not other._answering() and not other.transport.is_closing():
                self._waiting.pop(other)
                other.transport.close()
                return
        self._close(503, "Busy", "every connection the server keeps open is being answered: retry later")

    def _close(self, status: int, name: str, message: str) -> None:
        self._waiting.pop(self, None)
        self.transport.write(raw_reply(status, name, message))
        self.transport.close()


def most_workers() -> int:
    """The most worker processes ``serve`` starts: one a core (each searches on every core already)."""
    return os.cpu_count() or 1


def run(host: str = "127.0.0.1", port: int = 8042, workers: int = 1, allow_hosts: Iterable[str] = (),
        cors: Iterable[str] = ()) -> None:
    """Serve until interrupted, with ``workers`` processes (at most ``most_workers()``) sharing one
    token key (made now unless ``DOMINOSOLVER_SERVE_KEY`` is set) and the games against the bots
    (``DOMINOSOLVER_SERVE_GAMES``'s file; unset, one process keeps them in memory and several share a
    temporary file, removed at the end), each its own pools. The Host names answered for are
    ``answered_hosts(host, allow_hosts)``; ``cors`` names the origins whose pages may call the API."""
    if not 1 <= workers <= most_workers():
        raise ValueError(f"workers must be 1 to {most_workers()} (one a core: each searches on every core), "
                         f"not {workers}")
    os.environ.setdefault(KEY_VARIABLE, new_key())
    key_from_environment()  # a malformed key fails here, once, not in each worker
    answered = answered_hosts(host, allow_hosts)
    os.environ[HOSTS_VARIABLE] = "*" if answered is None else ",".join(sorted(answered))
    if answered is None and not is_loopback(host):
        log.warning("serving on %s for any Host name: name the server's own with --allow-host to refuse the "
                    "others (a page that rebinds its name to this address)", host)
    origins = [o.strip() for o in cors if o.strip()]
    if origins:
        os.environ[CORS_VARIABLE] = ",".join(origins)
    else:
        os.environ.pop(CORS_VARIABLE, None)
    made = None
    if workers > 1 and GAMES_VARIABLE not in os.environ:
        made = tempfile.mkdtemp(prefix="dominosolver-games-")
        os.environ[GAMES_VARIABLE] = os.path.join(made, "games.sqlite3")
    if GAMES_VARIABLE in os.environ:
        GameStore(os.environ[GAMES_VARIABLE]).close()  # the file made (or an unusable path named) once, here
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:  # as many files as the system lets this process open (the workers inherit it)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):  # an unlimited hard limit the kernel caps lower: keep the soft one
            pass
    limits = ServeLimits()
    try:
        # Ctrl-C: requests under way get a moment to finish, then their tasks are cancelled, which stops
        # their searches (SearchPool.run), so the server exits within a second or so of the signal.
        uvicorn.run(APP, factory=True, host=host, port=port, workers=workers, access_log=False,
                    http=ServeHttpTools, timeout_keep_alive=limits.keep_alive, backlog=backlog(),
                    timeout_graceful_shutdown=SHUTDOWN_GRACE)
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
