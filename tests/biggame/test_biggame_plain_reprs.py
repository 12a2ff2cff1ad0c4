"""The Big Game's bid advice prints as plain Python that evaluates back equal with
``dominosolver.biggame``'s names (a QA pass found ``tested=Tested(... made=array([...]))``, which
needs numpy's names): its ``Tested`` counts print as lists, as other results' arrays do
(``dominosolver.plain.PlainArrays``, tests/texas42/test_plain_reprs.py); and what its functions return
(a solve, a hint, a claim, graded play, a batch, a table) evaluates with the names it exports."""

from __future__ import annotations

import numpy as np
import pytest
from dominosolver import Tile, biggame, texas42
from dominosolver.biggame import BidTests, BigGame


def names(package):
    return {**{name: getattr(package, name) for name in package.__all__}, "Tile": Tile}  # `import *`, and Tile


def evaluates_back(value, package):
    text = repr(value)
    assert "array(" not in text and "dtype" not in text, text
    back = eval(text, names(package))
    assert type(back) is type(value) and back == value
    return back


def test_the_advice_of_a_view_in_the_auction_evaluates_back():
    game = BigGame(seed=1)  # the QA pass's view
    advice = biggame.advise_bid(game.view(game.to_move), samples=4, seed=1)
    back = evaluates_back(advice, biggame)
    for name in ("made", "failed"):  # the counts come back as arrays, of their dtype and shape
        a, b = getattr(back.tested, name), getattr(advice.tested, name)
        assert isinstance(a, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape == (len(advice.declarations),)
    assert (back.bid, back.declaration, back.p_make.tolist()) == (advice.bid, advice.declaration, advice.p_make.tolist())
    assert back.to_json() == advice.to_json()


def test_a_changed_count_is_unequal():
    Tested = biggame.Tested  # a local name: pytest would collect a module's "Test..." as a test class
    tested = Tested(47, [0, 3, 1], [1, 0, 2], 4)
    assert evaluates_back(tested, biggame) == Tested(47, np.array([0, 3, 1]), np.array([1, 0, 2]), 4)
    assert tested != Tested(47, [0, 3, 1], [1, 0, 1], 4) and tested != Tested(48, [0, 3, 1], [1, 0, 2], 4)
    assert tested.unknown.tolist() == [3, 1, 1] and tested.low.tolist() == [0, 0.75, 0.25]


def test_the_tests_tested_evaluates_back_with_texas42s_names_too():
    game = BigGame(seed=1)
    tests = BidTests(game.view(game.to_move), samples=2, seed=3)
    tests.best(42)
    t = tests.tested(42)
    assert t.made.sum() + t.failed.sum() > 0  # some test ran: the counts are not all zero
    evaluates_back(t, texas42)
    evaluates_back(t, biggame)


LATE = "trump=4 leader=N hands=73.82.10/33.83.21/44.62.20/88.55.40 contract=N42 discard=66"  # The Big Game's, untagged


def results():
    view = biggame.Position(LATE).view(0)
    deals = [list(BigGame(seed=4).deal()[s]) for s in range(4)]
    return {
        "solve": lambda: biggame.solve(LATE),
        "hint": lambda: biggame.hint(view, samples=3, seed=1),
        "claim": lambda: biggame.claim(view, samples=3, seed=1),
        "analyse_play": lambda: biggame.analyse_play(LATE, ["7-3:3", "3-3"]),
        "solve_batch": lambda: biggame.solve_batch([LATE, "biggame " + LATE]),
        # a whole deal's table takes 36 solves of seconds: its result type, filled by hand
        "DDTable": lambda: biggame.DDTable(hands=deals, declarations=list(biggame.BIG_GAME.table_declarations),
                                           points=np.arange(44).reshape(11, 4), rules=biggame.BIG_GAME),
    }


@pytest.mark.parametrize("name", list(results()))
def test_what_the_package_returns_evaluates_back_with_its_names(name):
    value = results()[name]()
    back = evaluates_back(value, biggame)
    assert repr(back) == repr(value)
