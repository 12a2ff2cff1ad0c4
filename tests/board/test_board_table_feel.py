"""The Play screen as a players' table on a phone and from the keyboard: targets a finger can hit,
a page that stays where the player put it while the bots move (the log scrolls alone), the end of
a hand said in the log, the focus kept in your hand after a move made from the keyboard (Left and
Right step along it, Escape puts a hint away), a new game that starts even while the bots of the
last one are thinking, a hint's headings whole, a bid advice brought on screen and judged at a bid
still open, an exact hint's count of worlds said, the trick just taken kept on the felt, the seats'
spoken labels, a hint answered after a move dropped, a discard made by a tap on the tile, a bad seed
refused, a declaration logged by name, a bid advice without means shown without their columns, The
Big Game's lower-end lead drawn as its tile, a play chart shrunk whole to a phone, no answer from
the server said in words, and a hint on make tests drawn as its counts."""

from __future__ import annotations

import json

import pytest
from dominosolver import games
from dominosolver.texas42 import Position, Rules, hint
from dominosolver.texas42.rules import parse_trump
from dominosolver.texas42.solve import declaration_name
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from test_board import choose, click, css, new_bot_game, open_board, wait_for

pytestmark = pytest.mark.browser

TOUCH = 44  # px: the least side of a finger's target (Apple's 44 pt, WCAG 2.5.5)


def play_state(browser) -> dict:
    return browser.execute_script(
        "const p = window.board.play; return p.state ? {busy: p.busy, over: p.state.over, yours: p.state.your_turn,"
        " legal: p.state.legal_moves, token: p.state.token, game: p.state.game, record: p.state.record,"
        " view: p.state.view} : null")


def my_turn(browser, after: str | None = None) -> dict:
    """The game's state once it is the human's turn (or the game is over) and the bots are still,
    after the reply with token ``after`` when given."""
    def ready(b):
        state = play_state(b)
        done = state and not state["busy"] and (state["yours"] or state["over"]) and state["token"] != after
        return state if done else None
    return wait_for(browser, ready, "the human's turn")


def test_a_phones_targets_are_a_fingers(browser, server, sized, screenshot):
    sized(390)
    new_bot_game(browser, server, "texas42", "0", "7")
    state = my_turn(browser)
    assert state["yours"]
    sizes = browser.execute_script(
        "const shown = (e) => e.getClientRects().length > 0;"
        "return [...document.querySelectorAll('nav button, #screen-play button, #screen-play select,"
        " #screen-play input:not([type=checkbox]), #screen-play a.action, #screen-play label:has(input[type=checkbox])')]"
        ".filter(shown).map((e) => { const r = e.getBoundingClientRect();"
        " return [e.getAttribute('aria-label') || e.textContent.trim() || e.name, r.width, r.height]; })")
    assert len(css(browser, "#play-table .hand.own button.tile")) == 7  # the hand, as buttons among them
    small = [(name, round(w), round(h)) for name, w, h in sizes if w < TOUCH or h < TOUCH]
    assert not small, f"targets under {TOUCH} px at 390 px wide: {small}"
    wide, window = browser.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide <= window, f"the Play screen {wide} px wide in {window}"
    screenshot("play-phone-targets", "the Play screen at 390 px: every control and tile a finger's size")


def test_the_page_stays_put_while_the_bots_move_and_a_hands_end_is_logged(browser, server, sized):
    sized(390)
    browser.set_window_size(390, 700)  # the log below the fold (sized sets 1280x1000 again after)
    new_bot_game(browser, server, "texas42", "0", "7")
    spec = games.get("texas42")
    seats = [spec.seat_name(s) for s in range(spec.Rules().seats)]
    token = None
    while True:
        browser.execute_script("window.scrollTo(0, 0)")
        state = my_turn(browser, token)
        assert browser.execute_script("return window.scrollY") == 0, "the page scrolled while the bots moved"
        if state["record"]["hands"]:
            break
        token = state["token"]
        browser.execute_script("window.board.play.move(arguments[0])", state["legal"][0])
    hand = state["record"]["hands"][0]
    contract, points = hand["contract"], hand["points"]
    made = "made" if hand["result"]["made"] else "set"
    lines = [e.text for e in css(browser, "#play-log .hand-result")]
    assert len(lines) == 1, lines
    said, taken = lines[0].split("; points taken ")
    assert said == f"Hand 1 over: {seats[contract['declarer']]} bid {contract['bid']}: {made}"
    assert sorted(taken.split(", ")) == sorted(f"{side} {p}" for side, p in points.items())
    # the log shows its last line itself
    inside = browser.execute_script(
        "const log = document.querySelector('#play-log'); const last = log.lastElementChild;"
        " return [log.scrollHeight > log.clientHeight, last.getBoundingClientRect().bottom <= log.getBoundingClientRect().bottom + 1]")
    assert inside == [True, True], inside


