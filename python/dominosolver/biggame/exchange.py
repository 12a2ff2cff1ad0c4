"""The Big Game's exchange (docs/rules.md §4.3): having won the auction and seen the undealt tile,
the bidder lays a tile away (a non-counter of its 12: the undealt tile itself leaves it out, another
takes the undealt tile in), then names trumps. ``advise_exchange`` ranks every legal choice on the
deals the bidder's view allows (its 12 tiles known, the other 33 in the three other hands):

1. The declaration: ``BidTests`` on those deals, each declaration with the rule of thumb's discard
   for it (``exchange_rule.weakest_discard``, ``Deciders.at_lead``), the best by P(make) of the contract (ties by the shares at
   5 and 10 points more; under a limit, a declaration that can at most tie a level's leaders is
   tested at the level above first: ``LevelTests._levels_in_turn``'s ``defer_ties``).
2. Each legal discard under that declaration (``DiscardTests``): the share of the deals on which the
   bidder's side then takes the points the contract needs, by zero-window tests, ties broken by the
   shares at 5 and 10 points more, then by the rule of thumb's order (the weakest first). The rule
   of thumb's discard is, on each deal, the very position the declaration's tests judged: it starts
   from the bounds they proved there (``DiscardTests._carry``), no test run twice.

Whole-deal exact values (a mean of points per choice) would cost seconds a deal and choice; the
tests prove shares at those three levels instead (``texas42/bid_tests.py``, rounds of the decisions
loop). Under ``time`` the tests stop
once it is spent (counted from the call, the deals' drawing included; a test under way is left to
finish in the background), and on ``should_stop`` within a fraction of a second: a deal left unknown
counts as not made, and ``unknown`` says how many. At most ``MAX_SAMPLES`` deals (2,000: more is
refused by name, ParseError), so that the work's memory is bounded (``texas42.bid_tests.MEMORY_MB`` besides
the solvers' ``threads`` x ``tt_mb`` MB). Which tiles may be laid away is the core's rule
(``Rules.may_be_out_of_play``: no counter).
"""

from __future__ import annotations

import time as _time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import _core
from ..arguments import callback, node_budget, time_limit
from ..errors import IllegalMoveError, InvalidViewError, ParseError, json_type, shown
from ..texas42.bid_tests import MAX_SAMPLES, BidTests, LevelTests
from ..texas42.game import Game
from ..texas42.rules import Trump
from ..texas42.sampling import World
from ..texas42.solve import declaration_name
from ..texas42.view import PlayerView
from ..tiles import Tile, bits_of, mask_of, tiles_of

__all__ = ["EXCHANGE_SCHEMA", "MAX_SAMPLES", "DiscardTests", "ExchangeAdvice", "ExchangeChoice", "advise_exchange", "in_big_game_exchange"]

EXCHANGE_SCHEMA = "dominosolver.exchange/1"


def in_big_game_exchange(view: PlayerView) -> bool:
    """Whether ``view`` is The Big Game's bidder in its exchange: the auction won, no trump named,
    the bidder holding its hand and the undealt tile."""
    rules = view.rules
    return bool(rules.row.left_over == "undealt" and view.contract is not None and view.trump is None
                and view.seat == view.contract.declarer
                and view.hand_sizes[view.seat] == rules.hand_size + rules.undealt)


class DiscardTests(LevelTests):
    """``LevelTests`` whose options are tiles the bidder in The Big Game's exchange may lay away
    (``discards``), each under ``trump``: per deal the bidder holds its 12 tiles less the option,
    declares and leads. ``deals``: tests on the same view, samples and seed (the declaration's
    ``BidTests``) whose deals these take over instead of drawing them again (the same stream: the
    deals drawn so far, the rest from where it stopped)."""

    def __init__(self, view: PlayerView, trump: Trump, discards: list[Tile], samples: int = 12,
                 seed: int | None = None, *, threads: int = 1, tt_mb: int = 16, deals: LevelTests | None = None) -> None:
        self.trump, self.discards = trump, list(discards)
        super().__init__(view, samples, seed, threads=threads, tt_mb=tt_mb)
        if deals is not None:
            if (deals.view, deals.samples, deals.seed) != (view, self.samples, self.seed):
                raise ValueError("discard tests share the deals of tests on the same view, samples and seed only")
            self._worlds, self._draws = list(deals._worlds), deals._draws
            if trump in deals.options:
                self._carry(deals, deals.options.index(trump))

    def _carry(self, deals: LevelTests, d: int) -> None:
        """Take the bounds ``deals`` proved for its option ``d`` (the declaration's, with its rule of
        thumb's discard on each deal: ``Deciders.at_lead``) where that is one of these options' very
        position on the deal: the same hands, the same declaration, the same value (docs/rules.md
        §4.3: the points are the deal's alone), so no test is run twice."""
        seat, twelve = self.view.seat, mask_of(self.view.hand)
        index = {tile.id: i for i, tile in enumerate(self.discards)}
        for w in range(len(self._worlds)):
            hands = deals.position(d, w).hands
            laid = twelve & ~hands[seat]
            i = index.get(laid.bit_length() - 1) if laid and not laid & (laid - 1) else None
            if i is None or list(self.position(i, w).hands) != list(hands):
                continue
            self.lower[i, w] = max(self.lower[i, w], deals.lower[d, w])
            self.upper[i, w] = min(self.upper[i, w], deals.upper[d, w])

    def _options(self) -> list[Any]:
        return self.discards

    def _position(self, tile: Tile, world: World) -> Any:
        view, rules = self.view, self.view.rules
        seat, twelve = view.seat, mask_of(view.hand)
        return _core.texas42.Position(rules._core, str(self.trump),
                                      [bits_of(twelve & ~(1 << tile.id) if s == seat else m) for s, m in enumerate(world)],
                                      None, [], (seat, rules.min_bid), None)


