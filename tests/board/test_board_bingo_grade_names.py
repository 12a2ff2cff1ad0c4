"""The board's grades of a Bingo deal name a declaration as the Play screen does, with its points
(docs/rules.md §5.7), from the analysis JSON's names.moves (docs/json.md)."""

from __future__ import annotations

import pytest
from dominosolver import games
from dominosolver.bingo import Position
from dominosolver.render.bingo import DEMO_DEAL
from test_board import open_board

pytestmark = pytest.mark.browser


def test_the_grades_say_a_declaration_with_its_points(browser, server):
    pos = Position(DEMO_DEAL)  # player 0 on lead holding 6-6, 4-4 and 2-2, the Bingo (0-0) not among them
    graded = games.get("bingo").grade({"position": pos.to_json(), "plays": ["declare:6-6,4-4,2-2", "6-6"]})
    words = "declare 6-6, 4-4 and 2-2 (40 points)"  # three doubles: 40 under the historic rules
    open_board(browser, server, "play")
    cells = browser.execute_async_script("""
        const [analysis, done] = arguments;
        import(new URL("chart.js", location.href)).then(({ renderAnalysis }) => {
          const root = document.createElement("div");
          document.body.append(root);
          renderAnalysis(root, analysis, (seat) => `player ${seat}`, "The deal");
          done([...root.querySelectorAll("table.grades tbody tr")].map((row) => row.cells[2].textContent));
          root.remove();
        });""", graded)
    assert cells == [words, "6-6"]
