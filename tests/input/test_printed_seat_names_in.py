"""Seats named in each game's own way, and read back so (issue 39, point 3): every name a table,
hint or record prints for a seat (42's N E S W, Moon's P0 P1 P2, Bingo's "player 0") is accepted
wherever a seat is typed: the registry's reader, HTTP's new-game and the terminal's --human."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from dominosolver import games
from dominosolver.cli.main import cli
from dominosolver.errors import ParseError
from dominosolver.serve import create_app
from starlette.testclient import TestClient


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(key=b"printed seat names, a test key of 32 bytes")) as c:
        yield c


def printed_seats():
    for tag in games.GAMES:
        spec = games.get(tag)
        for seat in range(spec.Rules().seats):
            yield pytest.param(tag, seat, spec.seat_name(seat), id=f"{tag}-{spec.seat_name(seat)}")


@pytest.mark.parametrize("tag, seat, name", list(printed_seats()))
def test_every_printed_seat_name_is_read_back(tag, seat, name):
    spec = games.get(tag)
    assert spec.parse_seat(name) == spec.parse_seat(name.lower()) == seat
    assert spec.parse_seat(seat) == seat and spec.parse_seat(str(seat)) == seat


@pytest.mark.parametrize("tag", list(games.GAMES))
def test_a_game_against_the_bots_takes_the_seat_by_its_printed_name(client, tag):
    spec = games.get(tag)
    last = spec.Rules().seats - 1
    reply = client.post("/v1/new-game", json={"game": tag, "seat": spec.seat_name(last), "seed": 2,
                                              "bot": "random" if tag == "bingo" else "rule"})
    assert reply.status_code == 200, reply.json()
    assert reply.json()["seat"] == last and reply.json()["view"]["seat"] in (last, spec.seat_name(last))


def test_the_terminal_takes_bingos_printed_seat():
    out = CliRunner().invoke(cli, ["play", "bingo", "--human", "player 1", "--seed", "3"], input="q\n")
    assert out.exit_code == 0, out.output + str(out.exception)


@pytest.mark.parametrize("tag, text", [("bingo", "player 2"), ("bingo", "player"), ("moon", "P3"), ("texas42", "north")])
def test_other_seat_words_are_refused_by_name(tag, text):
    with pytest.raises(ParseError, match="seat"):
        games.get(tag).parse_seat(text)
