"""What a seat of Moon and of Partnership Moon may know (docs/rules.md §4.1-4.2), and the deals that
fit it: three seats and the widow, which no seat sees before the exchange; after it, the bidder's
discard, known to the bidder and out of play for the others, whatever its suits. Every sampled deal
fits the view, the sampler's deals are exactly those a brute-force split accepted by the C++ core
gives, its draws are uniform, and views no deal fits are refused naming the fault."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from dominosolver import Tile, _core, games
from dominosolver.errors import DominoSolverError, InvalidViewError, ParseError
from dominosolver.texas42 import Contract, Game, PlayerView, Position, Rules
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.sampling import WorldSampler, out_of_play, position_of
from dominosolver.tiles import mask_of, tiles_of

MOON = Rules(family="moon")
MOON4 = Rules(family="moon4")
MOON_TRUMPS = [0, 1, 2, 3, 4, 5, 6, "none"]


def moon_position(seed: int, plays: int, rules: Rules = MOON) -> tuple[Position, Tile | None]:
    """A random Moon (or Partnership Moon) hand after `plays` plays, and the bidder's discard."""
    rng = random.Random(seed)
    tiles = tiles_of(mask_of(Tile.from_id(t) for t in range(28)) & rules._core.tile_set)
    rng.shuffle(tiles)
    seats, size = rules.seats, rules.hand_size
    hands = [tiles[size * k: size * k + size] for k in range(seats)]
    bidder = rng.randrange(seats)
    discard = None
    if rules.undealt:  # the bidder takes the widow and lays one of its 8 tiles away
        eight = hands[bidder] + tiles[seats * size:]
        discard = eight.pop(rng.randrange(len(eight)))
        hands[bidder] = eight
    pos = Position(trump=rng.choice(MOON_TRUMPS), hands=hands, rules=rules,
                   contract=(bidder, rng.choice([4, 5, 6, 7, 21])))
    for _ in range(plays):
        pos.play(rng.choice(pos.legal_moves))
    return pos, discard


def brute_force_worlds(view: PlayerView, discard: Tile | None) -> set[tuple[int, ...]]:
    """Every split of the unseen tiles over the other seats by hand size, the rest out of play, kept
    when the C++ core accepts the position and it shows the seat the very same view: independent of
    the sampler."""
    others = [s for s in range(view.rules.seats) if s != view.seat]
    hidden = view.hidden
    out = set()

    def splits(tiles, seats):
        if not seats:
            yield ()
            return
        for part in itertools.combinations(tiles, view.hand_sizes[seats[0]]):
            rest = [t for t in tiles if t not in part]
            for more in splits(rest, seats[1:]):
                yield (part, *more)

    for parts in splits(hidden, others):
        hands = [0] * view.rules.seats
        hands[view.seat] = mask_of(view.hand)
        for s, part in zip(others, parts):
            hands[s] = mask_of(part)
        aside = [t for t in hidden if not any(t in p for p in parts)]
        try:
            pos = position_of(view, hands)
            # The discard as this world has it: the one a non-bidder does not see, or the bidder's own.
            world_discard = aside[0] if aside else view.discard if view.discard else discard
            if PlayerView.of_position(pos, view.seat, view.auction, world_discard) == view:
                out.add(tuple(hands))
        except DominoSolverError:
            continue
    return out


