"""The board's leftovers of the players'-table pass: Bingo's declarations named as a player says
them (docs/rules.md §5.7's points with them) in the Play screen's buttons, hint and log."""

from __future__ import annotations

import pytest
from dominosolver.bingo import Game
from test_board import css, new_bot_game, wait_for
from test_board_table_feel import my_turn

pytestmark = pytest.mark.browser


def test_a_bingo_declaration_is_named_with_its_points(browser, server):
    game = Game(seed=0)  # player 0 leads the first deal holding 4-4 and 2-2
    declarations = [str(m) for m in game.legal_moves if m.kind == "declare"]
    assert declarations == ["declare:4-4,2-2"]
    words = "declare 4-4 and 2-2 (20 points)"  # two doubles, the Bingo (0-0) not among them: 20
    new_bot_game(browser, server, "bingo", "0", "0")
    state = my_turn(browser)
    assert "declare:4-4,2-2" in state["legal"]
    button = wait_for(browser, lambda b: css(b, "#play-choices [data-move='declare:4-4,2-2']"), "the declaration's button")[0]
    assert button.text == words
    browser.execute_script("window.board.play.hint()")
    row = wait_for(browser, lambda b: css(b, "#hint-table tr[data-move='declare:4-4,2-2']"), "the hint")[0]
    assert row.find_elements("css selector", "td")[1].text == words
    browser.execute_script("window.board.play.move(arguments[0])", "declare:4-4,2-2")
    line = wait_for(browser, lambda b: css(b, "#play-log > div[data-move='declare:4-4,2-2']"), "the log's line")[0]
    assert line.text.endswith(f": {words}"), line.text
