"""The tricks search of the all-or-nothing contracts (docs/rules.md §3) against the plain tricks
minimax of tests/oracle/texas42_tricks_minimax.py, on random endgames of 1-4 tricks, mid-trick
included: the value, every move's value and `makes` agree, and `can_reach` answers "at least the
value" yes and "one more" no.

- Plunge and Splash positions, under every declaration (follow-me in each doubles mode), through
  the public Solver, solve and solve_batch;
- tricks of 3 (a seating where one seat sits out, as Nel-O's partner does) through the core's test
  hook SeatedPlay (`trick_play(table, seating, hands, leader, trick)` in C++), taking no trick and
  taking every trick, in each doubles arrangement the SuitTable expresses (follow-me with doubles
  high, low or a suit of their own; doubles trump; a number trump)."""

from __future__ import annotations

import random

import pytest
from dominosolver import Tile, _core
from dominosolver.errors import InvalidPositionError, ParseError
from dominosolver.texas42 import Game, Position, Rules, Solver, solve, solve_batch
from dominosolver.texas42.hint import hint
from dominosolver.texas42.sampling import enumerate_worlds, position_of
from oracle import texas42_rules as R
from oracle import texas42_tricks_minimax as TM
from support42 import TRICKS_LEFT, mask, seated_endgame, to_oracle

KINDS = {"plunge": (4, "168:plunge"), "splash": (3, "84:splash")}  # doubles needed, the least bid
PER_DECLARATION = 40  # Plunge/Splash endgames per kind and declaration (9 declarations + 2 follow-me modes)
DECLARATIONS = [(trump, "high") for trump in R.TRUMP_MODES] + [("none", "low"), ("none", "own_suit")]
SEATED = 60  # tricks-of-3 endgames per (doubles arrangement, objective, seat sitting out)
ARRANGEMENTS = [("none", "high"), ("none", "low"), ("none", "own_suit"), ("doubles", "high"), (3, "high")]


def special_endgame(rng: random.Random, kind: str, trump, nt_doubles: str) -> tuple[Position, int]:
    """A random Plunge or Splash hand played at random to 1-4 tricks left (mid-trick too), as an
    endgame position (no history: no trick taken yet), and its bidder."""
    doubles, bid = KINDS[kind]
    rules = Rules(nt_doubles=nt_doubles)
    while True:
        deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
        bidders = [seat for seat, hand in enumerate(deal) if sum(t.is_double for t in hand) >= doubles]
        if not bidders:
            continue
        bidder = rng.choice(bidders)
        pos = Position(trump=trump, hands=deal, contract=(bidder, bid), rules=rules)
        for _ in range((7 - rng.choice(TRICKS_LEFT)) * 4 + rng.randrange(4)):
            pos.play(rng.choice(pos.legal_moves))  # played on past a lost trick: the search plays every trick
        return Position(trump=trump, hands=list(pos.hands), leader=pos.leader, trick=list(pos.trick),
                        contract=(bidder, bid), rules=rules), bidder


def oracle_of(pos: Position, bidder: int, nt_doubles: str):
    return TM.solve([[to_oracle(t) for t in h] for h in pos.hands], pos.trump, pos.leader,
                    [to_oracle(t) for t in pos.trick], objective="every_trick",
                    declaring_side=pos.side_of(bidder), nt_doubles=nt_doubles)


@pytest.mark.parametrize("kind", KINDS)
def test_special_endgames_agree_with_the_tricks_oracle(kind):
    rng = random.Random(f"tricks-{kind}")
    solver = Solver(tt_mb=4)
    made = set()
    for trump, nt_doubles in DECLARATIONS:
        for _ in range(PER_DECLARATION):
            pos, bidder = special_endgame(rng, kind, trump, nt_doubles)
            value, moves = oracle_of(pos, bidder, nt_doubles)
            result = solver.solve(pos, pv=rng.random() < 0.2)
            assert (result.units, result.value) == ("tricks", value), str(pos)
            assert result.moves == {str(Tile(*m)): v for m, v in moves.items()}, str(pos)
            declaring = pos.side_of(bidder) == pos.side_of(pos.to_move)
            assert result.makes is (value == (pos.tricks_left if declaring else 0)), str(pos)
            assert solver.value(pos) == value, str(pos)
            assert solver.can_reach(pos, value) and not solver.can_reach(pos, value + 1), str(pos)
            made.add(result.makes)
    assert made == {True, False}