@pytest.mark.parametrize("rules", [MOON, MOON4], ids=["moon", "moon4"])
@pytest.mark.parametrize("seed", range(12))
def test_every_sampled_world_fits_the_view(rules, seed):
    """Hand sizes, the seat's own hand, voids, played and gone tiles, what is out of play: the bidder
    knows its discard, the others find one unseen tile out of play in every world (Moon); and the
    view round-trips through its JSON and its text."""
    pos, discard = moon_position(seed, plays=random.Random(seed).randrange(0, 3 * rules.seats * 2), rules=rules)
    bidder = pos.contract.declarer
    for seat in range(rules.seats):
        view = pos.view(seat)
        assert view.game == ("moon" if rules == MOON else "moon4")
        assert PlayerView.from_json(view.to_json()) == view and PlayerView(str(view)) == view
        assert view.discard == (discard if seat == bidder else None)
        assert view.out_of_play == (rules.undealt if seat != bidder else 0)
        played = mask_of(t for _, t in view.plays) | mask_of(view.gone)
        sampler = WorldSampler(view)
        for world in sampler.sample(40, seed=seed):
            assert len(world) == rules.seats and world[seat] == mask_of(view.hand)
            assert [m.bit_count() for m in world] == list(view.hand_sizes)
            assert all(world[s] & view.absent[s] == 0 for s in range(rules.seats))
            assert all(world[a] & world[b] == 0 for a, b in itertools.combinations(range(rules.seats), 2))
            aside = out_of_play(view, world)
            assert aside & played == 0 and aside & mask_of(view.hand) == 0
            if seat == bidder and discard is not None:
                assert aside == 1 << discard.id
            else:
                assert aside.bit_count() == view.out_of_play
            world_pos = position_of(view, world)  # the core replays the plays with these hands
            world_discard = tiles_of(aside)[0] if aside else None  # the bidder's discard in this world
            assert PlayerView.of_position(world_pos, seat, view.auction, world_discard) == view


@pytest.mark.parametrize("rules,seed,plays", [(MOON, 1, 13), (MOON, 2, 14), (MOON, 5, 15), (MOON, 7, 12),
                                              (MOON4, 3, 20), (MOON4, 4, 21)])
def test_the_sampler_holds_exactly_the_brute_force_worlds_and_draws_them_uniformly(rules, seed, plays):
    pos, discard = moon_position(seed, plays, rules)
    assert any(pos.view(0).voids)  # a seat has failed to follow: the voids are put to the test
    for seat in range(rules.seats):
        view = pos.view(seat)
        sampler = WorldSampler(view)
        expected = brute_force_worlds(view, discard)
        assert set(sampler) == expected and sampler.count == len(expected) == len(list(sampler))
    # Uniform draws: each of the worlds of a non-bidder's view about equally often (chi-square).
    seat = next(s for s in range(rules.seats) if s != pos.contract.declarer)
    sampler = WorldSampler(pos.view(seat))
    draws = 300 * sampler.count
    counts = Counter(sampler.sample(min(draws, 60_000), seed=seed))
    n = sum(counts.values())
    chi2 = sum((counts[w] - n / sampler.count) ** 2 / (n / sampler.count) for w in sampler)
    assert len(counts) == sampler.count and chi2 < sampler.count + 6 * (2 * sampler.count) ** 0.5


def test_before_the_exchange_the_widow_is_unseen_and_in_it_the_bidder_holds_eight():
    game = Game(rules=MOON, seed=3)
    core = game._game
    core.bid(0), core.bid(0), core.bid(5)
    bidder = game.contract.declarer
    core.declare("4")
    widow = core.current_hand["undealt"]
    for seat in range(3):
        view = game.view(seat)
        assert PlayerView.from_json(view.to_json()) == view and PlayerView(str(view)) == view
        assert view.hand_sizes[bidder] == 8 and view.out_of_play == 0
        if seat == bidder:
            assert mask_of(view.hand) & widow == widow
            assert WorldSampler(view).count == 3432  # the other 14 tiles, 7 to each other seat
        else:
            assert WorldSampler(view).count == 6435  # 15 unseen: 7 to the other, the rest the bidder's
    core.discard(core.legal_moves[0][1])
    for seat in range(3):
        view = game.view(seat)
        assert view.discard == (Tile.from_id(core.current_hand["discard"]) if seat == bidder else None)
        assert WorldSampler(view).count == (3432 if seat == bidder else 51480)  # 15 unseen: 7, 7 and 1 aside
    fresh = Game(rules=MOON, seed=4).view(0)  # in the auction: 15 unseen, 7 to each other seat, the widow aside
    assert fresh.out_of_play == 1 and WorldSampler(fresh).count == 51480


