"""What each game's package returns prints as Python that evaluates with that package's names
(``from dominosolver.<game> import *`` and Tile): ``solve``'s SolveResult was in no ``__all__`` (its
repr failed with NameError everywhere), and Moon's package named neither ``hint`` nor ``claim`` nor
``analyse_play`` (The Big Game's names its hint and graded play; Moon's views and positions are the
same classes)."""

from __future__ import annotations

import pytest
from dominosolver import Tile, biggame, bingo, moon, texas42

MOON_POSITION = "moon trump=6 hands=66.65.64.63.62.61.55/54.53.52.51.44.43.42/41.33.31.22.21.11.00 contract=P15"
POSITION_42 = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42"
BINGO_POSITION = ("bingo trump=0 turned=40 leader=0 hands=43.33/41.10 boneyard=32.30.54.51.60.55.44.20.53.42.00.40 "
                  "closed=1:notrick points=16/24 tricks=3/3")


def names(package):
    return {**{name: getattr(package, name) for name in package.__all__}, "Tile": Tile}


def evaluates_back(value, package):
    again = eval(repr(value), names(package))
    assert again == value
    return again


@pytest.mark.parametrize("package, position", [(texas42, POSITION_42), (moon, MOON_POSITION), (bingo, BINGO_POSITION)],
                         ids=["texas42", "moon", "bingo"])
def test_a_solve_result_evaluates_with_its_packages_names(package, position):
    result = package.solve(package.Position(position))
    assert type(evaluates_back(result, package)).__name__ == "SolveResult"


def test_moon_names_the_hint_claim_and_grading_of_its_views():
    pos = moon.Position(MOON_POSITION)
    view = pos.view(pos.to_move)
    assert evaluates_back(moon.hint(view, samples=3, seed=1), moon).moves
    assert evaluates_back(moon.claim(view, samples=3, seed=1), moon).status
    assert evaluates_back(moon.analyse_play(pos, [str(pos.legal_moves[0])]), moon)[0].seat == pos.to_move
    for name in ("hint", "analyse_play"):  # what The Big Game's package names for the same
        assert name in biggame.__all__ and name in moon.__all__
