"""The board on a phone and a laptop (issue 39): every screen, for every game the screen offers, at
390 px and 1280 px wide, has no horizontal scroll (a wide table scrolls alone). Screenshots of each
go to tests/artifacts/board/."""

from __future__ import annotations

from urllib.parse import quote, unquote

import pytest
from dominosolver import games
from dominosolver.texas42 import Position
from selenium.webdriver.common.by import By
from test_board import choose, click, css, new_bot_game, open_board, status, wait_for

WIDTHS = (390, 1280)
GAMES = tuple(games.GAMES)


def no_horizontal_scroll(browser) -> tuple[int, int]:
    """The page's width against the window's (the document scrolls sideways when the first is larger)."""
    return tuple(browser.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"))


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("game", GAMES)
def test_the_position_screen_fits(browser, server, sized, screenshot, game, width):
    sized(width)
    open_board(browser, server, "position")
    choose(browser, 'select[name="game"]', game)
    wide, window = no_horizontal_scroll(browser)
    assert wide <= window, f"{game} position screen {wide} px wide in {window}"
    screenshot(f"position-{game}-{width}", f"the position editor of {game} at {width} px")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("screen", ["table", "chart"])
def test_the_table_and_chart_screens_fit(browser, server, sized, screenshot, screen, width):
    sized(width)
    open_board(browser, server, screen)
    wide, window = no_horizontal_scroll(browser)
    assert wide <= window, f"{screen} screen {wide} px wide in {window}"
    screenshot(f"{screen}-{width}", f"the {screen} screen at {width} px")


def boxes(browser, selector: str) -> list[dict]:
    """Each match's seat, place and rectangle on the page."""
    return browser.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => { const r = e.getBoundingClientRect();"
        " return {seat: Number(e.dataset.seat), place: e.dataset.place, left: r.left, right: r.right, top: r.top,"
        " bottom: r.bottom}; })", selector)


def check_compass(browser, seats: int, human: int) -> None:
    """The Play screen's table as players sit: the human's box at the bottom under the trick, the seats
    clockwise from its left (42's partner at the top, above the human; Moon's two others left and
    right; Bingo's opponent at the top), the seat to move marked, every box within the table."""
    table = boxes(browser, "#play-table")[0]
    centre = boxes(browser, "#play-table .centre")[0]
    seat = {b["place"]: b for b in boxes(browser, "#play-table .seat")}
    expected = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}[seats]
    assert sorted(seat) == sorted(expected)
    for k, place in enumerate(expected):  # clockwise from the human: the next seat on its left
        assert seat[place]["seat"] == (human + k) % seats, (place, seat[place])
    me = seat["bottom"]
    assert me["top"] >= centre["bottom"] - 1  # the human under the trick
    if "top" in seat:
        assert seat["top"]["bottom"] <= centre["top"] + 1 <= me["top"]  # partner (Bingo: opponent) above
    if "left" in seat:
        assert seat["left"]["right"] <= centre["left"] + 1 and seat["right"]["left"] >= centre["right"] - 1
        assert seat["left"]["bottom"] <= me["top"] + 1 and seat["right"]["bottom"] <= me["top"] + 1
    for b in [centre, *seat.values()]:
        assert table["left"] - 1 <= b["left"] and b["right"] <= table["right"] + 1, (b, table)
    state = browser.execute_script("return window.board.play.state")
    marked = boxes(browser, "#play-table .seat.to-move")
    assert [b["seat"] for b in marked] == ([] if state["over"] else [state["to_move"]])


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_the_bots_fits(browser, server, sized, screenshot, game, width):
    sized(width)
    new_bot_game(browser, server, game, "1", "4")
    wait_for(browser, lambda b: status(b, "#play-status") == "your turn", "the human's turn")
    check_compass(browser, games.get(game).Rules().seats, 1)
    click(browser, "#hint")
    wait_for(browser, lambda b: css(b, "#hint-table tbody tr"), "the hint")
    wide, window = no_horizontal_scroll(browser)
    assert wide <= window, f"{game} play screen {wide} px wide in {window}"
    screenshot(f"play-{game}-{width}", f"a game of {game} against the bots, the hint open, at {width} px")