def test_a_principal_variation_keeps_the_value_to_the_end():
    """Played out along its PV, a Plunge endgame's declaring side takes exactly `value` tricks."""
    rng = random.Random("tricks-pv")
    for _ in range(40):
        pos, bidder = special_endgame(rng, "plunge", rng.choice(R.TRUMP_MODES), "high")
        result = solve(pos)
        team = pos.side_of(pos.to_move)
        before = pos.tricks_won[team]
        line = pos.copy()
        for tile in result.pv:
            line.play(tile)
        assert line.is_over and line.tricks_won[team] - before == result.value, str(pos)


def test_batches_and_json_say_tricks():
    rng = random.Random("tricks-batch")
    positions = [special_endgame(rng, "splash", rng.choice(R.TRUMP_MODES), "high")[0] for _ in range(30)]
    solver = Solver(tt_mb=4)
    out = solve_batch(positions, threads=2, moves=True)
    for i, pos in enumerate(positions):
        result = solver.solve(pos, pv=False)
        assert out.values[i] == result.value
        assert {str(Tile.from_id(t)): int(v) for t, v in enumerate(out.move_values[i]) if v >= 0} == result.moves
    result = solver.solve(positions[0])
    assert result.to_json()["units"] == "tricks" and result.to_json()["makes"] is result.makes
    assert "units='tricks'" in repr(result)
    ordinary = solver.solve(Position(trump=3, hands=[list(h) for h in Game(seed=5).deal()], contract=(0, 30)))
    assert ordinary.units == "points" and ordinary.makes is None and "makes" not in ordinary.to_json()


# ------------------------------------------------------------------ tricks of 3


@pytest.mark.parametrize("trump,nt_doubles", ARRANGEMENTS)
@pytest.mark.parametrize("objective", ["no trick", "every trick"])
def test_tricks_of_three_agree_with_the_tricks_oracle(trump, nt_doubles, objective):
    rng = random.Random(f"seated-{trump}-{nt_doubles}-{objective}")
    rules = Rules(nt_doubles=nt_doubles)._core
    solver = _core.texas42.Solver(4)
    oracle_objective = objective.replace(" ", "_")
    made = set()
    for out in range(4):
        for _ in range(SEATED):
            hands, leader, trick, order = seated_endgame(rng, out, trump, nt_doubles)
            side = rng.randrange(2)
            play = _core.texas42.SeatedPlay(rules, str(trump), out, [mask(h) for h in hands], leader,
                                            [Tile(*x).id for x in trick])
            assert play.tricks_left == len(hands[leader]) + (1 if trick else 0)
            value, moves = TM.solve(hands, trump, leader, trick, objective=oracle_objective, declaring_side=side,
                                    order=order, nt_doubles=nt_doubles)
            where = f"{hands} leader={leader} trick={trick} out={out} side={side}"
            result = solver.solve_tricks(play, objective, side, True, False)
            assert result.units == "tricks" and result.value == value, where
            assert {Tile.from_id(t): v for t, v in result.moves} == {Tile(*m): v for m, v in moves.items()}, where
            assert solver.value_tricks(play, objective, side) == value, where
            makes = TM.makes(hands, trump, leader, trick, objective=oracle_objective, declaring_side=side,
                             order=order, nt_doubles=nt_doubles)
            assert result.makes is makes and solver.makes(play, objective, side) is makes, where
            assert solver.can_reach_tricks(play, objective, side, value), where
            assert not solver.can_reach_tricks(play, objective, side, value + 1), where
            made.add(makes)
    assert made == {True, False}