def test_a_move_made_from_the_keyboard_keeps_the_focus_in_your_hand(browser, server):
    new_bot_game(browser, server, "texas42", "0", "7")
    state = my_turn(browser)
    browser.execute_script("document.querySelector('#play-choices button:enabled, #play-table .hand.own button:enabled').focus()")
    for _ in range(3):  # a call, and on: each made by Enter on the focused button
        assert state["yours"], state
        # Right and Left step along the tiles you may play and your choices, in the page's order, round
        targets = browser.execute_script(
            "return [...document.querySelectorAll('#play-table .hand.own button:enabled, #play-choices button:enabled')]"
            ".map((e) => e.dataset.move)")
        first = browser.switch_to.active_element.get_attribute("data-move")
        browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        step = targets[(targets.index(first) + 1) % len(targets)]
        assert browser.switch_to.active_element.get_attribute("data-move") == step
        browser.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        focused = browser.switch_to.active_element
        assert focused.get_attribute("data-move") == first
        assert focused.get_attribute("data-move") in state["legal"]
        focused.send_keys(Keys.ENTER)
        state = my_turn(browser, state["token"])
        if state["over"]:
            break
        where = browser.execute_script(
            "const e = document.activeElement; return e.matches('#play-table .hand.own button:enabled, #play-choices button:enabled')")
        assert where, f"the focus left your hand: {browser.execute_script('return document.activeElement.outerHTML')[:200]}"


def test_a_new_game_starts_while_the_bots_of_the_last_one_think(browser, server):
    browser.get(f"{server}/?pause=600000")  # a bot's move waits ten minutes: the bots are always busy
    wait_for(browser, lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the board")
    click(browser, 'nav [data-screen="play"]')
    choose(browser, 'select[name="play-seat"]', "0")
    click(browser, "#new-game")
    state = wait_for(browser, lambda b: play_state(b), "the first game")
    if state["yours"] and not state["busy"]:  # the human calls first: a pass hands the turn to the bots
        browser.execute_script("window.board.play.move('pass')")
    wait_for(browser, lambda b: play_state(b)["busy"], "the bots' turn")
    choose(browser, 'select[name="play-game"]', "moon")
    click(browser, "#new-game")
    wait_for(browser, lambda b: play_state(b)["game"] == "moon", "the new game of Moon")
    assert [e.text for e in css(browser, "#play-log > div")] == []  # the last game's log is gone


def words_broken(browser, selector: str) -> list[str]:
    """The words of the cells matching ``selector`` that are split over two lines."""
    return browser.execute_script(
        "const broken = [];"
        "for (const cell of document.querySelectorAll(arguments[0])) {"
        "  const text = cell.firstChild; if (!text || text.nodeType !== 3) continue;"
        "  for (const m of text.data.matchAll(/\\S+/g)) {"
        "    const r = document.createRange(); r.setStart(text, m.index); r.setEnd(text, m.index + m[0].length);"
        "    if (new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size > 1) broken.push(m[0]); } }"
        "return broken;", selector)


def test_a_hints_headings_stay_whole_on_a_phone(browser, server, sized, screenshot):
    sized(390)
    new_bot_game(browser, server, "bingo", "0", "3")
    state = my_turn(browser)
    assert isinstance(state["legal"], list) and state["yours"]
    click(browser, "#hint")
    wait_for(browser, lambda b: css(b, "#hint-table tbody tr"), "the hint")
    headings = [th.text for th in css(browser, "#hint-table th")]
    assert len(headings) == 5, headings
    assert words_broken(browser, "#hint-table th") == []
    screenshot("play-phone-hint", "a Bingo hint at 390 px: its headings whole")
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)  # the hint put away
    wait_for(browser, lambda b: not css(b, "#hint-panel > *"), "the hint put away")


