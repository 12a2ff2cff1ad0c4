"""Node counts of the tricks search as deterministic regression signatures (issue 22): full Plunge
and Splash deals and 3-seat deals taking no trick, each solved three ways (value, every move's value,
the make question) by one solver reused across deals. A change meant to leave the search alone
keeps these totals; one that changes it updates them with its bench figures (bench/tricks_bench.py)."""

from __future__ import annotations

import pytest
from dominosolver import _core
from dominosolver.texas42 import Game, Position, Rules

DEALS = 12
KINDS = {"plunge": (4, "168:plunge", "4"), "splash": (3, "84:splash", "doubles")}  # doubles, bid, declaration
SIGNATURES = {  # (value, moves, makes): nodes total, values' checksum
    "plunge": [(89605, 398), (110376, 73014), (3185, 10)],
    "splash": [(97642, 422), (175361, 75758), (2432, 13)],
    "nello3": [(240113, 267), (496536, 55227), (4884, 0)],
}


def problems(name: str) -> list:
    """(core object, objective, declaring side) for the set's first DEALS deals from seed 0 on."""
    out, seed = [], 0
    while len(out) < DEALS:
        hands = Game(seed=seed).deal()
        if name == "nello3":
            rules = Rules(nt_doubles=("own_suit", "high", "low")[seed % 3])._core
            out.append((_core.texas42.SeatedPlay(rules, "none", 2, [sum(1 << t.id for t in h) for h in hands], 0, []),
                        "no trick", 0))
        else:
            doubles, bid, trump = KINDS[name]
            bidders = [s for s, h in enumerate(hands) if sum(t.is_double for t in h) >= doubles]
            if bidders:
                pos = Position(trump=trump, hands=[list(h) for h in hands], contract=(bidders[0], bid))
                out.append((pos._pos, "every trick", pos.side_of(bidders[0])))
        seed += 1
    return out


@pytest.mark.parametrize("name", SIGNATURES)
def test_node_signatures(name):
    solver = _core.texas42.Solver(16)
    figures = []
    for task in ("value", "moves", "makes"):
        nodes = checksum = 0
        for k, (play, objective, side) in enumerate(problems(name)):
            if task == "value":
                v = solver.value_tricks(play, objective, side)
            elif task == "moves":
                out = solver.solve_tricks(play, objective, side, True, False)
                v = out.value * 100 + sum(t * x for t, x in out.moves)
            else:
                v = int(solver.makes(play, objective, side))
            nodes += solver.nodes
            checksum += (k + 1) * v
        figures.append((nodes, checksum))
    assert figures == SIGNATURES[name]
