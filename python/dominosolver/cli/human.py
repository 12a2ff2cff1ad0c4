"""``dominosolver play --human SEAT``: a game in the terminal, one seat a person, the others the
game's hint bots. Everything game-specific comes from the registry row (``GameSpec.human`` and the
renderer); the game object is the only judge of what is legal, and the person's moves are read
from its list of legal moves (by number) or parsed by it (by name)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.console import RenderableType
from rich.markup import escape

from ..errors import DominoSolverError, ParseError
from ..games import GameSpec

__all__ = ["HINT_SECONDS", "HumanGame", "PROMPT"]

PROMPT = "your move (number or name; h hint, u undo, q quit): "
HINT_SECONDS = 5.0  # the longest a hint may think: a Bingo world early in a deal can take minutes


class HumanGame:
    """One game: ``spec``'s game from ``seed``, the person at ``seat``, bots at the other seats.
    ``show`` prints renderables, ``read`` asks for a line (None at the end of input), ``busy``
    wraps long work (a progress display) and calls the function it is given."""

    def __init__(self, spec: GameSpec, seat: int, seed: int, show: Callable[[Iterable[RenderableType]], None],
                 read: Callable[[str], str | None],
                 busy: Callable[[str, Callable[[], Any]], Any] = lambda what, work: work()) -> None:
        if spec.human is None or spec.render.seat_table is None or spec.render.hand_summary is None:
            raise ParseError(f"{spec.title} cannot be played against bots yet")
        self.spec, self.human, self.seat = spec, spec.human, seat
        self.show, self.read, self.busy = show, read, busy
        self.game = spec.Game(seed=seed)
        self.bot = self.human.bot(seed)
        self.mine: list[int] = []  # the move count before each of the person's moves: where undo goes back to
        self.summarised = 0  # finished hands already summarised

    def run(self) -> None:
        """Play until the game is over or the person quits."""
        while not self.game.is_over:
            if self.game.to_move != self.seat:
                self.bot_move()
            elif not self.turn():
                self.show([f"quit; the score so far: {self.spec.record(self.game)['scores']}"])
                return
            self.summarise_finished()
        self.show(self.spec.render.game(self.spec.record(self.game)))

    def bot_move(self) -> None:
        seat = self.game.to_move
        move = self.busy(f"{self.spec.seat_name(seat)} thinks", lambda: self.bot.choose(self.game))
        self.game.play(move)
        self.show([f"{self.spec.seat_name(seat)}: {move}"])

    def turn(self) -> bool:
        """The person's turn: the table, the numbered legal moves, then commands until a move is
        played (True) or the person quits (False)."""
        self.show(self.spec.render.seat_table(self.game.view(self.seat)))
        legal = self.game.legal_moves
        self.show(["  ".join(f"[bold]{n}[/bold] {m}" for n, m in enumerate(legal, 1))])
        while True:
            line = self.read(PROMPT)
            if line is None or line.strip().lower() in ("q", "quit"):
                return False
            command = line.strip()
            if command.lower() in ("h", "hint"):
                view = self.game.view(self.seat)
                try:
                    self.show(self.busy("hint", lambda: list(self.human.advise(view, HINT_SECONDS))))
                except DominoSolverError as e:  # no advice here (Moon's auction, for now): the game goes on
                    self.show([f"[red]no hint: {escape(str(e))}[/red]"])
            elif command.lower() in ("u", "undo"):
                if self.undo():
                    return True  # the table is drawn again
            elif command:
                # A move's name first (Moon's bid "5"), else its number in the list.
                numbered = not any(str(m) == command.lower() for m in legal) and command.isdigit()
                chosen = legal[int(command) - 1] if numbered and 1 <= int(command) <= len(legal) else command
                try:
                    before = len(self.game.moves)
                    self.game.play(chosen)
                except DominoSolverError as e:
                    self.show([f"[red]{escape(str(e))}[/red] (or a move's number, 1 to {len(legal)})"])
                    continue
                self.mine.append(before)
                return True

    def undo(self) -> bool:
        """Take back the person's last move and the bots' replies after it."""
        if not self.mine:
            self.show(["nothing of yours to undo"])
            return False
        back_to = self.mine.pop()
        while len(self.game.moves) > back_to:
            self.game.undo()
        self.summarised = min(self.summarised, len(self.human.hands(self.game)))
        self.show(["undone: your last move and the replies to it"])
        return True

    def summarise_finished(self) -> None:
        """Each hand that has just finished, graded with the exact solver."""
        hands = self.human.hands(self.game)
        for number in range(self.summarised + 1, len(hands) + 1):
            hand = hands[number - 1]
            graded = self.busy("grading with the exact solver", lambda: self.human.grade(hand))
            self.show(self.spec.render.hand_summary(number, hand, graded, self.seat))
        self.summarised = len(hands)
