"""Simple players for whole games and arenas: a random legal player and a rule-of-thumb player.
They choose among the legal moves the C++ core lists; they never decide legality themselves."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Protocol

from .._core import decisions as _decisions
from ..arguments import node_budget, time_limit
from ..errors import SearchLimitError
from ..tiles import Tile, mask_of
from .bid_tests import BidTests
from .bidding import PLAYING_THRESHOLDS, advise_bid, ordinary_call, playing_thresholds
from .deciders import Deciders, deciders_of
from .game import Game, Move
from .view import PlayerView
from .hint import LONG_TRICKS, hint
from .position import Position
from .rules import ORDINARY, Bid, Rules
from .sampling import WorldSampler, position_of

__all__ = ["BIG_GAME_TIMES", "Bot", "RandomBot", "RuleBot", "HintBot"]

# The Big Game's whole deals take seconds each to solve: the hint bot's time a decision there, in
# seconds (bench/studies/README.md, Arena: what a game of the arena costs with them). A bid or declaration is
# judged by zero-window tests (``bid_tests.py``) within BIG_GAME_TIMES["bid"]; a play hint with more
# than LONG_TRICKS tricks left stops sampling at BIG_GAME_TIMES["hint"] (each world under a node
# budget from the time left; those cut short are left out).
BIG_GAME_TIMES = {"bid": 4.0, "hint": 2.0}


class Bot(Protocol):
    def choose(self, game: Game) -> Move: ...


class RandomBot:
    """Any legal move, uniformly."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        return self.rng.choice(game.legal_moves)


def trump_strength(hand: tuple[Tile, ...], suit: int) -> float:
    """Trumps held, the double of trumps, and other doubles (which tend to take tricks): a trump
    counts 1, the double of trumps 1 more, another double 1/2. The core's hand strength
    (``decisions.hpp``'s ``weighting::strength``), which the auction weighting's bidder model
    judges hands by too (``weighting.py``): one measure of a hand for both."""
    return _decisions.weighting.strength(mask_of(hand), suit)


class RuleBot:
    """Bids by trump count and doubles, leads trumps then doubles, feeds counters to a partner who is
    winning the trick, and otherwise tries to win with the cheapest tile that does. In Moon's widow
    exchange (docs/rules.md §4.1) it lays away its weakest tile: the lowest that is neither a trump
    nor a double."""

    def choose(self, game: Game) -> Move:
        legal = game.legal_moves
        if game.phase == "bidding":
            return self._bid(game, legal)
        if game.phase == "declaring":
            hand = game.deal()[game.to_move]
            best = max(game.rules.suits, key=lambda s: (trump_strength(hand, s), s))
            return Move("declare", best)
        if game.phase == "exchange":  # the widow or undealt tile: lay away the weakest, off trumps and not a double
            trump = game.trump
            return min(legal, key=lambda m: (isinstance(trump, int) and trump in (m.value.hi, m.value.lo),
                                             m.value.is_double, m.value.pips))
        pos = game.position
        assert pos is not None
        return Move("tile", choose_tile(pos))

    def _bid(self, game: Game, legal: list[Move]) -> Move:
        hand = game.deal()[game.to_move]
        rules = game.rules
        strength = max(trump_strength(hand, s) for s in rules.suits)
        # Rule of thumb: bid by trump strength; a hand's worth of it bids a mark (Moon: a trick for
        # each point of strength, every trick at a hand's worth).
        if rules.row.ladder == "points":  # The Big Game: bids from 42 in points, 42 at five of strength, 2 more a point
            want = rules.min_bid + 2 * (int(strength) - 5) if strength >= 5 else 0
        elif rules.row.ladder == "tricks":  # the Moons
            want = rules.mark if strength >= rules.hand_size else int(strength) if strength >= rules.min_bid else 0
        else:
            want = rules.mark if strength >= rules.hand_size else {4: 30, 5: 32, 6: 34}.get(int(strength), 0)
        bids = [m for m in legal if m.kind == "bid" and m.value]
        fitting = [m for m in bids if m.value <= want]
        if fitting:
            return min(fitting, key=lambda m: m.value)
        passes = [m for m in legal if m.value == 0]
        return passes[0] if passes else min(bids, key=lambda m: m.value)


def _count(tile: Tile) -> int:
    return 10 if tile.pips == 10 else 5 if tile.pips == 5 else 0


