"""`show` of a seat's view with a contract won but no trumps yet says the declarer is to name them
(The Big Game's declarer with the widow, to lay a tile away first, §4.3), not 'on the table nothing'."""

from __future__ import annotations

from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.texas42.game import Game
from dominosolver.texas42.rules import Rules, contract_text


def shown(text: str) -> list[str]:
    out = CliRunner().invoke(cli, ["show", text])
    assert out.exit_code == 0, out.output
    return out.output.splitlines()


def won(game: Game) -> Game:
    """The game's auction played to a contract: the first bid above a pass, then passes."""
    while game.phase == "bidding":
        game.play(game.legal_moves[1] if not game.auction else game.legal_moves[0])
    return game


def test_texas42_every_seat_sees_the_declarer_to_name_trumps():
    game = won(Game(seed=1))
    assert game.phase == "declaring" and game.trump is None
    declarer = game.rules.seat_names[game.contract.declarer]
    for seat in range(game.rules.seats):
        lines = shown(str(game.view(seat)))
        assert lines[0].startswith(f"{game.rules.seat_names[seat]}'s view: hand ") and "on the table" not in lines[0]
        named = contract_text(game.contract, game.rules)
        assert lines[1:] == [f"contract {named}: trumps to be named by {declarer} (the declarer)"]


def test_the_big_game_exchange_then_the_declaration():
    game = won(Game(seed=1, rules=Rules.of_game("biggame")))
    assert game.phase == "exchange"
    declarer = game.rules.seat_names[game.contract.declarer]
    contract = f"contract {contract_text(game.contract, game.rules)}: "
    assert shown(str(game.view(0)))[1:] == [contract + f"{declarer} (the declarer) to lay a tile away, then name trumps"]
    game.play(game.legal_moves[0])  # the declarer lays a tile away
    assert game.phase == "declaring"
    assert shown(str(game.view(game.contract.declarer)))[1:] == [contract + f"trumps to be named by {declarer} (the declarer)"]


def test_a_view_in_play_still_shows_the_table():
    game = won(Game(seed=1))
    game.play(game.legal_moves[0])  # trumps named
    assert game.trump is not None
    assert "on the table nothing" in shown(str(game.view(0)))[0]
