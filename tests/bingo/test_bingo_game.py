"""Whole Bingo deals and games under the rule profiles: every tile once, points conserved (checked with
the oracle's independent tile values), deck totals of docs/rules.md §5.4 in played-out deals, game points
adding up to 7, start players, undo and repr."""

import random

import pytest
from dominosolver import bingo
from dominosolver.bingo import Game, Position, Rules
from dominosolver.errors import IllegalMoveError
from dominosolver.tiles import Tile
from oracle.bingo_oracle import Rules as OracleRules
from oracle.bingo_oracle import Trumps, declaration_points, p

DECK_TOTALS = {1: 135, 2: 138, 3: 131, 4: 134, 5: 147, 6: 140, 0: 143}  # docs/rules.md §5.4
PROFILES = [
    Rules(),
    Rules.preset("modern_dp"),
    Rules.preset("modern_gb"),
    Rules.preset("modern_sp"),
    Rules(bingo_trump_exchange="on", bingo_declarations_per_deal="unlimited", closer_scored_at="close",
          bingo_led_suit="shared_number", bingo_is_trump="off"),
]


def oracle_value(rules: Rules, trump: int, tile: Tile) -> int:
    return Trumps(OracleRules(rules.to_json()), p(trump)).value((tile.hi, tile.lo))


def replay_checking_conservation(rules: Rules, deal: dict, moves: list[tuple[int, str]]) -> Position:
    """Replay a recorded deal move by move; after each trick the valid points must be the tiles taken
    (+10 for the 14th trick) plus the validated declarations."""
    pos = Position.deal(deal["hands"], deal["boneyard"], deal["start"], rules)
    trump = pos.trump
    taken = [0, 0]
    bonus = [0, 0]
    seen: set[Tile] = set()
    table_tricks = 0
    for player, move in moves:
        assert pos.to_move == player
        lead = pos.trick[0] if pos.trick else None
        before = pos.tricks
        pos.play(move)
        m = bingo.Move.parse(move)
        if m.kind == "tile":
            assert m.tile not in seen  # each tile played once
            seen.add(m.tile)
        if m.kind == "tile" and lead is not None:
            w = 0 if pos.tricks[0] > before[0] else 1
            taken[w] += oracle_value(rules, trump, lead) + oracle_value(rules, trump, m.tile)
            table_tricks += 1
            if table_tricks == 14:
                bonus[w] = 10
        declared = [0, 0]
        for d in pos.declarations:
            if pos.tricks[d.player]:
                declared[d.player] += declaration_points(OracleRules(rules.to_json()), [(t.hi, t.lo) for t in d.tiles])
        for q in (0, 1):
            assert pos.points[q] == taken[q] + bonus[q] + declared[q]
    hands, bone = pos.hands, pos.boneyard
    everything = list(hands[0]) + list(hands[1]) + list(bone) + list(pos.trick) + list(seen)
    assert len(everything) == 28 and len(set(everything)) == 28
    return pos


def play_random_game(seed: int, rules: Rules) -> Game:
    rng = random.Random(seed)
    game = Game(seed=seed, rules=rules, start=seed % 2)
    while not game.is_over:
        moves = game.legal_moves
        pick = [m for m in moves if m.kind not in ("claim",)] or moves
        claim = [m for m in moves if m.kind == "claim"]
        if claim and game.position.points[game.to_move] >= 70:
            pick = claim
        game.play(rng.choice(pick))
    return game


