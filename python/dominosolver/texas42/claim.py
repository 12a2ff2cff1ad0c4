"""The lay-down check (claiming the rest): from one seat's view, can its side claim every remaining
trick, or its contract (make it declaring, set it defending), whatever the hidden hands?

The answer is exact over the worlds: every deal of the hidden tiles the view allows
(``WorldSampler``) is solved by the C++ search, and a claim stands only if it holds in each:

- the seat to move claims with a play that keeps the goal in **every** world (``plays`` lists
  them: the line that claims it); when no single play does, each play is shown a world where it
  fails (``refutations``), and a world where no play at all reaches the goal is the ``refutation``;
- when another seat is to move, the goal must hold after **each** of its legal plays, in every world
  (an opponent plays as it likes, and a partner's choice is not the claimant's to make).

The plays after the next one are judged with every hand known, as a stated claim plays out its
line: the check is exact for the hidden hands and for the next play, not a strategy for every
later decision made blind (``Claim.note`` says so in every answer).

Each world asks one question of the search: in a contract in points a zero-window test per move
(``reach_batch``: does the side to move still take N points after it), in a contract counted in
tricks (every trick or none, Moon's tricks) every move's value (``solve_batch``). The worlds are
solved in batches, and the check stops at the first batch that settles the answer against the
claim. When more than ``limit`` worlds fit the view, the check draws ``samples`` of them: a world
that refutes the claim proves it cannot be made (``"no claim"``), and otherwise the answer is
``"unknown"``: never a guess.
"""

from __future__ import annotations

import time as _time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..arguments import MAX_WORLDS, seed_value, thread_count, time_limit, whole_number, world_count
from ..errors import InvalidViewError, ParseError, shown
from .exchange_rule import in_exchange
from .hint import before_play, pov_name
from .plays import play_of
from .position import Position
from .rules import side_label
from .sampling import World, WorldSampler, as_view, new_seed, position_of
from .solve import reach_batch, solve_batch
from .view import PlayerView

__all__ = ["CLAIM_LIMIT", "CLAIM_SCHEMA", "GOALS", "Claim", "claim", "claim_of"]

CLAIM_SCHEMA = "dominosolver.claim/1"
GOALS = ("rest", "contract")
CLAIM_LIMIT = 5_000  # worlds checked one by one; beyond, a sample looks for a refutation
CLAIM_SAMPLES = 200
CHUNK = 256  # worlds a batched call at most: the first batches are smaller, as a refutation comes early
# The first batch's worlds, growing 4-fold to CHUNK: the same batches whatever the threads (which share
# each batch), so that a check ends after the same worlds and a claim is the same on any machine.
FIRST_BATCH = 16
DRAWN_NODES = 2_000_000  # a drawn world's node budget (contracts in points): one cut short refutes nothing
NOTE = ("the next play is judged in every world; the side's later plays with every hand known, as a "
        "claim's stated line plays them")


@dataclass(frozen=True)
class Claim:
    """The answer of ``claim``: ``status`` "claim" (the goal holds in every world, after ``plays``
    when the seat is to move), "no claim" (a world refutes it: ``refutation``, or per play
    ``refutations``) or "unknown" (too many worlds to check them all, and none drawn refuted it)."""

    view: PlayerView
    goal: str  # "rest": every remaining trick (none of them, under a contract of no trick); "contract"
    status: str  # "claim", "no claim", "unknown"
    worlds: int  # the deals of the hidden tiles the view allows
    checked: int  # of them, those solved
    sampled: bool  # the worlds checked were drawn (more than the limit fit the view)
    to_move: int  # the seat to move
    plays: list[str]  # the plays of the seat to move that keep the goal in every world (it is to move)
    refutation: dict[str, Any] | None  # a world where the goal fails whatever the seat to move plays
    refutations: dict[str, dict[str, Any]]  # per play of the seat to move, a world where it fails
    reason: str
    seed: int | None = None  # the draw's seed, when the worlds were drawn
    nodes: int = field(compare=False, default=0)  # the work: varies with threads, not part of equality
    elapsed: float = field(compare=False, default=0.0)  # timing: not part of equality
    warnings: list[str] = field(default_factory=list)

    @property
    def claims(self) -> bool:
        return self.status == "claim"

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def note(self) -> str:
        return NOTE

    def to_json(self) -> dict[str, Any]:
        names = self.view.rules.seat_names
        return {
            "schema": CLAIM_SCHEMA,
            "game": self.view.game,
            "rules": self.view.rules.game_flags,  # as in its position: "game" names the family
            "position": self.view.to_json(),
            "seat": self.seat,
            "side": pov_name(self.view),
            "goal": self.goal,
            "aim": _aim(self.view) if self.goal == "contract" else None,
            "status": self.status,
            "claim": self.claims,
            "to_move": names[self.to_move],
            "plays": list(self.plays),
            "refutation": self.refutation,
            "refutations": dict(self.refutations),
            "reason": self.reason,
            "worlds": self.worlds,
            "checked": self.checked,
            "sampled": self.sampled,
            "seed": self.seed,
            "note": NOTE,
            "warnings": list(self.warnings),
            "nodes": self.nodes,
            "elapsed": round(self.elapsed, 6),
        }

    def __str__(self) -> str:
        what = _goal_words(self.view, self.goal)
        side = side_label(self.view.rules, pov_name(self.view))
        answer = {"claim": "yes", "no claim": "no", "unknown": "cannot tell"}[self.status]
        lines = [f"Claim {what} ({side}): {answer}. {self.reason}"]
        if self.refutation is not None:
            lines.append(f"  refuted by the world {self.refutation['position']}")
        elif self.refutations and self.status == "no claim":
            for move, world in self.refutations.items():
                lines.append(f"  {move} fails in {world['position']}")
        checked = (f"{self.checked} of the {self.worlds} worlds drawn (seed {self.seed})" if self.sampled
                   else f"{self.checked} of the {self.worlds} worlds solved")
        lines.append(f"  [{checked}; {NOTE}]")
        lines += [f"  warning: {w}" for w in self.warnings]
        return "\n".join(lines)


