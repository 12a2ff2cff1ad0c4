"""Builders for Bingo test positions: a phase-one deal or a closed game with the tiles that matter
placed by hand and the rest filled in so that the position is reachable."""

from __future__ import annotations

from dominosolver.bingo import Position, Rules
from dominosolver.tiles import Tile

DECK = [Tile(h, l) for h in range(6, -1, -1) for l in range(h, -1, -1)]


def tiles(*names: str) -> list[Tile]:
    return [Tile(n) for n in names]


def _fill(hands, trick, leader, avoid, size):
    rest = [t for t in DECK if t not in avoid]
    hands = [list(h) for h in hands]
    for p in (0, 1):
        need = size - len(hands[p]) - (len(trick) if p == leader else 0)
        hands[p] += rest[:need]
        rest = rest[need:]
    return hands, rest


def phase_one(turned, hands, *, leader=0, tricks=(0, 0), points=None, trick=(), rules=None, declarations=(),
              filler_avoid=()):
    """Hands filled up to 7 tiles (the leader one fewer once it has led), boneyard 14 - 2 x tricks with
    `turned` last; the remaining tiles count as played."""
    turned = Tile(turned)
    hands = [tiles(*h) for h in hands]
    trick = tiles(*trick)
    placed = set(hands[0]) | set(hands[1]) | set(trick) | {turned}
    hands, rest = _fill(hands, trick, leader, placed | set(tiles(*filler_avoid)), 7)
    rest = [t for t in DECK if t not in placed and t not in hands[0] and t not in hands[1]]  # avoided tiles first
    rest.sort(key=lambda t: t not in tiles(*filler_avoid))
    b = 14 - 2 * sum(tricks)
    boneyard = rest[: b - 1] + [turned] if b else []
    if points is None:
        points = tuple(10 if t else 0 for t in tricks)
    return Position(turned=turned, hands=hands, leader=leader, trick=trick, boneyard=boneyard, points=points,
                    tricks=tricks, rules=rules or Rules(), declarations=list(declarations))


def closed_game(turned, leader_hand, follower_hand, *, leader=0, lead=None, rules=None, points=None,
                tricks=None, closed_by=None, opponent_had_trick_at_close=False):
    """A game closed before trick 1 (the boneyard keeps its 14 tiles), `len(follower_hand)` tiles left
    each; the leader holds `leader_hand` and has led `lead` when given."""
    turned = Tile(turned)
    fh = tiles(*follower_hand)
    lh = tiles(*leader_hand)
    trick = [Tile(lead)] if lead else []
    size = len(fh)
    hands = [[], []]
    hands[leader], hands[1 - leader] = lh, fh
    avoid = set(lh) | set(fh) | set(trick) | {turned}
    hands, rest = _fill(hands, trick, leader, avoid, size)
    boneyard = rest[:13] + [turned]
    k = 7 - size
    if tricks is None:
        tricks = (k - k // 2, k // 2)
    if points is None:
        points = tuple(9 * t for t in tricks)
    return Position(turned=turned, hands=hands, leader=leader, trick=trick, boneyard=boneyard, points=points,
                    tricks=tricks, rules=rules or Rules(), closed_by=leader if closed_by is None else closed_by,
                    opponent_had_trick_at_close=opponent_had_trick_at_close)


def winner_of_trick(turned, lead, reply, rules=None) -> int:
    """Play `lead` (player 0) and `reply` (player 1) as trick 1 of a fresh deal; return who won it."""
    pos = phase_one(turned, [[lead], [reply]], rules=rules)
    pos.play(lead)
    pos.play(reply)
    return 0 if pos.tricks[0] else 1
