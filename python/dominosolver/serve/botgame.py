"""A game against the bots, played from one seat: ``new-game``, the human's ``move`` and the next
``bot-move`` (docs/http.md). The server keeps the game (``store.py``): its rules, the human's
seat, the bot, the deal seed and every move; the client's signed token (``tokens.py``) names the
game and how many of its moves the client has seen, nothing more. Each request takes the game built
on its C++ state machine from the ones the process holds (``live.py``), or plays the moves again
from the deal, and answers with what the human seat may see: its view, and the last move as it saw
it (another seat's discard is face down). The bots are the game's arena
bots (``GameSpec.arena``), seeded from the deal seed, so a game's bot moves are the same however
often it is replayed.

Only the game's latest token plays on: from an earlier one, a client who has since read the record
of a finished hand could play the same deal again knowing every hand. Such a token is refused
(``StaleToken``, 409), except for the very request that moved the game on from it, which gets the
same reply again (a client whose reply was lost may retry)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from .. import games
from ..arguments import seed_value
from ..errors import IllegalMoveError, ParseError, shown
from ..games.spec import refusal
from ..io import flags_of_text
from .live import LiveGames
from .store import GameStore
from .tokens import Sealer

__all__ = ["BOTGAME", "BotGame", "StaleToken"]

BOTGAME = "dominosolver.botgame/1"
TOKEN_VERSION = 2  # 1 carried the moves themselves; 2 names a game the server keeps
SEED_BITS = 64
BOT_SEED_MASK = 0xFFFFFFFF  # the bots' own seeds: 32 bits, as theirs are


def replay(spec: games.GameSpec, state: dict[str, Any], seen: int) -> Any:
    """The game of a kept ``state`` after its first ``seen`` moves, played again from the deal."""
    return spec.Game(state["seed"], spec.Rules.from_json(state["rules"]), 0, state["moves"][:seen])


class StaleToken(Exception):
    """A game token that is not its game's latest: the game went on from it (409)."""