@dataclass(frozen=True)
class ExchangeChoice:
    """One legal discard: per level (the contract's points, then ``TIE_STEPS`` more) the share of
    deals proven to take it (unknown deals counted as not made) and how many deals the tests left
    unknown there (the levels above are tested only to break ties), and its rank."""

    discard: Tile
    shares: tuple[float, ...]
    unknown: tuple[int, ...]
    rank: int

    @property
    def p_make(self) -> float:
        """The share of deals on which the bidder's side takes the contract's points."""
        return self.shares[0]


@dataclass(frozen=True)
class ExchangeAdvice:
    view: PlayerView
    declaration: Trump  # the declaration the discards are judged under
    levels: list[int]  # the points the contract needs, then TIE_STEPS more (to every point): the choices' shares
    choices: list[ExchangeChoice]  # best first
    worlds: int
    seed: int
    tests: int
    cut: int  # tests cut short by their node budget
    nodes: int
    elapsed: float = field(compare=False)  # timing: not part of equality
    warnings: list[str] = field(default_factory=list)

    @property
    def best(self) -> Tile:
        return self.choices[0].discard

    def __getitem__(self, discard: Any) -> ExchangeChoice:
        tile = Tile(discard)
        for c in self.choices:
            if c.discard == tile:
                return c
        raise KeyError(str(tile))

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": EXCHANGE_SCHEMA,
            "game": self.view.game,
            "rules": self.view.rules.game_flags,  # as in its position: "game" names the family
            "position": self.view.to_json(),
            "seat": self.view.seat,
            "method": "tests",
            "declaration": declaration_name(self.declaration),
            "levels": list(self.levels),
            "worlds": self.worlds,
            "seed": self.seed,
            "best": str(self.best),
            "tests": self.tests,
            "cut_short": self.cut,
            "nodes": self.nodes,
            "elapsed": round(self.elapsed, 6),
            "warnings": list(self.warnings),
            "moves": [
                {"move": str(c.discard), "p_make": round(c.p_make, 6), "shares": [round(p, 6) for p in c.shares],
                 "unknown": list(c.unknown), "rank": c.rank}
                for c in self.choices
            ],
        }

    def __str__(self) -> str:
        names = self.view.rules.seat_names
        lines = [f"{names[self.view.seat]} to lay a tile away; declaring {declaration_name(self.declaration)}, "
                 f"tests over {self.worlds} worlds, seed {self.seed}",
                 "rank discard " + "".join(f"{f'P(>= {at})':>14}" for at in self.levels)]
        for c in self.choices:  # a share over deals left unknown is a lower bound: "(n?)" says how many
            cells = "".join(f"{f'{p:.3f}' + (f' ({u}?)' if u else ''):>14}" for p, u in zip(c.shares, c.unknown))
            lines.append(f"{c.rank:4d} {str(c.discard):>7}{cells}")
        return "\n".join(lines + self.warnings)


