"""analyse of a Bingo record with a move the rules refuse says where it is: the deal (a whole
game's) and the move's number and player, before the rules' reason."""

from __future__ import annotations

import pytest
from dominosolver import games
from dominosolver.errors import IllegalMoveError
from dominosolver.games.bingo import play

BINGO = games.get("bingo")


def test_a_refused_move_is_named_by_its_deal_and_number() -> None:
    record = play(5)
    deal = record["deals"][1]
    first = next(k for k, (_, m) in enumerate(deal["moves"]) if "-" in m and ":" not in m)  # a tile played
    later = first + 3
    player = deal["moves"][later][0]
    deal["moves"][later] = [player, deal["moves"][first][1]]  # that tile again: played already
    with pytest.raises(IllegalMoveError, match=rf"^deal 2: move {later + 1}, player {player}: "):
        BINGO.grade(record)
    with pytest.raises(IllegalMoveError, match=rf"^move {later + 1}, player {player}: "):
        BINGO.grade(deal)