# A late position whose view the hint solves in every world: one trick and two tiles each to play.
LATE = "trump=4 leader=N hands=66.64/44.31/65.41/53.22 contract=N30"


def ask_view_hint(browser, server, text: str) -> None:
    """The Position screen's hint asked of the position ``text``."""
    open_board(browser, server, "position")
    area = css(browser, "#paste")[0]
    area.clear()
    area.send_keys(text)
    click(browser, "#load")
    click(browser, "#view-hint")


def test_an_exact_hint_says_how_many_worlds_it_rests_on(browser, server):
    position = Position(LATE)
    expected = hint(position.view(position.to_move), seed=1)
    assert expected.exact
    ask_view_hint(browser, server, LATE)
    wait_for(browser, lambda b: css(b, "#view-hint-panel tr[data-move]"), "the hint")
    note = css(browser, "#view-hint-panel p.muted")[0].text
    seed = "" if expected.seed is None else f"seed {expected.seed}, "  # every world: no seed drew them
    assert note.startswith(f"all {expected.worlds} worlds that fit ({seed}{expected.method}): "), note


def test_a_bid_hint_comes_on_screen_at_the_least_bid_you_may_make(browser, server):
    """On a laptop's short window the advice the player asked for is scrolled into view; advised to
    pass, its P(make) is at the least bid the player may make (not one the auction is past)."""
    new_bot_game(browser, server, "texas42", "0", "7")
    browser.set_window_size(1280, 600)
    try:
        state = my_turn(browser)
        bids = [int(m) for m in state["legal"] if m.isdigit()]
        assert state["yours"] and bids, state
        browser.execute_script("window.scrollTo(0, 0)")
        click(browser, "#hint")
        wait_for(browser, lambda b: css(b, "#hint-table tbody tr"), "the bid advice")
        top, bottom, height = browser.execute_script(
            "const r = document.querySelector('#hint-table').getBoundingClientRect(); return [r.top, r.bottom, innerHeight]")
        assert 0 <= top and bottom <= height, f"the advice at {top}..{bottom} px in a window {height} px high"
        advised = browser.execute_script("return window.board.play.bidAdvice.bid")
        judged = min(bids) if advised == "pass" else advised  # seed 7: N is advised to pass over 30
        assert [th.text for th in css(browser, "#hint-table th")][-1] == f"P(make {judged})"
    finally:
        browser.set_window_size(1280, 1000)


def test_the_trick_just_taken_stays_on_the_felt_till_the_next_lead(browser, server):
    """A view shows a trick only while it is played: the board keeps the one just taken on the felt
    (its tiles by their players, who took it) until a tile is led. Played to a turn where the human
    closes a trick, with the bots then held (a ten-minute pause) so the table can be read."""
    new_bot_game(browser, server, "texas42", "0", "7")
    seats = [games.get("texas42").seat_name(s) for s in range(4)]
    token = None
    for _ in range(200):
        state = my_turn(browser, token)
        assert not state["over"], "the game ended before the human closed a trick"
        view, token = state["view"], state["token"]
        tiles = [m for m in state["legal"] if m in view["hand"]]
        if tiles and len(view["trick"]) == 3 and len(view["hand"]) > 1:
            break
        browser.execute_script("window.board.play.move(arguments[0])", "pass" if "pass" in state["legal"] else state["legal"][0])
    else:
        pytest.fail("the human never closed a trick")
    trick = [(p["tile"], p["seat"]) for p in view["plays"][-3:]] + [(tiles[0], 0)]
    assert [t for t, _ in trick[:3]] == view["trick"]
    browser.execute_script("window.board.play.botPause = 600000; window.board.play.move(arguments[0])", tiles[0])

    def moved(b):
        state = play_state(b)
        return state if state["token"] != token else None

    after = wait_for(browser, moved, "the trick closed")
    assert after["view"]["trick"] == []
    felt = [(e.get_attribute("data-tile"), int(e.get_attribute("data-seat"))) for e in css(browser, "#play-trick .played.last-trick")]
    assert felt == trick
    taker = after["view"]["leader"]
    assert css(browser, "#play-table .taken")[0].text == f"{seats[taker]} took the trick"
    assert css(browser, "#play-trick")[0].get_attribute("aria-label") == f"the last trick, taken by {seats[taker]}"