def advise_exchange(
    view: Any,
    samples: int = 12,
    seed: int | None = None,
    *,
    discards: list[Any] | None = None,
    time: float | None = None,
    max_nodes: int = 0,
    threads: int = 1,
    tt_mb: int = 16,
    should_stop: Callable[[], bool] | None = None,
) -> ExchangeAdvice:
    """Rank the bidder's legal discards in The Big Game's exchange (see the module's doc) from its
    view (a PlayerView or a Game in its exchange): ``samples`` deals from ``seed``; ``discards``
    restricts the ranking to those tiles (each must be legal: a non-counter of the 12); ``time``
    (seconds) and ``max_nodes`` (0: none) are shared by the declaration's tests and the discards'
    (half of the nodes each; the time the first leaves); ``should_stop`` (a function) ends the
    tests within a fraction of a second, the ranking resting on what they proved."""
    started = _time.perf_counter()
    time, max_nodes, should_stop = time_limit(time), node_budget(max_nodes), callback(should_stop)
    if isinstance(samples, int) and not isinstance(samples, bool) and samples > MAX_SAMPLES:
        raise ParseError(f"samples={samples}: The Big Game's exchange advice tests at most {MAX_SAMPLES:,} deals "
                         "(all are drawn before the first test)")
    view = _exchange_view(view)
    rules = view.rules
    legal = _legal_discards(view, discards)
    level = rules.points_needed(view.contract.bid)
    declaring = BidTests(view, samples, seed, threads=threads, tt_mb=tt_mb)
    # Half the time (from the call) for the declaration, the rest for the discards.
    left = None if time is None else max(0.0, started + time / 2 - _time.perf_counter())
    # Under a limit, a rival that can at most tie a level's leaders is tested at the level above first.
    trump = declaring.best_declaration(level, time=left, max_nodes=max_nodes // 2 if max_nodes else 0,
                                       should_stop=should_stop, defer_ties=True)
    # Among equals the rule of thumb's order (weakest_discard's): off trumps, not a double, the fewest pips.
    legal.sort(key=lambda t: (isinstance(trump, int) and trump in (t.hi, t.lo), t.is_double, t.pips, t.id))
    # The declaration's deals, not drawn again.
    tests = DiscardTests(view, trump, legal, samples, declaring.seed, threads=threads, tt_mb=tt_mb, deals=declaring)
    spent = _time.perf_counter() - started
    if declaring.stopped:
        tests.stopped = True  # no discard is tested after a stop: the rule of thumb's order
    order = tests.ranking(level, time=None if time is None else max(0.0, time - spent),
                          max_nodes=max(1, max_nodes - declaring.nodes) if max_nodes else 0, should_stop=should_stop)
    tested = [tests.tested(at) for at in tests.levels(level)]
    rank, choices, previous = 0, [], None
    for k, i in enumerate(order):
        shares = tuple(float(t.low[i]) for t in tested)
        if shares != previous:
            rank, previous = k + 1, shares
        choices.append(ExchangeChoice(legal[i], shares, tuple(int(t.unknown[i]) for t in tested), rank))
    warnings = []
    unknown = int(tested[0].unknown.sum())
    stopped = declaring.stopped or tests.stopped
    if unknown:
        warnings.append(f"{unknown} of {len(legal) * tests.samples} tests at {level} points left unknown "
                        f"{'when stopped' if stopped else 'within the time'}: counted as not made")
    if stopped:
        warnings.append("stopped on request")
    return ExchangeAdvice(view, trump, tests.levels(level), choices, tests.samples, tests.seed, declaring.tests + tests.tests,
                          declaring.cut + tests.cut, declaring.nodes + tests.nodes,
                          _time.perf_counter() - started, warnings)


def _exchange_view(view: Any) -> PlayerView:
    """The bidder's view in The Big Game's exchange, from a PlayerView or a Game in its exchange."""
    if isinstance(view, Game):
        if view.phase != "exchange":
            raise InvalidViewError(f"exchange advice needs a game in its exchange, not in its {view.phase}")
        view = view.view(view.to_move)
    if not isinstance(view, PlayerView):
        raise InvalidViewError(f"exchange advice needs a PlayerView or a Game, not {json_type(view)}")
    if not in_big_game_exchange(view):
        raise InvalidViewError("exchange advice needs The Big Game's bidder in its exchange (docs/rules.md §4.3): "
                               "the auction won, trumps not named, the undealt tile in hand")
    return view


def _legal_discards(view: PlayerView, discards: list[Any] | None) -> list[Tile]:
    """The tiles the bidder may lay away (the core's rule: a non-counter of its 12), or those of
    ``discards``, each checked to be one of them."""
    twelve = mask_of(view.hand)
    legal = tiles_of(twelve & view.rules.may_be_out_of_play)
    if discards is None:
        return legal
    if not isinstance(discards, (list, tuple)) or not discards:
        raise InvalidViewError(f"discards must be a list of tiles, not {shown(discards)}")
    chosen = [Tile(t) for t in discards]
    for tile in chosen:
        if not twelve >> tile.id & 1:
            raise IllegalMoveError(f"{tile} is not in the bidder's hand: it cannot be laid away")
        if tile not in legal:
            raise IllegalMoveError(f"{tile} is a counter: The Big Game's bidder lays away a non-counter "
                                   "(docs/rules.md §4.3)")
    return list(dict.fromkeys(chosen))
