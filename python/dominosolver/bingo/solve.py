"""Exact solving of Bingo positions where every tile's place is known.

A closed or exhausted deal solves in microseconds. A phase-one position with the boneyard order known
(a "world") takes milliseconds at the median at a deal's start, some seconds (bench/README.md,
Bingo), so a solve takes a node budget (``max_nodes``), which degrades to bounds on each move's
value rather than to nothing, and a time limit (``time``), and Ctrl-C stops any search with
KeyboardInterrupt (the C++ search polls for signals every few milliseconds, with the GIL released);
the solver stays usable after each. A solver shared by threads runs one search at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import _core
from ..arguments import callback, node_budget, renamed, switch, table_megabytes, time_limit
from ..errors import ParseError, SearchLimitError, shown
from ..result import SolveResult
from ..stoppable import Abandoned, stoppable
from .move import Move, MoveLike
from .position import Position, as_position

__all__ = ["solve", "Solver", "plain_minimax", "HINT_WORLD_NODES", "SOLVE_NODES", "TABLE_MB"]

# Default node budgets for phase-one worlds (1-2 * 10^7 nodes a second on the bench machine, unloaded).
HINT_WORLD_NODES = 150_000  # per world of a hint: most first-lead worlds need far fewer; the others get bounds
SOLVE_NODES = 20_000_000  # a command-line solve of a phase-one position: about a second
TABLE_MB = 2  # a solver's transposition table by default


class Solver:
    """An exact solver with its own transposition table of ``tt_mb`` megabytes. The C++ search runs
    with the GIL released; threads sharing a solver take turns (one search at a time), so a solver
    per thread is faster but a shared one is as correct. ``tt_megabytes`` is the old name of
    ``tt_mb`` (deprecated)."""

    def __init__(self, tt_mb: int | None = None, *, tt_megabytes: int | None = None) -> None:
        tt_mb = renamed(tt_mb, tt_megabytes, "tt_mb", "tt_megabytes")
        self.tt_mb = table_megabytes(TABLE_MB if tt_mb is None else tt_mb, "tt_mb")
        self._core = _core.bingo.Solver(self.tt_mb)

    def __repr__(self) -> str:  # as texas42.Solver's: the Python that makes one like it
        return f"Solver(tt_mb={self.tt_mb})"

    def solve(self, position: Position | str | dict[str, Any], *, margin: bool = True, pv: bool = True,
              max_nodes: int = 0, time: float | None = None,
              should_stop: Callable[[], bool] | None = None) -> SolveResult:
        """Every legal move's value in game points for the player to move (+1..+3 won, -1..-3 lost),
        both sides playing perfectly with every tile's place known. In phase one that includes the
        boneyard order (a "world": the value is clairvoyant about the draws).

        ``max_nodes`` > 0 bounds the whole solve, and ``time`` (seconds) its duration. When either
        runs out, ``extra["warnings"]`` says so, ``moves`` holds only the moves solved,
        ``extra["unsolved"]`` lists the others, and ``value`` is None unless every move was solved;
        the margin and the line are left out; ``extra["bounds"]`` then maps every move to what is
        proven of its value, [lower, upper], equal where it was solved: under a node budget each
        move gets a share of it, first to learn whether it wins or loses, then by how much.
        ``should_stop`` answering true (it is looked at every few hundredths of a second) stops the
        search under way at once: ``SearchLimitError``, and this solver gets a new table."""
        position = as_position(position)
        margin, pv = switch(margin, "margin"), switch(pv, "pv")
        budget = node_budget(max_nodes)
        seconds = time_limit(time)
        callback(should_stop)  # checked before any work: a short search never asks it
        if should_stop is None:
            r = self._core.solve(position._pos, margin, pv, budget, seconds)
        else:
            core = self._core
            try:
                r = stoppable(lambda: core.solve(position._pos, margin, pv, budget, seconds), should_stop,
                              on_abandon=core.request_stop)
            except BaseException as e:  # left running, asked to stop: that core solver is spent
                self._core = _core.bingo.Solver(self.tt_mb)
                if isinstance(e, Abandoned):
                    raise SearchLimitError("stopped on request before the search ended") from None
                raise
        # A move the budget left unsolved holds 0, which no solved move has (values are +-1..3).
        moves = {m: v for m, v in zip(r["moves"], r["values"]) if v != 0}
        unsolved = [m for m in r["moves"] if m not in moves]
        value = None if unsolved else max(moves.values())
        extra: dict[str, Any] = {"to_move": position.to_move, "perfect_information": position.perfect_information}
        if r["margin"] is not None:
            extra["points_margin"] = r["margin"]
        if not r["complete"]:
            left = (f"{len(unsolved)} of {len(r['moves'])} moves were not solved ({', '.join(unsolved)})"
                    if unsolved else "every move was solved, but not the points margin and the line")
            extra["unsolved"] = unsolved
            # What is proven of every move: [lower, upper], equal where it was solved to the end.
            extra["bounds"] = {m: [lo, hi] for m, lo, hi in zip(r["moves"], r["lower"], r["upper"])}
            limit = f"its time limit of {seconds:g} s" if r["timed_out"] else f"its budget of {budget:,} nodes"
            extra["warnings"] = [f"the search stopped at {limit}: {left}"]
        return SolveResult(
            game="bingo",
            pov=f"player {position.to_move}",
            value=value,  # type: ignore[arg-type]
            moves=moves,
            best=[m for m, v in moves.items() if v == value],
            pv=list(r["pv"]),
            nodes=r["nodes"],
            extra=extra,
        )

    def value(self, position: Position | str | dict[str, Any]) -> int:
        return self._core.value(as_position(position)._pos)

    def move_values(self, position: Position | str | dict[str, Any], moves: list[MoveLike]) -> list[int]:
        return self._core.move_values(as_position(position)._pos, _move_names(moves))

    def solve_worlds(self, base: Position, opponent_hands: list[int], boneyards: list[list[int]],
                     moves: list[MoveLike], max_nodes: int = 0, time: float | None = None) -> list[int]:
        """Values (world-major) of `moves` in each world: `base` with the opponent's hand (a tile mask)
        and the boneyard (tile ids, drawing order) replaced. One C++ call for the whole batch.
        With ``max_nodes`` (per world), a world needing more is left unsolved: its values are 0.
        With ``time`` (seconds), the work ends once it is spent: the values are those of the worlds
        solved before (fewer rows than worlds)."""
        return self._core.solve_worlds(as_position(base)._pos, opponent_hands, boneyards, _move_names(moves),
                                       node_budget(max_nodes), time_limit(time))

    def solve_worlds_bounds(self, base: Position, opponent_hands: list[int], boneyards: list[list[int]],
                            moves: list[MoveLike], max_nodes: int = 0, time: float | None = None,
                            should_stop: Callable[[], bool] | None = None) -> tuple[list[int], list[int]]:
        """As :meth:`solve_worlds`, each value as bounds: (lower, upper), flat and world-major, equal
        where the move was solved. With ``max_nodes`` (per world) each move first gets a share to
        learn whether it wins or loses, then what is left goes to by how much; a move it cuts short
        keeps the bounds proven (-3..3 at worst): no world is left out for its cost. The nodes the
        worlds leave unused then go to those cut short (each at least twice ``max_nodes``, from the
        start again): the call stays within ``max_nodes`` times the worlds. ``should_stop`` (looked at
        every few hundredths of a second, see ``stoppable``) answering true leaves the call at once
        with ``stoppable.Abandoned``: its search is asked to stop (within a few thousand nodes) and
        this solver gets a new table."""
        pos, names, budget, seconds = as_position(base)._pos, _move_names(moves), node_budget(max_nodes), time_limit(time)
        if should_stop is None:
            return self._core.solve_worlds_bounds(pos, opponent_hands, boneyards, names, budget, seconds)
        core = self._core
        try:
            return stoppable(lambda: core.solve_worlds_bounds(pos, opponent_hands, boneyards, names, budget, seconds),
                             should_stop, on_abandon=core.request_stop)
        except BaseException:  # left running, asked to stop: that core solver is spent
            self._core = _core.bingo.Solver(self.tt_mb)
            raise

    @property
    def nodes(self) -> int:
        return self._core.nodes

    def clear(self) -> None:
        self._core.clear()


def _move_names(moves: Any) -> list[str]:
    # A string is one move, not a list of them to read a character at a time.
    if isinstance(moves, (str, Move)) or not isinstance(moves, (list, tuple)):
        raise ParseError(f"moves must be a list of moves, not {shown(moves)}")
    return [str(Move.parse(m)) for m in moves]


def solve(position: Position | str | dict[str, Any], *, margin: bool = True, pv: bool = True, tt_mb: int | None = None,
          max_nodes: int = 0, time: float | None = None, tt_megabytes: int | None = None,
          should_stop: Callable[[], bool] | None = None) -> SolveResult:
    """Solve `position` exactly (see :meth:`Solver.solve`, with its node budget ``max_nodes``, 0 = none,
    and its time limit ``time`` in seconds, None = none) with a table of ``tt_mb`` MB (default
    ``TABLE_MB``; ``tt_megabytes`` is its old name, deprecated); ``extra["points_margin"]`` is the best
    card-point difference among moves of the best game value (ties broken by points); ``should_stop``
    as :meth:`Solver.solve` takes it."""
    tt_mb = renamed(tt_mb, tt_megabytes, "tt_mb", "tt_megabytes")
    return Solver(tt_mb).solve(position, margin=margin, pv=pv, max_nodes=max_nodes, time=time, should_stop=should_stop)


def plain_minimax(position: Position | str | dict[str, Any]) -> tuple[int, int]:
    """(value, nodes) by plain minimax in C++: no pruning, no table. The bench's baseline."""
    return _core.bingo.plain_minimax(as_position(position)._pos)
