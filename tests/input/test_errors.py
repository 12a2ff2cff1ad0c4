"""Bad input: each case raises its named exception (all ValueError subclasses) with a message naming
the problem, crashes nothing, and leaves a position or game exactly as it was."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from dominosolver import DominoSolverError, IllegalMoveError, InvalidPositionError, ParseError, Tile
from dominosolver.cli import main
from dominosolver.texas42 import Game, Position, Rules
from dominosolver.texas42.rules import GAME_BID
from hypothesis import given, settings
from hypothesis import strategies as st

# N led [4-2]; E, S, W still to play (the example position).
START = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42"


def test_error_classes_are_value_errors():
    """All three error classes are ValueErrors, so callers may catch ValueError."""
    for cls in (ParseError, InvalidPositionError, IllegalMoveError):
        assert issubclass(cls, ValueError)


def position_json(**changes) -> dict:
    obj = Position(START).to_json()
    obj.update(changes)
    return obj


def state(pos: Position) -> tuple:
    return str(pos), pos.to_json(), pos.legal_moves, pos.plays, pos.points, pos.to_move


# ---------------------------------------------------------------- tiles


@pytest.mark.parametrize("text", ["9-9", "9-1", "0-9"])
def test_unknown_tile_number(text):
    """A number above 8 (the largest set, double-eight) is no tile at all."""
    with pytest.raises(ParseError, match=r"unknown tile .*9"):
        Tile(text)


def test_tile_outside_the_double_six_set_in_a_position():
    """[7-1] is a tile of the double-eight family but not of 42's double-six set."""
    with pytest.raises(InvalidPositionError, match=r"7-1 is not in the double-6 set"):
        Position(START.replace("66.64", "66.71"))
    with pytest.raises(InvalidPositionError, match=r"7-1 is not in the double-6 set"):
        Position.from_json(
            position_json(
                hands=[
                    ["6-6", "7-1"],
                    ["4-4", "3-1", "2-0"],
                    ["6-5", "4-1", "0-0"],
                    ["5-3", "2-2", "1-0"],
                ]
            )
        )


@pytest.mark.parametrize("text", ["6x", "6-", "-4", "", "654", "6--4", "six-four", "6 4"])
def test_malformed_tile_text(text):
    """A tile is two numbers, '6-4' or '64'; anything else is malformed text."""
    with pytest.raises(ParseError, match="malformed tile"):
        Tile(text)


@pytest.mark.parametrize("value", [None, 6, 6.4, True, ("6", "4")])
def test_tile_from_a_wrong_type(value):
    """Tile() takes text, another Tile, or two ints; other values are refused by name."""
    with pytest.raises(ParseError, match="cannot make a tile"):
        Tile(value)


# ---------------------------------------------------------------- positions


def test_tile_duplicated_across_hands():
    """Every tile exists once: [6-4] in both N's and W's hands is impossible."""
    with pytest.raises(InvalidPositionError, match=r"6-4 appears twice"):
        Position(START.replace("53.22.10", "53.22.64"))


def test_tile_duplicated_within_one_hand():
    """A tile listed twice in one hand (text or keywords) is a duplicate, not one tile."""
    with pytest.raises(InvalidPositionError, match=r"6-6 appears twice"):
        Position(START.replace("66.64", "66.66"))
    with pytest.raises(InvalidPositionError, match=r"6-6 appears twice"):
        Position(trump=4, hands=[["6-6", "6-6"], ["5-5", "1-1"], ["4-4", "2-2"], ["3-3", "0-0"]])


def test_tile_both_in_a_hand_and_on_the_table():
    """A tile on the table is no longer in any hand."""
    with pytest.raises(InvalidPositionError, match=r"4-2 appears twice"):
        Position(START.replace("66.64/", "66.42/"))


@pytest.mark.parametrize(
    "hands",
    [
        "66.64/44.31/65.41.00/53.22.10",
        "66/44.31.20/65.41.00/53.22.10",
        "66.64.63/44.31.20/65.41.00/53.22.10",
    ],
    ids=["E-short", "N-short", "N-long"],
)
def test_hand_sizes_that_cannot_arise(hands):
    """With N's [4-2] on the table N holds one tile fewer than E, S and W, who hold equally many."""
    with pytest.raises(InvalidPositionError, match="hand sizes .* cannot arise"):
        Position(f"trump=4 leader=N hands={hands} trick=42")


