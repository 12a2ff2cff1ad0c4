"""``dominosolver.biggame``'s functions default to The Big Game's rules (a QA pass found them 42's:
``advise_bid`` of 11 tiles said "a hand at the auction holds 7 tiles, not 11", ``dd_table`` of a
dealt deal "hand N holds 11 tiles, not 7"). What names no member of the family is read as The Big
Game's; what names one (a "42" tag, a "game", a texas42 Position, a view, ``rules=``) keeps it. Each
answer is checked against texas42's function given The Big Game's rules explicitly."""

from __future__ import annotations

import inspect
import json
import pickle

import pytest
from dominosolver import biggame, texas42
from dominosolver.biggame import BIG_GAME, BigGame, BigGameBidAdvice, Position
from dominosolver.errors import ParseError, SearchLimitError

HAND = "88.77.66.55.44.33.65.21.10.87.86"  # the QA pass's hand
LEADS = "trump=4 leader=N hands=73.82.10/33.83.21/44.62.20/88.55.40"  # untagged: The Big Game's here
TAGGED = "biggame " + LEADS
DEAL_42 = "hands=66.65.64.63.62.61.60/55.54.53.52.51.50.44/43.42.41.40.33.32.31/30.22.21.20.11.10.00"


def stopped() -> bool:
    return True


def test_advise_bid_bids_eleven_tiles_under_the_big_games_rules():
    advice = biggame.advise_bid(HAND, samples=4, seed=1)
    explicit = texas42.advise_bid(HAND, samples=4, seed=1, rules=BIG_GAME)
    assert isinstance(advice, BigGameBidAdvice) and advice.rules == BIG_GAME and len(advice.hand) == 11
    assert (advice.bid, advice.declaration, advice.tested.made.tolist()) == (
        explicit.bid, explicit.declaration, explicit.tested.made.tolist())
    with pytest.raises(Exception, match="7 tiles, not 11"):  # what the QA pass met: texas42's own default
        texas42.advise_bid(HAND, samples=4, seed=1)


def test_advise_bid_keeps_rules_named_and_a_views_own():
    hand_42 = "66.65.64.62.55.33.10"
    named = biggame.advise_bid(hand_42, samples=4, seed=1, rules=texas42.Rules())
    assert named.rules == texas42.Rules() and named.bid == texas42.advise_bid(hand_42, samples=4, seed=1).bid
    game = BigGame(seed=1)  # a view carries its rules: no rules= is added beside it
    view = game.view(game.to_move)
    assert biggame.advise_bid(view, samples=4, seed=1).rules == BIG_GAME


@pytest.mark.parametrize("form", ["hands", "text", "json list", "json object", "position"])
def test_dd_table_reads_a_dealt_deal_as_the_big_games(form):
    hands = BigGame(seed=4).deal()
    text = "hands=" + "/".join(".".join(t.compact() for t in h) for h in hands)
    deal = {"hands": hands, "text": text, "json list": json.dumps([[str(t) for t in h] for h in hands]),
            "json object": {"hands": [[str(t) for t in h] for h in hands]},
            "position": {"trump": 4, "leader": 0, "hands": [[str(t) for t in h] for h in hands]}}[form]
    # 36 solves of seconds each: stopped at once, after the deal is read (42's rules refuse it first).
    with pytest.raises(SearchLimitError):
        biggame.dd_table(deal, should_stop=stopped)
    with pytest.raises(SearchLimitError):
        texas42.dd_table(hands, BIG_GAME, should_stop=stopped)
    with pytest.raises(ParseError, match="holds 11 tiles, not 7"):
        texas42.dd_table(hands, should_stop=stopped)


def test_dd_table_keeps_a_deal_that_names_its_game():
    table = biggame.dd_table("42 " + DEAL_42)
    assert table.rules == texas42.Rules() and (table.points == texas42.dd_table(DEAL_42).points).all()
    assert (biggame.dd_table(DEAL_42, rules=texas42.Rules()).points == table.points).all()
    assert (biggame.Solver().dd_table(texas42.Position("trump=4 " + DEAL_42)).points == table.points).all()


