"""How much each sampled deal counts in a hint.

- ``"uniform"`` (the default): every deal consistent with the view counts the same. This is the
  only weighting that assumes nothing about how the other players choose their bids.
- ``"auction"``: deals are weighted by how likely the other seats' bids and the declarer's choice of
  trump are with the hands the deal gives them (importance weights on uniformly drawn deals, so the
  hint averages over the posterior of a model of the bidders). The model is a rule-of-thumb
  bidder: a hand's strength is, for its best number, the trumps it holds plus one for the double of
  that number plus a half for each other double (``bots.trump_strength``); a seat bids (rather than
  passes) with probability ``1 / (1 + exp(-2 (strength - 4)))``; a declarer names number ``n`` with
  probability proportional to ``exp(2.5 * strength_n)`` (constants fitted by eye on 40 games of
  RuleBots, bench/studies/weighting.py). Tiles already played count as held at the
  deal. ``bench/studies/README.md`` measures how much better it predicts the real hands.
- ``"play"``: deals are weighted by how likely the other seats' plays of the last two tricks are with the hands the
  deal gives them, under a model of a good but fallible player (``play_inference.py``).
- ``"auction+play"``: both (their log-weights add).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._core import decisions as _decisions
from ..tiles import Tile, mask_of
from .play_inference import play_log_likelihoods

__all__ = ["WEIGHTINGS", "auction_log_likelihoods", "world_log_weights", "world_weights"]

WEIGHTINGS = ("uniform", "auction", "play", "auction+play")
# The bidder model is stated once in the core (cpp/include/dominosolver/texas42/decisions.hpp), which
# computes it here and in the WebAssembly module's hints.
BID_SLOPE: float = _decisions.weighting.BID_SLOPE
BID_CENTRE: float = _decisions.weighting.BID_CENTRE
TRUMP_SHARPNESS: float = _decisions.weighting.TRUMP_SHARPNESS


def _model(view: Any) -> dict[str, Any]:
    """What the bidder model reads of a view: the calls (0 a pass), the viewer, who declared which suit."""
    c = view.contract
    return {"auction": [(int(seat), int(bid)) for seat, bid in view.auction], "viewer": view.seat,
            "declarer": None if c is None else c.declarer,
            "trump": view.trump if isinstance(view.trump, int) else None, "max_pip": view.rules._core.max_pip}


def log_likelihood(view: Any, deal_hands: list[list[Tile]]) -> float:
    """Log-probability of the auction and the declaration given the hands at the deal, for every
    seat but the view's own (its choices are known and say nothing about the others)."""
    return _decisions.weighting.auction_log_likelihood([mask_of(h) for h in deal_hands], **_model(view))


def world_weights(view: Any, worlds: list[tuple[int, ...]], weighting: str, *, threads: int | None = None) -> np.ndarray:
    """Relative weights of the sampled ``worlds`` (current hands as masks) under ``weighting``."""
    logs = world_log_weights(view, worlds, weighting, threads=threads)
    return np.exp(logs - logs.max())


def world_log_weights(view: Any, worlds: list[tuple[int, ...]], weighting: str, *, threads: int | None = None) -> np.ndarray:
    """The logarithms of the weights (0 for every world when uniform). A hint solving worlds a
    batch at a time keeps these and scales by the largest so far."""
    logs = np.zeros(len(worlds))
    if "auction" in weighting.split("+"):
        logs += auction_log_likelihoods(view, worlds)
    if "play" in weighting.split("+"):
        logs += play_log_likelihoods(view, worlds, threads=threads)
    return logs


def auction_log_likelihoods(view: Any, worlds: list[tuple[int, ...]]) -> np.ndarray:
    """Per world, the log-probability of the auction and the declaration (``log_likelihood``)."""
    if not view.auction and view.contract is None:
        return np.zeros(len(worlds))
    played = [0] * view.rules.seats
    for seat, tile in view.plays:
        played[seat] |= 1 << tile.id
    return np.array(_decisions.weighting.auction_log_likelihoods(list(worlds), played, **_model(view)), dtype=float)
