"""What one seat may know. A PlayerView copies out public facts and the seat's own hand; it holds no
reference to the full position, so hidden tiles cannot be reached from it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..tiles import Tile
from .rules import SEATS, Contract, Rules, Trump, bid_name

if TYPE_CHECKING:
    from .game import Game
    from .position import Position

__all__ = ["PlayerView"]


@dataclass(frozen=True)
class PlayerView:
    seat: int
    rules: Rules
    trump: Trump | None
    contract: Contract | None
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    leader: int | None
    to_move: int | None
    trick: tuple[Tile, ...]
    plays: tuple[tuple[int, Tile], ...]  # every played tile with who played it, oldest first
    first_leader: int | None
    voids: tuple[tuple[int | str, ...], ...]  # per seat: suits it has shown it cannot follow
    points: tuple[int, int]
    legal_moves: tuple[Tile, ...]  # empty unless this seat is to move
    auction: tuple[tuple[int, int], ...] = field(default=())
    game: str = "texas42"

    @classmethod
    def of_position(cls, pos: Position, seat: int, auction: tuple[tuple[int, int], ...] = ()) -> PlayerView:
        plays = tuple(pos.plays)
        first = plays[0][0] if plays else pos.leader
        return cls(
            seat=seat,
            rules=pos.rules,
            trump=pos.trump,
            contract=pos.contract,
            hand=pos.hand(seat),
            hand_sizes=tuple(len(h) for h in pos.hands),
            leader=pos.leader,
            to_move=pos.to_move,
            trick=pos.trick,
            plays=plays,
            first_leader=first,
            voids=tuple(tuple(pos.voids(s)) for s in range(4)),
            points=pos.points,
            legal_moves=tuple(pos.legal_moves) if pos.to_move == seat else (),
            auction=auction,
        )

    @classmethod
    def of_game(cls, game: Game, seat: int) -> PlayerView:
        pos = game.position
        auction = tuple(game.auction)
        if pos is not None:
            return cls.of_position(pos, seat, auction)
        hand = game.deal()[seat] if game.phase != "game_over" else ()
        return cls(
            seat=seat, rules=game.rules, trump=game.trump, contract=game.contract, hand=hand,
            hand_sizes=(len(hand),) * 4, leader=None, to_move=game.to_move, trick=(), plays=(),
            first_leader=None, voids=((),) * 4, points=(0, 0), legal_moves=(), auction=auction,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": "dominosolver.view/1",
            "game": self.game,
            "seat": self.seat,
            "rules": self.rules.to_json(),
            "trump": self.trump,
            "contract": None if self.contract is None else {"declarer": self.contract.declarer, "bid": self.contract.bid},
            "auction": [{"seat": s, "bid": bid_name(b)} for s, b in self.auction],
            "hand": [str(t) for t in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "leader": self.leader,
            "to_move": self.to_move,
            "trick": [str(t) for t in self.trick],
            "plays": [{"seat": s, "tile": str(t)} for s, t in self.plays],
            "voids": {SEATS[s]: list(v) for s, v in enumerate(self.voids) if v},
            "points": list(self.points),
        }
