"""The example pictures in docs/pictures/ are what docs/pictures/make.py draws today, and each is a
well-formed picture."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from svg_support import parse_svg

FOLDER = Path(__file__).resolve().parents[2] / "docs" / "pictures"


def test_the_example_pictures_are_up_to_date():
    spec = importlib.util.spec_from_file_location("make_pictures", FOLDER / "make.py")
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    drawn = make.pictures()
    assert set(drawn) == {p.name for p in FOLDER.glob("*.svg")}
    for name, svg in drawn.items():
        parse_svg(svg)
        assert (FOLDER / name).read_text() == svg + "\n", f"{name} is stale: run python docs/pictures/make.py"
