"""Valid inputs for every parser, the seeds the fuzzer mutates: the known positions of tests/data,
the position texts and engine requests of the docs, and positions and views of games played out
(42 under several rule sets, Moon, Partnership Moon and The Big Game: auctions, declarations, every
trick; Bingo: both phases, closes, phase-two replies, the trump exchange). Everything is built from fixed seeds: the same seeds on every run."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

from dominosolver import biggame, bingo, moon, texas42
from dominosolver.errors import DominoSolverError

from .http import http_seeds

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
NOTATION = re.compile(r'"((?:42 |texas42 |bingo )?(?:trump|turned|hands)=[^"\n]*)"')
REQUEST = re.compile(r"^> (\{.*\})\s*$", re.M)


def _known(name: str) -> list[dict[str, Any]]:
    lines = (TESTS / "data" / name).read_text().splitlines()
    return [json.loads(line)["position"] for line in lines if line.strip()]


def _doc_texts() -> list[str]:
    """Position notation quoted in the docs that reads (some quote it to show an error)."""
    out = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for text in NOTATION.findall(path.read_text()):
            spec = bingo.Position if text.startswith("bingo") else texas42.Position
            try:
                spec(text)
            except DominoSolverError:
                continue
            out.append(text)
    return out


def _doc_requests() -> list[str]:
    """Engine requests of the docs' sessions that are whole (some elide a view with '...')."""
    out = []
    for path in sorted((ROOT / "docs").glob("*.md")):
        for text in REQUEST.findall(path.read_text()):
            try:
                json.loads(text)
            except ValueError:
                continue
            out.append(text)
    return out


RULES_42 = (texas42.Rules(), texas42.Rules(specials="all"), texas42.Rules(scoring="points", nt_doubles="low"),
            texas42.Rules(specials="all", nt_doubles="own_suit", play_out="always"),
            moon.MOON, moon.MOON4, biggame.BIG_GAME)  # the family: texas42's classes under their rules


def _games_42(n: int) -> tuple[list[Any], list[Any]]:
    """(positions, views) of ``n`` 42 games played at random under each rule set (a special bid
    taken whenever one is legal): views of the auction, the declaration and every play; positions
    of every play."""
    positions, views = [], []
    for seed in range(n):
        game, rng = texas42.Game(seed=seed, rules=RULES_42[seed % len(RULES_42)]), random.Random(seed)
        seats = len(game.deal())
        for _ in range(100):
            if game.is_over:
                break
            views.append(game.view(rng.randrange(seats)))
            if game.position is not None:
                positions.append(game.position.copy())
            special = [m for m in game.legal_moves if ":" in str(m)]
            game.play(special[0] if special else rng.choice(game.legal_moves))
    return positions, views


def _games_bingo(n: int) -> tuple[list[Any], list[Any]]:
    positions, views = [], []
    for seed in range(n):
        rules = bingo.Rules(bingo_trump_exchange="on") if seed % 3 == 0 else bingo.Rules.preset(
            ("historic", "modern_dp", "modern_gb")[seed % 3])
        game, rng = bingo.Game(seed=seed, rules=rules), random.Random(seed)
        for _ in range(60):
            if game.is_over:
                break
            pos = game.position
            positions.append(pos)
            views.append(pos.view(rng.randrange(2)))
            game.play(rng.choice(game.legal_moves))
    return positions, views


@cache
def seeds() -> dict[str, list[Any]]:
    """Valid inputs by target (see targets.py)."""
    positions_42, views_42 = _games_42(14)
    positions_bingo, views_bingo = _games_bingo(9)
    docs = _doc_texts()
    known_42, known_bingo = _known("texas42_known.jsonl"), _known("bingo_known.jsonl")
    json_42 = known_42[:60] + [p.to_json() for p in positions_42[::3]]
    json_bingo = known_bingo[:60] + [p.to_json() for p in positions_bingo[::4]]
    late_42 = [p for p in positions_42 if p.tricks_left <= 2 and not p.is_over]
    late_bingo = [p for p in positions_bingo if p.perfect_information and not p.is_over]
    view_json = [v.to_json() for v in views_42[::3]] + [v.to_json() for v in views_bingo[::3]]
    requests = [json.loads(r) for r in _doc_requests()]
    small_views = [p.view(p.to_move).to_json() for p in late_42[:6] + late_bingo[:6]]
    requests += [{"cmd": "position", "view": v} for v in small_views]
    requests += [{"cmd": "go", "samples": 4, "seed": 1}, {"cmd": "go", "time": 0.01, "id": 3}, {"cmd": "stop"},
                 {"cmd": "hello", "id": "x"}, {"cmd": "go", "exact_limit": 0, "samples": 2, "max_nodes": 1000}]
    records = [
        *[p.to_json() for p in late_42[:5]],
        *[{"position": p.to_json(), "seat": p.to_move} for p in late_42[5:8]],
        *[{"position": p.to_json(), "plays": [str(p.legal_moves[0])]} for p in late_42[8:11]],
        *[{"view": p.view(p.to_move).to_json(), "seed": 1} for p in late_42[11:14]],
        {"hands": [[str(t) for t in h] for h in texas42.Game(seed=1).deal()]},
        *[p.to_json() for p in late_bingo[:5]],
        *[{"view": p.view(p.to_move).to_json()} for p in late_bingo[5:8]],
        *[{"position": p.to_json(), "plays": [str(p.legal_moves[0])]} for p in late_bingo[8:11]],
        *[str(p) for p in late_42[14:16] + late_bingo[11:13]],
    ]
    return {
        "42.position.json": json_42,
        "42.position.text": [str(texas42.Position.from_json(p)) for p in known_42[:40]]
        + [str(p) for p in positions_42[::5]] + [d for d in docs if not d.startswith("bingo")],
        "42.view.json": [v.to_json() for v in views_42],
        "42.view.text": [str(v) for v in views_42],
        "bingo.position.json": json_bingo,
        "bingo.position.text": [str(bingo.Position.from_json(p)) for p in known_bingo[:40]]
        + [str(p) for p in positions_bingo[::5]] + [d for d in docs if d.startswith("bingo")],
        "bingo.view.json": [v.to_json() for v in views_bingo],
        "bingo.view.text": [str(v) for v in views_bingo],
        "registry": json_42[:20] + json_bingo[:20] + view_json[:40] + docs + [str(v) for v in views_42[::40] + views_bingo[::40]],
        "engine": requests,
        "batch": records,
        # every endpoint of the server (http.py): late positions and views of every game, a few deals
        "http": http_seeds(late_42[:24:2] + late_bingo[:12:2] + positions_42[:3],
                           [p.view(p.to_move) for p in late_42[1:24:3] + late_bingo[1:12:3]] + views_42[:40:8]),
    }
