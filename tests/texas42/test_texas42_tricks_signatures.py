"""Node counts of the tricks search as deterministic regression signatures (issues 22, 24): full
Plunge and Splash deals, 3-seat deals taking no trick, and Moon and Partnership Moon deals bid 5,
each solved three ways (value, every move's value, the make question) by one solver reused across
deals. A change meant to leave the search alone keeps these totals; one that changes it updates them
with its bench figures (bench/tricks_bench.py).

Changed by issue 24's speed work (values unchanged): the sure tricks are counted only where the
table's bounds and the top-trump run leave the window open, so a fail-soft answer is sometimes a
weaker bound than before (every move: Plunge 110,376 -> 113,288 nodes, Splash 175,361 -> 174,659).
Then the table keyed on the trumps' order, not on which trumps are left: positions that differ only
in which trumps went share an entry (every move: Moon 45,682 -> 39,599, Partnership Moon 540,278 ->
475,030, Plunge 113,288 -> 105,255).

Changed by issue 38 (values unchanged): the contracts in tricks are searched by the one trick engine
that searches points, with its driver (bound searches, every move tested against the best so far),
ordering, endgame and cashing plan. Old -> new nodes (value / every move / makes): Plunge 85,581 ->
79,742 / 105,255 -> 99,777 / 2,284 -> 38; Splash 91,384 -> 66,000 / 167,614 -> 165,749 / 1,457 -> 45;
Nel-O of three 240,113 -> 232,734 / 496,536 -> 473,596 / 4,884 -> 7,184; Moon 31,524 -> 34,053 /
39,599 -> 46,613 / 12 -> 12; Partnership Moon 146,716 -> 98,074 / 475,030 -> 335,103 / 11,265 -> 1,316.
Then, under NoTrick, the side that takes the trick starting now whatever is played bounds D by one
trick where one trick may decide the window: Nel-O of three 232,734 -> 222,133 / 473,596 -> 350,578
/ 7,184 -> 102; and no bound search of the other side before each move under NoTrick: every move
350,578 -> 319,712, makes (after it, same solver) 102 -> 81."""

from __future__ import annotations

import random

import pytest
from dominosolver import _core
from dominosolver.texas42 import Game, Position, Rules

DEALS = 12
KINDS = {"plunge": (4, "168:plunge", "4"), "splash": (3, "84:splash", "doubles")}  # doubles, bid, declaration
MOON_BID = 5
SIGNATURES = {  # (value, moves, makes): nodes total, values' checksum
    "plunge": [(79742, 398), (99777, 73014), (38, 10)],
    "splash": [(66000, 422), (165749, 75758), (45, 13)],
    "nello3": [(222133, 267), (319712, 55227), (81, 0)],
    "moon": [(34053, 242), (46613, 42000), (12, 29)],
    "moon4": [(98074, 373), (335103, 67925), (1316, 25)],
}


def problems(name: str) -> list:
    """(core object, objective, declaring side) for the set's first DEALS deals from seed 0 on."""
    if name in ("moon", "moon4"):
        return [(moon_position(name, seed), None, None) for seed in range(DEALS)]
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


def moon_position(family: str, seed: int):
    """A Moon deal (the widow taken as the discard) or a Partnership Moon one, seat seed % seats bidding
    MOON_BID, naming trump seed % 7 (or follow-me every 8th deal) and leading."""
    rules = Rules(family=family)
    tiles = [t for t in range(28) if rules._core.tile_set >> t & 1]
    random.Random(seed).shuffle(tiles)
    hands = [tiles[7 * k: 7 * k + 7] for k in range(rules.seats)]
    bidder = seed % rules.seats
    return _core.texas42.Position(rules._core, "none" if seed % 8 == 7 else str(seed % 7), hands, None, [],
                                  (bidder, MOON_BID))


def solved(solver, play, objective, side, task: str) -> int:
    """The task's answer; a Moon position's own contract sets its goal (objective None)."""
    if task == "value":
        return solver.value(play) if objective is None else solver.value_tricks(play, objective, side)
    if task == "moves":
        out = solver.solve(play, True, False) if objective is None else solver.solve_tricks(play, objective, side, True, False)
        return out.value * 100 + sum(t * x for t, x in out.moves)
    return int(solver.can_reach(play, MOON_BID) if objective is None else solver.makes(play, objective, side))


@pytest.mark.parametrize("name", SIGNATURES)
def test_node_signatures(name):
    solver = _core.texas42.Solver(16)
    figures = []
    for task in ("value", "moves", "makes"):
        nodes = checksum = 0
        for k, (play, objective, side) in enumerate(problems(name)):
            v = solved(solver, play, objective, side, task)
            nodes += solver.nodes
            checksum += (k + 1) * v
        figures.append((nodes, checksum))
    assert figures == SIGNATURES[name]
