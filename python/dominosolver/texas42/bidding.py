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
``mark_risk`` sets a separate threshold for bids of every trick (bench/studies/README.md measures both). The recommended declaration for a contract already won is
``best_declaration(bid)``: the largest P(make), then the largest mean.

Special bids (docs/rules.md §3.4-3.5, under ``specials = all``) the hand may make now (the core
offers them: a Plunge with four doubles, a Splash with three) are judged on the same deals: the
partner names the declaration and leads, and the contract makes on a deal when some declaration
the partner may name takes every trick (``SpecialAdvice``: the partner's best declaration per deal,
double dummy). Such a bid is recommended when the P(make) of the best single declaration
(``SpecialAdvice.p_named``: the per-deal best assumes a partner who sees every hand) reaches
``special_threshold`` (below), which grows with what an ordinary bid would gain instead.

Declarations that set a contract of their own in tricks (Nel-O in each doubles mode the rules allow,
Sevens: §3.3, §3.6, under ``specials = all``) are judged the same way, as the seat's own: declared
by it on its least legal mark bid (or on the contract it won, when declaring) and led by it, on the
same deals (``SpecialAdvice.declared``); the advice bids the mark and names it when its P(make)
reaches the same threshold.
"""

from __future__ import annotations

import time as _time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

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
from ..errors import InvalidPositionError, InvalidViewError, ParseError, json_type, shown
from ..plain import PlainArrays
from ..tiles import Tile, bits_of, mask_of
from .advice_defaults import ADVICE_DEFAULTS
from .bid_advice_json import DeclarationValues, Verdict, advice_line, bid_advice_json, makes_text
from .deciders import deciders_of
from .decisions import score_worlds
from .game import Game
from .game_odds import parse_score
from .position import Position
from .rules import (
    DEFAULT_FAMILY,
    ORDINARY,
    Bid,
    Contract,
    Rules,
    Trump,
    bid_name,
    check_in_set,
    parse_bid,
    parse_seat,
    replay_auction,
)
from .sampling import World
from .solve import declaration_name, solve_batch
from .view import PlayerView

__all__ = ["BID_LADDER", "BID_SAMPLES", "PLAYING_THRESHOLDS", "BidAdvice", "SpecialAdvice", "advise_bid", "bid_ladder",
           "bid_samples", "ordinary_call", "playing_thresholds", "question_seed", "special_threshold"]

_BATCH: int = _core.decisions.bidding.BATCH  # deals solved between checks of the time limit and the stop flag (decisions.hpp)

_STANDARD = Rules()
# Standard 42's bids up to the marks that win a game: 30..42, then 84, 126, ... (the core's ladder).
BID_LADDER = tuple(_STANDARD._core.bid_ladder())
_P_MAKE_BIDS = tuple(b for b in BID_LADDER if b <= 2 * _STANDARD.mark)  # P(make) in JSON: to two marks
# Standard 42's defaults (advice_defaults.py: the core's table, a row per member): a point bid judged
# on its points less 5 needs 75%, a bid of every trick 85%; 200 deals.
PLAYING_THRESHOLDS = {k: ADVICE_DEFAULTS[DEFAULT_FAMILY][k] for k in ("risk", "mark_risk", "discount")}
BID_SAMPLES = ADVICE_DEFAULTS[DEFAULT_FAMILY]["bid_samples"]


def bid_samples(rules: Rules) -> int:
    """The deals an advice under ``rules`` draws when the caller names none (its member's row)."""
    return ADVICE_DEFAULTS[rules.family]["bid_samples"]


def playing_thresholds(rules: Rules) -> dict[str, Any]:
    """``risk``, ``mark_risk`` and ``discount`` (in the family's units: points, Moon's tricks) the
    advice applies when the caller names none (its member's row; ``mark_risk`` None: ``risk``)."""
    return {k: ADVICE_DEFAULTS[rules.family][k] for k in ("risk", "mark_risk", "discount")}


def question_seed(rules: Rules, seat: int, hand: tuple[Tile, ...], auction: tuple[tuple[int, Any], ...],
                  contract: Contract | None) -> int:
    """The seed of an advice when the caller names none: a function of the question (rules, seat,
    hand, auction, contract), so that one hand gets the same figures from every front end and on
    every asking: the first 4 bytes of the SHA-256 of the question's JSON. The core's
    (texas42/decisions.hpp), which the WebAssembly module's advice calls too."""
    return _core.decisions.bidding.question_seed(  # type: ignore[no-any-return]
        rules._core, seat, [t.id for t in hand], [(s, _bid_pair(b)) for s, b in auction],
        None if contract is None else (contract.declarer, _bid_pair(contract.bid)))


def _bid_pair(bid: Any) -> tuple[int, str]:
    """A call as the core's bindings take one: its number and its kind."""
    return int(bid), getattr(bid, "kind", ORDINARY)


def ordinary_call(rules: Rules, legal_bids: list[Any], partner_high: bool, discount: int, risk: float,
                  mark_risk: float, makes: Callable[[int, float], bool]) -> Bid:
    """The adviser's ordinary call, ``makes(level, risk)`` telling whether some declaration takes
    ``level`` points on at least ``risk`` of the deals: a bid of every trick (the most marks legal)
    when every trick is made at ``mark_risk``; else the least point bid when its points plus
    ``discount`` are made at ``risk``, unless the partner holds the high bid; else a pass, or the
    least bid when the seat may not pass. P(make) falls as the bid rises, so the least bid is the
    one to ask about. The Big Game scores the points taken whatever the bid (docs/rules.md §4.3): a
    bid of all 66 scores no more than any other, so it has no bids of every trick here. The core's
    (texas42/decisions.hpp), which the WebAssembly module's advice calls too."""
    return Bid(_core.decisions.bidding.ordinary_call(rules._core, [_bid_pair(b) for b in legal_bids], partner_high,
                                                     discount, risk, mark_risk, makes))


@dataclass(frozen=True, repr=False, eq=False)
class SpecialAdvice(PlainArrays):
    """A special bid on the advice's deals: whether it makes on each, the partner naming its best
    declaration for that deal (double dummy: as if the partner saw every hand)."""

    bid: Bid  # the least of its kind the seat may bid now (a declared contract: its mark bid)
    declarations: list[Trump]  # what the partner may name (a declared contract: itself)
    makes: np.ndarray  # [declaration, deal]: the declaring side makes the contract
    declared: Trump | None = None  # a contract the seat declares itself (Nel-O, Sevens), or None

    _arrays: ClassVar[dict[str, Any]] = {"makes": bool}

    def _array_shape(self, name: str) -> tuple[int, ...] | None:
        return (len(self.declarations), 0)

    @property
    def makes_best(self) -> np.ndarray:
        """Per deal: some declaration makes."""
        return self.makes.any(axis=0)

    def _odds(self) -> tuple[float, float, float, list[float]]:
        """The core's figures (texas42/decisions.hpp's SpecialOdds, the WebAssembly module's too):
        P(make), its standard error, the best single declaration's, and each declaration's."""
        return _core.decisions.bidding.special_odds(self.makes)  # type: ignore[no-any-return]

    @property
    def p_make(self) -> float:
        """The deals on which some declaration makes (the partner naming per deal)."""
        return self._odds()[0]

    @property
    def stderr(self) -> float:
        """P(make)'s standard error over the deals: sqrt(p (1 - p) / (n - 1))."""
        return self._odds()[1]

    @property
    def p_named(self) -> float:
        """P(make) of the best single declaration, named before the deal is known (the way an
        ordinary bid's trump is judged): what a bid is judged by, as the partner cannot name per
        deal what it cannot see (bench/studies/README.md, Arena: the two compared)."""
        return self._odds()[2]

    def to_json(self) -> dict[str, Any]:
        return {
            "bid": bid_name(self.bid),
            "kind": self.bid.kind,
            "p_make": round(self.p_make, 6),
            "p_make_stderr": round(self.stderr, 6),
            "p_make_named": round(self.p_named, 6),
            **({"declared": self.declared} if self.declared is not None else {}),
            "declarations": {  # per declaration the partner may name, the deals on which it makes
                declaration_name(d): round(share, 6) for d, share in zip(self.declarations, self._odds()[3])
            },
        }


def special_threshold(marks: int, ordinary_gain: float = 0.0, floor: float = 0.5) -> float:
    """The P(make) a special bid of ``marks`` marks needs: bid it when its expected marks beat the
    alternative's. Made it scores ``marks`` for the side, set it scores them for the opponents:
    marks * (2p - 1) on average; the alternative (the advice's ordinary bid, or a pass) gains
    ``ordinary_gain`` marks on average (at least 0: a pass). So p > 1/2 + max(0, gain) / (2 marks),
    and never below ``floor`` (a risk threshold: double dummy overrates the declaring side). The
    core's (cpp/include/dominosolver/texas42/decisions.hpp), which the WebAssembly module's advice reads too."""
    return _core.decisions.bidding.special_threshold(marks, ordinary_gain, floor)


@dataclass(frozen=True, repr=False, eq=False)
class BidAdvice(PlainArrays, DeclarationValues):
    hand: tuple[Tile, ...]
    seat: int
    declarations: list[Trump]
    points: np.ndarray  # [declaration, world]: points the declaring team takes, double dummy
    legal_bids: list[int]  # bids this seat may make now (0 = pass when allowed)
    risk: float
    worlds: int
    seed: int
    elapsed: float = field(compare=False)  # timing: not part of equality
    discount: int = 0  # points taken off every double-dummy value when judging a bid
    mark_risk: float | None = None  # threshold for bids of every trick (a mark and up); None: risk
    partner_high: bool = False  # the partner holds the high bid of the auction
    rules: Rules = field(default_factory=Rules)
    specials: tuple[SpecialAdvice, ...] = ()  # the special bids the seat may make now, on the same deals
    declared: tuple[SpecialAdvice, ...] = ()  # the contracts in tricks it may declare itself (Nel-O, Sevens)
    contract: Contract | None = None  # the contract the seat won (or its partner's Plunge): declaring
    score: tuple[int, int] | None = None  # the game's marks, the seat's side first: calls by the game's odds

    _arrays: ClassVar[dict[str, Any]] = {"points": np.int16}

    def _array_shape(self, name: str) -> tuple[int, ...] | None:
        return (len(self.declarations), 0)

    @property
    def values(self) -> np.ndarray:
        return self.points

    @cached_property
    def _advice(self) -> Any:
        """The core's advice over these deals (texas42/bid_advice.hpp: the WebAssembly module's 42
        advice decides by it too), made once (a pickled advice leaves it out)."""
        def specials(of: tuple[SpecialAdvice, ...]) -> list[tuple[tuple[int, str], np.ndarray]]:
            return [(_bid_pair(s.bid), s.makes) for s in of]
        mark_risk = self.risk if self.mark_risk is None else self.mark_risk
        return _core.decisions.bidding.BidAdvice(
            self.rules._core, self.points, [_bid_pair(b) for b in self.legal_bids], self.risk, mark_risk, self.discount,
            self.partner_high, specials(self.specials), specials(self.declared),
            None if self.contract is None else _bid_pair(self.contract.bid), self.score)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_advice"}

    def _declaration_of(self, index: int) -> Trump:
        """The core's numbering: a table declaration's index, then the seat's own contracts'."""
        n = len(self.declarations)
        return self.declarations[index] if index < n else self.declared[index - n].declared  # type: ignore[return-value]

    def best_declaration(self, bid: int | None = None) -> Trump:
        """By mean points; given a bid, by P(make) first (as the bid is judged, at 12 decimals), then
        mean points; or a contract the seat declares itself on this bid (Nel-O, Sevens), when it makes
        more often and at least as often as a bid of every trick must. The core's."""
        return self._declaration_of(self._advice.best_declaration(None if bid is None else _bid_pair(bid)))

    @property
    def declaration(self) -> Trump | None:
        """The declaration to name with the recommended bid (by mean when passing); None for a
        special bid (its declaration is the partner's to name); a declared contract's own."""
        if self.special is not None:
            return self.special.declared
        bid = self.bid
        return self.best_declaration(bid if bid else None)

    def p_bid(self, bid: int) -> np.ndarray:
        """P(make) as the bid is judged: double-dummy points less ``discount`` for point bids
        (double dummy overrates the declarer, who in play cannot see the other hands). The core's."""
        return np.array(self._advice.p_bid(int(bid)))

    @property
    def bid(self) -> int:
        """The recommended bid (0 = pass). A bid of every trick (42, 84, ...) when some declaration
        takes all 42 points with probability at least ``mark_risk`` (the highest such bid: it scores
        more marks); else the cheapest legal point bid some declaration makes with probability at
        least ``risk`` (every point bid scores one mark, so bidding higher only adds risk), unless
        the partner already holds the high bid."""
        ordinary = self._ordinary_bid
        special = self.special
        return ordinary if special is None else special.bid

    def game_odds(self, bid: int) -> float | None:
        """With a ``score``: the seat's side's chance of winning the game when it calls ``bid``, by its
        chance of making it in play (``p_table``) under the declaration it would name (``game_odds.py``);
        a pass leaves the score as it is to an even hand. None where that chance is not measured."""
        return self._advice.game_odds(int(bid))  # type: ignore[no-any-return]

    @property
    def _ordinary_bid(self) -> Bid:
        """With a score, the legal call of the best game odds (of equal ones the least; the partner's
        high bid left standing, as the thresholds leave it); else ``ordinary_call``'s. The core's."""
        return Bid(self._advice.ordinary_call())

    def stake(self, bid: int) -> int:
        """What ``bid`` puts at stake: its marks in the marks game (a point bid one, a bid of k marks
        k), its points in the points game."""
        return self._advice.stake(int(bid))  # type: ignore[no-any-return]

    def threshold(self, special: SpecialAdvice) -> float:
        """The P(make) ``special`` needs (``special_threshold``): against the expected stake the
        ordinary advice would win, never below ``mark_risk`` (bids of every trick)."""
        return self._advice.threshold(_bid_pair(special.bid))  # type: ignore[no-any-return]

    @property
    def special(self) -> SpecialAdvice | None:
        """The special bid (or declared contract in tricks) to make instead of the ordinary advice, if
        any: among those legal now whose P(make) reaches its threshold, the one of most expected stake
        (a declared contract not over the partner's high bid). The core's."""
        i = self._advice.special()
        return None if i is None else (self.specials + self.declared)[i]

    @property
    def action(self) -> str:
        """The advised move in the words a game takes (``Move.parse``): a legal bid ('30', 'pass',
        '168:plunge'), or, the contract won, the declaration to name ('declare 5')."""
        if self.contract is not None:
            return f"declare {self.best_declaration(self.contract.bid)}"
        return bid_name(self.bid)

    def _index(self, trump: Trump) -> int:
        """``trump`` in the core's numbering (``_declaration_of``); past both lists when neither holds it."""
        if trump in self.declarations:
            return self.declarations.index(trump)
        own = [j for j, s in enumerate(self.declared) if s.declared == trump]
        return len(self.declarations) + own[0] if own else len(self.declarations) + len(self.declared)

    def _makes(self, trump: Trump, bid: int) -> tuple[float, str]:
        """P(make) of ``bid`` under ``trump`` as judged (a row of the table, or a contract of the
        seat's own), and the words that say it."""
        i = self._index(trump)
        p = self._advice.p_of(i, int(bid))
        if trump in self.declarations:
            solved = float(self.p_make(bid)[i])
            discount = self.discount if self.rules.points_needed(int(bid)) < self.rules.hand_points else 0
        else:
            solved, discount = p, 0
        return p, makes_text(trump, bid, p, solved, self.worlds, discount, "points")

    def p_table(self, trump: Trump, bid: int) -> float | None:
        """The chance that ``bid`` under ``trump`` is made in play (``calibration.at_table`` of its
        double-dummy P(make)): standard 42's contracts in points or of every trick, None elsewhere. The core's."""
        i = self._index(trump)
        if i >= len(self.declarations):
            return None
        return self._advice.p_table(i, _bid_pair(bid))  # type: ignore[no-any-return]

    @property
    def verdict(self) -> Verdict:
        """The action's P(make), the threshold it had to reach and why (``Verdict``): the core's
        case and figures, worded here."""
        why, (value, kind), d, p, need, table, every = self._advice.verdict()
        cases, n, bid = _core.decisions.bidding.BidAdvice.Case, self.worlds, Bid(value, kind)
        if why == cases.special:
            special = self.special
            assert special is not None
            who = "declared and led by this hand" if special.declared is not None else "the partner naming one declaration"
            return Verdict(p, need, f"{bid_name(bid)} makes on {p:.0%} of {n} deals ({who}); it needs "
                                    f"{need:.0%} for its {self.stake(bid)} marks to beat the ordinary advice", n)
        if why == cases.game_odds:
            us, them = self.score  # type: ignore[misc]
            call = f"bidding {bid_name(bid)}" if bid else "passing"
            return Verdict(p, None, f"at {us}-{them} the best chance of winning the game: {self.game_odds(bid):.0%} "
                                    f"{call} (passing {self.game_odds(0):.0%}; each hand after this one even)", n, table)
        if why == cases.no_bid:
            return Verdict(None, None, "no bid is legal over the high bid", n)
        if why == cases.partner_high:
            return Verdict(None, None, "the partner holds the high bid", n)
        says = self._makes(self._declaration_of(d), bid)[1]
        reason = {cases.declaring: f"{says}, the most of the declarations",
                  cases.least_bid: f"the dealer may not pass, so the least bid: {says}",
                  cases.bids: f"{says}; {'a bid of every trick' if every else 'a point bid'} needs {need or 0:.0%}",
                  cases.not_worth: f"a bid needs {need or 0:.0%}; the best: {says}"}[why]
        return Verdict(p, need, reason, n, table)

    def to_json(self) -> dict[str, Any]:
        p_make_bids = _P_MAKE_BIDS if self.rules.row.ladder == "marks" else bid_ladder(self.rules)
        return {
            **bid_advice_json(self, p_make_bids, mark_risk=self.risk if self.mark_risk is None else self.mark_risk,
                              discount=self.discount),
            **({"specials": [{**s.to_json(), "threshold": round(self.threshold(s), 6)} for s in self.specials]}
               if self.specials else {}),
            **({"declared": [{**s.to_json(), "threshold": round(self.threshold(s), 6)} for s in self.declared]}
               if self.declared else {}),
        }

    def __str__(self) -> str:
        shown = range(self.rules.min_bid, self.rules.mark + 1, 2)  # every other point bid, and a mark
        lines = [
            f"{self.rules.seat_names[self.seat]} holds {' '.join(str(t) for t in self.hand)}; {self.worlds} deals, seed {self.seed}",
            "declaration   mean  stderr  " + "  ".join(f"P{b}" for b in shown),
        ]
        for i, d in enumerate(self.declarations):
            ps = "  ".join(f"{float(self.p_make(b)[i]):.2f}" for b in shown)
            lines.append(
                f"{declaration_name(d):<12}{float(self.means[i]):6.2f} {float(self.stderr[i]):6.2f}   {ps}"
            )
        for sp in self.specials + self.declared:
            if sp.declared is not None:
                lines.append(
                    f"{declaration_name(sp.declared):<12}P(make) {sp.p_make:.3f} ± {sp.stderr:.3f} (declared on "
                    f"{bid_name(sp.bid)}, leading; needs {self.threshold(sp):.3f})"
                )
                continue
            named = ", ".join(f"{declaration_name(d)} {float(sp.makes[i].mean()):.2f}" for i, d in enumerate(sp.declarations))
            lines.append(
                f"{bid_name(sp.bid):<12}P(make) {sp.p_make:.3f} ± {sp.stderr:.3f} (the partner's best declaration per deal; "
                f"needs {self.threshold(sp):.3f}); by declaration: {named}"
            )
        lines.append(advice_line(self))
        return "\n".join(lines)


def advise_bid(
    hand: Any,
    auction: list[tuple[int, int | str]] | tuple[tuple[int, int], ...] = (),
    seat: int | str = 0,
    samples: int | None = None,
    seed: int | None = None,
    *,
    rules: Rules | None = None,
    risk: float | None = None,
    mark_risk: float | None = None,
    discount: int | None = None,
    threads: int | None = None,
    legal_bids: list[int] | None = None,
    tt_mb: int = 16,
    time: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    score: Any = None,
) -> Any:
    """Advise a bid for ``hand`` (7 tiles, as a list or one string such as '66.65.64.62.55.33.10',
    a bidding-phase PlayerView, or a Game in its auction).

    ``auction`` lists earlier bids as (seat, bid), in turn from the dealer's left; it must replay
    under the rules with ``seat`` to bid next (or to declare, having won it), and its legal bids
    are the advice's (``legal_bids`` overrides). ``samples`` (2 to 1,000,000; ``bid_samples``'s by
    default) deals are drawn from ``seed`` (a whole number from 0; when None, ``question_seed``'s, a
    function of the question, so that every front end gives one hand the same figures) and solved
    for the 9 declarations on ``threads``. ``risk`` and ``mark_risk`` are probabilities from 0 to 1, ``discount`` points (Moon:
    tricks); each defaults to the family's ``playing_thresholds``.
    ``time`` (seconds from 0) or ``should_stop`` end the work early, between batches of deals (the
    advice then rests on the deals solved so far, at least one batch). ``on_progress(done,
    samples)`` is told the deals solved after each batch (The Big Game's: the declaration-deal pairs
    its tests settled, ``biggame/bidding.py``). Under Moon's and Partnership Moon's rules
    the advice is a ``MoonBidAdvice`` (``dominosolver.moon``: tricks, the widow's best discard per deal),
    under The Big Game's a ``BigGameBidAdvice`` (``dominosolver.biggame``: zero-window tests): the
    family's ``Deciders.advise_bid`` (``deciders.py``), a 42 advice's arguments read and checked here.
    ``score`` (42's marks game: the marks of the seat's side and the other's, a pair or "5-6") advises
    the legal call of the best chance of winning the game instead of the thresholds (``game_odds.py``)."""
    start = _time.perf_counter()
    # Every argument is checked before any work (as hint does).
    samples = None if samples is None else world_count(samples, low=2)
    seed = seed_value(seed)
    time = time_limit(time)
    risk = None if risk is None else probability(risk, "risk")
    mark_risk = None if mark_risk is None else probability(mark_risk, "mark_risk")
    threads = thread_count(threads)
    tt_mb = table_megabytes(tt_mb)
    for name, fn in (("on_progress", on_progress), ("should_stop", should_stop)):
        if fn is not None and not callable(fn):
            raise ParseError(f"{name} must be a function or None, not {shown(fn)}")
    if legal_bids is not None:
        legal_bids = [parse_bid(b) for b in _pairs_or_list(legal_bids, "legal_bids")]
    q = _question(hand, auction, seat, rules, legal_bids, score)
    rules = q.rules
    samples = bid_samples(rules) if samples is None else samples
    playing = playing_thresholds(rules)
    risk = playing["risk"] if risk is None else risk
    mark_risk = playing["mark_risk"] if mark_risk is None else mark_risk
    discount = whole_number(playing["discount"] if discount is None else discount, "discount", 0, rules.hand_points)
    seed = question_seed(rules, q.seat, q.tiles, q.auction, q.contract) if seed is None else seed
    own = deciders_of(rules).advise_bid  # Moon's tricks; The Big Game's zero-window tests at the level in question
    if own is not None:
        return own(q.view, q.legal_bids, q.contract, samples=samples, seed=seed, risk=risk, discount=discount,
                   threads=threads, tt_mb=tt_mb, time=time, should_stop=should_stop, on_progress=on_progress,
                   started=start)
    scorer = _ContractScorer(q, threads, tt_mb)
    values, own_values = score_worlds(q.view, seed, samples, scorer.score, cap=_BATCH, time=time, started=start,
                                      should_stop=should_stop, on_progress=on_progress)
    return scorer.advice(values, own_values, samples=samples, seed=seed, risk=risk, mark_risk=mark_risk,
                         discount=discount, started=start)


@dataclass(frozen=True)
class _Question:
    """A bid question read and checked (``_question``): the seat's view before play, its hand, the
    auction so far, the contract won (when declaring), the calls it may make."""

    view: PlayerView
    rules: Rules
    seat: int
    tiles: tuple[Tile, ...]
    auction: tuple[tuple[int, Any], ...]
    contract: Any
    legal_bids: list[Any]
    marks: Any  # 42's marks game: the score (the seat's side first), or None


def _question(hand: Any, auction: Any, seat: Any, rules: Rules | None, legal_bids: list[Any] | None,
              score: Any) -> _Question:
    """The question of ``advise_bid``'s three input forms (a hand with its seat, auction and rules;
    a view in the auction or declaring; a Game in either), its auction replayed in the core."""
    to_move: int | None = None
    contract = None
    revealed: tuple[tuple[Tile, ...], ...] = ()  # what the contract shows (a plunger's doubles, §3.4)
    if isinstance(hand, Game):
        game = hand
        if game.phase not in ("bidding", "declaring"):
            raise InvalidViewError("bidding advice needs a game in its auction or declaration")
        legal_bids = legal_bids if legal_bids is not None else [m.value for m in game.legal_moves if m.kind == "bid"]
        hand = game.view(game.to_move)
    if isinstance(hand, PlayerView):
        view = hand
        if view.trump is not None or view.plays:
            raise InvalidViewError("bidding advice needs a view of the auction or declaration: the trump is named")
        _carried_by_the_view(view, auction, seat, rules)
        seat, rules, auction = view.seat, view.rules, view.auction
        tiles = tuple(view.hand)
        to_move, contract, revealed = view.to_move, view.contract, view.revealed
        if legal_bids is None and view.legal_bids:
            legal_bids = list(view.legal_bids)
    else:
        rules = Rules.argument(rules) or Rules()
        seat = parse_seat(seat, rules)
        tiles = tuple(sorted((Tile(t) for t in tile_sequence(hand, "hand")), reverse=True))
        auction = tuple((parse_seat(s, rules), parse_bid(b)) for s, b in _pairs_or_list(auction, "auction", pairs=True))
    marks = None if score is None else parse_score(score, rules.target)
    if marks is not None and rules.scoring != "marks":  # 42's marks game: every other member scores points
        raise InvalidViewError(f"a score weighs a call by the chance of winning a game of 42 to 7 marks, not "
                               f"{rules.title}'s {rules.scoring}")
    if len(tiles) != rules.hand_size:
        if contract is not None and seat == contract.declarer and len(tiles) == rules.hand_size + rules.undealt:
            raise InvalidViewError("the bidder holds the tiles the deal left over: its exchange is advised by a "
                                   "hint (the tiles to lay away: dominosolver hint VIEW), not by bid advice")
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
            raise InvalidViewError("the auction is over: every seat passed and the hand was thrown in")
        to_move = replay.to_move
        if legal_bids is None and replay.phase == "bidding":
            legal_bids = list(replay.legal_bids)
        contract = contract if replay.contract is None else replay.contract
    if to_move is not None and to_move != seat:
        doing = "declare" if replay is not None and replay.phase == "declaring" else "bid"
        raise InvalidViewError(f"{rules.seat_names[seat]} is not to {doing}: {rules.seat_names[to_move]} is")
    # The deals keep what the contract shows: naming for a partner's Plunge, its doubles stay with it.
    view = PlayerView.before_play(seat, rules, tiles, tuple(auction), contract=contract if revealed else None,  # type: ignore[arg-type]
                                  to_move=seat, revealed=revealed)
    return _Question(view, rules, seat, tiles, tuple(auction), contract,
                     _legal_bids(rules, view, seat, tiles) if legal_bids is None else legal_bids, marks)


def _carried_by_the_view(view: PlayerView, auction: Any, seat: Any, rules: Any) -> None:
    """A view (or a game's) says its seat, auction and rules: the same given beside it are taken, other
    ones refused (they were ignored, and the advice was of the view's seat under its rules)."""
    if rules is not None and Rules.argument(rules) != view.rules:
        raise ParseError(f"the view carries its rules ({view.rules!r}): rules={rules!r} cannot change them")
    if parse_seat(seat, view.rules) != view.seat and seat != 0:  # 0, the default: a hand's seat when none is given
        raise ParseError(f"the view is {view.rules.seat_names[view.seat]}'s: seat={seat!r} cannot change it")
    given = tuple((parse_seat(s, view.rules), parse_bid(b)) for s, b in _pairs_or_list(auction, "auction", pairs=True))
    if given and given != tuple(view.auction):
        raise ParseError("the view carries its auction: give a hand with auction=, or the view alone")


def _legal_bids(rules: Rules, view: PlayerView, seat: int, tiles: tuple[Tile, ...]) -> list[Any]:
    """The calls the seat may make over the auction's highest bid, and the special bids the core
    offers this hand as the first to call."""
    high = max((b for _, b in view.auction), default=0)
    legal = [0] + [b for b in bid_ladder(rules) if _core.texas42.bid_is_legal(rules._core, b, high)]
    if not view.auction:
        first = _core.texas42.Auction(rules._core, rules.seat_after(seat, -1))
        legal += [b for b in map(Bid.of_core, first.legal([t.id for t in tiles])) if b.kind != ORDINARY]
    return legal


class _ContractScorer:
    """42's per-world scorer: on each deal, the points of every declaration with the seat declaring
    its least bid and with its partner naming under each special bid it may make (special bids played
    alike, Plunge and Splash: the same objective, seats and leader, §3.5, share their solves), and the
    tricks of each contract in tricks it may declare itself (Nel-O, Sevens). ``advice`` presents them."""

    def __init__(self, q: _Question, threads: int, tt_mb: int) -> None:
        self.q, self.threads, self.tt_mb = q, threads, tt_mb
        rules, seat, legal_bids = q.rules, q.seat, q.legal_bids
        self.declarations = list(rules.table_declarations)
        # Each special kind at the least size the seat may bid it (its P(make) does not depend on it).
        specials = [min(b for b in legal_bids if getattr(b, "kind", ORDINARY) == kind)
                    for kind in dict.fromkeys(b.kind for b in legal_bids if getattr(b, "kind", ORDINARY) != ORDINARY)]
        # The seat declares (a lowest bid), then each special bid.
        self.contracts: list[int] = [rules.min_bid]
        self.solved_as: dict[Bid, int] = {}  # each special bid's row among the contracts solved
        plays: dict[tuple[Any, ...], int] = {}
        for bid in specials:
            play = _play_of(rules, self.declarations[0], seat, bid)
            if play not in plays:
                plays[play] = len(self.contracts)
                self.contracts.append(bid)
            self.solved_as[bid] = plays[play]
        self.declared = _declared_contracts(rules, seat, q.contract, legal_bids)
        self.leading: list[Position] = []  # one position per contract solved: what decides a make on any deal

    def score(self, batch: list[World]) -> tuple[np.ndarray, np.ndarray]:
        """Points [contract, declaration, deal] and the declared contracts' tricks [contract, deal]."""
        q, rules = self.q, self.q.rules
        at_lead = deciders_of(rules).at_lead  # the family's exchange before the first lead, if any
        positions = []
        for bid in self.contracts:
            # §3.4: under a special bid the partner names any of the same declarations.
            for trump in self.declarations:
                # Each deal's hands as tile ids, after the family's exchange (if any) for this declaration.
                for ids in [[bits_of(m) for m in (w if at_lead is None else at_lead(q.view, w, trump))] for w in batch]:
                    # Trick 1's leader is the contract's (the seat, or the partner naming).
                    positions.append(Position._wrap(
                        _core.texas42.Position(rules._core, str(trump), ids, None, [], (q.seat, bid), None)))
        for trump, (declarer, bid) in self.declared:  # Nel-O, Sevens: the declarer names and leads
            for ids in [[bits_of(m) for m in w] for w in batch]:
                positions.append(Position._wrap(
                    _core.texas42.Position(rules._core, str(trump), ids, None, [], (declarer, bid), None)))
        out = solve_batch(positions, threads=self.threads, moves=False, tt_mb=self.tt_mb)
        cut = len(self.contracts) * len(self.declarations) * len(batch)
        self.leading = positions[::len(batch)]
        return (out.values[:cut].reshape(len(self.contracts), len(self.declarations), len(batch)).astype(np.int16),
                out.values[cut:].reshape(len(self.declared), len(batch)).astype(np.int16))

    def advice(self, values: np.ndarray, own_values: np.ndarray, *, samples: int, seed: int, risk: float,
               mark_risk: float, discount: int, started: float) -> BidAdvice:
        q, declarations, leading = self.q, self.declarations, self.leading
        points = values[0]
        special_advice = tuple(
            SpecialAdvice(bid, declarations, _every_trick_or_none(leading[k * len(declarations)], q.seat, values[k]))
            for bid, k in self.solved_as.items()
        )
        first_own = len(self.contracts) * len(declarations)
        declared_advice = tuple(
            SpecialAdvice(bid, [trump], _every_trick_or_none(leading[first_own + j], q.seat, own_values[j])[None, :],
                          declared=trump)
            for j, (trump, (_, bid)) in enumerate(self.declared)
        )
        high_bidder = max(q.view.auction, key=lambda a: a[1], default=(None, 0))
        return BidAdvice(
            hand=q.tiles, seat=q.seat, declarations=declarations, points=points, legal_bids=sorted(q.legal_bids),
            risk=risk, worlds=points.shape[1], seed=seed, elapsed=_time.perf_counter() - started,
            discount=discount, mark_risk=mark_risk,
            partner_high=high_bidder[1] > 0 and high_bidder[0] == q.rules.partner_of(q.seat),
            rules=q.rules, specials=special_advice, declared=declared_advice, contract=q.contract, score=q.marks,
        )


def bid_ladder(rules: Rules) -> tuple[int, ...]:
    """The bids a hand may make under ``rules``, before the auction narrows them: 42's up to the
    marks that win a game (``BID_LADDER``), Moon's min_bid..7 and 21 (docs/rules.md §4.1-4.2:
    ``moon.moon_ladder``), or The Big Game's 42..66 (§4.3). The core's rule (texas42/rules.hpp),
    which the WebAssembly module's advice reads too."""
    return tuple(rules._core.bid_ladder())


def _declared_contracts(rules: Rules, seat: int, contract: Any, legal_bids: list[Any]) -> list[tuple[Trump, tuple[int, Bid]]]:
    """The contracts in tricks ``seat`` may declare itself (Nel-O's doubles modes, Sevens: those of
    the rules' declarations not played for points), each with its (declarer, bid): the contract won
    when declaring, else the least legal ordinary bid it admits (none: not offered). The core's
    ruling says which bids admit which (docs/rules.md §3.3: a mark bid, or any bid under
    ``nello_min = any_bid``; §3.6)."""
    own = [t for t in rules.declarations if t not in rules.table_declarations]
    if contract is not None:
        if contract.declarer != seat:
            return []
        bids = [contract.bid]
    else:
        bids = sorted(Bid(int(b)) for b in legal_bids if getattr(b, "kind", ORDINARY) == ORDINARY and b)
    out = []
    for trump in own:
        for bid in bids:
            try:
                _core.texas42.ruling(rules._core, str(trump), (seat, bid))
            except InvalidPositionError:
                continue  # not on this bid
            out.append((trump, (seat, bid)))
            break
    return out


def _play_of(rules: Rules, trump: Trump, seat: int, bid: Bid) -> tuple[Any, ...]:
    """What decides the play of ``seat``'s contract ``bid``: its objective, who plays, who leads."""
    r = _core.texas42.ruling(rules._core, str(trump), (seat, bid))
    return r["contract"]["objective"], tuple(r["seats_in_play"]), r["first_leader"]


def _every_trick_or_none(pos: Position, seat: int, tricks: np.ndarray) -> np.ndarray:
    """Whether the side of ``seat`` makes a contract counted in tricks where the side to move at
    trick 1 of ``pos`` takes ``tricks``: every trick (Plunge, Splash, docs/rules.md §3.4-3.5) or
    none (Nel-O, §3.3), by its contract row's objective."""
    left = pos.tricks_left
    ours = tricks if pos.side_of(pos.to_move) == pos.side_of(seat) else left - tricks
    return ours == (0 if pos.objective == "no trick" else left)


def _pairs_or_list(value: Any, name: str, pairs: bool = False) -> list[Any]:
    """A list argument (auction: of (seat, bid) pairs), refused clearly when it is not one."""
    if not isinstance(value, (list, tuple)):
        raise ParseError(f"{name} must be a list, not {json_type(value)}")
    if pairs and not all(isinstance(a, (list, tuple)) and len(a) == 2 for a in value):
        raise ParseError(f"{name} must be a list of (seat, bid) pairs, not {shown(list(value))}")
    return list(value)
