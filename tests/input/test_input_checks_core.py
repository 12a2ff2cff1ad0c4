"""Input checks of the core objects (tiles, 42 positions and games, JSON and CLI sources) that an
audit found mishandled: each case now gets a ParseError (or IllegalMoveError) naming what is wrong,
or the answer a user would expect."""

from __future__ import annotations

import json

import pytest
from dominosolver import ParseError, bingo
from dominosolver.cli import main
from dominosolver.errors import IllegalMoveError, InvalidViewError
from dominosolver.io import flags_of_text, validate
from dominosolver.texas42 import Game, Move, Position, Rules, analyse_play, hint
from dominosolver.tiles import Tile

HANDS = [["6-6"], ["5-5"], ["4-4"], ["3-3"]]
SMALL = "trump=4 hands=66/55/44/33"


def run(args: list[str], capsys) -> tuple[int, str]:
    """Exit code and stderr of the CLI (it never lets a traceback out)."""
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    return exit_info.value.code, capsys.readouterr().err


# ---------------------------------------------------------------- games compare as they print


@pytest.mark.parametrize("game_class", [Game, bingo.Game])
def test_a_game_equals_the_game_its_repr_rebuilds(game_class):
    game = game_class(seed=3)
    names = {game_class.__name__: game_class, "Rules": type(game.rules)}
    assert eval(repr(game), names) == game == game_class(seed=3)
    game.play(game.legal_moves[0])
    assert eval(repr(game), names) == game != game_class(seed=3) != game_class(seed=4)
    with pytest.raises(TypeError, match="unhashable"):
        hash(game)  # play and undo change it


def test_games_with_other_rules_or_dealer_differ():
    assert Game(seed=3, dealer=1) != Game(seed=3)
    assert Game(seed=3, rules=Rules(scoring="points")) != Game(seed=3)
    assert eval(repr(Game(seed=3, dealer=1, moves=["30"]))) == Game(seed=3, dealer=1, moves=["30"])


# ---------------------------------------------------------------- tiles


def test_a_tile_is_made_of_two_numbers_or_one_tile_or_one_string():
    with pytest.raises(ParseError, match="cannot make a tile from 6, true"):
        Tile(6, True)
    with pytest.raises(ParseError, match="cannot make a tile from true, 4"):
        Tile(True, 4)
    with pytest.raises(ParseError, match=r"cannot make a tile from Tile\('6-4'\), 3"):
        Tile(Tile("6-4"), 3)
    assert Tile(Tile("6-4")) == Tile(6, 4) == Tile("46")


def test_tile_from_id_refuses_what_is_no_id():
    for bad in (None, True, -1, 45, "3"):
        with pytest.raises(ParseError, match="unknown tile id"):
            Tile.from_id(bad)
    assert Tile.from_id(44) == Tile("8-8")


def test_a_tile_equals_only_its_canonical_string_so_equality_agrees_with_hash():
    # "6-4", "64" and "4-6" all name the tile; only its str() is equal, and hashes alike.
    tile = Tile("6-4")
    assert tile == "6-4" and "6-4" in {tile} and "6-4" in [tile] and {tile: 1}["6-4"] == 1
    assert tile != "4-6" and tile != "64" and "4-6" not in {tile}
    assert Tile("6-4") in {Tile("46")} and hash(Tile("6-4")) == hash(Tile(4, 6)) == hash("6-4")


def test_tiles_order_among_themselves_only():
    assert Tile("5-5") < Tile("6-4") <= Tile("6-4") and Tile("6-6") > Tile("6-5") >= Tile("6-5")
    with pytest.raises(TypeError, match="not supported between instances of 'Tile' and 'str'"):
        Tile("6-4") < "5-5"  # noqa: B015


# ---------------------------------------------------------------- ASCII digits only


def test_superscript_digits_are_no_digits():
    # '²'.isdigit() is True, but int('²') fails: each reader refuses it with a ParseError.
    with pytest.raises(ParseError, match="malformed tile '²4'"):
        Tile("²4")
    with pytest.raises(ParseError, match="unknown seat '²'"):
        Position("trump=4 leader=² hands=66/55/44/33")
    with pytest.raises(ParseError, match="'3²' is no bid"):  # in the auction: the bids are listed
        Game(seed=1).play("3²")
    with pytest.raises(ParseError, match="malformed tile '3²'"):
        Move.parse("3²")


def test_cli_show_refuses_a_superscript_digit(capsys):
    code, err = run(["show", "trump=4 hands=²4/55/44/33"], capsys)
    assert code == 2 and "ParseError: malformed tile '²4'" in err and "Traceback" not in err


# ---------------------------------------------------------------- bad bytes and deep JSON


