"""Issue 27, point 4: wherever a 42 view or position names a seat, the seat's letter is read as its
number (docs/json.md: "seat 0..3 (or "N"..."W")"), and a fact that disagrees names seats by letter."""

from __future__ import annotations

import random

import pytest

from dominosolver.errors import InvalidViewError
from dominosolver.texas42 import Game, PlayerView, Position
from dominosolver.texas42.rules import SEATS


def lettered(value, case):
    return None if value is None else case(SEATS[value])


def views_of_played_games(games: int):
    for seed in range(games):
        game, rng = Game(seed=seed), random.Random(seed)
        while not game.is_over:
            yield game.view(rng.randrange(4))
            game.play(rng.choice(game.legal_moves))


@pytest.mark.parametrize("case", [str.upper, str.lower])
def test_every_seat_field_of_a_view_takes_a_letter(case):
    checked = 0
    for view in views_of_played_games(6):
        o = view.to_json()
        o.update(seat=lettered(o["seat"], case), leader=lettered(o["leader"], case),
                 to_move=lettered(o["to_move"], case))
        o["plays"] = [{"seat": lettered(p["seat"], case), "tile": p["tile"]} for p in o["plays"]]
        o["auction"] = [{**a, "seat": lettered(a["seat"], case)} for a in o["auction"]]
        if o["contract"] is not None:
            o["contract"] = {**o["contract"], "declarer": lettered(o["contract"]["declarer"], case)}
        assert PlayerView.from_json(o) == view
        checked += o["leader"] is not None
    assert checked > 100  # views in play, where the leader is checked against the plays


def test_every_seat_field_of_a_position_takes_a_letter():
    game = Game(seed=3)
    while game.position is None or len(game.position.plays) < 6:
        game.play(game.legal_moves[-1] if game.position is None else game.legal_moves[0])
    pos = game.position
    o = pos.to_json()
    o["leader"] = SEATS[o["leader"]]
    o["contract"] = {**o["contract"], "declarer": SEATS[o["contract"]["declarer"]].lower()}
    o["history"] = {**o["history"], "first_leader": SEATS[o["history"]["first_leader"]]}
    assert Position.from_json(o) == pos


def test_the_leader_of_trick_one_written_as_a_letter():
    hand = ["6-6", "6-4", "4-4", "3-1", "2-0", "5-5", "1-1"]
    o = {"schema": "dominosolver.view/1", "seat": "N", "trump": 4, "contract": {"declarer": "S", "bid": 30},
         "hand": hand, "hand_sizes": [7, 7, 7, 7], "leader": "S"}
    view = PlayerView.from_json(o)
    assert (view.leader, view.to_move) == (2, 2)
    assert PlayerView.from_json({**o, "to_move": "s"}) == view


def test_a_stated_seat_that_disagrees_is_named_by_its_letter():
    game = Game(seed=3)
    while game.position is None or len(game.position.plays) < 2:
        game.play(game.legal_moves[-1] if game.position is None else game.legal_moves[0])
    view = game.view(0)
    wrong = SEATS[(view.leader + 1) % 4]
    with pytest.raises(InvalidViewError, match=f"states leader='{wrong}' but its plays give '{SEATS[view.leader]}'"):
        PlayerView.from_json({**view.to_json(), "leader": wrong})
