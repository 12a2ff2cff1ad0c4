"""run_arena checks its seed, progress and options before any deal: ``progress=5`` raised TypeError
after the first deal, ``seed="x"`` TypeError and ``options=5`` AttributeError from deep inside, and
``seed=-1`` played (every other seed is refused below 0, as the command line refuses it)."""

from __future__ import annotations

import pytest
from dominosolver import games
from dominosolver.arena import run_arena
from dominosolver.errors import ParseError

ARENA = games.kit(games.get("bingo"), "arena")


@pytest.mark.parametrize("options, refused", [
    ({"progress": 5}, "progress must be a function or None, not 5"),
    ({"seed": -1}, "seed must be a whole number from 0 to 2\\*\\*64 - 1, not -1"),
    ({"seed": "x"}, "seed must be a whole number"),
    ({"options": 5}, "options must be a dict"),
])
def test_a_bad_argument_is_refused_before_any_deal(tmp_path, options, refused):
    out = tmp_path / "deals.jsonl"
    with pytest.raises(ParseError, match=refused):
        run_arena(ARENA, 2, [("random", "random")], output=out, **options)
    assert not out.exists()


def test_good_arguments_play():
    seen = []
    results = run_arena(ARENA, 1, [("random", "random")], seed=2**64 - 1, progress=lambda done, total: seen.append(done))
    assert len(results) == 1 and seen == [1]
