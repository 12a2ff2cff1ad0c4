"""One bid adviser behind every front end: for fixed hands of every game with an auction, the Python
API, `dominosolver advise-bid`, the HTTP API (and so the board, which shows its reply), the engine's
`go` and `play --human`'s advice give the same action and the same figures by default (the
family's thresholds, a seed drawn from the question). The board's rendering is checked in
tests/board/test_board.py."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from dominosolver import _core, games
from dominosolver.cli.main import cli
from dominosolver.engine import EngineServer
from dominosolver.serve import ServeLimits, create_app
from dominosolver.texas42 import Game, Rules, advise_bid
from dominosolver.texas42.game import Move
from dominosolver.texas42.rules import bid_name

# (game tag, rules flags, seed, moves played before the view): in the auction, or declaring.
CASES = {
    "42, opening": ("texas42", {}, 3, []),
    "42, over a bid": ("texas42", {}, 5, ["30"]),
    "42, declaring": ("texas42", {}, 3, ["pass", "pass", "pass", "30"]),
    "42, specials": ("texas42", {"specials": "all"}, 4, []),
    "Moon": ("moon", {}, 1, []),
    "Partnership Moon": ("moon4", {}, 1, []),
    "The Big Game": ("biggame", {}, 1, []),
}


def view_of(tag: str, flags: dict, seed: int, moves: list[str]):
    game = Game(seed=seed, rules=Rules.from_json({**flags, "family": tag}))
    for move in moves:
        game.play(move)
    return game.view(game.to_move)


def steady(advice: dict) -> dict:
    return {k: v for k, v in advice.items() if k != "elapsed"}


@pytest.fixture(scope="module")
def client():
    # The server gives a search that names no time its own (10 s): on two busy cores The Big Game's
    # advice would stop there with fewer deals than the other front ends solve. The limit is tested
    # in tests/serve; here every front end gets the whole work.
    with TestClient(create_app(ServeLimits(time=3_600.0, deadline=3_600.0), key=bytes(32))) as c:
        yield c


@pytest.mark.parametrize("case", list(CASES))
def test_every_front_end_gives_the_same_advice(case, client):
    tag, flags, seed, moves = CASES[case]
    view = view_of(tag, flags, seed, moves)
    api = advise_bid(view, threads=1)
    expected = steady(api.to_json())
    assert Move.parse(api.action, view.rules)  # in the words a move takes
    if view.contract is None:
        assert api.action in {bid_name(b) for b in view.legal_bids}  # a legal bid, never a pass it may not make
    else:
        assert api.action.startswith("declare ")
    # The command line, from the hand and the bids so far.
    rules = ",".join(f"{k}:{v}" for k, v in {**flags, "family": tag}.items())
    auction = ",".join(bid_name(b) for _, b in view.auction)
    args = ["advise-bid", ".".join(f"{t.hi}{t.lo}" for t in view.hand), "--seat", str(view.seat), "--rules", rules,
            "--threads", "1", "--json"] + (["--auction", auction] if auction else [])
    printed = CliRunner().invoke(cli, args)
    assert printed.exit_code == 0, printed.output
    assert steady(json.loads(printed.output)) == expected
    # The HTTP API (the board's Hint asks it with the view).
    reply = client.post("/v1/advise-bid", json={"view": view.to_json()})
    assert reply.status_code == 200, reply.text
    assert steady(reply.json()) == expected
    # ... and from the hand, as the command line asks, the game named by its tag.
    hand = {"game": tag, "hand": [str(t) for t in view.hand], "seat": view.rules.seat_name(view.seat),
            "auction": auction, **({"rules": flags} if flags else {})}
    reply = client.post("/v1/advise-bid", json=hand)
    assert reply.status_code == 200, reply.text
    assert steady(reply.json()) == expected
    # The engine's go.
    out = io.StringIO()
    engine = EngineServer(out, threads=1)
    for line in ({"cmd": "position", "view": view.to_json()}, {"cmd": "go"}):
        engine.wait()
        engine.handle(json.dumps(line))
    engine.wait()
    best = json.loads(out.getvalue().splitlines()[-1])
    assert best["type"] == "bestmove" and best["move"] == api.action
    assert steady(best["advice"]) == expected
    # play --human's advice: the same table and last line (The Big Game's tests run on every core there,
    # which may settle other deals first: the same action, its figures proven in another order).
    said = "\n".join(str(x) for x in games.get(tag).human.advise(view, 600))
    if tag == "biggame":
        assert said.splitlines()[-1].startswith(f"advice: {api.action}")
    else:
        assert said == str(api)


def test_every_game_with_an_auction_says_so_and_advises(client):
    """GET /v1/games says which games advise bids: each of the 42 family (its rows all made by one
    adapter from the core's family rows), not Bingo, whose deal has no auction; the command line
    refuses Bingo by name."""
    rows = {g["tag"]: g["advise_bid"] for g in client.get("/v1/games").json()["games"]}
    family = {row["name"] for row in _core.texas42.family_rows()}
    assert family <= set(rows) and {tag for tag, advises in rows.items() if advises} == family
    printed = CliRunner().invoke(cli, ["advise-bid", "66.65.64.62.55.33.10", "--rules", "family:moon4", "--samples", "2",
                                       "--seed", "1", "--threads", "1", "--json"])
    assert printed.exit_code == 0 and json.loads(printed.output)["game"] == "moon4", printed.output
