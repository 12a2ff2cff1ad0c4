"""The served board has its icon (the exported board's, a 6-4 domino): its page links icon.svg, so a
browser asks for no /favicon.ico the server does not have (a 404 in the console of every visit). The
export copies that page's link and that file, and draws the same domino as its PNGs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dominosolver.cli import board
from dominosolver.serve import create_app
from starlette.testclient import TestClient

STATIC = Path(__file__).resolve().parents[2] / "python" / "dominosolver" / "serve" / "static"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def test_the_served_board_links_and_serves_its_icon(client):
    page = client.get("/").text
    assert '<link rel="icon" href="icon.svg" type="image/svg+xml">' in page
    icon = client.get("/icon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text == (STATIC / "icon.svg").read_text(encoding="utf-8")


def test_the_exported_page_links_its_icon_once():
    page = board._index_html()  # the served page with the offline scripts: its icon link is the served page's
    assert len(re.findall(r'<link rel="icon"', page)) == 1 and len(re.findall(r'rel="apple-touch-icon"', page)) == 1


def test_the_pngs_draw_the_svgs_domino():
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    circles = [(float(x), float(y)) for x, y in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)]
    assert sorted(circles) == sorted(board.PIPS)
    assert '<rect x="27" y="12" width="46" height="80"' in svg  # the tile _icon_pixel paints white
    assert board._icon_pixel(0, 0, 100) == (0x1F, 0x5F, 0x8B) and board._icon_pixel(38, 22, 100) == (0x22, 0x22, 0x22)
