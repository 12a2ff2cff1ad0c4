"""The game's sizes, table and declarations as Python reads them: Texas 42's ``Rules`` wrapper and
Bingo's rules module take them from the C++ core, the other modules ask those instead of restating
four seats, sides by ``seat & 1``, hands of 7 or 42 points, and no module outside the rules brings
the seat arithmetic back."""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path

import pytest
from click.testing import CliRunner
from dominosolver import _core
from dominosolver.bingo import rules as bingo_rules
from dominosolver.cli.main import cli
from dominosolver.errors import InvalidViewError, ParseError
from dominosolver.games.bingo import MOVES
from dominosolver.texas42 import SEATS, TEAMS, TRUMPS, Game, PlayerView, Position, Rules
from dominosolver.texas42.bidding import BID_LADDER, advise_bid
from dominosolver.texas42.rules import parse_seat, parse_trump
from dominosolver.tiles import Tile, bits_of, tiles_of

RULE_SETS = [{}, {"scoring": "points"}, {"nt_doubles": "own_suit"}, {"mark_jump": "free"}]
MID_TRICK = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30"


@pytest.fixture(params=RULE_SETS, ids=lambda f: ",".join(f"{k}={v}" for k, v in f.items()) or "default")
def rules(request):
    return Rules(**request.param)


def test_the_sizes_fit_together(rules):
    assert rules.hand_size * rules.seats == rules.tiles == len(tiles_of((1 << rules.tiles) - 1))
    assert rules.hand_tricks == rules.hand_size  # every trick takes a tile from each hand
    assert rules.mark == rules.hand_points
    assert rules.points_needed(rules.min_bid) == rules.min_bid
    assert rules.points_needed(2 * rules.mark) == rules.hand_points


def test_declarations_come_in_the_core_tables_order(rules):
    assert rules.declarations == TRUMPS == tuple(parse_trump(name) for name in rules._core.declarations())
    assert rules.suits == tuple(range(rules._core.max_pip + 1))
    assert rules.declarations[len(rules.suits):] == ("doubles", "none")
    assert rules.table_declarations == rules.declarations  # today every contract is played for points


def test_team_names_follow_the_cores_sides(rules):
    for seat in range(rules.seats):
        assert SEATS[seat] in rules.team_of(seat) == TEAMS[rules.side_of(seat)]
        assert rules.side_of(rules.partner_of(seat)) == rules.side_of(seat) != rules.side_of(rules.seat_after(seat, 1))
    assert sorted("".join(TEAMS)) == sorted(SEATS[: rules.seats])


@pytest.mark.parametrize("places", range(-9, 10))
def test_seat_after_goes_round_the_table_both_ways(places):
    rules = Rules()
    for seat in range(rules.seats):
        walked = seat
        for _ in range(places % rules.seats):
            walked = rules._core.next_seat(walked)
        assert rules.seat_after(seat, places) == walked
        assert rules.seat_after(rules.seat_after(seat, places), -places) == seat


def test_seats_are_parsed_by_their_names():
    assert [parse_seat(name) for name in SEATS] == list(range(len(SEATS)))
    with pytest.raises(ParseError, match="use 0..3 or N, E, S, W"):
        parse_seat(len(SEATS))


def test_the_bid_ladder_is_the_cores_up_to_a_games_marks():
    rules = Rules()
    assert BID_LADDER[0] == rules.min_bid and BID_LADDER[-1] == rules.target * rules.mark
    assert BID_LADDER == tuple(b for b in range(BID_LADDER[-1] + 1) if rules.is_bid(b))
    assert rules.mark in BID_LADDER and 2 * rules.mark in BID_LADDER and rules.mark + 1 not in BID_LADDER


def test_a_position_seats_its_contract():
    pos = Position(MID_TRICK)
    assert pos.trick_size == pos.rules.seats
    assert [pos.side_of(s) for s in SEATS] == [pos.rules.side_of(s) for s in range(pos.rules.seats)]
    assert pos.team_to_move == pos.rules.team_of(pos.to_move)
    with pytest.raises(ParseError, match=f"a trick holds at most {pos.trick_size} tiles, not 5"):
        pos.trick_points(["6-6", "5-5", "4-4", "3-3", "2-2"])