def test_the_seats_read_aloud_and_the_bid_follows_the_count(browser, server):
    """Each hidden hand is one group a screen reader reads as its tiles' count (the face-down tiles
    themselves silent); your tiles are named; a declarer's box reads name, count, then its bid."""
    new_bot_game(browser, server, "texas42", "0", "7")
    seats = [games.get("texas42").seat_name(s) for s in range(4)]
    token = None
    for _ in range(20):  # passes till a contract is won and the play begins
        state = my_turn(browser, token)
        if state["view"].get("contract") and state["view"].get("trump") is not None:
            break
        token = state["token"]
        browser.execute_script("window.board.play.move(arguments[0])", "pass" if "pass" in state["legal"] else state["legal"][0])
    view = state["view"]
    groups = {int(e.get_attribute("data-seat")): e.get_attribute("aria-label")
              for e in css(browser, '#play-table .hand[role="group"]')}
    sizes = view["hand_sizes"]
    assert groups == {0: f"{seats[0]}'s hand", **{s: f"{seats[s]}'s hand: {sizes[s]} tiles face down" for s in (1, 2, 3)}}
    assert all(e.get_attribute("aria-hidden") == "true" for e in css(browser, "#play-table svg.face-down"))
    assert sorted(b.get_attribute("aria-label").split()[-1] for b in css(browser, "#play-table .hand.own button")) == sorted(view["hand"])
    declarer, bid = view["contract"]["declarer"], view["contract"]["bid"]
    label = css(browser, f'#play-table .seat[data-seat="{declarer}"] .hand-name')[0].text
    expected = f"{seats[0]} (you) · bid {bid}" if declarer == 0 else f"{seats[declarer]} {sizes[declarer]} · bid {bid}"
    assert label.replace(" · to play", "") == expected
    # the log is a live region: each play is read as it comes, "E: 6-4"
    assert css(browser, "#play-log")[0].get_attribute("role") == "log"
    last = css(browser, "#play-log > div[data-seat]")[-1]
    assert last.text.startswith(f"{seats[int(last.get_attribute('data-seat'))]}: ")


def test_a_hint_asked_before_a_move_is_dropped_after_it(browser, server):
    """Hint, then a move before its answer: the answer, of a table gone, is not drawn (the move
    cleared the panel); the bots then held (a ten-minute pause) so the table can be read."""
    new_bot_game(browser, server, "texas42", "0", "7")
    state = my_turn(browser)
    assert "pass" in state["legal"], state["legal"]
    click(browser, "#hint")  # a bid advice: 200 deals, far longer than a move
    browser.execute_script("window.board.play.botPause = 600000; window.board.play.move('pass')")
    wait_for(browser, lambda b: play_state(b)["token"] != state["token"], "the move")
    browser.execute_async_script("const done = arguments[0]; window.board.play.asking.then(done, done)")
    assert css(browser, "#hint-panel > *") == [], css(browser, "#hint-panel")[0].text