def test_a_seated_play_is_checked():
    rules = Rules()._core
    hands = [mask(h) for h in ([(6, 6)], [(5, 5)], [], [(4, 4)])]
    _core.texas42.SeatedPlay(rules, "none", 2, hands, 0, [])
    with pytest.raises(InvalidPositionError, match="sitting_out"):
        _core.texas42.SeatedPlay(rules, "none", 4, hands, 0, [])
    with pytest.raises(InvalidPositionError, match="leader must be a seat in play"):
        _core.texas42.SeatedPlay(rules, "none", 2, hands, 2, [])
    with pytest.raises(InvalidPositionError, match="hand sizes"):
        _core.texas42.SeatedPlay(rules, "none", 2, [mask(h) for h in ([(6, 6), (6, 5)], [(5, 5)], [], [(4, 4)])], 0, [])
    with pytest.raises(InvalidPositionError, match="appears twice"):
        _core.texas42.SeatedPlay(rules, "none", 2, hands, 0, [Tile(6, 6).id])
    with pytest.raises(InvalidPositionError, match="follow suit"):
        _core.texas42.SeatedPlay(rules, "3", 2, [mask(h) for h in ([(3, 1)], [(3, 2)], [], [(4, 4), (4, 3)])], 0,
                                 [Tile(3, 0).id, Tile(6, 6).id])
    solver = _core.texas42.Solver(1)
    play = _core.texas42.SeatedPlay(rules, "none", 2, hands, 0, [])
    with pytest.raises(ParseError, match="unknown objective"):
        solver.value_tricks(play, "most tricks", 0)
    with pytest.raises(InvalidPositionError, match="declaring side"):
        solver.value_tricks(play, "no trick", 2)


# ------------------------------------------------------------------ Nel-O (docs/rules.md §3.3)

NELLO_MODES = ("nello", "nello-high", "nello-low")


@pytest.mark.parametrize("trump", NELLO_MODES)
def test_nello_endgames_agree_with_the_tricks_oracle(trump):
    """Nel-O hands played at random to 1-4 tricks left (mid-trick too, played on past a trick the
    declarer took), as endgame positions: the partner out, tricks of 3, the declarer taking none."""
    rng = random.Random(f"tricks-{trump}")
    solver = Solver(tt_mb=4)
    made = set()
    for _ in range(150):
        deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
        declarer = rng.randrange(4)
        contract = (declarer, 42 * rng.randint(1, 2))
        pos = Position(trump=trump, hands=deal, contract=contract)
        for _ in range((7 - rng.choice(TRICKS_LEFT)) * 3 + rng.randrange(3)):
            pos.play(rng.choice(pos.legal_moves))
        end = Position(trump=trump, hands=list(pos.hands), leader=pos.leader, trick=list(pos.trick), contract=contract)
        order = [s for s in range(4) if s != (declarer + 2) % 4]
        value, moves = TM.solve([[to_oracle(t) for t in h] for h in end.hands], trump, end.leader,
                                [to_oracle(t) for t in end.trick], objective="no_trick",
                                declaring_side=declarer % 2, order=order)
        result = solver.solve(end, pv=rng.random() < 0.2)
        assert (result.units, result.value) == ("tricks", value), str(end)
        assert result.moves == {str(Tile(*m)): v for m, v in moves.items()}, str(end)
        declaring = end.side_of(declarer) == end.side_of(end.to_move)
        ours = value if declaring else end.tricks_left - value
        assert result.makes is (ours == 0), str(end)
        assert solver.can_reach(end, value) and not solver.can_reach(end, value + 1), str(end)
        made.add(result.makes)
    assert made == {True, False}


