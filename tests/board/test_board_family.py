"""The position editor of every game of the 42 family is the game's own (issue 39, point 1): the
palette holds the game's set (Moon's 22 tiles, The Big Game's 45), the trump select offers its
declarations by the names tables print, there is no Bingo "Turned" field, and Moon's widow discard
can be recorded; a dealt position loaded into it is shown as the server reads it, and a declaration
chosen by its name gives the position Python's rules give. The Table screen draws the Moons' tables
(in tricks) and the Chart screen grades their games."""

from __future__ import annotations

import json
import re

import pytest
from dominosolver import games
from dominosolver.texas42.rules import Rules, parse_trump, set_mask
from dominosolver.texas42.solve import declaration_name
from dominosolver.tiles import tiles_of
from test_board import choose, click, css, no_script_errors, open_board, status, wait_for  # noqa: F401 (autouse)

pytestmark = pytest.mark.browser

FAMILY = ["texas42", "moon", "moon4", "biggame"]


def shown_json(browser) -> dict | None:
    text = css(browser, "#json")[0].get_attribute("value")
    return json.loads(text) if text and status(browser).startswith("valid") else None


@pytest.mark.parametrize("tag", FAMILY)
def test_the_editor_offers_the_games_set_and_declarations(browser, server, tag):
    open_board(browser, server, "position")
    choose(browser, 'select[name="game"]', tag)
    rules = Rules.of_game(tag)
    tiles = [str(t) for t in sorted(tiles_of(set_mask(rules)), reverse=True)]
    # Read within the waits: the editor may draw the palette and the selects again as the game changes
    # (a stale element is read anew).
    wait_for(browser, lambda b: [t.get_attribute("data-tile") for t in css(b, "#palette button.tile")] == tiles,
             "the game's palette")
    assert not css(browser, 'select[name="turned"]')
    named = {str(d): declaration_name(d) for d in rules.declarations}  # every declaration, by its printed name

    def offered(b) -> bool:
        options = {o.get_attribute("value"): o.text for o in css(b, 'select[name="trump"] option')}
        # 42 alone offers Nel-O, Sevens (its special contracts) to a position by hand.
        return all(options.get(k) == v for k, v in named.items()) and (tag == "texas42" or set(options) == set(named))

    wait_for(browser, offered, "the game's declarations by name")
    assert bool(css(browser, 'select[name="discard"]')) == (rules.row.left_over != "none")


@pytest.mark.parametrize("tag", FAMILY)
def test_a_dealt_position_is_edited_in_its_own_words(browser, server, tag):
    spec = games.get(tag)
    pos = spec.deal(1, spec.variants[0])
    open_board(browser, server, "position")
    css(browser, "#paste")[0].send_keys(str(pos))
    click(browser, "#load")
    def shows(b, position) -> bool:  # the JSON read once: the editor may be redrawing it
        shown = shown_json(b)
        return shown is not None and spec.Position.from_json(shown) == position

    wait_for(browser, lambda b: shows(b, pos), "the dealt position")
    other = next(d for d in Rules.of_game(tag).declarations if d != pos.trump)
    choose(browser, 'select[name="trump"]', str(other))
    expected = spec.Position(re.sub(r"trump=\S+", f"trump={other}", str(pos)))
    wait_for(browser, lambda b: shows(b, expected), "the new declaration")
    if Rules.of_game(tag).row.left_over == "widow":  # the one tile in no hand: the bidder's discard
        free = [o.get_attribute("value") for o in css(browser, 'select[name="discard"] option') if o.get_attribute("value")]
        in_hands = {str(t) for hand in pos.hands for t in hand}
        assert free == [str(t) for t in sorted(tiles_of(set_mask(Rules.of_game(tag))), reverse=True) if str(t) not in in_hands]
        choose(browser, 'select[name="discard"]', free[0])
        wait_for(browser, lambda b: (shown_json(b) or {}).get("discard") == free[0], "the discard recorded")


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("tag", ["moon", "moon4"])
def test_the_table_screen_draws_the_familys_tables(browser, server, screenshot, tag, width):
    """Moon's table counts tricks (its own schema): the heat map shows each cell as the game's table
    gives it, the declarations by name, and fits a phone (The Big Game's takes half a minute a deal
    on a busy machine, too long here; its HTTP table is tested in tests/serve)."""
    spec = games.get(tag)
    pos = spec.deal(3, spec.variants[0])
    expected = spec.table(pos).to_json()
    browser.set_window_size(width, 1000)
    try:
        open_board(browser, server, "table")
        css(browser, "#deal")[0].send_keys(str(pos))
        click(browser, "#make-table")
        wait_for(browser, lambda b: css(b, "table.heatmap td"), "the heat map")
        rows = [r.text for r in css(browser, "table.heatmap tbody th")]
        assert rows == [declaration_name(parse_trump(d, Rules.of_game(tag))) for d in expected["declarations"]]
        cells = css(browser, "table.heatmap td")
        shown = [[int(c.get_attribute("data-points")) for c in cells[i:i + len(expected["seats"])]]
                 for i in range(0, len(cells), len(expected["seats"]))]
        assert shown == expected["tricks"]
        assert "(tricks)" in status(browser, "#table-status")
        wide, window = browser.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert wide <= window
        screenshot(f"table-screen-{tag}-{width}", f"the Table screen with a {tag} deal at {width} px")
    finally:
        browser.set_window_size(1280, 1000)


@pytest.mark.parametrize("tag", ["moon", "moon4"])
def test_the_chart_screen_grades_a_familys_game(browser, server, tag):
    """A whole game of the family as `play --json` prints it, pasted into the Chart screen: every
    hand graded, each play's cost as the analysis gives it."""
    record = games.get(tag).play(2)
    graded = games.get(tag).grade(json.loads(json.dumps(record)))
    open_board(browser, server, "chart")
    browser.execute_script("document.querySelector('#record').value = arguments[0]", json.dumps(record))
    click(browser, "#grade")
    wait_for(browser, lambda b: status(b, "#chart-status").endswith("graded"), "the grades")
    hands = [h for h in graded["hands"] if h]
    assert status(browser, "#chart-status") == f"{len(hands)} graded"
    costs = [c.get_attribute("data-cost") for c in css(browser, "#charts table.grades tbody tr")]
    assert costs == [str(p["cost"]) if p.get("cost") is not None else "" for h in hands for p in h["plays"]]
