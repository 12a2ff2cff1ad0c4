"""The checks every registered game must pass (in the spirit of OpenSpiel's shared game tests), run
over the registry: every game, and each contract or rule set it deals under (``spec.variants``: for
42 each trump, doubles and follow-me with every ``nt_doubles`` mode). A game added to the registry
is checked here without a line of this file changing.

- random playouts to the end: every tile in one place, the game's ledger constant, points never
  falling, legal moves until (and only until) the end, illegal moves refused untouched, undo
  restoring the state;
- round trips: ``from_json(to_json(x)) == x``, ``Position(str(x)) == x`` and ``eval(repr(x)) == x``
  for positions, views and games; positions and views fit the shared JSON schemas;
- a view names no tile of another hand beyond those the rules have shown it;
- a solve's value is the best of its moves' values, from the mover's point of view;
- sampled worlds fit the view they were drawn from.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from dominosolver import _core
from dominosolver import IllegalMoveError, InvalidPositionError, games
from dominosolver.io import validate
from dominosolver.tiles import Tile

CASES = [(spec, variant) for spec in games.GAMES.values() for variant in spec.variants]
IDS = [f"{spec.tag}:{variant}" for spec, variant in CASES]
SPECS = list(games.GAMES.values())
SEEDS = (1, 2)  # deals per case
TILE = re.compile(r"\b\d-\d\b")
FULL_SET = Counter(Tile(hi, lo) for hi in range(7) for lo in range(hi + 1))
# Games on another set than the double-six (whose places name every tile of their own set).
FULL_SETS = {"biggame": Counter(Tile(hi, lo) for hi in range(9) for lo in range(hi + 1))}

# Facts a view keeps from the history of play, which a world dealt from the view cannot show again:
# for them a world is checked not to contradict the view (Bingo: replies in phase two showed that
# the opponent holds none of these tiles; the replies' tiles are played; the tile an exchange took
# is in its taker's hand or played).
HISTORY_ONLY = {
    "bingo": {
        "opponent_absent": lambda view, world: not set(world.hand(1 - view.seat)) & view.opponent_absent,
        "opponent_replies": lambda view, world: {t for r in view.opponent_replies for t in r}
        <= world.view(view.seat).played,
        "exchange": lambda view, world: view.exchange is None
        or view.exchange[1] in set(world.hand(view.exchange[0])) | world.view(view.seat).played,
        # A world is a position, not a history: its deal's record fits the world (some history does).
        "record": lambda view, world: view.record is None or _core.bingo.deals_of_record(
            view.rules._core, view.core_facts(), world._pos, [world._pos.hands[1 - view.seat]],
            [list(world._pos.spec.boneyard)], 0)[0] is not None,
    },
}


def playout(spec: games.GameSpec, variant: str, seed: int) -> list:
    """Every position of a random playout of a fresh deal, the deal first and the end last."""
    pos, rng = spec.deal(seed, variant), random.Random(seed)
    line = [pos.copy()]
    while not pos.is_over:
        pos.play(rng.choice(pos.legal_moves))
        line.append(pos.copy())
    return line


@pytest.fixture(scope="module", params=CASES, ids=IDS)
def case(request):
    spec, variant = request.param
    return spec, [playout(spec, variant, seed) for seed in SEEDS]


def test_playouts_keep_every_rule_invariant(case):
    spec, lines = case
    for line in lines:
        ledger = spec.ledger(line[0])
        for before, after in zip(line, line[1:] + [None]):
            places = spec.places(before)
            assert Counter(t for tiles in places.values() for t in tiles) == FULL_SETS.get(spec.tag, FULL_SET), places
            assert spec.ledger(before) == ledger
            if after is None:
                assert before.is_over and not before.legal_moves and before.result is not None
                continue
            assert not before.is_over and before.legal_moves
            assert all(a >= b for a, b in zip(after.points, before.points))  # points are never taken back
            legal = {str(m) for m in before.legal_moves}
            for tile in before.hand(before.to_move):
                if str(tile) not in legal:
                    pos = before.copy()
                    with pytest.raises(IllegalMoveError):
                        pos.play(tile)
                    assert pos == before
            pos = after.copy()
            pos.undo()
            assert pos == before


def test_positions_views_and_games_round_trip(case):
    spec, lines = case
    names = {spec.Position.__name__: spec.Position, "Game": spec.Game, "Rules": spec.Rules,
             spec.Game.__name__: spec.Game, spec.Rules.__name__: spec.Rules}
    for pos in lines[0][::5] + lines[1][-1:]:
        assert spec.Position.from_json(pos.to_json()) == pos
        assert spec.Position(str(pos)) == pos
        assert eval(repr(pos), names) == pos
        assert json.loads(json.dumps(pos.to_json())) == pos.to_json()
        validate(pos.to_json(), "position")
    game, rng = spec.Game(seed=SEEDS[0]), random.Random(0)
    for _ in range(12):
        game.play(rng.choice(game.legal_moves))
        assert eval(repr(game), names) == game


def test_views_round_trip(case):
    spec, lines = case
    for pos in lines[0][::5] + lines[1][-1:]:
        for seat in range(len(pos.hands)):
            view = pos.view(seat)
            assert spec.PlayerView.from_json(view.to_json()) == view
            validate(view.to_json(), "view")


def test_views_name_no_hidden_tile(case):
    spec, lines = case
    for line in lines:
        for pos in line:
            for seat in range(len(pos.hands)):
                named = {Tile(t) for t in TILE.findall(json.dumps(pos.view(seat).to_json()))}
                hidden = {t for other, hand in enumerate(pos.hands) if other != seat for t in hand}
                assert not named & hidden - spec.revealed(pos, seat), (seat, str(pos))


def test_a_solve_is_worth_its_best_move(case):
    spec, lines = case
    budget = {"max_nodes": 200_000} if "max_nodes" in spec.solve_options else {}
    solved = 0
    for line in lines:
        if spec.solves and not spec.solves(line[0]):
            assert_refused(spec, line[0])
            return  # its contract is not searched yet: the solver says so
        for pos in line[-7:-1]:  # late in the deal: quick to solve exactly
            result = spec.solve(pos, **budget)
            if result.value is None:
                continue  # the budget stopped it (a Bingo phase-one world)
            assert set(result.moves) == {str(m) for m in pos.legal_moves}
            # Every seat plays for its own points or tricks, except in Nel-O, where every seat
            # plays to take none (the declarer to make it, the others to make the declarer take one).
            best = min if getattr(pos, "objective", None) == "no trick" else max
            assert result.value == best(result.moves.values())
            assert sorted(result.best) == sorted(m for m, v in result.moves.items() if v == result.value)
            solved += 1
    assert solved >= len(lines)


def assert_refused(spec: games.GameSpec, pos) -> None:
    with pytest.raises(InvalidPositionError, match="solver"):
        spec.solve(pos)


def test_sampled_worlds_fit_the_view(case):
    spec, lines = case
    history = HISTORY_ONLY.get(spec.tag, {})
    checked = 0
    for line in lines:
        for k, pos in enumerate(line[:-1]):
            if k % 4 != 1:
                continue
            for seat in range(len(pos.hands)):
                view = pos.view(seat)
                worlds = spec.engine.worlds(view, 3, k)
                assert worlds
                for world in worlds:
                    seen = world.view(seat)
                    differ = {f for f in view.__dataclass_fields__ if getattr(seen, f) != getattr(view, f)}
                    assert differ <= set(history), differ
                    assert all(fits(view, world) for fits in history.values())
                    assert sorted(world.hand(seat)) == sorted(pos.hand(seat))
                    checked += 1
    assert checked


@pytest.mark.parametrize("spec", SPECS, ids=[s.tag for s in SPECS])
def test_the_registry_row_is_complete(spec):
    """What the front ends look up is there: the tag is the one its JSON carries, and every word for
    the game finds it."""
    assert games.get(spec.tag) is spec and eval(repr(spec), {"games": games}) is spec
    pos = spec.deal(SEEDS[0], spec.variants[0])
    assert pos.to_json()["game"] == spec.tag and games.detect(pos.to_json()) is spec
    assert games.detect(str(pos)) is spec and all(games.get(word) is spec for word in spec.aliases)
    assert set(spec.batch.tasks) <= {"solve", "table", "hint", "grade"} and spec.batch.tasks
    assert (spec.table is None) == (spec.render.table is None)
