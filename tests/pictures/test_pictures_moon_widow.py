"""A Moon table's picture names the widow the bidder discards from, as the text table does; a
Partnership Moon table, without a widow, names none."""

from __future__ import annotations

import json

from dominosolver import games
from svg_support import NS, parse_svg


def title_of(svg: str) -> str:
    return parse_svg(svg).find(f"{NS}title").text


def test_the_widow_is_named_in_the_picture_as_in_the_text():
    for tag in ("moon", "moon4"):
        spec = games.get(tag)
        deal = json.loads(json.dumps(spec.play(2)))["hands"][0]["deal"]
        table = spec.table({"game": tag, "hands": deal})
        title = title_of(spec.pictures.table(table))
        widow = " ".join(str(t) for t in table.widow)
        if tag == "moon":
            assert widow and f"the widow {widow})" in title, title
        else:
            assert not table.widow and "widow" not in title, title
