"""The board's move list (issue 39): the Position screen keeps the line played from a position, as
lichess's analysis board does; a click on a move goes to the position after it, Left and Right step
back and forward, Home and End go to the line's start and end; a hand graded in the Play screen's
review opens there to be stepped through; the declarations are offered by their printed names. Each position shown is compared with the one the rules
give (texas42.Position played in Python)."""

from __future__ import annotations

import copy

import pytest
from dominosolver.texas42 import Position
from dominosolver.texas42.rules import Rules, parse_trump
from dominosolver.texas42.solve import declaration_name
from test_board import click, css, new_bot_game, no_script_errors, open_board, status, wait_for  # noqa: F401 (autouse)

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
except ImportError:  # without selenium the browser fixture skips these tests
    pass

pytestmark = pytest.mark.browser

START = "trump=4 leader=N hands=66.64.21/44.31.20/65.41.00/53.22.10 contract=N30"


def shown(browser) -> Position | None:
    """The position the Position screen shows, once the server has read it."""
    text = css(browser, "#notation")[0].get_attribute("value")
    return Position(text) if text and status(browser).startswith("valid") else None


def showing(expected: Position, ply: int):
    """The board shows ``expected`` with the move list's entry ``ply`` marked as the one shown."""
    def check(b) -> bool:
        marked = [e.get_attribute("data-ply") for e in css(b, '#move-list [aria-current="step"]')]
        return shown(b) == expected and marked == [str(ply)]
    return check


def line_of(start: Position, moves: list[str]) -> list[Position]:
    """The positions of a line: the start, then after each move (the rules in Python, not the board)."""
    positions = [start]
    for move in moves:
        nxt = copy.deepcopy(positions[-1])
        nxt.play(move)
        positions.append(nxt)
    return positions


def press(browser, key) -> None:
    ActionChains(browser).send_keys(key).perform()


def test_the_move_list_goes_where_it_is_clicked_and_keyed(browser, server, screenshot):
    open_board(browser, server, "position")
    css(browser, "#paste")[0].send_keys(START)
    click(browser, "#load")
    wait_for(browser, lambda b: shown(b) == Position(START), "the pasted position")
    played = []
    for _ in range(3):  # each time the solver's worst move: the line is the board's, not the PV's
        wait_for(browser, lambda b: css(b, "#moves .move"), "the move values")
        cells = css(browser, "#moves .move")
        move = cells[-1].get_attribute("data-move")
        cells[-1].find_element("css selector", "button").click()
        played.append(move)
        positions = line_of(Position(START), played)
        wait_for(browser, showing(positions[-1], len(played)), f"the position after {played}")
    assert [e.get_attribute("data-move") for e in css(browser, "#move-list .ply[data-move]")] == played
    screenshot("move-list-1280", "the Position screen's move list after three moves")

    click(browser, '#move-list [data-ply="1"]')  # a click on the first move: the position after it
    wait_for(browser, showing(positions[1], 1), "the position after the first move")
    press(browser, Keys.ARROW_LEFT)
    wait_for(browser, showing(positions[0], 0), "Left: the start")
    press(browser, Keys.END)
    wait_for(browser, showing(positions[3], 3), "End: the line's end")
    press(browser, Keys.ARROW_LEFT)
    wait_for(browser, showing(positions[2], 2), "Left: one back")
    press(browser, Keys.HOME)
    wait_for(browser, showing(positions[0], 0), "Home: the start")
    press(browser, Keys.ARROW_RIGHT)
    wait_for(browser, showing(positions[1], 1), "Right: one forward")
    assert len(css(browser, "#move-list .ply[data-move]")) == 3  # stepping keeps the line

    # The line's own next move played steps forward; another move replaces the rest of the line.
    press(browser, Keys.HOME)
    wait_for(browser, showing(positions[0], 0), "Home: the start")
    click(browser, f'#moves .move[data-move="{played[0]}"] button')
    wait_for(browser, showing(positions[1], 1), "the line's own first move")
    assert [e.get_attribute("data-move") for e in css(browser, "#move-list .ply[data-move]")] == played
    press(browser, Keys.ARROW_LEFT)
    wait_for(browser, showing(positions[0], 0), "Left: the start")
    other = next(m for m in (str(t) for t in positions[0].legal_moves) if m != played[0])
    click(browser, f'#moves .move[data-move="{other}"] button')
    wait_for(browser, showing(line_of(Position(START), [other])[-1], 1), "another first move")
    assert [e.get_attribute("data-move") for e in css(browser, "#move-list .ply[data-move]")] == [other]

def test_a_reviewed_hand_is_stepped_through_on_the_position_screen(browser, server):
    """The review's button opens the graded hand's first position with its plays in the move list."""
    new_bot_game(browser, server, "texas42", "0", "6", forced=True)
    while True:
        state = wait_for(browser, lambda b: b.execute_script(
            "const p = window.board.play; return !p.busy && p.state && (p.state.your_turn || p.state.over) ? p.state : null"),
            "the human's turn or the end")
        if state["record"]["hands"]:
            break
        moves = state["legal_moves"]
        browser.execute_script("window.board.play.move(arguments[0])", "pass" if "pass" in moves else moves[-1])
    hand = state["record"]["hands"][0]
    click(browser, '.review-button[data-hand="1"]')
    click(browser, '.replay[data-hand="1"]')
    plays = [tile for _, tile in hand["plays"]]
    wait_for(browser, lambda b: len(css(b, "#move-list .ply[data-move]")) == len(plays), "the hand's plays in the list")
    assert [e.get_attribute("data-move") for e in css(browser, "#move-list .ply[data-move]")] == plays
    start = Position(hands=hand["deal"], trump=hand["trump"], leader=hand["contract"]["declarer"],
                     contract=(hand["contract"]["declarer"], hand["contract"]["bid"]))
    positions = line_of(start, plays)
    wait_for(browser, showing(positions[0], 0), "the hand's first position")
    press(browser, Keys.END)
    wait_for(browser, showing(positions[-1], len(plays)), "End: the hand's last position")
    click(browser, '#move-list [data-ply="5"]')
    wait_for(browser, showing(positions[5], 5), "the position after the fifth play")


def test_the_declarations_are_offered_in_the_words_tables_print(browser, server):
    """Winning the auction, the human is offered each declaration by its printed name ("declare
    fives", "declare follow-me"), the move itself kept as the game writes it; the table then names
    the trump so."""
    new_bot_game(browser, server, "texas42", "0", "5")
    while True:
        state = wait_for(browser, lambda b: b.execute_script(
            "const p = window.board.play; return !p.busy && p.state && p.state.your_turn ? p.state : null"), "the human's turn")
        if state["legal_moves"][0].startswith("declare"):
            break
        moves = state["legal_moves"]
        browser.execute_script("window.board.play.move(arguments[0])", moves[-1] if "pass" in moves else moves[0])
    table = Rules.of_game("texas42", state["view"]["rules"])
    wait_for(browser, lambda b: len(css(b, "#play-choices button")) == len(state["legal_moves"]), "the declarations")
    shown = {b.get_attribute("data-move"): b.text for b in css(browser, "#play-choices button")}
    assert shown == {m: f"declare {declaration_name(parse_trump(m.split(' ', 1)[1], table))}" for m in state["legal_moves"]}
    move = state["legal_moves"][0]
    click(browser, f'#play-choices button[data-move="{move}"]')
    name = shown[move].split(" ", 1)[1]
    wait_for(browser, lambda b: f"trump {name}" in css(b, "#play-table .facts")[0].text, "the trump named in the table")
