"""The Big Game's exchange advice (biggame/exchange.py): every legal discard of the bidder
ranked by the share of deals on which its side then takes the contract's points, by zero-window
tests; illegal discards refused by name; the same advice through the hint of the command line, the
engine and the hint bot; and the bidder's view while declaring, which carries its discard."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from dominosolver import biggame, games
from dominosolver.biggame import BigGame, PlayerView
from dominosolver.biggame.exchange import DiscardTests, advise_exchange, in_big_game_exchange
from dominosolver.biggame.exchange_rule import exchanged
from dominosolver.cli.main import cli
from dominosolver.engine import EngineServer
from dominosolver.errors import IllegalMoveError, InvalidViewError
from dominosolver.texas42.bid_tests import BidTests
from dominosolver.texas42.bots import HintBot, RuleBot
from dominosolver.texas42.sampling import WorldSampler
from dominosolver.tiles import Tile

# E won at 66 holding every eight, 7-7, 6-6 and 2-1: with eights trump, laying 2-1 away leaves 11
# sure tricks (all 66 points on every deal); keeping it, 2-1 loses a trick unless the partner wins it.
EIGHTS = PlayerView.from_json({
    "game": "biggame", "seat": "E", "contract": {"declarer": "E", "bid": 66}, "hand_sizes": [11, 12, 11, 11],
    "hand": ["8-8", "8-7", "8-6", "8-5", "8-4", "8-3", "8-2", "8-1", "8-0", "7-7", "6-6", "2-1"]})


def in_exchange(seed: int) -> BigGame:
    game, bot = BigGame(seed=seed), RuleBot()
    while game.phase == "bidding":
        game.play(bot.choose(game))
    assert game.phase == "exchange"
    return game


def test_a_forced_discard_ranks_first():
    advice = advise_exchange(EIGHTS, samples=3, seed=1, discards=["8-0", "2-1", "7-7"])
    assert advice.declaration == 8 and advice.levels == [66]  # no level above every point
    assert advice.best == Tile("2-1") and advice["2-1"].p_make == 1.0 and advice["2-1"].rank == 1
    assert advice["8-0"].p_make < 1.0 and advice["7-7"].p_make < 1.0
    assert advice["8-0"].rank > 1 and advice["7-7"].rank > 1
    assert not advice.warnings and all(c.unknown == (0,) for c in advice.choices)


def test_a_node_budget_leaves_deals_unknown_and_says_so():
    advice = advise_exchange(EIGHTS, samples=3, seed=1, discards=["8-0", "2-1", "7-7"], max_nodes=50)
    assert advice.tests > 0 and advice.cut > 0
    assert sum(c.unknown[0] for c in advice.choices) > 0 and "counted as not made" in advice.warnings[0]
    assert advice.choices[0].p_make <= 1.0 and {c.discard for c in advice.choices} == {Tile("8-0"), Tile("2-1"), Tile("7-7")}


def test_illegal_discards_are_refused_by_name():
    with pytest.raises(IllegalMoveError, match="8-2 is a counter"):
        advise_exchange(EIGHTS, samples=2, seed=1, discards=["8-2"])
    with pytest.raises(IllegalMoveError, match="5-0 is not in the bidder's hand"):
        advise_exchange(EIGHTS, samples=2, seed=1, discards=["2-1", "5-0"])
    with pytest.raises(InvalidViewError, match="discards must be a list"):
        advise_exchange(EIGHTS, samples=2, seed=1, discards=[])


def test_the_deals_are_drawn_once_for_the_declaration_and_the_discards(monkeypatch):
    drawn = []
    stream = WorldSampler.stream

    def counted(self, seed=None):
        for world in stream(self, seed):
            drawn.append(world)
            yield world

    monkeypatch.setattr(WorldSampler, "stream", counted)
    advice = advise_exchange(EIGHTS, samples=5, seed=1, discards=["8-0", "2-1"])
    assert advice.worlds == 5 and advice.tests > 0 and len(drawn) == 5


def test_discard_tests_sharing_the_declarations_deals_test_the_same_deals():
    declaring = BidTests(EIGHTS, 4, 3)
    declaring.position(0, 0)  # draws the 4 deals
    discards = [Tile("2-1"), Tile("8-0")]
    shared = DiscardTests(EIGHTS, 8, discards, 4, 3, deals=declaring)
    fresh = DiscardTests(EIGHTS, 8, discards, 4, 3)
    assert [shared.position(d, w) for d in range(2) for w in range(4)] == \
        [fresh.position(d, w) for d in range(2) for w in range(4)]
    assert shared.position(0, 0) != shared.position(0, 1)  # the deals differ: the positions tell them apart
    with pytest.raises(ValueError, match="same view, samples and seed"):
        DiscardTests(EIGHTS, 8, discards, 4, 5, deals=declaring)


def test_only_the_bidder_in_its_exchange_is_advised():
    game = in_exchange(1)
    other = game.view((game.to_move + 1) % 4)
    assert in_big_game_exchange(game.view(game.to_move)) and not in_big_game_exchange(other)
    with pytest.raises(InvalidViewError, match="bidder in its exchange"):
        advise_exchange(other, samples=2)
    game.play(game.legal_moves[0])
    with pytest.raises(InvalidViewError, match="in its exchange, not in its declaring"):
        advise_exchange(game, samples=2)


def test_bid_advice_in_the_exchange_points_to_the_hint():
    # The bidder's 12 tiles are its hand and the undealt tile: not a hand at the auction of 11.
    game = in_exchange(1)
    for asked in (EIGHTS, game.view(game.to_move)):
        with pytest.raises(InvalidViewError, match="exchange is advised by a hint"):
            biggame.advise_bid(asked, samples=2)
    with pytest.raises(InvalidViewError, match="holds 11 tiles, not 12"):  # no contract won: no exchange
        biggame.advise_bid(" ".join(str(t) for t in EIGHTS.hand), seat="E", samples=2)


def test_every_legal_discard_is_ranked_and_the_json_says_so():
    game = in_exchange(1)
    advice = advise_exchange(game, samples=2, seed=4, time=3)
    legal = {m.value for m in game.legal_moves}  # the core's legal discards
    assert {c.discard for c in advice.choices} == legal
    assert [c.rank for c in advice.choices] == sorted(c.rank for c in advice.choices)
    shares = [c.shares for c in advice.choices]
    assert shares == sorted(shares, reverse=True)  # best first, by the shares level by level
    out = advice.to_json()
    assert out["schema"] == "dominosolver.exchange/1" and out["best"] == str(advice.best)
    assert out["levels"][0] == game.rules.points_needed(game.contract.bid) and out["worlds"] == 2
    assert len(out["moves"]) == len(legal) and out["moves"][0]["rank"] == 1


def test_the_hint_of_the_command_line_and_the_engine_rank_the_discards():
    view = EIGHTS
    result = CliRunner().invoke(cli, ["hint", json.dumps(view.to_json()), "--samples", "2", "--seed", "1", "--json"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    direct = advise_exchange(view, samples=2, seed=1).to_json()
    assert out["schema"] == "dominosolver.exchange/1" and out["moves"] == direct["moves"] and out["best"] == "2-1"
    text = CliRunner().invoke(cli, ["hint", json.dumps(view.to_json()), "--samples", "2", "--seed", "1"]).output
    assert "declaring eights" in text and "2-1" in text
    buffer = io.StringIO()
    server = EngineServer(buffer, threads=1)
    for line in ({"cmd": "position", "view": view.to_json(), "id": "a"}, {"cmd": "go", "samples": 2, "seed": 1, "id": "b"}):
        server.wait()
        server.handle(json.dumps(line))
    server.wait()
    best = [json.loads(x) for x in buffer.getvalue().splitlines()][-1]
    assert best["type"] == "bestmove" and best["move"] == "discard 2-1"
    assert best["exchange"]["moves"] == direct["moves"]


def test_the_bidders_view_while_declaring_carries_its_discard():
    game = in_exchange(1)
    bidder = game.contract.declarer
    move = game.legal_moves[0]
    game.play(move)
    assert game.phase == "declaring"
    view = game.view(bidder)
    assert view.discard == move.value and move.value not in view.hand and len(view.hand) == 11
    assert PlayerView.from_json(view.to_json()) == view and PlayerView(str(view)) == view
    assert game.view((bidder + 1) % 4).discard is None
    # The deals of the declaring view keep the discard out of every hand; the bid tests take them as
    # dealt (the rule of thumb's exchange is for views before it).
    world = WorldSampler(view).world(0)
    assert all(not (m >> move.value.id & 1) for m in world) and sum(m.bit_count() for m in world) == 44
    assert exchanged(view, world, 4) == world
    with pytest.raises(InvalidViewError, match="only the bidder knows the discard"):
        PlayerView.from_json({**game.view((bidder + 1) % 4).to_json(), "discard": str(move.value)})


def test_the_hint_bot_lays_away_the_advice_s_best_and_declares_its_declaration():
    game = in_exchange(1)
    bot = HintBot(seed=2, bid_samples=2, bid_time=2)
    move = bot.choose(game)
    assert move in game.legal_moves and move.kind == "discard"
    game.play(move)
    declare = bot.choose(game)
    assert declare.kind == "declare" and declare in game.legal_moves


def test_play_human_seats_hint_bots_and_advises_the_exchange():
    human = games.get("biggame").human
    assert isinstance(human.bot(5), HintBot)
    advice = list(human.advise(EIGHTS, 5))
    assert len(advice) == 1 and "to lay a tile away; declaring eights" in str(advice[0])
