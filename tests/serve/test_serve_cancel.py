"""A client that disconnects cancels its search: the pool sets the search's stop flag, the hint
stops after the batch of worlds under way, its thread is free again, and no reply is sent. The app
is driven here as uvicorn drives it: the body, then (the client gone) ``http.disconnect``."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest

from dominosolver.serve import create_app
from dominosolver.serve.pool import SearchPool

from serve_support import DEAL_42, KEY

LONG_HINT = {"position": DEAL_42, "samples": 10_000}  # a first lead: about a minute on one thread, unless stopped


async def ask(app, body: dict, leave_after: float | None, leave_when=None, path: str = "/v1/hint") -> list[dict]:
    """POST ``path`` as a client that hangs up ``leave_after`` seconds after sending (None: stays),
    and once ``leave_when()`` is true if given."""
    sent: list[dict] = []
    messages = [{"type": "http.request", "body": json.dumps(body).encode(), "more_body": False}]
    gone = asyncio.Event()

    async def receive() -> dict:
        if messages:
            return messages.pop(0)
        if leave_after is not None:
            await asyncio.sleep(leave_after)
            while leave_when is not None and not leave_when():
                await asyncio.sleep(0.01)
            gone.set()
        else:
            await asyncio.Event().wait()  # never: the client stays until the reply comes
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"content-type", b"application/json")], "client": ("127.0.0.1", 1), "server": ("t", 80)}
    await app(scope, receive, send)
    return sent


def test_a_client_that_leaves_stops_its_search():
    app = create_app(key=KEY)
    pool = app.state.pool
    start = time.perf_counter()
    sent = asyncio.run(ask(app, LONG_HINT, leave_after=0.5))
    assert time.perf_counter() - start < 5  # the handler returned soon after the client left
    assert pool.status()["cancelled"] == 1
    deadline = time.perf_counter() + 5  # the search itself stops after its batch under way
    while pool.status()["searching"] and time.perf_counter() < deadline:
        time.sleep(0.05)
    assert pool.status() == {"searching": 0, "queued": 0, "cancelled": 1, "expired": 0}
    assert not any(b'"worlds"' in m.get("body", b"") for m in sent)  # no hint went out


def test_a_client_that_stays_gets_its_answer():
    app = create_app(key=KEY)
    sent = asyncio.run(ask(app, {"position": DEAL_42, "samples": 25, "seed": 1}, leave_after=None))
    reply = json.loads(b"".join(m.get("body", b"") for m in sent))
    assert sent[0]["status"] == 200 and reply["worlds"] == 25
    assert app.state.pool.status() == {"searching": 0, "queued": 0, "cancelled": 0, "expired": 0}


def test_a_big_game_table_stops_with_its_request():
    """The Big Game's table (36 whole-deal solves, seconds each) polls the request's stop flag: a
    request stopped at once ends by name within the promptness bound, not after the table."""
    from dominosolver.biggame import BigGame
    from dominosolver.errors import SearchLimitError
    from dominosolver.serve.handlers import Call, table
    from dominosolver.serve.limits import ServeLimits
    from dominosolver.serve.tokens import Sealer
    from promptness import PROMPT

    deal = {"game": "biggame", "hands": [[str(t) for t in h] for h in BigGame(seed=1).deal()]}
    asked: list[float] = []
    call = Call({"deal": deal}, ServeLimits(), Sealer(KEY), should_stop=lambda: asked.append(time.perf_counter()) or True)
    start = time.perf_counter()
    with pytest.raises(SearchLimitError):  # not the whole table, seconds later
        table(call)
    assert asked and time.perf_counter() - start < PROMPT


def test_a_big_game_solve_stops_with_its_request():
    """A whole Big Game deal's every-move solve (seconds) is asked to stop with its request: it ends
    by name within the promptness bound, and the thread's kept solver answers the next request."""
    from dominosolver.biggame import BigGame
    from dominosolver.errors import SearchLimitError
    from dominosolver.serve.handlers import Call, solve
    from dominosolver.serve.limits import ServeLimits
    from dominosolver.serve.tokens import Sealer
    from dominosolver.texas42.bots import RuleBot
    from promptness import PROMPT

    game, bot = BigGame(seed=1), RuleBot()
    while game.phase != "playing":
        game.play(bot.choose(game))
    asked: list[float] = []
    kept: dict = {}
    call = Call({"position": str(game.position)}, ServeLimits(), Sealer(KEY), kept=kept,
                should_stop=lambda: asked.append(time.perf_counter()) or True)
    start = time.perf_counter()
    with pytest.raises(SearchLimitError):
        solve(call)
    assert asked and time.perf_counter() - start < PROMPT
    game.play(game.legal_moves[0])
    done = solve(Call({"position": str(game.position), "moves": False}, ServeLimits(), Sealer(KEY), kept=kept))
    assert isinstance(done["value"], int)


