"""Input that a review found mishandled: each case now gets a clear error naming what is wrong (or
the right answer), and a batch run carries on past a bad record."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dominosolver import InvalidPositionError, ParseError, bingo
from dominosolver.batch import analyse_batch
from dominosolver.cli import main
from dominosolver.cli.main import cli
from dominosolver.engine import EngineServer
from dominosolver.errors import InvalidViewError
from dominosolver.texas42 import Game, PlayerView, Position, Rules, dd_table
from dominosolver.tiles import Tile

DEAL = "hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00"
MID_TRICK = "trump=4 leader=N hands=66.64/44.31.20/65.41.00/53.22.10 trick=42 contract=N30"


# ---------------------------------------------------------------- the declarer leads trick 1


def test_trick_one_is_led_by_the_declarer():
    with pytest.raises(InvalidPositionError, match=r"declarer \(seat 2 \(S\)\) leads trick 1, not seat 1 \(E\)"):
        Position(f"trump=4 leader=E {DEAL} contract=S30")
    assert Position(f"trump=4 leader=E {DEAL}").leader == 1  # no contract: any leader may be studied


def test_a_view_without_leader_on_trick_one_is_led_by_the_declarer():
    view = Position(f"trump=4 leader=S {DEAL} contract=S30").view(0).to_json()
    del view["leader"], view["to_move"]
    read = PlayerView.from_json(view)
    assert read.leader == 2 and read.to_move == 2
    with pytest.raises(InvalidViewError, match="leads trick 1"):
        PlayerView.from_json({**view, "leader": 1})
    del view["contract"]
    with pytest.raises(ParseError, match="lacks 'leader'"):
        PlayerView.from_json(view)


# ---------------------------------------------------------------- views read back


def test_a_stated_legal_move_list_must_agree():
    view = Position(MID_TRICK).view(1).to_json()
    assert view["legal_moves"] == ["4-4"]
    with pytest.raises(InvalidViewError, match="legal_moves"):
        PlayerView.from_json({**view, "legal_moves": ["3-1", "2-0"]})
    assert list(PlayerView.from_json({**view, "legal_moves": ["4-4"]}).legal_moves) == Position(MID_TRICK).legal_moves


def test_a_view_contract_is_read_like_a_position_contract():
    """A misspelt key is refused, as in position JSON, instead of vanishing."""
    view = Position(MID_TRICK).view(1).to_json()
    assert view["contract"] == {"declarer": 0, "bid": 30}
    with pytest.raises(ParseError, match="'contract' must be .*unknown key.*bidd"):
        PlayerView.from_json({**view, "contract": {"declarer": 0, "bid": 30, "bidd": 31}})
    with pytest.raises(ParseError, match="'contract' must be .*lacks bid"):
        PlayerView.from_json({**view, "contract": {"declarer": 0}})


def test_tiles_outside_the_set_in_a_view():
    view = Position(MID_TRICK).view(1).to_json()
    with pytest.raises(InvalidViewError, match="8-8 is not in the double-6 set"):
        PlayerView.from_json({**view, "gone": ["8-8"]})


def auction_view() -> dict:
    game = Game(seed=1)
    game.play("30")  # E, the first to bid
    return game.view(game.to_move).to_json()  # S to bid


@pytest.mark.parametrize(
    "change,error,message",
    [
        ({"to_move": "banana"}, ParseError, "unknown seat"),
        ({"hand_sizes": [7, 7, 7, 3]}, InvalidViewError, "every hand holds 7 tiles"),
        ({"auction": [{"seat": 1, "bid": 30}, {"seat": 1, "bid": 31}]}, InvalidViewError, "out of turn"),
        ({"auction": [{"seat": 1, "bid": 30}, {"seat": 2, "bid": 30}]}, InvalidViewError, "is not legal over the high bid 30"),
        ({"legal_bids": ["pass", "30"]}, InvalidViewError, "are not the bids legal here"),
        ({"contract": {"declarer": 2, "bid": 31}}, InvalidViewError, "the auction gives no contract, not S31"),
        ({"to_move": 3}, InvalidViewError, "S is to bid, not W"),
    ],
)
def test_auction_views_are_checked(change, error, message):
    view = auction_view()
    assert PlayerView.from_json(view).to_move == 2
    with pytest.raises(error, match=message):
        PlayerView.from_json({**view, **change})


def test_the_engine_will_not_bid_for_a_seat_not_to_bid():
    game = Game(seed=1)  # E is to bid
    out = __import__("io").StringIO()
    server = EngineServer(out, threads=1)
    for request in ({"cmd": "position", "view": game.view(2).to_json()}, {"cmd": "go", "samples": 4}):
        server.handle(json.dumps(request))
        server.wait()
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert replies[-1]["type"] == "error" and "S is not to bid: E is" in replies[-1]["message"]


# ---------------------------------------------------------------- double-dummy tables


def test_a_table_uses_the_rules_its_deal_carries():
    low = Rules(nt_doubles="low")
    expected = dd_table(DEAL, low)
    assert dd_table(Position(f"trump=4 leader=N {DEAL} rules=nt_doubles:low")).points.tolist() == expected.points.tolist()
    as_json = {"hands": [h.split(".") for h in DEAL.removeprefix("hands=").split("/")], "rules": low.to_json()}
    assert dd_table(json.dumps(as_json)).points.tolist() == expected.points.tolist()
    assert expected.to_json()["rules"] == {"nt_doubles": "low"} and "rules" not in dd_table(DEAL).to_json()
    assert expected.points.tolist() != dd_table(DEAL).points.tolist()  # the flag matters on this deal
    out = CliRunner().invoke(cli, ["table", f"trump=4 leader=N {DEAL} rules=nt_doubles:low", "--json"])
    assert out.exit_code == 0 and json.loads(out.output)["points"] == expected.points.tolist()


def test_a_tile_twice_in_one_hand_of_a_deal_is_named():
    with pytest.raises(ParseError, match="tile 2-1 listed twice"):
        dd_table(DEAL.replace("21.00", "21.21"))


# ---------------------------------------------------------------- batch records and CLI options


def test_bad_batch_records_become_error_lines(tmp_path):
    view = Position(MID_TRICK).view(1).to_json()
    records = [{"view": view, "seed": "abc"}, {"view": view, "seed": 1.5}, {"plays": ["4-4"]}, {"view": view, "seed": 3}]
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    summary = analyse_batch(source, out, samples=4, exact_limit=0)
    results = [json.loads(x) for x in out.read_text().splitlines()]
    assert summary.errors == 3 and "result" in results[3]
    assert [r["error"]["message"] for r in results[:3]] == [
        "'seed' must be an integer, not 'abc'",
        "'seed' must be an integer, not 1.5",
        "a record with 'plays' needs the 'position' they start from",
    ]


def cli_error(args: list[str], capsys) -> str:
    """The one error line the command line prints for bad input (exit status 2, no traceback)."""
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    return err


@pytest.mark.parametrize(
    "args,message",
    [
        (["--samples", "0"], "ParseError: --samples must be a whole number from 1 to 1,000,000, not 0"),
        (["--seat", "W"], "ParseError: --seat W: this is E's view, it cannot advise another seat"),
        (["--max-nodes", "1000"], "ParseError: --max-nodes applies to Bingo hints only"),
    ],
)
def test_hint_options_are_checked(tmp_path, capsys, args, message):
    path = tmp_path / "view.json"
    path.write_text(json.dumps(Position(MID_TRICK).view(1).to_json()))
    assert message in cli_error(["hint", str(path), *args], capsys)


def test_bingo_hint_seat_is_checked(capsys):
    bingo = "bingo trump=5 turned=5-3 leader=0 hands=66.65.64.55.44.33.22/63.62.61.60.54.53.52"
    assert "ParseError: unknown Bingo seat 'x': 0 or 1" in cli_error(["hint", bingo, "--seat", "x"], capsys)


def test_every_view_of_a_whole_game_reads_back_equal():
    """Auction, declaration, play and the end of the game: each seat's view round-trips."""
    from dominosolver.texas42.bots import RuleBot

    game, bot, checked = Game(seed=2), RuleBot(), 0
    while True:
        for seat in range(4):
            view = game.view(seat)
            assert PlayerView.from_json(view.to_json()) == view
            checked += 1
        if game.is_over:
            break
        game.play(bot.choose(game))
    assert game.phase == "game_over" and checked > 4 * 28


