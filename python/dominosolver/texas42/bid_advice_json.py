"""What the bid advisors share (42's ``bidding.py``, Moon's ``moon/bidding.py``, The Big Game's
``biggame/bidding.py``): the ``dominosolver.bidadvice/1`` object they write (who was advised, on
which worlds, the advised action in the words a game takes with its P(make), the threshold it had
to reach and why, and per declaration its mean, standard error, chance of making each bid and
histogram; each advisor adds its own fields), and the pace of their batches under a time limit."""

from __future__ import annotations

import time as _time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _core
from ..arena import wilson
from .rules import bid_name
from .solve import declaration_name

__all__ = ["BID_ADVICE_SCHEMA", "FIRST_BATCH", "DeclarationValues", "Verdict", "advice_line", "bid_advice_json",
           "makes_text", "next_batch"]

BID_ADVICE_SCHEMA = "dominosolver.bidadvice/1"


@dataclass(frozen=True)
class Verdict:
    """Why an advisor advises its action: the action's P(make) as judged (None where nothing is
    made: a pass), the P(make) it had to reach (None where no threshold applies: a declaration
    is the best of those the contract allows), and the reason in words."""

    p_make: float | None
    threshold: float | None
    reason: str
    worlds: int
    p_table: float | None = None  # the chance of making it in play (``calibration.py``), where measured

    def to_json(self) -> dict[str, Any]:
        p = self.p_make
        return {
            "p_make": None if p is None else round(p, 6),
            "p_make_ci95": None if p is None else [round(x, 6) for x in wilson(round(p * self.worlds), self.worlds)],
            "p_make_table": None if self.p_table is None else round(self.p_table, 6),
            "threshold": None if self.threshold is None else round(self.threshold, 6),
            "reason": self.reason,
        }


class DeclarationValues:
    """What a bid advice's scorer gave, per declaration and deal (``values``: 42's points, Moon's
    tricks), summed up as every presenter shows it: the means, their standard errors, P(make) of a
    bid and the deals by value."""

    declarations: list[Any]
    rules: Any

    @property
    def values(self) -> np.ndarray:  # [declaration, deal]
        raise NotImplementedError

    @property
    def means(self) -> np.ndarray:
        return np.array(_core.decisions.bidding.declaration_spread(self.values)[0])

    @property
    def stderr(self) -> np.ndarray:
        """The means' standard errors, s / sqrt(n) (0 under two deals): the core's, as the means
        (texas42/decisions.hpp's spread_of, the WebAssembly module's too)."""
        return np.array(_core.decisions.bidding.declaration_spread(self.values)[1])

    def p_make(self, bid: int) -> np.ndarray:
        """Per declaration, the fraction of deals on which the bidder's side makes ``bid``."""
        return (self.values >= self.rules.points_needed(int(bid))).mean(axis=1)

    def histogram(self, declaration: Any) -> np.ndarray:
        """Counts of deals by value (0 up to all the hand's points, or tricks) under one declaration."""
        top = self.rules.hand_points if self.rules.row.counters else self.rules.hand_tricks
        return np.bincount(self.values[self.declarations.index(declaration)], minlength=top + 1)


def bid_advice_json(advice: Any, p_make_bids: Iterable[int], **fields: Any) -> dict[str, Any]:
    """The fields every advice has, with ``fields`` (the advisor's own) before the advice proper."""
    bids = list(p_make_bids)
    return {
        "schema": BID_ADVICE_SCHEMA,
        "game": advice.rules.family,
        "seat": advice.seat,
        "hand": [str(t) for t in advice.hand],
        "method": "pimc",
        "worlds": advice.worlds,
        "seed": advice.seed,
        "elapsed": round(advice.elapsed, 6),
        "risk": advice.risk,
        **fields,
        "contract": None if advice.contract is None else {"declarer": advice.contract.declarer,
                                                          "bid": bid_name(advice.contract.bid)},
        "action": advice.action,
        "verdict": advice.verdict.to_json(),
        "bid": bid_name(advice.bid),
        "declaration": advice.declaration,
        "declarations": [
            {
                "declaration": d,
                "name": declaration_name(d),
                "mean": round(float(advice.means[i]), 6),
                "stderr": round(float(advice.stderr[i]), 6),
                "p_make": {bid_name(b): round(float(advice.p_make(b)[i]), 6) for b in bids},
                "histogram": advice.histogram(d).tolist(),
            }
            for i, d in enumerate(advice.declarations)
        ],
    }


def advice_line(advice: Any) -> str:
    """An advice's last line: the action (with the declaration a bid would name), then why."""
    then = ""
    if advice.contract is None and advice.bid:
        declaration = advice.declaration
        then = " (the partner names the declaration)" if declaration is None else f", then declare {declaration}"
    verdict = advice.verdict
    table = "" if verdict.p_table is None else f"; about {verdict.p_table:.0%} in play (calibrated)"
    return f"advice: {advice.action}{then}: {verdict.reason}{table}"


def makes_text(declaration: Any, bid: int, judged: float, solved: float, worlds: int, discount: int, units: str) -> str:
    """'fives makes 30 on 66% of 200 deals with 5 points off each double-dummy value (76% without)'."""
    text = f"{declaration_name(declaration)} makes {bid_name(bid)} on {judged:.0%} of {worlds} deals"
    return text + (f" with {discount} {units} off each double-dummy value ({solved:.0%} without)" if discount else "")


FIRST_BATCH: int = _core.decisions.bidding.FIRST_BATCH  # deals of the first batch under a time limit: it measures the pace


def next_batch(cap: int, time: float | None, started: float, done: int) -> int:
    """Deals to solve next, the time limit checked after each batch: ``cap`` without a limit; under
    one, a first batch of ``FIRST_BATCH``, then as many as half the time left allows at the pace so
    far (at least one): the batches shrink as the limit nears, so that a slow one overshoots it by
    little more than a deal's work. The core's (texas42/decisions.hpp), the WebAssembly module's too."""
    return _core.decisions.bidding.next_batch(cap, time, _time.perf_counter() - started, done)  # type: ignore[no-any-return]