def test_an_analysis_stops_with_its_request():
    """An analysis asks the request's stop flag between two plays: stopped at once, it grades none."""
    from dominosolver import games
    from dominosolver.errors import SearchLimitError
    from dominosolver.serve.handlers import Call, analyse
    from dominosolver.serve.limits import ServeLimits
    from dominosolver.serve.tokens import Sealer

    record = games.get("texas42").play(2)
    asked: list[int] = []
    call = Call({"record": record}, ServeLimits(), Sealer(KEY), should_stop=lambda: asked.append(1) or True)
    with pytest.raises(SearchLimitError, match="after grading 0 of"):
        analyse(call)
    assert asked == [1]
    whole = analyse(Call({"record": record}, ServeLimits(), Sealer(KEY)))
    assert whole["schema"] == "dominosolver.gameanalysis/1"


def test_a_search_whose_request_is_cancelled_is_stopped():
    """The server shutting down (Ctrl-C) cancels the requests under way once uvicorn's grace is over:
    their searches are told to stop, so the process exits at once instead of after them."""
    pool = SearchPool(1, 1)
    started, stopped = threading.Event(), threading.Event()

    def work(should_stop) -> None:
        started.set()
        while not should_stop():
            stopped.wait(0.001)
        stopped.set()

    async def cancel_under_way() -> None:
        async def receive() -> dict:
            await asyncio.Event().wait()  # the client stays
            return {"type": "http.disconnect"}

        task = asyncio.ensure_future(pool.run(work, receive))
        while not started.is_set():
            await asyncio.sleep(0.001)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(cancel_under_way())
    assert stopped.wait(60)  # state: the work saw its stop request (60 s only so a failure cannot hang)
    pool.close()


def test_a_bingo_hint_stops_within_its_batch_when_its_client_leaves():
    """A first-lead Bingo hint without a node budget (its first batch of worlds alone takes tens of
    seconds): the client's leaving stops the solver under way, not after the batch."""
    from dominosolver import bingo
    from dominosolver.serve.limits import ServeLimits
    from promptness import PROMPT

    app = create_app(ServeLimits(max_nodes=10**12), key=KEY)  # no practical node budget
    pool = app.state.pool
    view = bingo.Game(seed=1).position.view(0).to_json()
    body = {"view": view, "samples": 1000, "max_nodes": 10**12, "time": 10}

    sent = asyncio.run(ask(app, body, leave_after=0.2, leave_when=lambda: pool.status()["searching"] == 1))
    assert pool.status()["cancelled"] == 1
    left = time.perf_counter()
    while pool.status()["searching"]:  # state, not time: the search gives its thread back once stopped
        time.sleep(0.01)
    assert time.perf_counter() - left < PROMPT  # the batch under way (tens of seconds) was not waited for
    assert not any(b'"worlds"' in m.get("body", b"") for m in sent)


def test_a_bingo_solve_stops_when_its_client_leaves():
    """A phase-one Bingo solve at the server's node budget (seconds) stops with its request."""
    from dominosolver import bingo
    from dominosolver.serve.limits import ServeLimits
    from promptness import PROMPT

    app = create_app(ServeLimits(max_nodes=10**12), key=KEY)  # no practical node budget
    pool = app.state.pool
    body = {"position": str(bingo.Game(seed=1).position), "max_nodes": 10**12, "time": 10}

    # The client leaves once the solve is under way.
    sent = asyncio.run(ask(app, body, 0, lambda: pool.status()["searching"] == 1, path="/v1/solve"))
    left = time.perf_counter()
    assert pool.status()["cancelled"] == 1
    while pool.status()["searching"]:  # state, not time: the thread is given back once the search stopped
        time.sleep(0.01)
    assert time.perf_counter() - left < PROMPT  # not the whole solve (its time limit: 10 s)
    assert not any(b'"value"' in m.get("body", b"") for m in sent)
