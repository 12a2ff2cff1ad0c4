"""Every input path is typed: strings are valid Unicode, numbers are finite integers where integers
are meant (no bool, no float, no Infinity or NaN, no 2.5 cut to 2), views refuse unknown fields as
positions do, and a Bingo view's knowledge of the opponent's hand follows from its records. Each
wrong value gets a named error (ParseError, InvalidPositionError, InvalidViewError), never a
TypeError, an OverflowError or a plain ValueError."""

from __future__ import annotations

import json
import random
import re
import sys

import pytest
from dominosolver import bingo, texas42
from dominosolver.errors import InvalidViewError, ParseError
from dominosolver.io import json_value
from dominosolver.texas42 import PlayerView, Position, Rules

MID_TRICK = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30"
BINGO = ("bingo trump=3 turned=33 leader=0 hands=66.53.52.51.44.22.21/60.55.50.43.40.11.00 "
         "boneyard=31.65.41.30.61.10.42.33 points=19/5 tricks=2/1")
LONE = "\udcff"  # a lone surrogate: JSON can spell it ("\udcff"), no UTF-8 text holds it


def view42() -> dict:
    return Position(MID_TRICK).view(1).to_json()


def view_bingo() -> dict:
    return bingo.Position(BINGO).view(0).to_json()


def phase_two_view(exchange: bool = False) -> bingo.PlayerView:
    """A view whose opponent has replied in phase two (and, with ``exchange``, has exchanged and
    holds the tile it took)."""
    rules = bingo.Rules(bingo_trump_exchange="on") if exchange else bingo.Rules()
    for seed in range(200):
        game, rng = bingo.Game(seed=seed, rules=rules), random.Random(seed)
        while not game.is_over:
            for seat in (0, 1):
                view = game.position.view(seat)
                if view.opponent_replies and view.opponent_absent and (view.exchange is not None) == exchange:
                    if not exchange or view.exchange[1] in view.opponent_known:  # the opponent took it
                        return view
            game.play(rng.choice(game.legal_moves))
    raise AssertionError("no such view in 200 games")


# ---------------------------------------------------------------- JSON text


@pytest.mark.parametrize(
    "text,message",
    [
        ('{"a": ' + "1" * 5000 + "}", re.escape("a number in the JSON is too long: 11111111111111111111... has 5,000 digits, "
                                                 f"a number may have at most {sys.get_int_max_str_digits():,}")),
        ('{"a": NaN}', "NaN is not a JSON number"),
        ('{"a": -Infinity}', "-Infinity is not a JSON number"),
        ('{"a": 1e999}', "too large"),
        ('{"a": "x\\udcffy"}', "lone surrogate"),
        ('{"\\ud800": 1}', "lone surrogate"),
        (b'{"a": "\xff"}', "bytes that are not text"),
        ("[" * 100_000, "nested too deeply"),
    ],
)
def test_json_text_that_is_no_json_value_is_a_parse_error(text, message):
    with pytest.raises(ParseError, match=message):
        json_value(text)


def test_a_surrogate_pair_is_text():
    assert json_value('["\\ud83d\\ude00"]') == ["\U0001f600"]


# ---------------------------------------------------------------- strings


@pytest.mark.parametrize(
    "make",
    [
        lambda: Rules(nt_doubles="lo" + LONE),
        lambda: Rules(**{LONE: "x"}),
        lambda: bingo.Rules.from_json({"closer_scored_at": LONE}),
        lambda: Position(f"trump={LONE} leader=N hands=66/44/65/53"),
        lambda: Position(MID_TRICK + " rules=nt_doubles:" + LONE),
        lambda: bingo.Move.parse("clo" + LONE + "se"),
        lambda: bingo.Position(BINGO).play("declare:6-6," + LONE),
        lambda: PlayerView.from_json({**view42(), "trump": LONE}),
        lambda: bingo.PlayerView.from_json({**view_bingo(), "rules": {"bingo_claim": LONE}}),
        lambda: bingo.PlayerView.from_json({**view_bingo(), "turned": "3-3" + LONE}),
    ],
)
def test_lone_surrogates_are_parse_errors(make):
    with pytest.raises(ParseError, match="lone surrogate|malformed tile|unknown trump"):
        make()