def test_hands_larger_than_seven_tiles():
    """A 42 hand holds at most 7 of the 28 tiles (here 8 a seat, some from the double-eight set)."""
    hands = [[Tile.from_id(i) for i in range(s * 8, s * 8 + 8) if i < 45] for s in range(4)]
    with pytest.raises(InvalidPositionError):
        Position(trump=4, hands=hands)


def test_trick_of_four_or_more_tiles():
    """A trick is complete, and leaves the table, at its fourth tile."""
    with pytest.raises(InvalidPositionError, match="current trick holds 4 tiles"):
        Position("trump=4 leader=N hands=66/44/65/53 trick=42.43.21.11")
    with pytest.raises(InvalidPositionError, match="current trick holds 5 tiles"):
        Position("trump=4 leader=N hands=66/44/65/53 trick=42.43.21.11.00")


@pytest.mark.parametrize("hands", ["66/44/65", "66/44/65/53/11"])
def test_wrong_number_of_hands_in_text(hands):
    """42 has four seats: the notation needs exactly four '/'-separated hands."""
    with pytest.raises(ParseError, match="needs 4 hands"):
        Position(f"trump=4 hands={hands}")


def test_wrong_number_of_hands_in_json_and_keywords():
    """JSON and keyword construction also need exactly four hands."""
    with pytest.raises(ParseError, match="4 lists of tiles"):
        Position.from_json(position_json(hands=[["6-6"], ["4-4"], ["6-5"]]))
    with pytest.raises(InvalidPositionError, match="needs 4 hands, got 3"):
        Position(trump=4, hands=[["6-6"], ["4-4"], ["6-5"]])


def test_history_with_a_renege():
    """History must be playable: here E held a four ([4-4]) but played [3-1] to N's [4-2] lead."""
    obj = {
        "trump": 4,
        "leader": 0,
        "hands": [["1-1"], ["4-4"], ["0-0"], ["2-2"]],
        "history": {"first_leader": 0, "tiles": ["4-2", "3-1", "6-6", "5-5"]},
    }
    with pytest.raises(InvalidPositionError, match="had to follow suit"):
        Position.from_json(obj)


def test_history_whose_winner_is_not_the_leader():
    """N's trump [4-2] wins the recorded trick, so N, not E, leads next."""
    obj = {
        "trump": 4,
        "leader": 1,
        "hands": [["1-1"], ["4-4"], ["0-0"], ["2-2"]],
        "history": {"first_leader": 0, "tiles": ["4-2", "3-1", "6-6", "5-5"]},
    }
    with pytest.raises(InvalidPositionError, match="last recorded trick was won by seat 0"):
        Position.from_json(obj)


def test_history_of_incomplete_tricks():
    """History lists completed tricks only, so its length is a multiple of 4."""
    obj = {
        "trump": 4,
        "leader": 0,
        "hands": [["1-1"], ["4-4"], ["0-0"], ["2-2"]],
        "history": {"first_leader": 0, "tiles": ["4-2", "3-1", "6-6"]},
    }
    with pytest.raises(InvalidPositionError, match="completed tricks come in fours"):
        Position.from_json(obj)


# ---------------------------------------------------------------- plays


def test_tile_played_out_of_turn():
    """E is to play; [6-5] is S's tile."""
    pos = Position(START)
    before = state(pos)
    with pytest.raises(
        IllegalMoveError, match=r"6-5 belongs to seat 2 \(S\), but seat 1 \(E\) is to play"
    ):
        pos.play("6-5")
    assert state(pos) == before


def test_renege():
    """E holds the trump [4-4], so it must follow N's trump lead [4-2]; [3-1] is a renege."""
    pos = Position(START)
    before = state(pos)
    with pytest.raises(
        IllegalMoveError, match=r"must follow suit: 3-1 does not follow the lead 4-2"
    ):
        pos.play("3-1")
    assert state(pos) == before


def test_tile_already_played():
    """N's [4-2] is on the table: nobody can play it again."""
    pos = Position(START)
    before = state(pos)
    with pytest.raises(IllegalMoveError, match="4-2 has already been played"):
        pos.play("4-2")
    assert state(pos) == before


def test_tile_of_an_unrecorded_trick_played():
    """A position without history: [0-0] is in no hand because it went in an unrecorded trick."""
    pos = Position("trump=2 leader=N hands=52.44.40.31.22.20/64.62.60.54.53.21/65.61.55.50.41.33/66.63.51.43.42.32")
    before = state(pos)
    with pytest.raises(IllegalMoveError, match="0-0 is in no hand: it went in an earlier trick"):
        pos.play("0-0")
    assert state(pos) == before


