"""The bid adviser's P(make) at the table. Double dummy overrates a declarer, who in play cannot see
the other hands and whose opponents cannot either: a contract the adviser gives 0.83 on its deals
made about half the time when hint bots played it.

Measured by ``bench/calibration.py`` (bench/README.md, Calibration): whole hands of standard 42 bid
and played by the hint bot on every seat (20 worlds a play), each contract predicted by the adviser
on the declarer's view as it made its winning bid (200 deals, the declaration it named), against
whether it was made. The prediction is P(make) as the adviser judges a bid (``BidAdvice.p_bid``:
a point bid's double-dummy points less the 5-point discount; a bid of every trick as solved). The
correction is a logistic curve on its log-odds, ``P(made) = 1 / (1 + exp(-(A + B logit p)))`` (p
clipped to [0.01, 0.99]), fitted by maximum likelihood; its 2-fold cross-validated deciles are in
bench/README.md. It holds for what was measured: 42's contracts in points and of every trick,
played by players of the hint bot's strength, on hands somebody chose to bid (a hand nobody would
bid is outside it), judged with the 5-point discount.
"""

from __future__ import annotations

import math

__all__ = ["A", "B", "CONTRACTS", "DISCOUNT", "at_table"]

A, B = -0.7070, 0.9469  # the fit's parameters
CONTRACTS = 1697  # contracts it was fitted on
DISCOUNT = 5  # the points the predictions were judged with less
_CLIP = 0.01


def at_table(p: float) -> float:
    """The chance that a contract the adviser judges ``p`` (``DISCOUNT`` points off) is made in play."""
    q = min(1 - _CLIP, max(_CLIP, float(p)))
    return 1 / (1 + math.exp(-(A + B * math.log(q / (1 - q)))))
