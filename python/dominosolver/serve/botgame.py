"""A game against the bots, played from one seat: ``new-game``, the human's ``move`` and the next
``bot-move`` (docs/http.md). The game travels in a signed token (``tokens.py``): its rules, the
human's seat, the bot, the moves so far and the nonce its deal seed comes from; each request plays
the moves again on the game's C++ state machine and answers with the human seat's view only. The
bots are the game's arena bots (``GameSpec.arena``), seeded from the deal seed and the move
number, so the same token always gets the same bot move."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from .. import games
from ..arguments import whole_number
from ..errors import IllegalMoveError, ParseError, shown
from .tokens import Sealer

__all__ = ["BOTGAME", "BotGame"]

BOTGAME = "dominosolver.botgame/1"
TOKEN_VERSION = 1
SEED_BITS = 64
BOT_SEED_MASK = 0xFFFFFFFF  # the bots' own seeds: 32 bits, as theirs are


@dataclass
class BotGame:
    """A game in play: the game's row, the human's seat, the bot and the game itself."""

    spec: games.GameSpec
    seat: int
    bot: str
    payload: dict[str, Any]  # the token's: what rebuilds the game
    game: Any

    @classmethod
    def new(cls, sealer: Sealer, game: Any = games.DEFAULT, seat: Any = None, seed: Any = None, rules: Any = None,
            bot: Any = "hint") -> BotGame:
        spec = games.get(game)
        if spec.arena is None:
            raise ParseError(f"{spec.title} has no bots to play against")
        if bot not in spec.arena.bots:
            raise ParseError(f"unknown bot {shown(bot)}: {spec.title}'s are {', '.join(spec.arena.bots)}")
        deal: dict[str, Any] = (
            {"nonce": secrets.token_hex(16)} if seed is None else {"seed": whole_number(seed, "seed", 0, (1 << SEED_BITS) - 1)}
        )
        payload = {
            "v": TOKEN_VERSION, "game": spec.tag, "seat": 0 if seat is None else spec.parse_seat(seat), "bot": bot,
            "rules": spec.Rules.from_json(rules).to_json(), **deal, "moves": [],
        }
        return cls.of_payload(sealer, payload)

    @classmethod
    def of_token(cls, sealer: Sealer, token: Any) -> BotGame:
        payload = sealer.open(token)
        if payload.get("v") != TOKEN_VERSION:
            raise ParseError("token is of another version of the server: start a new game")
        return cls.of_payload(sealer, payload)

    @classmethod
    def of_payload(cls, sealer: Sealer, payload: dict[str, Any]) -> BotGame:
        spec = games.get(payload["game"])
        seed = payload["seed"] if "seed" in payload else sealer.seed(payload["nonce"])
        game = spec.Game(seed, spec.Rules.from_json(payload["rules"]), 0, payload["moves"])
        return cls(spec, payload["seat"], payload["bot"], payload, game)

    @property
    def seed(self) -> int:
        return self.game.seed

    def _to_move(self) -> int | None:
        return None if self.game.is_over else self.game.to_move

    def play(self, move: Any) -> list[Any]:
        """The human's move; ``IllegalMoveError`` when it is a bot's turn or the rules forbid it."""
        if not isinstance(move, (str, int)) or isinstance(move, bool):
            raise ParseError(f"move must be a move as text (legal_moves lists them), not {shown(move)}")
        self._check_turn(human=True)
        self.game.play(move)
        return [self.seat, str(self.game.moves[-1])]

    def play_bot(self) -> list[Any]:
        """The next bot's move (its search is the arena bot's own, bounded by its options)."""
        self._check_turn(human=False)
        seat = self.game.to_move
        bot = self.spec.arena.make_bot(self.bot, self.seed & BOT_SEED_MASK, dict(self.spec.arena.defaults))
        self.game.play(bot.choose(self.game))
        return [seat, str(self.game.moves[-1])]

    def _check_turn(self, human: bool) -> None:
        to_move = self._to_move()
        if to_move is None:
            raise IllegalMoveError("the game is over: start a new game")
        name = self.spec.seat_name(to_move)
        if human and to_move != self.seat:
            raise IllegalMoveError(f"{name} (a bot) is to move: ask bot-move")
        if not human and to_move == self.seat:
            raise IllegalMoveError(f"{name} (you) is to move: send your move")

    def reply(self, sealer: Sealer, last: list[Any] | None = None) -> dict[str, Any]:
        """``dominosolver.botgame/1``: the human seat's view, its legal moves on its turn, and the
        record of the finished hands or deals, every hand shown."""
        payload = {**self.payload, "moves": [str(m) for m in self.game.moves]}
        record = self.spec.record(self.game)
        to_move = self._to_move()
        yours = to_move == self.seat
        return {
            "schema": BOTGAME,
            "game": self.spec.tag,
            "seat": self.seat,
            "token": sealer.seal(payload),
            "view": self.game.view(self.seat).to_json(),
            "to_move": to_move,
            "your_turn": yours,
            "legal_moves": [str(m) for m in self.game.legal_moves] if yours else [],
            "last": last,
            "scores": record["scores"],
            "over": self.game.is_over,
            "winner": record["winner"],
            "record": record,
        }
