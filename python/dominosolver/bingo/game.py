"""A whole game of Bingo: deals to 7 game points (docs/rules.md §5.3, §5.10). The state machine is the C++
one; this wrapper names moves and keeps the move list, so a game prints as the Python that rebuilds it."""

from __future__ import annotations

from typing import Any

from .. import _core
from ..tiles import Tile
from ..wrappers import RecordedGame, fresh
from .move import Move, MoveLike
from .position import Position
from .rules import Rules
from .view import PlayerView

__all__ = ["Game"]


class Game(RecordedGame):
    """``Game(seed=7)`` deals the first deal (player ``start`` leads it); ``play`` moves on through
    deals until a player has 7 game points. Deals come from the C++ generator: the same seed, the same
    deals everywhere."""

    _first_name = "start"

    def __init__(self, seed: int = 0, rules: Rules | None = None, start: int = 0, moves: list[MoveLike] = ()) -> None:  # type: ignore[assignment]
        self._parsed: dict[str, Move] = {}  # moves read from text (a move reads alike whenever it is read)
        self._begin(_core.bingo.Game, seed, Rules.argument(rules) or Rules(), start, moves)

    @property
    def start(self) -> int:
        return self._first

    @property
    def is_over(self) -> bool:
        return self._game.is_over

    @property
    def winner(self) -> int | None:
        return self._game.winner

    @property
    def scores(self) -> tuple[int, int]:
        """Game points of players 0 and 1."""
        return tuple(self._game.scores)  # type: ignore[return-value]

    @property
    def to_move(self) -> int | None:
        return self._game.to_move

    @property
    def legal_moves(self) -> list[Move]:
        return [Move.parse(m) for m in self._game.legal_moves]

    def _parse_move(self, move: MoveLike) -> Move:
        if type(move) is not str:
            return Move.parse(move)
        parsed = self._parsed.get(move)
        if parsed is None:  # read (an error is raised, and not kept); bounded: emptied when full
            parsed = Move.parse(move)
            if len(self._parsed) >= _PARSED_MOST:
                self._parsed.clear()
            self._parsed[move] = parsed
        return parsed

    def _apply(self, m: Move) -> None:
        self._game.play(str(m))

    @property
    def position(self) -> Position:
        """The deal in play (a copy; the last deal once the game is over)."""
        return Position._wrap(self._game.position)

    def deal(self) -> dict[str, Any]:
        """The current deal as dealt: the start player, both hands, the boneyard in drawing order —
        the full information, not a player's view."""
        return _deal_json(self._game.current_deal)

    @property
    def deals_played(self) -> list[dict[str, Any]]:
        """Finished deals: how they were dealt, the moves, declarations, points, tricks and result."""
        return [fresh(d) for d in self._finished()]  # the caller's to change: the kept ones stay as converted

    def _finished_record(self, d: dict[str, Any]) -> dict[str, Any]:
        """One finished deal of the core as ``deals_played`` gives it."""
        rec = _deal_json(d)
        rec["moves"] = [(p, m) for p, m, _, _ in d["events"]]
        rec["declarations"] = [(p, [str(Tile.from_id(t)) for t in ts]) for p, ts in d["declarations"]]
        rec["points"] = list(d["points"])
        rec["tricks"] = list(d["tricks"])
        rec["result"] = {"winner": d["winner"], "game_points": d["game_points"], "outcome": d["outcome"]}
        return rec

    def view(self, player: int) -> PlayerView:
        return PlayerView.of_game(self, player)


_PARSED_MOST = 1024  # texts a game keeps read (its moves are a few dozen texts; other spellings count too)


def _deal_json(d: dict[str, Any]) -> dict[str, Any]:
    return {
        "start": d["start"],
        "hands": [[str(Tile.from_id(t)) for t in h] for h in d["hands"]],
        "boneyard": [str(Tile.from_id(t)) for t in d["boneyard"]],
        "turned": str(Tile.from_id(d["boneyard"][-1])),
    }