def test_a_tile_is_laid_away_by_a_tap_on_it(browser, server):
    """Moon's bidder lays a tile away: each tile of the hand is a button for its discard (as the
    choices' words are), and a tap on one lays that tile away."""
    new_bot_game(browser, server, "moon", "0", "7")
    token = None
    for _ in range(10):
        state = my_turn(browser, token)
        token, legal = state["token"], state["legal"]
        discards = {m.split()[-1]: m for m in legal if m.startswith("discard ")}
        if discards:
            break
        bids = [m for m in legal if m.isdigit() and m != "21"]  # the highest bid short of shooting the moon
        move = max(bids, key=int) if bids else legal[0]
        browser.execute_script("window.board.play.move(arguments[0])", move)
    else:
        pytest.fail("the human never laid a tile away")
    hand = state["view"]["hand"]
    assert sorted(discards) == sorted(hand)
    buttons = {b.get_attribute("data-tile"): (b.get_attribute("data-move"), b.get_attribute("aria-label"), b.is_enabled())
               for b in css(browser, "#play-table .hand.own button.tile")}
    assert buttons == {t: (discards[t], discards[t], True) for t in hand}
    click(browser, f'#play-table .hand.own button[data-tile="{hand[-1]}"]')
    after = my_turn(browser, token)
    assert hand[-1] not in after["view"]["hand"]
    assert css(browser, "#play-log > div[data-seat='0']")[-1].get_attribute("data-move") == discards[hand[-1]]


@pytest.mark.parametrize("seed", ["abc", "-1", "1.5"])
def test_a_seed_that_is_no_whole_number_is_refused_before_a_game(browser, server, seed):
    """The seed field takes a whole number from 0 or nothing; anything else is named and no game is
    dealt (it was sent as null: a game at random, as if no seed had been typed)."""
    open_board(browser, server, "play")
    css(browser, 'input[name="play-seed"]')[0].send_keys(seed)
    click(browser, "#new-game")
    shown = wait_for(browser, lambda b: "invalid" in css(b, "#play-status")[0].get_attribute("class")
                     and css(b, "#play-status")[0].text, "the seed refused")
    assert shown == f"seed: write a whole number from 0, or nothing for a game at random ('{seed}' is not one)"
    assert browser.execute_script("return window.board.play.state ?? null") is None


def test_the_log_names_a_declaration_as_the_table_does(browser, server):
    """A bot's declaration is logged by its trump's name ("S: declare fives"), as the buttons and
    the table name it, not as the move is written ("declare 5")."""
    new_bot_game(browser, server, "texas42", "0", "7")
    token = None
    for _ in range(10):  # passes till the play begins
        state = my_turn(browser, token)
        if state["view"].get("trump") is not None:
            break
        token = state["token"]
        browser.execute_script("window.board.play.move(arguments[0])", "pass" if "pass" in state["legal"] else state["legal"][0])
    view = state["view"]
    rules = Rules.of_game("texas42")
    lines = [(e.get_attribute("data-seat"), e.get_attribute("data-move"), e.text) for e in css(browser, "#play-log > div[data-move^='declare ']")]
    assert len(lines) == 1, lines
    seat, _, text = lines[0]
    name = declaration_name(parse_trump(view["trump"], rules))
    assert text == f"{games.get('texas42').seat_name(int(seat))}: declare {name}"


def test_a_bid_advice_without_means_shows_no_columns_of_dashes(browser, server):
    """The Big Game's bid advice tests each declaration without a mean: its table has the
    declaration and P(make) only, a row each, the figures the reply's."""
    new_bot_game(browser, server, "biggame", "0", "7")
    state = my_turn(browser)
    assert "pass" in state["legal"], state["legal"]
    click(browser, "#hint")
    wait_for(browser, lambda b: css(b, "#hint-table tbody tr"), "the bid advice")
    advice = browser.execute_script("return window.board.play.bidAdvice")
    assert all(d["mean"] is None for d in advice["declarations"])
    heads = [th.text for th in css(browser, "#hint-table th")]
    assert heads[0] == "declaration" and heads[-1].startswith("P(make ") and len(heads) == 2, heads
    at = heads[-1].removeprefix("P(make ").removesuffix(")")
    rows = [[td.text for td in row.find_elements(By.TAG_NAME, "td")] for row in css(browser, "#hint-table tbody tr")]
    assert [name for name, _ in rows] == [d["name"] for d in advice["declarations"]]
    for (_, shown), d in zip(rows, advice["declarations"], strict=True):  # to a tenth of a percent
        assert abs(float(shown.removesuffix("%")) - 100 * d["p_make"][at]) <= 0.05 + 1e-9, (shown, d)