def test_positions_read_untagged_text_json_and_keywords_as_the_big_games():
    pos = Position(LEADS)
    assert pos.rules == BIG_GAME and pos == texas42.Position(TAGGED) and texas42.Position(TAGGED) == pos
    as_json = pos.to_json()
    del as_json["game"]
    assert Position.from_json(as_json) == pos and Position.from_json(json.dumps(as_json)) == pos
    keywords = Position(trump=4, leader="N", hands=[["7-3", "8-2", "1-0"], ["3-3", "8-3", "2-1"],
                                                    ["4-4", "6-2", "2-0"], ["8-8", "5-5", "4-0"]])
    assert keywords.rules == BIG_GAME and keywords == pos
    assert Position("42 trump=4 " + DEAL_42).rules == texas42.Rules()  # a tag keeps its game
    assert Position("moon trump=6 hands=66.65.64.63.62.61.55/54.53.52.51.44.43.42/41.33.31.22.21.11.00 "
                    "contract=P15").rules.family == "moon"
    assert pos != texas42.Position("trump=4 " + DEAL_42)
    copy = pos.copy()
    assert type(copy) is Position and copy == pos and eval(repr(pos), {"Position": Position}) == pos
    assert pickle.loads(pickle.dumps(pos)) == pos
    with pytest.raises(ParseError, match="not both"):
        Position(LEADS, rules=BIG_GAME)


def test_views_read_untagged_text_and_json_as_the_big_games():
    game = BigGame(seed=1)
    view = game.view(game.to_move)  # texas42's class, The Big Game's rules
    text = str(view)
    assert text.startswith("biggame ")
    untagged = biggame.PlayerView(text.removeprefix("biggame "))
    assert untagged.rules == BIG_GAME and untagged == view and view == untagged and hash(untagged) == hash(view)
    as_json = view.to_json()
    del as_json["game"]
    assert biggame.PlayerView.from_json(as_json) == view == biggame.PlayerView.from_json(json.dumps(as_json))
    assert eval(repr(view), {"PlayerView": biggame.PlayerView}) == view
    assert biggame.PlayerView("42 seat=N hand=66.65.64.63.62.61.60").rules == texas42.Rules()  # a tag keeps its game
    assert view != game.view((game.to_move + 1) % 4)
    with pytest.raises(Exception, match="Texas 42's"):  # texas42's own reading of the same text
        texas42.PlayerView(text.removeprefix("biggame "))


def test_moves_read_bids_on_the_big_games_ladder():
    with pytest.raises(ParseError, match="bids are 42 and up"):
        biggame.Move.parse("41")
    assert texas42.Move.parse("41").value == 41  # 42's ladder: texas42's default
    assert biggame.Move.parse("41", texas42.Rules()).value == 41  # rules= named
    game = BigGame(seed=1)
    opening = biggame.Move.parse("42")
    assert opening in game.legal_moves and game.legal_moves[game.legal_moves.index(opening)] == opening
    assert hash(opening) == hash(texas42.Move.parse("42")) and opening.words() == "42"
    assert biggame.Move("bid", 42) == texas42.Move("bid", 42) != biggame.Move("bid", 43)
    assert eval(repr(game), {"BigGame": BigGame, "Move": biggame.Move}) == game


def test_solving_reads_untagged_positions_as_the_big_games():
    explicit = texas42.solve(TAGGED)
    assert biggame.solve(LEADS) == explicit and biggame.solve(json.dumps({k: v for k, v in Position(LEADS).to_json().items()
                                                                          if k != "game"})) == explicit
    assert biggame.Solver().value(LEADS) == explicit.value == biggame.Solver().solve(LEADS).value
    assert biggame.analyse_play(LEADS, ["7-3:3"]) == texas42.analyse_play(TAGGED, ["7-3:3"])
    batch = biggame.solve_batch(iter([LEADS, TAGGED]))
    assert batch.values.tolist() == [explicit.value] * 2
    with pytest.raises(Exception, match="double-6"):  # texas42's own reading of the same text
        texas42.solve(LEADS)


def test_hint_and_claim_read_view_json_without_a_game_as_the_big_games():
    view = Position(LEADS + " contract=N42 discard=66").view(0)
    as_json = view.to_json()
    del as_json["game"]
    ours = biggame.hint(as_json, samples=3, seed=1)
    assert ours.moves == biggame.hint(view, samples=3, seed=1).moves and ours.view == view
    assert biggame.claim(json.dumps(as_json), samples=3, seed=1) == biggame.claim(view, samples=3, seed=1)


@pytest.mark.parametrize("name", ["advise_bid", "dd_table", "hint", "claim", "solve", "analyse_play", "solve_batch"])
def test_each_function_is_texas42s_with_its_signature_and_docstring(name):
    ours, theirs = getattr(biggame, name), getattr(texas42, name)
    assert ours is not theirs and inspect.signature(ours) == inspect.signature(theirs)
    assert "Big Game" in ours.__doc__ and inspect.cleandoc(theirs.__doc__) in ours.__doc__
    assert ours.__module__ == "dominosolver.biggame" and ours.__wrapped__ is theirs
