"""A game against the bots over HTTP: the milliseconds of one request at move 10, 100, 400 of a
long game, through the app in process (Starlette's test client, as tests/serve does):
`python bench/serve_bench.py [--at 10,100,400] [--games moon4,texas42] [--rounds 5] [--held 0,256] [--json]`;
with ``--record``, in process alone: a move and the record of finished hands after it, which every reply carries.

Each game's moves are played first by random bots in process (a Partnership Moon game between them
runs to thousands of moves); for each move count N a game is started over HTTP and its kept moves
set to the first N-1 of them (the store, directly), then a request reads it (``game``: "cold", the
first request a server process sees of the game, which rebuilds it from the store) and one more
move is made (the human's ``move``, or a random bot's ``bot-move``), bringing it to N. At N, the
requests timed "warm" are ``game`` and the next move after it, as a player meets them. Each figure
is the median of ``--rounds`` games; the servers of ``--held`` (by the games each holds built
between requests: 0 replays every request from the deal) are timed in turn, round by round."""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import statistics
import sys
import time
from typing import Any

from dominosolver import games
from dominosolver.serve import ServeLimits, create_app
from dominosolver.serve.botgame import TOKEN_VERSION
from dominosolver.serve.tokens import Sealer
from dominosolver.texas42.bots import RandomBot
from starlette.testclient import TestClient

KEY = bytes(range(32))


def long_moves(game: str, most: int) -> tuple[int, list[str]]:
    """A seed and the first ``most`` moves of its game between random bots: the first of seeds
    0..199 whose game goes that far, else the longest (a 42 game is over within ~200 moves)."""
    spec = games.get(game)
    longest: tuple[int, list[str]] = (0, [])
    for seed in range(200):
        played = spec.Game(seed, spec.Rules(), 0, [])
        bot = RandomBot(seed)
        while not played.is_over and len(played.moves) < most:
            played.play(bot.choose(played))
        if len(played.moves) > len(longest[1]):
            longest = (seed, [str(m) for m in played.moves])
        if len(played.moves) == most:
            break
    return longest


