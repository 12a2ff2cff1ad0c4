"""The result of an exact solve, shared by every game's solver."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["SolveResult"]


@dataclass(frozen=True)
class SolveResult:
    """Exact values with both sides playing perfectly, all from the point of view ``pov``
    (the team or player to move: a value is what *they* get).

    - ``value``: the value of the position (Texas 42: points taken from the current trick on;
      Bingo: game points won, negative when lost).
    - ``moves``: every legal move (``"6-4"``, ``"declare:6-6,1-1"``...) → the value after it.
    - ``best``: the moves that reach ``value``; ``equivalent``: groups of interchangeable moves.
    - ``pv``: a principal variation (both sides' moves) to the end.
    - ``nodes``: search nodes visited (deterministic: a regression signature).
    - ``units``: what the values count: ``"points"``, or ``"tricks"`` under a contract that must take
      every trick or none (Texas 42's Plunge, Splash: docs/rules.md §3).
    - ``makes``: in tricks, whether the declaring side makes its contract with perfect play (else None).
    """

    game: str
    pov: str
    value: int
    moves: dict[str, int]
    best: list[str]
    pv: list[str]
    nodes: int
    equivalent: list[list[str]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific (Bingo: points_margin)
    units: str = "points"
    makes: bool | None = None

    def __getattr__(self, name: str) -> Any:  # game-specific fields read as attributes
        extra = self.__dict__.get("extra", {})
        if name in extra:
            return extra[name]
        raise AttributeError(name)

    def cost(self, move: str) -> int:
        """What playing `move` costs against the best play (0 for a best move)."""
        return self.value - self.moves[move]

    def to_json(self) -> dict[str, Any]:
        out = {
            "schema": "dominosolver.solve/1",
            "game": self.game,
            "pov": self.pov,
            "value": self.value,
            "moves": dict(self.moves),
            "best": list(self.best),
            "equivalent": [list(g) for g in self.equivalent],
            "pv": list(self.pv),
            "nodes": self.nodes,
            "units": self.units,
        }
        if self.makes is not None:
            out["makes"] = self.makes
        out.update(self.extra)
        return out
