"""Inference from the play for Bingo hints: how likely a sampled world makes the opponent's recorded
decisions (its leads, replies, closes or not, declarations, draws chosen over closing).

The model is 42's (``texas42/play_inference.py``): at a decision among ``n`` legal moves, a move that
gives away ``d`` game points against the best move there, double dummy, is made with likelihood
``(1 - e) * exp(-d / T) + e / n``. Bingo counts ``d`` in game points (the hint's own unit, 0 to 6).

A world (the opponent's hand and the boneyard order now) does not fix the past: which of its tiles
the opponent was dealt and which it drew unseen at each of its draws is hidden too. For each world
the C++ core draws one such history uniformly among those the deal's record allows
(``deals_of_record``; each tile the opponent played or declared held by then) and the record is
replayed from its deal, so the position before each opponent decision is exact. The likelihood of
that one history is an unbiased estimate of the world's (the average over its histories), which
keeps the weights proper importance weights. A world no history fits gets no weight.

Each decision is valued as the hint values its worlds: every move solved with the boneyard order
known, within a node budget (``CHOICE_NODES``). A decision the budget cuts short counts as a best
play (no evidence either way) and is counted in the hint's warnings; early phase-one positions are
the ones that run out.

The fit chose the model's limit ``SLIP = 1``: the likelihood of a decision is ``1 / n``, that of a
player choosing uniformly among its legal moves, whatever their values. Game points are coarse (most
moves of a position share them, double dummy), and on hint-bot deals the regret term lowered the
information about the true deal at every temperature tried (bench/studies/README.md). What remains is real:
a world in which the opponent had more choices (doubles it could have declared and did not, a close
it could have made) makes its actual decisions less likely. With ``SLIP = 1`` the decisions are not
solved at all (``value=False``): the replay alone counts the options.

Needs the deal's record (``PlayerView.record``): a view of a position built mid-deal, JSON without
the record, or a deal with a trump exchange has none, and the hint then weights worlds uniformly
and says so. ``TEMPERATURE`` and ``SLIP`` were fitted on hint-bot deals
(``bench/studies/play_inference.py --game bingo --fit``, bench/studies/README.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _core
from ..errors import IllegalMoveError
from .sampling import first_world, position_of
from .solve import Solver
from .view import PlayerView

__all__ = ["CHOICE_NODES", "SLIP", "TEMPERATURE", "Choices", "choices_in", "log_likelihoods"]

TEMPERATURE = 2.0  # game points; matters only with SLIP < 1
SLIP = 1.0
CHOICE_NODES = 50_000  # per decision valued; most decisions after the first tricks need far fewer
NO_HISTORY = -1e9  # the log-likelihood of a world no history of the record fits: no weight


@dataclass(frozen=True)
class Choices:
    """The opponent's recorded decisions among two or more moves, valued in each of a list of worlds."""

    world: np.ndarray  # per decision, the index of its world
    regret: np.ndarray  # game points the move made gave away against the best move, double dummy
    options: np.ndarray  # legal moves at the decision
    unvalued: int = 0  # decisions the node budget cut short (counted as best plays)
    no_history: tuple[int, ...] = ()  # worlds no history of the record fits
    nodes: int = 0


def choices_in(view: PlayerView, worlds: list[tuple[int, list[int]]], *, seed: int = 0, solver: Solver | None = None,
               max_nodes: int = CHOICE_NODES, value: bool = True) -> Choices:
    """Value the opponent's recorded decisions in every world (opponent hand as a mask, boneyard as
    tile ids with the face-up tile last, as the hint's sampler gives them), one history of each
    drawn from ``seed``. With ``value`` False only the options are counted (every regret 0)."""
    assert view.record is not None, "play inference needs the deal's record"
    solver = solver or Solver()
    base = position_of(view, *first_world(view))
    deals = _core.bingo.deals_of_record(view.rules._core, view.core_facts(), base._pos, [h for h, _ in worlds],
                                        [b for _, b in worlds], seed)
    owners: list[int] = []
    regrets: list[int] = []
    options: list[int] = []
    no_history: list[int] = []
    unvalued = 0
    before = solver._core.nodes
    for w, pos in enumerate(deals):
        if pos is None:
            no_history.append(w)
            continue
        try:
            found = _replay(view, pos, solver, max_nodes if value else None)
        except IllegalMoveError:  # the record does not replay from this history: the world does not fit it
            no_history.append(w)
            continue
        for regret, n, complete in found:
            owners.append(w)
            regrets.append(regret)
            options.append(n)
            unvalued += not complete
    return Choices(np.array(owners, dtype=int), np.array(regrets, dtype=float), np.array(options, dtype=int),
                   unvalued, tuple(no_history), solver._core.nodes - before)


def _replay(view: PlayerView, pos: Any, solver: Solver, max_nodes: int | None) -> list[tuple[int, int, bool]]:
    """The record played from a deal: at each opponent decision among two or more moves, (game
    points the move made gave away, legal moves, whether the solve was complete); ``max_nodes``
    None: not solved (regret 0)."""
    out = []
    for step in view.record or ():
        if step.move is None:  # a draw: the move before it made it
            continue
        name = str(step.move)
        if step.player != view.seat:
            legal = pos.legal_moves
            if len(legal) > 1 and max_nodes is None:
                out.append((0, len(legal), True))
            elif len(legal) > 1:
                r = solver._core.solve(pos, False, False, max_nodes, None)
                values = dict(zip(r["moves"], r["values"]))  # 0: not solved (no move is worth 0)
                known = [v for v in values.values() if v]
                complete = r["complete"] and values.get(name, 0) != 0
                out.append((max(known) - values[name] if complete else 0, len(legal), complete))
        pos.play(name)
    return out


def log_likelihoods(choices: Choices, worlds: int, temperature: float = TEMPERATURE, slip: float = SLIP) -> np.ndarray:
    """Per world (``worlds`` of them), the log-likelihood of its opponent's decisions under the model."""
    logs = np.zeros(worlds)
    likely = (1 - slip) * np.exp(-choices.regret / temperature) + slip / choices.options
    np.add.at(logs, choices.world, np.log(likely))
    logs[list(choices.no_history)] = NO_HISTORY
    return logs