def choose_tile(pos: Position) -> Tile:
    legal = pos.legal_moves
    seat = pos.to_move
    if not pos.trick:
        trumps = [t for t in legal if _wins_alone(pos, t)]
        return max(trumps or legal, key=lambda t: (t.is_double, t.pips))
    winner = pos.winning_so_far
    if winner is not None and pos.side_of(winner) == pos.side_of(seat) and len(pos.trick) == pos.trick_size - 1:
        return max(legal, key=lambda t: (_count(t), -t.pips))  # partner has it: feed counters
    winning = []
    for t in legal:
        pos.play(t)
        if pos.trick_winner == seat if not pos.trick else pos.winning_so_far == seat:
            winning.append(t)
        pos.undo()
    if winning:
        return min(winning, key=lambda t: (_count(t), t.pips))
    return min(legal, key=lambda t: (_count(t), t.pips))


def _wins_alone(pos: Position, tile: Tile) -> bool:
    """A lead that is a trump or a double: the tiles a rule-of-thumb player leads first."""
    return tile.is_double or (isinstance(pos.trump, int) and pos.trump in (tile.hi, tile.lo))


def _hint_figures(h: Any) -> dict[str, Any]:
    """A hint's figures as a decision's record keeps them: per move its mean and P(make)."""
    return {"by": f"hint ({h.method})", "worlds": h.worlds,
            "moves": [[m.move, None if m.mean is None else round(m.mean, 3), None if m.p_make is None else round(m.p_make, 4)] for m in h.moves]}


def _specials_open(rules: Rules, legal: list[Bid]) -> bool:
    """Whether the advice must weigh contracts of their own: a special bid legal now, or declarations
    the seat may name for a contract in tricks (Nel-O, Sevens) on a mark bid."""
    return any(getattr(b, "kind", ORDINARY) != ORDINARY for b in legal) or rules.declarations != rules.table_declarations


