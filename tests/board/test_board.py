"""The web board in a real browser against a real server: a position set up by clicks gets the
solver's own move values, a Bingo position pasted as notation too; the heat map's cells are
`dd_table`'s; a graded hand's chart draws the analysis's totals; a hand played against the bots
with hints (ranked from the human seat's view only) ends in a review of what the bots did."""

from __future__ import annotations

import json

import pytest
from dominosolver import bingo, games
from dominosolver.texas42 import Game, PlayerView, Position, advise_bid, claim, dd_table, hint, solve

try:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # without selenium the browser fixture skips these tests (or fails them under CI)
    pass

pytestmark = pytest.mark.browser

WAIT = 60  # seconds for the page to show what a request brings (a loaded CI machine is slow)
SETUP = "trump=4 leader=N hands=66.64.21/44.31.20/65.41.00/53.22.10 contract=N30"
BINGO = ("bingo trump=0 turned=40 leader=0 hands=43.33/41.10 boneyard=32.30.54.51.60.55.44.20.53.42.00.40 "
         "closed=1:notrick points=16/24 tricks=3/3")


@pytest.fixture(autouse=True)
def no_script_errors(browser):
    """Each test ends with no script error in the console (the server's 4xx replies, which the
    board shows as the faults they name, are network entries, not script errors)."""
    browser.get_log("browser")  # the entries of earlier tests
    yield
    errors = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE" and e["source"] != "network"]
    assert not errors, f"script errors: {errors}"


