"""The board's leftovers of the players'-table pass: Bingo's declarations named as a player says
them (docs/rules.md §5.7's points with them) in the Play screen's buttons, hint and log; one
wording and one number format for the hint tables of the Play and Position screens; the sides of a
view's points named (Moon's bidder and the other two); the play chart's labels apart with a bid
near its top."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from dominosolver import games
from dominosolver.bingo import Game
from dominosolver.texas42.rules import side_label, side_names
from test_board import css, new_bot_game, open_board, wait_for
from test_board_table_feel import LATE, ask_view_hint, my_turn

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


def hint_table(browser, rows: str) -> tuple[list[str], list[str]]:
    """The headings of a hint's table and its chance column, once its rows (``rows``) are shown."""
    wait_for(browser, lambda b: css(b, rows), "the hint")
    table = css(browser, rows)[0].find_element("xpath", "ancestor::table")
    heads = [th.text for th in table.find_elements("css selector", "th")]
    chances = [tr.find_elements("css selector", "td")[4].text for tr in table.find_elements("css selector", "tbody tr")]
    return heads, chances


def test_both_screens_word_a_hints_columns_alike(browser, server):
    """The Play screen's hint (Bingo's: a chance of winning) and the Position screen's (42's, a
    chance of making): the same headings but the chance's, the same figures' format (a chance to
    one decimal, as the bid advice prints it)."""
    new_bot_game(browser, server, "bingo", "0", "0")
    my_turn(browser)
    browser.execute_script("window.board.play.hint()")
    play_heads, play_chances = hint_table(browser, "#hint-table tbody tr")
    ask_view_hint(browser, server, LATE)
    view_heads, view_chances = hint_table(browser, "#view-hint-panel tbody tr")
    assert play_heads == ["rank", "move", "mean points", "± s.e.", "P(win)"]
    assert view_heads == ["rank", "move", "mean points", "± s.e.", "P(make)"]
    for chance in play_chances + view_chances:
        assert re.fullmatch(r"\d{1,3}\.\d%|–", chance), chance


def test_the_points_of_moons_sides_are_named(browser, server):
    """Moon's view has two points for three players: the bidder's and the other two's (docs/rules.md
    §4.1); the table's facts line names each side so."""
    spec = games.get("moon")
    new_bot_game(browser, server, "moon", "0", "1")
    token = None
    for _ in range(12):  # the auction and the widow, till the play
        state = my_turn(browser, token)
        if state["view"].get("contract") is not None and state["view"].get("legal_moves"):
            break
        token = state["token"]
        browser.execute_script("window.board.play.move(arguments[0])", state["legal"][-1])
    else:
        pytest.fail("no play in 12 turns")
    view = state["view"]
    rules = spec.Rules.from_json(view["rules"]) if view.get("rules") else spec.Rules()
    bidder = view["contract"]["declarer"]
    sides = side_names(rules, [0 if seat == bidder else 1 for seat in range(3)])
    expected = "points " + " – ".join(f"{side_label(rules, name)} {p}" for name, p in zip(sides, view["points"]))
    facts = wait_for(browser, lambda b: css(b, "#play-table .facts"), "the facts line")[0].text
    assert expected in facts.split(" · "), facts


@pytest.mark.parametrize("need", [65, 1])
def test_the_play_charts_axis_labels_stay_apart(browser, server, need):
    """A bid near the top (The Big Game's 65 of 66) or near 0: the bid's label, the top's and the
    0's are each drawn clear of the others."""
    open_board(browser, server, "play")
    boxes = browser.execute_async_script("""
        const [need, done] = arguments;
        import(new URL("chart.js", location.href)).then(({ playChart }) => {
          const svg = playChart({ totals: [66, 66, 60, 66], need, hand_points: 66, team: "NS" }, (i) => `play ${i}`);
          document.body.append(svg);
          done([...svg.querySelectorAll("text.axis")].map((t) => { const b = t.getBBox(); return [t.textContent, b.y, b.y + b.height]; }));
          svg.remove();
        });""", need)
    assert sorted(text for text, _, _ in boxes) == sorted(["66", "0", str(need)])
    spans = sorted((top, bottom) for _, top, bottom in boxes)
    for (_, above), (below, _) in pairwise(spans):
        assert above <= below, boxes


def test_the_names_of_bingos_declarations_say_their_points():
    """docs/rules.md §5.7's table: three doubles 40, six 70, +10 with the Bingo (0-0), seven win the
    deal; a move that is no declaration keeps its notation."""
    names = games.get("bingo").human.move_names(Game(seed=0), ["declare:6-6,5-5,1-1", "declare:6-6,5-5,0-0",
                                                               "declare:6-6,5-5,4-4,3-3,2-2,1-1",
                                                               "declare:6-6,5-5,4-4,3-3,2-2,1-1,0-0", "close", "6-4"], {})
    assert names["moves"] == {
        "declare:6-6,5-5,1-1": "declare 6-6, 5-5 and 1-1 (40 points)",
        "declare:6-6,5-5,0-0": "declare 6-6, 5-5 and 0-0 (50 points)",
        "declare:6-6,5-5,4-4,3-3,2-2,1-1": "declare 6-6, 5-5, 4-4, 3-3, 2-2 and 1-1 (70 points)",
        "declare:6-6,5-5,4-4,3-3,2-2,1-1,0-0": "declare all seven doubles (the deal won at once)",
        "close": "close", "6-4": "6-4"}
