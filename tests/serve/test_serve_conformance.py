"""Every registered game, played to its end through HTTP as a client plays it: ``new-game``, then the
human's moves chosen from the ``legal_moves`` each reply offers and ``bot-move`` for the others,
until the game is over. The human sits once where it bids, declares and lays tiles away (it bids
the highest bid offered) and once where the bots do (it passes whenever it may). Every reply must
be a 200; the game must reach its end, and its last view must read back as a view. Issue 39 found
Moon and The Big Game games whose last hand the human had bid and discarded in could not end (the
last move answered 422: the game-over view kept the bidder's widow tile).

The bots are the rule-of-thumb ones (no search, so no time limit decides anything); the human's
other choices are a seeded random pick among the legal moves, typed as a player reads them: a
declaration by its printed name ("declare fives"), a discard by its tile alone ("6-4")."""

from __future__ import annotations

import random

import pytest
from dominosolver.serve import ServeLimits, create_app
from dominosolver.texas42.rules import Rules, parse_trump
from dominosolver.texas42.solve import declaration_name
from starlette.testclient import TestClient

from serve_support import KEY

# Each registered game, and the rules of the family worth a whole game of their own.
CASES = [
    ("texas42", {}),
    ("texas42", {"specials": "all"}),  # Nel-O, Plunge, Splash, Sevens in the auction and declarations
    ("texas42", {"scoring": "points"}),
    ("moon", {}),
    ("moon4", {}),
    ("moon4", {"moon4_preset": "fosdick"}),  # best of three games
    ("moon", {"moon_widow": "none", "moon_wins_game": "on", "moon_overcall": "on"}),  # Moon's house rules
    ("moon4", {"moon_wins_game": "on", "moon_overcall": "on"}),
    ("biggame", {}),
    ("bingo", {}),
    ("bingo", {"bingo_ruleset": "modern_dp"}),
]
BOTS = {"bingo": "random"}  # Bingo has no rule bot; its random one searches nothing either
DEFAULT_BOT = "rule"
MOVES_AT_MOST = 5000  # far beyond any game here: a game that never ends fails, not hangs


@pytest.fixture(scope="module")
def client():
    """The app with a deadline a loaded machine cannot reach: grading The Big Game's whole hand takes
    tens of seconds on two busy cores, and this test is about the game's end, not the deadline (tested
    in test_serve_public.py and test_serve_errors.py)."""
    with TestClient(create_app(ServeLimits(deadline=3_600.0), key=KEY)) as c:
        yield c


def is_bid(move: str) -> bool:
    return move.partition(":")[0].isdigit() or move == "game"


def choose(reply: dict, policy: str, rng: random.Random) -> str:
    """The human's move among those the reply offers: ``declares`` bids the highest bid offered (so
    it wins the auctions it can, and declares and lays away); ``passes`` passes whenever it may, so
    the bots bid and declare. Any other choice is a seeded random pick."""
    moves = reply["legal_moves"]
    if "pass" in moves:
        bids = [m for m in moves if is_bid(m)]
        if policy == "passes" or not bids:
            return "pass"
        return bids[-1]  # legal_moves lists the bids from the lowest
    return rng.choice(moves)


def typed(move: str, game: str, rules: dict) -> str:
    """``move`` as a player types it from what the game prints: a 42-family declaration by the name
    tables and hints give it ("declare fives"), a discard as the bare tile ("6-4")."""
    if game == "bingo":
        return move
    kind, _, rest = move.partition(" ")
    if kind == "declare":
        return f"declare {declaration_name(parse_trump(rest, Rules.of_game(game, rules)))}"
    return rest if kind == "discard" else move


def play_to_the_end(client, game: str, rules: dict, seat: int, policy: str, seed: int) -> tuple[dict, list[dict]]:
    """The last reply of a whole game, and every reply on the way."""
    rng = random.Random(seed)
    first = client.post("/v1/new-game", json={"game": game, "seat": seat, "seed": seed, "rules": rules,
                                              "bot": BOTS.get(game, DEFAULT_BOT)})
    assert first.status_code == 200, first.json()
    reply, replies = first.json(), [first.json()]
    for _ in range(MOVES_AT_MOST):
        if reply["over"]:
            return reply, replies
        assert reply["seat"] == seat and reply["view"]["seat"] == seat
        assert bool(reply["legal_moves"]) == reply["your_turn"] == (reply["to_move"] == seat)
        move = choose(reply, policy, rng) if reply["your_turn"] else None
        if move is not None:
            answer = client.post("/v1/move", json={"token": reply["token"], "move": typed(move, game, rules)})
        else:
            answer = client.post("/v1/bot-move", json={"token": reply["token"]})
        assert answer.status_code == 200, (game, rules, len(replies), answer.json())
        reply = answer.json()
        replies.append(reply)
        if move is not None:  # the move typed by its printed name is the move chosen
            assert reply["last"] == [seat, move]
    raise AssertionError(f"{game} {rules}: not over after {MOVES_AT_MOST} moves")


def finished(reply: dict) -> list[dict]:
    return reply["record"].get("hands", reply["record"].get("deals"))


def test_every_registered_game_is_played_here(client):
    assert {tag for tag, _ in CASES} == {g["tag"] for g in client.get("/v1/games").json()["games"]}


@pytest.mark.parametrize("policy", ["declares", "passes"])
@pytest.mark.parametrize("game, rules", CASES, ids=[f"{g}-{','.join(f'{k}={v}' for k, v in r.items()) or 'default'}"
                                                    for g, r in CASES])
def test_a_whole_game_ends_through_http(client, game, rules, policy):
    seats = len(next(g for g in client.get("/v1/games").json()["games"] if g["tag"] == game)["seats"])
    seat = 0 if policy == "declares" else seats - 1
    last, replies = play_to_the_end(client, game, rules, seat, policy, seed=3)
    assert last["over"] and last["winner"] is not None
    assert last["to_move"] is None and not last["your_turn"] and last["legal_moves"] == []
    assert last["scores"] == last["record"]["scores"] and last["winner"] == last["record"]["winner"]
    assert finished(last)
    # The view at the end is a view the server reads back (the one issue 39 found refused).
    shown = client.post("/v1/show", json={"position": last["view"]})
    assert shown.status_code == 200, shown.json()
    late = client.post("/v1/move", json={"token": last["token"], "move": "pass"})
    assert late.status_code == 422 and late.json()["error"] == "IllegalMoveError"
    # The record carries the game's rules, and its last hand or deal grades alone under them.
    assert last["record"].get("rules", {}) == rules and all(p.get("rules", {}) == rules for p in finished(last))
    played = next(p for p in reversed(finished(last)) if p.get("contract", True) is not None)
    graded = client.post("/v1/analyse", json={"record": played, **({"max_nodes": 20_000} if game == "bingo" else {})})
    assert graded.status_code == 200, graded.json()
    assert len(graded.json()["plays"]) == len(played.get("plays", played.get("moves")))
    if game == "bingo":
        return
    hands = finished(last)
    declared = [h for h in hands if h["contract"] is not None and h["contract"]["declarer"] == seat]
    if policy == "declares":
        # The human bid, declared (and, with a widow or an undealt tile, laid a tile away) in some
        # hands, and the last hand, whose end is the game's, is one of them.
        assert declared and hands[-1] in declared
        if game in ("moon", "biggame"):  # laid away, but for a widow never taken (moon_widow = none)
            assert (hands[-1]["discard"] is None) == (rules.get("moon_widow") == "none")
        assert any(r["legal_moves"][0].startswith("declare") for r in replies if r["your_turn"])
    else:
        assert not declared
