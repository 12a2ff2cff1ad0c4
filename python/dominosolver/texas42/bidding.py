"""Bidding advice: for one hand, what each declaration is worth over sampled deals.

The other tiles are dealt over the other three seats exactly uniformly (``sampling.py``); on every
deal the double-dummy points the declaring team takes are solved for each declaration (trump 0..6,
doubles, follow-me) with this seat leading trick 1, all in one batched C++ call. Per declaration
that gives a distribution of points, its mean, and P(make) for every bid. Declarations are compared
by these averages over all deals: the trump is fixed before averaging, never picked per deal (that
would assume the declarer sees every hand).

The recommended bid (``BidAdvice.bid``) is a bid of every trick when some declaration takes all 42
points often enough, else the cheapest legal point bid some declaration makes with probability at
least ``risk`` (default 1/2: the bid then gains more than it loses on average), with that
declaration; otherwise pass. Double dummy overrates the declarer (it plays as if it saw every
hand); ``discount`` takes that many points off each value when judging point bids, and
``mark_risk`` sets a separate threshold for bids of every trick (bench/README.md measures both). The recommended declaration for a contract already won is
``best_declaration(bid)``: the largest P(make), then the largest mean.
"""

from __future__ import annotations

import itertools
import time as _time
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from .. import _core
from ..arguments import (
    probability,
    seed_value,
    table_megabytes,
    thread_count,
    tile_sequence,
    time_limit,
    whole_number,
    world_count,
)
from ..errors import InvalidViewError, ParseError, shown
from ..tiles import Tile, bits_of, mask_of
from .game import Game
from .position import Position
from .rules import SEATS, Rules, Trump, bid_name, check_in_set, parse_bid, parse_seat, replay_auction
from .sampling import WorldSampler, new_seed
from .solve import declaration_name, solve_batch
from .view import PlayerView

__all__ = ["BID_LADDER", "PLAYING_THRESHOLDS", "BidAdvice", "advise_bid"]

BID_ADVICE_SCHEMA = "dominosolver.bidadvice/1"
_BATCH = 100  # deals solved between checks of the time limit and the stop flag

_STANDARD = Rules()
# Standard 42's bids up to the marks that win a game: 30..42, then 84, 126, ... (the core's ladder).
BID_LADDER = tuple(b for b in range(_STANDARD.mark * _STANDARD.target + 1) if _STANDARD.is_bid(b))
_P_MAKE_BIDS = tuple(b for b in BID_LADDER if b <= 2 * _STANDARD.mark)  # P(make) in JSON: to two marks
# Thresholds that played best in the arena (bench/README.md): double dummy overrates a declarer.
PLAYING_THRESHOLDS = {"risk": 0.75, "mark_risk": 0.85, "discount": 5}