def test_tile_outside_the_set_played():
    """Playing a tile of no double-six set, or unreadable text, is refused by name."""
    pos = Position(START)
    before = state(pos)
    with pytest.raises(IllegalMoveError, match="7-1 is not in the double-6 set"):
        pos.play("7-1")
    with pytest.raises(ParseError, match="malformed tile"):
        pos.play("44x")
    assert state(pos) == before


def test_play_after_the_hand_is_over_and_undo_past_the_start():
    """No play once every hand is empty; no undo before the first known play."""
    pos = Position("trump=4 leader=N hands=-/-/-/-")
    with pytest.raises(IllegalMoveError, match="hand is over"):
        pos.play("6-6")
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        pos.undo()


def test_first_lead_must_be_trump_when_flagged():
    """FIRST_LEAD_TRUMP = ON: N holds the trump [4-4], so leading [6-6] to the hand's first trick
    fails."""
    doubles = [Tile(n, n) for n in range(7)]
    others = [Tile(h, low) for h in range(7) for low in range(h)]
    hands = [doubles, others[0:7], others[7:14], others[14:21]]
    pos = Position(trump=4, hands=hands, rules=Rules(first_lead_trump=True))
    before = state(pos)
    with pytest.raises(IllegalMoveError, match="must lead a trump"):
        pos.play("6-6")
    assert state(pos) == before


# ---------------------------------------------------------------- bids and game moves


def game_state(game: Game) -> tuple:
    pos = game.position
    return (
        repr(game),
        game.phase,
        game.to_move,
        [str(m) for m in game.legal_moves],
        game.scores,
        None if pos is None else pos.to_json(),
    )


def test_bid_below_the_high_bid():
    """§2.2: each bid must be higher than the current high bid."""
    game = Game(seed=1)
    game.play(35)
    before = game_state(game)
    for low in (30, 34, 35):
        with pytest.raises(IllegalMoveError, match=f"bid {low} is not legal over the high bid 35"):
            game.play(low)
    assert game_state(game) == before


@pytest.mark.parametrize("bid", [29, 43, 100, 126, 168, 999])
def test_bid_off_the_ladder(bid):
    """Below 30, between 42 and 84, not a multiple of 42, or a jump past 2 marks (MARK_JUMP)."""
    game = Game(seed=1)
    before = game_state(game)
    with pytest.raises(IllegalMoveError, match=f"bid {bid} is not legal"):
        game.play(bid)
    assert game_state(game) == before


@pytest.mark.parametrize("bid", [-1, 1001, 2**70])
def test_bid_that_is_no_number_of_the_ladder(bid):
    """Negative numbers, numbers beyond 'game' (even beyond a machine integer) are no bids."""
    game = Game(seed=1)
    before = game_state(game)
    with pytest.raises(ParseError, match="unknown bid"):
        game.play(bid)
    assert game_state(game) == before


def test_game_bid_in_the_marks_game():
    """§2.2: 'Game' is a points-game bid only."""
    game = Game(seed=1)
    with pytest.raises(IllegalMoveError, match="bid game is not legal"):
        game.play("game")


def test_moves_of_the_wrong_phase():
    """A declaration or a tile during the auction, a bid or tile while trumps are named, a bid or
    declaration during play: each is refused by name, and nothing changes."""
    game = Game(seed=1)
    checks = [("declare 4", "auction is on"), ("6-6", "auction is on")]
    for move, message in checks:
        before = game_state(game)
        with pytest.raises(IllegalMoveError, match=message):
            game.play(move)
        assert game_state(game) == before
    for call in (30, "pass", "pass", "pass"):
        game.play(call)
    for move in (31, "pass", "6-6"):
        before = game_state(game)
        with pytest.raises(IllegalMoveError, match="must name trumps now"):
            game.play(move)
        assert game_state(game) == before
    game.play("declare 4")
    for move in (31, "pass", "declare 5"):
        before = game_state(game)
        with pytest.raises(IllegalMoveError, match="must play a tile"):
            game.play(move)
        assert game_state(game) == before


def test_game_tile_out_of_turn():
    """In a Game too, a tile of another seat's hand cannot be played for the seat to move."""
    game = Game(seed=1)
    for call in (30, "pass", "pass", "pass", "declare 4"):
        game.play(call)
    seat = game.to_move
    other = game.deal()[(seat + 1) % 4][0]
    before = game_state(game)
    with pytest.raises(IllegalMoveError, match=f"{other} belongs to seat {(seat + 1) % 4}"):
        game.play(str(other))
    assert game_state(game) == before