def test_json_that_is_no_text_or_too_deep_is_a_parse_error():
    with pytest.raises(ParseError, match="malformed JSON: bytes that are not text"):
        Position.from_json(b"\xff\xfe{")
    with pytest.raises(ParseError, match="malformed JSON: nested too deeply"):
        Position.from_json("[" * 50_000 + "]" * 50_000)
    with pytest.raises(ParseError, match="malformed JSON: nested too deeply"):
        bingo.Position.from_json('{"a": ' + "[" * 50_000 + "]" * 50_000 + "}")


def test_cli_refuses_a_binary_file(tmp_path, capsys):
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\xff\xfe")
    code, err = run(["show", str(bad)], capsys)
    assert code == 2 and "ParseError" in err and "bad.bin is not a text file" in err


def test_cli_analyse_refuses_deep_json(tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 50_000 + "]" * 50_000)
    code, err = run(["analyse", str(deep)], capsys)
    assert code == 2 and "nested too deeply" in err


def test_table_refuses_deep_json(capsys):
    code, err = run(["table", "[" * 50_000 + "]" * 50_000], capsys)
    assert code == 2 and "nested too deeply" in err


# ---------------------------------------------------------------- keyword constructors


@pytest.mark.parametrize("rules", ["x", {}, {"scoring": "points"}, 0])
def test_rules_must_be_a_rules_object(rules):
    with pytest.raises(ParseError, match="rules must be a Rules object"):
        Position(trump=4, hands=HANDS, rules=rules)
    with pytest.raises(ParseError, match="rules must be a Rules object"):
        Game(rules=rules)


def test_bingo_rules_are_no_texas42_rules():
    with pytest.raises(ParseError, match="rules must be a Rules object"):
        Game(rules=bingo.Rules())


@pytest.mark.parametrize("moves", [None, 30, "30"])
def test_moves_must_be_a_list(moves):
    with pytest.raises(ParseError, match="moves must be a list of moves"):
        Game(moves=moves)


def test_hands_trick_and_history_must_hold_tiles():
    with pytest.raises(ParseError, match=r"hands\[0\] must be a list of tiles"):
        Position(trump=4, hands=[None, ["5-5"], ["4-4"], ["3-3"]])
    with pytest.raises(ParseError, match="hands must be a list of 4 hands"):
        Position(trump=4, hands="66/55/44/33")
    with pytest.raises(ParseError, match="trick must be a list of tiles"):
        Position(trump=4, hands=HANDS, trick=5)
    with pytest.raises(ParseError, match=r"history must be \(first leader"):
        Position(trump=4, hands=HANDS, history="N")
    with pytest.raises(ParseError, match="history must be a list of tiles"):
        Position(trump=4, hands=HANDS, history=(0, None))


def test_history_first_leader_is_read_as_a_seat():
    hands = [["6-6", "6-4"], ["3-1", "2-0"], ["6-5", "0-0"], ["2-2", "1-0"]]
    history = ["4-2", "4-4", "4-1", "5-3"]
    by_letter = Position(trump=4, hands=hands, leader="E", history=("N", history))
    assert by_letter == Position(trump=4, hands=hands, leader=1, history=(0, history))
    assert str(by_letter) == "trump=4 leader=E hands=66.64/31.20/65.00/22.10 history=N:42.44.41.53"
    with pytest.raises(ParseError, match="unknown seat 'X'"):
        Position(trump=4, hands=hands, leader="E", history=("X", history))


def test_notation_text_takes_no_keywords():
    with pytest.raises(ParseError, match=r"notation text or keywords, not both \(trump= given"):
        Position(SMALL, trump=5)
    with pytest.raises(ParseError, match="rules= given"):
        Position(SMALL, rules=Rules())
    assert Position(SMALL) == Position(trump=4, hands=HANDS)


# ---------------------------------------------------------------- moves


def test_a_move_is_checked_when_made():
    with pytest.raises(ParseError, match="unknown move kind 'x'"):
        Move("x", 1)
    with pytest.raises(ParseError, match="unknown bid 'lots'"):
        Move("bid", "lots")
    with pytest.raises(ParseError, match="cannot make a tile from 64"):
        Move("tile", 64)
    assert Move("tile", "4-6") == Move.parse("6-4") and Move("tile", "4-6").value == Tile("6-4")
    assert Move("bid", "30") == Move.parse(30) and Move("declare", "4") == Move.parse("declare 4")


def test_a_move_built_directly_plays():
    game = Game(seed=1)
    with pytest.raises(IllegalMoveError, match="auction is on"):
        game.play(Move("tile", "6-4"))  # a tile string, now a Tile: the rules refuse it, not an AttributeError
    game.play(Move("bid", "30"))
    assert game.moves == [Move.parse("30")]


# ---------------------------------------------------------------- small queries


def test_seat_name_reads_a_seat():
    pos = Position(SMALL)
    assert pos.seat_name(2) == pos.seat_name("s") == "S"
    with pytest.raises(ParseError, match="unknown seat 7"):
        pos.seat_name(7)