def test_flags_of_numbers_too_long_to_write_are_parse_errors():
    with pytest.raises(ParseError, match="no value of any flag"):
        Rules(nt_doubles=10**5000)


# ---------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    "key,value",
    [
        ("trump", float("inf")),
        ("trump", 3.0),
        ("trump", True),
        ("opponent_hand_size", 2.5),
        ("opponent_hand_size", float("nan")),
        ("boneyard_size", float("-inf")),
        ("boneyard_size", 10**40),
        ("seat", 0.0),
        ("leader", False),
        ("points", [19.0, 5]),
        ("tricks", [2, True]),
        ("opponent_points_at_close", 1.5),
        ("just_declared", 0),
    ],
)
def test_bingo_view_numbers_are_integers(key, value):
    with pytest.raises(ParseError):
        bingo.PlayerView.from_json({**view_bingo(), key: value})


@pytest.mark.parametrize(
    "key,value,error",
    [
        ("points", [0.0, 0], ParseError),
        ("points", [False, 0], ParseError),
        ("hand_sizes", [2, 3, 3, 2.0], ParseError),
        ("hand_sizes", [2, 3, 10**30, 3], InvalidViewError),
        ("seat", 1.0, ParseError),
        ("leader", 0.0, ParseError),
        ("to_move", True, ParseError),
        ("voids", {"E": [4.0]}, ParseError),
    ],
)
def test_42_view_numbers_are_integers(key, value, error):
    with pytest.raises(error):
        PlayerView.from_json({**view42(), key: value})


def test_integers_too_long_to_write_are_parse_errors():
    with pytest.raises(ParseError, match="unknown trump"):
        PlayerView.from_json({**view42(), "trump": 10**5000})
    with pytest.raises(ParseError, match="out of range"):
        bingo.PlayerView.from_json({**view_bingo(), "boneyard_size": 10**5000})


@pytest.mark.parametrize("make", [
    lambda digits: Position(MID_TRICK.replace("contract=N30", f"contract=N{digits}")),  # found by the fuzzer
    lambda digits: PlayerView.from_json({**view42(), "seat": digits}),
    lambda digits: PlayerView.from_json({**view42(), "contract": {"declarer": 0, "bid": digits}}),
    lambda digits: texas42.Game(seed=1).play(digits),
])
def test_digit_strings_too_long_to_convert_are_parse_errors(make):
    with pytest.raises(ParseError):
        make("3" * 5000)


HUGE = 10**5000  # too long for Python to write in decimal: an error message must not try


@pytest.mark.parametrize("make", [
    lambda: Position.from_json({**Position(MID_TRICK).to_json(), "schema": HUGE}),  # found by the fuzzer
    lambda: Position.from_json({**Position(MID_TRICK).to_json(), "game": HUGE}),
    lambda: PlayerView.from_json({**view42(), "schema": HUGE}),
    lambda: PlayerView.from_json({**view42(), "points": [HUGE, 0]}),
    lambda: bingo.Position.from_json({**bingo.Position(BINGO).to_json(), "schema": HUGE}),
    lambda: bingo.PlayerView.from_json({**view_bingo(), "opponent_hand_size": HUGE}),
    lambda: PlayerView.from_json({**view42(), "seat": HUGE}),
    lambda: PlayerView.from_json({**view42(), "voids": {"N": [HUGE]}}),
    lambda: texas42.Game(seed=HUGE),
    lambda: Position.from_json({**Position(MID_TRICK).to_json(), "contract": {"declarer": 0, "bid": [HUGE]}}),
])
def test_integers_too_long_to_write_in_any_field_are_named_errors(make):
    with pytest.raises((ParseError, InvalidViewError)):
        make()


