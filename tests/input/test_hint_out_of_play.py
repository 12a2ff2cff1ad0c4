"""A hint or claim where no tile is to be played says why: a finished hand is over (as Bingo's
finished deal is), and a view in the auction points to advise-bid; neither names a seat of None."""

from __future__ import annotations

import pytest
from cli_run import run
from dominosolver.errors import InvalidPositionError
from dominosolver.serve import create_app
from dominosolver.texas42 import Game, Position, claim, hint
from serve_support import KEY
from starlette.testclient import TestClient

OVER = {"texas42": "trump=4 leader=N hands=///", "biggame": "biggame trump=4 leader=N hands=///",
        "moon": "moon trump=4 leader=P0 hands=// contract=P05"}


@pytest.mark.parametrize("game", sorted(OVER))
def test_a_finished_hand_has_no_hint(game, capsys):
    code, err = run(["hint", OVER[game]], capsys)
    assert code != 0
    assert "the hand is over: there is no move to hint" in err and "None" not in err


@pytest.mark.parametrize("game", sorted(OVER))
def test_a_finished_hand_has_nothing_to_claim(game):
    position = Position(OVER[game])
    assert position.to_move is None
    with pytest.raises(InvalidPositionError, match="the hand is over: there is nothing to claim"):
        claim(position)
    if game != "texas42":
        return  # a view of Moon's or The Big Game's needs the bidder's discard, which these deals lack
    # a seat's view of it, too, says it is over (not 'not in play')
    with pytest.raises(InvalidPositionError, match="the hand is over: there is nothing to claim"):
        claim(position.view(0))
    with pytest.raises(InvalidPositionError, match="the hand is over: there is no move to hint"):
        hint(position.view(1))


def test_the_api_says_the_hand_is_over():
    with TestClient(create_app(key=KEY)) as client:
        _api_says_the_hand_is_over(client)


def _api_says_the_hand_is_over(client):
    for path in ("/v1/hint", "/v1/claim"):
        reply = client.post(path, json={"position": OVER["texas42"]})
        assert 400 <= reply.status_code < 500
        assert "the hand is over" in reply.text and "unknown seat" not in reply.text


def test_a_view_in_the_auction_points_to_advise_bid(capsys):
    game = Game(seed=1)
    view = game.view(game.to_move)
    assert view.trump is None and view.contract is None
    with pytest.raises(InvalidPositionError, match="in the auction: ask advise-bid"):
        hint(view)
    code, err = run(["hint", str(view)], capsys)
    assert code != 0 and "ask advise-bid" in err and "not in play" not in err

