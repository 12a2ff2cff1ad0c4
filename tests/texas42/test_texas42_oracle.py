"""The C++ rules engine against the pure-Python reference rules (tests/oracle), docs/rules.md §1.2-1.6.

Seeded random playouts under every trump mode: at every step the seat to move, the legal moves and
the tile winning so far agree; at each trick end the winner and the points agree; the voids the
engine derives from failures to follow agree. Also playouts that start mid-trick from JSON built by
the test (with and without history), and the plain minimax checked against the engine's own scoring
along best lines."""

from __future__ import annotations

import random

import pytest
from dominosolver.texas42 import Position, Rules
from oracle import texas42_minimax as MM
from oracle import texas42_rules as R
from support42 import oracle_set, to_oracle, to_tile

PLAYOUTS_PER_MODE = 500  # x 11 modes = 5,500 whole-hand playouts
MODES = (
    [(t, "high") for t in range(7)] + [("doubles", "high")] + [("none", nt) for nt in R.NT_DOUBLES]
)


def rules_for(nt_doubles: str, first_lead_trump: bool = False) -> Rules:
    flags = {}
    if nt_doubles != "high":
        flags["nt_doubles"] = nt_doubles
    if first_lead_trump:
        flags["first_lead_trump"] = True
    return Rules(**flags)


def deal(rng: random.Random, size: int = 7) -> list[list[tuple[int, int]]]:
    tiles = rng.sample(R.ALL_TILES, 4 * size)
    return [sorted(tiles[i * size : (i + 1) * size]) for i in range(4)]


def check_step(pos: Position, state: R.HandState) -> None:
    """Seat to move, legal moves and the tile winning so far agree with the oracle."""
    assert pos.to_move == state.to_move
    assert oracle_set(pos.legal_moves) == set(state.legal()), str(pos)
    if state.trick:
        best = R.trick_winner(state.trick, state.trump, state.nt_doubles)
        assert pos.winning_so_far == (state.leader + best) % 4, str(pos)
    else:
        assert pos.winning_so_far is None


def suit_name(suit) -> int | str:
    return "doubles" if suit == R.DOUBLES else suit


def play_out(pos: Position, state: R.HandState, rng: random.Random, voids=None) -> int:
    """Play random legal moves to the end of the hand, checking every step; returns the tricks seen.

    With `voids` (the suits each seat is known to lack when the playout starts), also checks the
    voids the engine derives from failures to follow."""
    tricks = 0
    while not state.is_over:
        assert not pos.is_over
        check_step(pos, state)
        move = rng.choice(sorted(state.legal()))
        before = list(pos.points)
        if voids is not None and state.trick:
            led = R.led_suit(state.trick[0], state.trump, state.nt_doubles)
            if not R.follows(move, led, state.trump, state.nt_doubles):
                voids[state.to_move].add(suit_name(led))
        done = state.play(move)
        pos.play(to_tile(move))
        if done is not None:
            winner, points = done
            tricks += 1
            assert pos.trick_winner == winner, str(pos)
            gained = [pos.points[t] - before[t] for t in (0, 1)]
            assert gained[winner % 2] == points and gained[1 - winner % 2] == 0, str(pos)
            assert tuple(pos.points) == tuple(state.points)
        if voids is not None:
            assert [set(pos.voids(seat)) for seat in range(4)] == voids, str(pos)
    assert pos.is_over and pos.legal_moves == []
    return tricks


@pytest.mark.parametrize(("trump", "nt_doubles"), MODES, ids=[f"{t}-{nt}" for t, nt in MODES])
def test_random_playouts_agree_with_oracle(trump, nt_doubles):
    """§1.5 legal plays, trick winner and §2.5 trick points, at every step of 500 random hands; a
    seat that does not follow the called suit is known to hold none of it."""
    rng = random.Random(f"playouts-{trump}-{nt_doubles}")
    for _ in range(PLAYOUTS_PER_MODE):
        hands = deal(rng)
        leader = rng.randrange(4)
        pos = Position(
            trump=trump,
            hands=[[to_tile(x) for x in h] for h in hands],
            leader=leader,
            rules=rules_for(nt_doubles),
        )
        state = R.HandState(hands, trump, leader, nt_doubles=nt_doubles)
        assert play_out(pos, state, rng, voids=[set() for _ in range(4)]) == 7
        assert sum(pos.points) == 42


