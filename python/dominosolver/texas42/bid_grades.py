"""Grades of a 42 hand's auction and declaration: each call, and the declaration named, against the
best by the bid adviser's figures, in expected marks.

A call is graded on the caller's view at that moment (the hand and the calls before it): the adviser
(``advise_bid``, its defaults and the question's seed) gives each legal call's chance of being made
in play (``BidAdvice.p_table``: the calibrated double-dummy P(make) under the declaration the
adviser would name for it), and the call's expected marks are its stake (``game_odds.stake``, the
core's: a point bid stakes a mark, a bid of k marks k) times (2 q - 1); a pass is worth 0 (what the other side then makes is not counted). The best
call is the one of most expected marks, and a call's cost is what it gives up against it. The
declaration is graded the same way at the contract won, ties going to the adviser's order, on the
advice a player asking then gets (its question's own seed): the winning call's advice would give the
same figures only at that call's seed, other deals, so the review would disagree with the live advice. The
adviser's own action (``advised``) may differ from the best: it bids only at its thresholds, a
margin over the expectation that its arena measured to pay, and orders declarations by P(make)
less its discount, where the calibration reads P(make) as solved.
Special bids and contracts of their own (Plunge, Splash, Nel-O, Sevens) are not calibrated: their
calls are left ungraded (cost None).
"""

from __future__ import annotations

from typing import Any

from ..errors import ParseError
from ..tiles import Tile
from .bidding import BidAdvice, advise_bid
from .game_odds import stake
from .rules import ORDINARY, Bid, Rules, bid_name, parse_bid, parse_trump

__all__ = ["AUCTION_GRADES", "GRADE_SAMPLES", "grade_auction"]

AUCTION_GRADES = "dominosolver.auctiongrades/1"
GRADE_SAMPLES = 100  # deals each call is advised on: a hand's grades in about 2 s of CPU (5 advices in a 4-call hand)


def _expected(advice: BidAdvice, bid: Bid, trump: Any = None) -> float | None:
    """Expected marks of ``bid`` by the advice's figures under ``trump`` (None: the declaration the
    adviser would name); None for what is not calibrated (a special bid, a contract of its own)."""
    if not bid:
        return 0.0
    q = advice.p_table(advice.best_declaration(bid) if trump is None else trump, bid)
    return None if q is None else stake(advice.rules, bid) * (2 * q - 1)


def _grade(choice: str, options: dict[str, float | None], advised: str, extra: dict[str, Any]) -> dict[str, Any]:
    """``options``' best (the first of the most expected marks: they come in the adviser's order)."""
    known = {k: v for k, v in options.items() if v is not None}
    best = max(known, key=lambda k: (known[k], -list(known).index(k)))
    mine = options.get(choice)
    return {**extra, "choice": choice, "advised": advised, "best": best,
            "expected": None if mine is None else round(mine, 4), "best_expected": round(known[best], 4),
            "cost": None if mine is None else round(known[best] - mine, 4)}


def grade_auction(hand: dict[str, Any], rules: Any = None, *, samples: int = GRADE_SAMPLES,
                  threads: int | None = None) -> dict[str, Any]:
    """The grades of a played hand of ``play --json`` (``deal``, ``dealer``, ``bids``, ``contract``,
    ``trump``): ``calls`` (each seat's call in order) and ``declaration`` (None when thrown in)."""
    if not isinstance(hand, dict) or not {"deal", "dealer", "bids"} <= hand.keys():
        raise ParseError("grading an auction needs a played hand with its 'deal', 'dealer' and 'bids'")
    table = Rules.of_record(hand, rules)
    if table.scoring != "marks":  # 42's marks game: every other member scores points
        raise ParseError(f"calls are graded in 42's marks (calibrated there), not in {table.title}'s "
                         f"{table.scoring}")
    deal = [tuple(Tile(t) for t in h) for h in hand["deal"]]
    auction: list[tuple[int, Bid]] = []
    calls = []
    for k, text in enumerate(hand["bids"]):
        seat = table.seat_after(hand["dealer"], k + 1)
        call = parse_bid(text)
        advice = advise_bid(deal[seat], list(auction), seat=seat, rules=table, samples=samples, threads=threads)
        options = {bid_name(b): _expected(advice, b) for b in advice.legal_bids}
        calls.append(_grade(bid_name(call), options, advice.action, {"seat": seat}))
        auction.append((seat, call))
    declaration = None
    contract, trump = hand.get("contract"), hand.get("trump")
    if contract is not None and trump is not None:
        declarer, bid = contract["declarer"], parse_bid(contract["bid"])
        advice = advise_bid(deal[declarer], list(auction), seat=declarer, rules=table, samples=samples, threads=threads)
        if getattr(bid, "kind", ORDINARY) == ORDINARY:
            p, means = advice.p_bid(bid), advice.means
            order = sorted(advice.declarations, key=lambda d: (-p[advice.declarations.index(d)],
                                                               -means[advice.declarations.index(d)]))
            options = {f"declare {d}": _expected(advice, bid, d) for d in order}  # in the words a move takes
            named = f"declare {parse_trump(trump)}"
            options.setdefault(named, None)  # a contract of its own: not calibrated
            declaration = _grade(named, options, advice.action, {"seat": declarer, "bid": bid_name(bid)})
    return {"schema": AUCTION_GRADES, "game": table.family, "samples": samples, "calls": calls,
            "declaration": declaration}