@pytest.mark.parametrize("trump", ["nello", "168:plunge"])
def test_exact_hints_count_makes_in_tricks(trump):
    """A hint late in a Nel-O or Plunge hand, exact over every world: each move's P(make) is the
    share of worlds where the solver says the contract makes after it, its mean the mean tricks,
    and under Nel-O the best-ranked move takes the fewest tricks among those of the best P(make)."""
    rng = random.Random(f"hint-{trump}")
    checked = 0
    while checked < 4:
        deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
        if trump == "nello":
            declarer = rng.randrange(4)
            pos = Position(trump="nello", hands=deal, contract=(declarer, 42))
        else:
            bidders = [s for s, h in enumerate(deal) if sum(t.is_double for t in h) >= 4]
            if not bidders:
                continue
            declarer = bidders[0]
            pos = Position(trump=rng.choice(R.TRUMP_MODES), hands=deal, contract=(declarer, trump))
        while pos.result is None and pos.tricks_left > 3:
            pos.play(rng.choice(pos.legal_moves))
        if pos.result is not None or len(pos.legal_moves) < 2:
            continue
        view = pos.view(pos.to_move)
        worlds = enumerate_worlds(view)
        h = hint(view, exact_limit=len(worlds), threads=1)
        assert h.method == "exact"
        solver = Solver(tt_mb=1)
        results = [solver.solve(position_of(view, w), pv=False) for w in worlds]
        for stat in h.moves:
            after = [r.moves[stat.move] for r in results]
            assert stat.mean == pytest.approx(sum(after) / len(after))
            assert stat.p_make == pytest.approx(sum(
                (solver.solve(after_play(position_of(view, w), stat.move), pv=False).makes is True)
                for w in worlds) / len(worlds))
        best = [s for s in h.moves if s.rank == 1]
        top = [s for s in h.moves if s.p_goal(h.goal) == max(x.p_goal(h.goal) for x in h.moves)]
        assert {s.move for s in best} <= {s.move for s in top}
        if trump == "nello":
            assert min(s.mean for s in best) == min(s.mean for s in top)
        checked += 1


def after_play(pos: Position, move: str) -> Position:
    pos = pos.copy()
    pos.play(move)
    return pos


@pytest.mark.parametrize("tie", ["first_played", "bidders_win_ties"])
def test_sevens_endgames_agree_with_the_tricks_oracle(tie):
    """Sevens hands (§3.6) played at random to 1-4 tricks left, mid-trick too: every seat plays a
    tile of least distance, the least distance wins, ties by the rule; the declaring side must take
    every trick."""
    rng = random.Random(f"tricks-sevens-{tie}")
    solver = Solver(tt_mb=4)
    made = set()
    for _ in range(200):
        deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
        declarer = rng.randrange(4)
        contract = (declarer, 42 * rng.randint(1, 2))
        rules = Rules(sevens_tie=tie)
        pos = Position(trump="sevens", hands=deal, contract=contract, rules=rules)
        for _ in range((7 - rng.choice(TRICKS_LEFT)) * 4 + rng.randrange(4)):
            pos.play(rng.choice(pos.legal_moves))
        end = Position(trump="sevens", hands=list(pos.hands), leader=pos.leader, trick=list(pos.trick),
                       contract=contract, rules=rules)
        side = declarer % 2
        value, moves = TM.solve([[to_oracle(t) for t in h] for h in end.hands], "sevens", end.leader,
                                [to_oracle(t) for t in end.trick], objective="every_trick", declaring_side=side,
                                ties_to=side if tie == "bidders_win_ties" else None)
        result = solver.solve(end, pv=rng.random() < 0.2)
        assert (result.units, result.value) == ("tricks", value), str(end)
        assert result.moves == {str(Tile(*m)): v for m, v in moves.items()}, str(end)
        declaring = end.side_of(declarer) == end.side_of(end.to_move)
        assert result.makes is (value == (end.tricks_left if declaring else 0)), str(end)
        assert solver.can_reach(end, value) and not solver.can_reach(end, value + 1), str(end)
        made.add(result.makes)
    assert made == {True, False}