@pytest.mark.parametrize("trump", list(range(7)) + ["doubles"])
def test_follow_me_doubles_flag_is_ignored_under_trumps(trump):
    """§3.1: NT_DOUBLES is the follow-me option; with a trump suit the doubles stay high in their
    suits."""
    rng = random.Random(f"nt-under-trumps-{trump}")
    for _ in range(60):
        nt = rng.choice(["low", "own_suit"])
        hands = deal(rng)
        pos = Position(
            trump=trump,
            hands=[[to_tile(x) for x in h] for h in hands],
            leader=0,
            rules=rules_for(nt),
        )
        play_out(pos, R.HandState(hands, trump, 0, nt_doubles="high"), rng)


@pytest.mark.parametrize("trump", list(R.TRUMP_MODES))
def test_first_lead_trump_flag(trump):
    """§2.4 FIRST_LEAD_TRUMP = ON: the first lead of the hand must be a trump when the leader holds
    one."""
    rng = random.Random(f"first-lead-{trump}")
    for _ in range(60):
        hands = deal(rng)
        leader = rng.randrange(4)
        pos = Position(
            trump=trump,
            hands=[[to_tile(x) for x in h] for h in hands],
            leader=leader,
            rules=rules_for("high", first_lead_trump=True),
        )
        play_out(pos, R.HandState(hands, trump, leader, first_lead_trump=True), rng)


def advance(state: R.HandState, plays: int, rng: random.Random) -> list[tuple[int, int]]:
    """Play `plays` random legal tiles on the oracle state; returns the tiles of completed
    tricks."""
    completed, current = [], []
    for _ in range(plays):
        move = rng.choice(sorted(state.legal()))
        current.append(move)
        if state.play(move) is not None:
            completed += current
            current = []
    return completed


def position_json(state: R.HandState, rules: Rules, history=None) -> dict:
    obj = {
        "schema": "dominosolver.position/1",
        "game": "texas42",
        "trump": state.trump,
        "leader": state.leader,
        "hands": [[R.tile_text(x) for x in h] for h in state.hands],
        "trick": [R.tile_text(x) for x in state.trick],
        "rules": rules.to_json(),
    }
    if history is not None:
        obj["history"] = history
    return obj


@pytest.mark.parametrize(("trump", "nt_doubles"), MODES, ids=[f"{t}-{nt}" for t, nt in MODES])
def test_mid_trick_positions_from_json(trump, nt_doubles):
    """Positions read from JSON mid-hand and mid-trick (hands of any size 1..7, no history) play on
    exactly as the oracle says."""
    rng = random.Random(f"mid-trick-{trump}-{nt_doubles}")
    rules = rules_for(nt_doubles)
    for _ in range(40):
        size = rng.randint(1, 7)
        state = R.HandState(deal(rng, size), trump, rng.randrange(4), nt_doubles=nt_doubles)
        advance(state, rng.randrange(4 * size), rng)
        pos = Position.from_json(position_json(state, rules))
        assert pos.trick == tuple(to_tile(x) for x in state.trick)
        state.points = [0, 0]  # a position without history knows no earlier points
        play_out(pos, state, rng)


@pytest.mark.parametrize(("trump", "nt_doubles"), MODES, ids=[f"{t}-{nt}" for t, nt in MODES])
def test_positions_with_history_from_json(trump, nt_doubles):
    """A JSON history (the tiles of the completed tricks from the first leader) gives the points
    taken so far and lets play go on exactly as the oracle says."""
    rng = random.Random(f"history-{trump}-{nt_doubles}")
    rules = rules_for(nt_doubles)
    for _ in range(40):
        first = rng.randrange(4)
        state = R.HandState(deal(rng), trump, first, nt_doubles=nt_doubles)
        completed = advance(state, rng.randrange(28), rng)
        history = {"first_leader": first, "tiles": [R.tile_text(x) for x in completed]}
        pos = Position.from_json(position_json(state, rules, history))
        assert tuple(pos.points) == tuple(state.points)
        assert tuple(pos.tricks_won) == tuple(state.tricks)
        play_out(pos, state, rng)


