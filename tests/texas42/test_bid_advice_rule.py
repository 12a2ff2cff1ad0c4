"""42's bid advice decides by the core (texas42/bid_advice.hpp), as the Python package's BidAdvice and
the WebAssembly module's 42 advice both do: here the bound BidAdvice against a plain Python statement
of the rule (texas42/bidding.py's docstring, game_odds.py's) on random deals' points, special bids and
contracts of the seat's own."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest
from dominosolver._core import decisions
from dominosolver.texas42.calibration import at_table
from dominosolver.texas42.rules import Rules

CASE = decisions.bidding.BidAdvice.Case
RULES = Rules()
LADDER = [*range(30, 42), 42, 84, 126]
SPECIALS = [((168, "plunge"), 9), ((84, "splash"), 9)]  # (bid, the rows of declarations the partner may name)


@cache
def win(us: int, them: int, target: int = 7) -> float:
    """Every hand from here even: a mark to either side with chance 1/2."""
    return 1.0 if us >= target else 0.0 if them >= target else (win(us + 1, them) + win(us, them + 1)) / 2


class Rule:
    """The advice as its docs state it, on points [declaration, deal]."""

    def __init__(self, points, legal, risk, mark_risk, discount, partner_high, specials, declared, contract, score):
        self.points, self.legal, self.risk, self.mark_risk, self.discount = points, legal, risk, mark_risk, discount
        self.partner_high, self.specials, self.declared, self.contract, self.score = (
            partner_high, specials, declared, contract, score)
        self.may_pass = (0, "ordinary") in legal
        self.bids = sorted(b for b, kind in legal if b and kind == "ordinary")

    def p_bid(self, bid: int) -> np.ndarray:
        need = RULES.points_needed(bid)
        off = 0 if need >= 42 else self.discount  # a bid of every trick: no discount
        return (self.points - off >= need).mean(axis=1)

    def p_table(self, d: int, bid: int) -> float | None:
        if d >= len(self.points):  # a contract of the seat's own: not calibrated
            return None
        return at_table(float((self.points[d] >= RULES.points_needed(bid)).mean()))

    @staticmethod
    def stake(bid: int) -> int:
        return max(1, bid // 42)

    @staticmethod
    def named(makes: np.ndarray) -> float:
        return float(makes.mean(axis=1).max())

    def best_declaration(self, bid: int | None, kind: str = "ordinary") -> int:
        means = self.points.mean(axis=1)
        if bid is None:
            return int(np.argmax(means))
        p = self.p_bid(bid)
        best = max(range(len(p)), key=lambda i: (round(float(p[i]), 12), float(means[i])))
        own = [j for j, ((b, k), m) in enumerate(self.declared)
               if (b, k) == (bid, kind) and self.named(m) >= self.mark_risk and self.named(m) > float(p[best])]
        return len(self.points) + max(own, key=lambda j: self.named(self.declared[j][1])) if own else best

    def p_of(self, d: int, bid: int) -> float:
        return float(self.p_bid(bid)[d]) if d < len(self.points) else self.named(self.declared[d - len(self.points)][1])

    def by_odds(self) -> bool:
        return self.score is not None and not (self.partner_high and self.may_pass)

    def odds(self, bid: int) -> float | None:
        us, them = self.score
        if not bid:
            return win(us, them)
        q = self.p_table(self.best_declaration(bid), bid)
        if q is None:
            return None
        made, setback = win(us + self.stake(bid), them), win(us, them + self.stake(bid))
        return q * made + (1 - q) * setback

    def ordinary(self) -> int:
        known = {b: self.odds(b) for b in [0] * self.may_pass + self.bids} if self.by_odds() else {}
        known = {b: o for b, o in known.items() if o is not None}
        if known:
            return max(known, key=lambda b: (round(known[b], 12), -b))
        makes = lambda level, r: float((self.points >= level).mean(axis=1).max()) >= r
        every = [b for b in self.bids if b >= 42]
        points = [b for b in self.bids if b < 42]
        if every and makes(42, self.mark_risk):
            return max(every)
        if points and not (self.partner_high and self.may_pass) and makes(points[0] + self.discount, self.risk):
            return points[0]
        return 0 if self.may_pass or not self.bids else self.bids[0]

    def threshold(self, bid: int) -> float:
        o = self.ordinary()
        gain = self.stake(o) * (2 * float(self.p_bid(o).max()) - 1) if o else 0.0
        return min(1.0, max(self.mark_risk, 0.5 + max(0.0, gain) / (2 * self.stake(bid))))

    def special(self) -> int | None:
        own = [] if self.partner_high and self.may_pass else self.declared
        worth = [(i, b) for i, (b, m) in enumerate(self.specials + own)
                 if b in self.legal and self.named(m) >= self.threshold(b[0])]
        best = max(worth, key=lambda ib: self.stake(ib[1][0]) * (2 * self.named((self.specials + own)[ib[0]][1]) - 1),
                   default=None)
        return None if best is None else best[0]

    def bid(self) -> tuple[int, str]:
        i = self.special()
        return (self.ordinary(), "ordinary") if i is None else (self.specials + self.declared)[i][0]

    def verdict(self) -> tuple:
        def judged(why, b, kind="ordinary"):
            d = self.best_declaration(b, kind)
            p = self.p_of(d, b)
            table = self.p_table(d, b) if kind == "ordinary" else None
            return [why, (b, kind), d, p, None, table, False]
        if self.contract is not None:
            return judged(CASE.declaring, *self.contract)
        if (i := self.special()) is not None:
            b, makes = (self.specials + self.declared)[i]
            return [CASE.special, b, 0, self.named(makes), self.threshold(b[0]), None, False]
        b = self.ordinary()
        if self.by_odds():
            if not b:
                return [CASE.game_odds, (0, "ordinary"), 0, None, None, None, False]
            v = judged(CASE.game_odds, b)
            v[3] = float(self.p_bid(b).max())
            return v
        if b:
            v = judged(CASE.bids, b)
            if v[3] < min(self.risk, self.mark_risk):
                v[0] = CASE.least_bid
            else:
                v[6] = b >= 42
                v[4] = self.mark_risk if b >= 42 else self.risk
            return v
        if not self.bids:
            return [CASE.no_bid, (0, "ordinary"), 0, None, None, None, False]
        if self.partner_high and float(self.p_bid(self.bids[0]).max()) >= self.risk:
            return [CASE.partner_high, (0, "ordinary"), 0, None, None, None, False]
        v = judged(CASE.not_worth, self.bids[0])
        v[3], v[4], v[5] = None, self.risk, None
        return v


def test_bid_advice_is_the_rule() -> None:
    rng = random.Random(7)
    cases, bids = set(), set()
    for _ in range(400):
        deals, decls = rng.randint(1, 25), rng.randint(1, 9)
        centre = rng.uniform(15, 42)
        points = np.clip(np.rint([[rng.gauss(centre + d, 6) for _ in range(deals)] for d in range(decls)]), 0, 42)
        points = points.astype(np.int16)
        high = rng.choice([0, 0, *LADDER])
        legal = [(0, "ordinary")] * (rng.random() < 0.85) + [(b, "ordinary") for b in LADDER if b > high]
        share = rng.uniform(0.3, 1)
        specials = [(b, np.array([[rng.random() < share for _ in range(deals)] for _ in range(rows)]))
                    for b, rows in SPECIALS if rng.random() < 0.3]
        legal += [b for b, _ in specials if rng.random() < 0.9]
        own = [b for b in legal if b[1] == "ordinary" and b[0]][:1]
        declared = [(b, np.array([[rng.random() < share for _ in range(deals)]])) for b in own if rng.random() < 0.4]
        risk, mark_risk, discount = rng.choice([0.5, 0.75]), rng.choice([0.6, 0.85]), rng.choice([0, 5])
        partner_high = rng.random() < 0.2
        contract = rng.choice([None, None, None, (rng.choice(LADDER), "ordinary")])
        score = rng.choice([None, None, (rng.randrange(7), rng.randrange(7))])
        args = (points, legal, risk, mark_risk, discount, partner_high, specials, declared, contract, score)
        got = decisions.bidding.BidAdvice(RULES._core, *args)
        want = Rule(*args)
        assert got.bid == want.bid()
        assert got.special() == want.special()
        assert got.ordinary_call() == want.ordinary()
        assert got.best_declaration(None) == want.best_declaration(None)
        for b in LADDER:
            assert got.best_declaration((b, "ordinary")) == want.best_declaration(b)
            np.testing.assert_array_equal(got.p_bid(b), want.p_bid(b))
        for b, _ in specials:
            assert got.threshold(b) == pytest.approx(want.threshold(b[0]), abs=1e-12)
        if score is not None:
            for b in [0, *want.bids]:
                odds = want.odds(b)
                assert got.game_odds(b) == (None if odds is None else pytest.approx(odds, abs=1e-12))
        verdict, expected = list(got.verdict()), want.verdict()
        assert _same(verdict, expected), (verdict, expected)
        cases.add(verdict[0])
        bids.add(got.bid)
    assert len(cases) == 8 and len(bids) >= 5  # the cases cover every verdict


def _same(a: list, b: list) -> bool:
    return len(a) == len(b) and all(x == y if not isinstance(x, float) or not isinstance(y, float)
                                    else abs(x - y) < 1e-12 for x, y in zip(a, b))


def test_bid_advice_refuses_what_it_cannot_judge() -> None:
    with pytest.raises(ValueError, match="a declaration and a deal|matrix"):
        decisions.bidding.BidAdvice(RULES._core, np.zeros((3, 0), np.int16), [(0, "ordinary")], 0.5, 0.5, 0, False,
                                    [], [], None, None)
    with pytest.raises(ValueError, match="the advice's deals"):
        decisions.bidding.BidAdvice(RULES._core, np.zeros((3, 4), np.int16), [(0, "ordinary")], 0.5, 0.5, 0, False,
                                    [((168, "plunge"), np.zeros((9, 3), bool))], [], None, None)
    with pytest.raises(ValueError, match="score"):
        decisions.bidding.BidAdvice(RULES._core, np.zeros((3, 4), np.int16), [(0, "ordinary")], 0.5, 0.5, 0, False,
                                    [], [], None, None).game_odds(30)