# ---------------------------------------------------------------- the solver's own boundary


def test_the_solver_keeps_first_lead_trump():
    """Under first_lead_trump the first lead must be a trump when the leader holds one: the solver's
    moves are the legal ones, each worth what it is worth without the rule (the rule binds that lead
    only), and its PV replays legally to the value; tables and grades agree."""
    import random

    from dominosolver.texas42 import Solver, analyse_play

    rule = Rules(first_lead_trump="on")
    solver = Solver(16)  # one solver for both rules: their entries must not mix
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        tiles = [f"{a}-{b}" for a in range(7) for b in range(a + 1)]
        rng.shuffle(tiles)
        hands = [tiles[7 * k : 7 * k + 7] for k in range(4)]
        trump = rng.randrange(7)
        pos = Position(trump=trump, hands=hands, leader=0, rules=rule)
        free = solver.solve(Position(trump=trump, hands=hands, leader=0))
        result = solver.solve(pos)
        assert solver.value(pos) == result.value and solver.value(Position(trump=trump, hands=hands, leader=0)) == free.value
        legal = sorted(str(t) for t in pos.legal_moves)
        assert sorted(result.moves) == legal
        assert result.moves == {t: free.moves[t] for t in legal}
        assert result.value == max(result.moves.values())
        replay = pos.copy()
        for tile in result.pv:
            replay.play(tile)  # raises on an illegal play
        assert replay.points[0] == result.value
        assert dd_table([h for h in hands], rule)[trump, "N"] == result.value
        assert analyse_play(pos, [result.best[0]])[0].cost == 0
        checked += len(legal) < 7
    assert checked >= 6  # most deals give the leader a trump, so the rule bites