def claim(view: Any, goal: str = "rest", *, limit: int = CLAIM_LIMIT, samples: int = CLAIM_SAMPLES,
          seed: int | None = None, time: float | None = None, threads: int | None = None,
          should_stop: Callable[[], bool] | None = None) -> Claim:
    """Can the side of ``view``'s seat claim ``goal`` whatever the hidden hands? ``goal`` is "rest"
    (every remaining trick, the current one included; under a contract of no trick, none of them) or
    "contract" (make it when the side declared, set it when it defends). With at most ``limit``
    worlds every one is solved; beyond, ``samples`` drawn from ``seed`` are (a refutation among them
    is proof; without one the answer is "unknown"). ``time`` (seconds) or ``should_stop`` ends the
    check between batches of worlds (the answer is then "unknown" unless a refutation was found). ``view`` is a PlayerView, its JSON
    or text, a Position or a Game (the view of the seat to move)."""
    start = _time.perf_counter()
    v, limit, samples, seed, time, threads = _checked(view, goal, limit, samples, seed, time, threads)
    sampler = WorldSampler(v)
    first = position_of(v, sampler.world(0))  # every world has the same points, tricks and legal plays
    judge = _judge(v, first, goal)
    mover = first.to_move
    assert mover is not None
    legal = [t.id for t in v.legal_moves] if mover == v.seat else None  # the others' plays differ by world
    drawn = sampler.count > limit
    if drawn:
        seed = new_seed() if seed is None else seed
        worlds: Any = sampler.sample(samples, seed)
        total = samples
    else:
        seed = None
        worlds = iter(sampler)
        total = sampler.count
    check = _Check(v, legal, judge, DRAWN_NODES if drawn else 0)
    check.run(worlds, drawn, total, threads, time, start, should_stop)
    status, reason = _verdict(check, v, goal, mover, sampler.count, limit, drawn)
    refutation, refutations = check.refutation, check.refutations
    if status != "no claim":
        refutation, refutations = None, {}
    elif refutation is not None:
        refutations = {}  # one world refutes every play: the per-play worlds add nothing
    warnings = []
    if v.gone and v.contract is not None and goal == "contract":
        warnings.append("tricks before the recorded plays are unknown: their points count as 0")
    return Claim(v, goal, status, sampler.count, check.checked, drawn, mover,
                 check.plays() if status == "claim" else [], refutation, refutations, reason, seed, check.nodes,
                 _time.perf_counter() - start, warnings)


HAND_OVER = "the hand is over: there is nothing to claim"


def _checked(view: Any, goal: Any, limit: Any, samples: Any, seed: Any, time: Any,
             threads: Any) -> tuple[PlayerView, int, int, int | None, float | None, int | None]:
    """``claim``'s arguments checked (ParseError), and the view (InvalidViewError when there is
    nothing to claim): the view, ``limit``, ``samples``, ``seed``, ``time`` and ``threads``."""
    if goal not in GOALS:
        raise ParseError(f"unknown claim goal {shown(goal)}: use one of {', '.join(GOALS)}")
    limit = whole_number(limit, "limit", 0, MAX_WORLDS)
    samples = world_count(samples, "samples")
    seed = seed_value(seed)
    time = time_limit(time)
    threads = thread_count(threads)
    if isinstance(view, Position) and view.to_move is None:
        raise InvalidViewError(HAND_OVER)  # as as_view's for a finished Position
    v = as_view(view)
    if v.trump is None:
        raise InvalidViewError(before_play(v, "nothing to claim"))  # hint's words
    if v.to_move is None:
        raise InvalidViewError(HAND_OVER)
    if in_exchange(v):
        raise InvalidViewError("nothing to claim yet: the bidder is laying a tile away")
    if goal == "contract" and v.contract is None:
        raise InvalidViewError("no contract to claim: the position names none (claim the rest instead)")
    return v, limit, samples, seed, time, threads


