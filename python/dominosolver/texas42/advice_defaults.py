"""The bid advice's defaults, a row per member of the 42 family by its "game" tag, as the core's table
states them (cpp/include/dominosolver/texas42/advice_defaults.hpp, which the WebAssembly module reads
too): ``risk``, ``mark_risk`` (None: ``risk``) and ``discount``, the thresholds an advice bids by when
the caller names none; ``bid_samples``, the deals it draws; ``fitted``, whether the models of players
(the calibrated P(make) in play, ``calibration.py``; the hint's auction and play weightings,
``weighting.py``) were fitted on its games. The figures are those that played best in each member's
arena (bench/studies/README.md)."""

from __future__ import annotations

from typing import Any

from .. import _core

__all__ = ["ADVICE_DEFAULTS"]

ADVICE_DEFAULTS: dict[str, dict[str, Any]] = _core.texas42.advice_defaults()
