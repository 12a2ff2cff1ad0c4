"""Every key an endpoint takes is named in its row of docs/http.md's table of endpoints (hint's
`means` and advise-bid's `time` were taken but not named there), and every row names an endpoint
the server serves."""

from __future__ import annotations

from pathlib import Path

import pytest

from dominosolver.serve.handlers import ENDPOINTS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "http.md").read_text()
ROWS = {line.split("`")[1].removeprefix("POST /v1/"): line.split("|")[2]
        for line in DOC.splitlines() if line.startswith("| `POST /v1/")}


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.name)
def test_every_key_an_endpoint_takes_is_in_its_row(endpoint):
    assert endpoint.name in ROWS, f"docs/http.md has no row for POST /v1/{endpoint.name}"
    assert [key for key in endpoint.keys if f"`{key}`" not in ROWS[endpoint.name]] == []


def test_every_row_is_an_endpoint():
    assert set(ROWS) == {endpoint.name for endpoint in ENDPOINTS}
