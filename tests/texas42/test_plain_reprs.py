"""Result objects holding arrays print as Python that evaluates back equal with the package's public
names alone (no numpy's ``array(...)``): the double-dummy and special tables, the bid advice of 42
(with its special bids) and Moon."""

import dominosolver
import numpy as np
from dominosolver import moon, texas42
from dominosolver.texas42 import Rules, advise_bid, dd_table, special_table

DEAL = "hands=66.65.64.63.62.61.60/55.54.53.52.51.50.44/43.42.41.40.33.32.31/30.22.21.20.11.10.00"


def public_names(*modules):
    names = {}
    for module in (dominosolver, *modules):
        names.update((name, getattr(module, name)) for name in module.__all__)  # what `import *` gives
    return names


def evaluates_back(x, *modules):
    text = repr(x)
    assert "array(" not in text and "dtype" not in text, text
    back = eval(text, public_names(*modules))
    assert type(back) is type(x) and back == x
    for name in x._arrays:  # the arrays come back as arrays, of their dtype and shape
        a, b = getattr(back, name), getattr(x, name)
        assert isinstance(a, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape
    return back


def test_tables_evaluate_back():
    table = evaluates_back(dd_table(DEAL), texas42)
    assert table[4, "N"] == dd_table(DEAL)[4, "N"]
    specials = evaluates_back(special_table(DEAL, rules=Rules(specials="all")), texas42)
    assert specials.makes.shape == (len(specials.contracts), 4)


def test_a_changed_array_is_unequal():
    table = dd_table(DEAL)
    other = eval(repr(table).replace("points=[[", "points=[[1"), public_names(texas42))
    assert other != table


def test_bid_advice_evaluates_back_with_its_special_bids():
    advice = advise_bid("66.55.44.33.22.64.65", samples=8, seed=3, rules=Rules(specials="all"))
    assert advice.specials  # four doubles: Plunge, and more, on offer
    back = evaluates_back(advice, texas42)
    assert back.bid == advice.bid and back.specials == advice.specials
    for special in advice.specials:
        evaluates_back(special, texas42)


def test_moon_advice_evaluates_back():
    advice = advise_bid("66.65.64.63.62.61.55", samples=4, seed=1, rules=moon.MOON)
    evaluates_back(advice, moon)