def post(client: TestClient, path: str, body: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    start = time.perf_counter()
    reply = client.post(f"/v1/{path}", json=body)
    took = (time.perf_counter() - start) * 1000
    if reply.status_code != 200:
        raise SystemExit(f"{path} answered {reply.status_code}: {reply.text}")
    return took, reply.json()


def seen(token: str) -> dict[str, Any]:
    """A token's payload (readable, though signed): the game's id and how many moves it has seen."""
    body = token.partition(".")[0]
    payload: dict[str, Any] = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    return payload


def next_move(client: TestClient, reply: dict[str, Any], moves: list[str]) -> tuple[float, dict[str, Any]]:
    """The next move: on the human's turn the recorded one (or the first legal one, once the game
    has gone its own way), else a bot's."""
    if not reply["your_turn"]:
        return post(client, "bot-move", {"token": reply["token"]})
    n = seen(reply["token"])["n"]
    move = moves[n] if n < len(moves) and moves[n] in reply["legal_moves"] else reply["legal_moves"][0]
    return post(client, "move", {"token": reply["token"], "move": move})


def measure(client: TestClient, game: str, seed: int, moves: list[str], at: int, bot: str) -> dict[str, float]:
    """One game's figures at ``at`` moves: the cold request at ``at`` - 1, the warm ones at ``at``."""
    store = client.app.state.games
    _, reply = post(client, "new-game", {"game": game, "seat": 0, "seed": seed, "bot": bot})
    game_id = seen(reply["token"])["id"]
    state = store.get(game_id)
    assert store.advance(game_id, 0, {**state, "moves": moves[:at - 1]})
    cold, reply = post(client, "game", {"token": Sealer(KEY).seal({"v": TOKEN_VERSION, "id": game_id, "n": at - 1})})
    _, reply = next_move(client, reply, moves)
    warm_game, reply = post(client, "game", {"token": reply["token"]})
    warm_move, reply = next_move(client, reply, moves)
    return {"cold": cold, "warm_game": warm_game, "warm_move": warm_move}


def record_after_move(game: str, seed: int, moves: list[str], at: int, rounds: int) -> dict[str, Any]:
    """In process, no server: the milliseconds of move ``at`` and the game's record after it (what
    every reply of a game carries: its finished hands as ``play --json`` records them), the median of
    ``rounds`` (the move undone between them), with the hands the record holds."""
    spec = games.get(game)
    played = spec.Game(seed, spec.Rules(), 0, moves[:at - 1])
    spec.record(played)  # as a server holding the game has it: asked for at the last reply
    took = []
    for _ in range(rounds):
        start = time.perf_counter()
        played.play(moves[at - 1])
        record = spec.record(played)
        took.append((time.perf_counter() - start) * 1000)
        played.undo()
    return {"game": game, "seed": seed, "at": at, "record_ms": round(statistics.median(took), 3),
            "hands": len(record.get("hands", record.get("deals", [])))}


def app(held: str) -> TestClient:
    """The app holding at most ``held`` games built (``limits.live_games``), or as the server starts
    (``default``: also what a checkout from before ``live_games`` runs)."""
    return TestClient(create_app(key=KEY) if held == "default" else create_app(ServeLimits(live_games=int(held)), key=KEY))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", default="10,100,400", help="move counts, comma-separated")
    parser.add_argument("--games", default="moon4,texas42", help="games, comma-separated")
    parser.add_argument("--rounds", type=int, default=5, help="games timed at each move count (the median)")
    parser.add_argument("--bot", default="random", help="the bots' name (GET /v1/games): random times the game's "
                        "handling alone, a hint bot its search too")
    parser.add_argument("--held", default="0,256", help="servers to alternate, by the games each holds built "
                        "(limits.live_games; 'default': the server's own)")
    parser.add_argument("--record", action="store_true", help="time, in process, a move and the game's record "
                        "after it (every reply carries it), median of --rounds x 100")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args()
    counts = [int(n) for n in args.at.split(",")]
    helds = args.held.split(",")
    rows = []
    if args.record:
        for game in args.games.split(","):
            seed, moves = long_moves(game, max(counts) + 2)
            rows += [record_after_move(game, seed, moves, at, args.rounds * 100) for at in counts if at + 1 < len(moves)]
        print(json.dumps(rows, indent=1) if args.json else "\n".join(
            f"{r['game']:8} {r['seed']:4} move {r['at']:5}: {r['record_ms']:.3f} ms, {r['hands']} hands" for r in rows))
        return
    with contextlib.ExitStack() as stack:
        clients = {held: stack.enter_context(app(held)) for held in helds}
        for game in args.games.split(","):
            seed, moves = long_moves(game, max(counts) + 2)
            for at in counts:
                if at + 1 >= len(moves):
                    print(f"{game}: the longest game between random bots (seeds 0..199) ends at move {len(moves)}: "
                          f"not timed at {at}", file=sys.stderr)
                    continue
                runs: dict[str, list[dict[str, float]]] = {held: [] for held in helds}
                for _ in range(args.rounds):  # the servers alternated
                    for held, client in clients.items():
                        runs[held].append(measure(client, game, seed, moves, at, args.bot))
                for held, timed in runs.items():
                    rows.append({"game": game, "seed": seed, "at": at, "held": held,
                                 **{k: round(statistics.median(r[k] for r in timed), 2) for k in timed[0]}})
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'game':8} {'seed':>4} {'move':>5} {'held':>7} {'cold ms':>9} {'game ms':>9} {'move ms':>9}  "
          f"(bot {args.bot}, median of {args.rounds})")
    for r in rows:
        print(f"{r['game']:8} {r['seed']:4} {r['at']:5} {r['held']:>7} {r['cold']:9.1f} {r['warm_game']:9.1f} "
              f"{r['warm_move']:9.1f}")


if __name__ == "__main__":
    main()
