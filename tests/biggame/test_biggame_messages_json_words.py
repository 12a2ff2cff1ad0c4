"""A wrong argument of The Big Game's exchange advice and bid tests is refused with a named error in
JSON's words (``errors.json_type``, ``errors.shown``: null, true/false, a string, an object), never
Python's None, NoneType, str or dict, as the rest of the package answers (tests/input); a
``should_stop`` that is no function by the package's one check of a function argument
(``arguments.callback``), word for word."""

from __future__ import annotations

import pytest
from biggame_support import rulebot_exchange
from dominosolver.arguments import callback
from dominosolver.biggame import BigGame
from dominosolver.biggame.exchange import advise_exchange
from dominosolver.errors import DominoSolverError
from dominosolver.texas42.bid_tests import BidTests

PYTHON_WORDS = {"True", "False", "None", "NoneType", "dict", "str", "int", "bool", "float", "tuple", "builtins"}
WRONG = [None, "x", {}, [], True, 1.5, -1, 10**30]


def words(message: str) -> set[str]:
    for sign in ",:;()[]{}'\"":
        message = message.replace(sign, " ")
    return set(message.replace(".", " ").split())


def refused(call, *args, **kwargs) -> str:
    with pytest.raises(DominoSolverError) as caught:
        call(*args, **kwargs)
    message = str(caught.value)
    if "should_stop" in kwargs:  # a function argument: the one check's words
        with pytest.raises(DominoSolverError) as one:
            callback(kwargs["should_stop"])
        assert message == str(one.value)
    else:
        assert not words(message) & PYTHON_WORDS, message
    return message


@pytest.fixture(scope="module")
def exchange():
    return rulebot_exchange(6)


def test_the_exchange_advice_names_a_wrong_argument_in_json_words(exchange):
    for value in WRONG:
        refused(advise_exchange, value)  # no view
        for name in ("samples", "seed", "time", "max_nodes", "threads", "tt_mb", "should_stop", "discards"):
            if value is None:
                continue  # null: the default (one per core, for threads)
            if name == "time" and value == 1.5:
                continue  # seconds
            refused(advise_exchange, exchange, **{name: value})
    assert refused(advise_exchange, exchange, should_stop=3).startswith("should_stop must be a function")
    assert refused(advise_exchange, None).endswith("not null")


def test_bid_tests_name_a_wrong_argument_in_json_words():
    game = BigGame(seed=6)
    view = game.view(game.to_move)
    for value in WRONG:
        refused(BidTests, value)
        if value is not None:
            refused(BidTests, view, samples=value)
        tests = BidTests(view, 2, 1)
        for name in ("time", "max_nodes", "should_stop"):
            if value is None or (name == "time" and value == 1.5):
                continue
            refused(tests.makes_any, 42, 0.75, **{name: value})
            refused(tests.best, 42, **{name: value})
        refused(tests.makes_any, 42, value)  # the risk
