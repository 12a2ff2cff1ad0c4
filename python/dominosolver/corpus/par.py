"""The par result of a deal with every hand known (docs/corpus.md, "Par"): the one-round auction of
docs/rules.md §2.2 played out by seats that all see every hand and know the deal's double-dummy
tables, each seat calling to make its side's marks as high as it can (the other side's as low),
every contract then played double dummy. The legal calls are the core's (``_core.texas42.Auction``,
special bids offered only to the hands that may make them); a contract is made as the tables say:

- a point bid when the declarer's best declaration takes the points it needs (``dd``);
- a mark bid when one of the declarer's declarations takes every trick (``dd`` = all the points), or
  the declarer makes one of the contracts of its own the rules offer on it (Nel-O, Sevens: ``makes``);
- a Plunge or Splash when the partner's best declaration takes every trick (``every_trick``).

Made, the declaring side scores the bid's marks; set, the other side does; all passing throws the
hand in (0). Among calls of equal worth a seat passes, else makes the lowest such bid, so the par
contract is the cheapest one that reaches the result. A side's ``reach`` is the best its two seats
can do alone (the other side passing throughout): the most marks, then the highest bid, made."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _core
from ..errors import ParseError, shown
from ..texas42.rules import Rules
from ..texas42.solve import declaration_name

__all__ = ["SIDES", "Par", "ParOutcome", "par_of"]

SIDES = ("NS", "EW")
PASS = 0


@dataclass(frozen=True)
class ParOutcome:
    """A contract the auction ends with (``declarer`` -1 and ``bid`` 0: all passed, thrown in)."""

    declarer: int
    bid: int
    kind: str  # "ordinary", "plunge", "splash" ("" thrown in)
    declaration: str  # what makes it (a table declaration, or a contract of its own); "" when set or thrown in
    made: bool
    marks: int  # marks the contract is worth (0 thrown in)
    side: int = 0  # the declarer's side (Rules.side_of: 0 NS, 1 EW)

    @property
    def ns_marks(self) -> int:
        """Marks NS scores, less those EW scores."""
        if self.declarer < 0:
            return 0
        sign = 1 if self.made == (self.side == 0) else -1
        return sign * self.marks


@dataclass(frozen=True)
class Par:
    par: ParOutcome
    reach: tuple[ParOutcome, ParOutcome]  # NS's, EW's


class _Tables:
    """What decides whether a contract is made: the deal's tables as arrays."""

    def __init__(self, rules: Rules, dd: np.ndarray, every_trick: np.ndarray, contracts: list[str],
                 makes: np.ndarray) -> None:
        self.rules = rules
        self.names = [str(declaration_name(d)) for d in rules.table_declarations]
        self.dd, self.every_trick, self.contracts, self.makes = dd, every_trick, contracts, makes
        self.nello_on_points = rules.to_json().get("nello_min") == "any_bid"
        self.mark = rules.mark
        self.all_points = rules.hand_points
        self.memo: dict[tuple[int, int, str], ParOutcome] = {}

    def outcome(self, declarer: int, bid: int, kind: str) -> ParOutcome:
        key = (declarer, bid, kind)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._outcome(declarer, bid, kind)
        return found

    def _outcome(self, declarer: int, bid: int, kind: str) -> ParOutcome:
        marks = 1 if bid < self.mark else bid // self.mark
        col = self.dd[:, declarer]
        how = ""
        if kind in ("plunge", "splash"):
            rows = np.flatnonzero(self.every_trick[:, declarer])
            how = self.names[rows[0]] if len(rows) else ""
        elif kind == "ordinary":
            need = self.rules.points_needed(bid)
            best = int(np.argmax(col))
            if col[best] >= need:
                how = self.names[best]
            elif bid >= self.mark or self.nello_on_points:
                own = [c for c, row in zip(self.contracts, self.makes) if row[declarer]
                       and (bid >= self.mark or c.startswith("nello"))]
                how = own[0] if own else ""
        else:
            raise ParseError(f"par knows no bid of kind {shown(kind)}")
        return ParOutcome(declarer, bid, kind, how, bool(how), marks, self.rules.side_of(declarer))


