"""The bid adviser's P(make) in play. Double dummy overrates a declarer, who in play cannot see the
other hands: contracts the adviser gave 0.84 on average on its deals were made 60% of the time when
hint bots played them.

Measured by ``bench/studies/calibration.py`` (bench/studies/README.md): 5,420 whole hands of standard
42 bid and played by the hint bot on every seat (20 worlds a play), 5,025 contracts, each predicted
by the adviser on the declarer's view as it made its winning bid (200 deals, the declaration it
named, the double-dummy P(make) as solved), against whether it was made. The correction is a
logistic curve on the prediction's log-odds, ``P(made) = 1 / (1 + exp(-(A + B logit p)))`` (p
clipped to [0.01, 0.99]), fitted by maximum likelihood (tests/texas42/test_calibration_fit.py
refits it from tests/data/calibration_contracts.jsonl); 2-fold cross-validated, every decile is
within 2.1 points of the rate realised. It holds for what was measured: 42's contracts in points and
of every trick, played by players of the hint bot's strength, on hands somebody chose to bid (a
hand nobody would bid is outside it).
"""

from __future__ import annotations

from .._core import decisions as _decisions

__all__ = ["A", "B", "CONTRACTS", "at_table"]

# The fit and its map are stated once in the core (cpp/include/dominosolver/texas42/decisions.hpp),
# which the WebAssembly module's bid advice reads too.
A: float = _decisions.calibration.A  # the fit's parameters
B: float = _decisions.calibration.B
CONTRACTS: int = _decisions.calibration.CONTRACTS  # contracts it was fitted on


def at_table(p: float) -> float:
    """The chance that a contract the adviser gives ``p`` (double dummy, as solved) is made in play."""
    return _decisions.calibration.at_table(float(p))
