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
from .view import PlayerView, seat_argument

__all__ = ["Game"]


class Game(RecordedGame):
    """``Game(seed=7)`` deals the first deal (player ``start`` leads it); ``play`` moves on through
    deals until a player has 7 game points. Deals come from the C++ generator: the same seed, the same
    deals everywhere.

    Its API is the 42 family's game's (``texas42.Game``: ``moves``, ``legal_moves``, ``to_move``,
    ``play``, ``undo``, ``position``, ``view``, ``is_over``, ``scores`` and ``winner`` by the rules'
    ``scorer_names``), but where the games differ (docs/rules.md §5.3): Bingo has no dealer, so no
    ``dealer=`` but ``start=``, the player who leads the first deal (42's dealer deals and the seat
    on its left calls first; a Bingo deal is led by its start player, later ones by the last deal's
    winner or in turn, ``bingo_next_start``); no auction, declaration or trump to name, so no
    ``phase``, ``auction``, ``contract``, ``trump`` or ``dealer``; and a hand of 42 is a *deal* of
    Bingo (docs/rules.md §0.2), so the finished ones are ``deals_played``, 42's ``hands_played``;
    and ``deal()`` gives its start player and boneyard (in drawing order) beside the hands, which
    are all 42's deal is.
    ``position`` is the deal in play, the last deal once the game is over, as 42's game gives its last
    hand."""

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
    def winner(self) -> str | None:
        """The player who won the game, by name ("player 0", a key of ``scores``, as 42's game names
        the side: "NS"), or None while it goes on."""
        w = self._game.winner
        return None if w is None else self._rules.scorer_names[w]

    @property
    def scores(self) -> dict[str, int]:
        """Game points of each player, by name: {"player 0": 3, "player 1": 5} (Rules.scorer_names),
        as 42's game gives each side's marks."""
        return dict(zip(self._rules.scorer_names, self._game.scores))

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

    def view(self, seat: int | None = None, *, player: int | None = None) -> PlayerView:
        """What player ``seat`` may know (``seat``, as 42's ``view`` and every view name it; ``player=``
        is its old name, deprecated)."""
        return PlayerView.of_game(self, seat_argument(seat, player))


_PARSED_MOST = 1024  # texts a game keeps read (its moves are a few dozen texts; other spellings count too)


def _deal_json(d: dict[str, Any]) -> dict[str, Any]:
    return {
        "start": d["start"],
        "hands": [[str(Tile.from_id(t)) for t in h] for h in d["hands"]],
        "boneyard": [str(Tile.from_id(t)) for t in d["boneyard"]],
        "turned": str(Tile.from_id(d["boneyard"][-1])),
    }
