"""Players for whole Bingo games: a random legal player, a hint player and a rule-based baseline in the
style of the best open-source Sixty-Six engine (``BaselineBot``, its docstring). They choose among the
legal moves the C++ core lists; they never decide legality themselves, and the baseline reads every
rule fact it weighs (tile values, which reply beats which lead, the trumps) from the core's tables."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any, Protocol

from .. import _core
from ..arguments import renamed
from ..errors import SearchLimitError
from ..tiles import Tile
from .game import Game
from .hint import EXACT_LIMIT, hint
from .move import Move
from .rules import Rules
from .sampling import first_world, position_of
from .solve import Solver
from .view import PlayerView

__all__ = ["BaselineBot", "Bot", "HintBot", "RandomBot"]

SAMPLES = 16  # worlds per hint of the hint bot


class Bot(Protocol):
    def choose(self, game: Game) -> Move: ...


class RandomBot:
    """Any legal move, uniformly (claims only with 70 points)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves
        sound = [m for m in moves if m.kind != "claim" or game.position.points[game.to_move] >= 70]
        return self.rng.choice(sound or moves)


class HintBot:
    """Plays the best move of a hint from its own view. Each decision samples its worlds with a seed
    derived from the bot's seed and the move number, so a game replays identically; `weighting`
    "play" weights them by the opponent's recorded decisions (play_inference.py). `max_nodes`
    bounds the work per world (early phase-one worlds can be costly to solve exactly); a decision
    none of whose worlds is solved to the end within it (all left at bounds) searches the same
    worlds again with ten times the budget, as often as it takes."""

    def __init__(self, samples: int | None = None, seed: int = 0, max_nodes: int = 50_000, exact_limit: int = 400,
                 *, worlds: int | None = None, weighting: str = "uniform") -> None:
        samples = renamed(samples, worlds, "samples", "worlds")  # worlds: the old name, deprecated
        self.samples = SAMPLES if samples is None else samples
        self.seed, self.max_nodes, self.exact_limit, self.weighting = seed, max_nodes, exact_limit, weighting
        self.solver = Solver()

    def choose(self, game: Game) -> Move:
        seat = game.to_move
        assert seat is not None
        budget = self.max_nodes
        while True:
            try:
                h = hint(game.view(seat), samples=self.samples, seed=self.seed * 1_000_003 + len(game.moves),
                         exact_limit=self.exact_limit, max_nodes=budget, solver=self.solver, weighting=self.weighting)
                if budget and h.worlds and h.bounded == h.worlds:  # every world cut short: only bounds to go on
                    budget *= 10
                    continue
                return Move.parse(h.best)
            except SearchLimitError:
                if not budget:  # no limit cannot run out; whatever this is, it is not the budget's
                    raise
                budget *= 10


TARGET = 70  # points that win a deal (docs/rules.md §5.1): Sixty-Six's 66
COUNTER = 10  # a tile worth this much is a "counter", Sixty-Six's ace or ten
CLOSE_TRUMPS = 5  # trumps in hand that close the boneyard outright (Sixty-Six: 5 of 6 cards)
CLOSED_SAMPLES = 100  # opponent hands a closed deal's decision averages when more than EXACT_LIMIT fit


@lru_cache(maxsize=64)
def _table(rules_json: str, trump: int) -> dict[str, Any]:
    """The core's lookup tables of one trump under one set of rules (values, beaten_by, trumps)."""
    return _core.bingo.table(Rules.from_json(json.loads(rules_json))._core, trump)


def _bits(mask: int) -> int:
    return mask.bit_count()