@pytest.mark.parametrize("family", ["moon", "biggame"])
def test_at_game_over_every_seat_has_a_view_the_last_bidder_too(family):
    """The game ends on a hand whose bidder took the widow (the undealt tile) and laid one away: the
    last hand's record still names that discard, yet no seat holds a tile any more (issue 39: the
    bidder's view kept the tile it had taken and was refused, so a game against the bots could not end)."""
    spec = games.get(family)
    game, bot = spec.Game(seed=0), RuleBot()
    while not game.is_over:
        game.play(bot.choose(game))
    assert game._game.current_hand["discard"] is not None
    for seat in range(game.rules.seats):
        view = game.view(seat)
        assert view.hand == () and set(view.hand_sizes) == {0} and view.discard is None
        assert PlayerView.from_json(view.to_json()) == view


@pytest.mark.parametrize("seed", range(6))
def test_a_positions_discard_reaches_its_views_when_earlier_tricks_are_unrecorded(seed):
    """``Position.view``: a Moon position given by its hands alone (two tricks gone, unrecorded) tells
    the bidder's discard from the tiles of those tricks only through the discard it names: the
    bidder's view shows it, the others' hold it among their hidden tiles; without it, views are
    refused naming what is missing."""
    played, discard = moon_position(seed, 6)
    pos = Position(trump=played.trump, hands=played.hands, rules=MOON, contract=played.contract,
                   leader=played.leader, discard=discard)
    bidder = pos.contract.declarer
    tricks = {t for _, t in played.view(bidder).plays}  # the view of the position that recorded them
    for seat in range(MOON.seats):
        view = pos.view(seat)
        assert view.plays == () and set(view.gone) == tricks
        assert view.discard == (discard if seat == bidder else None)
        assert (discard in view.hidden) == (seat != bidder) and view.out_of_play == (seat != bidder)
        assert PlayerView.from_json(view.to_json()) == view and PlayerView(str(view)) == view
    bare = Position(trump=played.trump, hands=played.hands, rules=MOON, contract=played.contract, leader=played.leader)
    with pytest.raises(InvalidViewError, match="name the bidder's discard"):
        bare.view(bidder)


def facts(view: PlayerView) -> dict:
    """The public facts of a view, as the C++ core's fitting_position takes them."""
    return dict(
        rules=view.rules._core, trump=str(view.trump), seat=view.seat, hand=[t.id for t in view.hand],
        hand_sizes=list(view.hand_sizes), first_leader=view.first_leader, plays=[t.id for _, t in view.plays],
        gone=[t.id for t in view.gone], contract=tuple(view.contract) if view.contract else None,
        discard=None if view.discard is None else view.discard.id,
    )


def test_the_core_fits_one_deal_with_a_tile_out_of_play():
    pos, discard = moon_position(11, plays=7)
    bidder = pos.contract.declarer
    for seat in range(3):
        view = pos.view(seat)
        core = _core.texas42.fitting_position(**facts(view))
        hands = core.hands
        assert hands[seat] == mask_of(view.hand) and [m.bit_count() for m in hands] == list(view.hand_sizes)
        assert mask_of(view.hidden) & ~(hands[0] | hands[1] | hands[2]) != 0 or seat == bidder
        assert PlayerView._of_core(core, MOON, seat, ()).plays == view.plays


@pytest.mark.parametrize("change,message", [
    ({"discard": "bidder's tile to another seat"}, "only the bidder knows the discard"),
    ({"hand_sizes": "one tile fewer"}, "may be out of play: the widow or the bidder's discard"),
    ({"hand_sizes": "one tile more"}, "cannot arise in play"),  # the widow's room taken: hands of 5, 6, 5
    ({"hand_sizes": "two tiles more"}, r"the other hands hold 12 tiles by hand_sizes, but 11 tiles are unseen \(of which 1 may be out of play"),
    ({"gone": Tile(3, 0).id}, "is not in the Moon set"),
])
def test_the_core_names_what_no_moon_deal_fits(change, message):
    pos, discard = moon_position(2, plays=6)
    bidder = pos.contract.declarer
    seat = (bidder + 1) % 3
    f = facts(pos.view(seat))
    key, value = next(iter(change.items()))
    if key == "discard":
        f["discard"] = discard.id
    elif key == "hand_sizes":
        other = 3 - seat - bidder
        f["hand_sizes"][other] += {"one tile fewer": -1, "one tile more": 1, "two tiles more": 2}[value]
    else:
        f["gone"] = [value]
    with pytest.raises(InvalidViewError, match=message):
        _core.texas42.fitting_position(**f)