@pytest.mark.parametrize("rules", PROFILES + [Rules(bingo_claim="manual")])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games(rules, seed):
    game = play_random_game(seed, rules)
    deals = game.deals_played
    assert game.winner in ("player 0", "player 1") and list(game.scores) == ["player 0", "player 1"]
    assert game.scores[game.winner] >= 7 and min(game.scores.values()) < 7
    totals = [0, 0]
    for i, d in enumerate(deals):
        totals[d["result"]["winner"]] += d["result"]["game_points"]
        assert 1 <= d["result"]["game_points"] <= 3
        pos = replay_checking_conservation(rules, d, d["moves"])
        assert pos.is_over and pos.result.winner == d["result"]["winner"]
        if i:
            prev = deals[i - 1]
            alternate = rules.to_json().get("bingo_next_start", "alternate" if rules.ruleset == "modern_gb" else "")
            expected = 1 - prev["start"] if alternate == "alternate" else prev["result"]["winner"]
            assert d["start"] == expected
    assert totals == list(game.scores.values())


@pytest.mark.parametrize("seed", range(6))
def test_played_out_deals_share_the_deck_total(seed):
    """With manual claims and nobody claiming, an unclosed deal runs all 14 tricks: the points shared
    are the §5.4 deck total + 10 + the validated declarations."""
    rng = random.Random(seed)
    rules = Rules(bingo_claim="manual")
    game = Game(seed=seed, rules=rules)
    pos = game.position
    while not pos.is_over:
        moves = [m for m in pos.legal_moves if m.kind not in ("claim", "close")]
        pos.play(rng.choice(moves))
    assert pos.result.outcome == "played_out" and sum(pos.tricks) == 14
    declared = sum(declaration_points(OracleRules({}), [(t.hi, t.lo) for t in d.tiles])
                   for d in pos.declarations if pos.tricks[d.player])
    assert sum(pos.points) == DECK_TOTALS[pos.trump] + 10 + declared


def test_the_same_seed_deals_the_same_game():
    a, b = Game(seed=11), Game(seed=11)
    assert a.deal() == b.deal() and a.deal() != Game(seed=12).deal()
    d = a.deal()
    assert len(set(d["hands"][0] + d["hands"][1] + d["boneyard"])) == 28 and d["turned"] == d["boneyard"][-1]


def test_repr_rebuilds_the_game_and_undo_walks_back():
    game = play_random_game(4, Rules())
    again = eval(repr(game), {"Game": Game, "Rules": Rules})
    assert again.scores == game.scores and again.position == game.position
    partial = Game(seed=4)
    moves = game.moves[:25]
    for m in moves:
        partial.play(m)
    snapshot = partial.position.to_json()
    partial.play(partial.legal_moves[0])
    partial.undo()
    assert partial.position.to_json() == snapshot
    with pytest.raises(IllegalMoveError):
        game.play("6-6")  # the game is over


def test_modern_dp_declares_after_winning_a_trick_with_a_double():
    rules = Rules.preset("modern_dp")
    game = Game(seed=0, rules=rules)
    pos = game.position
    assert not [m for m in pos.legal_moves if m.kind == "declare"]  # nothing won yet
    found = False
    rng = random.Random(0)
    for _ in range(300):
        if pos.is_over:
            pos = Game(seed=rng.randrange(1000), rules=rules).position
        declares = [m for m in pos.legal_moves if m.kind == "declare"]
        if declares:
            last_winner = pos.fields().last_winning_tile
            assert last_winner is not None and last_winner.is_double and pos.tricks[pos.to_move] > 0
            found = True
            break
        pos.play(rng.choice([m for m in pos.legal_moves if m.kind == "tile"] or pos.legal_moves))
    assert found


def test_modern_sp_closes_in_place_of_the_draw():
    pos = Game(seed=2, rules=Rules.preset("modern_sp")).position
    lead = [m for m in pos.legal_moves if m.kind == "tile"][0]
    pos.play(lead)
    pos.play(pos.legal_moves[0])
    assert pos.awaiting_draw and sorted(str(m) for m in pos.legal_moves) == ["close", "draw"]
    size = len(pos.boneyard)
    pos.play("close")
    assert pos.closed_by == pos.leader and len(pos.boneyard) == size and len(pos.hand(0)) == 6
    assert Position.from_json(pos.to_json()) == pos