def test_views_take_their_sizes_from_the_rules():
    rules = Rules()
    view = PlayerView.before_play(0, rules, tuple(Tile(t) for t in ("66", "65", "64", "62", "55", "33", "10")), ())
    assert view.hand_sizes == (rules.hand_size,) * rules.seats
    assert view.voids == ((),) * rules.seats and view.absent == (0,) * rules.seats
    with pytest.raises(InvalidViewError, match="view field 'rules' must be a Rules object"):
        PlayerView(**{**view.__dict__, "rules": None})
    played = Position(MID_TRICK).view(2)
    with pytest.raises(InvalidViewError, match="at most 3 tiles"):
        PlayerView(**{**played.__dict__, "trick": played.trick + (Tile("6-3"),) * 3})


def test_the_auction_goes_round_from_the_dealers_left():
    game = Game(seed=3, dealer=3)
    game.play("30")
    game.play("pass")
    assert game.auction == [(0, 30), (1, 0)]


def test_the_bid_advice_judges_bids_by_its_rules():
    advice = advise_bid("66.65.64.62.55.33.10", samples=4, seed=1, threads=1)
    assert advice.rules == Rules()
    assert advice.histogram(advice.declaration).sum() == advice.worlds
    assert len(advice.histogram(advice.declaration)) == advice.rules.hand_points + 1
    with pytest.raises(ParseError, match="discount"):
        advise_bid("66.65.64.62.55.33.10", samples=4, seed=1, discount=Rules().hand_points + 1)


def test_the_cli_seats_an_auction_from_the_bidder_back():
    # N 30, E pass, S 31, then W: a wrong rotation would have the replay refuse the auction.
    result = CliRunner().invoke(cli, ["advise-bid", "66.65.64.62.55.33.10", "--seat", "W", "--auction", "30,pass,31",
                                      "--samples", "4", "--seed", "1", "--threads", "1", "--json"])
    assert result.exit_code == 0, result.output
    bid = json.loads(result.output)["bid"]
    assert bid == "pass" or int(bid) > 31


def test_bits_of_lists_a_masks_bits_lowest_first():
    mask = (1 << 0) | (1 << 5) | (1 << 27) | (1 << 44)
    assert bits_of(mask) == [0, 5, 27, 44] == [t.id for t in tiles_of(mask)]
    assert bits_of(0) == []


def test_bingo_sizes_come_from_the_core():
    core = _core.bingo
    assert bingo_rules.PLAYERS == tuple(range(core.PLAYERS)) == (0, 1)
    assert len(bingo_rules.DECK) == core.DECK_TILES and max(t.hi for t in bingo_rules.DECK) == 6
    assert core.HAND_SIZE * core.PLAYERS < core.DECK_TILES  # a boneyard remains
    assert MOVES[: core.DECK_TILES] == tuple(str(t) for t in bingo_rules.DECK)
    with pytest.raises(ParseError, match="not in the double-six set"):
        bingo_rules.trump_of_turned("7-1")


# ---------------------------------------------------------------- no seat arithmetic outside the rules

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "dominosolver"
EXEMPT = {"texas42/rules.py",  # the one module that names the table
          "serve/tokens.py"}  # base64's padding to a multiple of 4, no seats
SEAT_ARITHMETIC = re.compile(
    r"%\s*4\b|//\s*4\b|\brange\(\s*4\s*\)|[=!]=\s*4\b|&\s*3\b|\b(seat|declarer|to_move|leader|winner)\s*(&\s*1|%\s*2)\b"
)


def _code_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of a module's code, comments and strings left out."""
    lines: dict[int, list[str]] = {}
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text()).readline):
        if tok.type in (tokenize.COMMENT, tokenize.STRING) or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            continue
        lines.setdefault(tok.start[0], []).append(tok.string)
    return [(n, " ".join(parts)) for n, parts in sorted(lines.items())]


def test_no_module_restates_the_seat_arithmetic():
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50 and PACKAGE / "texas42" / "rules.py" in modules  # it reads the package, not nothing
    found = [
        f"{path.relative_to(PACKAGE)}:{n}: {code}"
        for path in modules
        if str(path.relative_to(PACKAGE)) not in EXEMPT
        for n, code in _code_lines(path)
        if SEAT_ARITHMETIC.search(code)
    ]
    assert not found, "seat arithmetic outside the rules (ask Rules: seats, side_of, seat_after ...):\n" + "\n".join(found)


def test_the_seat_arithmetic_check_catches_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("a = (seat + 1) % 4  # next seat\nteam = view.seat & 1\nok = '% 4'\n")
    assert [n for n, code in _code_lines(sample) if SEAT_ARITHMETIC.search(code)] == [1, 2]