def test_game_undo_past_the_start():
    """A fresh game has nothing to undo."""
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        Game(seed=1).undo()


def test_unknown_trump_declared():
    """§2.3: the declarer names 0..6, doubles or none; any other name is unreadable."""
    game = Game(seed=1)
    for call in (30, "pass", "pass", "pass"):
        game.play(call)
    with pytest.raises(ParseError, match="unknown trump"):
        game.play("declare spades")


# ---------------------------------------------------------------- JSON and notation


@pytest.mark.parametrize("text", ['{"trump": 4,', "not json", '{"trump": 4 "leader": 0}'])
def test_malformed_json(text):
    """Text that is not JSON at all."""
    with pytest.raises(ParseError, match="malformed JSON"):
        Position.from_json(text)


@pytest.mark.parametrize("value", ["[1, 2]", "42", '"text"'])
def test_json_that_is_not_an_object(value):
    """A position is a JSON object, not a list, number or string."""
    with pytest.raises(ParseError, match="must be a JSON object"):
        Position.from_json(value)


def test_wrong_schema():
    """Only dominosolver.position/1 is read."""
    with pytest.raises(ParseError, match="unknown schema 'dominosolver.position/2'"):
        Position.from_json(position_json(schema="dominosolver.position/2"))


def test_wrong_game():
    """A position of another game is not a texas42 position."""
    with pytest.raises(ParseError, match="'bingo' position, not one of the 42 family's"):
        Position.from_json(position_json(game="bingo"))


def test_missing_and_unknown_fields():
    """trump, leader and hands are required; fields outside the schema are refused."""
    obj = position_json()
    del obj["hands"]
    with pytest.raises(ParseError, match="lacks 'hands'"):
        Position.from_json(obj)
    with pytest.raises(ParseError, match="unknown position field.*dealer"):
        Position.from_json(position_json(dealer=0))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("trump", 7, "trump 7 is not a number of the set"),
        ("trump", "spades", "unknown trump"),
        ("leader", 4, "unknown seat 4"),
        ("leader", "X", "unknown seat 'X'"),
        ("trick", "4-2", "trick must be a list"),
        ("trick", [42], "42 is not a tile string"),
        ("contract", {"bid": 30}, "'contract' must be"),
        ("contract", {"declarer": 0, "bid": 29}, "contract bid 29 is not a bid"),
        ("contract", {"declarer": 0, "bid": "lots"}, "unknown bid 'lots'"),
        ("contract", {"declarer": 0, "bid": 2**70}, "unknown bid 1180591620717411303424"),
        ("contract", {"declarer": 9, "bid": 30}, "unknown seat 9"),
        ("history", ["4-2"], "'history' must be"),
        ("rules", ["x"], "'rules' must be an object"),
    ],
)
def test_bad_json_fields(field, value, message):
    """Each field with a value of the wrong kind or range is refused, naming the field's problem."""
    with pytest.raises((ParseError, InvalidPositionError), match=message):
        Position.from_json(position_json(**{field: value}))


def test_unknown_rules_flag():
    """Only the flags of docs/rules.md §6.1 exist; an unknown one is refused everywhere flags are
    read."""
    with pytest.raises(ParseError, match="unknown rules flag 'trumps_first'"):
        Rules(trumps_first="on")
    with pytest.raises(ParseError, match="unknown rules flag 'doubles'"):
        Position.from_json(position_json(rules={"doubles": "low"}))
    with pytest.raises(ParseError, match="unknown rules flag 'doubles'"):
        Position(START + " rules=doubles:low")


def test_bad_rules_flag_value():
    """A known flag with a value it cannot take names the allowed values."""
    with pytest.raises(
        ParseError, match=r"'nt_doubles' cannot be 'middle' \(allowed: high, low, own_suit\)"
    ):
        Rules(nt_doubles="middle")
    with pytest.raises(ParseError, match="'first_lead_trump' must be 'on' or 'off'"):
        Rules(first_lead_trump="maybe")
    with pytest.raises(ParseError, match=r"'scoring' cannot be '3' \(allowed: marks, points\)"):
        Rules(scoring=3)
    with pytest.raises(ParseError, match="must be a string"):
        Rules(scoring=["points"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hands=66/55/44/33", "lacks trump="),
        ("trump=4", "lacks hands="),
        ("trump=4 hands=66/55/44/33 trump=5", "'trump' given twice"),
        ("trump=4 hands=66/55/44/33 dealer=N", "unexpected 'dealer=N'"),
        ("trump=4 hands=66/55/44/33 contract=N", "malformed contract"),
        ("trump=4 hands=66/55/44/33 history=66.55.44.33", "malformed history"),
        ("trump=4 hands=66/55/44/33 rules=scoring", "malformed rules item"),
    ],
)
def test_malformed_notation(text, message):
    """One-line notation: required fields, each once, known keys, well-formed values."""
    with pytest.raises(ParseError, match=message):
        Position(text)


