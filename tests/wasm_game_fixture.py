"""What the WebAssembly module's game flow (wasm/game.cpp, wasm/game.js) must give, with what the
Python package gives: games of the 42 family dealt from a seed and played by every seat choosing at random among its
legal moves (``random.Random``), each with its moves, the seat to move and its legal moves before
every move, the human seat's view at every move of the first hands, and at the start, at each
hand's end, in the middle of the auction and of the play and at the end the whole reply that
``dominosolver serve``'s game endpoints give (``dominosolver.botgame/1``, less its token: the
server's is a signed name, the module's the game itself); and at each call, declaration and The
Big Game's exchange of those games what texas42/bots.py's RuleBot chooses (the module's bots' rule
of thumb where no advice is given). Written to tests/data/wasm_games.json by
``python tests/wasm_game_fixture.py``; tests/wasm/test_wasm_game.py checks that the committed file
is what the package gives today and has node compare the module (tests/wasm/game.test.mjs)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from dominosolver import games
from dominosolver.texas42.bots import RuleBot

FIXTURE = Path(__file__).resolve().parent / "data" / "wasm_games.json"
# (game, seed, the human's seat, rules, the hands played: None for the whole game, views of the first hands)
GAMES = [
    ("texas42", 5, 0, {}, None, 2),
    ("texas42", 2**64 - 59, 2, {}, 3, 1),  # a seed past 2^53: the module reads it as text
    ("texas42", 77, 1, {"scoring": "points"}, 2, 0),
    ("moon", 11, 1, {}, 2, 1),  # the widow taken and a tile laid away (face down to the others)
    ("moon4", 12, 3, {}, 2, 1),
    ("biggame", 13, 0, {}, 1, 1),  # the auction round and round, the undealt tile
]


def reply(spec: games.GameSpec, game: Any, seat: int, last: list[Any] | None) -> dict[str, Any]:
    """BotGame.reply's fields (serve/botgame.py) but the token."""
    record = spec.record(game)
    to_move = None if game.is_over else game.to_move
    yours = to_move == seat
    view = game.view(seat).to_json()
    moves = [str(m) for m in game.legal_moves] if yours else []
    return {"schema": "dominosolver.botgame/1", "game": spec.tag, "seat": seat, "view": view, "to_move": to_move,
            "your_turn": yours, "legal_moves": moves, "names": spec.human.move_names(game, moves, view), "last": last,
            "scores": record["scores"], "over": game.is_over, "winner": record["winner"], "record": record}


def rule_case(game: Any) -> dict[str, Any] | None:
    """RuleBot's choice where the module's rule of thumb stands in for an advice (a call, a
    declaration, The Big Game's exchange before trumps), from the hand the mover holds as dealt."""
    exchange = game.phase == "exchange" and game.trump is None
    if game.phase not in ("bidding", "declaring") and not exchange:
        return None
    hand = [str(t) for t in game.deal()[game.to_move]]
    held = game.view(game.to_move).to_json()["hand"]
    if not exchange and held != hand:
        return None  # The Big Game's declaration after the exchange: RuleBot reads the hand as dealt
    rules = game.rules
    return {"table": {"family": rules.family, "min_bid": rules.min_bid, "mark": rules.mark, "hand_size": rules.hand_size,
                      "max_pip": max(rules.suits)},
            "hand": held, "legal": [str(m) for m in game.legal_moves], "choice": str(RuleBot().choose(game))}


def played(tag: str, seed: int, seat: int, rules: dict[str, str], hands: int | None, view_hands: int) -> dict[str, Any]:
    spec = games.get(tag)
    game = spec.Game(seed, spec.Rules.from_json(rules), 0, [])
    rng = random.Random(seed)
    steps: list[dict[str, Any]] = []
    rule_cases: list[dict[str, Any]] = []
    replies = {"0": reply(spec, game, seat, None)}
    finished = 0
    middle_auction = middle_play = False
    while not game.is_over and (hands is None or finished < hands):
        mover = game.to_move
        legal = [str(m) for m in game.legal_moves]
        step: dict[str, Any] = {"to_move": mover, "legal_moves": legal}
        if finished < view_hands:
            step["view"] = game.view(seat).to_json()
        steps.append(step)
        case = rule_case(game)
        if case is not None:
            rule_cases.append(case)
        move = rng.choice(game.legal_moves)
        game.play(move)
        last = [mover, str(move) if mover == seat else move.public]
        done = len(game.hands_played)
        # Whole replies: a hand's end, the middle of the first auction and of the first hand's play, the end.
        keep = done > finished or game.is_over
        if not middle_auction and game.phase == "bidding" and len(game.auction) == 2:
            keep = middle_auction = True
        if not middle_play and game.phase == "playing" and game.position.tricks_left == 4 and len(game.position.trick) == 2:
            keep = middle_play = True
        if keep:
            replies[str(len(steps))] = reply(spec, game, seat, last)
        finished = done
    return {"game": tag, "seed": str(seed), "seat": seat, "rules": rules,
            "moves": [str(m) for m in game.moves], "steps": steps, "replies": replies, "rule_cases": rule_cases}


def build() -> dict[str, Any]:
    return {"about": "written by python tests/wasm_game_fixture.py: do not edit",
            "games": [played(*g) for g in GAMES]}


def text(fixture: dict[str, Any]) -> str:
    return json.dumps(fixture, separators=(",", ":")) + "\n"


if __name__ == "__main__":
    FIXTURE.write_text(text(build()))
    print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size:,} bytes)")
