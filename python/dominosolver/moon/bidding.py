"""Bidding advice for Moon and Partnership Moon (docs/rules.md §4.1-4.2): for one hand, the tricks it
takes as the bidder under each declaration, over deals drawn exactly uniformly from its view.

Three-player Moon: the other two hands and the widow are drawn (the widow is out of play in the
view, ``sampling.py``); on each deal the seat names each declaration, takes the widow and lays away
its best tile for that deal (the core's ``discard_values``: 8 searches, the most tricks kept), then
leads, alone against the other two together. The discard is chosen per deal because the bidder sees
the widow before it discards; the declaration is not: it is named before the widow is seen, and is
judged by its averages over all deals. Under ``moon_widow = none`` the widow stays out of play,
unseen, and the seat plays the seven tiles it holds. Partnership Moon: the other three hands are drawn and the
seat's side takes its tricks, the seat leading.

Per declaration that gives a distribution of tricks, its mean, and P(make) for every bid (a bid of
21, shooting the moon, needs all 7). A made bid scores the bid and a set one loses it, while each
opponent scores the tricks it takes whatever happens (§4.1-4.2). So against its opponents a bid of
``b`` made with probability ``p`` is worth ``b (2p - 1)`` less what an opponent takes on average (the
other side's tricks; in three-player Moon half of them, each opponent scoring its own), and a pass,
which may see the hand thrown in, nothing (under Fosdick's preset a made bid scores the tricks taken,
at least ``b``: this is its floor). The advice (``MoonBidAdvice.bid``) is the legal bid of the largest
such worth among those some declaration makes with probability at least ``risk``, with that
declaration, when it is worth more than nothing; else a pass (or, where passing is not allowed, the
least bid). Over a partner's high bid (Partnership Moon) it passes, as 42's advice does. As there,
``discount`` tricks come off each double-dummy value when bids are judged.
"""

from __future__ import annotations

import time as _time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from .. import _core
from ..plain import PlainArrays
from ..texas42.bid_advice_json import (
    DeclarationValues,
    Verdict,
    advice_line,
    bid_advice_json,
    makes_text,
)
from ..texas42.bidding import bid_ladder as moon_ladder
from ..texas42.decisions import on_solvers, score_worlds
from ..texas42.position import Position
from ..texas42.rules import Contract, Rules, Trump, bid_name
from ..texas42.sampling import World, out_of_play
from ..texas42.solve import declaration_name, solve_batch
from ..texas42.view import PlayerView
from ..tiles import Tile, bits_of

__all__ = ["MoonBidAdvice", "advise_moon_bid", "moon_ladder"]

_BATCH: int = _core.decisions.bidding.MOON_BATCH  # deals solved between checks of the time limit and the stop flag


