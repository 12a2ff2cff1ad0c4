"""`dominosolver play --human SEAT`, driven through a pseudo-terminal as a person plays it: moves by
number, a hint, an undo, to the end of a hand and its graded summary, for each game."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from dominosolver.cli.human import PROMPT, PROMPT_NO_CLAIM
from dominosolver.cli.main import cli
from terminal import Terminal

PROMPTED = f"(?:{re.escape(PROMPT.strip())}|{re.escape(PROMPT_NO_CLAIM.strip())})"  # Bingo offers no claim


def own_row(screen: str, marker: str) -> str:
    """The person's row of the last table drawn on ``screen`` (the one marked to move)."""
    rows = [line for line in screen.splitlines() if marker in line]
    assert rows, screen
    return rows[-1]


@pytest.mark.parametrize("game, seat, marker, in_play, hint_shows", [
    # seed 3: E declares in 42's first hand; Bingo's deal is in play from its first move
    ("42", "S", "S ◀ to move", "points so far", r"P\(make\)"),
    ("bingo", "0", "0 ◀ to move", "you are player 0", r"P\(win\)"),
    # Moon against the rule-of-thumb bots: P1 bids, P0 passes ("1") and defends with P2
    ("moon", "P0", "P0 ◀ to move", "tricks so far", r"P\(make\)"),
])
def test_a_hand_against_the_bots_with_a_hint_and_an_undo(game: str, seat: str, marker: str, in_play: str,
                                                       hint_shows: str) -> None:
    term = Terminal("play", game, "--human", seat, "--seed", "3")
    try:
        hinted = undone = False
        moves = 0
        while True:
            screen = term.expect(rf"{PROMPTED}|{game_over(game)}", timeout=300)
            if re.search(game_over(game), screen):
                break
            if not hinted and in_play in screen:
                term.type("h")
                advice = term.expect(PROMPTED)
                assert re.search(hint_shows, advice) and "rank" in advice, advice
                hinted = True
                last_table = screen
                term.type("1")
                moves += 1
            elif hinted and not undone and moves >= 2:
                before_move = own_row(last_table, marker)
                term.type("u")
                redrawn = term.expect(PROMPTED)
                assert "undone" in redrawn
                assert own_row(redrawn, marker) == before_move  # the table as it was before the move
                undone = True
                term.type("1")
            else:
                last_table = screen
                term.type("1")
                moves += 1
        summary = term.expect(r"you gave away \d+ (points|tricks|game points) in \d+ of \d+")
        assert hinted and undone
        # each of the person's plays graded (42's family: its value beside the best play's, with every hand known)
        assert re.search(r"(before\s*.\s*after|its value\s*.\s*best play\s*.\s*best value)\s*.\s*cost", summary), summary
        term.expect(PROMPTED)
        term.type("q")
        term.expect(r"quit; the score so far")
    finally:
        status = term.close()
    assert status == 0, term.text[-2000:]


def game_over(game: str) -> str:
    return r"deal 1 over" if game == "bingo" else r"hand 1 over"


def test_a_move_the_game_refuses_is_named_and_asked_again() -> None:
    """Off a terminal too: an unknown move gets the game's own error, then the prompt again."""
    out = CliRunner().invoke(cli, ["play", "42", "--human", "S", "--seed", "3"], input="6-6\n99\nq\n")
    assert out.exit_code == 0, out.output
    assert out.output.count(PROMPT.strip()) == 3  # the bid 6-6 and the 99th move refused, then q
    assert "quit; the score so far" in out.output


@pytest.mark.parametrize("args, fault", [
    (["play", "42", "--human", "X"], "unknown seat"),
    (["play", "bingo", "--human", "2"], "unknown Bingo seat"),
    (["play", "moon", "--human", "N"], "unknown seat 'N': use 0..2 or P0, P1, P2"),
    (["play", "42", "--human", "S", "--json"], "--human plays in the terminal"),
])
def test_bad_human_options_are_named(args: list[str], fault: str) -> None:
    out = CliRunner().invoke(cli, args, input="q\n")
    assert out.exit_code != 0
    assert fault in (out.output + str(out.exception))