@dataclass
class _Check:
    """The worlds' check as it stands: the seat's legal plays when it is to move (``legal``: the
    others' differ by world) and per play whether it kept the goal in every world so far
    (``keeps``), a world where the goal fails whatever is played (``refutation``: the only answer
    when another seat is to move) or per play (``refutations``), and the work so far."""

    view: PlayerView
    legal: list[int] | None
    judge: Judge
    budget: int  # each world's node budget (0: none)
    keeps: np.ndarray | None = None
    refutation: dict[str, Any] | None = None
    refutations: dict[str, dict[str, Any]] = field(default_factory=dict)
    checked: int = 0
    nodes: int = 0
    stopped: bool = False  # the time or a stop ended the check before every world was checked

    def run(self, worlds: Any, drawn: bool, total: int, threads: int | None, time: float | None, start: float,
            should_stop: Callable[[], bool] | None) -> None:
        """Judge the ``total`` worlds (drawn: a list; else an iterator) in growing batches until one
        settles the answer against the claim, the time is spent or a stop is asked."""
        size = FIRST_BATCH
        while self.checked < total:
            if (should_stop is not None and should_stop()) or (
                    time is not None and self.checked and _time.perf_counter() - start > time):
                self.stopped = True
                break
            batch = [next(worlds) if not drawn else worlds[self.checked + k]
                     for k in range(min(size, total - self.checked))]
            size = min(CHUNK, size * 4)
            positions = [position_of(self.view, w) for w in batch]
            # ok[i, play id]: the goal holds after that play; known: the play is legal and was answered
            ok, known, spent = self.judge(positions, threads, self.budget)
            self.nodes += spent
            self.checked += len(batch)
            failing = known & ~ok
            if self.own_batch(batch, positions, failing) if self.legal is not None else \
                    self.others_batch(batch, positions, failing):
                break

    def own_batch(self, batch: list[World], positions: list[Position], failing: np.ndarray) -> bool:
        """The seat to move: record where each of its plays fails; whether none keeps the goal now."""
        v, legal = self.view, self.legal
        assert legal is not None
        if self.keeps is None:
            self.keeps = np.ones(len(legal), dtype=bool)
        for play in legal:
            rows = np.flatnonzero(failing[:, play])
            if rows.size and str(play_of(play)) not in self.refutations:
                self.refutations[str(play_of(play))] = _world(v, batch[rows[0]], positions[rows[0]])
        self.keeps &= ~failing[:, legal].any(axis=0)
        lost = np.flatnonzero(failing[:, legal].all(axis=1))
        if lost.size and self.refutation is None:
            self.refutation = _world(v, batch[lost[0]], positions[lost[0]])
        return not self.keeps.any()

    def others_batch(self, batch: list[World], positions: list[Position], failing: np.ndarray) -> bool:
        """Another seat to move: every legal play of it (each world's own) must keep the goal;
        whether one fails (the refutation)."""
        bad = np.argwhere(failing)
        if bad.size:
            i, p = bad[0]
            self.refutation = _world(self.view, batch[i], positions[i], move=str(play_of(int(p))))
            return True
        return False

    def plays(self) -> list[str]:
        """The seat's plays that kept the goal in every world checked."""
        return [str(play_of(p)) for p, k in zip(self.legal or [], self.keeps if self.keeps is not None else []) if k]


def _verdict(check: _Check, v: PlayerView, goal: str, mover: int, count: int, limit: int,
             drawn: bool) -> tuple[str, str]:
    """The claim's status ("claim", "no claim", "unknown") and the reason given, from the check."""
    names = v.rules.seat_names
    own = check.legal is not None
    if check.refutation is not None and not own:
        status = "no claim"
        reason = (f"{names[mover]} to play: after {check.refutation['move']} in the world shown the side cannot "
                  f"{_goal_verb(goal)}, even with every hand known")
    elif own and check.keeps is not None and not check.keeps.any():
        status = "no claim"
        if check.refutation is not None:
            reason = f"in the world shown no play of {names[mover]}'s can {_goal_verb(goal)}, even with every hand known"
        else:
            reason = "each play fails in some world: which one wins depends on the hidden hands"
    elif check.stopped or drawn:
        status = "unknown"
        reason = (f"stopped after {check.checked} of {count} worlds, none refuting it" if check.stopped else
                  f"{count} worlds fit the view, more than the limit {limit}: none of the {check.checked} "
                  "drawn refutes the claim, and the rest cannot be checked one by one here")
    else:
        status = "claim"
        reason = (f"{' or '.join(check.plays())} keeps it in every one of the {count} worlds" if own else
                  f"whatever {names[mover]} plays, it holds in every one of the {count} worlds")
    return status, reason[0].upper() + reason[1:]