class BaselineBot:
    """A rule-based Bingo player modelled on the heuristic player of NikolayIT/SantaseGameEngine (the
    open-source Santase/Sixty-Six engine with the strongest published players): its ``ClaudePlayer``
    plays phase one by rules, closes only by rule, and searches the endgame exactly once nothing is
    hidden; its rules descend from the engine's ``SmartPlayer`` strategies. Sixty-Six's cards map to
    Bingo's tiles (docs/rules.md §5) as: a suit → a number (a non-trump tile belongs to both its
    numbers, a lead calls the suit §5.2 says); the trump suit → the tiles showing the trump number,
    with the Bingo ``0-0`` on top; aces and tens → counters (tiles worth ``COUNTER`` = 10 or more,
    §5.4); a marriage (20/40) → a declaration of doubles (§5.7); 66 → 70; exchanging the nine of
    trumps → the trump exchange (§6.3, an option); closing the talon → closing the boneyard (§5.9).

    Boneyard open (phase one), in this order:

    - claim with 70 valid points (manual claims); take the trump exchange whenever offered ("almost
      always a good move");
    - **close** (the engine's rules, scaled to 7 tiles): with ``CLOSE_TRUMPS`` = 5 trumps in hand;
      with 4 trumps whose best nothing unseen can beat (its "4 trumps and the trump marriage the
      opponent cannot break"); or when it is provably safe: valid and pending points, the
      declaration the doubles in hand would make, and one lead nothing unseen beats reach 70;
    - otherwise draw (``instead_of_draw``), and declare whenever the core offers a declaration, the
      one worth most (it always announces 20 or 40);
    - **lead**: a tile nothing unseen beats that brings the points to 70 (the round-winning cash);
      else, masters hoarded, the cheapest non-trump by value, then by how few unseen tiles beat it
      (its "smallest card of the opponent's shortest suit"), keeping doubles a declaration still
      needs (its dumps spare a king or queen whose partner may come); trumps only when nothing
      else is left;
    - **reply**: win when the trick brings the bot to 70, or stops the leader reaching 70 with it;
      overtake with the highest non-trump that beats the lead (collecting its points), keeping a
      double that a declaration still needs; ruff a counter with the cheapest trump that wins;
      otherwise give the cheapest tile, non-trumps first, doubles a declaration needs last.

    Boneyard empty (nothing hidden, perfect recall): the exact solver's best move, ties by the
    points margin (its line's first move), as the engine's minimax. Boneyard closed, where the
    engine keeps to its rules (the opponent's hand is still hidden): the move of best mean value
    over every opponent hand the view allows, each solved exactly by the project's C++ solver,
    enumerated when at most ``EXACT_LIMIT`` fit (from about trick 3 on), else over
    ``CLOSED_SAMPLES`` sampled hands; so the baseline plays a closed deal at least as well as the
    engine would."""

    def __init__(self, seed: int = 0, closed_samples: int = CLOSED_SAMPLES) -> None:
        self.seed = seed
        self.closed_samples = closed_samples
        self.solver = Solver()

    # ------------------------------------------------------------ decisions

    def choose(self, game: Game) -> Move:
        seat = game.to_move
        assert seat is not None
        return self.choose_in(game.view(seat), decision=len(game.moves))

    def choose_in(self, view: PlayerView, decision: int = 0) -> Move:
        """The bot's move from ``view`` (its player must be to move)."""
        moves = list(view.legal_moves)
        if len(moves) == 1:
            return moves[0]
        by_kind: dict[str, list[Move]] = {}
        for m in moves:
            by_kind.setdefault(m.kind, []).append(m)
        me = view.seat
        if "claim" in by_kind and view.points[me] >= TARGET:
            return by_kind["claim"][0]
        if view.closed_by is not None or view.boneyard_size == 0:
            return self.endgame(view, moves, decision)
        if "exchange" in by_kind:
            return by_kind["exchange"][0]
        if "close" in by_kind and self.should_close(view):
            return by_kind["close"][0]
        if "draw" in by_kind:
            return by_kind["draw"][0]
        if "declare" in by_kind:
            return max(by_kind["declare"], key=lambda m: (self.declaration_points(view, m.doubles), len(m.doubles)))
        tiles = [m.tile.id for m in by_kind.get("tile", []) if m.tile is not None]
        if not tiles:  # nothing the rules above take: a claim under 70 is never made while another move exists
            return next(m for m in moves if m.kind != "claim")
        pick = self.reply(view, tiles) if view.trick else self.lead(view, tiles)
        return Move.parse(str(Tile.from_id(pick)))

    def endgame(self, view: PlayerView, moves: list[Move], decision: int) -> Move:
        """Nothing hidden: the exact solver's best move; closed: the best mean over the opponent's hands."""
        if view.facedown_count == 0 and len(view.unknown) == view.opponent_hand_size - len(view.opponent_known):
            r = self.solver.solve(position_of(view, *first_world(view)), margin=True, pv=True)
            first = r.pv[0] if r.pv else None
            return Move.parse(first if first in r.best else r.best[0])
        h = hint(view, samples=self.closed_samples, seed=self.seed * 1_000_003 + decision, exact_limit=EXACT_LIMIT,
                 max_nodes=0, solver=self.solver)
        return Move.parse(h.best)

    # ------------------------------------------------------------ phase one

    def facts(self, view: PlayerView) -> tuple[dict[str, Any], int]:
        """The core's tables for the view's trump and rules, and the tiles the opponent may reply
        with (unseen or known in its hand, less those its replies showed absent), as a mask."""
        table = _table(json.dumps(view.rules.to_json(), sort_keys=True), view.trump)
        threat = sum(1 << t.id for t in (view.unknown - view.opponent_absent) | view.opponent_known)
        return table, threat

    def declaration_points(self, view: PlayerView, doubles: tuple[Any, ...]) -> int:
        return int(_core.bingo.declaration_points(view.rules._core, [t.id for t in doubles]))

    def should_close(self, view: PlayerView) -> bool:
        table, threat = self.facts(view)
        hand = [t.id for t in view.hand]
        trumps = [t for t in hand if table["trumps"] >> t & 1 or t == BINGO]
        if len(trumps) >= CLOSE_TRUMPS:
            return True
        sure = [t for t in hand if not table["beaten_by"][t] & threat]
        if len(trumps) >= CLOSE_TRUMPS - 1 and any(t in sure for t in trumps):
            return True
        me = view.seat
        have = view.points[me] + self.pending(view, me)
        if any(have + table["value"][t] >= TARGET for t in sure):
            return True
        doubles = [t for t in view.hand if t.is_double]
        if len(doubles) >= 2 and not any(d.player == me for d in view.declarations):
            shown = self.declaration_points(view, tuple(doubles))
            return any(have + shown + table["value"][t.id] >= TARGET for t in doubles if t.id in sure)
        return False

    def pending(self, view: PlayerView, player: int) -> int:
        """Declared points of `player` still waiting for its first trick (they count once it wins one)."""
        if view.tricks[player]:
            return 0
        return sum(self.declaration_points(view, d.tiles) for d in view.declarations if d.player == player)

    def lead(self, view: PlayerView, tiles: list[int]) -> int:
        table, threat = self.facts(view)
        value, beaten_by, trumps = table["value"], table["beaten_by"], table["trumps"] | 1 << BINGO
        have = view.points[view.seat] + self.pending(view, view.seat)
        cash = [t for t in tiles if not beaten_by[t] & threat and have + value[t] >= TARGET]
        if cash:
            return max(cash, key=lambda t: value[t])
        plain = [t for t in tiles if not trumps >> t & 1] or tiles
        keep = self.doubles_to_keep(view)
        return min(plain, key=lambda t: (t in keep, value[t], _bits(beaten_by[t] & threat), _strength(table, t)))

    def reply(self, view: PlayerView, tiles: list[int]) -> int:
        table, _ = self.facts(view)
        value, beaten_by, trumps = table["value"], table["beaten_by"], table["trumps"] | 1 << BINGO
        me, lead = view.seat, view.trick[0].id
        winners = [t for t in tiles if beaten_by[lead] >> t & 1]
        keep = self.doubles_to_keep(view)
        cheapest = min(tiles, key=lambda t: (bool(trumps >> t & 1), t in keep, value[t], _strength(table, t)))
        cheapest_win = min(winners, key=lambda t: (value[t], bool(trumps >> t & 1), _strength(table, t)), default=None)
        have = view.points[me] + self.pending(view, me)
        theirs = view.points[1 - me] + self.pending(view, 1 - me)
        if winners:
            reach = [t for t in winners if have + value[lead] + value[t] >= TARGET]
            if reach:
                return min(reach, key=lambda t: (value[t], _strength(table, t)))
            if theirs + value[lead] + value[cheapest] >= TARGET:
                return cheapest_win  # type: ignore[return-value]
        overtake = [t for t in winners if not trumps >> t & 1 and t not in keep]
        if overtake:
            return max(overtake, key=lambda t: (value[t], -_strength(table, t)))
        if value[lead] >= COUNTER:
            ruffs = [t for t in winners if trumps >> t & 1]
            if ruffs:
                return min(ruffs, key=lambda t: (value[t], _strength(table, t)))
        return cheapest

    def doubles_to_keep(self, view: PlayerView) -> set[int]:
        """The doubles in hand a declaration can still show: two or more, and the player has not declared."""
        doubles = {t.id for t in view.hand if t.is_double}
        declared = any(d.player == view.seat for d in view.declarations)
        return doubles if len(doubles) >= 2 and not declared else set()


BINGO = 0  # the tile id of 0-0, the Bingo (docs/rules.md §5.2)


def _strength(table: dict[str, Any], t: int) -> int:
    """How strong a tile is, by how few tiles beat it as a lead (the Bingo: none)."""
    return -_bits(table["beaten_by"][t])