def test_trick_points_takes_at_most_four_distinct_tiles_of_the_set():
    pos = Position(SMALL)
    assert pos.trick_points(["6-4", "5-5", "5-0", "4-4"]) == 26
    assert pos.trick_points("64.55") == 21
    with pytest.raises(ParseError, match="must be a list of tiles"):
        pos.trick_points(None)
    with pytest.raises(ParseError, match="tile 7-7 is not in the double-6 set"):
        pos.trick_points(["6-6", "7-7"])
    with pytest.raises(ParseError, match="6-6 listed twice"):
        pos.trick_points(["6-6", "6-6"])
    with pytest.raises(ParseError, match="at most 4 tiles, not 5"):
        pos.trick_points(["6-6", "5-5", "5-0", "4-4", "3-3"])


def test_a_rules_flag_given_twice_is_refused():
    with pytest.raises(ParseError, match="rules flag 'nt_doubles' given twice"):
        flags_of_text("nt_doubles:low,nt_doubles:high")
    with pytest.raises(ParseError, match="given twice"):
        Position(f"{SMALL} rules=nt_doubles:low,nt_doubles:high")


# ---------------------------------------------------------------- JSON contract and history


def _json(**extra):
    hands = [["6-6", "6-4"], ["3-1", "2-0"], ["6-5", "0-0"], ["2-2", "1-0"]]
    return {"trump": 4, "leader": 1, "hands": hands, **extra}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"contract": {"declarer": 0, "bid": 30, "bdi": 31}}, "'contract' .* unknown key\\(s\\) bdi"),
        ({"contract": {"declarer": 0}}, "'contract' .* lacks bid"),
        ({"history": {"first_leader": 0, "tiles": ["4-2", "4-4", "4-1", "5-3"], "first": 2}},
         "'history' .* unknown key\\(s\\) first"),
        ({"history": {"tiles": ["4-2", "4-4", "4-1", "5-3"]}}, "'history' .* lacks first_leader"),
    ],
)
def test_json_contract_and_history_take_exactly_their_keys(extra, message):
    with pytest.raises(ParseError, match=message):
        Position.from_json(_json(**extra))
    with pytest.raises(ParseError):  # the schema says the same
        validate({"schema": "dominosolver.position/1", "game": "texas42", **_json(**extra)}, "position")


def test_a_history_with_its_first_leader_round_trips():
    good = _json(history={"first_leader": 0, "tiles": ["4-2", "4-4", "4-1", "5-3"]})
    assert Position.from_json(good).to_json()["history"] == good["history"]
    validate({"schema": "dominosolver.position/1", "game": "texas42", **good}, "position")


# ---------------------------------------------------------------- to_move once the hand is over


def test_to_move_is_none_once_the_hand_is_over(capsys):
    pos = Position(SMALL)
    assert pos.to_move == 0
    for tile in ("6-6", "5-5", "4-4", "3-3"):
        pos.play(tile)
    assert pos.is_over and pos.to_move is None  # as Game.to_move and the view's to_move
    assert pos.view(0).to_move is None and pos.view(0).legal_moves == ()
    with pytest.raises(InvalidViewError, match="the hand is over: there is no move to hint"):
        hint(pos)
    with pytest.raises(IllegalMoveError, match="the hand is over"):
        analyse_play(Position(SMALL), ["6-6", "5-5", "4-4", "3-3", "2-2"])
    shown = main_json(["show", "--json", str(pos)], capsys)
    assert shown["to_move"] is None and Position(shown["notation"]) == pos  # the notation to copy


def main_json(args: list[str], capsys) -> dict:
    try:
        main(args)
    except SystemExit as e:  # pragma: no cover - a failure shows the error
        raise AssertionError(capsys.readouterr().err) from e
    return json.loads(capsys.readouterr().out)


def test_deeply_nested_json_is_a_malformed_record_not_a_crash(tmp_path):
    import io as _io

    from dominosolver.batch import read_records
    from dominosolver.engine import EngineServer

    deep = "[" * 100_000 + "]" * 100_000
    records = tmp_path / "deep.jsonl"
    records.write_text(deep + "\n")
    [(index, record)] = read_records(records)
    assert index == 0 and "nested too deeply" in str(record)
    out = _io.StringIO()
    EngineServer(out=out).handle(deep)
    assert '"ParseError"' in out.getvalue() and "nested too deeply" in out.getvalue()


def test_a_table_too_large_for_the_machine_is_a_named_error(monkeypatch):
    from dominosolver import _core
    from dominosolver.texas42 import Solver

    with pytest.raises(ParseError, match="tt_mb must be a whole number from 1 to 65,536"):
        Solver(tt_mb=1 << 20)

    def no_memory(tt_mb):  # what the core raises when the allocation fails (machine-dependent)
        raise MemoryError("std::bad_alloc")

    monkeypatch.setattr(_core.texas42, "Solver", no_memory)
    with pytest.raises(ParseError, match="tt_mb=60000: this machine cannot allocate"):
        Solver(tt_mb=60000)
