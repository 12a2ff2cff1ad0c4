"""A game against the bots saved from the board (issue 39, point 2): the Play screen's link downloads
the game's record so far (every finished hand, the rules it was played under), the very record the
server's replies carry, which `dominosolver analyse FILE` grades."""

from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner
from dominosolver.cli.main import cli
from test_board import WAIT, css, new_bot_game, no_script_errors, wait_for  # noqa: F401 (autouse)

pytestmark = pytest.mark.browser


def first_hand_played(browser) -> dict:
    """Play the human's turns (passing when it may, else its last legal move) until a hand is over."""
    while True:
        state = wait_for(browser, lambda b: b.execute_script(
            "const p = window.board.play; return !p.busy && p.state && (p.state.your_turn || p.state.over) ? p.state : null"),
            "the human's turn or the end")
        if state["record"]["hands"] or state["over"]:
            return state
        moves = state["legal_moves"]
        browser.execute_script("window.board.play.move(arguments[0])", "pass" if "pass" in moves else moves[-1])


def downloaded(folder, name: str) -> dict:
    path = folder / name
    deadline = time.monotonic() + WAIT  # the download is the browser's: wait for the file, whole
    while not (path.exists() and not (folder / f"{name}.crdownload").exists()):
        assert time.monotonic() < deadline, f"no {name} downloaded"
        time.sleep(0.1)
    return json.loads(path.read_text())


@pytest.mark.parametrize("game, seat, rules", [("texas42", "0", ""), ("moon", "0", "moon_widow:none")])
def test_the_saved_game_is_the_record_and_analyse_grades_it(browser, server, tmp_path, game, seat, rules):
    browser.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    new_bot_game(browser, server, game, seat, "6", forced=True, rules=rules or None)
    wait_for(browser, lambda b: b.execute_script("return window.board.play.state"), "the game")
    assert browser.execute_script("return window.board.play.state.view.rules") == (dict([rules.split(":")]) if rules else {})
    assert not css(browser, "#save-game")[0].is_displayed()  # nothing finished yet: nothing to save
    state = first_hand_played(browser)
    link = css(browser, "#save-game")[0]
    wait_for(browser, lambda b: link.is_displayed(), "the save link")
    name = link.get_attribute("download")
    link.click()
    saved = downloaded(tmp_path, name)
    assert saved == browser.execute_script("return window.board.play.state.record")
    assert saved["hands"][: len(state["record"]["hands"])] == state["record"]["hands"]
    assert saved.get("rules", {}) == (dict([rules.split(":")]) if rules else {})
    out = CliRunner().invoke(cli, ["analyse", str(tmp_path / name), "--json"])
    assert out.exit_code == 0, out.output + str(out.exception)
    graded = json.loads(out.output)
    hands = graded.get("hands", [graded])
    played = [h for h in saved["hands"] if h["plays"]]
    assert sum(len(h["plays"]) for h in hands if h) == sum(len(h["plays"]) for h in played)
