"""The ``dominosolver.bidadvice/1`` object both bid advisors write (42's ``bidding.py``, Moon's
``moon_bidding.py``): who was advised, on which worlds, and per declaration its mean, standard error,
chance of making each bid and histogram; each advisor adds its own fields."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .rules import bid_name
from .solve import declaration_name

__all__ = ["BID_ADVICE_SCHEMA", "bid_advice_json"]

BID_ADVICE_SCHEMA = "dominosolver.bidadvice/1"


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
