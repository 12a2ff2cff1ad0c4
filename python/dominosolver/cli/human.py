"""``dominosolver play --human SEAT``: a game in the terminal, one seat a person, the others the
game's hint bots. Everything game-specific comes from the registry row (``GameSpec.human`` and the
renderer); the game object is the only judge of what is legal, and the person's moves are read
from its list of legal moves (by number) or parsed by it (by name). A move that is the only legal
one is played at once (unless ``confirm_forced``); the score is shown after each hand; ``save``
names a file the game's record (``play --json``'s, which ``analyse`` reads) is written to as the
game goes; ``c`` (claim) asks the lay-down check whether the person's side can claim the rest, or
its contract, whatever the hidden hands (``GameSpec.claim``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.markup import escape

from ..errors import DominoSolverError, ParseError
from ..games import GameSpec
from ..games.spec import refusal

__all__ = ["CLAIM_SECONDS", "HINT_SECONDS", "PROMPT", "PROMPT_NO_CLAIM", "HumanGame"]

PROMPT = "your move (number or name; h hint, c claim, u undo, q quit): "
PROMPT_NO_CLAIM = PROMPT.replace(" c claim,", "")  # a game without the lay-down check does not offer it
CLAIM_SECONDS = 10.0  # the longest a claim check may take: past it, it says it cannot tell
HINT_SECONDS = 5.0  # the longest a hint may think: a Bingo world early in a deal can take minutes


class HumanGame:
    """One game: ``spec``'s game from ``seed``, the person at ``seat``, bots at the other seats.
    ``show`` prints renderables, ``read`` asks for a line (None at the end of input), ``busy``
    wraps long work (a progress display) and calls the function it is given."""

    def __init__(self, spec: GameSpec, seat: int, seed: int, show: Callable[[Iterable[RenderableType]], None],
                 read: Callable[[str], str | None],
                 busy: Callable[[str, Callable[[], Any]], Any] = lambda what, work: work(), *,
                 save: str | Path | None = None, confirm_forced: bool = False, rules: Any = None) -> None:
        render = spec.render
        if spec.human is None or render is None or render.seat_table is None or render.hand_summary is None:
            raise ParseError(f"{spec.title} cannot be played against bots yet")
        self.spec, self.human, self.render, self.seat = spec, spec.human, render, seat
        self.show, self.read, self.busy = show, read, busy
        self.game = spec.Game(seed=seed, rules=rules)  # the game's default rules without them
        self.bot = self.human.bot(seed)
        self.mine: list[int] = []  # the move count before each of the person's moves: where undo goes back to
        self.summarised = 0  # finished hands already summarised
        self.save = None if save is None else Path(save)
        self.confirm_forced = confirm_forced
        self.prompt = PROMPT if spec.claim is not None else PROMPT_NO_CLAIM
        self.saved()  # a file that cannot be written fails now, not after a hand of play

    def run(self) -> None:
        """Play until the game is over or the person quits."""
        while not self.game.is_over:
            if self.game.to_move != self.seat:
                self.bot_move()
            elif not self.turn():
                self.saved()
                self.show([f"quit; the score so far: {self.score_text()}" + self.saved_note()])
                return
            self.summarise_finished()
        self.saved()
        self.show(self.render.game(self.spec.record(self.game)))
        self.show([self.end_text() + self.saved_note()])

    def score_text(self) -> str:
        """The score as a person reads it: 'NS 2 – EW 5 marks (game to 7)'."""
        scores = self.spec.record(self.game)["scores"]
        named = scores.items() if isinstance(scores, dict) else ((self.spec.seat_name(i), n) for i, n in enumerate(scores))
        rules = self.game.rules
        unit = getattr(rules, "scoring", None) or "game points"
        target = getattr(rules, "target", None)
        return " – ".join(f"{who} {n}" for who, n in named) + f" {unit}" + (f" (game to {target})" if target else "")

    def end_text(self) -> str:
        """Who won the game, from the person's side, and the final score."""
        winner = self.spec.record(self.game)["winner"]
        name = self.spec.seat_name(winner) if isinstance(winner, int) else str(winner)
        ours = {self.spec.seat_name(self.seat)}
        if hasattr(self.game.rules, "team_of") and getattr(self.game.rules, "scorers", 2) == 2:
            ours.add(self.game.rules.team_of(self.seat))
        verdict = "you win" if name in ours else "you lose"
        return f"[bold]game over: {name} wins, {verdict}[/bold]; the final score {self.score_text()}"

    def saved(self) -> None:
        """The game's record so far written to the ``save`` file (when given)."""
        if self.save is not None:
            try:
                self.save.write_text(json.dumps(self.spec.record(self.game), indent=1) + "\n", encoding="utf-8")
            except OSError as e:
                raise ParseError(f"cannot save the game to {self.save}: {e.strerror}") from None

    def saved_note(self) -> str:
        return "" if self.save is None else f" (the record is in {escape(str(self.save))}: dominosolver analyse reads it)"

    def bot_move(self) -> None:
        seat = self.game.to_move
        move = self.busy(f"{self.spec.seat_name(seat)} thinks", lambda: self.bot.choose(self.game))
        self.game.play(move)
        self.show([f"{self.spec.seat_name(seat)}: {escape(self.words(move))}"])

    def words(self, move: Any) -> str:
        """A move as tables and players say it ("declare fives", "declare 4-4 and 2-2 (20 points)")."""
        return move.words(self.game.rules) if hasattr(move, "words") else str(move)

    def turn(self) -> bool:
        """The person's turn: the table, the numbered legal moves, then commands until a move is
        played (True) or the person quits (False)."""
        legal = self.game.legal_moves
        if len(legal) == 1 and not self.confirm_forced:  # nothing to choose: played at once
            self.game.play(legal[0])
            self.show([f"{self.spec.seat_name(self.seat)}: {escape(self.words(legal[0]))} (your only legal move)"])
            return True
        self.show(self.render.seat_table(self.game.view(self.seat)))
        # Each as tables and players say it ("declare fives", "84 (2 marks)"); any of its names is read back.
        words = [self.words(m) for m in legal]
        # "2) 4": a number and its move apart, where moves are numbers too (Moon's bids)
        self.show(["  ".join(f"[bold]{n})[/bold] {escape(w)}" for n, w in enumerate(words, 1))])
        while True:
            line = self.read(self.prompt)
            if line is None or line.strip().lower() in ("q", "quit"):
                return False
            command = line.strip()
            if command.lower() in ("h", "hint"):
                view = self.game.view(self.seat)
                try:
                    self.show(self.busy("hint", lambda: list(self.human.advise(view, HINT_SECONDS))))
                except DominoSolverError as e:  # no advice here (a search stopped, say): the game goes on
                    self.show([f"[red]no hint: {escape(str(e))}[/red]"])
            elif command.lower() in ("c", "claim"):
                self.claim()
            elif command.lower() in ("u", "undo"):
                if self.undo():
                    return True  # the table is drawn again
            elif command:
                # A move's name first (Moon's bid "5"), else its number in the list.
                numbered = not any(str(m) == command.lower() for m in legal) and command.isdigit()
                chosen = legal[int(command) - 1] if numbered and 1 <= int(command) <= len(legal) else command
                # A move as the list says it, with or without its note ("declare 4-4 and 2-2 (20 points)").
                said = {w.lower(): m for w, m in zip(words, legal)} | {w.split(" (")[0].lower(): m for w, m in zip(words, legal)}
                chosen = said.get(command.lower(), chosen)
                try:
                    before = len(self.game.moves)
                    self.game.play(chosen)
                except DominoSolverError as e:
                    self.show([f"[red]{escape(refusal(self.game.view(self.seat), legal, command, e))}[/red] (or a move's number, 1 to {len(legal)})"])
                    continue
                self.mine.append(before)
                return True

    def claim(self) -> None:
        """The lay-down check from the person's view: the rest, then the contract (when there is one)."""
        if self.spec.claim is None:
            self.show([f"[red]{self.spec.title} has no claim check yet[/red]"])
            return
        view = self.game.view(self.seat)
        if self.spec.engine is not None and self.spec.engine.count_worlds(view) is None:  # no play yet to claim
            self.show(["nothing to claim before the play (a call, trumps, a discard): h advises this decision"])
            return
        goals = ["rest"] + (["contract"] if getattr(view, "contract", None) is not None else [])
        for goal in goals:
            try:
                answer = self.busy(f"claim the {goal}: solving every world",
                                   lambda goal=goal: self.spec.claim(view, goal=goal, time=CLAIM_SECONDS))
            except DominoSolverError as e:  # nothing to claim here (the auction, the exchange): it says so
                self.show([f"[red]{escape(str(e))}[/red]"])
                return
            self.show([escape(str(answer))])

    def undo(self) -> bool:
        """Take back the person's last move and the bots' replies after it (and moves of the
        person's own that were forced after it)."""
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
            self.show(self.render.hand_summary(number, hand, graded, self.seat))
        if len(hands) > self.summarised:
            self.saved()
            if not self.game.is_over:  # the end shows the final score
                self.show([f"[bold]score[/bold]: {self.score_text()}"])
        self.summarised = len(hands)

