"""Inference from the play: how likely a sampled world makes the plays the other seats made.

The model of a player: at each of its choices among ``n`` legal tiles, a play that gives away ``d``
points against the best play of that world, double dummy (``d`` counted up to ``CAP``), is made
with a likelihood

    (1 - e) * exp(-d / T)  +  e / n

with ``T`` the temperature and ``e`` the slip rate: mostly a good play, and with the slip rate any
play (a player who does not see the hidden hands errs by whole counters, which the first term alone
would call next to impossible). A world in which the real plays were good plays is more likely than
one in which they threw points away: a partner who discarded a counter probably had no safer tile, a
defender who ducked probably could not win. This is policy-based inference (Rebstock et al. 2019,
for Skat) with the double-dummy loss of the play standing in for the learned policy. A forced play
(one legal tile) says nothing; the viewer's own plays say nothing about the others' hands.

The likelihood depends only on the value of the play made and the best value, not on every tile's
value as a softmax over the tiles would, which is what makes it cheap: the C++ core
(``Solver::line_regrets``) walks each world's line of play from the first choice it weighs (among
the last ``RECENT`` plays: a line from the first trick costs a whole hand's search), the value of the
position after each play being the next position's value, so it searches one position's value and
then mostly proves each play kept it with one zero-window test (a third of the nodes of every move's
values at each choice, bench/studies/README.md). It is left unnormalised over the tiles: a world in which several
tiles were equally good is not made less likely for it; on played hands it predicts the hidden tiles
about as well as a softmax over every tile's value did (bench/studies/README.md).

The likelihoods are importance weights on exactly uniform draws (``weighting.py`` combines them with
the auction's). ``TEMPERATURE``, ``SLIP`` and ``CAP`` were fitted by maximum likelihood of the true
deals of hands played by hint bots against deals drawn from the same views
(``bench/studies/play_inference.py --fit``, bench/studies/README.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _core
from ..arguments import thread_count
from .sampling import World, core_position

__all__ = ["CAP", "RECENT", "SLIP", "TEMPERATURE", "Choices", "choices_in", "log_likelihoods", "play_log_likelihoods"]

# The model's figures are stated once in the core (cpp/include/dominosolver/texas42/decisions.hpp),
# which the WebAssembly module's hints read too. ``log_likelihoods`` computes its formula on numpy's
# arrays (the core's ``play_inference::likelihood`` is the scalar form the module uses;
# tests/texas42/test_decisions_single_source.py checks they agree).
TEMPERATURE: float = _core.decisions.play_inference.TEMPERATURE  # points
SLIP: float = _core.decisions.play_inference.SLIP
CAP: int = _core.decisions.play_inference.CAP  # points: a loss this large or larger counts as this (a slip, to the model)
# Only the last two tricks' plays are weighed: the search starts at the first of them, and a line from
# the first trick costs three times as much at the fourth trick's lead for an eighth more information
# (bench/studies/README.md).
RECENT: int = _core.decisions.play_inference.RECENT
TABLE_MB: int = _core.decisions.play_inference.TABLE_MB  # per thread; the choice points are of at most a whole hand


@dataclass(frozen=True)
class Choices:
    """The other seats' choices among two or more tiles in each of a list of worlds."""

    world: np.ndarray  # per choice, the index of its world
    regret: np.ndarray  # points the play gave away against the best play, double dummy, up to the cap
    options: np.ndarray  # legal tiles at the choice
    nodes: int = 0  # search nodes spent valuing them


def choices_in(view: Any, worlds: Sequence[World], *, cap: int = CAP, threads: int | None = None,
               recent: int | None = RECENT) -> Choices:
    """Value the other seats' recorded choices in every world (needs every play of the hand recorded,
    no ``view.gone``): the plays among the last ``recent`` (None: all) made where the seat had more
    than one legal tile, each world's line of play from its first such choice searched once
    (``regret_batch``), all worlds in one batched C++ call on ``threads`` threads. Losses count up to
    ``cap`` points."""
    owners: list[int] = []
    options: list[int] = []
    starts: list[Any] = []
    lines: list[list[int]] = []
    weighed: list[list[bool]] = []
    tiles = [tile.id for _, tile in view.plays]
    for w, world in enumerate(worlds):
        pos = core_position(view, world)
        counts = []  # legal tiles before each play, last play first
        for _ in view.plays:
            pos.undo()
            counts.append(pos.legal_moves.bit_count())
        counts.reverse()
        flags = [seat != view.seat and n > 1 for (seat, _), n in zip(view.plays, counts)]
        if recent is not None:
            flags = [f and i >= len(flags) - recent for i, f in enumerate(flags)]
        if not any(flags):
            continue
        first, last = flags.index(True), len(flags) - flags[::-1].index(True)
        for tile in tiles[:first]:
            pos.play(tile)
        starts.append(pos)
        lines.append(tiles[first:last])
        weighed.append(flags[first:last])
        owners += [w] * sum(flags)
        options += [n for n, f in zip(counts, flags) if f]
    if not starts:
        return Choices(np.zeros(0, dtype=int), np.zeros(0), np.zeros(0, dtype=int))
    out = _core.texas42.regret_batch(starts, lines, weighed, cap, thread_count(threads), TABLE_MB)
    regret = np.array(out.best) - np.array(out.played)
    return Choices(np.array(owners), regret.astype(float), np.array(options), out.nodes)


def log_likelihoods(choices: Choices, worlds: int, temperature: float = TEMPERATURE, slip: float = SLIP,
                    cap: int = CAP) -> np.ndarray:
    """Per world (``worlds`` of them), the log-likelihood of its choices under the model (losses
    counted up to ``cap`` points, at most the cap they were valued with)."""
    logs = np.zeros(worlds)
    regret = np.minimum(choices.regret, cap)
    likely = (1 - slip) * np.exp(-regret / temperature) + slip / choices.options
    np.add.at(logs, choices.world, np.log(likely))
    return logs


def play_log_likelihoods(
    view: Any, worlds: Sequence[World], temperature: float = TEMPERATURE, slip: float = SLIP, *,
    threads: int | None = None, recent: int | None = RECENT
) -> np.ndarray:
    """Per world, the log-likelihood of the other seats' last ``recent`` plays (None: every recorded
    play) under the model."""
    return log_likelihoods(choices_in(view, worlds, threads=threads, recent=recent), len(worlds), temperature, slip)
