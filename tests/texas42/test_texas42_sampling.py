"""Views and the exact world sampler: every drawn deal agrees with the view (the C++ core accepts it
and shows the seat the same view), counts match brute-force enumeration checked by the C++ core,
frequencies match uniform (chi-square), seeds reproduce, impossible views get a named error; the one
deal the C++ core fits to a view (what a view read from JSON is checked against) is one the sampler
counts, and the core finds none exactly when the sampler counts none."""

from __future__ import annotations

import gc
import json
import math
import types
from collections import Counter
from dataclasses import replace
from itertools import permutations

import pytest
from dominosolver import Tile, _core
from dominosolver.errors import InvalidViewError, ParseError
from dominosolver.io.text_form import settled_by_rules
from dominosolver.texas42 import Game, PlayerView, Position, Rules
from dominosolver.texas42.sampling import (
    WorldSampler,
    count_worlds,
    enumerate_worlds,
    position_of,
    sample_worlds,
)
from dominosolver.tiles import mask_of, tiles_of
from support_views import brute_force_worlds, random_position

CASES = [(seed, plays) for seed in range(6) for plays in (0, 5, 11, 14, 18, 21)]


@pytest.mark.parametrize("seed,plays", CASES)
def test_sampled_worlds_agree_with_the_view(seed, plays):
    """Each drawn deal rebuilds a Position the C++ core accepts, with the real position's public
    facts: the seat sees exactly the view it started from."""
    pos = random_position(seed, plays)
    for seat in range(4):
        view = pos.view(seat)
        for world in sample_worlds(view, 25, seed=seed):
            assert world[seat] == mask_of(view.hand)
            rebuilt = position_of(view, world)
            assert PlayerView.of_position(rebuilt, seat) == view
            assert rebuilt.plays == pos.plays and rebuilt.points == pos.points


def test_the_true_deal_is_among_the_worlds():
    pos = random_position(7, 16)
    view = pos.view(2)
    truth = tuple(mask_of(h) for h in pos.hands)
    assert truth in set(WorldSampler(view))


@pytest.mark.parametrize("seed,plays", [(s, p) for s in range(8) for p in (17, 19, 20, 22)])
def test_counts_and_enumeration_match_brute_force(seed, plays):
    """The dynamic-programming count and the enumeration equal an independent brute force that asks
    the C++ core which splits of the unseen tiles fit (voids included)."""
    rules = Rules(nt_doubles="own_suit") if seed % 3 == 0 else None
    pos = random_position(seed, plays, rules)
    view = pos.view((seed + plays) % 4)
    expected = brute_force_worlds(view)
    assert count_worlds(view) == len(expected)
    listed = enumerate_worlds(view)
    assert len(listed) == len(set(listed)) and set(listed) == expected


def test_voids_cut_the_count():
    """A position where somebody has shown a void has fewer worlds than the unconstrained multinomial."""
    for seed in range(40):
        pos = random_position(seed, 16)
        view = pos.view(0)
        unseen = mask_of(view.hidden)
        if any(view.voids[s] and view.absent[s] & unseen for s in (1, 2, 3)):  # a void of a live suit
            sizes = [view.hand_sizes[s] for s in (1, 2, 3)]
            free = math.factorial(sum(sizes)) // math.prod(math.factorial(n) for n in sizes)
            assert count_worlds(view) < free
            return
    pytest.fail("no void of a live suit shown in 40 random positions")


