"""The bid advice's rules of its own are the core's (texas42/decisions.hpp), called by the Python
package (bidding.py's question_seed and ordinary_call, bid_advice_json.py's next_batch) and the
WebAssembly module's advice alike: here against plain Python statements of each."""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from dominosolver._core import decisions
from dominosolver.texas42.bidding import bid_ladder, ordinary_call, question_seed
from dominosolver.texas42.rules import (
    FAMILIES,
    GAME_BID,
    ORDINARY,
    Bid,
    Contract,
    Rules,
    bid_name,
    set_mask,
)
from dominosolver.tiles import Tile, tiles_of


def _seed_rule(rules: Rules, seat: int, hand: list[Tile], auction: list[tuple[int, Bid]], contract: Contract | None) -> int:
    """The seeds of saved questions: the first 4 bytes (big-endian) of the SHA-256 of the question's
    JSON, json.dumps([rules, seat, hand, auction, contract], sort_keys=True)."""
    text = json.dumps([rules.to_json(), seat, [str(t) for t in hand], [[s, bid_name(b)] for s, b in auction],
                       None if contract is None else [contract.declarer, bid_name(contract.bid)]], sort_keys=True)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


RULES = [Rules.from_json(flags) for flags in (
    {}, {"scoring": "points"}, {"specials": "all"}, {"specials": "all", "nello_min": "any_bid", "mark_jump": "free"},
    *({"family": f} for f in FAMILIES),
)]


def test_question_seed_is_todays() -> None:
    rng = random.Random(5)
    seen = set()
    for _ in range(400):
        rules = rng.choice(RULES)
        seat = rng.randrange(rules.seats)
        hand = rng.sample(tiles_of(set_mask(rules)), rules.hand_size)
        ladder = bid_ladder(rules)
        auction = []
        for k in range(rng.randrange(rules.seats)):
            bid = rng.choice([Bid(0), Bid(rng.choice(ladder)), Bid(84, "plunge"), Bid(GAME_BID)])
            auction.append(((seat + k + 1) % rules.seats, bid))
        contract = rng.choice([None, Contract(rng.randrange(rules.seats), rng.choice(ladder))])
        got = question_seed(rules, seat, tuple(hand), tuple(auction), contract)
        assert got == _seed_rule(rules, seat, hand, auction, contract)
        seen.add(got)
    assert len(seen) > 390  # different questions, different seeds


def test_question_seed_of_long_questions() -> None:
    # Texts of more than one SHA-256 block (64 bytes) and across a block's padding edge (55, 56 bytes).
    rules = Rules.from_json({"specials": "all", "nello_min": "any_bid", "mark_jump": "free", "scoring": "points"})
    hand = tiles_of(set_mask(rules))[:7]
    for calls in range(4):
        auction = [(k, Bid(30 + k)) for k in range(calls)]
        for cut in range(8):
            assert question_seed(rules, 0, tuple(hand[:cut]), tuple(auction), None) == \
                _seed_rule(rules, 0, hand[:cut], auction, None)


def _call_rule(rules: Rules, legal: list, partner_high: bool, discount: int, risk: float, mark_risk: float, makes) -> int:
    """The least point bid the hand makes at ``risk`` (its points plus the discount), unless the
    partner holds the high bid; before it, the most marks legal when every trick is made at
    ``mark_risk`` (not in The Big Game's points ladder); else a pass, or the least bid if none."""
    bids = sorted(int(b) for b in legal if b and getattr(b, "kind", ORDINARY) == ORDINARY)
    every = [b for b in bids if b >= rules.mark and rules.row.ladder != "points"]
    points = [b for b in bids if b not in every]
    if every and makes(rules.hand_points, mark_risk):
        return max(every)
    if points and not (partner_high and 0 in legal) and makes(rules.points_needed(points[0]) + discount, risk):
        return points[0]
    return 0 if 0 in legal or not bids else bids[0]


def _asker(made: dict[int, float], asked: list[tuple[int, float]]):
    """makes(level, risk): whether ``level`` is made on at least ``risk``, each question kept in ``asked``."""
    def makes(level: int, risk: float) -> bool:
        asked.append((level, risk))
        return made[level] >= risk
    return makes


