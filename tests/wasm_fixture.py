"""The positions the WebAssembly module's node test (solve.test.mjs) checks, with what the Python
package answers for each: its JSON, legal plays, the position after a play, and its solve. Written
to tests/data/wasm_cases.json by ``python tests/wasm_fixture.py``; tests/wasm/test_wasm.py checks that the
committed file is what the package gives today, so the two sides cannot drift."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from dominosolver import Tile
from dominosolver.texas42 import Position, Rules, solve
from dominosolver.tiles import mask_of, tiles_of

FIXTURE = Path(__file__).resolve().parent / "data" / "wasm_cases.json"
TRUMPS = [0, 1, 2, 3, 4, 5, 6, "doubles", "none"]


def dealt(rng: random.Random, rules: Rules) -> list[list[Tile]]:
    tiles = tiles_of(mask_of(Tile.from_id(t) for t in range(45)) & rules._core.tile_set)
    rng.shuffle(tiles)
    size = rules.hand_size
    return [tiles[size * k: size * k + size] for k in range(rules.seats)]


def played(pos: Position, rng: random.Random, plays: int) -> Position:
    for _ in range(plays):
        pos.play(rng.choice(pos.legal_moves))
    return pos


def positions() -> list[tuple[str, Position]]:
    """Positions of every family, trump kind and point of a trick, small enough to solve at once
    (two of them a whole 42 hand)."""
    out = []
    for seed in range(16):  # Texas 42: 2..5 tricks left, any point of a trick, half under a contract
        rng = random.Random(f"wasm-42-{seed}")
        trump = rng.choice(TRUMPS)
        contract = (rng.randrange(4), rng.choice([30, 34, 42, 84])) if seed % 2 else None
        leader = rng.randrange(4)
        pos = Position(trump=trump, hands=dealt(rng, Rules()), leader=None if contract else leader, contract=contract)
        out.append((f"42 #{seed}", played(pos, rng, (7 - rng.randrange(2, 6)) * 4 + seed % 4)))
    for seed in range(2):  # a whole hand, from the opening lead
        rng = random.Random(f"wasm-42-deal-{seed}")
        out.append((f"42 deal #{seed}", Position(trump=rng.choice(TRUMPS), hands=dealt(rng, Rules()), contract=(seed, 30))))
    for seed, rules in enumerate([Rules(nt_doubles="low"), Rules.from_json({"first_lead_trump": "on", "nt_doubles": "low"})]):
        rng = random.Random(f"wasm-flags-{seed}")  # variant flags
        pos = Position(trump="none" if seed == 0 else 4, hands=dealt(rng, rules), rules=rules, contract=(1, 30))
        out.append((f"42 flags #{seed}", played(pos, rng, 14 + seed)))
    for seed, trump in enumerate(["nello", "sevens"]):  # the special contracts
        rng = random.Random(f"wasm-special-{seed}")
        pos = Position(trump=trump, hands=dealt(rng, Rules()), contract=(0, 42))
        out.append((f"42 {trump}", played(pos, rng, 12 + seed)))
    for family in ("moon", "moon4", "biggame"):
        rules = Rules(family=family)
        for seed in range(3):
            rng = random.Random(f"wasm-{family}-{seed}")
            hands = dealt(rng, rules)
            trump = rng.choice([0, 1, 2, 3, 4, 5, 6, "none"])
            bid = {"moon": 5, "moon4": 5, "biggame": 30}[family] if family != "biggame" else None
            contract = (rng.randrange(rules.seats), bid) if bid else None
            pos = Position(trump=trump, hands=hands, rules=rules, contract=contract)
            left = 3 if family == "biggame" else 4
            out.append((f"{family} #{seed}", played(pos, rng, (rules.hand_size - left) * rules.seats + seed)))
    return out


def case(name: str, pos: Position) -> dict[str, Any]:
    result = solve(pos)
    after = pos.copy() if hasattr(pos, "copy") else Position.from_json(pos.to_json())
    move = str(pos.legal_moves[-1])
    after.play(move)
    return {
        "name": name,
        "position": pos.to_json(),
        "legal_moves": [str(m) for m in pos.legal_moves],
        "play": move,
        "after": after.to_json(),
        "solve": {"value": result.value, "units": result.units, "pov": result.pov, "moves": result.moves,
                  "best": result.best},
    }


def build() -> dict[str, Any]:
    return {"about": "written by python tests/wasm_fixture.py: do not edit",
            "cases": [case(name, pos) for name, pos in positions()]}


def text(fixture: dict[str, Any]) -> str:
    return json.dumps(fixture, indent=1) + "\n"


if __name__ == "__main__":
    FIXTURE.write_text(text(build()))
    print(f"wrote {FIXTURE}")
