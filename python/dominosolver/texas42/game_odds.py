"""The chance of winning a game of 42 to its target (7 marks, docs/rules.md §2.5, §2.7) from a score, for
decisions late in a game.

A hand's contract moves marks: made, its stake to the declaring side; set, to the other side (a
point bid stakes one mark, a bid of k marks k). What comes after is modelled as even hands, each
won by either side for one mark with equal chance: the game odds then depend on the score alone,
and a contract's worth is ``game_chance``: P(make) times the odds after making plus the rest times
the odds after a set. Plays of one hand rank the same by it as by P(make) (both outcomes' odds are
fixed); a call does not: the stake and the score decide how much risk a mark is worth. Measured
(bench/studies/README.md), calls by these odds lose whole games to the adviser's thresholds: a pass is not an
even hand (the other side bids only what it likely makes), so the model is an experiment to improve.
"""

from __future__ import annotations

from typing import Any

from .._core import decisions as _decisions
from ..arguments import whole_number
from ..errors import ParseError, shown

__all__ = ["game_chance", "parse_score", "stake", "win_chance"]


def win_chance(us: int, them: int, target: int = 7) -> float:
    """The chance that the side with ``us`` marks reaches ``target`` before the side with ``them``,
    every hand from here even (one mark to either side, each with chance 1/2): the core's
    (cpp/include/dominosolver/texas42/decisions.hpp), which the WebAssembly module's advice reads too."""
    return _decisions.bidding.win_chance(us, them, target)


def stake(rules: Any, bid: int) -> int:
    """The marks a contract of ``bid`` puts at stake: one for a point bid, k for a bid of k marks (the
    core's, texas42/decisions.hpp, which the WebAssembly module's hints and advice call too)."""
    return _decisions.bidding.stake(rules._core, int(bid))  # type: ignore[no-any-return]


def game_chance(p_make: float, score: tuple[int, int], stake: int, declaring: bool, target: int = 7) -> float:
    """The chance that the side scoring ``score[0]`` (against ``score[1]``) wins the game, when the
    declaring side (it, when ``declaring``) makes a contract of ``stake`` marks with ``p_make``."""
    us, them = score
    return _decisions.bidding.game_chance(float(p_make), us, them, stake, bool(declaring), target)  # the core's


def parse_score(value: object, target: int = 7) -> tuple[int, int]:
    """A score as (the seat's side's marks, the other side's): a pair, or text "5-6"; each from 0 to
    one under ``target`` (a side at the target has won)."""
    if isinstance(value, str):
        parts = value.replace(" ", "").split("-")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise ParseError(f"score {shown(value)}: give the marks of both sides, the seat's first, as '5-6'")
        value = (int(parts[0]), int(parts[1]))
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ParseError(f"score must be two numbers of marks (the seat's side first), not {shown(value)}")
    us, them = (whole_number(v, "score", 0, target - 1) for v in value)
    return us, them