def test_can_reach_agrees_with_the_value_at_any_target():
    from dominosolver.texas42 import Solver

    pos = "trump=4 leader=E hands=66.64/65.55/63.61/60.53"  # E to move: EW take 0 of 2 tricks here
    solver = Solver(1)
    value = solver.value(pos)
    for target in (-(2**31), -1, 0, value, value + 1, 42, 10**20):
        assert solver.can_reach(pos, target) == (value >= target)
    for bad in (0.5, True, "3"):
        with pytest.raises(ValueError, match="whole number of points"):
            solver.can_reach(pos, bad)


@pytest.mark.parametrize("tt_mb", [0, -1, 1.5, 2**44])
def test_table_sizes_are_checked(tt_mb):
    from dominosolver.texas42 import Solver, solve, solve_batch

    for call in (lambda: Solver(tt_mb), lambda: solve(MID_TRICK, tt_mb=tt_mb), lambda: solve_batch([MID_TRICK], tt_mb=tt_mb)):
        with pytest.raises(ValueError, match="tt_mb must be"):
            call()
    for call in (lambda: bingo.Solver(tt_mb), lambda: bingo.solve(BINGO, tt_mb=tt_mb)):
        with pytest.raises(ValueError, match="tt_mb must be"):
            call()


def test_thread_counts_are_checked():
    from dominosolver.texas42 import solve_batch

    for threads in (0, -2, 1.5):
        with pytest.raises(ValueError, match="threads must be"):
            solve_batch([MID_TRICK], threads=threads)


def test_voids_of_a_seat_that_does_not_exist():
    pos = Position("trump=4 leader=N hands=66.64/65.55/63.61/60.53")
    with pytest.raises(ParseError, match="unknown seat"):
        pos.voids(10**6)
    with pytest.raises(InvalidPositionError, match="seat must be 0..3"):
        pos._pos.voids(-1)
    with pytest.raises(InvalidPositionError, match="seat must be 0..3"):
        pos._pos.shown_absent(10**6)


