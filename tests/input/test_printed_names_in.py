"""Names in, names out (issue 39, point 3): the words a table, a hint or a bid advice prints for a
declaration ("fives", "follow-me", "doubles", "nello-high", The Big Game's "sevens" and "eights")
are read back wherever a declaration is typed: a game's move (``declare fives``, so the terminal game
and HTTP's ``move``), a position's or view's notation (``trump=fives``) and JSON; and in Moon's and
The Big Game's exchange a bare tile ("6-4", "4-6", "64") is the discard, as ``discard 6-4`` is."""

from __future__ import annotations

import re

import pytest
from dominosolver import games
from dominosolver.cli.human import HumanGame
from dominosolver.texas42 import Move, PlayerView, Position
from dominosolver.texas42.rules import Rules, parse_trump
from dominosolver.texas42.solve import declaration_name

FAMILIES = [("texas42", {"specials": "all"}), ("moon", {}), ("moon4", {}), ("biggame", {})]


def rules_of(tag: str, flags: dict) -> Rules:
    return Rules.of_game(tag, flags)


def printed_names(rules: Rules, declaration) -> set[str]:
    """Every name the game prints for ``declaration``: tables' and advice's (``declaration_name``),
    the move's own ("declare 5" prints it as ``5``), and a game's variant name (Moon: "fives")."""
    return {declaration_name(declaration), str(declaration)}


def table():
    for tag, flags in FAMILIES:
        rules = rules_of(tag, flags)
        for declaration in rules.declarations:
            for name in sorted(printed_names(rules, declaration)):
                yield pytest.param(tag, flags, declaration, name, id=f"{tag}-{declaration}-{name}")


def declared(tag: str, flags: dict, declaration, name: str, seed: int = 1):
    """A game of ``tag`` in which the first bidder bids the highest plain bid (a mark bid: Nel-O and
    Sevens are named on one), the others pass, and the bidder declares by ``name``; played on to the
    first lead (the exchange's discard typed as a bare tile)."""
    spec = games.get(tag)
    game = spec.Game(seed, rules_of(tag, flags), 0, [])
    while game.phase != "playing":
        moves = [str(m) for m in game.legal_moves]
        if game.phase == "bidding":
            bids = [m for m in moves if m != "pass" and ":" not in m]
            game.play(bids[-1] if not any(b for _, b in game.auction) else "pass")
        elif game.phase == "declaring":
            assert f"declare {declaration}" in moves
            game.play(f"declare {name}")
        else:
            game.play(moves[0].split()[1])  # "discard 6-4" typed as "6-4"
    return game


@pytest.mark.parametrize("tag, flags, declaration, name", list(table()))
def test_every_printed_declaration_name_is_read_back(tag, flags, declaration, name):
    rules = rules_of(tag, flags)
    assert parse_trump(name, rules) == parse_trump(name.upper(), rules) == declaration
    assert Move.parse(f"declare {name}", rules) == Move("declare", declaration)
    game = declared(tag, flags, declaration, name)
    assert game.trump == declaration and [str(m) for m in game.moves if m.kind == "declare"] == [f"declare {declaration}"]
    pos, view = game.position, game.view(game.contract.declarer)
    named = re.sub(r"trump=\S+", f"trump={name}", str(pos))
    assert named != str(pos) or name == str(declaration)
    assert Position(named) == pos
    assert Position.from_json({**pos.to_json(), "trump": name}) == pos
    assert PlayerView(re.sub(r"trump=\S+", f"trump={name}", str(view))) == view
    assert PlayerView.from_json({**view.to_json(), "trump": name}) == view


def test_sevens_is_the_contract_in_42_and_the_suit_in_the_big_game():
    assert parse_trump("sevens") == parse_trump("sevens", Rules(specials="all")) == "sevens"
    assert parse_trump("sevens", Rules.of_game("biggame")) == 7
    assert parse_trump("eights", Rules.of_game("biggame")) == 8


@pytest.mark.parametrize("tag", ["moon", "biggame"])
def test_the_exchange_takes_a_bare_tile_as_the_discard(tag):
    spec = games.get(tag)
    game = spec.Game(2, spec.Rules(), 0, [])
    while game.phase != "exchange":
        moves = [str(m) for m in game.legal_moves]
        game.play(moves[-1] if game.phase == "bidding" else moves[0])
    moves = [str(m) for m in game.legal_moves]
    tile = moves[-1].split()[1]
    high, low = tile.split("-")
    for typed in (tile, f"{low}-{high}", high + low, f"discard {tile}", f"DISCARD {tile}"):
        assert game._parse_move(typed) == Move("discard", tile), typed
    game.play(f"{low}-{high}")
    assert str(game.moves[-1]) == moves[-1] and game.phase != "exchange"


def test_the_terminal_game_takes_the_printed_names():
    """``play --human``: in Moon the person declares by the word the hint prints and lays a tile away
    by the tile alone."""
    spec = games.get("moon")
    shown: list = []
    typed: list[str] = []
    person = HumanGame(spec, 1, 1, show=shown.extend, read=lambda prompt: typed.pop(0))
    # P1 bids first after P0 deals: it bids 7, the others pass; then it is to declare.
    for move in ("7", "pass", "pass"):
        person.game.play(move)
    assert person.game.phase == "declaring" and person.game.to_move == 1
    typed.append("declare fives")
    assert person.turn() and person.game.trump == 5
    assert person.game.phase == "exchange"
    discard = str(person.game.legal_moves[-1])  # "discard 6-4"
    typed.append(discard.split()[1])
    assert person.turn() and str(person.game.moves[-1]) == discard and person.game.phase == "playing"
    assert not typed and not any("[red]" in str(line) for line in shown)  # no move refused on the way