@dataclass(frozen=True)
class BidAdvice:
    hand: tuple[Tile, ...]
    seat: int
    declarations: list[Trump]
    points: np.ndarray  # [declaration, world]: points the declaring team takes, double dummy
    legal_bids: list[int]  # bids this seat may make now (0 = pass when allowed)
    risk: float
    worlds: int
    seed: int
    elapsed: float
    discount: int = 0  # points taken off every double-dummy value when judging a bid
    mark_risk: float | None = None  # threshold for bids of every trick (a mark and up); None: risk
    partner_high: bool = False  # the partner holds the high bid of the auction
    rules: Rules = field(default_factory=Rules)

    @property
    def means(self) -> np.ndarray:
        return self.points.mean(axis=1)

    @property
    def stderr(self) -> np.ndarray:
        n = self.points.shape[1]
        return (
            self.points.std(axis=1, ddof=1) / np.sqrt(n)
            if n > 1
            else np.zeros(len(self.declarations))
        )

    def p_make(self, bid: int) -> np.ndarray:
        """Per declaration, the fraction of deals on which the declaring team makes ``bid``."""
        need = self.rules.points_needed(int(bid))
        return (self.points >= need).mean(axis=1)

    def best_declaration(self, bid: int | None = None) -> Trump:
        """By mean points; given a bid, by P(make) first (as the bid is judged), then mean points."""
        means = self.means
        if bid is None:
            return self.declarations[int(np.argmax(means))]
        p = self.p_bid(bid)
        return self.declarations[
            max(range(len(p)), key=lambda i: (round(float(p[i]), 12), float(means[i])))
        ]

    @property
    def declaration(self) -> Trump:
        """The declaration to name with the recommended bid (by mean when passing)."""
        bid = self.bid
        return self.best_declaration(bid if bid else None)

    def p_bid(self, bid: int) -> np.ndarray:
        """P(make) as the bid is judged: double-dummy points less ``discount`` for point bids
        (double dummy overrates the declarer, who in play cannot see the other hands)."""
        need = self.rules.points_needed(int(bid))
        if need >= self.rules.hand_points:  # a bid of every trick: no discount
            return (self.points >= need).mean(axis=1)
        return (self.points - self.discount >= need).mean(axis=1)

    @property
    def bid(self) -> int:
        """The recommended bid (0 = pass). A bid of every trick (42, 84, ...) when some declaration
        takes all 42 points with probability at least ``mark_risk`` (the highest such bid: it scores
        more marks); else the cheapest legal point bid some declaration makes with probability at
        least ``risk`` (every point bid scores one mark, so bidding higher only adds risk), unless
        the partner already holds the high bid."""
        bids = [b for b in self.legal_bids if b]
        mark_risk = self.risk if self.mark_risk is None else self.mark_risk
        mark = self.rules.mark
        marks = [b for b in bids if b >= mark and float(self.p_bid(b).max()) >= mark_risk]
        if marks:
            return max(marks)
        points = [b for b in bids if b < mark and float(self.p_bid(b).max()) >= self.risk]
        if points and not (self.partner_high and 0 in self.legal_bids):
            return min(points)
        if 0 in self.legal_bids or not bids:
            return 0
        return min(bids)  # forced to bid: the cheapest

    def histogram(self, declaration: Trump) -> np.ndarray:
        """Counts of deals by points taken (0..42) under one declaration."""
        row = self.points[self.declarations.index(declaration)]
        return np.bincount(row, minlength=self.rules.hand_points + 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": BID_ADVICE_SCHEMA,
            "game": "texas42",
            "seat": self.seat,
            "hand": [str(t) for t in self.hand],
            "method": "pimc",
            "worlds": self.worlds,
            "seed": self.seed,
            "elapsed": round(self.elapsed, 6),
            "risk": self.risk,
            "mark_risk": self.risk if self.mark_risk is None else self.mark_risk,
            "discount": self.discount,
            "bid": bid_name(self.bid),
            "declaration": self.declaration,
            "declarations": [
                {
                    "declaration": d,
                    "name": declaration_name(d),
                    "mean": round(float(self.means[i]), 6),
                    "stderr": round(float(self.stderr[i]), 6),
                    "p_make": {
                        bid_name(b): round(float(self.p_make(b)[i]), 6) for b in _P_MAKE_BIDS
                    },
                    "histogram": self.histogram(d).tolist(),
                }
                for i, d in enumerate(self.declarations)
            ],
        }

    def __str__(self) -> str:
        shown = range(self.rules.min_bid, self.rules.mark + 1, 2)  # every other point bid, and a mark
        lines = [
            f"{SEATS[self.seat]} holds {' '.join(str(t) for t in self.hand)}; {self.worlds} deals, seed {self.seed}",
            "declaration   mean  stderr  " + "  ".join(f"P{b}" for b in shown),
        ]
        for i, d in enumerate(self.declarations):
            ps = "  ".join(f"{float(self.p_make(b)[i]):.2f}" for b in shown)
            lines.append(
                f"{declaration_name(d):<12}{float(self.means[i]):6.2f} {float(self.stderr[i]):6.2f}   {ps}"
            )
        decl = declaration_name(self.declaration)
        lines.append(
            f"advice: {bid_name(self.bid)}"
            + (f", declare {decl}" if self.bid else f" (best declaration {decl})")
        )
        return "\n".join(lines)


