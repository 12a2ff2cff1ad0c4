"""Error messages a client of the JSON front ends reads name values and types in JSON's words
(true, false, null; a string, a number, a list, an object), never Python's (True, None, NoneType,
dict), and a number too long to read is named as such, with the limit."""

from __future__ import annotations

import json

import pytest
from dominosolver.errors import ParseError
from dominosolver.io import json_object, json_value
from dominosolver.texas42 import PlayerView, Position
from dominosolver.texas42.solve import solve_batch

MID_TRICK = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30"
PYTHON_WORDS = ("True", "False", "None", "NoneType", "dict", "str", "int", "bool", "float", "tuple")


def refusal(call) -> str:
    with pytest.raises(ParseError) as caught:
        call()
    message = str(caught.value)
    spoken = set(message.replace(",", " ").replace(":", " ").replace("[", " ").replace("]", " ").split())
    assert not spoken & set(PYTHON_WORDS), message
    return message


def view_with(key: str, text: str) -> dict:
    """The JSON of a 42 view with ``key`` set to the JSON ``text``, read as a client's bytes are."""
    view = Position(MID_TRICK).view(1).to_json()
    return json_value(json.dumps(view)[:-1] + f', "{key}": {text}}}')


@pytest.mark.parametrize(("key", "text", "words"), [
    ("seat", "true", "unknown seat true"),
    ("seat", "null", "unknown seat null"),
    ("trump", "false", "unknown trump false"),
    ("contract", "[true, null]", "'contract' must be {\"declarer\": seat, \"bid\": bid}, not a list"),
    ("rules", "true", "'rules' must be an object of flags, not true/false"),
])
def test_a_view_value_is_shown_as_json_writes_it(key, text, words):
    view = view_with(key, text)
    assert words in refusal(lambda: PlayerView.from_json(view))


@pytest.mark.parametrize(("text", "named"), [("null", "null"), ("true", "true/false"), ("[]", "a list"),
                                             ('"x"', "a string"), ("7", "a number")])
def test_a_value_that_is_no_object_is_named_by_its_json_type(text, named):
    assert refusal(lambda: json_object(text, "a view")) == f"a view must be a JSON object, not {named}"


def test_a_list_of_positions_that_is_null():
    assert refusal(lambda: solve_batch(json_value("null"))) == "solve_batch takes a list of positions, not null"


@pytest.mark.parametrize("sign", ["", "-"])
def test_a_number_too_long_names_its_digits_and_the_limit(sign):
    limit = __import__("sys").get_int_max_str_digits()
    longest = sign + "9" * limit
    assert json_value(f"[{longest}]") == [int(longest)]  # the limit itself reads
    message = refusal(lambda: json_value(f'{{"seed": {sign}{"9" * (limit + 1)}}}'))
    assert message == (f"a number in the JSON is too long: {(sign + '9' * 20)[:20]}... has {limit + 1:,} digits, "
                       f"a number may have at most {limit:,}")
    assert "sys." not in message
