"""The board as a new user first sees it: a fresh set-up says what to do (not "the hand is over",
nor Bingo's fault of an empty boneyard), the places' names ("trick", "boneyard", "player 0") stay
whole on a phone, and the Table screen names the games that have a table as their rows say."""

from __future__ import annotations

import pytest
from dominosolver import games
from selenium.webdriver.common.by import By
from test_board import choose, css, open_board, status, wait_for

EMPTY = "no tiles yet: click a hand's name, then its tiles, or paste a position"


def name_lines(browser) -> dict[str, int]:
    """Each place's name on the Position screen and the lines it takes (1: not broken)."""
    return browser.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('.hands .hand-name')].map((e) => {"
        " const r = document.createRange(); r.selectNodeContents(e);"
        " return [e.textContent, new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size]; }))")


@pytest.mark.parametrize("game", ["texas42", "bingo"])
@pytest.mark.parametrize("width", [390, 1280])
def test_a_fresh_set_up_says_what_to_do_and_its_names_stay_whole(browser, server, sized, game, width):
    sized(width)
    open_board(browser, server, "position")
    choose(browser, 'select[name="game"]', game)
    wait_for(browser, lambda b: status(b) == EMPTY, f"the empty {game} set-up's status")
    assert "invalid" not in css(browser, "#status")[0].get_attribute("class")
    lines = name_lines(browser)
    spec = games.get(game)
    seats = [spec.seat_name(s) for s in range(spec.Rules().seats)]
    assert set(seats) | {"trick"} <= set(lines), lines
    assert all(n == 1 for n in lines.values()), f"names broken over lines at {width} px: {lines}"
    # a tile placed: the position is checked as before
    css(browser, ".hands .hand-name")[0].click()
    css(browser, ".palette button.tile")[0].click()
    wait_for(browser, lambda b: status(b) not in (EMPTY, "checking…"), "the set-up checked")


def test_the_table_screen_names_the_games_with_a_table(browser, server):
    open_board(browser, server, "table")
    about = browser.find_element(By.ID, "table-about").text
    tabled = [spec.title for spec in games.GAMES.values() if spec.table is not None]
    assert about.endswith(f"{', '.join(tabled[:-1])} and {tabled[-1]}."), about
    assert "Bingo" not in about and "Moon: tricks" not in about