def chi_square_critical(df: int, z: float = 3.09) -> float:
    """Upper 0.1% point of chi-square (Wilson-Hilferty), z = the normal 0.999 quantile."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sampler_is_uniform_chi_square(seed):
    """Drawn frequencies over all consistent deals match uniform (chi-square at the 0.1% level)."""
    for s in range(seed, seed + 200):
        pos = random_position(s, 13 + s % 4)
        view = pos.view(s % 4)
        n = count_worlds(view)
        if 20 <= n <= 400:
            break
    else:
        pytest.fail("no case with 20..400 worlds")
    worlds = enumerate_worlds(view)
    draws = 60 * n
    freq = Counter(sample_worlds(view, draws, seed=seed))
    assert set(freq) <= set(worlds)
    expected = draws / n
    stat = sum((freq.get(w, 0) - expected) ** 2 / expected for w in worlds)
    assert stat < chi_square_critical(n - 1)


def test_sampler_marginals_at_the_start_are_uniform():
    """At the first lead with no plays, each unseen tile is in each other hand 1/3 of the time."""
    view = Game(seed=5).view(1)
    draws = 3000
    hits = Counter()
    for world in sample_worlds(view, draws, seed=11):
        for s in (0, 2, 3):
            for t in tiles_of(world[s]):
                hits[(t.id, s)] += 1
    for t in view.hidden:
        for s in (0, 2, 3):
            assert abs(hits[(t.id, s)] / draws - 1 / 3) < 0.045  # > 5 standard deviations


def test_same_seed_same_worlds():
    view = random_position(3, 9).view(1)
    assert sample_worlds(view, 30, seed=42) == sample_worlds(view, 30, seed=42)
    assert sample_worlds(view, 30, seed=42) != sample_worlds(view, 30, seed=43)


def test_count_at_the_deal_is_the_multinomial():
    view = Game(seed=1).view(0)
    assert count_worlds(view) == math.factorial(21) // math.factorial(7) ** 3


def test_view_json_round_trip_and_recomputation():
    for seed in range(10):
        pos = random_position(seed, 3 * seed)
        for seat in range(4):
            view = pos.view(seat)
            text = json.dumps(view.to_json())
            assert PlayerView.from_json(text) == view
            # Derived facts may be left out: they are recomputed by the C++ core.
            slim = {
                k: v
                for k, v in view.to_json().items()
                if k not in ("voids", "points", "trick", "to_move", "leader")
            }
            if not view.plays:
                slim["leader"] = view.leader
            assert PlayerView.from_json(slim) == view


def test_view_without_recorded_history():
    """Tiles of earlier, unrecorded tricks are public ('gone'); the sampler leaves them out."""
    pos = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42")
    view = pos.view(0)
    assert len(view.gone) == 28 - 11 - 1
    assert PlayerView.from_json(view.to_json()) == view
    for world in WorldSampler(view):
        assert PlayerView.of_position(position_of(view, world), 0) == view


def test_voids_come_from_the_core():
    """The view's voids are the C++ position's; from plays alone the core computes the same."""
    for seed in range(20):
        pos = random_position(seed, 20)
        ids = [t.id for _, t in pos.plays]
        voids, absent, leader = _core.texas42.shown_by_plays(
            pos.rules._core, str(pos.trump), pos.plays[0][0], ids, True
        )
        assert leader == pos.leader
        for s in range(4):
            assert absent[s] == pos._pos.shown_absent(s)
            assert voids[s] == pos._pos.voids(s)
            assert pos.view(0).voids[s] == tuple(pos.voids(s))


def test_first_lead_trump_shows_a_void():
    """Under first_lead_trump, a first lead that is not a trump shows the leader had no trump."""
    rules = Rules(first_lead_trump=True)
    hands = [
        "66.65.55.54.44.43.33",
        "64.63.62.61.60.53.52",
        "51.50.42.41.40.32.31",
        "30.22.21.20.11.10.00",
    ]
    pos = Position(trump=6, hands=[h.split(".") for h in hands], leader=0, rules=rules)
    assert pos.legal_moves == [Tile("6-6"), Tile("6-5")]
    pos = Position(trump=0, hands=[h.split(".") for h in hands], leader=0, rules=rules)
    pos.play("6-6")
    view = pos.view(1)
    assert "trump" in view.voids[0]
    for world in sample_worlds(view, 50, seed=1):
        assert not any(0 in (t.hi, t.lo) for t in tiles_of(world[0]))


def test_view_holds_no_reference_to_hidden_tiles():
    """Nothing reachable from a view is a Position or a C++ position (which would hold every hand)."""
    pos = random_position(4, 10)
    view = pos.view(1)
    seen, stack = set(), [view]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        assert not isinstance(obj, (Position, _core.texas42.Position, Game, _core.texas42.Game))
        # The view's data only: classes and code lead to module globals, i.e. to anything loaded.
        if not isinstance(obj, (type, types.ModuleType, types.FunctionType)):
            stack.extend(gc.get_referents(obj))
    text = json.dumps(view.to_json())
    for s in (0, 2, 3):
        for t in pos.hand(s):
            assert f'"{t}"' not in text


@pytest.mark.parametrize(
    "change,error",
    [
        (lambda o: o.update(hand_sizes=[4, 4, 4, 9]), InvalidViewError),
        (lambda o: o.update(hand_sizes=[3, 4, 4]), ParseError),
        (lambda o: o["plays"].append({"seat": 1, "tile": o["hand"][0]}), InvalidViewError),
        (lambda o: o.update(points=[40, 0]), InvalidViewError),
        (lambda o: o.update(trump="spades"), ParseError),
        (lambda o: o["plays"][1].update(seat=(o["plays"][1]["seat"] + 2) % 4), InvalidViewError),
        (lambda o: o.update(schema="dominosolver.view/9"), ParseError),
        (lambda o: o.update(hand=["9-9"]), ParseError),
    ],
)
def test_bad_views_raise_named_errors(change, error):
    pos = random_position(2, 14)
    obj = pos.view(0).to_json()
    change(obj)
    with pytest.raises(error):
        PlayerView.from_json(obj)


def test_impossible_voids_raise():
    """Every other seat void in a suit whose tile is still unseen: no deal fits."""
    view = random_position(1, 12).view(0)
    from dataclasses import replace

    hidden = view.hidden[0]
    absent = tuple(a | (1 << hidden.id) if s != 0 else a for s, a in enumerate(view.absent))
    with pytest.raises(InvalidViewError):
        WorldSampler(replace(view, absent=absent))
    with pytest.raises(ParseError):
        PlayerView.from_json("{not json")


# ---------------------------------------------------------------- the core's deal that fits a view


def facts(view: PlayerView) -> dict:
    """The public facts of a view, as the C++ core's fitting_position takes them."""
    return dict(
        rules=view.rules._core, trump=str(view.trump), seat=view.seat, hand=[t.id for t in view.hand],
        hand_sizes=list(view.hand_sizes), first_leader=view.first_leader, plays=[t.id for _, t in view.plays],
        gone=[t.id for t in view.gone], contract=tuple(view.contract) if view.contract else None,
    )


