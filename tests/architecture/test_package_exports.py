"""The package names every game it plays (issue 42, point 6: it exported Moon but not The Big Game):
each game's package of the registry is an attribute of ``dominosolver`` and listed in ``__all__``."""

from __future__ import annotations

import importlib.util

import dominosolver
from dominosolver import games


def test_every_registered_games_package_is_exported():
    packages = {tag for tag in games.names() if importlib.util.find_spec(f"dominosolver.{tag}")}
    assert {"texas42", "moon", "biggame", "bingo"} <= packages  # the games with a package of their own
    for name in packages:
        assert name in dominosolver.__all__ and getattr(dominosolver, name).__name__ == f"dominosolver.{name}"
