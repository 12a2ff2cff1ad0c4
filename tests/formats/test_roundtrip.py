"""Round trips (hypothesis): tiles through text, repr and ids; rules flags; reachable 42 positions
through the one-line notation, JSON (also via json.dumps/loads) and repr."""

from __future__ import annotations

import json

from dominosolver import Tile
from dominosolver.texas42 import Position, Rules
from dominosolver.texas42.rules import GAME_BID
from hypothesis import given, settings
from hypothesis import strategies as st

NAMESPACE = {"Tile": Tile, "Position": Position, "Rules": Rules}

ends = st.integers(min_value=0, max_value=8)


@given(ends, ends)
def test_tile_text_round_trips(a, b):
    """A tile is written high end first whatever order it was given in: "4-6" -> "6-4"."""
    t = Tile(f"{a}-{b}")
    hi, lo = max(a, b), min(a, b)
    assert str(t) == f"{hi}-{lo}" and (t.hi, t.lo) == (hi, lo)
    assert t == Tile(f"{b}-{a}") == Tile(f"{a}{b}") == Tile(a, b) == Tile(b, a) == Tile(t)
    assert Tile(str(t)) == t and Tile(t.compact()) == t
    assert eval(repr(t), NAMESPACE) == t
    assert hash(Tile(b, a)) == hash(t)


def test_tile_ids_number_the_double_eight_set_once():
    """Ids 0..44 name each double-eight tile once, and the double-six tiles are ids 0..27."""
    tiles = [Tile.from_id(i) for i in range(45)]
    assert len(set(tiles)) == 45
    assert all(t.id == i for i, t in enumerate(tiles))
    assert {Tile.from_id(i) for i in range(28)} == {
        Tile(h, low) for h in range(7) for low in range(h + 1)
    }


FLAG_VALUES = {
    "nt_doubles": ["high", "low", "own_suit"],
    "scoring": ["marks", "points"],
    "all_pass": ["redeal", "forced_dealer"],
    "forced_exact_30": ["off", "on"],
    "mark_jump": ["strict", "free"],
    "first_lead_trump": ["off", "on"],
    "points_made": ["taken", "bid_only"],
    "play_out": ["auto", "always"],
    "points_tie": ["bidder_out", "higher_total"],
}
rule_flags = st.dictionaries(st.sampled_from(sorted(FLAG_VALUES)), st.just(None)).flatmap(
    lambda keys: st.fixed_dictionaries({k: st.sampled_from(FLAG_VALUES[k]) for k in keys})
)


@given(rule_flags)
def test_rules_round_trip(flags):
    """Rules keep exactly their non-default flags through to_json and repr."""
    rules = Rules(**flags)
    assert Rules(**rules.to_json()) == rules
    assert eval(repr(rules), NAMESPACE) == rules
    defaults = {k: v[0] for k, v in FLAG_VALUES.items()}
    expected = {k: v for k, v in flags.items() if v != defaults[k]}
    assert rules.to_json() == expected


BIDS = list(range(30, 43)) + [84, 126, 168, GAME_BID]


@st.composite
def positions(draw) -> Position:
    """A reachable position: a random deal of 1..7 tiles a seat from a random leader, with random
    flags and contract, then random legal plays; sometimes rebuilt without its history."""
    size = draw(st.integers(1, 7))
    tiles = draw(st.permutations([Tile.from_id(i) for i in range(28)]))[: 4 * size]
    hands = [tiles[i * size : (i + 1) * size] for i in range(4)]
    trump = draw(st.sampled_from([0, 1, 2, 3, 4, 5, 6, "doubles", "none"]))
    contract = draw(st.none() | st.tuples(st.integers(0, 3), st.sampled_from(BIDS)))
    leader = draw(st.integers(0, 3))
    if contract is not None and size == 7:
        leader = contract[0]  # trick 1: the declarer leads
    rules = Rules(**draw(rule_flags))
    if contract is not None and contract[1] == GAME_BID and rules.scoring != "points":
        contract = (contract[0], 168)  # 'game' is a bid of the points game only
    pos = Position(
        trump=trump,
        hands=hands,
        leader=leader,
        rules=rules,
        contract=contract,
    )
    for _ in range(draw(st.integers(0, 4 * size))):
        legal = pos.legal_moves
        pos.play(legal[draw(st.integers(0, len(legal) - 1))])
    if draw(st.booleans()):
        obj = pos.to_json()
        obj.pop("history", None)
        pos = Position.from_json(obj)
    return pos


@settings(max_examples=300)
@given(positions())
def test_position_round_trips(pos):
    """Position(str(p)) == p, Position.from_json(p.to_json()) == p (also through json.dumps/loads
    and from a JSON string), eval(repr(p)) == p; each form is canonical (writing it again gives the
    same)."""
    text = str(pos)
    assert Position(text) == pos and Position.parse(text) == pos
    assert str(Position(text)) == text
    obj = pos.to_json()
    assert Position.from_json(obj) == pos
    assert Position.from_json(json.loads(json.dumps(obj))) == pos
    assert Position.from_json(json.dumps(obj)) == pos
    assert Position.from_json(obj).to_json() == obj
    assert eval(repr(pos), NAMESPACE) == pos
    copy = pos.copy()
    assert copy == pos and copy.legal_moves == pos.legal_moves


@given(positions(), st.randoms(use_true_random=False))
def test_json_accepts_tiles_in_either_order(pos, rng):
    """Tiles may be written low end first ("4-6") in JSON; the position is the same, output
    canonical."""
    obj = pos.to_json()
    flipped = json.loads(json.dumps(obj))

    def flip(t: str) -> str:
        return t[::-1] if rng.random() < 0.5 else t

    flipped["hands"] = [[flip(t) for t in h] for h in flipped["hands"]]
    flipped["trick"] = [flip(t) for t in flipped["trick"]]
    if "history" in flipped:
        flipped["history"]["tiles"] = [flip(t) for t in flipped["history"]["tiles"]]
    again = Position.from_json(flipped)
    assert again == pos and again.to_json() == obj


@given(positions())
def test_equal_positions_behave_alike(pos):
    """A position rebuilt from its notation plays on identically: same moves, points and winners."""
    other = Position(str(pos))
    while not pos.is_over:
        assert other.legal_moves == pos.legal_moves and other.to_move == pos.to_move
        move = pos.legal_moves[-1]
        pos.play(move)
        other.play(move)
        assert other.points == pos.points and other.trick_winner == pos.trick_winner
    assert other.is_over and other == pos