@pytest.mark.parametrize(("game", "width"), [("texas42", 1280), ("moon", 390), ("texas42", 390)])
def test_the_trick_lies_on_each_players_side(browser, server, sized, screenshot, game, width):
    """Midway through a trick, each tile on the table lies toward the seat that played it (the
    human's below the middle, the seat at the top above it, left and right to the sides)."""
    sized(width)
    new_bot_game(browser, server, game, "0", "5")
    while True:
        state = wait_for(browser, lambda b: b.execute_script(
            "const p = window.board.play; return !p.busy && p.state && (p.state.your_turn || p.state.over) ? p.state : null"),
            "the human's turn")
        assert not state["over"]
        if len(state["view"]["trick"]) >= 2:
            break
        moves = state["legal_moves"]
        browser.execute_script("window.board.play.move(arguments[0])", "pass" if "pass" in moves else moves[-1])
    check_compass(browser, games.get(game).Rules().seats, 0)
    trick = boxes(browser, "#play-trick")[0]
    middle = ((trick["left"] + trick["right"]) / 2, (trick["top"] + trick["bottom"]) / 2)
    played = boxes(browser, "#play-trick .played")
    plays = state["view"]["plays"][-len(state["view"]["trick"]):]
    assert [b["seat"] for b in played] == [p["seat"] for p in plays]
    places = {b["seat"]: b["place"] for b in boxes(browser, "#play-table .seat")}
    for b in played:
        x, y = (b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2
        toward = {"top": y < middle[1], "bottom": y > middle[1], "left": x < middle[0], "right": x > middle[0]}
        assert toward[places[b["seat"]]], (b, places[b["seat"]], middle)
    screenshot(f"table-{game}-{width}", f"{game}'s table midway through a trick at {width} px")


def test_your_hand_is_readable_in_the_auction(browser, server):
    """During the auction no tile is played: the human's own hand is drawn at full strength."""
    new_bot_game(browser, server, "texas42", "1", "4")
    wait_for(browser, lambda b: status(b, "#play-status") == "your turn", "seat 1's bid")
    tiles = css(browser, '#play-table .hand.own button.tile')
    assert len(tiles) == 7
    assert {browser.execute_script("return getComputedStyle(arguments[0]).opacity", t) for t in tiles} == {"1"}


def test_a_link_reopens_a_position_and_a_game(browser, server):
    """The board keeps what it shows in its address: #position=<notation> reopens a position, and
    #game=<token> the game against the bots where its latest reply left it."""
    notation = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42"
    browser.get("about:blank")  # a new hash on the same page would not load it again
    browser.get(f"{server}/?pause=0#position={quote(notation)}")
    wait_for(browser, lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the board")
    def loaded(b) -> str | None:  # the editor starts from an empty position: wait for the link's
        text = css(b, "#notation")[0].get_attribute("value")
        return text if text and Position(text) == Position(notation) else None

    shown = wait_for(browser, loaded, "the linked position")
    assert unquote(browser.execute_script("return location.hash")) == f"#position={shown}"

    new_bot_game(browser, server, "texas42", "1", "4")
    wait_for(browser, lambda b: status(b, "#play-status") == "your turn", "seat 1's bid")
    before = browser.execute_script("return window.board.play.state")
    link = browser.execute_script("return location.href")
    assert unquote(link.split("#game=")[1]) == before["token"]
    browser.get("about:blank")
    browser.get(link)
    wait_for(browser, lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the board")
    after = wait_for(browser, lambda b: b.execute_script("return window.board.play.state"), "the reopened game")
    assert after["view"] == before["view"] and after["your_turn"] and after["token"] == before["token"]
    assert css(browser, "#screen-play")[0].is_displayed()


def test_forced_moves_are_played_at_once_when_asked(browser, server):
    """With 'play forced moves at once' ticked the human is never asked to make its only legal move:
    every turn it is shown offers a choice, and the game still reaches its end."""
    new_bot_game(browser, server, "texas42", "0", "6", forced=True)
    turns = 0
    while True:
        state = wait_for(browser, lambda b: b.execute_script(
            "const p = window.board.play; return !p.busy && p.state && (p.state.your_turn || p.state.over) ? p.state : null"),
            "the human's turn or the end")
        if state["over"] or state["record"]["hands"]:
            break
        assert len(state["legal_moves"]) > 1, state["legal_moves"]
        turns += 1
        move = "pass" if "pass" in state["legal_moves"] else state["legal_moves"][-1]
        browser.execute_script("window.board.play.move(arguments[0])", move)
    hand = state["record"]["hands"][0]
    mine = sum(1 for seat, _ in hand["plays"] if seat == 0) + 1 + (hand["contract"]["declarer"] == 0)  # plays, bid, declaring
    assert 1 <= turns < mine  # the human chose where it had a choice; the rest were made for it
