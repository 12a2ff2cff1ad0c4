"""Exact solving of Bingo positions where every tile's place is known."""

from __future__ import annotations

from typing import Any

from .. import _core
from ..arguments import table_megabytes
from ..result import SolveResult
from .move import Move, MoveLike
from .position import Position

__all__ = ["solve", "Solver", "plain_minimax"]


class Solver:
    """An exact solver with its own transposition table (``tt_megabytes``): one per thread.
    The C++ search runs with the GIL released."""

    def __init__(self, tt_megabytes: int = 2) -> None:
        self._core = _core.bingo.Solver(table_megabytes(tt_megabytes, "tt_megabytes"))

    def solve(self, position: Position, *, margin: bool = True, pv: bool = True) -> SolveResult:
        """Every legal move's value in game points for the player to move (+1..+3 won, -1..-3 lost),
        both sides playing perfectly with every tile's place known. In phase one that includes the
        boneyard order (a "world": the value is clairvoyant about the draws)."""
        r = self._core.solve(position._pos, margin, pv)
        moves = dict(zip(r["moves"], r["values"]))
        value = r["value"]
        extra: dict[str, Any] = {"to_move": position.to_move, "perfect_information": position.perfect_information}
        if r["margin"] is not None:
            extra["points_margin"] = r["margin"]
        return SolveResult(
            game="bingo",
            pov=f"player {position.to_move}",
            value=value,
            moves=moves,
            best=[m for m, v in moves.items() if v == value],
            pv=list(r["pv"]),
            nodes=r["nodes"],
            extra=extra,
        )

    def value(self, position: Position) -> int:
        return self._core.value(position._pos)

    def move_values(self, position: Position, moves: list[MoveLike]) -> list[int]:
        return self._core.move_values(position._pos, [str(Move.parse(m)) for m in moves])

    def solve_worlds(self, base: Position, opponent_hands: list[int], boneyards: list[list[int]],
                     moves: list[MoveLike], max_nodes: int = 0) -> list[int]:
        """Values (world-major) of `moves` in each world: `base` with the opponent's hand (a tile mask)
        and the boneyard (tile ids, drawing order) replaced. One C++ call for the whole batch.
        With ``max_nodes`` (per world), a world needing more is left unsolved: its values are 0."""
        return self._core.solve_worlds(base._pos, opponent_hands, boneyards, [str(Move.parse(m)) for m in moves],
                                       max_nodes)

    @property
    def nodes(self) -> int:
        return self._core.nodes

    def clear(self) -> None:
        self._core.clear()


def solve(position: Position, *, margin: bool = True, pv: bool = True, tt_megabytes: int = 2) -> SolveResult:
    """Solve `position` exactly (see :meth:`Solver.solve`); ``extra["points_margin"]`` is the best
    card-point difference among moves of the best game value (ties broken by points)."""
    return Solver(tt_megabytes).solve(position, margin=margin, pv=pv)


def plain_minimax(position: Position) -> tuple[int, int]:
    """(value, nodes) by plain minimax in C++: no pruning, no table. The bench's baseline."""
    return _core.bingo.plain_minimax(position._pos)
