"""A player's view built from keywords without its fields gets a ParseError naming what is missing
or unknown; ``PlayerView()`` / ``PlayerView(None)`` one saying what a view is built from. Before, all
three raised the dataclass's TypeError ("ViewRecord.__init__() missing 14 required positional
arguments ..."). A view built from all its fields is still the same view."""

from __future__ import annotations

import dataclasses

import pytest
from dominosolver import bingo, texas42
from dominosolver.errors import ParseError

VIEWS = {
    "texas42": texas42.Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42").view(1),
    "bingo": bingo.Game(seed=3).view(0),
}


@pytest.mark.parametrize("view", VIEWS.values(), ids=VIEWS.keys())
def test_a_view_from_all_its_fields_is_the_same_view(view):
    assert type(view)(**vars(view)) == view


@pytest.mark.parametrize("view", VIEWS.values(), ids=VIEWS.keys())
def test_a_view_from_nothing_says_what_builds_one(view):
    for call in (lambda: type(view)(), lambda: type(view)(None)):
        with pytest.raises(ParseError, match="PlayerView needs its one-line text .* or its fields as keywords"):
            call()


@pytest.mark.parametrize("view", VIEWS.values(), ids=VIEWS.keys())
def test_a_view_short_of_fields_names_the_missing_ones(view):
    required = [f.name for f in dataclasses.fields(view) if f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING]
    given = {"seat": view.seat, "hand": view.hand}
    with pytest.raises(ParseError, match="needs every field without a default") as caught:
        type(view)(**given)
    missing = str(caught.value).split("default: ")[1].split(" missing")[0].split(", ")
    assert missing == [name for name in required if name not in given]


@pytest.mark.parametrize("view", VIEWS.values(), ids=VIEWS.keys())
def test_a_view_with_an_unknown_field_names_it(view):
    with pytest.raises(ParseError, match="PlayerView has no field 'colour'"):
        type(view)(**vars(view), colour="red")
