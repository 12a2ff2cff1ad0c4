"""Less strategy fusion: the seat's next decision made without seeing the hidden hands.

Plain PIMC values a move by solving each world double dummy, as though the seat would see every hand
from the next play on; it overvalues plays that leave a guess for later ("strategy fusion": the seat
will not know which world it is in when the guess comes). Hint method ``"infoset"`` postpones that
assumption by one decision of the seat, in the spirit of EPIMC (Arjonilla, Saffidine and Cazenave
2024, perfect-information reasoning postponed to a depth):

1. after each legal move, the other seats play on in each world as double dummy would (they are
   taken to know the world, as the defence is in alpha-mu), until the seat is to play again: the
   principal variation of one value search, the lowest tile that keeps the value at each play;
2. there the seat cannot tell apart the worlds in which the same tiles were played since; it must
   choose one tile for all of them: the tile the hint's own ranking prefers over that group of worlds
   (weighted as the hint weighs them);
3. from that tile on, double dummy again.

A world's value of a move is what the seat's side takes in it from the current trick on under that
choice; the hint averages these as PIMC averages plain double-dummy values. Cost per world and move:
a value search with its principal variation, then every move's values at the seat's next turn. The grouping is over the worlds solved together, so
an infoset hint solves its worlds in one batch (``pimc.UNCHUNKED`` at most), ``STEP`` worlds at a
time: a time limit or a stop request ends the batch after the step under way (its worlds grouped
among those done), and only the plays each line took are kept, not its positions (a batch of 10,000
worlds at a first lead keeps some 30 MB).
"""

from __future__ import annotations

import copy
import time as _time
from collections import defaultdict
from collections.abc import Callable, Sequence

import numpy as np

from ..stoppable import Abandoned
from .position import Position
from .solve import LONG_TRICKS, solve_batch

__all__ = ["STEP", "Judge", "infoset_values"]

STEP = 8  # worlds solved at a time within a batch, between two looks at the time and the stop request

# (values of the group's worlds x the seat's tiles, their weights) -> the column the seat chooses
Judge = Callable[[np.ndarray, np.ndarray], int]


def infoset_values(
    roots: Sequence[Position], legal: Sequence[int], weights: np.ndarray, judge: Judge, *,
    threads: int | None = None, tt_mb: int | None = None, deadline: float | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[np.ndarray, int]:
    """Per world (its position ``roots[w]``) and legal tile, what the seat to move's side takes from
    the current trick on when its next choice is made per group of worlds by ``judge``; and the nodes.
    Past ``deadline`` (a ``time.perf_counter()`` value) or once ``should_stop()``, the worlds are
    not solved beyond the step under way (``STEP`` worlds; of more than ``LONG_TRICKS`` tricks, a
    world a thread, left at once): the rows are those of the first worlds (none when not one fitted:
    the hint then names the limit, SearchLimitError)."""
    seat = roots[0].to_move
    side = roots[0].side_of(seat)
    nodes = done = 0
    taken: list[int] = []
    since: list[tuple[tuple[int, int], ...]] = []  # per item, the plays since the root
    later: dict[int, np.ndarray] = {}
    # A world of more than LONG_TRICKS tricks takes up to seconds: a step of a world a thread.
    size = STEP if roots[0].tricks_left <= LONG_TRICKS else max(1, threads or 1)
    while done < len(roots):
        step = roots[done:done + size]
        try:
            part_since, part_taken, part_later, spent = _played_on(step, legal, seat, side, threads, tt_mb,
                                                                   should_stop, deadline)
        except Abandoned:  # a long search left at the deadline or the stop: the step's worlds are not done
            break
        later.update({len(since) + i: v for i, v in part_later.items()})
        since += part_since
        taken += part_taken
        nodes += spent
        done += len(step)
        if (deadline is not None and _time.perf_counter() >= deadline) or (should_stop is not None and should_stop()):
            break
    if not done:  # not one step within the time
        return np.zeros((0, len(legal))), nodes
    roots = roots[:done]
    items = [(w, m) for w in range(done) for m in range(len(legal))]
    # The worlds the seat cannot tell apart: the same first move and the same plays since.
    groups: dict[tuple[int, tuple[tuple[int, int], ...]], list[int]] = defaultdict(list)
    for i, plays in enumerate(since):
        groups[(items[i][1], plays)].append(i)
    out = np.zeros((len(roots), len(legal)))
    for members in groups.values():
        if members[0] not in later:  # the hand ended: nothing left to choose
            for i in members:
                out[items[i]] = taken[i]
            continue
        tiles = np.flatnonzero(later[members[0]] >= 0)  # the seat's legal tiles: the same in the group
        table = np.array([taken[i] + later[i][tiles] for i in members], dtype=float)
        choice = judge(table, weights[[items[i][0] for i in members]])
        for i, row in zip(members, table):
            out[items[i]] = row[choice]
    return out, nodes


def _played_on(roots: Sequence[Position], legal: Sequence[int], seat: int, side: int, threads: int | None,
               tt_mb: int | None, should_stop: Callable[[], bool] | None = None,
               deadline: float | None = None) -> tuple[list[tuple[tuple[int, int], ...]], list[int], dict[int, np.ndarray], int]:
    """For each (world, move) of ``roots``, played on by the others to the seat's next turn: the
    plays since the root, what the side took since, the values of the seat's tiles there (by item,
    where the hand goes on); and the nodes. The positions are not kept."""
    nodes = 0

    def solve_moves(positions: list[Position]) -> np.ndarray:
        nonlocal nodes
        out = solve_batch(positions, threads=threads, moves=True, tt_mb=tt_mb, should_stop=should_stop,
                          deadline=deadline)
        nodes += out.nodes
        assert out.move_values is not None
        return out.move_values

    # The position after each (world, move), played on by the others to the seat's next turn.
    items = [(w, m) for w in range(len(roots)) for m in range(len(legal))]
    lines = []  # C++ positions: this loop plays many tiles
    for w, m in items:
        pos = copy.copy(roots[w]._pos)
        pos.play(legal[m])
        lines.append(pos)
    # Their double-dummy plays are a principal variation's: one value search each (not every move's).
    waiting = [i for i, p in enumerate(lines) if not p.is_over and p.to_move != seat]
    if waiting:
        out = solve_batch([Position._wrap(lines[i]) for i in waiting], threads=threads, tt_mb=tt_mb, pv=True,
                          should_stop=should_stop, deadline=deadline)
        nodes += out.nodes
        assert out.pv is not None
        for i, line in zip(waiting, out.pv):
            for tile in line:  # ties: the lowest tile that keeps the value, the same in every world
                if lines[i].is_over or lines[i].to_move == seat:
                    break
                lines[i].play(tile.id)
    # What the side took since the root, and the values of the seat's tiles at its next turn.
    taken = [p.points[side] - roots[w].points[side] for (w, _), p in zip(items, lines)]
    deciding = [i for i, p in enumerate(lines) if not p.is_over]
    later = dict(zip(deciding, solve_moves([Position._wrap(lines[i]) for i in deciding]))) if deciding else {}
    start = len(roots[0].plays)
    return [tuple(p.plays[start:]) for p in lines], taken, later, nodes
