"""Inference from the play: how likely a sampled world makes the plays the other seats made.

The model of a player: at each of its choices, a seat plays a legal tile ``t`` of its ``n`` with
probability

    (1 - e) * exp(v_t / T) / sum over its legal tiles u of exp(v_u / T)  +  e / n

where ``v`` are the double-dummy values of its tiles in that world (what its side takes from that
trick on, in points) and ``T`` the temperature: mostly a good play, and with the slip rate ``e``
any play (a player who does not see the hidden hands errs by whole counters, which a softmax alone
would call next to impossible). A world in which the real plays were
good plays is more likely than one in which they threw points away: a partner who discarded a
counter probably had no safer tile, a defender who ducked probably could not win. This is
policy-based inference (Rebstock et al. 2019, for Skat) with a double-dummy softmax standing in for
the learned policy. A forced play (one legal tile) says nothing; the viewer's own plays say nothing
about the others' hands.

The likelihoods are importance weights on exactly uniform draws (``weighting.py`` combines them with
the auction's). ``TEMPERATURE`` and ``SLIP`` were fitted by maximum likelihood on the plays of hint
bots with the real deals known (``bench/play_inference_bench.py --fit``, bench/README.md).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import numpy as np

from .sampling import World, core_position
from .solve import solve_batch
from .position import Position

__all__ = ["SLIP", "TEMPERATURE", "play_log_likelihoods", "choice_points"]

TEMPERATURE = 3.0  # points
SLIP = 0.2


def choice_points(view: Any, world: World) -> list[tuple[Position, int]]:
    """The other seats' real choices in ``world``: the position before each play with more than one
    legal tile, and the tile played. Needs every play of the hand recorded (no ``view.gone``)."""
    pos = core_position(view, world)
    points = []
    for seat, tile in reversed(view.plays):
        pos.undo()
        assert pos.to_move == seat
        if seat != view.seat and pos.legal_moves.bit_count() > 1:
            points.append((Position._wrap(copy.copy(pos)), tile.id))
    return points


def play_log_likelihoods(
    view: Any, worlds: Sequence[World], temperature: float = TEMPERATURE, slip: float = SLIP, *,
    threads: int | None = None
) -> np.ndarray:
    """Per world, the log-probability of the other seats' recorded plays under the model."""
    logs = np.zeros(len(worlds))
    owners: list[int] = []
    positions: list[Position] = []
    played: list[int] = []
    for w, world in enumerate(worlds):
        for pos, tile in choice_points(view, world):
            owners.append(w)
            positions.append(pos)
            played.append(tile)
    if not positions:
        return logs
    values = solve_batch(positions, threads=threads, moves=True).move_values
    assert values is not None
    # Under Nel-O every side plays to take the fewest tricks: a good play is a low value.
    sign = -1.0 if positions[0].objective == "no trick" else 1.0
    legal = values >= 0  # -1 marks an illegal tile
    scaled = np.where(legal, sign * values / temperature, -np.inf)
    top = scaled.max(axis=1, keepdims=True)
    log_norm = top[:, 0] + np.log(np.exp(scaled - top).sum(axis=1))
    good = np.exp(scaled[np.arange(len(played)), played] - log_norm)
    np.add.at(logs, owners, np.log((1 - slip) * good + slip / legal.sum(axis=1)))
    return logs