def test_a_move_played_from_the_keyboard_on_the_position_screen_keeps_the_focus(browser, server):
    """Enter on a move of the Position screen plays it; the focus is then on the next position's
    moves (the best first), not lost to the page."""
    open_board(browser, server, "position")
    area = css(browser, "#paste")[0]
    area.clear()
    area.send_keys(LATE)
    click(browser, "#load")
    wait_for(browser, lambda b: css(b, "#moves .move"), "the moves")
    first = css(browser, "#moves button")[0]
    played = first.get_attribute("data-move")
    browser.execute_script("arguments[0].focus()", first)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    after = Position(LATE)
    after.play(played)
    wait_for(browser, lambda b: Position(css(b, "#notation")[0].get_attribute("value") or LATE) == after
             and css(b, "#moves .move"), "the next position's moves")
    focused = browser.switch_to.active_element
    assert focused.get_attribute("data-move") == css(browser, "#moves button")[0].get_attribute("data-move")


# The Big Game at its first lead, whose first legal move leads 8-2 low (docs/notation.md's example).
BIG = ("biggame trump=7 hands=82.76.66.55.53.52.44.43.31.20.11/86.81.80.73.65.63.50.33.21.10.00/"
       "88.84.75.71.70.64.62.60.51.42.41/87.85.83.77.74.72.61.54.40.32.30 contract=N42")


def test_a_tile_led_low_is_drawn_as_its_tile(browser, server):
    """The Big Game's lower-end lead ("8-2:2") played on the Position screen: the position after it is
    Python's, the trick draws the 8-2, the palette holds it placed (it broke the board: no domino
    has "2:2" pips); the Play screen's trick draws it too, marked led low."""
    from dominosolver.biggame import Position as BigPosition

    position = BigPosition(BIG)
    low = next(m for m in position.legal_moves if ":" in str(m))
    tile = str(low).split(":")[0]
    position.play(low)
    open_board(browser, server, "position")
    area = css(browser, "#paste")[0]
    area.clear()
    area.send_keys(BIG)
    click(browser, "#load")
    button = wait_for(browser, lambda b: css(b, f'#moves button[data-move="{low}"]'), "the lead offered")[0]
    browser.execute_script("arguments[0].click()", button)
    wait_for(browser, lambda b: css(b, "#notation")[0].get_attribute("value") == str(position), "the lead played")
    assert css(browser, "#status")[0].text == f"valid: {games.get('biggame').seat_name(position.to_move)} to play"
    assert [s.get_attribute("aria-label") for s in css(browser, '#places .trick[data-place="trick"] svg')] == [f"domino {tile}"]
    assert not css(browser, f'.palette button[data-tile="{tile}"]')[0].is_enabled()
    drawn = browser.execute_script(
        "const play = window.board.play; const was = play.state; play.state = {game: 'biggame'};"
        " try { const centre = play.renderTrick({trick: [arguments[0]], plays: [{seat: 0, tile: arguments[0]}], leader: 0}, () => 'top');"
        " return [...centre.querySelectorAll('.played')].map((e) => [e.querySelector('svg').getAttribute('aria-label'), e.textContent]);"
        " } finally { play.state = was; }",
        str(low))
    assert drawn == [[f"domino {tile}", "1. N (led low)"]]
    # offered as "lead 8-2 low", logged as "8-2 led low"
    said = browser.execute_script(
        "const play = window.board.play; const was = play.state;"
        " play.state = {game: 'biggame', your_turn: true, legal_moves: [arguments[0]], names: {moves: {[arguments[0]]: arguments[0]}}};"
        " try { play.renderChoices(); play.log([1, arguments[0]], play.state);"
        " return [document.querySelector('#play-choices button').textContent, document.querySelector('#play-log').lastElementChild.textContent];"
        " } finally { play.state = was; play.renderChoices(); }", str(low))
    assert said == [f"lead {tile} low", f"E: {tile} led low"]


