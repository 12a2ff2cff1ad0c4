"""The Play screen's rules box: a flag written without its value ('specials', no colon) is answered
on the page with how to write it ('flag:value'), and no game is asked for; flags with values start
the game as before."""

from __future__ import annotations

import pytest
from test_board import click, css, new_bot_game, no_script_errors, status, wait_for  # noqa: F401 (autouse)

pytestmark = pytest.mark.browser


def test_a_flag_without_its_value_says_write_flag_value(browser, server):
    new_bot_game(browser, server, "texas42", "0", "3", rules="specials")
    shown = wait_for(browser, lambda b: status(b, "#play-status") or None, "the rules box's answer")
    assert "write flag:value" in shown and "'specials' has no value" in shown
    assert "invalid" in css(browser, "#play-status")[0].get_attribute("class")
    assert not css(browser, "#play-log > *")  # no game was asked for
    box = css(browser, 'input[name="play-rules"]')[0]
    box.clear()
    box.send_keys("specials:all, nello, sevens")
    click(browser, "#new-game")
    shown = wait_for(browser, lambda b: "have no value" in status(b, "#play-status") and status(b, "#play-status"),
                     "the two flags named")
    assert "'nello', 'sevens' have no value" in shown
    box.clear()
    box.send_keys("specials:all")
    click(browser, "#new-game")
    wait_for(browser, lambda b: status(b, "#play-status") == "your turn" or css(b, "#play-log > *"), "the game")