@dataclass(frozen=True, repr=False, eq=False)
class MoonBidAdvice(PlainArrays, DeclarationValues):
    """What a Moon hand is worth as the bidder, per declaration, over sampled deals."""

    hand: tuple[Tile, ...]
    seat: int
    rules: Rules
    declarations: list[Trump]
    tricks: np.ndarray  # [declaration, deal]: tricks the bidder (its side) takes, after its best discard in Moon
    legal_bids: list[int]  # bids the seat may make now (0 = pass when allowed)
    risk: float
    worlds: int
    seed: int
    elapsed: float = field(compare=False)  # timing: not part of equality
    partner_high: bool = False  # the partner holds the high bid of the auction (Partnership Moon)
    discount: int = 0  # tricks taken off every double-dummy value when judging a bid
    contract: Contract | None = None  # the contract the seat won: declaring

    _arrays: ClassVar[dict[str, Any]] = {"tricks": np.int16}

    def _array_shape(self, name: str) -> tuple[int, ...] | None:
        return (len(self.declarations), 0)

    @property
    def values(self) -> np.ndarray:
        return self.tricks

    def _advice(self) -> Any:
        """The core's advice over these tricks (texas42/moon_advice.hpp: the WebAssembly module's advice
        decides by it too)."""
        return _core.decisions.bidding.MoonAdvice(self.rules._core, self.tricks, [int(b) for b in self.legal_bids],
                                                  self.risk, self.discount, self.partner_high)

    def p_bid(self, bid: int) -> np.ndarray:
        """P(make) as the bid is judged: double-dummy tricks less ``discount`` (double dummy
        overrates the bidder, who in play cannot see the other hands)."""
        return np.array(self._advice().p_bid(int(bid)))

    def worth(self, bid: int) -> np.ndarray:
        """Per declaration, what ``bid`` scores the bidder (made +bid, set -bid) less what an opponent
        scores, on average, as the bid is judged: the other side's tricks, shared by Moon's two opponents."""
        return np.array(self._advice().worth(int(bid)))

    def best_declaration(self, bid: int | None = None) -> Trump:
        """By mean tricks; given a bid, by P(make) first, then mean tricks."""
        return self.declarations[self._advice().best_declaration(None if bid is None else int(bid))]

    @property
    def bid(self) -> int:
        """The recommended bid (0 = pass): of the legal bids some declaration makes with probability
        at least ``risk``, the one worth most on average, if worth more than nothing (and the partner
        does not hold the high bid); else a pass, or the least bid when the seat may not pass."""
        return self._advice().bid  # type: ignore[no-any-return]

    @property
    def declaration(self) -> Trump:
        """The declaration to name with the recommended bid (by mean tricks when passing)."""
        return self.best_declaration(self.bid or None)

    @property
    def action(self) -> str:
        """The advised move in the words a game takes: a legal bid ('5', 'pass'), or, the contract
        won, the declaration to name ('declare 6')."""
        if self.contract is not None:
            return f"declare {self.best_declaration(self.contract.bid)}"
        return bid_name(self.bid)

    def _makes(self, trump: Trump, bid: int) -> tuple[float, str]:
        """P(make) of ``bid`` under ``trump`` as judged, and the words that say it."""
        i = self.declarations.index(trump)
        p = float(self.p_bid(bid)[i])
        return p, makes_text(trump, bid, p, float(self.p_make(bid)[i]), self.worlds, self.discount, "tricks")

    @property
    def verdict(self) -> Verdict:
        """The action's P(make), the threshold it had to reach and why (the core's case, worded here)."""
        case = _core.decisions.bidding.MoonAdvice.Case
        why, bid, d, p, threshold = self._advice().verdict(None if self.contract is None else int(self.contract.bid))
        n = self.worlds
        if why == case.no_bid:
            return Verdict(None, None, "no bid is legal over the high bid", n)
        if why == case.partner_high:
            return Verdict(None, None, "the partner holds the high bid", n)
        says = self._makes(self.declarations[d], bid)[1]
        reason = {
            case.declaring: f"{says}, the most of the declarations",
            case.least_bid: f"the bidder may not pass, so the least bid: {says}",
            case.worth_most: f"{says}; a bid needs {self.risk:.0%}, and this one is worth the most: "
                             f"{float(self.worth(bid).max()):+.2f} points against an opponent",
            case.not_worth: f"no bid is worth more than a pass against the opponents ({says})",
            case.below_risk: f"a bid needs {self.risk:.0%}; the best: {says}",
        }[why]
        return Verdict(p, threshold, reason, n)

    def to_json(self) -> dict[str, Any]:
        return bid_advice_json(self, moon_ladder(self.rules), discount=self.discount, units="tricks")

    def __str__(self) -> str:
        ladder = moon_ladder(self.rules)
        names = self.rules.seat_names
        lines = [
            f"{names[self.seat]} holds {' '.join(str(t) for t in self.hand)}; {self.worlds} deals, seed {self.seed}; "
            "tricks as the bidder" + (" after its best discard" if self.rules.undealt else ""),
            "declaration   mean  stderr  " + "  ".join(f"P{b:<3}" for b in ladder),
        ]
        for i, d in enumerate(self.declarations):
            ps = "  ".join(f"{float(self.p_make(b)[i]):.2f}" for b in ladder)
            lines.append(f"{declaration_name(d):<12}{float(self.means[i]):6.2f} {float(self.stderr[i]):6.2f}   {ps}")
        lines.append(advice_line(self))
        return "\n".join(lines)


def advise_moon_bid(
    view: PlayerView, legal_bids: list[int], contract: Contract | None, *, samples: int, seed: int, risk: float, discount: int, threads: int,
    tt_mb: int,
    time: float | None, should_stop: Callable[[], bool] | None, on_progress: Callable[[int, int], None] | None,
    started: float,
) -> MoonBidAdvice:
    """The advice for the seat of ``view`` (before the first lead, its hand full; arguments checked
    by ``advise_bid``, which calls this for the Moon family)."""
    rules, seat = view.rules, view.seat
    high_bidder = max(view.auction, key=lambda a: a[1], default=(None, 0))
    partner_high = high_bidder[1] > 0 and high_bidder[0] == rules.partner_of(seat)
    declarations = list(rules.declarations)
    solvers = [_core.texas42.Solver(tt_mb) for _ in range(threads)]
    bid = rules.min_bid  # the tricks taken do not depend on the bid

    def best_discards(solver: Any, world: World) -> list[int]:
        """Per declaration, the bidder's tricks after the best discard of the widow on this deal."""
        widow = out_of_play(view, world)
        return [max(tricks for _, tricks in _core.texas42.discard_values(
                    solver, rules._core, str(trump), list(world), widow, seat, bid)[0])
                for trump in declarations]

    def score(batch: list[World]) -> tuple[np.ndarray]:
        """The bidder's side's tricks [declaration, deal]."""
        if rules.takes_widow:
            return (np.array(on_solvers(solvers, batch, best_discards), dtype=np.int16).T,)
        # Partnership Moon, or Moon's widow left out of play: the seat names and leads, its side's tricks
        positions = [Position._wrap(_core.texas42.Position(rules._core, str(trump), [bits_of(m) for m in world],
                                                           None, [], (seat, bid), None))
                     for trump in declarations for world in batch]
        values = solve_batch(positions, threads=threads, tt_mb=tt_mb).values.reshape(len(declarations), len(batch))
        leads_ours = [p.side_of(p.to_move) == p.side_of(seat) for p in positions[::len(batch)]]
        return (np.where(np.array(leads_ours)[:, None], values, rules.hand_tricks - values).astype(np.int16),)

    (tricks,) = score_worlds(view, seed, samples, score, cap=_BATCH, time=time, started=started,
                             should_stop=should_stop, on_progress=on_progress)
    return MoonBidAdvice(
        hand=tuple(view.hand), seat=seat, rules=rules, declarations=declarations, tricks=tricks,
        legal_bids=sorted(legal_bids), risk=risk, worlds=tricks.shape[1], seed=seed,
        elapsed=_time.perf_counter() - started, partner_high=partner_high, discount=discount, contract=contract,
    )
