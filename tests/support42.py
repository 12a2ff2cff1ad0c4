"""Helpers shared by the Texas 42 tests: converting between the engine's objects and the oracle's
plain tuples, and replaying recorded plays through the oracle."""

from __future__ import annotations

from dominosolver import Tile
from oracle import texas42_rules as R


def to_oracle(tile: Tile | str) -> tuple[int, int]:
    t = Tile(tile)
    return (t.hi, t.lo)


def to_tile(x: tuple[int, int]) -> Tile:
    return Tile(x[0], x[1])


def oracle_set(tiles) -> set[tuple[int, int]]:
    return {to_oracle(t) for t in tiles}


def replay(deal, trump, leader, plays, nt_doubles="high", tie_side=None, sits_out=None):
    """Replay recorded (seat, tile) plays of a hand through the oracle, checking each seat played in
    turn. Returns the oracle state and the list of completed tricks as (winner, points)."""
    state = R.HandState(
        [[to_oracle(t) for t in hand] for hand in deal], trump, leader, nt_doubles=nt_doubles, tie_side=tie_side,
        sits_out=sits_out,
    )
    tricks = []
    for seat, tile in plays:
        assert seat == state.to_move, (
            f"{tile} recorded for seat {seat}, but seat {state.to_move} was to play"
        )
        done = state.play(to_oracle(tile))
        if done is not None:
            tricks.append(done)
    return state, tricks


TRICKS_LEFT = (1, 2, 2, 3, 3, 4)  # endgames' sizes, the short ones more often


def seated_endgame(rng, out: int, trump, nt_doubles: str):
    """Random hands of 1-4 tiles for the seats in play (``out`` sits out holding nothing, -1: nobody),
    a random leader and tiles played legally to the trick: (hands, leader, trick, order) as oracle
    tiles, ``order`` the seats in play."""
    tiles = list(R.ALL_TILES)
    rng.shuffle(tiles)
    order = [seat for seat in range(4) if seat != out]
    size = rng.choice(TRICKS_LEFT)
    hands = [[] for _ in range(4)]
    for k, seat in enumerate(order):
        hands[seat] = tiles[k * size:(k + 1) * size]
    leader = rng.choice(order)
    trick = []
    for k in range(rng.randrange(len(order))):
        seat = order[(order.index(leader) + k) % len(order)]
        tile = rng.choice(R.legal_plays(hands[seat], trick, trump, nt_doubles))
        hands[seat].remove(tile)
        trick.append(tile)
    return hands, leader, trick, order


def mask(hand) -> int:
    """The core's bit set of oracle tiles."""
    return sum(1 << Tile(*x).id for x in hand)
