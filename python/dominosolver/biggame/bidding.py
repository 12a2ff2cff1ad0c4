"""Bidding advice for The Big Game (docs/rules.md §4.3), by zero-window tests (``texas42/bid_tests.py``).

A whole Big Game deal takes from a tenth of a second to several seconds to solve exactly, so the
advice asks only what the decision needs, as the hint bot does: in the auction, does some
declaration take the least legal bid's points plus ``discount`` on at least ``risk`` of the deals
(then bid it: every bid scores the points taken, so a higher one only adds risk); having won the
auction, which declaration takes the contract's points on the most deals. Each question stops at its
``time`` or ``max_nodes``; a deal left unsettled counts as not made, and the advice shows per
declaration the share proven to make (``p_make``) and the share not proven to fail (``p_high``).
"""

from __future__ import annotations

import time as _time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import ParseError
from ..texas42.bid_advice_json import BID_ADVICE_SCHEMA, Verdict, advice_line, makes_text
from ..texas42.bid_tests import MAX_SAMPLES, BidTests, Tested
from ..texas42.rules import Bid, Contract, Rules, Trump, bid_name
from ..texas42.solve import declaration_name
from ..texas42.view import PlayerView

__all__ = ["MAX_SAMPLES", "BigGameBidAdvice", "advise_big_game_bid"]



@dataclass(frozen=True)
class BigGameBidAdvice:
    """What the tests proved at the one level the decision needs (``tested``), and the advice."""

    hand: tuple[Any, ...]
    seat: int
    rules: Rules
    legal_bids: list[Bid]
    risk: float
    discount: int
    worlds: int
    seed: int
    elapsed: float = field(compare=False)  # timing: not part of equality
    tested: Tested  # at `level`: per declaration the deals proven to make it, and to fail
    judged: int  # the bid whose points (and discount) `tested` is at
    bid: int  # the advised bid (0 = pass); while declaring, the contract's
    declaration: Trump | None  # the declaration to name with it (None when passing)
    declarations: list[Trump]
    reason: str
    contract: Contract | None = None
    nodes: int = 0

    @property
    def p_make(self) -> np.ndarray:
        return self.tested.low

    @property
    def action(self) -> str:
        if self.contract is not None:
            return f"declare {self.declaration}"
        return bid_name(self.bid)

    @property
    def verdict(self) -> Verdict:
        if self.declaration is None:
            return Verdict(None, self.risk, self.reason, self.worlds)
        p = float(self.p_make[self.declarations.index(self.declaration)])
        return Verdict(p, None if self.contract is not None else self.risk, self.reason, self.worlds)

    def to_json(self) -> dict[str, Any]:
        t = self.tested
        return {
            "schema": BID_ADVICE_SCHEMA, "game": self.rules.family, "seat": self.seat,
            "hand": [str(x) for x in self.hand], "method": "zero-window tests", "worlds": self.worlds,
            "seed": self.seed, "elapsed": round(self.elapsed, 6), "risk": self.risk, "discount": self.discount,
            "level": t.level, "nodes": self.nodes,
            "contract": None if self.contract is None else {"declarer": self.contract.declarer,
                                                             "bid": bid_name(self.contract.bid)},
            "action": self.action, "verdict": self.verdict.to_json(), "bid": bid_name(self.bid),
            "declaration": self.declaration,
            "declarations": [
                {"declaration": d, "name": declaration_name(d), "mean": None, "stderr": None,
                 "p_make": {bid_name(self.judged): round(float(t.low[i]), 6)},
                 "p_high": round(float(t.high[i]), 6), "unknown": int(t.unknown[i])}
                for i, d in enumerate(self.declarations)
            ],
        }

    def __str__(self) -> str:
        t = self.tested
        names = self.rules.seat_names
        lines = [f"{names[self.seat]} holds {' '.join(str(x) for x in self.hand)}; {self.worlds} deals, seed {self.seed}; "
                 f"zero-window tests at {t.level} points ({self.nodes:,} nodes)",
                 "declaration   P(make)  not proven to fail"]
        for i, d in enumerate(self.declarations):
            lines.append(f"{declaration_name(d):<12}  {float(t.low[i]):6.2f}   {float(t.high[i]):6.2f}")
        lines.append(advice_line(self))
        return "\n".join(lines)


