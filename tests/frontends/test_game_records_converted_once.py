"""A game's record of finished hands (deals) costs the hands finished since it was last asked for,
not the game's length: the core builds each finished hand once (``finished_from``), the game
converts it once (``hands_played``/``deals_played``), and the registry's record (``play --json``,
every reply of the server's bot games) once more; undo invalidates the hands it takes back. Work is
counted in hands built and converted, for every registered game; what is given equals what a
fresh game of the same moves gives."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from dominosolver import games


class CountingCore:
    """A game's C++ state machine, counting the finished hands it builds."""

    def __init__(self, core: Any, built: Counter[str]) -> None:
        self._core, self._built = core, built

    def finished_from(self, start: int) -> list[Any]:
        hands = self._core.finished_from(start)
        self._built["core"] += len(hands)
        return hands

    @property
    def finished_hands(self) -> list[Any]:  # every hand built again: what a reply must not do
        self._built["core all"] += 1
        return self._core.finished_hands

    def __getattr__(self, name: str) -> Any:
        return getattr(self._core, name)


def counted(game: Any) -> Counter[str]:
    """Count, on ``game``, the hands its core builds and the conversions of its records."""
    work: Counter[str] = Counter()
    game._game = CountingCore(game._game, work)
    record, forms = game._finished_record, {}

    def finished_record(core: Any) -> Any:
        work["record"] += 1
        return record(core)

    def counting(convert: Any) -> Any:
        def converted(g: Any, r: Any) -> Any:
            work["json"] += 1
            return convert(g, r)
        return forms.setdefault(convert, converted)

    finished_as = game._finished_as
    game._finished_record = finished_record
    game._finished_as = lambda convert: finished_as(counting(convert))
    return work


def fresh_record(spec: Any, game: Any) -> dict[str, Any]:
    return spec.record(spec.Game(game.seed, game.rules, 0, game.moves))


@pytest.mark.parametrize("tag", list(games.GAMES))
def test_each_finished_hand_is_built_and_converted_once(tag):
    spec = games.get(tag)
    rng = random.Random(tag)
    game = spec.Game(3, spec.Rules(), 0, [])
    work = counted(game)
    finished = 0
    while not game.is_over and len(game.moves) < 600:
        game.play(rng.choice(game.legal_moves))
        record = spec.record(game)
        hands = record["hands" if "hands" in record else "deals"]
        new = len(hands) - finished
        # each reply builds and converts the hands finished since the last, and no other
        assert work == Counter({"core": new, "record": new, "json": new}) if new else not work
        assert len(spec.human.hands(game)) == len(hands) and work["core"] == new  # asked again: no more work
        finished = len(hands)
        work.clear()
    assert finished >= 3, "the game should have finished several hands"
    assert spec.record(game) == fresh_record(spec, game)


@pytest.mark.parametrize("tag", list(games.GAMES))
def test_undo_converts_again_only_what_it_took_back(tag):
    spec = games.get(tag)
    rng = random.Random(f"undo {tag}")
    game = spec.Game(4, spec.Rules(), 0, [])
    work = counted(game)
    undone_hands = 0
    for step in range(3000):
        if undone_hands >= 2 and step >= 300:
            break
        if game.is_over or (game.moves and rng.random() < 0.03):
            for _ in range(rng.randint(1, 40)):
                if game.moves:
                    game.undo()
        else:
            game.play(rng.choice(game.legal_moves))
        before = len(game._done)
        record = spec.record(game)
        hands = record["hands" if "hands" in record else "deals"]
        # the kept hands are a prefix: only those after it are built and converted again
        assert work["core"] == work["record"] == work["json"] <= len(hands)
        undone_hands += work["core"] > len(hands) - before
        assert record == fresh_record(spec, game)
        if hands:  # what the caller is given is its own: changing it changes no later answer
            first = hands[0]
            first["points"].clear()
            for value in first.values():  # the lists and dicts inside it: tiles, [seat, tile], (player, [tiles])
                for inner in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
                    for held in [inner, *(inner[-1:] if isinstance(inner, tuple) else ())]:
                        if isinstance(held, (list, dict)):
                            held.clear()
            hands[-1].clear()
            assert spec.record(game) == fresh_record(spec, game)
        work.clear()
    assert undone_hands >= 2, "undo should have taken back kept hands"