@pytest.mark.parametrize("rules", [Rules(), Rules.from_json({"family": "moon"}), Rules.from_json({"family": "biggame"})],
                         ids=lambda r: r.family)
def test_ordinary_call_is_the_rule(rules: Rules) -> None:
    rng = random.Random(9)
    ladder = bid_ladder(rules)
    calls = set()
    for _ in range(300):
        high = rng.choice([0, *ladder[: len(ladder) // 2]])
        legal = ([0] if rng.random() < 0.8 else []) + [Bid(b) for b in ladder if b > high]
        if rng.random() < 0.3:
            legal.append(Bid(max(ladder) * 2, "plunge"))
        made = {level: rng.random() for level in range(rules.hand_points + 10)}
        asked_core: list[tuple[int, float]] = []
        asked_rule: list[tuple[int, float]] = []
        args = (rules, legal, rng.random() < 0.3, rng.choice([0, 1, 5]), rng.choice([0.5, 0.75]), rng.choice([0.5, 0.85]))
        got = ordinary_call(*args, _asker(made, asked_core))
        want = _call_rule(*args, _asker(made, asked_rule))
        assert got == want and isinstance(got, Bid) and got.kind == ORDINARY
        assert asked_core == asked_rule  # the same questions, in the same order (a bot records them)
        calls.add(int(got))
    assert 0 in calls and len(calls) > 3


def test_next_batch_is_the_rule() -> None:
    next_batch = decisions.bidding.next_batch
    first = decisions.bidding.FIRST_BATCH
    assert next_batch(100, None, 5.0, 40) == 100  # no limit: the cap
    assert next_batch(100, 2.0, 0.0, 0) == min(100, first)  # the first batch measures the pace
    assert next_batch(4, 2.0, 0.0, 0) == 4
    for elapsed, done, time, cap in [(1.0, 10, 3.0, 100), (1.0, 10, 100.0, 100), (2.9, 10, 3.0, 100), (4.0, 10, 3.0, 100),
                                     (0.5, 8, 1.0, 5)]:
        fits = (time - elapsed) / (elapsed / done) / 2  # half the time left at the pace so far
        assert next_batch(cap, time, elapsed, done) == max(1, min(cap, int(fits)))


def test_stake_is_one_mark_a_point_bid_k_for_k_marks() -> None:
    from dominosolver.texas42.game_odds import stake

    rules = Rules()
    for bid in bid_ladder(rules):
        assert stake(rules, bid) == (1 if bid < 2 * rules.mark else bid // rules.mark)
    assert [stake(rules, b) for b in (30, 42, 84, 126)] == [1, 1, 2, 3]


def test_special_odds_are_the_rule() -> None:
    import numpy as np

    rng = np.random.default_rng(2)
    for _ in range(200):
        makes = rng.random((int(rng.integers(1, 5)), int(rng.integers(1, 40)))) < rng.random()
        p_make, stderr, p_named, shares = decisions.bidding.special_odds(makes)
        n = makes.shape[1]
        some = sum(any(makes[d, w] for d in range(makes.shape[0])) for w in range(n)) / n  # the partner naming per deal
        assert p_make == some
        assert stderr == ((some * (1 - some) / (n - 1)) ** 0.5 if n > 1 else 0.0)
        assert shares == [sum(row) / n for row in makes.tolist()]
        assert p_named == max(shares)  # the best single declaration, named before the deal
    with pytest.raises(ValueError, match="matrix"):
        decisions.bidding.special_odds(np.zeros((2, 0), bool))


def test_declaration_spread_is_numpys_mean_and_standard_error() -> None:
    import numpy as np

    rng = np.random.default_rng(8)
    for deals in (1, 2, 7, 8, 9, 127, 128, 129, 200, 1000):  # numpy's pairwise sums change shape at 8 and 128
        values = rng.integers(0, 43, size=(int(rng.integers(1, 10)), deals)).astype(np.int16)
        means, stderrs = decisions.bidding.declaration_spread(values)
        assert means == values.mean(axis=1).tolist()  # the same digits as numpy's
        want = values.std(axis=1, ddof=1) / np.sqrt(deals) if deals > 1 else np.zeros(len(values))
        assert stderrs == want.tolist()