def test_bad_moon_views_are_refused_naming_the_fault():
    pos, discard = moon_position(5, plays=4)
    bidder = pos.contract.declarer
    mine = pos.view(bidder).to_json()
    theirs = pos.view((bidder + 1) % 3).to_json()
    with pytest.raises(InvalidViewError, match="only the bidder knows the discard"):
        PlayerView.from_json({**theirs, "discard": str(discard)})
    with pytest.raises(InvalidViewError, match="appears twice"):
        PlayerView.from_json({**mine, "discard": mine["hand"][0]})
    with pytest.raises(ParseError, match="the rules say family 'moon', but the game is 'moon4'"):
        PlayerView.from_json({**mine, "game": "moon4", "rules": {"family": "moon"}})
    with pytest.raises(ParseError, match="'hand_sizes' must be a list of 4 counts"):
        PlayerView.from_json({**mine, "game": "moon4"})  # a Partnership Moon view needs four hands
    with pytest.raises(ParseError, match="not one of the 42 family"):
        PlayerView.from_json({**mine, "game": "bingo"})
    with pytest.raises(ParseError, match="'discard' must be a tile"):
        PlayerView.from_json({**mine, "discard": 3})
    plain, _ = moon_position(5, plays=4, rules=MOON4)
    view = plain.view(plain.contract.declarer).to_json()
    with pytest.raises(InvalidViewError, match="this game deals every tile"):
        PlayerView.from_json({**view, "discard": "6-0"})
    fresh, _ = moon_position(5, plays=0)  # the same deal before any play
    theirs = fresh.view((bidder + 1) % 3).to_json()
    with pytest.raises(InvalidViewError, match="no hand holds more than 7 tiles"):
        PlayerView.from_json({**theirs, "hand_sizes": [8, 8, 8]})
    bidding = {**theirs, "trump": None, "contract": None, "plays": [], "trick": [], "hand_sizes": [7, 7, 7]}
    for key in ("leader", "to_move", "voids", "points", "legal_moves"):
        bidding.pop(key, None)
    view = PlayerView.from_json(bidding)
    assert view.out_of_play == 1 and view.discard is None
    exchange = {**bidding, "trump": 4, "contract": {"declarer": bidder, "bid": 5},
                "hand_sizes": [8 if s == bidder else 7 for s in range(3)]}
    assert PlayerView.from_json(exchange).out_of_play == 0
    with pytest.raises(InvalidViewError, match=r"in the exchange nothing is played or laid away yet, and trumps are named \(docs"):
        PlayerView.from_json({**exchange, "trump": None})
    with pytest.raises(InvalidViewError, match="only the bidder knows"):
        PlayerView(**{**_fields(pos.view((bidder + 1) % 3)), "discard": discard})


def _fields(view: PlayerView) -> dict:
    return {name: getattr(view, name) for name in view.__dataclass_fields__}


def test_a_view_whose_contract_the_auction_contradicts_is_refused_in_moon_seat_names():
    game = Game(rules=MOON, seed=4)
    while game.phase == "bidding":  # P1 and P2 pass, P0 bids the least
        legal = game.legal_moves
        game.play(next(m for m in legal if (m.value != 0) == (game.to_move == 0)))
    obj = game.view(1).to_json()
    assert obj["contract"]["declarer"] == 0
    obj["contract"] = {**obj["contract"], "declarer": 2}
    with pytest.raises(InvalidViewError, match=r"gives the contract P04, not P24"):
        PlayerView.from_json(obj)
