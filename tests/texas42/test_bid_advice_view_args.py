"""``advise_bid(view, seat=..., auction=..., rules=...)``: a view (or a game) carries its seat,
auction and rules, so the same given beside it are taken and other ones refused by name, as every
front end refuses them with a view. Before, they were ignored: the advice was of the view's seat,
auction and rules whatever was asked."""

from __future__ import annotations

import pytest
from dominosolver.errors import ParseError
from dominosolver.texas42 import Game, Rules, advise_bid

GAME = Game(seed=5, moves=["pass"])
VIEW = GAME.view(GAME.to_move)
OTHER_SEAT = next(s for s in range(1, 4) if s != VIEW.seat)


def test_what_the_view_carries_may_be_said_again():
    plain = advise_bid(VIEW, samples=4, seed=1)
    again = advise_bid(VIEW, seat=VIEW.rules.seat_names[VIEW.seat], auction=list(VIEW.auction), rules=Rules(),
                       samples=4, seed=1)
    timeless = [{k: v for k, v in a.to_json().items() if k != "elapsed"} for a in (plain, again)]
    assert timeless[0] == timeless[1] and plain.seat == VIEW.seat


@pytest.mark.parametrize("target", [VIEW, GAME], ids=["view", "game"])
@pytest.mark.parametrize("given, refused", [
    ({"seat": OTHER_SEAT}, "the view is S's: seat=.* cannot change it"),
    ({"auction": [(1, 30)]}, "the view carries its auction"),
    ({"rules": Rules(specials="all")}, "the view carries its rules"),
])
def test_what_differs_from_the_view_is_refused(target, given, refused):
    assert VIEW.rules.seat_names[VIEW.seat] == "S"
    with pytest.raises(ParseError, match=refused):
        advise_bid(target, samples=4, seed=1, **given)
