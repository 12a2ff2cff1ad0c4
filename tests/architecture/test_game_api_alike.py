"""One Python API across the games: what a registry row names (``Game``, ``Position``, ``PlayerView``,
``Rules``) and what its ``solve`` and ``hint`` return answer to the same names with the same types
where the meaning is the same, for every registered game (games/registry.py: a new game is checked
too). Where the games differ for real, the class's docstring says why: Bingo has no dealer (its
``Game`` takes ``start=``, the first deal's leader) and no auction; a hand of 42 is a deal of Bingo.
JSON and notation are not this module's (their fields stay as they are: tests/formats)."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import random

import pytest
from dominosolver import games
from dominosolver.errors import InvalidViewError
from dominosolver.pimc import MoveStat
from dominosolver.result import SolveResult
from dominosolver.tiles import Tile
from dominosolver.wrappers import FlagRules, RecordedGame

TAGS = list(games.GAMES)
COMMON_NAMES = ("Game", "Position", "PlayerView", "Rules", "Move", "Solver", "solve", "hint", "Hint", "MoveStat",
                "SolveResult")


def package(spec):
    """The package a game's classes come from, as users import it (dominosolver.moon for both Moons)."""
    return importlib.import_module(".".join(spec.Game.__module__.split(".")[:2]))


def tiles(value) -> bool:
    return type(value) is tuple and all(isinstance(t, Tile) for t in value)


@pytest.mark.parametrize("tag", TAGS)
def test_the_package_names_what_every_game_has(tag):
    spec = games.get(tag)
    pkg = package(spec)
    missing = [name for name in COMMON_NAMES if not hasattr(pkg, name)]
    missing += [name for name in ("advise_bid", "claim") if getattr(spec, name) is not None and not hasattr(pkg, name)]
    assert not missing, f"{pkg.__name__} lacks {missing}"
    assert issubclass(spec.Game, RecordedGame) and issubclass(spec.Rules, FlagRules)
    assert pkg.SolveResult is SolveResult and pkg.MoveStat is MoveStat


@pytest.mark.parametrize("tag", TAGS)
def test_rules_name_the_table_alike(tag):
    spec = games.get(tag)
    rules = spec.Rules()
    names = rules.seat_names
    assert type(rules.seats) is int and type(names) is tuple and len(names) == rules.seats
    for seat, name in enumerate(names):
        assert isinstance(name, str) and rules.parse_seat(name) == seat == rules.parse_seat(seat)
        assert rules.seat_name(seat) == name == spec.seat_name(seat)
        assert 0 <= rules.scorer_of(seat) < rules.scorers
    assert type(rules.scorer_names) is tuple and len(rules.scorer_names) == rules.scorers
    assert type(rules.hand_size) is int and type(rules.target) is int and rules.target > 0
    assert all(isinstance(name, str) for name in rules.scorer_names)


@pytest.mark.parametrize("tag", TAGS)
def test_a_game_answers_alike_from_the_deal_to_the_end(tag):
    spec = games.get(tag)
    parameters = list(inspect.signature(spec.Game).parameters)
    assert parameters[:2] == ["seed", "rules"] and parameters[-1] == "moves"
    first = parameters[2]
    docs = " ".join(c.__doc__ or "" for c in spec.Game.__mro__)  # a member's game says what its family's does
    assert first in ("dealer", "start") and first in docs
    if first != "dealer":  # the difference is the game's, and its docstring says so
        assert "no dealer" in docs
    game = spec.Game(seed=5, rules=spec.Rules(), moves=[])
    rules, rng, bot = game.rules, random.Random(tag), rule_of_thumb(spec)
    assert getattr(game, first) == 0 if first == "start" else game.first_dealer == 0
    played = 0
    while not game.is_over and played < 3000:
        assert game.winner is None and type(game.is_over) is bool
        assert type(game.scores) is dict and list(game.scores) == list(rules.scorer_names)
        assert all(type(v) is int for v in game.scores.values())
        legal = game.legal_moves
        assert type(legal) is list and legal and type(game.moves) is list and len(game.moves) == played
        seat = game.to_move
        assert type(seat) is int and 0 <= seat < rules.seats
        view = game.view(seat=seat)
        assert isinstance(view, spec.PlayerView) and view.seat == seat and view.to_move == seat
        assert view.rules == rules and tiles(view.hand) and type(view.legal_moves) is tuple
        position = game.position
        if position is None:  # only before a hand's play: the 42 family's auction, declaration, exchange
            assert getattr(game, "phase", "playing") != "playing"
        else:
            assert isinstance(position, spec.Position) and position.to_move == seat
            assert sorted(map(str, view.legal_moves)) == sorted(map(str, legal))
        game.play(rng.choice(legal) if bot is None or rng.random() < 0.2 else bot.choose(game))
        played += 1
    assert game.is_over and game.to_move is None and game.legal_moves == []
    assert game.winner in rules.scorer_names and game.scores[game.winner] == max(game.scores.values())
    assert game.scores[game.winner] >= rules.target or getattr(game, "games_won", {}).get(game.winner)
    assert isinstance(game.position, spec.Position)  # once over: its last hand (deal) as it ended
    assert game.copy() == game and game.copy().scores == game.scores