Judge = Callable[[list[Position], int | None, int], tuple[np.ndarray, np.ndarray, int]]


def _judge(v: PlayerView, first: Position, goal: str) -> Judge:
    """The search a world asks: per world and play id of the seat to move, whether the seat's side
    still reaches ``goal`` after that play (with every hand known from there on); with where the
    play is legal and answered (a node budget, contracts in points, may leave some unanswered) and
    the nodes searched."""
    mover = first.to_move
    assert mover is not None
    ours = first.side_of(mover) == first.side_of(v.seat)  # the seat to move is on the claiming side
    declarer_team = first.side_of(v.contract.declarer) if v.contract is not None else None
    declaring = declarer_team == first.side_of(v.seat)
    if first.units == "points":
        remaining = first.remaining_points
        if goal == "rest":
            target = remaining
        else:
            assert v.contract is not None and declarer_team is not None
            short = v.rules.points_needed(v.contract.bid) - v.points[declarer_team]
            target = short if declaring else remaining - short + 1
        # The side to move's target: the side's own, or for the other side one point more than it may take.
        asked = target if ours else remaining - target + 1

        def by_points(positions: list[Position], threads: int | None, budget: int) -> tuple[np.ndarray, np.ndarray, int]:
            out = reach_batch(positions, [asked] * len(positions), threads, max_nodes=budget)
            return (out.reached if ours else ~out.reached), out.known, out.nodes
        return by_points

    left = first.tricks_left
    taken_by_declarers = first.tricks_won[declarer_team] if declarer_team is not None else 0
    lost_by_declarers = first.tricks_won[1 - declarer_team] if declarer_team is not None else 0
    no_trick = first.objective == "no trick"

    def reaches(side_tricks: np.ndarray) -> np.ndarray:
        """Whether the seat's side reaches the goal taking ``side_tricks`` of the tricks left."""
        if goal == "rest":
            return side_tricks == (0 if no_trick else left)
        declarers = side_tricks if declaring else left - side_tricks
        assert v.contract is not None
        if first.objective == "every trick":
            makes = (lost_by_declarers == 0) & (declarers == left)
        elif no_trick:
            makes = (taken_by_declarers == 0) & (declarers == 0)
        else:
            makes = taken_by_declarers + declarers >= v.rules.points_needed(v.contract.bid)
        return makes if declaring else ~makes

    def by_tricks(positions: list[Position], threads: int | None, budget: int) -> tuple[np.ndarray, np.ndarray, int]:
        out = solve_batch(positions, threads, moves=True)  # a search in tricks takes no node budget
        assert out.move_values is not None
        values = out.move_values.astype(np.int32)
        return reaches(values if ours else left - values), values >= 0, out.nodes
    return by_tricks


def _world(v: PlayerView, world: World, pos: Position, move: str | None = None) -> dict[str, Any]:
    """A world as the answer shows it: its position (notation a `solve` reads) and each hidden hand."""
    names = v.rules.seat_names
    return {"position": str(pos), "move": move,
            "hands": {names[s]: [str(t) for t in pos.hand(s)] for s in range(v.rules.seats) if s != v.seat}}


def _aim(v: PlayerView) -> str:
    """What the seat's side wants of the contract: "make" it (it declared) or "set" it."""
    assert v.contract is not None
    if v.rules.scorers > 2:
        return "make" if v.seat == v.contract.declarer else "set"
    return "make" if v.rules.team_of(v.seat) == v.rules.team_of(v.contract.declarer) else "set"


def _goal_words(v: PlayerView, goal: str) -> str:
    if goal == "contract":
        return "the contract (making it)" if _aim(v) == "make" else "the contract (setting it)"
    return "the rest"


def _goal_verb(goal: str) -> str:
    return {"rest": "take every remaining trick", "contract": "reach its goal in the contract"}[goal]


def claim_of(target: Any, seat: int | None = None, **options: Any) -> Claim:
    """``claim`` for ``seat``'s view of a position (default: the seat to move), or for a view (the
    registry's ``GameSpec.claim``: what the HTTP API and the terminal game call)."""
    if isinstance(target, Position) and (seat is not None or target.to_move is not None):
        target = target.view(seat if seat is not None else target.to_move)
    elif seat is not None and seat != as_view(target).seat:
        names = as_view(target).rules.seat_names
        raise ParseError(f"seat {names[seat]}: this is {names[as_view(target).seat]}'s view, it cannot claim for another seat")
    return claim(target, **options)
