"""A Bingo declaration as players read it wherever they read it (the terminal game's choices and bot
lines, a hint's table, a review's grades and chart): its doubles and its points (docs/rules.md §5.7), the
notation kept in JSON, with the analysis JSON's `names` carrying the words."""

from __future__ import annotations

from typing import Any

from dominosolver import games
from dominosolver.bingo import Position, hint
from dominosolver.cli.human import HumanGame
from dominosolver.render.bingo import DEMO_DEAL, hand_summary, show_analysis, show_hint
from dominosolver.render.bingo_pictures import chart_of
from dominosolver.tiles import Tile
from rich.console import Console

BINGO = games.get("bingo")
TABLE = {2: 20, 3: 40, 4: 50, 5: 60, 6: 70}  # docs/rules.md §5.7, the historic rules (three doubles 40)
BINGO_TILE = Tile("0-0")  # +10 among the doubles shown


def said(doubles: list[Tile]) -> str:
    """The declaration of ``doubles`` (high first) as §5.7 scores it, written out independently."""
    names = [str(t) for t in doubles]
    shown = " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"declare {shown} ({TABLE[len(doubles)] + 10 * (BINGO_TILE in doubles)} points)"


def text(items: Any) -> str:
    console = Console(record=True, width=200, color_system=None)
    for item in items:
        console.print(item)
    return console.export_text()


def doubles_of(hand: Any) -> list[Tile]:
    return sorted((t for t in hand if t.hi == t.lo), key=lambda t: -t.hi)


def test_the_terminal_game_offers_and_reports_a_declaration_by_its_points() -> None:
    shown: list[str] = []
    game = HumanGame(BINGO, 0, 0, show=lambda items: shown.append(text(items)), read=lambda prompt: "q")
    doubles = doubles_of(game.game.view(0).hand)  # seed 0: player 0 leads holding 4-4 and 2-2
    assert len(doubles) == 2
    game.run()
    choices = next(s for s in shown if "1)" in s)
    assert said(doubles) in choices and "declare:" not in choices, choices
    declaration = next(m for m in game.game.legal_moves if m.kind == "declare")

    class Declares:
        def choose(self, _game: Any) -> Any:
            return declaration

    game.seat, game.bot = 1, Declares()  # the bot's line of the same move
    game.bot_move()
    assert shown[-1].strip() == f"player 0: {said(doubles)}"


def test_a_hint_and_a_review_name_a_declaration_with_its_points_and_json_keeps_the_notation() -> None:
    pos = Position(DEMO_DEAL)  # player 0 on lead after trick 3, holding 6-6, 4-4 and 2-2
    doubles = doubles_of(pos.hands[0])
    assert [str(t) for t in doubles] == ["6-6", "4-4", "2-2"]
    move = "declare:" + ",".join(str(t) for t in doubles)
    hinted = hint(pos.view(0), samples=4, seed=1)
    assert move in [m.move for m in hinted.moves]
    assert said(doubles) in text(show_hint(hinted, pos.view(0)))

    graded = BINGO.grade({"position": pos.to_json(), "plays": [move, "6-6"]})
    assert [g["move"] for g in graded["plays"]] == [move, "6-6"]  # the notation in the JSON
    assert graded["names"] == {"moves": {move: said(doubles)}}
    assert said(doubles) in text(show_analysis(graded))
    deal = {"start": 0, "turned": "3-3", "points": [0, 0], "tricks": [0, 0],
            "result": {"winner": 0, "game_points": 1, "outcome": "points"}}
    assert said(doubles) in text(hand_summary(1, deal, graded, 0))
    assert chart_of(graded).plays == (f"0: {said(doubles)}", "0: 6-6")  # analyse --svg's labels
    assert "names" not in BINGO.grade({"position": pos.to_json(), "plays": ["6-6"]})  # nothing to name


def test_a_hint_offering_to_close_says_what_closing_does() -> None:
    """docs/rules.md §5.9: closing ends the drawing and binds the closer to reach 70; the hint's
    table says so where close is among its moves, and not where it is not."""
    pos = Position(DEMO_DEAL)
    view = pos.view(0)
    assert "close" in [str(m) for m in view.legal_moves]
    offered = text(show_hint(hint(view, samples=4, seed=1), view))
    assert "close: the boneyard leaves play" in offered and "must reach 70 points" in offered, offered
    pos.play("6-6")  # player 1 replies: no close to offer
    reply = pos.view(1)
    assert "close" not in [str(m) for m in reply.legal_moves]
    assert "close:" not in text(show_hint(hint(reply, samples=4, seed=1), reply))
