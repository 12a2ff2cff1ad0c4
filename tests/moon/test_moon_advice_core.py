"""Moon's bid advice decides by the core (texas42/moon_advice.hpp), as the Python package's MoonBidAdvice
and the WebAssembly module's advice both do: here the bound MoonAdvice against a plain Python
statement of the rule (docs/rules.md §4.1-4.2, moon/bidding.py's docstring) on random deals' tricks."""

from __future__ import annotations

import random

import numpy as np
import pytest
from dominosolver._core import decisions
from dominosolver.texas42.bidding import bid_ladder
from dominosolver.texas42.rules import Rules

CASE = decisions.bidding.MoonAdvice.Case


class Rule:
    """The advice as its docs state it, on tricks [declaration, deal]."""

    def __init__(self, rules: Rules, tricks: np.ndarray, legal: list[int], risk: float, discount: int, partner_high: bool):
        self.rules, self.tricks, self.legal, self.risk, self.discount = rules, tricks, legal, risk, discount
        self.partner_high = partner_high
        self.bids = sorted(b for b in legal if b)

    def p_bid(self, bid: int) -> np.ndarray:
        return (self.tricks - self.discount >= self.rules.points_needed(bid)).mean(axis=1)

    def worth(self, bid: int) -> np.ndarray:
        # made it scores +bid, set -bid; each opponent scores the tricks its side takes (Moon's two share them)
        opponents = 2 if self.rules.seats == 3 else 1
        return bid * (2 * self.p_bid(bid) - 1) - (self.rules.hand_tricks - self.tricks + self.discount).mean(axis=1) / opponents

    def best_declaration(self, bid: int | None) -> int:
        means = self.tricks.mean(axis=1)
        if bid is None:
            return int(np.argmax(means))
        p = self.p_bid(bid)
        return max(range(len(p)), key=lambda i: (round(float(p[i]), 12), float(means[i])))

    def bid(self) -> int:
        if self.partner_high and 0 in self.legal:
            return 0
        worthy = [b for b in self.bids if float(self.p_bid(b).max()) >= self.risk]
        best = max(worthy, key=lambda b: float(self.worth(b).max()), default=None)
        if best is not None and float(self.worth(best).max()) > 0:
            return best
        return 0 if 0 in self.legal or not self.bids else min(self.bids)

    def verdict(self, contract: int | None) -> tuple:
        def judged(b: int) -> tuple[int, float]:
            d = self.best_declaration(b)
            return d, float(self.p_bid(b)[d])
        if contract is not None:
            d, p = judged(contract)
            return CASE.declaring, contract, d, p, None
        if b := self.bid():
            d, p = judged(b)
            return (CASE.least_bid, b, d, p, None) if p < self.risk else (CASE.worth_most, b, d, p, self.risk)
        if not self.bids:
            return CASE.no_bid, 0, 0, None, None
        if self.partner_high:
            return CASE.partner_high, 0, 0, None, None
        d, p = judged(self.bids[0])
        return (CASE.not_worth if p >= self.risk else CASE.below_risk), self.bids[0], d, None, self.risk


@pytest.mark.parametrize("family", ["moon", "moon4"])
def test_moon_advice_is_the_rule(family: str) -> None:
    rules = Rules.from_json({"family": family})
    ladder = bid_ladder(rules)
    rng = random.Random(4)
    cases, bids = set(), set()
    for _ in range(300):
        deals = rng.randint(1, 30)
        centre = rng.uniform(1, rules.hand_tricks)
        tricks = np.clip(np.rint(np.array([[rng.gauss(centre + d / 3, 1.5) for _ in range(deals)]
                                           for d in range(len(rules.declarations))])), 0, rules.hand_tricks).astype(np.int16)
        high = rng.choice([0, *ladder])
        legal = ([0] if rng.random() < 0.8 else []) + [b for b in ladder if b > high]
        risk, discount, partner_high = rng.choice([0.5, 0.6]), rng.choice([0, 1]), rng.random() < 0.2
        contract = rng.choice([None, None, None, rng.choice(ladder)])
        got = decisions.bidding.MoonAdvice(rules._core, tricks, legal, risk, discount, partner_high)
        want = Rule(rules, tricks, legal, risk, discount, partner_high)
        assert got.bid == want.bid()
        assert got.best_declaration(None) == want.best_declaration(None)
        for b in ladder:
            assert got.best_declaration(b) == want.best_declaration(b)
            np.testing.assert_array_equal(got.p_bid(b), want.p_bid(b))
            np.testing.assert_allclose(got.worth(b), want.worth(b), rtol=1e-12, atol=1e-12)
        verdict = got.verdict(contract)
        assert verdict == want.verdict(contract), (verdict, want.verdict(contract))
        cases.add(verdict[0])
        bids.add(got.bid)
    assert len(cases) >= 5 and len(bids) >= 3  # the cases cover the verdicts


def test_moon_advice_refuses_what_it_cannot_judge() -> None:
    rules = Rules.from_json({"family": "moon"})
    with pytest.raises(ValueError, match="same deals|a declaration and a deal|matrix"):
        decisions.bidding.MoonAdvice(rules._core, np.zeros((3, 0), np.int16), [0, 4], 0.5, 0, False)
