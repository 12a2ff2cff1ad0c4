"""The board's Corpus screen (issue 44): against a server started with a tiny corpus of solved deals,
each question asked on the screen shows a table whose every group and figure is the Python API's
answer to the same question (make rates also as the heat map `make_rate_picture` draws), at 390 and
1280 px with no horizontal scroll; a server without a corpus offers no Corpus tab."""

from __future__ import annotations

import json

import pytest
from dominosolver.corpus.picture import make_rate_picture
from dominosolver.corpus.query import best_declarations, make_rates, par_stats
from dominosolver.errors import ParseError
from test_board import choose, click, css, no_script_errors, open_board, wait_for  # noqa: F401 (an autouse fixture)
from test_board_widths import no_horizontal_scroll

pytestmark = pytest.mark.browser

WIDTHS = (390, 1280)
# (what the screen is set to, the same question to the Python API)
QUESTIONS = {
    "make-rates": ({"rows": "doubles", "columns": "count", "bid": "31", "declarations": "all"},
                   lambda where: make_rates(where, ["doubles", "count"], [31], "all", 1)),
    "best-declaration": ({"rows": "long", "columns": "", "bid": "32"},
                         lambda where: best_declarations(where, ["long"], 32, 1)),
    "par": ({"rows": "caller"}, lambda where: par_stats(where, "caller")),
}


def shown(column: str, value) -> str:
    """A figure as the board shows it: rates and shares in percent to a tenth, means to a hundredth."""
    if not isinstance(value, (int, float)):
        return str(value).replace("_", " ")
    if column == "share" or column.startswith("make_") or column.endswith("_make"):
        return f"{100 * value:.1f}%"
    if "mean" in column:
        return f"{value:.2f}"
    return str(value)


def shown_table(browser) -> tuple[list[str], list[list[tuple[str, str]]]]:
    """The answer's column names and, a row a group, each cell's (raw JSON value, text)."""
    return browser.execute_script(
        "const t = document.querySelector('#corpus-answer table'); if (!t) return null;"
        " return [[...t.tHead.rows[0].cells].map((c) => c.textContent),"
        " [...t.tBodies[0].rows].map((r) => [...r.cells].map((c) => [c.dataset.value, c.textContent]))];")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("question", list(QUESTIONS))
def test_the_corpus_screen_answers_as_the_python_api(browser, corpus_server, sized, screenshot, question, width):
    url, where = corpus_server
    sized(width)
    open_board(browser, url, "corpus")
    choose(browser, '#corpus-question select[name="question"]', question)
    settings, answer = QUESTIONS[question]
    for name, value in settings.items():
        choose(browser, f'#corpus-options select[name="{name}"]', value)
    click(browser, "#corpus-ask")
    wait_for(browser, lambda b: "valid" in b.find_element("css selector", "#corpus-status").get_attribute("class").split()
             and shown_table(b), "the corpus's answer")
    expected = answer(where)
    names, rows = shown_table(browser)
    columns = expected.by + expected.columns
    assert names == [c.replace("_", " ") for c in columns]
    assert len(rows) == len(expected.groups) > 1
    for row, group in zip(rows, expected.groups):
        assert [json.loads(value) for value, _ in row] == [group[c] for c in columns]
        assert [text for _, text in row] == [shown(c, group[c]) for c in columns]
    status = css(browser, "#corpus-status")[0].text
    assert f"{len(expected.groups)} groups of {expected.rows_read} deals" in status
    pictures = css(browser, "#corpus-picture svg")
    if question == "make-rates":
        drawn = make_rate_picture(expected)  # the server's picture is the Python API's, drawn whole
        assert browser.execute_script("return window.board.corpus.reply.svg") == drawn
        assert len(pictures) == 1
        texts = browser.execute_script("return [...document.querySelectorAll('#corpus-picture svg text')]"
                                       ".map((t) => t.textContent)")
        assert texts and all(f">{t}</text>" in drawn for t in texts) and len(texts) == drawn.count("<text")
        assert pictures[0].size["width"] <= width
        browser.execute_script("arguments[0].scrollIntoView()", pictures[0])  # the screenshot shows the picture
    else:
        assert not pictures
    wide, window = no_horizontal_scroll(browser)
    assert wide <= window, f"corpus screen ({question}) {wide} px wide in {window}"
    screenshot(f"corpus-{question}-{width}", f"the Corpus screen: {question} at {width} px")


def test_a_fault_is_named_as_the_server_names_it(browser, corpus_server):
    url, where = corpus_server
    open_board(browser, url, "corpus")
    choose(browser, '#corpus-options select[name="columns"]', "doubles")  # rows are doubles too
    click(browser, "#corpus-ask")
    wait_for(browser, lambda b: "invalid" in css(b, "#corpus-status")[0].get_attribute("class").split(), "the fault")
    with pytest.raises(ParseError) as fault:
        make_rates(where, "doubles,doubles")
    assert css(browser, "#corpus-status")[0].text == f"ParseError: {fault.value}"
    assert not css(browser, "#corpus-answer table") and not css(browser, "#corpus-picture svg")


def test_a_server_without_a_corpus_offers_no_corpus_screen(browser, server):
    open_board(browser, server, "position")
    tab = css(browser, 'nav [data-screen="corpus"]')[0]
    assert not tab.is_displayed()
    assert browser.execute_script("return window.board.corpus") is None
