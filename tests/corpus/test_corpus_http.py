"""POST /v1/corpus: the same answers as `corpus query --json`, from the corpus `serve --corpus` names;
a server without one, or a bad question, is a named 422."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.corpus import build_corpus
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