def test_a_table_of_a_position_is_of_its_whole_deal():
    later = Position(
        "trump=4 leader=N hands=62.54.44.31.11.64/55.52.40.22.10.41/61.51.43.42.30.20/53.50.33.32.21.00 "
        "contract=N30 history=N:66.65.63.60"
    )
    assert dd_table(later).points.tolist() == dd_table(DEAL).points.tolist()
    without_record = Position(
        "trump=4 leader=N hands=62.54.44.31.11.64/55.52.40.22.10.41/61.51.43.42.30.20/53.50.33.32.21.00"
    )
    with pytest.raises(ParseError, match="needs the whole deal"):
        dd_table(without_record)


def test_a_finished_hand_is_worth_nothing_more():
    from dominosolver.texas42 import Solver

    over = Position("trump=4 leader=N hands=-/-/-/-")
    solver = Solver(1)
    assert solver.value(over) == 0 and solver.can_reach(over, 0) and not solver.can_reach(over, 1)
    assert solver.solve(over).moves == {}


def test_one_solver_shared_by_threads_takes_turns():
    """Each call releases the GIL; a solver shared by threads serialises its searches (correct values)."""
    import threading

    from dominosolver.texas42 import Solver
    from support_views import random_position

    positions = [random_position(seed, 8) for seed in range(12)]
    expected = [Solver(4).value(p) for p in positions]
    shared, got = Solver(4), {}

    def work(offset: int) -> None:
        for i in range(offset, len(positions), 3):
            got[i] = shared.value(positions[i])

    workers = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert [got[i] for i in range(len(positions))] == expected


# ---------------------------------------------------------------- the auction (third review)


def test_a_position_leads_from_its_declarer_by_default():
    assert Position(f"trump=4 {DEAL} contract=S30").leader == 2
    hands = [h.split(".") for h in DEAL.removeprefix("hands=").split("/")]
    assert Position(trump=4, hands=hands, contract=("E", 31)).leader == 1
    assert Position(f"trump=4 {DEAL}").leader == 0  # no contract: N


@pytest.mark.parametrize("text", ["00", "0", "12"])
def test_digits_below_thirty_are_no_bid(text):
    game = Game(seed=1)
    with pytest.raises(ParseError, match="is no bid"):
        game.play(text)
    assert game.auction == []  # nothing recorded, least of all a pass


def test_mark_bids_go_on_past_seven_marks_when_jumps_are_free():
    game = Game(seed=1, rules=Rules(mark_jump="free"))
    game.play("84")
    game.play("294")
    assert "336" in [str(m) for m in game.legal_moves]
    game.play("336")
    assert game.auction[-1][1] == 336


# ---------------------------------------------------------------- Bingo input (fourth review)

BINGO = (
    "bingo trump=3 turned=33 leader=0 hands=66.53.52.51.44.22.21/60.55.50.43.40.11.00 "
    "boneyard=31.65.41.30.61.10.42.33 points=19/5 tricks=2/1"
)


def test_a_long_json_argument_is_no_file_name(capsys):
    position = {
        "game": "bingo", "trump": 3, "turned": "3-2", "leader": 0, "hands": [["6-6", "2-0"], ["5-4", "4-1"]],
        "trick": [], "boneyard": [], "closed_by": None, "points": [57, 62], "tricks": [6, 6],
        "declarations": [], "opponent_had_trick_at_close": None, "rules": {},
    }
    text = json.dumps(position)
    assert len(text) > 255 and "/" not in text  # too long for a file name, and no directory in it
    main(["solve", text, "--json"])
    assert json.loads(capsys.readouterr().out)["game"] == "bingo"