def advise_big_game_bid(view: PlayerView, legal_bids: list[Bid], contract: Contract | None, *, samples: int,
                        seed: int, risk: float, discount: int, threads: int, tt_mb: int, time: float | None,
                        max_nodes: int = 0, tests: BidTests | None = None, started: float = 0.0,
                        should_stop: Callable[[], bool] | None = None,
                        on_progress: Callable[[int, int], None] | None = None) -> BigGameBidAdvice:
    """The advice for the seat of ``view`` (arguments checked by ``advise_bid``); ``tests`` reuses a
    seat's tests through its auction (the hint bot's), else they are drawn here. ``time`` counts
    from ``started`` (the deals' drawing included); ``should_stop`` ends the tests within a fraction
    of a second (Ctrl-C too), the advice resting on what they proved. ``on_progress(done, of)`` is
    told after each round of tests what is known: of the ``of`` (declaration, deal) pairs, how many
    the tests have settled at the level in question, told when it grows (a tie-break level starts
    from what the level before settled), and once the advice is made ``(of, of)``, as how many
    tests a question needs is not known before."""
    if tests is None and samples > MAX_SAMPLES:
        raise ParseError(f"samples={samples}: The Big Game's bid advice tests at most {MAX_SAMPLES:,} deals "
                         "(all are drawn before the first test)")
    tests = tests or BidTests(view, samples, seed, threads=threads, tt_mb=tt_mb)
    declarations = list(tests.declarations)
    if time is not None and started:
        time = max(0.0, started + time - _time.perf_counter())
    limits = {"time": time, "max_nodes": max_nodes, "should_stop": should_stop}
    report = _Progress(on_progress, len(declarations) * tests.samples)
    tests.on_progress = report if on_progress is not None else None
    try:
        advice = _advice(view, tests, declarations, legal_bids, contract, risk, discount, limits, started)
    finally:
        tests.on_progress = None
    report.finish()
    return advice


class _Progress:
    """``on_progress`` told what the tests settled when it grows, and all at the end."""

    def __init__(self, on_progress: Callable[[int, int], None] | None, of: int) -> None:
        self.on_progress, self.of, self.done = on_progress, of, -1

    def __call__(self, done: int, of: int) -> None:
        if done > self.done:
            self.done = done
            if self.on_progress is not None:
                self.on_progress(done, self.of)

    def finish(self) -> None:
        self(self.of, self.of)


def _advice(view: PlayerView, tests: BidTests, declarations: list[Trump], legal_bids: list[Bid],
            contract: Contract | None, risk: float, discount: int, limits: dict[str, Any],
            started: float) -> BigGameBidAdvice:
    """``advise_big_game_bid``'s questions and answer."""
    rules, seat = view.rules, view.seat
    high_seat, high = max(view.auction, key=lambda a: a[1], default=(None, 0))
    bids = sorted(b for b in legal_bids if b)
    decided: Trump | None = None
    judged = bids[0] if bids else rules.min_bid
    if contract is not None:  # declaring: the declaration of the most deals at the contract's points
        level = rules.points_needed(contract.bid)
        decided = tests.best_declaration(level, **limits)
        bid = judged = contract.bid
        p = float(tests.p_make(level)[declarations.index(decided)])
        reason = makes_text(decided, bid, p, p, tests.samples, 0, "points") + ", the most of the declarations"
    elif not bids:
        level, bid, reason = rules.points_needed(judged), 0, "no bid is legal over the high bid"
    elif 0 in legal_bids and high and high_seat == rules.partner_of(seat):
        level, bid, reason = rules.points_needed(bids[0]), 0, "the partner holds the high bid"
    else:
        level = rules.points_needed(bids[0]) + discount
        makes = tests.makes_any(level, risk, **limits)
        best = declarations[int(np.argmax(tests.p_make(level)))]
        p = float(tests.p_make(level).max())
        says = (f"{declaration_name(best)} takes {level} points ({bid_name(bids[0])} and {discount} more for double "
                f"dummy) on {p:.0%} of {tests.samples} deals")
        if makes:
            bid, decided, reason = bids[0], best, f"{says}; a bid needs {risk:.0%}"
        elif 0 not in legal_bids:
            bid, decided, reason = bids[0], best, f"the dealer may not pass, so the least bid: {says}"
        else:
            bid, reason = 0, f"a bid needs {risk:.0%}; the best proven: {says}"
    return BigGameBidAdvice(
        hand=tuple(view.hand), seat=seat, rules=rules, legal_bids=bids, risk=risk, discount=discount,
        worlds=tests.samples, seed=tests.seed, elapsed=_time.perf_counter() - started, tested=tests.tested(level),
        judged=judged, bid=bid, declaration=decided, declarations=declarations, reason=reason, contract=contract, nodes=tests.nodes)
