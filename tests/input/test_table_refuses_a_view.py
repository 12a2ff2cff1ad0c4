"""A table solves every seat's declarations, so it needs the whole deal: a seat's view (its text,
view/1 JSON, or wrapped as {"view": ...}) is refused by name, on the command line and over HTTP,
not as an 'unexpected seat=' key of position text."""

from __future__ import annotations

import json

import pytest
from dominosolver.cli import main
from dominosolver.serve import create_app
from dominosolver.texas42 import Position
from starlette.testclient import TestClient

from serve_support import DEAL_42, KEY

WHOLE_DEAL = "a table needs the whole deal (a position, or the hands as dealt), not a seat's view"
VIEW = Position(DEAL_42).view(1)


def run(args: list[str], capsys) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    return exit_info.value.code, capsys.readouterr().err


@pytest.mark.parametrize("view", [str(VIEW), json.dumps(VIEW.to_json()), json.dumps({"view": str(VIEW)})])
@pytest.mark.parametrize("specials", [[], ["--specials"]])
def test_the_command_line_asks_for_the_whole_deal(view, specials, capsys):
    code, err = run(["table", *specials, view], capsys)
    assert code == 2 and WHOLE_DEAL in err and "unexpected" not in err, err


def test_moons_view_too(capsys):
    code, err = run(["table", "moon seat=P1 trump=6 hand=66.65 contract=P05"], capsys)
    assert code == 2 and WHOLE_DEAL in err, err


def test_the_http_api_asks_for_the_whole_deal():
    with TestClient(create_app(key=KEY)) as client:
        reply = client.post("/v1/table", json={"deal": str(VIEW)})
        assert 400 <= reply.status_code < 500 and WHOLE_DEAL in reply.text
        whole = client.post("/v1/table", json={"deal": DEAL_42})  # the deal itself is tabled as before
        assert whole.status_code == 200 and whole.json()["schema"]


def test_a_deal_with_more_fields_is_read_as_a_position():
    from dominosolver.texas42 import dd_table
    hands = "66.65.64.63.62.61.60/55.54.53.52.51.50.44/43.42.41.40.33.32.31/30.22.21.20.11.10.00"
    assert dd_table(f"hands={hands} trump=4") == dd_table(f"hands={hands}")  # the deal, not a tile '00 trump=4'
