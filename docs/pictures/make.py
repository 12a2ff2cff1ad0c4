"""Draw the example pictures of this folder: ``python docs/pictures/make.py`` (after an install).

board.svg: the demo deal of ``dominosolver demo`` after N leads and E follows (what Jupyter shows
for a ``Position``); view.svg: S's view of it (``Position.view(2)``); table.svg: its double-dummy
table as ``dominosolver table DEAL --svg`` draws it; chart.svg: a hand between the bots graded as
``dominosolver analyse HAND.json --svg`` draws it. tests/pictures/test_pictures_docs.py checks that
the files are what this script draws now."""

from __future__ import annotations

import json
from pathlib import Path

from dominosolver import games
from dominosolver.render.texas42 import DEMO_POSITION

HERE = Path(__file__).resolve().parent
TEXAS42 = games.get("42")
GAME_SEED, HAND = 4, 2  # the chart grades the third hand of the bots' game from seed 4 (all 28 plays)


def pictures() -> dict[str, str]:
    """File name -> SVG text of each example picture."""
    pos = TEXAS42.Position(DEMO_POSITION)
    for tile in ("6-6", "6-5"):
        pos.play(tile)
    hand = json.loads(json.dumps(TEXAS42.play(GAME_SEED)))["hands"][HAND]  # as a file holds it
    return {
        "board.svg": pos._repr_svg_(),
        "view.svg": pos.view(2)._repr_svg_(),
        "table.svg": TEXAS42.pictures.table(TEXAS42.table(DEMO_POSITION)),
        "chart.svg": TEXAS42.pictures.analysis(TEXAS42.grade(hand)),
    }


if __name__ == "__main__":
    for name, svg in pictures().items():
        (HERE / name).write_text(svg + "\n")
        print(f"wrote {HERE / name}")