@pytest.mark.parametrize("seed,plays", CASES)
def test_the_core_fits_one_deal_the_sampler_counts(seed, plays):
    """The hidden tiles go where the voids allow, the seat sees its own view of the position, the
    same facts give the same deal, and (where few deals fit) it is one of the sampler's."""
    pos = random_position(seed, plays)
    for seat in range(4):
        view = pos.view(seat)
        core = _core.texas42.fitting_position(**facts(view))
        assert PlayerView.of_position(Position._wrap(core), seat) == view
        assert all(not core.hands[s] & view.absent[s] for s in range(4))
        assert _core.texas42.fitting_position(**facts(view)) == core
        sampler = WorldSampler(view)
        if sampler.count <= 5000:
            assert tuple(core.hands) in set(sampler)


@pytest.mark.parametrize("seed,plays", [(7, 20), (8, 20), (20, 16), (28, 17), (10, 22)])
def test_the_core_finds_no_deal_exactly_when_the_sampler_counts_none(seed, plays):
    """Hand sizes moved between the other seats: where the sampler counts no deal, the core gives
    the same reason; where it counts some, the core places the tiles and only the position refuses
    sizes that the plays cannot leave."""
    pos = random_position(seed, plays)
    refused = 0
    for seat in range(4):
        view = pos.view(seat)
        for a, b in permutations([s for s in range(4) if s != seat], 2):
            if not view.hand_sizes[a]:
                continue
            sizes = list(view.hand_sizes)
            sizes[a] -= 1
            sizes[b] += 1
            with settled_by_rules():  # taken as given: the sampler and the core judge it here
                moved = replace(view, hand_sizes=tuple(sizes))
            try:
                WorldSampler(moved)
                expected = None
            except InvalidViewError as e:
                expected = str(e)
            with pytest.raises(InvalidViewError) as found:
                _core.texas42.fitting_position(**facts(moved))
            if expected is None:
                assert str(found.value).startswith("no deal fits this view: hand sizes")
            else:
                assert str(found.value) == expected
                refused += "no deal fits the view: hand sizes" in expected
    assert refused  # the voids leave some sizes no deal at all


@pytest.mark.parametrize(
    "change,message",
    [
        ({"seat": 4}, "seat must be 0..3, not 4"),
        ({"first_leader": -1}, "first leader must be a seat 0..3"),
        ({"hand_sizes": [3, 3, 3]}, "hand_sizes must be 4 counts"),
        ({"hand_sizes": [3, 3, -1, 3]}, "hand_sizes must be counts"),
        ({"gone": [44]}, "tile 8-8 is not in the double-6 set"),
        ({"gone": [99]}, "tile id 99 is not a tile"),
        ({"hand_sizes": [3, 2, 3, 3]}, "hand_sizes gives E 2 tiles but the hand holds 3"),
    ],
)
def test_the_core_checks_the_facts_it_is_given(change, message):
    view = Position("trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30").view(1)
    with pytest.raises(InvalidViewError, match=message):
        _core.texas42.fitting_position(**{**facts(view), **change})
    repeated = facts(view)
    repeated["gone"] = repeated["hand"][:1]
    with pytest.raises(InvalidViewError, match="appears twice across hand, plays and gone"):
        _core.texas42.fitting_position(**repeated)