def test_a_play_chart_shrinks_whole_to_a_phone(browser, server, sized, screenshot):
    """A whole hand's chart (29 bars) is wider than a phone: it shrinks to the screen with every bar
    inside it (it was cut to its top left corner: an SVG without a viewBox does not scale)."""
    sized(390)
    record = games.get("texas42").play(2)
    hand = next(h for h in record["hands"] if h["contract"] is not None)
    open_board(browser, server, "chart")
    browser.execute_script("document.querySelector('#record').value = arguments[0]", json.dumps(hand))
    click(browser, "#grade")
    bars = wait_for(browser, lambda b: css(b, "#charts svg.play-chart rect[data-total]"), "the chart")
    assert len(bars) == len(hand["plays"]) + 1
    inside = browser.execute_script(
        "const svg = document.querySelector('#charts svg.play-chart'); const box = svg.getBoundingClientRect();"
        " return [box.right <= document.documentElement.clientWidth, [...svg.querySelectorAll('rect[data-total]')].filter((r) => {"
        " const q = r.getBoundingClientRect(); return q.left < box.left - 0.5 || q.right > box.right + 0.5"
        " || q.top < box.top - 0.5 || q.bottom > box.bottom + 0.5; }).length]")
    assert inside == [True, 0], inside
    screenshot("chart-phone", "a 42 hand's play chart at 390 px, shrunk whole")


def test_no_answer_from_the_server_is_said_so(browser, server):
    """A question the server never answers (it stopped, the network is down) is said in words, not
    as the browser's TypeError."""
    new_bot_game(browser, server, "texas42", "0", "7")
    my_turn(browser)
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions",
                            {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        click(browser, "#hint")
        shown = wait_for(browser, lambda b: css(b, "#hint-panel .invalid"), "the hint's fault")[0].text
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions",
                                {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    assert shown.startswith("no answer from the server: is dominosolver serve still running? ("), shown


# The Big Game's first lead, East declaring 42 in points (tests/biggame/test_biggame_first_lead_tests.py's).
FIRST_LEAD = ("biggame seat=E contract=E42 trump=0 hand=86.81.80.73.65.63.50.33.22.21.00 auction=E:42,pass,pass,pass "
              "discard=10")


def test_a_hint_on_make_tests_shows_its_counts(browser, server):
    """A hint that valued no deal whole in its time rests on make tests (basis "tests": no means, no
    chances): the Play screen shows each move's deals proven made and set, of the deals tested, not a
    row of dashes, and says what it rests on."""
    view = games.read_view(FIRST_LEAD)[1]
    answer = json.loads(json.dumps(hint(view, samples=5, seed=3, threads=1, should_stop=lambda: True).to_json()))
    assert answer["basis"] == "tests"
    open_board(browser, server, "play")
    heads, rows, note = browser.execute_script(
        "const play = window.board.play; const was = play.state; play.state = {game: arguments[0].game};"
        " try { play.showHint(arguments[0]); } finally { play.state = was; }"
        " const table = document.querySelector('#hint-table');"
        " return [[...table.querySelectorAll('th')].map((e) => e.textContent),"
        " [...table.querySelectorAll('tbody tr')].map((r) => [...r.cells].map((c) => c.textContent)),"
        " document.querySelector('#hint-panel p.muted').textContent];", answer)
    worlds = answer["worlds"]
    assert heads == ["rank", "move", "made in", "set in"]
    assert rows == [[str(m["rank"]), m["move"], f"{m['makes']} of {worlds}", f"{m['sets']} of {worlds}"] for m in answer["moves"]]
    assert note.startswith(f"{worlds} sampled deal") and "none valued whole in time" in note, note
    # the Position screen's hint draws it so too
    heads, rows = browser.execute_async_script(
        "const [answer, done] = arguments; import('./viewhint.js').then((m) => { const root = document.createElement('div');"
        " m.renderHint(root, answer); done([[...root.querySelectorAll('th')].map((e) => e.textContent),"
        " [...root.querySelectorAll('tbody tr')].map((r) => [...r.cells].map((c) => c.textContent))]); });", answer)
    assert heads == ["rank", "move", "made in", "set in"]
    assert rows == [[str(m["rank"]), m["move"], f"{m['makes']} of {worlds}", f"{m['sets']} of {worlds}"] for m in answer["moves"]]
