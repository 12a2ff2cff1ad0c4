"""The Big Game's points search against the plain minimax of tests/oracle/biggame_minimax.py on
random reachable endgames: 1-5 tricks left, 0-3 plays on the table, every declaration (the nine
suits, doubles, follow-me with each doubles option) and lower-end leads on the table and among the
moves. The value and every move's value (a lower-end lead is a move of its own) must agree; the
reference solvers' known answers (tests/data/variants_known.jsonl) too."""

from __future__ import annotations

import copy
import json
import pathlib
import random

import pytest
from dominosolver import _core
from oracle import biggame_minimax as BM

T = _core.texas42
DATA = pathlib.Path(__file__).parent.parent / "data" / "variants_known.jsonl"
DECLARATIONS = [*range(9), "doubles", ("none", "high"), ("none", "low"), ("none", "own_suit")]
# Short endgames mostly: the minimax is exhaustive, and five tricks cost it up to a minute (in
# Python), a trick begun fewer.
TRICKS_LEFT = (1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4)
ENDGAMES = 160  # per declaration, and one more of five tricks, two or three plays on the table:
# 13 x 161 = 2,093 positions
LOWER_END_TILES = {T.tile_of_play(p) for p in (45, 46)}


def rules(nt_doubles: str = "high"):
    return T.Rules({"family": "biggame", **({} if nt_doubles == "high" else {"nt_doubles": nt_doubles})})


def oracle_tile(tile_id: int) -> tuple[int, int]:
    name = T.play_name(tile_id)
    return (int(name[0]), int(name[2]))


def oracle_play(play: int):
    return BM.play_of(T.play_name(play))


def legal(pos) -> list[int]:
    return [m for m in range(T.MAX_PLAYS) if pos.legal_moves >> m & 1]


def random_endgame(rng: random.Random, trump, nt_doubles: str, tricks_left: int, on_table: int):
    """A position reached by random legal play from a random deal, then taken as it stands (the
    earlier tricks are just tiles gone). The tiles that may be led low are mostly kept back, so
    that they are often still in hand, and the last trick's lead is low where it can be, mostly."""
    r = rules(nt_doubles)
    tiles = list(range(45))
    rng.shuffle(tiles)
    hands = [tiles[11 * k : 11 * k + 11] for k in range(4)]
    pos = T.Position(r, str(trump), hands, rng.randrange(4), [])
    for _ in range((11 - tricks_left) * 4):
        kept = [m for m in legal(pos) if T.tile_of_play(m) not in LOWER_END_TILES]
        pos.play(rng.choice(kept if kept and rng.random() < 0.9 else legal(pos)))
    for k in range(on_table):
        low = [m for m in legal(pos) if m >= 45]
        pos.play(rng.choice(low if low and k == 0 and rng.random() < 0.7 else legal(pos)))
    hands = [[t for t in range(45) if h >> t & 1] for h in pos.hands]
    return T.Position(r, str(trump), hands, pos.leader, list(pos.trick))


@pytest.mark.slow  # ~10-40 s each: the exhaustive minimax in Python
@pytest.mark.parametrize("declaration", DECLARATIONS, ids=str)
def test_points_search_agrees_with_plain_minimax(declaration):
    trump, nt = declaration if isinstance(declaration, tuple) else (declaration, "high")
    rng = random.Random(f"biggame-oracle-{declaration}")
    solver = T.Solver(4)
    lower_end_moves = lower_end_on_table = 0
    for k in range(ENDGAMES + 1):
        # A trick's start half the time: where the leader may lead low.
        pos = random_endgame(rng, trump, nt, *((rng.choice(TRICKS_LEFT), rng.choice((0, 0, 0, 1, 2, 3))) if k < ENDGAMES
                                               else (5, rng.choice((2, 3)))))
        hands = [[oracle_tile(t) for t in range(45) if h >> t & 1] for h in pos.hands]
        value, moves = BM.solve(hands, trump, pos.leader, [oracle_play(p) for p in pos.trick], nt)
        out = solver.solve(pos, True, False)
        assert out.value == value, (pos.hands, pos.leader, pos.trick, trump, nt)
        assert {T.play_name(m): v for m, v in out.moves} == {BM.play_text(p): v for p, v in moves.items()}, (
            pos.hands, pos.leader, pos.trick, trump, nt)
        assert solver.value(pos) == value
        lower_end_moves += any(m >= 45 for m, _ in out.moves)
        lower_end_on_table += any(p >= 45 for p in pos.trick)
    # The sample reaches what it is meant to test (no trump keeps both tiles from being led low).
    if trump not in (2, 3, 7, 8):
        assert lower_end_moves >= 10 and lower_end_on_table >= 10, (lower_end_moves, lower_end_on_table)


def test_the_search_agrees_with_its_plain_baseline_on_longer_endgames():
    """Six to seven tricks, out of the minimax's reach: the full search (bounds, sure points,
    interchangeable tiles, the two-trick endgame) against alpha-beta with a table alone."""
    rng = random.Random("biggame-baseline")
    fast, plain = T.Solver(8), T.Solver(8, T.Enhancements.baseline())
    for k in range(40):
        trump, nt = DECLARATIONS[k % len(DECLARATIONS)] if isinstance(DECLARATIONS[k % len(DECLARATIONS)], tuple) else (
            DECLARATIONS[k % len(DECLARATIONS)], "high")
        r = rules(nt)
        tiles = list(range(45))
        rng.shuffle(tiles)
        pos = T.Position(r, str(trump), [tiles[11 * s : 11 * s + 11] for s in range(4)], rng.randrange(4), [])
        for _ in range(4 * rng.choice((4, 5)) + rng.randrange(4)):
            pos.play(rng.choice(legal(pos)))
        a, b = fast.solve(pos, True, True), plain.solve(pos, True, False)
        assert (a.value, sorted(a.moves)) == (b.value, sorted(b.moves)), (pos.hands, pos.leader, pos.trick, trump, nt)
        # The principal variation is legal play to the end that takes the value; the value is the
        # least target the side to move can reach.
        side, before, line = pos.side_of(pos.to_move), pos.points, copy.copy(pos)
        for play in a.pv:
            line.play(play)
        assert line.is_over and line.points[side] - before[side] == a.value
        assert fast.can_reach(pos, a.value) and not fast.can_reach(pos, a.value + 1)


def known_records():
    return [r for r in map(json.loads, DATA.read_text().splitlines()) if r["variant"] == "biggame"]


def test_known_answers_of_the_reference_solvers():
    records = known_records()
    assert len(records) == 40
    solver = T.Solver(4)
    for rec in records:
        r = T.Rules({"family": "biggame", **rec["rules"]})
        hands = [[T.parse_play(t) for t in h] for h in rec["hands"]]
        pos = T.Position(r, str(rec["trump"]), hands, rec["leader"], [T.parse_play(p) for p in rec["trick"]])
        assert pos.to_move == rec["to_move"] and pos.remaining_points == rec["total"]
        # Values are NS's (team0): the project's are the side to move's.
        mine = (lambda v: v) if rec["to_move"] % 2 == 0 else (lambda v: rec["total"] - v)
        out = solver.solve(pos, True, False)
        assert out.value == mine(rec["value"]), rec
        assert {T.play_name(m): v for m, v in out.moves} == {m: mine(v) for m, v in rec["moves"].items()}, rec