class HintBot:
    """Plays from its seat's view only: bids and declares with the bidding advisor (judging point
    bids on double-dummy points less ``discount``, bids of every trick at ``mark_risk``), plays the
    first move of a PIMC hint. The defaults were tuned against RuleBot on a few dozen mirrored
    deals (bench/studies/README.md): double dummy overrates a declarer by 3-7 points, so the bot bids only
    with a 75% chance after a 5-point discount (``bidding.playing_thresholds``, the thresholds of
    every front end's advice). It ranks plays as the hint a user gets does (``objective="auto"``): in
    the marks game by the chance of making (or setting) the contract, then mean points;
    ``objective="points"`` ranks by mean points; ``objective="game"`` (42's marks game) bids by the
    adviser's chance of winning the game from the score (``game_odds.py``) and plays by it (the same
    order as the chance of the contract within a hand). Under
    ``specials = all`` it bids a Plunge or Splash when the advisor's P(make) with the best single
    declaration reaches the threshold the marks at stake set (``bidding.special_threshold``, never
    below ``mark_risk``), and likewise a mark to declare Nel-O or Sevens itself (naming it once the
    mark is won when it makes more often than the best points declaration), names the
    declaration for a partner's special bid by its chance of every trick, and plays a contract of
    every trick (or none) by the chance of making (setting) it first: there the mean counts tricks,
    which score nothing by themselves. Seeds come from ``seed`` and the game's move count, so a game
    replays the same way. In Moon and Partnership Moon (docs/rules.md §4.1-4.2) the advisor judges
    bids in tricks (``dominosolver.moon.bidding``) less ``moon_discount`` tricks, needing P(make) of at least
    ``moon_risk`` (by default the family's ``bidding.playing_thresholds``), the exchange hint picks the tile to
    lay away, and play goes by the chance of the bid first. In The Big Game (docs/rules.md §4.3) it
    bids the least legal bid when some declaration takes its points plus ``discount`` on at least
    ``risk`` of ``bid_samples`` deals, by zero-window tests within ``bid_time`` seconds (``bid_tests.py``;
    unsettled deals count as not made; ``bid_nodes`` > 0 also bounds each decision's nodes, and
    with ``bid_time=None`` a decision no longer depends on the machine's load), lays away the best discard of ``advise_exchange`` (the same
    tests, within ``bid_time``) and names the declaration it judged them under, and gives a play hint with more than 7 tricks left ``hint_time`` seconds
    (``BIG_GAME_TIMES``). ``method`` and ``weighting`` are its play hints' (plain PIMC on uniform
    worlds by default). The family's own decisions (Moon's bid advice, The Big Game's auction,
    exchange and declaration) are its ``deciders`` (``deciders.py``: its game row gives them), or,
    given none, those its rules' family registered."""

    def __init__(
        self,
        samples: int = 20,
        bid_samples: int = 16,
        seed: int = 0,
        risk: float = PLAYING_THRESHOLDS["risk"],
        mark_risk: float = PLAYING_THRESHOLDS["mark_risk"],
        discount: int = PLAYING_THRESHOLDS["discount"],
        exact_limit: int = 200,
        threads: int = 1,
        objective: str = "auto",
        method: str = "pimc",
        weighting: str = "uniform",
        moon_discount: int | None = None,
        moon_risk: float | None = None,
        bid_time: float | None = BIG_GAME_TIMES["bid"],
        hint_time: float | None = BIG_GAME_TIMES["hint"],
        bid_nodes: int = 0,
        deciders: Deciders | None = None,
    ) -> None:
        self.samples, self.bid_samples, self.seed = samples, bid_samples, seed
        self.risk, self.mark_risk, self.discount = risk, mark_risk, discount
        self.exact_limit, self.threads, self.objective = exact_limit, threads, objective
        self.method, self.weighting = method, weighting  # how its play hints judge (hint's options)
        self.moon_discount, self.moon_risk = moon_discount, moon_risk
        self.bid_time, self.hint_time = time_limit(bid_time, "bid_time"), time_limit(hint_time, "hint_time")
        self.bid_nodes = node_budget(bid_nodes, "bid_nodes")  # The Big Game: nodes a decision (0: none), load-free
        self.fallbacks = 0  # play hints that solved no world within hint_time (the rule of thumb played)
        self.figures: dict[str, Any] | None = None  # what its last decision rested on (arena audits)
        self._advice: dict[tuple[int, tuple[Tile, ...]], Any] = {}  # the last hand's bid advice
        self._tests: dict[int, BidTests] = {}  # each seat's bid tests (42's auction, The Big Game's)
        self.deciders = deciders  # its family's own decisions before play (None: by its rules, deciders_of)
        self._deciders: dict[str, Any] = {}  # each family's decider made for this bot (Deciders.bot)

    def _discount(self, rules: Rules) -> int:
        """What comes off each double-dummy value when judging a bid: 42's points, or Moon's tricks."""
        if rules.row.counters:  # points
            return self.discount
        return playing_thresholds(rules)["discount"] if self.moon_discount is None else self.moon_discount

    def _risk(self, rules: Rules) -> float:
        """The P(make) a bid needs: 42's ``risk``, or Moon's."""
        if rules.row.counters:  # points
            return self.risk
        return playing_thresholds(rules)["risk"] if self.moon_risk is None else self.moon_risk

    def _score(self, game: Game, view: PlayerView) -> tuple[int, int] | None:
        """The game's marks, the seat's side first, when the bot plays for the game (objective "game",
        42's marks game; elsewhere it plays for the contract)."""
        rules = view.rules
        if self.objective != "game" or rules.scoring != "marks":  # 42's marks game: the others score points
            return None
        ours = rules.team_of(view.seat)
        return game.scores[ours], sum(v for k, v in game.scores.items() if k != ours)

    def _seed(self, game: Game) -> int:
        return (self.seed * 1_000_003 + len(game.moves)) & 0xFFFFFFFF

    def _advise(self, game: Game) -> Any:
        view = game.view(game.to_move)
        key = (view.seat, view.hand)  # the same hand: reuse the deals solved (or tested) at the bid
        tests = self._tests.get(view.seat)
        if key not in self._advice:
            self._advice = {
                key: advise_bid(
                    view,
                    samples=self.bid_samples,
                    seed=tests.seed if tests is not None and tests.view.hand == view.hand else self._seed(game),
                    risk=self._risk(view.rules),
                    mark_risk=self.mark_risk,
                    discount=self._discount(view.rules),
                    threads=self.threads,
                )
            }
        return self._advice[key]

    def _bid_by_tests(self, game: Game, view: PlayerView, legal: list[Bid]) -> Bid:
        """42's auction without a special bid open: the adviser's call (``bidding.ordinary_call``, on
        the same deals and thresholds), its questions answered by zero-window tests at the levels
        they ask about (``bid_tests.py``; with no limit the shares they prove there are exact). A
        tenth of the work of every declaration's value on every deal."""
        rules = view.rules
        high_seat, high = max(view.auction, key=lambda a: a[1], default=(None, 0))
        partner_high = high > 0 and high_seat == rules.partner_of(view.seat)
        tests = self._bid_tests(game, view)
        asked: dict[str, list[float]] = {}  # per level tested, each declaration's share proven to make it

        def makes(level: int, risk: float) -> bool:
            answer = tests.makes_any(level, risk)
            asked[str(level)] = [round(float(x), 4) for x in tests.p_make(level)]
            return answer

        mark_risk = self.risk if self.mark_risk is None else self.mark_risk
        bid = ordinary_call(rules, legal, partner_high, self._discount(rules), self._risk(rules), mark_risk, makes)
        self.figures = {"by": "zero-window tests", "worlds": tests.samples, "p_make": asked}
        return bid

    def _bid_tests(self, game: Game, view: PlayerView) -> BidTests:
        """The Big Game: the tests of the seat's hand, kept through its auction (one per seat: the bot
        may play two)."""
        tests = self._tests.get(view.seat)
        if tests is None or tests.view.hand != view.hand:
            tests = self._tests[view.seat] = BidTests(view, samples=self.bid_samples, seed=self._seed(game),
                                                      threads=self.threads)
        return tests

    def _deciders_of(self, rules: Rules) -> Deciders:
        """The family's row of deciders: the bot's own when given, else the registered row."""
        return self.deciders if self.deciders is not None else deciders_of(rules)

    def _decider(self, rules: Rules) -> Any:
        """The family's own decider of the moves before play (``Deciders.bot``: The Big Game's), made
        once per family for this bot, or None where 42's advice decides them."""
        deciders = self._deciders_of(rules)
        if deciders.bot is None:
            return None
        if rules.family not in self._deciders:
            self._deciders[rules.family] = deciders.bot(self)
        return self._deciders[rules.family]

    def choose(self, game: Game) -> Move:
        if game.phase in ("bidding", "exchange", "declaring"):
            view = game.view(game.to_move)
            decider = self._decider(view.rules)
            if decider is not None:  # The Big Game's, by zero-window tests
                return decider.choose(game, view)
        if game.phase == "bidding":
            legal = [m.value for m in game.legal_moves]
            view = game.view(game.to_move)
            score = self._score(game, view)
            own_advice = self._deciders_of(view.rules).advise_bid is not None  # Moon's, in tricks
            if not own_advice and not _specials_open(view.rules, legal) and score is None:
                return Move("bid", self._bid_by_tests(game, view, legal))
            advice = replace(self._advise(game), legal_bids=sorted(legal), **({"score": score} if score else {}))
            self.figures = {"by": "advice", "worlds": advice.worlds, "verdict": advice.verdict.to_json()}
            return Move("bid", advice.bid)
        if game.phase == "declaring":
            contract = game.contract
            assert contract is not None
            advice = replace(self._advise(game), contract=contract)
            self.figures = {"by": "advice", "worlds": advice.worlds, "verdict": advice.verdict.to_json()}
            return Move("declare", advice.best_declaration(contract.bid))  # type: ignore[attr-defined]
        view = game.view(game.to_move)
        if game.phase == "exchange":  # Moon: the tile to lay away, ranked on the same worlds
            h = hint(view, samples=self.samples, seed=self._seed(game), threads=self.threads, exact_limit=self.exact_limit)
            self.figures = _hint_figures(h)
            return Move("discard", Tile(h.best))
        if len(view.legal_moves) == 1:
            self.figures = {"by": "the only legal move"}
            return Move("tile", view.legal_moves[0])
        long = len(view.hand) > LONG_TRICKS  # The Big Game's first tricks: the hint has a time limit
        score = self._score(game, view)
        # For the game, or else the bot's objective; all or nothing (a contract in tricks): the goal.
        objective = "game" if score is not None else self.objective if view.objective == "points" else "goal"
        try:
            h = hint(
                view,
                samples=self.samples,
                seed=self._seed(game),
                threads=self.threads,
                exact_limit=self.exact_limit,
                objective=objective,
                score=score,
                time=self.hint_time if long else None,
                method=self.method,
                weighting=self.weighting,
            )
        except SearchLimitError:
            if not long:
                raise
            # Not one world solved within the time: the rule of thumb plays, on a position of one
            # world of the view (it reads only the seat's own tiles and the trick).
            self.fallbacks += 1
            self.figures = {"by": "the rule of thumb: no world solved within the time"}
            return Move("tile", choose_tile(position_of(view, WorldSampler(view).world(0))))
        self.figures = _hint_figures(h)
        return Move("tile", h.best)  # a tile, or a lower-end lead