def test_keyword_contract_is_read_like_json():
    """The contract keyword takes (seat, bid) with the same seats and bids as JSON and notation."""
    hands = [["6-6"], ["5-5"], ["4-4"], ["3-3"]]
    points = Rules(scoring="points")
    assert Position(trump=4, hands=hands, rules=points, contract=("W", "game")).contract == (3, GAME_BID)
    with pytest.raises(InvalidPositionError, match="only in the points game"):
        Position(trump=4, hands=hands, contract=("W", "game"))  # the marks game has no 'game' bid
    with pytest.raises(ParseError, match="unknown bid 'lots'"):
        Position(trump=4, hands=hands, contract=(0, "lots"))
    with pytest.raises(ParseError, match="contract must be"):
        Position(trump=4, hands=hands, contract=30)


def test_keyword_leader_must_be_a_seat():
    """The leader keyword takes a seat number or letter."""
    assert Position(trump=4, hands=[["6-6"], ["5-5"], ["4-4"], ["3-3"]], leader="S").leader == 2
    with pytest.raises(ParseError, match="unknown seat 4"):
        Position(trump=4, hands=[["6-6"], ["5-5"], ["4-4"], ["3-3"]], leader=4)


def test_position_text_must_be_a_string():
    """Notation is text; other objects are refused by name."""
    with pytest.raises(ParseError, match="must be a string"):
        Position.parse(42)  # type: ignore[arg-type]


# ---------------------------------------------------------------- command line


def test_cli_show_bad_position_prints_a_clean_error(capsys):
    """`dominosolver show "bad"` prints one error line naming the problem (no traceback), exit 2."""
    with pytest.raises(SystemExit) as exit_info:
        main(["show", "bad"])
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("error: ParseError: unexpected 'bad' in position text")
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_cli_show_invalid_json_position(capsys, tmp_path):
    """`dominosolver show FILE` with an impossible position: one clean error line, exit 2."""
    path = tmp_path / "pos.json"
    path.write_text(
        json.dumps(
            position_json(
                hands=[
                    ["6-6", "6-6"],
                    ["4-4", "3-1", "2-0"],
                    ["6-5", "4-1", "0-0"],
                    ["5-3", "2-2", "1-0"],
                ]
            )
        )
    )
    with pytest.raises(SystemExit) as exit_info:
        main(["show", str(path)])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.startswith("error: InvalidPositionError: tile 6-6 appears twice")


def test_cli_console_script_exits_non_zero():
    """The installed `dominosolver` script itself, in a subprocess."""
    script = Path(sys.executable).with_name("dominosolver")
    if not script.exists():
        pytest.skip("the dominosolver console script is not installed next to this interpreter")
    proc = subprocess.run(
        [str(script), "show", "bad"], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode != 0
    assert "error: ParseError" in proc.stderr and "Traceback" not in proc.stderr


# ---------------------------------------------------------------- anything else: named errors only

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=6)
    | st.sampled_from(["6-4", "4-6", "N", "doubles", "none", "game", "pass", "7-1", "9-9"]),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = ["schema", "game", "trump", "leader", "hands", "trick", "rules", "contract", "history"]


@settings(max_examples=300)
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=4))
def test_any_json_raises_only_named_errors(changes):
    """Whatever the fields hold, reading JSON either works or raises a DominoSolverError."""
    try:
        Position.from_json(position_json(**changes))
    except DominoSolverError:
        pass


@settings(max_examples=300)
@given(st.text(alphabet="0123456789-./:=, NESWacdeghilnoprstuwx", max_size=90))
def test_any_text_raises_only_named_errors(text):
    """Whatever the text, reading a position or a tile works or raises a DominoSolverError."""
    try:
        Position(text)
    except DominoSolverError:
        pass
    try:
        Tile(text)
    except DominoSolverError:
        pass