def rule_of_thumb(spec):
    """The game's quick bot of its arena (random moves alone can bid the Moons' games on for ever),
    or None without one."""
    quick = [name for name in ("rule", "baseline") if spec.arena is not None and name in spec.arena.bots]
    return spec.arena.make_bot(quick[0], 1, {}) if quick else None


def late_position(spec, seed):
    """A deal of ``spec`` played at random to its last few tiles: solved and hinted at once."""
    pos, rng = spec.deal(seed, spec.variants[0]), random.Random(seed)
    while sum(len(h) for h in pos.hands) > 2 * spec.Rules().seats + 1 and not pos.is_over:
        pos.play(rng.choice(pos.legal_moves))
    if pos.is_over:  # a Bingo deal can end early (a claim, a close): the position before its last move
        pos.undo()
    return pos


@pytest.mark.parametrize("tag", TAGS)
def test_positions_and_views_answer_alike(tag):
    spec = games.get(tag)
    pos = late_position(spec, 3)
    hands = pos.hands
    assert type(hands) is tuple and all(tiles(h) for h in hands) and len(hands) == pos.rules.seats
    assert max(map(len, spec.deal(3, spec.variants[0]).hands)) == pos.rules.hand_size  # as dealt
    assert all(pos.hand(p) == hands[p] for p in range(len(hands)))
    assert type(pos.leader) is int and type(pos.to_move) is int and type(pos.is_over) is bool
    assert type(pos.legal_moves) is list and type(pos.trick) is tuple
    assert type(pos.points) is tuple and all(type(p) is int for p in pos.points)
    assert type(pos.tricks_won) is tuple and all(type(n) is int for n in pos.tricks_won)
    assert spec.Position(str(pos)) == pos == spec.Position.from_json(pos.to_json()) == pos.copy()
    for seat in range(pos.rules.seats):
        view = pos.view(seat=seat)
        assert isinstance(view, spec.PlayerView) and view.seat == seat and view.hand == pos.hand(seat)
        assert type(view.points) is tuple and view.leader == pos.leader
        assert spec.PlayerView(str(view)) == view == spec.PlayerView.from_json(view.to_json())


@pytest.mark.parametrize("tag", TAGS)
def test_solve_and_hint_answer_alike(tag):
    spec = games.get(tag)
    pos = late_position(spec, 4)
    result = spec.solve(pos)
    assert type(result) is SolveResult and type(result.value) is int and type(result.pov) is str
    assert type(result.moves) is dict and set(result.moves) == {str(m) for m in pos.legal_moves}
    view = pos.view(seat=pos.to_move)
    hint = spec.hint(view, samples=8, seed=1)
    assert type(hint).__name__ == "Hint" and hint.view == view and hint.seat == view.seat
    assert type(hint.pov) is str and type(hint.moves) is list and all(type(m) is MoveStat for m in hint.moves)
    assert type(hint.warnings) is list and hint.best == hint.moves[0].move and type(hint.exact) is bool
    assert {m.move for m in hint.moves} == set(result.moves) and type(hint.worlds) is int


@pytest.mark.parametrize("tag", TAGS)
def test_a_view_built_from_keywords_is_held_to_what_its_records_give(tag):
    spec = games.get(tag)
    pos = late_position(spec, 5)
    view = pos.view(seat=pos.to_move)
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    assert view.legal_moves and spec.PlayerView(**fields) == view
    wrong = {"points": (view.points[0] + 1, *view.points[1:]),  # facts the rules derive from its records
             "leader": (view.leader + 1) % pos.rules.seats,
             "legal_moves": view.legal_moves[1:]}
    for name, value in wrong.items():
        with pytest.raises(InvalidViewError, match=name):
            spec.PlayerView(**{**fields, name: value})