def wait_for(browser, condition, what: str, timeout: float = WAIT):
    """condition(browser) until it is truthy (its value is returned); a stale element is retried."""
    return WebDriverWait(browser, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(
        condition, message=f"timed out waiting for {what}")


def css(browser, selector: str):
    return browser.find_elements(By.CSS_SELECTOR, selector)


def click(browser, selector: str) -> None:
    """Click the first match once it is enabled; the board may redraw it in between (a move's reply
    draws the buttons, and the end of the bots' turn draws them again), so a stale one is found anew."""

    def clicked(b) -> bool:
        found = css(b, selector)
        if not found or not found[0].is_enabled():
            return False
        found[0].click()
        return True

    wait_for(browser, clicked, selector)


def choose(browser, selector: str, value: str) -> None:
    """Select ``value`` in the first select matching ``selector``; a select the board redrew in
    between (choosing the trump redraws the declarer's) is found anew."""

    def chosen(b) -> bool:
        found = css(b, selector)
        if not found:
            return False
        Select(found[0]).select_by_value(value)
        return True

    wait_for(browser, chosen, selector)


def open_board(browser, server: str, screen: str) -> None:
    browser.get(f"{server}/?pause=0")  # no pause between bot moves
    wait_for(browser, lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the board")
    click(browser, f'nav [data-screen="{screen}"]')


def new_bot_game(browser, server: str, game: str, seat: str, seed: str | None = None, *, forced: bool = False,
                 rules: str | None = None) -> None:
    """The Play screen's New game for ``game`` from ``seat`` (a seed, when given, deals the same game;
    ``forced``: forced moves played at once; ``rules``: flags typed as ``flag:value,...``)."""
    open_board(browser, server, "play")
    choose(browser, 'select[name="play-game"]', game)
    choose(browser, 'select[name="play-seat"]', seat)
    if seed is not None:
        css(browser, 'input[name="play-seed"]')[0].send_keys(seed)
    if rules is not None:
        css(browser, 'input[name="play-rules"]')[0].send_keys(rules)
    if forced:
        click(browser, "#play-forced")
    click(browser, "#new-game")


BINGO_DECLARED = {2: 20, 3: 40, 4: 50, 5: 60, 6: 70}  # docs/rules.md §5.7, +10 with the Bingo (0-0)


def said(move: str) -> str:
    """A Bingo move as the board's grades say it: a declaration by its doubles and points
    ("declare:5-5,1-1" is "declare 5-5 and 1-1 (20 points)"), every other move as written."""
    if not move.startswith("declare:"):
        return move
    *rest, last = doubles = move.removeprefix("declare:").split(",")
    points = BINGO_DECLARED[len(doubles)] + 10 * ("0-0" in doubles)
    return f"declare {', '.join(rest)} and {last} ({points} points)"


def status(browser, selector: str = "#status") -> str:
    return css(browser, selector)[0].text


def shown_moves(browser) -> dict[str, int]:
    """The move values the board shows, once it shows them."""
    wait_for(browser, lambda b: css(b, "#moves .move"), "the move values")
    return {cell.get_attribute("data-move"): int(cell.get_attribute("data-value")) for cell in css(browser, "#moves .move")}


def notation_is(text: str):
    return lambda b: css(b, "#notation")[0].get_attribute("value") == text


def test_a_position_set_up_by_clicks_gets_the_solvers_values(browser, server, screenshot):
    target = Position(SETUP)
    open_board(browser, server, "position")
    choose(browser, 'select[name="trump"]', "4")
    choose(browser, 'select[name="declarer"]', "0")
    for seat, hand in enumerate(target.hands):
        click(browser, f'button[data-place="hand-{seat}"]')
        for tile in hand:
            click(browser, f'button[aria-label="palette {tile}"]')
        if seat == 0:  # checked as it is built: North's tiles alone are no position
            wait_for(browser, lambda b: "hand sizes" in status(b), "the server's objection")
            assert "invalid" in css(browser, "#status")[0].get_attribute("class")
            assert not css(browser, f'button[aria-label="palette {hand[0]}"]')[0].is_enabled()  # placed once
    wait_for(browser, lambda b: status(b) == "valid: N to play", "the position to be valid")
    solved = solve(target)
    assert shown_moves(browser) == solved.moves
    costs = {cell.get_attribute("data-move"): int(cell.get_attribute("data-cost")) for cell in css(browser, "#moves .move")}
    assert costs == {m: solved.value - v for m, v in solved.moves.items()} and max(costs.values()) > 0
    assert css(browser, "#notation")[0].get_attribute("value") == str(target)
    assert json.loads(css(browser, "#json")[0].get_attribute("value")) == target.to_json()
    assert [s.text for s in css(browser, "#pv span")] == solved.pv
    screenshot("position-values", f"{SETUP} set up by clicks: each legal move's value and cost, the PV")

    after_pv = target.copy()
    after_pv.play(solved.pv[0])
    click(browser, "#step")
    wait_for(browser, notation_is(str(after_pv)), "the principal variation's first move")
    assert shown_moves(browser) == solve(after_pv).moves
    click(browser, "#undo")
    wait_for(browser, notation_is(str(target)), "undo")
    click(browser, "#redo")
    wait_for(browser, notation_is(str(after_pv)), "redo")
    click(browser, "#undo")
    wait_for(browser, notation_is(str(target)), "undo again")
    worst = min(solved.moves, key=solved.moves.get)
    click(browser, f'#moves .move[data-move="{worst}"] button')
    played = target.copy()
    played.play(worst)
    wait_for(browser, notation_is(str(played)), f"the move {worst} clicked")
    assert not css(browser, "#redo")[0].is_enabled()  # a new move drops the redo line


def test_a_pasted_bingo_position_gets_the_solvers_values(browser, server):
    target = bingo.Position(BINGO)
    open_board(browser, server, "position")
    css(browser, "#paste")[0].send_keys(BINGO)
    click(browser, "#load")
    wait_for(browser, notation_is(str(target)), "the pasted position")
    assert shown_moves(browser) == bingo.solve(target).moves
    assert status(browser) == "valid: player 0 to play"
    assert [p.get_attribute("data-place") for p in css(browser, "#places .hand-name")] == ["hand-0", "hand-1", "trick", "boneyard"]
    taken = target.to_json()["hands"][1][0]
    click(browser, f'button[aria-label="player 1 {taken}"]')  # back to the palette: 2 tiles against 1
    wait_for(browser, lambda b: "invalid" in css(b, "#status")[0].get_attribute("class"), "the server's objection")
    assert status(browser).startswith("InvalidPositionError: ")
    assert css(browser, f'button[aria-label="palette {taken}"]')[0].is_enabled()
    click(browser, f'button[data-place="hand-1"]')
    click(browser, f'button[aria-label="palette {taken}"]')  # and back into player 1's hand
    wait_for(browser, lambda b: status(b) == "valid: player 0 to play", "the position restored")
    assert shown_moves(browser) == bingo.solve(target).moves


def test_the_heat_map_shows_dd_table(browser, server, screenshot):
    deal = [[str(t) for t in hand] for hand in Game(seed=11).deal()]
    expected = dd_table(deal).to_json()
    open_board(browser, server, "table")
    css(browser, "#deal")[0].send_keys("/".join(".".join(t.replace("-", "") for t in hand) for hand in deal))
    click(browser, "#make-table")
    cells = wait_for(browser, lambda b: css(b, "#heatmap td[data-points]"), "the heat map")
    assert len(cells) == len(expected["declarations"]) * len(expected["seats"]) == 36
    for cell in cells:
        row = [str(d) for d in expected["declarations"]].index(cell.get_attribute("data-declaration"))
        col = expected["seats"].index(cell.get_attribute("data-seat"))
        assert int(cell.get_attribute("data-points")) == int(cell.text) == expected["points"][row][col]
    screenshot("heatmap", "the double-dummy table of Game(seed=11)'s deal: 9 declarations x 4 declarers")


def test_a_graded_hand_is_charted(browser, server, screenshot):
    record = json.loads(json.dumps(games.get("texas42").play(2)))  # as `play --json` prints it
    hand = next(h for h in record["hands"] if h["contract"] is not None)
    graded = games.get("texas42").grade(hand)
    open_board(browser, server, "chart")
    browser.execute_script("document.querySelector('#record').value = arguments[0]", json.dumps(hand))
    click(browser, "#grade")
    bars = wait_for(browser, lambda b: css(b, "#charts rect[data-total]"), "the chart")
    assert [int(bar.get_attribute("data-total")) for bar in bars] == graded["projection"]["totals"]
    assert len(bars) == len(hand["plays"]) + 1
    need = graded["projection"]["need"]
    assert [bar.get_attribute("class") for bar in bars] == ["made" if t >= need else "short" for t in graded["projection"]["totals"]]
    rows = css(browser, "#charts table.grades tbody tr")
    assert [int(r.get_attribute("data-cost")) for r in rows] == [p["cost"] for p in graded["plays"]]
    # Explained as the terminal explains them: every hand known, the best beside a costly play, accuracy.
    assert css(browser, "#charts table.grades caption")[0].text == "graded with every hand known"
    assert [r.find_elements(By.CSS_SELECTOR, "td")[6].text for r in rows] == [
        " ".join(p["best"]) if p["best"] else "" for p in graded["plays"]]
    assert [r.get_attribute("data-label") for r in rows] == [p["label"] for p in graded["plays"]]
    assert css(browser, "#charts .accuracy")[0].text == "accuracy: " + ", ".join(
        f"{seat} {int(a['percent'] + 0.5)}% ({a['best']}/{a['plays']})" for seat, a in graded["accuracy"].items())  # toFixed(0) rounds half up
    screenshot("chart", "the play chart and grades of the first hand bid in `dominosolver play --seed 2`")


def test_a_hand_against_the_bots_with_hints_and_a_review(browser, server, screenshot):
    new_bot_game(browser, server, "texas42", "0", "4")
    hinted = set()  # the phases a hint was asked in: "auction", "play", "exact"
    for _ in range(200):
        wait_for(browser, lambda b: status(b, "#play-status") == "your turn" or played_hand_ended(b), "the human's turn")
        if played_hand_ended(browser):
            break
        state = browser.execute_script("return window.board.play.state")
        view = state["view"]
        in_play = "legal_moves" in view
        phase = "auction" if not in_play else ("exact" if len(view["hand"]) <= 3 else "play")
        if phase not in hinted:
            click(browser, "#hint")
            rows = wait_for(browser, lambda b: css(b, "#hint-table tbody tr"), "the hint")
            hinted.add(phase)
            if in_play:
                assert sorted(r.get_attribute("data-move") for r in rows) == sorted(state["legal_moves"])
                assert "from N's view only" in css(browser, "#hint-panel")[0].text
            if phase == "play":
                screenshot("play-hint", "a 42 game against the bots (seed 4, seat N) with the hint panel open")
            if phase == "exact":  # exact: every world of the view solved, so the means are the library's
                expected = hint(PlayerView.from_json(view)).to_json()
                # A move not tied for the best P(make) has no mean (the hint's means="tied"): "" on the board.
                shown = {r.get_attribute("data-move"): r.get_attribute("data-mean") or None for r in rows}
                assert {m: None if x is None else float(x) for m, x in shown.items()} == {
                    m["move"]: None if m["mean"] is None else pytest.approx(m["mean"]) for m in expected["moves"]}
        choice = state["legal_moves"][0] if not in_play else state["legal_moves"][-1]
        if "pass" in state["legal_moves"]:
            choice = "pass"
        click(browser, f'#play-choices [data-move="{choice}"], #play-table button[data-move="{choice}"]')
        wait_for(browser, lambda b: b.execute_script("return window.board.play.state.token") != state["token"], "the move")
    else:
        pytest.fail("no hand was played to its end in 200 turns")
    assert {"play", "exact"} <= hinted
    record = browser.execute_script("return window.board.play.state.record")
    hand = next(h for h in reversed(record["hands"]) if h["plays"])
    number = record["hands"].index(hand) + 1
    click(browser, f'.review-button[data-hand="{number}"]')
    review = f'.review[data-hand="{number}"]'
    bars = wait_for(browser, lambda b: css(b, f"{review} rect[data-total]"), "the review's chart")
    assert len(bars) == len(hand["plays"]) + 1
    assert len(css(browser, f"{review} table.grades tbody tr")) == len(hand["plays"])
    calls = css(browser, f"{review} table.auction-grades tbody tr")  # every call and the declaration, graded
    assert len(calls) == len(hand["bids"]) + 1 and all(float(r.get_attribute("data-cost")) >= 0 for r in calls)
    made = "made" if hand["result"]["made"] else "set"
    assert css(browser, f"{review} .result")[0].text.startswith(f"{'NESW'[hand['contract']['declarer']]} bid {hand['contract']['bid']}: {made}")
    dealt = [[svg.get_attribute("aria-label").removeprefix("domino ") for svg in row.find_elements(By.CSS_SELECTOR, "svg")]
             for row in css(browser, f"{review} .hand")]
    assert dealt == hand["deal"]  # every hand as dealt, the bots' too
    browser.execute_script("arguments[0].scrollIntoView()", css(browser, review)[0])
    screenshot("play-review", "the end of a hand against the bots: every hand as dealt, its chart and grades")


def played_hand_ended(browser) -> bool:
    """Whether a hand with plays (not one thrown in) has ended (no game yet, before the first reply)."""
    record = browser.execute_script("return window.board.play.state?.record ?? null")
    return record is not None and any(h["plays"] for h in record["hands"])


def test_a_bingo_deal_against_the_bot_and_its_review(browser, server, screenshot):
    """Bingo's own shapes: scores by player, a deal's hands, boneyard, result and graded moves."""
    new_bot_game(browser, server, "bingo", "1", "3")
    for _ in range(40):
        wait_for(browser, lambda b: status(b, "#play-status") == "your turn" or css(b, ".review-button"), "player 1's turn")
        if css(browser, ".review-button"):
            break
        state = browser.execute_script("return window.board.play.state")
        assert "hand" in state["view"] and "hands" not in state["view"]  # its own tiles only
        tiles = [m for m in state["legal_moves"] if m in state["view"]["hand"]]
        choice = tiles[0] if tiles else state["legal_moves"][0]
        click(browser, f'#play-choices [data-move="{choice}"], #play-table button[data-move="{choice}"]')
        wait_for(browser, lambda b: b.execute_script("return window.board.play.state.token") != state["token"], "the move")
    else:
        pytest.fail("the deal did not end in 40 turns")
    state = browser.execute_script("return window.board.play.state")
    deal = state["record"]["deals"][0]
    assert css(browser, "#play-score")[0].text == " · ".join(f"player {p} {s}" for p, s in enumerate(state["scores"]))
    click(browser, '.review-button[data-hand="1"]')
    rows = wait_for(browser, lambda b: css(b, '.review[data-hand="1"] table.grades tbody tr'), "the review's grades")
    assert [r.find_elements(By.TAG_NAME, "td")[2].text for r in rows] == [said(move) for _, move in deal["moves"]]
    names = [row.get_attribute("aria-label") for row in css(browser, '.review[data-hand="1"] .hand')]
    assert names == ["player 0 was dealt", "player 1 was dealt", "boneyard was dealt"]
    assert css(browser, '.review[data-hand="1"] .result')[0].text.startswith(f"player {deal['result']['winner']} won")
    browser.execute_script("arguments[0].scrollIntoView()", css(browser, '.review[data-hand="1"]')[0])
    screenshot("bingo-review", "a Bingo deal against the bot (seed 3, player 1): both hands and the boneyard as dealt, every move graded")


def test_the_human_who_wins_the_auction_gets_declaration_advice(browser, server):
    open_board(browser, server, "play")
    choose(browser, 'select[name="play-game"]', "texas42")
    choose(browser, 'select[name="play-seat"]', "1")
    css(browser, 'input[name="play-seed"]')[0].send_keys("4")
    css(browser, 'input[name="play-rules"]')[0].send_keys("nt_doubles:low, scoring:points")
    click(browser, "#new-game")
    wait_for(browser, lambda b: status(b, "#play-status") == "your turn", "E's bid")
    state = browser.execute_script("return window.board.play.state")
    assert state["view"]["rules"] == {"nt_doubles": "low", "scoring": "points"}
    top = state["legal_moves"][-1]  # the highest bid on offer
    click(browser, f'#play-choices [data-move="{top}"]')
    wait_for(browser, lambda b: b.execute_script("return window.board.play.state.token") != state["token"], "the bid")
    wait_for(browser, lambda b: status(b, "#play-status") == "your turn", "E to name trump")
    state = browser.execute_script("return window.board.play.state")
    assert state["view"]["contract"] == {"declarer": 1, "bid": int(top)}
    click(browser, "#hint")
    rows = wait_for(browser, lambda b: css(b, "#hint-table tbody tr"), "the declaration advice")
    assert len(rows) == len([m for m in state["legal_moves"] if m.startswith("declare ")])
    assert css(browser, "#hint-table th")[3].text == f"P(make {top})"
    assert css(browser, "#hint-panel")[0].text.startswith(f"Declaration advice\nyou bid {top}")
    click(browser, '#play-choices [data-move="declare doubles"]')
    wait_for(browser, lambda b: b.execute_script("return window.board.play.state.view.trump") == "doubles", "the declaration")


@pytest.mark.parametrize("game", ["texas42", "moon", "moon4"])
def test_the_hint_in_the_auction_shows_the_advisers_action_and_reason(browser, server, game):
    """The board's Hint in an auction (42's, Moon's or Partnership Moon's) shows the adviser's action
    in the words a move takes and why, and each declaration's figures: the same advice as the Python
    API's for the human's view (tests/frontends/test_bid_advice_agrees.py: the terminal's, the
    engine's and the HTTP API's too)."""
    new_bot_game(browser, server, game, "1", "4")
    wait_for(browser, lambda b: status(b, "#play-status") == "your turn", "seat 1's bid")
    view = PlayerView.from_json(browser.execute_script("return window.board.play.state.view"))
    assert view.trump is None and view.contract is None
    click(browser, "#hint")
    action = wait_for(browser, lambda b: css(b, "#bid-action"), "the bid advice")[0]
    expected = advise_bid(view, threads=1)
    assert action.get_attribute("data-action") == expected.action
    assert css(browser, "#bid-reason")[0].text.startswith(expected.verdict.reason)
    units = "tricks" if game != "texas42" else "points"
    assert css(browser, "#hint-table th")[1].text == f"mean {units}"
    assert len(css(browser, "#hint-table tbody tr")) == len(expected.declarations)
    # Each declaration's mean, stderr and P(make) at the bid judged, as the board prints them (two
    # decimals, a percent to one).
    advice = expected.to_json()
    bids = list(advice["declarations"][0]["p_make"])
    at = advice["bid"] if advice["bid"] in bids else bids[0]
    assert css(browser, "#hint-table th")[3].text == f"P(make {at})"
    for row, d in zip(css(browser, "#hint-table tbody tr"), advice["declarations"]):
        name, mean, stderr, p_make = (c.text for c in row.find_elements(By.CSS_SELECTOR, "td"))
        assert row.get_attribute("data-declaration") == str(d["declaration"]) and name == d["name"]
        assert float(mean) == pytest.approx(d["mean"], abs=0.0051) and float(stderr) == pytest.approx(d["stderr"], abs=0.0051)
        assert float(p_make.rstrip("%")) == pytest.approx(100 * d["p_make"][at], abs=0.051)


def test_the_claim_button_answers_from_the_humans_view(browser, server, screenshot):
    """Late in a hand the claim button checks every world of the human's view: its answer for the
    rest and for the contract is the library's (texas42.claim), with the plays that claim or a world
    that refutes."""
    new_bot_game(browser, server, "texas42", "0", "4")
    for _ in range(200):
        wait_for(browser, lambda b: status(b, "#play-status") == "your turn" or played_hand_ended(b), "the human's turn")
        assert not played_hand_ended(browser), "the hand ended before its last tricks were claimed"
        state = browser.execute_script("return window.board.play.state")
        view = state["view"]
        if "legal_moves" in view and len(view["hand"]) <= 3:
            break
        choice = "pass" if "pass" in state["legal_moves"] else (
            state["legal_moves"][-1] if "legal_moves" in view else state["legal_moves"][0])
        click(browser, f'#play-choices [data-move="{choice}"], #play-table button[data-move="{choice}"]')
        wait_for(browser, lambda b: b.execute_script("return window.board.play.state.token") != state["token"], "the move")
    else:
        pytest.fail("no late trick reached in 200 turns")
    click(browser, "#claim")
    wait_for(browser, lambda b: css(b, "#claim-rest") and css(b, "#claim-contract"), "the claim's answers")
    for goal in ("rest", "contract"):
        expected = claim(PlayerView.from_json(view), goal)
        line = css(browser, f"#claim-{goal}")[0]
        assert line.get_attribute("data-status") == expected.status
        assert sorted(line.get_attribute("data-plays").split()) == sorted(expected.plays)
        assert ("A world that refutes it" in line.text) == (expected.status == "no claim")
    assert "from N's view only" in css(browser, "#claim-panel")[0].text
    screenshot("play-claim", "a 42 game against the bots (seed 4, seat N): the claim panel three tricks from the end")
