"""A Moon view's errors name its seats as Moon does (P0, P1, P2; docs/notation.md), not by 42's compass
(the core named them N, E, S)."""

import pytest
from dominosolver import games, moon
from dominosolver.errors import InvalidViewError

SPEC = games.get("moon")


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_wrong_hand_size_names_the_seat_as_moon_does(seat):
    view = SPEC.deal(1, SPEC.variants[0]).view(seat).to_json()
    sizes = list(view["hand_sizes"])
    sizes[seat] -= 1
    with pytest.raises(InvalidViewError, match=rf"^hand_sizes gives P{seat} 6 tiles but the hand holds 7$"):
        moon.PlayerView.from_json(dict(view, hand_sizes=sizes))
