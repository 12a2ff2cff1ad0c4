"""The texas42 package over Moon's table (docs/rules.md §4.1-4.2, docs/notation.md): seat and side
names come from the rules (N E S W and NS/EW round four seats; Moon's three players P0 P1 P2, its
bidder alone against the other two), and positions, games, notation, JSON and messages use them."""

from __future__ import annotations

import pytest
from dominosolver.errors import IllegalMoveError, InvalidPositionError, ParseError
from dominosolver.texas42 import Game, Move, Position, Rules
from dominosolver.texas42.rules import contract_text, parse_seat

MOON = Rules(family="moon")
MOON4 = Rules(family="moon4")
# A Moon deal after P1's exchange: 7 tiles each of the 22 (no 6-0 .. 1-0), and 3-2 laid away.
HANDS = "66.65.64.63.62.61.55/54.53.52.51.44.43.42/41.33.31.22.21.11.00"


def played_moon_game(seed: int) -> Game:
    """A Moon game from ``seed``: the dealer bids 4 after two passes, names blanks, discards its
    first tile; then the first legal tile each turn, to the end of the game."""
    game = Game(seed=seed, rules=MOON)
    while not game.is_over:
        moves = game.legal_moves
        game.play(moves[1] if game.phase == "bidding" and game.to_move == game.dealer else moves[0])
    return game


def test_the_rules_name_their_table():
    assert (Rules().seat_names, Rules().scorer_names) == (("N", "E", "S", "W"), ("NS", "EW"))
    assert (MOON.seat_names, MOON.scorer_names, MOON.scorers) == (("P0", "P1", "P2"), ("P0", "P1", "P2"), 3)
    assert (MOON4.seat_names, MOON4.scorer_names) == (("N", "E", "S", "W"), ("NS", "EW"))
    assert [MOON.scorer_of(s) for s in range(3)] == [0, 1, 2] and [Rules().scorer_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert MOON.parse_seat("p2") == MOON.parse_seat(2) == MOON.parse_seat("2") == 2
    assert (MOON.title, MOON4.title, Rules().title) == ("Moon", "Partnership Moon", "Texas 42")
    with pytest.raises(ParseError, match="use 0..2 or P0, P1, P2"):
        MOON.parse_seat("N")
    with pytest.raises(ParseError, match="use 0..2"):
        parse_seat(3, MOON)
    assert parse_seat("W") == 3  # the standard table by default


def test_a_moon_position_reads_and_writes_its_seats():
    pos = Position(f"moon trump=6 hands={HANDS} contract=P15")
    assert pos.game == "moon" and pos.rules == MOON and pos.to_move == 1  # the bidder leads (§4.1)
    assert pos.side_names == ("P1", "P0P2") and pos.team_to_move == "P1"
    assert [pos.side_of(s) for s in ("P0", "P1", "P2")] == [1, 0, 1]
    assert str(pos) == f"moon trump=6 leader=P1 hands={HANDS} contract=P15"
    assert contract_text(pos.contract, pos.rules) == "P15" and pos.seat_name(2) == "P2"
    assert Position(str(pos)) == pos == eval(repr(pos)) == Position.from_json(pos.to_json())
    assert pos.to_json()["game"] == "moon" and "family" not in pos.to_json()["rules"]
    # The same position from the rules= flag instead of the leading word.
    assert Position(f"trump=6 hands={HANDS} contract=P15 rules=family:moon") == pos
    pos.play("4-4")
    assert pos.to_move == 2 and pos.hand("P2")[0].compact() == "41"
    with pytest.raises(IllegalMoveError, match=r"seat 2 \(P2\) must follow suit"):
        pos.play("3-3")


@pytest.mark.parametrize("text, fault", [
    (f"moon trump=6 hands={HANDS}/- contract=P15", "needs 3 hands"),
    (f"moon trump=6 hands={HANDS} contract=N5", "write a seat .P0, P1, P2. then the bid"),
    (f"moon trump=6 hands={HANDS} contract=P15 rules=family:moon4", "the rules say family 'moon4', but the game is 'moon'"),
    (f"moon trump=6 leader=E hands={HANDS} contract=P15", "unknown seat 'E'"),
])
def test_moon_text_that_does_not_fit_the_table_is_refused_by_name(text, fault):
    with pytest.raises(ParseError, match=fault):
        Position(text)


def test_a_moon_game_names_its_players_and_scores_each():
    game = played_moon_game(3)
    assert set(game.scores) == {"P0", "P1", "P2"} and game.winner in game.scores
    assert max(game.scores.values()) >= 21
    first = game.hands_played[0]
    assert first["contract"].declarer == first["dealer"]  # the dealer bid 4 after two passes
    bidder = MOON.seat_names[first["contract"].declarer]
    assert set(first["tricks"]) == {bidder, "".join(n for n in MOON.seat_names if n != bidder)}
    assert sum(first["tricks"].values()) == 7
    assert eval(repr(game)) == game


def test_a_moon_game_reads_its_bids_and_the_discard():
    game = Game(seed=5, rules=MOON)
    with pytest.raises(ParseError, match="bids are 4 and up"):
        game.play("3")
    while game.phase == "bidding":
        game.play("5" if game.to_move == game.dealer else "pass")
    game.play("declare 4")
    assert game.phase == "exchange" and {m.kind for m in game.legal_moves} == {"discard"}
    tile = game.legal_moves[0].value
    game.play(tile.compact())  # in the exchange a tile is the one laid away
    assert game.phase == "playing" and tile not in [t for h in game.position.hands for t in h]
    assert str(Move("discard", tile)) == f"discard {tile}" and Move.parse(f"discard {tile}") == Move("discard", tile)


def test_standard_42_keeps_its_names():
    pos = Position("trump=4 leader=N hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/"
                   "60.53.50.33.32.21.00 contract=N30")
    assert str(pos).startswith("trump=4 leader=N") and pos.side_names == ("NS", "EW") and pos.to_json()["game"] == "texas42"
    with pytest.raises(InvalidPositionError, match="4 hands"):
        Position(trump=4, hands=[["6-6"]] * 3)
