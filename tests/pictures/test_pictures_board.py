"""Boards as SVG (``_repr_svg_`` of positions and views, ``GameSpec.pictures``): a position draws
exactly the tiles of each hand and of the trick; a view draws its own hand, what the rules show of the
others, and backs for the rest, and names no hidden tile anywhere in its text."""

from __future__ import annotations

import pytest
from dominosolver import bingo, games, texas42
from dominosolver.errors import ParseError
from dominosolver.pictures.board import Board, Hand, Pile, board_picture
from dominosolver.pictures.tiles import PIPS, draw_tile
from dominosolver.pictures.svg import Canvas
from dominosolver.texas42 import SEATS, Game
from dominosolver.tiles import Tile
from svg_support import NS, backs, face_up, groups, hands, names_tile, parse_svg

SEEDS = (1, 7, 23)


def played_42(seed: int, plays: int, contract: tuple[int, int | str] = (0, 30), trump: object = 4,
              rules: texas42.Rules | None = None) -> texas42.Position:
    """A 42 deal from ``seed`` after ``plays`` plays of the first legal tile."""
    pos = texas42.Position(trump=trump, hands=[list(h) for h in Game(seed=seed).deal()], contract=contract,
                           rules=rules)
    for _ in range(plays):
        pos.play(pos.legal_moves[0])
    return pos


def played_bingo(seed: int, moves: int) -> bingo.Position:
    """A Bingo deal from ``seed`` after ``moves`` moves (a tile where one is legal: the deal goes on)."""
    pos = bingo.Game(seed=seed).position
    for _ in range(moves):
        legal = pos.legal_moves
        pos.play(next((m for m in legal if m.kind == "tile"), legal[0]))
    return pos


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("plays", [0, 2, 9])
def test_a_42_board_draws_every_hand_and_the_trick(seed, plays):
    pos = played_42(seed, plays)
    svg = pos._repr_svg_()
    assert svg == games.get("42").pictures.position(pos)
    root = parse_svg(svg)
    drawn = hands(root)
    assert set(drawn) == set(SEATS)
    for seat, name in enumerate(SEATS):
        assert drawn[name] == ([str(t) for t in pos.hand(seat)], 0)
    trick = groups(root, "trick")[0]
    on_table = [(g.get("data-seat"), face_up(g)[0]) for g in trick if g.get("data-seat")]
    assert on_table == [(SEATS[s], str(t)) for s, t in pos.plays[len(pos.plays) - len(pos.trick):]]
    assert len(on_table) == len(pos.trick) == plays % 4
    assert f"trump {pos.trump}" in svg and f"{SEATS[pos.contract.declarer]} bid 30" in svg


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("seat", range(4))
def test_a_42_view_shows_its_hand_and_backs_for_the_rest(seed, seat):
    pos = played_42(seed, 6)
    view = pos.view(seat)
    svg = view._repr_svg_()
    assert svg == games.get("42").pictures.view(view)
    drawn = hands(parse_svg(svg))
    for other, name in enumerate(SEATS):
        shown, hidden = drawn[name]
        if other == seat:
            assert (shown, hidden) == ([str(t) for t in pos.hand(seat)], 0)
        else:
            assert (shown, hidden) == ([], len(pos.hand(other)))
            for tile in pos.hand(other):
                assert not names_tile(svg, tile), f"{SEATS[seat]}'s view names {SEATS[other]}'s {tile}"
    for _, tile in pos.plays:  # the played tiles are public and drawn: the search above can see a name
        assert names_tile(svg, tile) == (tile in pos.trick)


def test_a_plunge_view_shows_the_revealed_doubles_face_up():
    hands_ = [["6-6", "5-5", "4-4", "3-3", "6-5", "6-4", "6-3"], ["2-2", "1-1", "0-0", "6-2", "6-1", "6-0", "5-4"],
              ["5-3", "5-2", "5-1", "5-0", "4-3", "4-2", "4-1"], ["4-0", "3-2", "3-1", "3-0", "2-1", "2-0", "1-0"]]
    pos = texas42.Position(trump="doubles", hands=hands_, contract=(0, "168:plunge"))
    view = pos.view(1)
    revealed = view.revealed[0]
    assert revealed  # the rules show the Plunge bidder's doubles
    shown, hidden = hands(parse_svg(view._repr_svg_()))["N"]
    assert shown == [str(t) for t in revealed] and hidden == 7 - len(revealed)
    for tile in set(pos.hand(0)) - set(revealed):
        assert not names_tile(view._repr_svg_(), tile)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("moves", [0, 3, 8])