# ---------------------------------------------------------------- the plain minimax


def test_minimax_one_trick_by_hand():
    """Sixes trump, N leads the last trick: [6-6] must win it with W's forced [6-4]: 1 + 10 = 11 to
    NS, while leading [5-0] would lose it to W's trump: 0."""
    hands = [[(6, 6)], [(3, 1)], [(2, 0)], [(6, 4)]]
    value, moves = MM.solve(hands, 6, 0)
    assert value == 11 and moves == {(6, 6): 11}
    hands = [[(5, 0)], [(3, 1)], [(2, 0)], [(6, 4)]]
    value, moves = MM.solve(hands, 6, 0)
    assert value == 0 and moves == {(5, 0): 0}


def test_minimax_two_tricks_by_hand():
    """Fours trump, N to lead with [4-4] and [5-5]; W holds the one other trump [4-1] and [6-2].
    Leading [4-4] draws [4-1] (1 + 5) and then [5-5] wins too (1 + 10): all 17 points. Leading [5-5]
    first lets W trump it (1 + 10 + 5 = 16 to EW) and N's [4-4] then wins only the last trick
    (1)."""
    hands = [[(4, 4), (5, 5)], [(3, 1), (2, 1)], [(2, 0), (3, 0)], [(4, 1), (6, 2)]]
    value, moves = MM.solve(hands, 4, 0)
    assert MM.points_left(hands, []) == 17
    assert moves == {(4, 4): 17, (5, 5): 1}
    assert value == 17


def test_minimax_mid_trick_counts_tiles_on_the_table():
    """The value includes the tiles already on the table: E trumps N's [5-5] lead with its last tile
    [4-4] and its side takes 1 + 10 + 5 (W's [3-2]) = 16."""
    hands = [[], [(4, 4)], [(2, 1)], [(3, 2)]]
    value, moves = MM.solve(hands, 4, 0, trick=[(5, 5)])
    assert value == 16 and moves == {(4, 4): 16}


def engine_points_along_best_line(pos: Position, team: int, nt_doubles: str) -> int:
    """Follow a best line chosen by minimax through the engine; the engine's points for `team`."""
    while not pos.is_over:
        hands = [[to_oracle(t) for t in h] for h in pos.hands]
        trick = [to_oracle(t) for t in pos.trick]
        _, moves = MM.solve(hands, pos.trump, pos.leader, trick, nt_doubles)
        best = max(sorted(moves), key=lambda x: moves[x])
        pos.play(to_tile(best))
    return pos.points[team]


@pytest.mark.parametrize(("trump", "nt_doubles"), MODES, ids=[f"{t}-{nt}" for t, nt in MODES])
def test_minimax_values_match_engine_points_on_best_lines(trump, nt_doubles):
    """For each legal move of a random 2-3 trick endgame, the minimax value equals the points the
    mover's team actually gets in the engine when the game goes on along best lines."""
    rng = random.Random(f"minimax-{trump}-{nt_doubles}")
    rules = rules_for(nt_doubles)
    for _ in range(3):
        size = rng.choice([2, 3])
        state = R.HandState(deal(rng, size), trump, rng.randrange(4), nt_doubles=nt_doubles)
        advance(state, rng.randrange(4), rng)
        value, moves = MM.solve(state.hands, trump, state.leader, state.trick, nt_doubles)
        assert value == max(moves.values())
        team = state.to_move % 2
        for move, move_value in moves.items():
            pos = Position.from_json(position_json(state, rules))
            pos.play(to_tile(move))
            assert engine_points_along_best_line(pos, team, nt_doubles) == move_value