@dataclass
class BotGame:
    """A game in play as one token sees it: the game's row, the human's seat, the bot, where the
    game is kept, its state there (the latest moves), how many moves the token saw, and the game
    played up to there."""

    spec: games.GameSpec
    seat: int
    bot: str
    store: GameStore
    game_id: str
    state: dict[str, Any]  # as the store keeps it: game, seat, bot, rules, seed, moves
    seen: int
    game: Any

    @classmethod
    def new(cls, store: GameStore, game: Any = games.DEFAULT, seat: Any = None, seed: Any = None, rules: Any = None,
            bot: Any = "hint") -> BotGame:
        spec = games.get(game)
        if spec.arena is None:
            raise ParseError(f"{spec.title} has no bots to play against")
        if bot not in spec.arena.bots:
            raise ParseError(f"unknown bot {shown(bot)}: {spec.title}'s are {', '.join(spec.arena.bots)}")
        state = {
            "game": spec.tag, "seat": 0 if seat is None else spec.parse_seat(seat), "bot": bot,
            # flags as an object, or as the command line writes them ('specials:all'), as advise-bid takes them
            "rules": spec.Rules.from_json(flags_of_text(rules) if isinstance(rules, str) else rules).to_json(),
            "seed": secrets.randbits(SEED_BITS) if seed is None else seed_value(seed),
            "moves": [],
        }
        made = cls.of_state(store, "", state, 0)  # a game that cannot be made is not kept
        made.game_id = store.add(state)
        return made

    @classmethod
    def of_token(cls, sealer: Sealer, store: GameStore, token: Any, live: LiveGames | None = None) -> BotGame:
        """The game a token names, as far as it has seen: the one ``live`` holds if it holds those
        very moves, else replayed from the store's."""
        payload = sealer.open(token)
        if payload.get("v") != TOKEN_VERSION:
            raise ParseError("token is of another version of the server: start a new game")
        game_id, seen = payload.get("id"), payload.get("n")
        state = store.get(game_id) if isinstance(game_id, str) else None
        if state is None or not isinstance(seen, int) or not 0 <= seen <= len(state["moves"]):
            raise ParseError("token's game is no longer kept: the server drops a game a day after its last move, "
                             "the least recently moved when it keeps too many, and every game when it restarts "
                             "without DOMINOSOLVER_SERVE_GAMES: start a new game")
        if seen < len(state["moves"]) - 1:
            raise StaleToken(f"this token is not the game's latest: the game went on {len(state['moves']) - seen} moves "
                             "past it, and an earlier token does not play again: play on from the latest reply's token")
        spec = games.get(state["game"])
        game = (replay(spec, state, seen) if live is None
                else live.game(game_id, state["moves"][:seen], lambda: replay(spec, state, seen)))
        return cls(spec, state["seat"], state["bot"], store, game_id, state, seen, game)

    @classmethod
    def of_state(cls, store: GameStore, game_id: str, state: dict[str, Any], seen: int) -> BotGame:
        spec = games.get(state["game"])
        return cls(spec, state["seat"], state["bot"], store, game_id, state, seen, replay(spec, state, seen))

    def keep_live(self, live: LiveGames | None) -> None:
        """Hold the game built for the next request (after a reply whose moves the store holds),
        without the record of its moves that undo needs."""
        if live is not None and live.most:
            self.game.forget_undo()
            live.keep(self.game_id, self.game, self.state["moves"][: self.seen])

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
        try:
            self.game.play(move)
        except IllegalMoveError as e:  # told as the person may know it, never where a hidden tile lies
            raise IllegalMoveError(refusal(self.game.view(self.seat), self.game.legal_moves, move, e)) from None
        return self._keep(self.seat)

    def play_bot(self) -> list[Any]:
        """The next bot's move (its search is the arena bot's own, bounded by its options)."""
        self._check_turn(human=False)
        seat = self.game.to_move
        if self.seen < len(self.state["moves"]):  # a retry: the bot has chosen already
            self.game.play(self.state["moves"][self.seen])
        else:
            bot = self.spec.arena.make_bot(self.bot, self.seed & BOT_SEED_MASK, dict(self.spec.arena.defaults))
            self.game.play(bot.choose(self.game))
        return self._keep(seat)

    def _keep(self, seat: int) -> list[Any]:
        """Store the move just played (or, for a retry, check it is the move stored after this
        token's); ``[seat, move]`` as the human seat saw it."""
        last = self.game.moves[-1]
        # the moves before it are the store's, as the game was built from them (or held after them)
        moves = [*self.state["moves"][: self.seen], str(last)]
        if self.seen == len(self.state["moves"]):
            state = {**self.state, "moves": moves}
            if self.store.advance(self.game_id, self.seen, state):
                self.state = state
            else:  # another request moved the game on from the same token meanwhile
                self.state = self.store.get(self.game_id) or state
        if self.state["moves"][: len(moves)] != moves or len(self.state["moves"]) != len(moves):
            raise StaleToken("this token is not the game's latest: the game went on from it with another move, and an "
                             "earlier token does not play again: play on from the latest reply's token")
        self.seen = len(moves)
        return [seat, str(last) if seat == self.seat else last.public]

    def _check_turn(self, human: bool) -> None:
        to_move = self._to_move()
        if to_move is None:
            raise IllegalMoveError("the game is over: start a new game")
        name = self.spec.seat_name(to_move)
        if human and to_move != self.seat:
            raise IllegalMoveError(f"{name} (a bot) is to move: ask bot-move")
        if not human and to_move == self.seat:
            raise IllegalMoveError(f"{name} (you) is to move: send your move")

    def names(self, moves: list[str], view: dict[str, Any]) -> dict[str, Any]:
        """What tables and hints print for the legal moves and the trump named (the game's
        ``move_names``: the 42 family's declarations by name, its mark bids with their marks); the
        moves themselves stay as ``legal_moves`` writes them (either is accepted as input). A game
        without them prints its moves as they are written."""
        names = self.spec.human.move_names if self.spec.human is not None else None
        if names is None:
            return {"moves": {m: m for m in moves}, "trump": None if view.get("trump") is None else str(view["trump"])}
        return names(self.game, moves, view)

    def reply(self, sealer: Sealer, last: list[Any] | None = None) -> dict[str, Any]:
        """``dominosolver.botgame/1``: the human seat's view, its legal moves on its turn, the last
        move as it saw it, and the record of the finished hands or deals, every hand shown."""
        record = self.spec.record(self.game)
        to_move = self._to_move()
        yours = to_move == self.seat
        view = self.game.view(self.seat).to_json()
        moves = [str(m) for m in self.game.legal_moves] if yours else []
        return {
            "schema": BOTGAME,
            "game": self.spec.tag,
            "seat": self.seat,
            "token": sealer.seal({"v": TOKEN_VERSION, "id": self.game_id, "n": len(self.game.moves)}),
            "view": view,
            "to_move": to_move,
            "your_turn": yours,
            "legal_moves": moves,
            "names": self.names(moves, view),
            "last": last,
            "scores": record["scores"],
            "over": self.game.is_over,
            "winner": record["winner"],
            "record": record,
        }
