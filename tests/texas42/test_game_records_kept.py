"""A game keeps what it has read and converted, and what it gives stays what a fresh game gives:
``hands_played`` keeps each finished hand's record (a hand undo takes back is converted again), and
moves read from text are kept by the rules and phase they were read under (an error is never kept:
the same text where it is wrong still says what is wrong)."""

from __future__ import annotations

import itertools
import random

import pytest
from dominosolver import biggame, moon, texas42
from dominosolver.errors import IllegalMoveError, ParseError
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.plays import play_of
from dominosolver.texas42.rules import Bid, bid_name, parse_trump
from dominosolver.tiles import Tile, tiles_of

MEMBERS = {
    "texas42": (texas42.Game, texas42.Rules(specials="all")),
    "texas42-forced": (texas42.Game, texas42.Rules(all_pass="forced_dealer", scoring="points")),
    "moon": (moon.MoonGame, moon.MoonGame._rules_class(moon_overcall=True, moon_wins_game=True)),
    "moon4-fosdick": (moon.PartnershipMoonGame, moon.PartnershipMoonGame._rules_class(moon4_preset="fosdick")),
    "biggame": (biggame.BigGame, None),
}


def choose(game, bot, rng):
    """Often a pass in the auction (hands thrown in: hands end often), else mostly the rule bot."""
    legal = game.legal_moves
    if game.phase == "bidding" and rng.random() < 0.5 and "pass" in map(str, legal):
        return next(m for m in legal if str(m) == "pass")
    return rng.choice(legal) if rng.random() < 0.2 else bot.choose(game)


def check_records(game, records):
    """Independently of the game's conversion: each deal is its hand's tiles of the core, highest
    first; bids, trump and plays as the package reads the core's."""
    for record, core in zip(records, game._game.finished_hands):
        assert record["bids"] == [bid_name(Bid.of_core(b)) for b in core["bids"]]
        assert record["trump"] == (None if core["trump"] is None else parse_trump(core["trump"]))
        assert record["plays"] == [(seat, str(play_of(t))) for seat, t in core["plays"]]
        assert record["deal"] == [[str(t) for t in sorted(tiles_of(m), key=lambda t: t.id, reverse=True)]
                                  for m in core["deal"]]
        assert all(Tile(a) > Tile(b) for hand in record["deal"] for a, b in itertools.pairwise(hand))


@pytest.mark.parametrize("member", MEMBERS)
def test_kept_hand_records_equal_a_fresh_games_after_moves_and_undos(member):
    game_class, rules = MEMBERS[member]
    rng, bot = random.Random(member), RuleBot()
    game = game_class(seed=5, rules=rules, dealer=1)
    kept_undone = looked = 0
    for _ in range(1500):
        if game.is_over or (game.moves and rng.random() < 0.1):
            for _ in range(rng.randint(1, 40) if rng.random() < 0.3 else 1):
                if not game.moves:
                    break
                before = len(game._game.finished_hands)
                game.undo()
                kept_undone += len(game._game.finished_hands) < before and bool(game._done)
        else:
            game.play(choose(game, bot, rng))
        if rng.random() < 0.3:
            looked += 1
            records = game.hands_played
            fresh = game_class(seed=5, rules=rules, dealer=1, moves=game.moves).hands_played
            assert records == fresh
            check_records(game, records)
            if records:  # what the caller is given is its own: changing it changes no later answer
                records[-1]["deal"][0].append("x")
                records[-1]["plays"].clear()
                records[0]["points"].clear()
                assert game.hands_played == fresh
    assert kept_undone >= 3 and looked > 100  # undo took back hands the game had kept, many times


@pytest.mark.parametrize("member", MEMBERS)
def test_text_read_once_reads_alike_and_errors_are_not_kept(member):
    game_class, rules = MEMBERS[member]
    bot = RuleBot()
    game = game_class(seed=2, rules=rules)
    while game.phase != "playing":
        game.play(str(bot.choose(game)))
    tile = str(game.legal_moves[0])
    game.play(tile)  # read in play (kept)
    # a new game of the same rules in the auction: the tile's text is refused there as read afresh
    other = game_class(seed=2, rules=rules)
    with pytest.raises((ParseError, IllegalMoveError)) as kept:
        other.play(tile)
    with pytest.raises(type(kept.value)) as afresh:
        other._apply(other._parse_text(tile, other.phase))
    assert str(kept.value) == str(afresh.value) and other.moves == []
    with pytest.raises(ParseError, match="'6-X'"):  # twice: the error is not kept
        other.play("6-X")
    with pytest.raises(ParseError, match="'6-X'"):
        other.play("6-X")
    # a move read again equals the move read fresh, in each phase it was read
    played = game_class(seed=2, rules=rules)
    for move in game.moves:
        assert played._parse_move(str(move)) == played._parse_text(str(move), played.phase)  # kept == read afresh
        played.play(str(move))
    assert played == game
    # a tile no longer held, read before, is still refused by the rules
    with pytest.raises(IllegalMoveError):
        played.play(tile)
    assert played == game


def test_kept_texts_are_bounded():
    from dominosolver.texas42 import game as game_module

    game = texas42.Game(seed=1)
    for n in range(game_module._PARSED_MOST + 10):
        with pytest.raises(ParseError):
            game.play(f"pass{n}")  # errors are not kept
    for n in range(2 * game_module._PARSED_MOST):
        game._parse_move(" " * n + "pass")
    assert 0 < len(game._parsed) <= game_module._PARSED_MOST
    assert game._parse_move("  pass ") == texas42.Move.parse("pass")
