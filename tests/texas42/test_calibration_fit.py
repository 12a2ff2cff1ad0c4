"""The calibration the package ships (texas42/calibration.py) is the fit of the contracts measured
(tests/data/calibration_contracts.jsonl, from bench/studies/calibration.py --contracts: each contract's
double-dummy P(make) at the declarer's winning bid, and whether it was made): refitted here by a plainly
written maximum-likelihood logistic regression, the same parameters."""

from __future__ import annotations

import json
import math
from pathlib import Path

from dominosolver.texas42 import calibration

DATA = Path(__file__).parent.parent / "data" / "calibration_contracts.jsonl"


def log_odds(p: float) -> float:
    p = min(0.99, max(0.01, p))
    return math.log(p / (1 - p))


def fit(xs: list[float], ys: list[int]) -> tuple[float, float]:
    """(a, b) maximising the likelihood of P(y = 1) = 1 / (1 + exp(-(a + b x))), by gradient ascent
    with a step that halves whenever the likelihood does not grow (slow and plain, on purpose)."""

    def likelihood(a: float, b: float) -> float:
        return sum(y * (a + b * x) - math.log1p(math.exp(a + b * x)) for x, y in zip(xs, ys))

    a = b = 0.0
    step, best = 1.0, likelihood(0.0, 0.0)
    while step > 1e-9:
        ga = gb = 0.0
        for x, y in zip(xs, ys):
            r = y - 1 / (1 + math.exp(-(a + b * x)))
            ga, gb = ga + r, gb + r * x
        na, nb = a + step * ga / len(xs), b + step * gb / len(xs)
        value = likelihood(na, nb)
        if value > best:
            a, b, best, step = na, nb, value, step * 1.5
        else:
            step /= 2
    return a, b


def test_the_shipped_calibration_is_the_fit_of_the_measured_contracts():
    rows = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    assert len(rows) == calibration.CONTRACTS
    a, b = fit([log_odds(r["p_make"]) for r in rows], [int(r["made"]) for r in rows])
    assert abs(a - calibration.A) < 2e-3 and abs(b - calibration.B) < 2e-3
    assert b > 0  # a larger P(make) at the table for a larger one on the deals
