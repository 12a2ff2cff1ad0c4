"""A Bingo view's record of the deal (bingo/record.py): who played what and who drew, as the viewer
saw it; carried through JSON and text, replayed by the C++ core when read, a wrong one refused by name."""

from __future__ import annotations

import json
import random

import pytest

from dominosolver.bingo import Game, Move, PlayerView, Position
from dominosolver.bingo.record import Step
from dominosolver.errors import InvalidViewError, ParseError
from dominosolver.io import validate
from dominosolver.tiles import Tile


def played_game(seed: int, moves: int) -> Game:
    """A game after up to ``moves`` random legal moves of its first deal."""
    game, rng = Game(seed=seed), random.Random(seed)
    while len(game.moves) < moves and not game.deals_played:
        game.play(rng.choice([m for m in game.legal_moves if m.kind != "claim"]))
    return game


def views(seeds=range(12), moves=(3, 9, 16, 24)):
    for seed in seeds:
        for n in moves:
            game = played_game(seed, n)
            if not game.deals_played:
                yield from (game.view(0), game.view(1))


def test_a_games_views_record_every_move_and_draw_as_the_player_saw_them():
    checked = 0
    for view in views():
        assert view.record is not None
        moves = [s for s in view.record if not s.is_draw]
        draws = [s for s in view.record if s.is_draw]
        # Every tile gone or on the table was played by a recorded move, and every move is there.
        assert {s.move.tile for s in moves if s.move.kind == "tile"} == set(view.played) | set(view.trick)
        # Two draws after each completed phase-one trick (the boneyard shrinks by two a trick).
        assert len(draws) == 14 - view.boneyard_size if view.closed_by is None else len(draws) % 2 == 0
        for s in draws:
            if s.player == view.seat:
                assert s.drew is not None  # its own draws it saw
            else:
                assert s.drew in (None, view.turned)  # the opponent's are hidden, but the face-up tile
        checked += 1
    assert checked > 60


def test_the_record_round_trips_through_json_and_text():
    for view in views(range(6)):
        o = json.loads(json.dumps(view.to_json()))
        validate(o, "view")
        assert o["record"] == [
            {"player": s.player, "move": str(s.move)} if not s.is_draw
            else {"player": s.player, "drew": None if s.drew is None else str(s.drew)} for s in view.record
        ]
        assert PlayerView.from_json(o) == view
        assert PlayerView(str(view)) == view and "record=" in str(view)


def test_a_view_without_its_deals_beginning_has_no_record_and_old_json_loads():
    game = played_game(3, 9)
    mid_deal = Position(str(game.position))  # built from the text: no history
    assert mid_deal.view(0).record is None
    o = game.view(0).to_json()
    del o["record"]  # JSON from before the record
    assert PlayerView.from_json(o).record is None
    assert PlayerView.from_json({**o, "record": None}) == PlayerView.from_json(o)


def wrong(view: PlayerView, record: list[dict]) -> dict:
    return {**view.to_json(), "record": record}


def test_a_record_that_does_not_lead_to_the_view_is_refused_by_name():
    view = played_game(3, 16).view(0)
    good = view.to_json()["record"]
    assert PlayerView.from_json(wrong(view, good)) == view
    hidden = next(i for i, s in enumerate(good) if "drew" in s and s["player"] == 1 and s["drew"] is None)
    mine = next(i for i, s in enumerate(good) if "drew" in s and s["player"] == 0)
    lead = next(i for i in range(2, len(good) - 1) if "move" in good[i] and "move" in good[i + 1]
                and good[i]["player"] != good[i + 1]["player"])  # a later trick's lead and reply
    cases = {
        # The opponent's draw named: the viewer cannot have seen it.
        "player 0 cannot have seen this draw": [*good[:hidden], {"player": 1, "drew": good[mine]["drew"]}, *good[hidden + 1:]],
        # Its own draw hidden.
        "a player sees its own draws: the tile must be named": [*good[:mine], {"player": 0, "drew": None}, *good[mine + 1:]],
        # A trick's reply recorded before its lead.
        f"player {good[lead]['player']} was to move": [*good[:lead], good[lead + 1], good[lead], *good[lead + 2:]],
        # An opponent's draw recorded at the end rather than after its trick: the draws are out of order.
        "the draw was: player 1 draws a hidden tile": [*good[:hidden], *good[hidden + 1:], good[hidden]],
    }
    for message, record in cases.items():
        with pytest.raises(InvalidViewError, match=message):
            PlayerView.from_json(wrong(view, record))
    # The record replays, but to other points than the view states.
    o = view.to_json()
    with pytest.raises(InvalidViewError, match=f"its record leads to points {o['points'][0]}/"):
        PlayerView.from_json({**o, "points": [o["points"][0] + 4, o["points"][1]]})
    with pytest.raises(ParseError, match="record entry 0"):
        PlayerView.from_json(wrong(view, [{"player": 0, "tile": "6-4"}]))
    with pytest.raises(ParseError, match="malformed record step"):
        PlayerView(str(view).replace("record=0:", "record=0/"))


def test_steps_print_as_python():
    view = played_game(1, 9).view(1)
    for s in view.record:
        assert eval(repr(s), {"Step": Step, "Move": Move, "Tile": Tile}) == s
    assert isinstance(view.record[0], Step)
