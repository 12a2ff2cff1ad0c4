"""The board's files, without a browser: every file a page or module refers to ships beside it,
nothing is fetched from elsewhere (the board works offline), and the app serves them at `/` with
the types a browser needs to run ES modules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dominosolver.serve.app import STATIC, create_app
from starlette.testclient import TestClient

IMPORT = re.compile(r'\bfrom\s+"(\./[^"]+)"|\bimport\s+"(\./[^"]+)"')
REFERENCE = re.compile(r'\b(?:src|href)="([^"#]+)"')
SVG_NAMESPACE = "http://www.w3.org/2000/svg"  # a name, never fetched


def files() -> list[Path]:
    return sorted(p for p in STATIC.iterdir() if p.is_file())


def test_every_reference_is_a_shipped_file():
    names = {p.name for p in files()}
    assert {"index.html", "main.js", "board.css"} <= names
    for path in files():
        text = path.read_text(encoding="utf-8")
        targets = [a or b for a, b in IMPORT.findall(text)] + (REFERENCE.findall(text) if path.suffix == ".html" else [])
        for target in targets:
            assert (STATIC / target).resolve().is_file(), f"{path.name} refers to {target}, which does not ship"
    imported = {Path(a or b).name for p in files() for a, b in IMPORT.findall(p.read_text(encoding="utf-8"))}
    modules = {p.name for p in files() if p.suffix == ".js"}
    assert modules - imported == {"main.js"}  # each module is used; main.js is the page's


def test_nothing_is_fetched_from_elsewhere():
    for path in files():
        text = path.read_text(encoding="utf-8").replace(SVG_NAMESPACE, "")
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import|url\(", text), f"{path.name} fetches from elsewhere"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


@pytest.mark.parametrize("path, kind", [("/", "text/html"), ("/main.js", "text/javascript"), ("/board.css", "text/css")])
def test_the_app_serves_the_board(client, path, kind):
    reply = client.get(path)
    assert reply.status_code == 200 and reply.headers["content-type"].startswith(kind)
    name = "index.html" if path == "/" else path[1:]
    assert reply.content == (STATIC / name).read_bytes()
