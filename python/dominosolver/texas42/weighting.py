"""How much each sampled deal counts in a hint. ``"uniform"``: every deal consistent with the view
counts the same (the default, and the only choice that keeps enumeration exact)."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["WEIGHTINGS", "world_weights"]

WEIGHTINGS = ("uniform",)


def world_weights(view: Any, worlds: list[tuple[int, ...]], weighting: str) -> np.ndarray:
    return np.ones(len(worlds))