@pytest.mark.parametrize(
    "change,message",
    [
        ({"seat": 2}, "'seat' must be player 0 or 1"),
        ({"seat": True}, "'seat' must be player 0 or 1"),
        ({"opponent_had_trick_at_close": "yes"}, "must be true, false or null"),
        ({"closed_by": 5}, "'closed_by' must be player 0 or 1"),
    ],
)
def test_bingo_views_are_checked(change, message):
    view = bingo.Position(BINGO).view(0).to_json()
    assert bingo.PlayerView.from_json(view) == bingo.Position(BINGO).view(0)
    with pytest.raises(ParseError, match=message):
        bingo.PlayerView.from_json({**view, **change})


def test_bingo_inputs_are_checked():
    with pytest.raises(ParseError, match=r"trump must be a number of the set, 0\.\.6, not -1"):
        bingo.Position(BINGO.replace("trump=3", "trump=-1"))
    with pytest.raises(ParseError, match="unknown player -1"):
        bingo.Position(BINGO).hand(-1)
    with pytest.raises(ParseError, match="seed must be a whole number"):
        bingo.Game(seed=-1)
    with pytest.raises(ParseError, match="start must be a player number"):
        bingo.Game(start="1")
    with pytest.raises(ParseError, match="a declaration is"):
        bingo.Position(turned="3-3", hands=[["6-6", "5-3"], ["6-0", "5-5"]], declarations=[(0,)])
    assert Position("trump=4 leader=N hands=66.64/65.55/63.61/60.53").hand("S") == Position(
        "trump=4 leader=N hands=66.64/65.55/63.61/60.53"
    ).hand(2)


# ---------------------------------------------------------------- views built by keywords


@pytest.mark.parametrize(
    "change,message",
    [
        ({"seat": 4}, "seat must be 0..3"),
        ({"seat": True}, "seat must be 0..3"),
        ({"hand": ("4-4",)}, "'hand' must be a tuple of Tiles"),
        ({"hand_sizes": (2, 3, 3)}, "hand_sizes must be 4 counts"),
        ({"hand_sizes": (2, 2, 3, 3)}, "hand_sizes gives E 2 tiles but the hand holds 3"),
        ({"gone": (Tile("3-1"),)}, "tile 3-1 appears twice"),
        ({"gone": (Tile("8-8"),)}, "8-8 is not in the double-6 set"),
        ({"plays": ((5, Tile("4-2")),)}, "'plays' must be a tuple of \\(seat, Tile\\) pairs"),
        ({"trick": (Tile("6-6"),)}, "the trick must be the last plays"),
        ({"legal_moves": (Tile("6-6"),)}, "legal_moves must be tiles of the seat's own hand"),
        ({"to_move": 7}, "to_move must be a seat"),
        ({"voids": ((),) * 3}, "one entry per seat"),
    ],
)
def test_a_view_built_by_keywords_is_checked(change, message):
    view = Position(MID_TRICK).view(1)
    assert PlayerView(**view.__dict__) == view
    with pytest.raises(InvalidViewError, match=message):
        PlayerView(**{**view.__dict__, **change})


@pytest.mark.parametrize(
    "change,message",
    [
        ({"seat": 2}, "a Bingo player is 0 or 1"),
        ({"hand": [Tile("6-6")]}, "'hand' must be a tuple of Tiles"),
        ({"boneyard_size": -1}, "boneyard_size must be a count"),
        ({"opponent_known": frozenset({Tile("6-6")})}, "tile 6-6 is in two places"),
        ({"opponent_known": frozenset({Tile("6-0")}), "opponent_absent": frozenset({Tile("6-0")})}, "both known"),
        ({"opponent_known": frozenset({Tile("6-0"), Tile("5-5"), Tile("5-0")}), "opponent_hand_size": 2}, "holds 2 tiles, fewer than the 3 known"),
        ({"trick": (Tile("6-0"), Tile("5-5"))}, "at most one tile"),
        ({"to_move": 1}, "only given to the player to move"),
    ],
)
def test_a_bingo_view_built_by_keywords_is_checked(change, message):
    view = bingo.Position(BINGO).view(0)
    assert view.legal_moves and bingo.PlayerView(**view.__dict__) == view
    with pytest.raises(InvalidViewError, match=message):
        bingo.PlayerView(**{**view.__dict__, **change})
