"""`EngineClient` pairs each request with its own reply: a `stop` sent when no search runs (or
after its search ended: its `stopped` line comes after the `bestmove`) left a `stopped` line that
the next `position` or `hello` returned in place of its `ready` or `hello`; and `infos` holds the
`info` lines of the latest search only (it kept every earlier search's)."""

from __future__ import annotations

from dominosolver.engine import EngineClient
from dominosolver.texas42 import Position

DEAL = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30"  # docs/protocol.md's


def test_a_stop_with_no_search_running_does_not_answer_the_next_request():
    view = Position(DEAL).view(1)
    with EngineClient() as engine:
        engine.stop()  # nothing runs: the engine answers "stopped" at once
        assert engine.position(view)["type"] == "ready"
        first = engine.go(samples=30, seed=1)
        engine.stop()  # after the search's end
        assert engine.hello()["type"] == "hello"
        assert engine.position(view)["type"] == "ready"
        assert engine.go(samples=30, seed=1)["move"] == first["move"]


def test_infos_are_the_latest_searchs():
    view = Position(DEAL).view(1)
    with EngineClient() as engine:
        engine.position(view)
        engine.go(samples=60, seed=1, exact_limit=0)  # sampled: an info line after each batch of 25 deals
        first = list(engine.infos)
        assert [info["worlds"] for info in first] == [25, 50]
        engine.position(view)
        engine.go(samples=30, seed=2, exact_limit=0)
        assert [info["worlds"] for info in engine.infos] == [25]
