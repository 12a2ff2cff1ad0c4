"""`play --human` as a game one keeps playing: forced moves played at once (or asked, with
--confirm-forced), the score after each hand, --save FILE that `analyse` reads, a readable quit and
end, and `c` (the lay-down check) from the person's view."""

from __future__ import annotations

import io
import json
import re

from click.testing import CliRunner
from dominosolver import games
from dominosolver.batch import grade_record
from dominosolver.cli.human import PROMPT, PROMPT_NO_CLAIM, HumanGame
from dominosolver.cli.main import cli
from dominosolver.texas42.bots import RuleBot
from rich.console import Console


def session(tag: str, seat: str, typed: list[str], **options):
    """A game played by ``typed`` lines (then q), and what it printed."""
    spec = games.get(tag)
    console = Console(file=io.StringIO(), width=160)
    prompts = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return typed.pop(0) if typed else "q"

    def show(items):
        for item in items:
            console.print(item)

    person = HumanGame(spec, spec.parse_seat(seat), 3, show, read, **options)
    person.run()
    return person, console.file.getvalue(), prompts


def test_a_hand_with_forced_moves_the_score_and_a_saved_record(tmp_path):
    saved = tmp_path / "game.json"
    # seed 3: S passes, N declares; S then plays the first legal tile whenever it has a choice.
    _person, out, prompts = session("42", "S", ["1"] * 12, save=saved)
    assert "(your only legal move)" in out  # S follows suit with its only tile, unasked
    assert "score: NS" in out and "marks (game to 7)" in out  # the running marks after the hand
    line = out.split("quit; the score so far: ")[1]
    assert "{" not in line and "NS" in line and f"{saved.name}" in out.replace("\n", "")
    record = json.loads(saved.read_text())
    assert record["game"] == "texas42" and len(record["hands"]) >= 1
    graded = grade_record(record)
    assert graded["schema"] == "dominosolver.gameanalysis/1" and graded["hands"][0] is not None
    assert len(prompts) == 13  # twelve moves chosen and the quit: none for a forced move


def test_confirm_forced_asks_for_the_only_move_too():
    _person, out, prompts = session("42", "S", ["1"] * 12, confirm_forced=True)
    assert "(your only legal move)" not in out
    assert all(p == PROMPT for p in prompts)
    # The move lists offered hold one move where the person was asked for its only move.
    assert any(re.fullmatch(r"1\) \d-\d", line.strip()) for line in out.splitlines())


def test_claim_from_the_persons_view():
    # c in the auction says there is nothing to claim; in play it checks the rest and the contract.
    _person, out, _ = session("42", "S", ["c", "1", "1", "c", "1"])
    assert "nothing to claim before the play (a call, trumps, a discard): h advises this decision" in out
    assert "no claim check" not in out and "advise-bid" not in out  # the terminal game's own words: h, not a command
    assert "Claim the rest (NS)" in out and "Claim the contract" in out
    assert "worlds" in out


def test_bingo_says_it_has_no_claim_check_yet():
    _, out, prompts = session("bingo", "0", ["c"])
    assert "Bingo has no claim check yet" in out
    # ... and its prompt does not offer one
    assert prompts and all(p == PROMPT_NO_CLAIM and "claim" not in p for p in prompts)


def test_the_end_of_a_game_says_who_won_and_the_final_score():
    spec = games.get("42")
    person = HumanGame(spec, 2, 5, show=lambda items: None, read=lambda prompt: "q")
    bot = RuleBot()
    while not person.game.is_over:
        person.game.play(bot.choose(person.game))
    end = person.end_text()
    winner = spec.record(person.game)["winner"]
    assert f"game over: {winner} wins, you {'win' if winner == 'NS' else 'lose'}" in end
    assert "marks (game to 7)" in end and "{" not in end


def test_save_from_the_command_line(tmp_path):
    saved = tmp_path / "bots.json"
    out = CliRunner().invoke(cli, ["play", "moon", "--seed", "2", "--save", str(saved)])
    assert out.exit_code == 0, out.output
    record = json.loads(saved.read_text())
    assert record["game"] == "moon" and record["winner"] is not None
    human = CliRunner().invoke(cli, ["play", "42", "--human", "S", "--seed", "3", "--save", str(tmp_path / "h.json")],
                               input="q\n")
    assert human.exit_code == 0 and json.loads((tmp_path / "h.json").read_text())["hands"] == []
    refused = CliRunner().invoke(cli, ["play", "42", "--confirm-forced"])
    assert refused.exit_code != 0 and "--confirm-forced is for --human" in refused.output
