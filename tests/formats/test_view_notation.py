"""Issue 27, point 1: a player's view in one line (docs/notation.md, "A player's view"), for Texas 42
and Bingo: written by ``str(view)``, read by ``PlayerView(text)`` and everywhere a view is read (the
registry, hence the command line, the engine and batch records), round-tripping on every view of
played games; malformed text is a ParseError naming the fault."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from dominosolver import bingo, games, texas42
from dominosolver.cli.main import main
from dominosolver.errors import InvalidViewError, ParseError

GAMES = 100
RULES_42 = (texas42.Rules(), texas42.Rules(specials="all"), texas42.Rules(scoring="points", nt_doubles="low"))
RULES_BINGO = (bingo.Rules(bingo_trump_exchange="on"), bingo.Rules.preset("modern_dp"), bingo.Rules.preset("modern_gb"))


def played_views_42(seed: int):
    """Every seat's view at every point of a 42 game played at random (a special bid taken half the
    time it is offered)."""
    game, rng = texas42.Game(seed=seed, rules=RULES_42[seed % 3]), random.Random(seed)
    while not game.is_over:
        yield from (game.view(s) for s in range(4))
        special = [m for m in game.legal_moves if ":" in str(m)]
        game.play(special[0] if special and rng.random() < 0.5 else rng.choice(game.legal_moves))
    yield from (game.view(s) for s in range(4))


def played_views_bingo(seed: int):
    game, rng = bingo.Game(seed=seed, rules=RULES_BINGO[seed % 3]), random.Random(seed)
    while not game.is_over:
        yield from (game.view(s) for s in (0, 1))
        game.play(rng.choice(game.legal_moves))


def round_trips(view, cls) -> None:
    text = str(view)
    again = cls(text)
    assert again == view, text
    assert str(again) == text
    assert eval(repr(view), {"PlayerView": cls}) == view  # repr is the Python that rebuilds it


@pytest.mark.parametrize("chunk", range(4))
def test_every_42_view_of_played_games_round_trips(chunk):
    seen = {"auction": 0, "in play": 0, "special": 0}
    for seed in range(chunk * GAMES // 4, (chunk + 1) * GAMES // 4):
        for view in played_views_42(seed):
            round_trips(view, texas42.PlayerView)
            seen["auction" if view.trump is None else "in play"] += 1
            seen["special"] += view.contract is not None and view.contract.kind != "ordinary"
    assert min(seen.values()) > 50, seen


@pytest.mark.parametrize("chunk", range(4))
def test_every_bingo_view_of_played_games_round_trips(chunk):
    seen = {"closed": 0, "declared": 0, "replies": 0, "trick": 0}
    for seed in range(chunk * GAMES // 4, (chunk + 1) * GAMES // 4):
        for view in played_views_bingo(seed):
            round_trips(view, bingo.PlayerView)
            seen["closed"] += view.closed_by is not None
            seen["declared"] += bool(view.declarations)
            seen["replies"] += bool(view.opponent_replies)
            seen["trick"] += bool(view.trick)
    assert min(seen.values()) > 50, seen


def test_the_42_text_is_short_and_typeable():
    pos = texas42.Position("trump=4 hands=66.64.43.21.10.00.55/44.31.20.62.53.52.11/65.41.63.54.51.40.33/"
                           "61.60.50.42.32.30.22 contract=N30")
    pos.play("6-4")
    view = pos.view(1)
    assert str(view) == "seat=E contract=N30 trump=4 hand=62.53.52.44.31.20.11 plays=N64"
    # Tiles in any order and either form, seats in either case: the same view.
    assert texas42.PlayerView("seat=e trump=4 contract=n30 hand=1-1.2-0.13.44.25.35.26 plays=n4-6") == view
    assert texas42.PlayerView.parse("42 " + str(view)) == view


def test_the_bingo_text_is_short_and_typeable():
    pos = bingo.Position("bingo turned=41 hands=66.64.54.44.20.11.00/65.63.55.52.40.32.10 "
                         "boneyard=62.61.60.53.51.50.43.42.33.31.30.22.21.41")
    pos.play("6-4")
    view = pos.view(1)
    # A position given at its deal's start keeps the deal's record: the lead.
    assert str(view) == ("bingo seat=1 trump=4 turned=41 leader=0 hand=65.63.55.52.40.32.10 trick=64 points=0/0 "
                         "tricks=0/0 record=0:6-4")
    assert bingo.PlayerView("bingo seat=1 trump=4 turned=1-4 hand=10.23.4-0.25.55.36.56 trick=46 record=0:6-4") == view


def test_a_view_text_is_read_wherever_a_view_is():
    pos = texas42.Position("trump=4 hands=66.64.43.21.10.00.55/44.31.20.62.53.52.11/65.41.63.54.51.40.33/"
                           "61.60.50.42.32.30.22 contract=N30")
    pos.play("6-4")
    text = str(pos.view(1))
    spec, view = games.read(text)
    assert (spec.tag, view) == ("texas42", pos.view(1))
    assert games.read_view(text)[1] == view and games.read_view(json.dumps(view.to_json()))[1] == view
    assert games.read("bingo " + "seat=0 trump=4 turned=41 hand=66.64.54.44.20.11.00")[0].tag == "bingo"
    # A position's text is still a position, and a view's JSON still a view.
    assert isinstance(games.read(str(pos))[1], texas42.Position)
    assert games.read(view.to_json())[1] == view


def test_hint_takes_a_view_text_on_the_command_line(capsys):
    text = "seat=E contract=N30 trump=4 hand=62.53.52.44.31.20.11 plays=N64"
    main(["hint", text, "--samples", "5", "--seed", "1", "--json"])
    hint = json.loads(capsys.readouterr().out)
    assert hint["seat"] == 1 and hint["best"] == "4-4"  # E must follow trumps with its one trump
    main(["show", text, "--json"])
    assert json.loads(capsys.readouterr().out) == texas42.PlayerView(text).to_json()
    with pytest.raises(SystemExit):
        main(["hint", text, "--seat", "S", "--samples", "5"])
    assert "this is E's view, it cannot advise another seat" in capsys.readouterr().err


def test_the_engine_and_batch_records_take_a_view_text(tmp_path):
    text = "bingo seat=1 trump=4 turned=41 hand=65.63.55.52.40.32.10 trick=64"
    request = json.dumps({"cmd": "position", "view": text})
    run = subprocess.run([sys.executable, "-m", "dominosolver.engine"], input=request + "\n", capture_output=True,
                         text=True, timeout=120)
    reply = json.loads(run.stdout.splitlines()[-1])
    assert reply["type"] == "ready" and reply["seat"] == 1 and reply["to_move"] == 1
    records = tmp_path / "r.jsonl"
    records.write_text(json.dumps({"view": text, "seed": 1}) + "\n")
    out = tmp_path / "out.jsonl"
    main(["analyse", str(records), "-o", str(out), "--samples", "3", "--npz", "none", "--json"])
    result = json.loads(out.read_text().splitlines()[0])
    assert result["task"] == "hint" and result["result"]["seat"] == 1


@pytest.mark.parametrize("text, fault", [
    ("hand=66.55", "lacks seat="),
    ("seat=E", "lacks hand="),
    ("seat=Q hand=66", "seat= needs a seat name"),
    ("seat=1 hand=66", "seat= needs a seat name"),
    ("seat=E hand=66 plays=42", "malformed play '42'"),
    ("seat=E hand=66 plays=N4x", "4x"),
    ("seat=E hand=66 contract=N", "malformed contract"),
    ("seat=E hand=66 trump=9", "unknown trump"),
    ("seat=E hand=66 auction=pass,30", "malformed auction"),
    ("seat=E hand=66 auction=N:pass,abc", "unknown bid .abc."),
    ("seat=E hand=66 sizes=7/7/7", "sizes= needs 4 counts"),
    ("seat=E hand=66 revealed=66.55", "malformed revealed"),
    ("seat=E hand=66 colour=red", "unexpected 'colour=red'"),
    ("seat=E seat=W hand=66", "'seat' given twice in view text"),
    ("bingo seat=2 trump=4 turned=41 hand=66", "seat= needs player 0 or 1"),
    ("bingo seat=0 turned=41 hand=66", "lacks trump="),
    ("bingo seat=0 trump=4 turned=41.42 hand=66", "turned= takes one tile"),
    ("bingo seat=0 trump=4 turned=41 hand=66 replies=63", "malformed reply '63'"),
    ("bingo seat=0 trump=4 turned=41 hand=66 exchange=41", "malformed exchange="),
    ("bingo seat=0 trump=4 turned=41 hand=66 opponent_size=-1", "needs a count"),
    ("bingo seat=0 trump=4 turned=41 hand=77", "not in the double-six set"),
])
def test_malformed_view_text_names_the_fault(text, fault):
    cls = bingo.PlayerView if text.startswith("bingo") else texas42.PlayerView
    with pytest.raises(ParseError, match=fault.replace("(", r"\(")):
        cls(text)


def test_a_view_text_no_deal_fits_is_an_invalid_view():
    with pytest.raises(InvalidViewError, match="appears twice"):
        texas42.PlayerView("seat=E contract=N30 trump=4 hand=62.53.52.44.31.20.11 plays=N44")
    with pytest.raises(ParseError, match="not both"):
        texas42.PlayerView("seat=E hand=66", seat=1)
