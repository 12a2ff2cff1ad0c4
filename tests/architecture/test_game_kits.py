"""A registry row is a small ``GameSpec`` and optional kits beside it (issue 42): what every game
has is required, each kit (``games.KITS``) may be ``None``, and a front end asked for a kit a game
lacks says so by the game's name and the games that have it, instead of failing on ``None``."""

from __future__ import annotations

import dataclasses
import io
import json
from types import MappingProxyType

import pytest
from click.testing import CliRunner
from dominosolver import games
from dominosolver.batch import run_record
from dominosolver.cli.human import HumanGame
from dominosolver.cli.main import cli
from dominosolver.engine import EngineServer
from dominosolver.errors import ParseError
from dominosolver.games import registry

KIT_TYPES = {"render": games.RenderKit, "pictures": games.PicturesKit, "batch": games.BatchKit,
             "engine": games.EngineKit, "human": games.HumanKit}


def test_the_row_is_small_and_every_kit_is_optional():
    fields = {f.name: f for f in dataclasses.fields(games.GameSpec)}
    required = [name for name, f in fields.items() if f.default is dataclasses.MISSING]
    assert set(games.KITS) <= set(fields) and not set(games.KITS) & set(required)
    assert all(fields[name].default is None for name in games.KITS)
    # The row's own fields (the kits' items are no longer on it): 40 before the split.
    assert len(fields) <= 36 and len(required) <= 25
    for spec in games.GAMES.values():  # every registered game has every kit today, of its kit's type
        for name, kind in KIT_TYPES.items():
            assert isinstance(games.kit(spec, name), kind), (spec.tag, name)


@pytest.fixture
def bare_bingo(monkeypatch):
    """Bingo's row without any kit, registered in Bingo's place."""
    bare = dataclasses.replace(games.get("bingo"), **dict.fromkeys(games.KITS))
    rows = {tag: bare if tag == "bingo" else spec for tag, spec in games.GAMES.items()}
    monkeypatch.setattr(registry, "GAMES", MappingProxyType(rows))
    monkeypatch.setattr(games, "GAMES", registry.GAMES)
    monkeypatch.setattr(registry, "_BY_WORD", {w: bare if s.tag == "bingo" else s
                                               for w, s in registry._BY_WORD.items()})
    return bare


def others() -> str:
    """The titles of the registered games other than Bingo (each has every kit), as messages list
    them: "Texas 42, Moon, Partnership Moon and The Big Game", one "and" before the last."""
    titles = [s.title for s in games.GAMES.values() if s.tag != "bingo"]
    return titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} and {titles[-1]}"


def test_a_missing_kit_is_named_by_every_front_end(bare_bingo):
    assert games.get("bingo") is bare_bingo and games.detect({"game": "bingo"}) is bare_bingo
    pos = bare_bingo.deal(1, bare_bingo.variants[0])
    with pytest.raises(ParseError) as e:
        games.kit(bare_bingo, "pictures")
    assert str(e.value) == f"Bingo has no pictures (games with one: {others()})"

    shown = CliRunner().invoke(cli, ["show", str(pos)])  # the terminal
    assert shown.exit_code != 0 and f"Bingo has no terminal rendering (games with one: {others()})" in (
        shown.output + str(shown.exception))
    assert CliRunner().invoke(cli, ["show", "--json", str(pos)]).exit_code == 0  # JSON needs no rendering

    row = run_record("solve", pos.to_json(), 0, 1, {})  # batch analysis: the record's error, not a crash
    assert row["error"]["message"] == f"Bingo has no batch analysis (games with one: {others()})"

    out = io.StringIO()  # the engine: the position is refused by name
    server = EngineServer(out, threads=1)
    server.handle(json.dumps({"cmd": "position", "view": pos.view(0).to_json()}))
    server.wait()
    (reply,) = [json.loads(x) for x in out.getvalue().splitlines()]
    assert reply["type"] == "error" and reply["message"] == f"Bingo has no engine (games with one: {others()})"

    with pytest.raises(ParseError, match="Bingo cannot be played against bots yet"):  # play --human, as before
        HumanGame(bare_bingo, 0, 1, show=lambda r: None, read=lambda p: None)
    arena = CliRunner().invoke(cli, ["arena", "bingo", "--deals", "1"])
    assert arena.exit_code != 0 and "Bingo has no arena" in arena.output + str(arena.exception)