def test_stated_facts_read_like_the_derived_ones():
    # A seat by name states the same leader as its number.
    assert PlayerView.from_json({**view42(), "leader": "N", "to_move": "E"}) == Position(MID_TRICK).view(1)


@pytest.mark.parametrize("text", ["points=1_9/5", "points=19/ 5", "points=١٩/5", "tricks=2/" + "9" * 5000])
def test_bingo_notation_numbers_are_ascii_digits(text):
    with pytest.raises(ParseError):
        bingo.Position(BINGO.replace("points=19/5 tricks=2/1", text if "tricks" in text else text + " tricks=2/1"))


# ---------------------------------------------------------------- unknown fields


@pytest.mark.parametrize("field", ["hands", "boneyard", "Trump"])
def test_views_refuse_unknown_fields_as_positions_do(field):
    with pytest.raises(ParseError, match=f"unknown view field.*'{field}'"):
        PlayerView.from_json({**view42(), field: []})
    with pytest.raises(ParseError, match=f"unknown Bingo view field.*'{field}'"):
        bingo.PlayerView.from_json({**view_bingo(), field: []})


# ---------------------------------------------------------------- what a Bingo view knows


def test_bingo_opponent_knowledge_must_follow_from_the_records():
    o = view_bingo()
    assert o["opponent_known"] == [] and o["opponent_absent"] == []
    with pytest.raises(InvalidViewError, match="opponent_known.* but its records give \\[\\]"):
        bingo.PlayerView.from_json({**o, "opponent_known": ["6-0"]})
    with pytest.raises(InvalidViewError, match="opponent_absent.* but its records give \\[\\]"):
        bingo.PlayerView.from_json({**o, "opponent_absent": ["4-3", "4-0"]})


def test_bingo_phase_two_replies_justify_what_is_absent():
    view = phase_two_view()
    o = json.loads(json.dumps(view.to_json()))
    assert bingo.PlayerView.from_json(o) == view
    # Without the stated facts the records alone give them.
    bare = {k: v for k, v in o.items() if k not in ("opponent_known", "opponent_absent", "to_move", "legal_moves")}
    assert bingo.PlayerView.from_json(bare) == view
    with pytest.raises(InvalidViewError, match="opponent_absent"):
        bingo.PlayerView.from_json({**o, "opponent_replies": []})
    first = o["opponent_replies"][0]
    swapped = {**o, "opponent_replies": [{"lead": first["reply"], "reply": first["lead"]}, *o["opponent_replies"][1:]]}
    with pytest.raises(InvalidViewError):
        bingo.PlayerView.from_json(swapped)
    with pytest.raises(InvalidViewError, match="appears twice among the opponent's replies"):
        bingo.PlayerView.from_json({**o, "opponent_replies": [first, first]})
    with pytest.raises(ParseError, match="each of the opponent's replies"):
        bingo.PlayerView.from_json({**o, "opponent_replies": [{**first, "player": 1}]})


def test_bingo_replies_need_phase_two():
    o = view_bingo()  # phase one: the boneyard is open
    played = o["played"]
    with pytest.raises(InvalidViewError, match="the deal is in phase one"):
        bingo.PlayerView.from_json({**o, "opponent_replies": [{"lead": played[0], "reply": played[1]}]})


def test_bingo_an_exchange_shows_the_tile_taken():
    view = phase_two_view(exchange=True)
    o = json.loads(json.dumps(view.to_json()))
    assert bingo.PlayerView.from_json(o) == view
    assert o["exchange"]["took"] in o["opponent_known"]
    with pytest.raises(InvalidViewError, match="opponent_known"):
        bingo.PlayerView.from_json({**o, "exchange": None})
    with pytest.raises(InvalidViewError, match="these rules have none"):
        bingo.PlayerView.from_json({**o, "rules": {}})
