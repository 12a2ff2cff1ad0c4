"""POST /v1/corpus: the same answers as `corpus query --json`, from the corpus `serve --corpus` names;
a server without one, or a bad question, is a named 422."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.corpus import build_corpus
from dominosolver.corpus.picture import make_rate_picture
from dominosolver.corpus.query import PAR_GROUPS, make_rates
from dominosolver.serve import create_app
from dominosolver.serve.handlers import CORPUS_VARIABLE
from starlette.testclient import TestClient

pytest.importorskip("pyarrow")


@pytest.fixture(scope="module")
def where(tmp_path_factory):
    path = tmp_path_factory.mktemp("served")
    build_corpus(path, 12, name="http", partition_size=6, dask=None)
    return path


@pytest.fixture
def client(where, monkeypatch):
    monkeypatch.setenv(CORPUS_VARIABLE, str(where))
    with TestClient(create_app(key=bytes(range(32)))) as c:
        yield c


def query_json(where, *args):
    result = CliRunner().invoke(cli, ["corpus", "query", str(where), *args, "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("body, args", [
    ({"question": "make-rates", "bids": [30, 42], "by": "count"}, ["make-rates", "--bid", "30", "--bid", "42", "--by", "count"]),
    ({"question": "best-declaration"}, ["best-declaration"]),
    ({"question": "par", "by": "reach"}, ["par", "--by", "reach"]),
])
def test_replies_are_what_the_command_prints(client, where, body, args):
    reply = client.post("/v1/corpus", json=body)
    assert reply.status_code == 200, reply.text
    assert reply.json() == query_json(where, *args)


@pytest.mark.parametrize("body", [{"question": "weather"}, {"question": "par", "by": "seat"},
                                  {"question": "make-rates", "bids": [29]}, {"question": "make-rates", "min_n": "3"}])
def test_bad_questions_are_named(client, body):
    reply = client.post("/v1/corpus", json=body)
    assert reply.status_code == 422 and reply.json()["error"] == "ParseError"


def test_a_server_without_a_corpus_says_so(monkeypatch):
    monkeypatch.delenv(CORPUS_VARIABLE, raising=False)
    with TestClient(create_app(key=bytes(range(32)))) as c:
        reply = c.post("/v1/corpus", json={"question": "par"})
    assert reply.status_code == 422 and "serve --corpus" in reply.json()["message"]


def test_a_make_rate_reply_carries_its_picture_when_asked(client, where):
    body = {"question": "make-rates", "by": "doubles,count", "bids": [31]}
    reply = client.post("/v1/corpus", json={**body, "svg": True})
    assert reply.status_code == 200, reply.text
    answer = reply.json()
    picture = answer.pop("svg")
    assert answer == client.post("/v1/corpus", json=body).json()  # the rest as without the picture
    assert picture == make_rate_picture(make_rates(where, "doubles,count", [31]))
    assert picture.startswith("<svg") and "Make rate of 31 by doubles (rows) and count (columns)" in picture


@pytest.mark.parametrize("body", [{"question": "par", "svg": True}, {"question": "make-rates", "by": "doubles", "svg": True},
                                  {"question": "make-rates", "svg": "yes"}])
def test_a_picture_of_anything_else_is_refused(client, body):
    reply = client.post("/v1/corpus", json=body)
    assert reply.status_code == 422 and reply.json()["error"] == "ParseError"


def test_the_games_reply_names_the_served_corpus(client, where):
    served = client.get("/v1/games").json()["corpus"]
    manifest = json.loads((where / "manifest.json").read_text())
    assert (served["name"], served["rows"]) == (manifest["name"], manifest["rows"]) == ("http", 12)
    assert served["questions"]["par"] == list(PAR_GROUPS) and "trumps" in served["questions"]["make-rates"]


def test_a_server_without_a_corpus_lists_none(monkeypatch):
    monkeypatch.delenv(CORPUS_VARIABLE, raising=False)
    with TestClient(create_app(key=bytes(range(32)))) as c:
        assert c.get("/v1/games").json()["corpus"] is None