def par_of(rules: Rules, hands: list[list[int]] | tuple[tuple[int, ...], ...], dealer: int, dd: np.ndarray,
           every_trick: np.ndarray, contracts: list[str], makes: np.ndarray) -> Par:
    """The par result and each side's reach (module doc) of a deal: its hands (tile ids a seat), its
    dealer, its double-dummy table ``dd`` and special-contract arrays (rows: ``rules.table_declarations``,
    then ``contracts``; columns: seats)."""
    if rules.scoring != "marks":  # 42's marks game: every other member scores points
        raise ParseError(f"par is defined for Texas 42 scored in marks, not {rules.title} scored in {rules.scoring}")
    tables = _Tables(rules, np.asarray(dd), np.asarray(every_trick, dtype=bool), list(contracts),
                     np.asarray(makes, dtype=bool).reshape(len(contracts), rules.seats))
    order = [rules.seat_after(dealer, k + 1) for k in range(rules.seats)]  # left of the dealer first
    hand_lists = [list(h) for h in hands]
    search = _Search(rules, dealer, order, hand_lists, tables)
    ns = search.run(lambda o: o.ns_marks, everyone=True)
    reach = tuple(search.run(lambda o, s=side: _side_worth(o, s), side=side) for side in (0, 1))
    return Par(ns, reach)  # type: ignore[arg-type]


def _side_worth(o: ParOutcome, side: int) -> tuple[int, int]:
    """How good a final contract is for ``side`` playing alone: its marks, then its bid (made); a
    contract set, the reverse; thrown in, nothing."""
    if o.declarer < 0:
        return (0, 0)
    return (o.marks, o.bid) if o.made else (-o.marks, -o.bid)


_NONE = ParOutcome(-1, 0, "", "", False, 0)
_DOUBLE_IDS = frozenset(h * (h + 1) // 2 + h for h in range(7))  # tile ids of 0-0 ... 6-6
_LEGAL: dict[tuple[Any, ...], list[Any]] = {}  # (rules, turn, high bid, its kind, doubles held) -> legal calls
_LEGAL_MOST = 100_000


class _Search:
    """Backward induction over the auction: state = calls made so far and the high bid (its call's
    place, value and kind); the legal calls of a state are the core's, replayed."""

    def __init__(self, rules: Rules, dealer: int, order: list[int], hands: list[list[int]], tables: _Tables) -> None:
        self.rules, self.dealer, self.order, self.hands, self.tables = rules, dealer, order, hands, tables
        self.rules_key = json.dumps(rules.to_json(), sort_keys=True)

    def legal(self, path: tuple[Any, ...], high: tuple[int, Any] | None) -> list[Any]:
        """The calls legal after ``path`` (the calls so far). They depend on the rules, the turn, the
        high bid and the doubles the seat to call holds (the special bids it may make), and nothing
        else of the deal: the core's answer is kept for every deal with the same (``_LEGAL``)."""
        k = len(path)
        seat_hand = self.hands[self.order[k]]
        key = (self.rules_key, k, 0 if high is None else high[1].value, "" if high is None else high[1].kind,
               sum(1 for t in seat_hand if t in _DOUBLE_IDS))
        found = _LEGAL.get(key)
        if found is None:
            auction = _core.texas42.Auction(self.rules._core, self.dealer)
            for j, call in enumerate(path):
                auction.call(call, self.hands[self.order[j]])
            found = list(auction.legal(seat_hand))
            if len(_LEGAL) < _LEGAL_MOST:
                _LEGAL[key] = found
        return found

    def run(self, worth: Callable[[ParOutcome], Any], everyone: bool = False, side: int = 0) -> ParOutcome:
        memo: dict[tuple[int, Any], tuple[Any, ParOutcome]] = {}
        seats = len(self.order)

        def final(high: tuple[int, Any] | None) -> ParOutcome:
            if high is None:
                return _NONE
            return self.tables.outcome(self.order[high[0]], high[1].value, high[1].kind)

        def value(path: tuple[Any, ...], high: tuple[int, Any] | None) -> tuple[Any, ParOutcome]:
            k = len(path)
            if k == seats:
                o = final(high)
                return worth(o), o
            key = (k, None if high is None else (high[0], high[1].value, high[1].kind))
            if key in memo:
                return memo[key]
            seat = self.order[k]
            mine = self.rules.side_of(seat) == side
            calls = self.legal(path, high)
            best = None
            if any(b.value == PASS for b in calls):  # pass first (the dealer forced to bid may not)
                best = value(path + (PASS,), high)
            if everyone or mine or best is None:
                maximise = (self.rules.side_of(seat) == 0) if everyone else mine
                for bid in calls:
                    if bid.value == PASS:
                        continue
                    v = value(path + (bid,), (k, bid))
                    if best is None or ((v[0] > best[0]) if maximise else (v[0] < best[0])):
                        best = v
            assert best is not None
            memo[key] = best
            return best

        return value((), None)[1]