def advise_bid(
    hand: Any,
    auction: list[tuple[int, int | str]] | tuple[tuple[int, int], ...] = (),
    seat: int | str = 0,
    samples: int = 500,
    seed: int | None = None,
    *,
    rules: Rules | None = None,
    risk: float = 0.5,
    mark_risk: float | None = None,
    discount: int = 0,
    threads: int | None = None,
    legal_bids: list[int] | None = None,
    tt_mb: int = 16,
    time: float | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> BidAdvice:
    """Advise a bid for ``hand`` (7 tiles, as a list or one string such as '66.65.64.62.55.33.10',
    a bidding-phase PlayerView, or a Game in its auction).

    ``auction`` lists earlier bids as (seat, bid), in turn from the dealer's left; it must replay
    under the rules with ``seat`` to bid next (or to declare, having won it), and its legal bids
    are the advice's (``legal_bids`` overrides). ``samples`` (2 to 1,000,000) deals are drawn from
    ``seed`` (a whole number from 0; chosen and reported when None) and solved for the 9
    declarations on ``threads``. ``risk`` and ``mark_risk`` are probabilities from 0 to 1.
    ``time`` (seconds from 0) or ``should_stop`` end the work early, between batches of deals (the
    advice then rests on the deals solved so far, at least one batch)."""
    start = _time.perf_counter()
    # Every argument is checked before any work (as hint does).
    samples = world_count(samples, low=2)
    seed = seed_value(seed)
    time = time_limit(time)
    risk = probability(risk, "risk")
    mark_risk = None if mark_risk is None else probability(mark_risk, "mark_risk")
    threads = thread_count(threads)
    tt_mb = table_megabytes(tt_mb)
    if legal_bids is not None:
        legal_bids = [parse_bid(b) for b in _pairs_or_list(legal_bids, "legal_bids")]
    to_move: int | None = None
    contract = None
    if isinstance(hand, Game):
        game = hand
        if game.phase not in ("bidding", "declaring"):
            raise InvalidViewError("bidding advice needs a game in its auction or declaration")
        legal_bids = (
            legal_bids
            if legal_bids is not None
            else [m.value for m in game.legal_moves if m.kind == "bid"]
        )
        hand = game.view(game.to_move)
    if isinstance(hand, PlayerView):
        view = hand
        if view.trump is not None or view.plays:
            raise InvalidViewError(
                "bidding advice needs a view of the auction or declaration: the trump is named"
            )
        seat, rules, auction = view.seat, view.rules, view.auction
        tiles = tuple(view.hand)
        to_move, contract = view.to_move, view.contract
        if legal_bids is None and view.legal_bids:
            legal_bids = list(view.legal_bids)
    else:
        seat = parse_seat(seat)
        rules = Rules.argument(rules) or Rules()
        tiles = tuple(sorted((Tile(t) for t in tile_sequence(hand, "hand")), reverse=True))
        auction = tuple(
            (parse_seat(s), parse_bid(b))
            for s, b in _pairs_or_list(auction, "auction", pairs=True)
        )
    discount = whole_number(discount, "discount", 0, rules.hand_points)
    if len(tiles) != rules.hand_size:
        raise InvalidViewError(f"a hand at the auction holds {rules.hand_size} tiles, not {len(tiles)}")
    try:
        mask = mask_of(tiles)
    except ParseError as e:
        raise InvalidViewError(str(e)) from None
    check_in_set(mask, rules, InvalidViewError)
    # The auction replays in the C++ game: bids in turn, each legal, and this seat to bid (or to
    # declare, having won it). Without bids nothing says who dealt, so any seat may open.
    replay = replay_auction(rules, [len(tiles)] * rules.seats, tuple(auction), contract, None, (), seat,
                            [t.id for t in tiles])
    if replay is not None:
        if replay.thrown_in:
            raise InvalidViewError(
                "the auction is over: every seat passed and the hand was thrown in"
            )
        to_move = replay.to_move
        if legal_bids is None and replay.phase == "bidding":
            legal_bids = list(replay.legal_bids)
    if to_move is not None and to_move != seat:
        doing = "declare" if replay is not None and replay.phase == "declaring" else "bid"
        raise InvalidViewError(f"{SEATS[seat]} is not to {doing}: {SEATS[to_move]} is")
    view = PlayerView.before_play(seat, rules, tiles, tuple(auction), to_move=seat)  # type: ignore[arg-type]
    if legal_bids is None:
        high = max((b for _, b in view.auction), default=0)
        legal_bids = [0] + [
            b for b in BID_LADDER if _core.texas42.bid_is_legal(rules._core, b, high)
        ]
    high_bidder = max(view.auction, key=lambda a: a[1], default=(None, 0))
    partner_high = high_bidder[1] > 0 and high_bidder[0] == rules.partner_of(seat)
    seed = new_seed() if seed is None else seed
    draws = WorldSampler(view).stream(seed)  # drawn a batch at a time: a stop saves the sampling too
    declarations = list(rules.table_declarations)
    done: list[np.ndarray] = []  # per batch of deals: points [declarations, deals]
    for first in range(0, samples, _BATCH):
        batch = list(itertools.islice(draws, min(_BATCH, samples - first)))
        positions = []
        hands = [[bits_of(m) for m in w] for w in batch]  # each deal's hands as tile ids
        for trump in declarations:
            for ids in hands:
                positions.append(
                    Position._wrap(
                        # The seat declares (a lowest bid): trick 1's leader is the contract's.
                        _core.texas42.Position(rules._core, str(trump), ids, None, [], (seat, rules.min_bid), None)
                    )
                )
        out = solve_batch(positions, threads=threads, moves=False, tt_mb=tt_mb)
        done.append(out.values.reshape(len(declarations), len(batch)).astype(np.int16))
        spent = _time.perf_counter() - start
        if (time is not None and spent >= time) or (should_stop is not None and should_stop()):
            break
    points = np.concatenate(done, axis=1)
    return BidAdvice(
        hand=tiles,
        seat=seat,
        declarations=declarations,
        points=points,
        legal_bids=sorted(legal_bids),
        risk=risk,
        worlds=points.shape[1],
        seed=seed,
        elapsed=_time.perf_counter() - start,
        discount=discount,
        mark_risk=mark_risk,
        partner_high=partner_high,
        rules=rules,
    )


def _pairs_or_list(value: Any, name: str, pairs: bool = False) -> list[Any]:
    """A list argument (auction: of (seat, bid) pairs), refused clearly when it is not one."""
    if not isinstance(value, (list, tuple)):
        raise ParseError(f"{name} must be a list, not {type(value).__name__}")
    if pairs and not all(isinstance(a, (list, tuple)) and len(a) == 2 for a in value):
        raise ParseError(f"{name} must be a list of (seat, bid) pairs, not {shown(list(value))}")
    return list(value)