def test_a_bingo_board_draws_both_hands_the_boneyard_and_the_turned_tile(seed, moves):
    pos = played_bingo(seed, moves)
    svg = pos._repr_svg_()
    assert svg == games.get("bingo").pictures.position(pos)
    root = parse_svg(svg)
    assert hands(root) == {f"player {p}": ([str(t) for t in pos.hand(p)], 0) for p in (0, 1)}
    piles = {g.get("data-pile"): face_up(g) for g in groups(root, "pile")}
    if pos.boneyard:
        assert piles["trump turned"] == [str(pos.turned)] == [str(pos.boneyard[-1])]
    assert piles.get("boneyard, in drawing order", []) == [str(t) for t in pos.boneyard[:-1]]
    trick = [face_up(g)[0] for g in groups(root, "trick")[0]]
    assert trick == [str(t) for t in pos.trick]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("player", [0, 1])
def test_a_bingo_view_hides_the_opponent_and_the_boneyard(seed, player):
    pos = played_bingo(seed, 3)
    view = pos.view(player)
    svg = view._repr_svg_()
    root = parse_svg(svg)
    drawn = hands(root)
    assert drawn[f"player {player}"] == ([str(t) for t in pos.hand(player)], 0)
    known = sorted(view.opponent_known, reverse=True)
    assert drawn[f"player {1 - player}"] == ([str(t) for t in known], view.opponent_hand_size - len(known))
    boneyard = [g for g in groups(root, "pile") if g.get("data-pile") == "boneyard"]
    assert sum(backs(g) for g in boneyard) == view.facedown_count
    assert view.unknown and not [t for t in view.unknown if names_tile(svg, t)]


def test_every_tile_of_the_double_eight_set_has_its_pips():
    canvas = Canvas(200, 100, "tiles")
    for hi in range(9):
        for lo in range(hi + 1):
            g = draw_tile(canvas, canvas.root, Tile(hi, lo), 10, 10)
            assert g.get("data-tile") == str(Tile(hi, lo))
            assert len(g.findall("circle")) == hi + lo
    assert sorted(PIPS) == list(range(9)) and all(len(p) == n for n, p in PIPS.items())


def test_a_board_of_any_number_of_hands_is_laid_out_in_the_picture():
    for count in (2, 3, 4, 6):
        board = Board("a table", tuple(Hand(f"seat {k}", (Tile(k, 0),), hidden=k) for k in range(count)),
                      trick=tuple((k, Tile(6, k)) for k in range(count)))
        root = parse_svg(board_picture(board).to_svg())
        assert hands(root) == {f"seat {k}": ([f"{k}-0"], k) for k in range(count)}


def test_a_long_pile_wraps_inside_the_picture():
    deck = tuple(Tile(hi, lo) for hi in range(9) for lo in range(hi + 1))  # the double-eight set: 45 tiles
    board = Board("a boneyard", (Hand("a", hidden=7), Hand("b", hidden=7)), piles=(Pile("boneyard", deck),))
    root = parse_svg(board_picture(board).to_svg())  # every tile placed inside the picture
    assert [face_up(g) for g in groups(root, "pile")] == [[str(t) for t in deck]]


def test_a_board_that_names_a_hand_it_has_not_is_refused():
    with pytest.raises(ParseError, match="the trick names hand 2, but the board has hands 0..1"):
        Board("t", (Hand("a"), Hand("b")), trick=((2, Tile(6, 6)),))
    with pytest.raises(ParseError, match="a bottom hand among them, not 3 of 2"):
        Board("t", (Hand("a"), Hand("b")), bottom=3)


def test_an_auction_view_shows_the_bidders_hand_only():
    game = Game(seed=3)
    view = game.view(1)
    assert view.trump is None
    svg = view._repr_svg_()
    assert hands(parse_svg(svg)) == {s: (([str(t) for t in view.hand], 0) if s == "E" else ([], 7)) for s in SEATS}
    assert "the auction" in svg


def test_nello_draws_the_partner_sitting_out_and_counts_tricks():
    rules = texas42.Rules(specials="all", nello_doubles_allowed="all")
    pos = played_42(3, 5, contract=(0, 42), trump="nello", rules=rules)
    root = parse_svg(pos._repr_svg_())
    labels = [t.text for t in root.iter(f"{NS}text")]
    assert "S · sits out" in labels and "N · bid" in labels
    ns, ew = pos.tricks_won
    assert f"tricks: NS {ns}, EW {ew}; tricks left {pos.tricks_left}" in labels
    trick = [(g.get("data-seat"), face_up(g)[0]) for g in groups(root, "trick")[0]]
    assert trick == [(SEATS[s], str(t)) for s, t in pos.plays[len(pos.plays) - len(pos.trick):]] and trick
