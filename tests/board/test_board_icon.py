"""The served board has its icon (the exported board's, a 6-4 domino): its page links icon.svg, so a
browser asks for no /favicon.ico the server does not have (a 404 in the console of every visit)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dominosolver.cli.board import ICON_SVG
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
    # the exported board's icon, the same picture (one is not left behind when the other changes)
    assert icon.text == ICON_SVG == (STATIC / "icon.svg").read_text(encoding="utf-8")
