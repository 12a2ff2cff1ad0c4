"""The worked examples X1-X9 of docs/rules.md §7.1, one test each, through the public API (plus the
follow-me doubles options of X10, and X10 itself in Nel-O).

P1..P4 are seats N, E, S, W (0..3); P1 leads; P1/P3 (NS) are partners. Where the example names only
some tiles of a hand, the other tiles are fillers chosen so that they change nothing the example
states. X7-X9 need a whole hand: the public API deals from a seed, so each test plays seeded hands
with a scripted auction until the oracle, replaying the plays, finds the situation the example
describes, then checks the engine's score.
"""

from __future__ import annotations

import random

import pytest
from dominosolver import IllegalMoveError, Tile
from dominosolver.texas42 import Game, Move, Position, Rules
from dominosolver.texas42.rules import contract_text
from oracle import texas42_rules as R
from support42 import replay

N, E, S, W = range(4)
NS, EW = 0, 1


def tiles(text: str) -> list[Tile]:
    return [Tile(t) for t in text.split()]


def position(trump, p1, p2, p3, p4, rules=None) -> Position:
    return Position(
        trump=trump, hands=[tiles(p1), tiles(p2), tiles(p3), tiles(p4)], leader=N, rules=rules
    )


def play_trick(pos: Position, *plays: str) -> None:
    for t in plays:
        pos.play(t)


def test_x1_trump_lead_with_fours_trump():
    """X1: [6-4] with fours trump is a trump lead (E must trump, not follow sixes); S without fours
    may play anything; [4-4] wins; the trick is worth 1 + 10 + 10 = 21 to EW."""
    pos = position(4, "6-4 1-1 2-1", "4-4 6-1 0-0", "5-5 6-6 3-2", "4-0 6-5 2-0")
    pos.play("6-4")
    assert pos.legal_moves == [Tile("4-4")]
    pos.play("4-4")
    assert set(pos.legal_moves) == set(tiles("5-5 6-6 3-2"))
    pos.play("5-5")
    assert pos.legal_moves == [Tile("4-0")]
    pos.play("4-0")
    assert pos.trick_winner == E
    assert pos.points == (0, 21)


def test_x2_trump_tile_does_not_follow_its_other_number():
    """X2: fours trump, [6-5] led calls sixes; [6-4] is a trump, so E must play [6-1]; S, void in
    sixes, trumps with [4-2] and wins a 1-point trick."""
    pos = position(4, "6-5 3-3 1-1", "6-4 6-1 2-2", "4-2 5-3 1-0", "6-6 0-0 2-1")
    pos.play("6-5")
    assert pos.legal_moves == [Tile("6-1")]
    pos.play("6-1")
    assert set(pos.legal_moves) == set(tiles("4-2 5-3 1-0"))
    play_trick(pos, "4-2", "6-6")
    assert pos.trick_winner == S
    assert pos.points == (1, 0)


def test_x3_follow_me_high_end_decides():
    """X3: no trumps, doubles high: [5-3] calls fives; E, with no five, may play [3-3], which does
    not follow; [5-5] is the highest five and wins 1 + 10 = 11."""
    pos = position("none", "5-3 6-6", "3-3 2-1", "5-1 0-0", "5-5 4-4")
    pos.play("5-3")
    assert set(pos.legal_moves) == set(tiles("3-3 2-1"))
    play_trick(pos, "3-3", "5-1", "5-5")
    assert pos.trick_winner == W
    assert pos.points == (0, 11)


def test_x4_doubles_trump_double_led():
    """X4: doubles trump, [5-5] led is a trump lead; S has no double and may play any tile; [6-6] is
    the top trump and wins 1 + 10 + 10 = 21."""
    pos = position("doubles", "5-5 6-1", "6-6 3-1", "6-4 2-1", "0-0 5-1")
    pos.play("5-5")
    assert pos.legal_moves == [Tile("6-6")]
    pos.play("6-6")
    assert set(pos.legal_moves) == set(tiles("6-4 2-1"))
    pos.play("6-4")
    assert pos.legal_moves == [Tile("0-0")]
    pos.play("0-0")
    assert pos.trick_winner == E
    assert pos.points == (0, 21)


def test_x5_doubles_trump_non_double_led():
    """X5: doubles trump, [6-2] calls sixes; [6-6] is a trump, not a six, so E must play [6-1]; S,
    void in sixes, trumps with [4-4]; W overtrumps with [5-5] and wins 1 + 10 = 11."""
    pos = position("doubles", "6-2 0-0 1-0", "6-6 6-1 3-3", "4-4 2-1 3-1", "5-5 4-3 2-0")
    pos.play("6-2")
    assert pos.legal_moves == [Tile("6-1")]
    pos.play("6-1")
    assert set(pos.legal_moves) == set(tiles("4-4 2-1 3-1"))
    pos.play("4-4")
    assert set(pos.legal_moves) == set(tiles("5-5 4-3 2-0"))
    pos.play("5-5")
    assert pos.trick_winner == W
    assert pos.points == (0, 11)


def test_x6_double_led_in_a_trump_game():
    """X6: twos trump, [3-3] calls threes; [3-2] is a trump, so E holds no three and may play either
    tile; S must follow with [6-3]; of the trumps [3-2] and [2-0], [3-2] ranks higher: E wins 1 + 5
    = 6."""
    pos = position(2, "3-3 1-1", "3-2 6-0", "6-3 4-4", "2-0 5-5")
    pos.play("3-3")
    assert set(pos.legal_moves) == set(tiles("3-2 6-0"))
    pos.play("3-2")
    assert pos.legal_moves == [Tile("6-3")]
    pos.play("6-3")
    assert set(pos.legal_moves) == set(tiles("2-0 5-5"))
    pos.play("2-0")
    assert pos.trick_winner == E
    assert pos.points == (0, 6)


# ---------------------------------------------------------------- X7-X9: whole hands through Game


def seeded_hands(rules: Rules, bid: int, budget: int = 3000):
    """Hands where E (left of the first dealer N) bids `bid`, the others pass, E names a random
    trump and everybody plays random legal tiles. Yields (finished hand record, oracle tricks) where
    the oracle tricks are (winner, points) of each completed trick, replayed independently."""
    for seed in range(budget):
        rng = random.Random(seed)
        game = Game(seed=seed, rules=rules)
        for call in (bid, "pass", "pass", "pass"):
            game.play(call)
        game.play(Move("declare", rng.choice(R.TRUMP_MODES)))
        while not game.hands_played:
            game.play(rng.choice(game.legal_moves))
        hand = game.hands_played[0]
        assert hand["contract"] == (E, bid)
        _, tricks = replay(hand["deal"], hand["trump"], E, hand["plays"])
        yield hand, tricks


def team_points(tricks, team, upto=None):
    return sum(points for winner, points in tricks[:upto] if winner % 2 == team)


def test_x7_marks_scoring_made_point_bid():
    """X7: marks scoring, bid 34, the declaring side takes 35 -> +1 mark, opponents 0."""
    for hand, tricks in seeded_hands(Rules(), 34):
        if team_points(tricks, EW) == 35:
            assert hand["result"]["made"] is True
            assert hand["result"]["score"] == (0, 1)
            return
    pytest.fail("no seeded hand had the declaring side take 35")


def test_x7_marks_scoring_set_two_mark_bid_stops_at_first_lost_trick():
    """X7: marks scoring, bid 84 (2 marks), the opponents win trick 3 -> the hand stops there and
    the opponents get 2 marks."""
    for hand, tricks in seeded_hands(Rules(), 84):
        if len(tricks) >= 3 and [w % 2 for w, _ in tricks[:3]] == [EW, EW, NS]:
            assert len(hand["plays"]) == 12, "the hand must stop with trick 3"
            assert hand["result"]["made"] is False
            assert hand["result"]["score"] == (2, 0)
            return
    pytest.fail("no seeded hand had the opponents win their first trick at trick 3")


@pytest.mark.parametrize(
    ("taken", "expected"),
    [(35, (7, 35)), (28, (31 + 14, 0))],
    ids=["made-31-took-35", "set-31-took-28"],
)
def test_x8_points_scoring(taken, expected):
    """X8: points scoring, bid 31: taking 35 scores bidders +35 and opponents +7; taking 28 scores
    bidders 0 and opponents 31 + 14 = 45. (Declarer E is in EW, so scores read (NS, EW).)"""
    for hand, tricks in seeded_hands(Rules(scoring="points"), 31):
        if team_points(tricks, EW) == taken:
            assert len(tricks) == 7, "points scoring plays all 7 tricks"
            assert hand["result"]["made"] is (taken >= 31)
            assert hand["result"]["score"] == expected
            return
    pytest.fail(f"no seeded hand had the declaring side take {taken}")


def test_x9_early_stop_marks():
    """X9: marks scoring, bid 30; after four tricks the opponents hold 13 > 42 - 30 = 12 (and held
    at most 12 before), so the bid can no longer be made: the hand stops now and the opponents score
    1 mark."""
    for hand, tricks in seeded_hands(Rules(), 30):
        if (
            len(tricks) >= 4
            and team_points(tricks, NS, 4) == 13
            and team_points(tricks, NS, 3) <= 12
            and team_points(tricks, EW, 4) < 30
        ):
            assert len(hand["plays"]) == 16, "the hand must stop after trick 4"
            assert hand["result"]["made"] is False
            assert hand["result"]["score"] == (1, 0)
            return
    pytest.fail("no seeded hand had the opponents reach 13 points at trick 4")


# ------------------------------------------------------------ X10's doubles options, in follow-me


@pytest.mark.parametrize(("nt_doubles", "winner"), [("low", E), ("high", N)])
def test_follow_me_doubles_low(nt_doubles, winner):
    """X10 (doubles rules, here in 4-player follow-me): with doubles LOW, N's lead [6-6] is the
    lowest six and E's [6-0] beats it; with HIGH the same plays go to N."""
    rules = Rules(nt_doubles=nt_doubles) if nt_doubles != "high" else Rules()
    pos = position("none", "6-6 1-1", "6-0 2-1", "3-2 4-1", "5-5 3-0", rules=rules)
    play_trick(pos, "6-6", "6-0", "3-2", "5-5")
    assert pos.trick_winner == winner


def test_follow_me_doubles_own_suit():
    """X10 (here in 4-player follow-me): with doubles as their OWN_SUIT, [4-4] is not a four, so E,
    holding [4-4] and [2-0], is void in fours and both tiles are legal; [4-3] is the highest
    four."""
    pos = position(
        "none", "4-1 1-1", "4-4 2-0", "1-0 6-6", "4-3 5-5", rules=Rules(nt_doubles="own_suit")
    )
    pos.play("4-1")
    assert set(pos.legal_moves) == set(tiles("4-4 2-0"))
    play_trick(pos, "2-0", "1-0", "4-3")
    assert pos.trick_winner == W
    assert pos.points == (0, 1 + 5)


# ------------------------------------------------------------ X14-X15, Plunge and Splash (§3.4-3.5)

SPECIALS = Rules(specials="all")
X14_SEED = 46  # N deals; E holds 6-6 5-5 3-3 2-2 (and 6-0 3-2 2-1); no other seat holds more than 2 doubles
X15_SEED = 80  # N deals; E holds 5-5 1-1 0-0 and S 6-6 3-3 2-2: three doubles each


def test_x14_plunge_auction_declaration_and_lead():
    """X14: E, holding four doubles, may open "168:plunge" (and "84:splash") but no plain 168; over
    it the ladder offers 210 only. After three passes the contract is E168:plunge: W names the
    declaration, sees E's doubles, and leads."""
    game = Game(seed=X14_SEED, rules=SPECIALS)
    assert [t for t in game.deal()[E] if t.is_double] == tiles("6-6 5-5 3-3 2-2")
    calls = [str(m) for m in game.legal_moves]
    assert calls[-2:] == ["168:plunge", "84:splash"] and "168" not in calls
    game.play("168:plunge")
    assert [str(m) for m in game.legal_moves] == ["pass", "210"]
    for _ in range(3):
        game.play("pass")
    assert contract_text(game.contract, game.rules) == "E168:plunge" and game.contract.kind == "plunge"
    assert game.phase == "declaring" and game.to_move == W
    assert [m.value for m in game.legal_moves] == list(R.TRUMP_MODES)
    view = game.view(W)
    assert view.to_move == W and view.revealed[E] == tuple(tiles("6-6 5-5 3-3 2-2"))
    assert view.to_json()["revealed"] == {"E": ["6-6", "5-5", "3-3", "2-2"]}
    assert type(view).from_json(view.to_json()) == view
    game.play("declare 2")
    assert game.position.leader == W and game.to_move == W
    assert Game(seed=X14_SEED).legal_moves[-1] == Move.parse("84")  # specials = none: tournament 42


def test_x14_plunge_ends_at_the_first_lost_trick():
    """X14: the hand ends with the first trick NS win (NS +4 marks), or EW take all 7 (EW +4)."""
    for trump in R.TRUMP_MODES:
        game = Game(seed=X14_SEED, rules=SPECIALS)
        for call in ("168:plunge", "pass", "pass", "pass", f"declare {trump}"):
            game.play(call)
        while not game.hands_played:
            game.play(game.legal_moves[0])  # the lowest tile each time
        hand = game.hands_played[0]
        _, tricks = replay(hand["deal"], hand["trump"], W, hand["plays"])
        lost = [i for i, (winner, _) in enumerate(tricks) if winner % 2 == NS]
        assert len(tricks) == (lost[0] + 1 if lost else 7)
        assert hand["result"]["made"] is (not lost)
        assert hand["result"]["score"] == ((4, 0) if lost else (0, 4))


def test_x14_plunge_marks_2_and_hands_without_four_doubles():
    """X14: with plunge_marks = 2, E's Plunge over N's 84 is 126; N (two doubles) is offered none."""
    game = Game(seed=X14_SEED, dealer=W, rules=Rules(specials="all", plunge_marks="2"))  # N bids first
    assert not [m for m in game.legal_moves if m.value.kind != "ordinary"]
    game.play("84")
    assert [str(m) for m in game.legal_moves if m.value.kind == "plunge"] == ["126:plunge"]
    with pytest.raises(IllegalMoveError, match="bid 168:plunge is not open to E"):
        game.play("168:plunge")


def test_x15_splash_over_splash():
    """X15: E and S hold three doubles each. E opens "84:splash"; S may raise one mark, "126:splash"
    (or a plain 126); after two passes S's partner N names the declaration and leads. With
    splash_marks = 3, E's Splash opens at 126."""
    game = Game(seed=X15_SEED, rules=SPECIALS)
    assert [str(m) for m in game.legal_moves][-1] == "84:splash"
    game.play("84:splash")
    assert [str(m) for m in game.legal_moves] == ["pass", "126", "126:splash"]
    for call in ("126:splash", "pass", "pass"):
        game.play(call)
    assert contract_text(game.contract, game.rules) == "S126:splash" and game.to_move == N
    assert game.view(E).revealed[S] == tuple(tiles("6-6 3-3 2-2"))
    game.play("declare doubles")
    assert game.position.leader == N
    assert Game(seed=X15_SEED, rules=Rules(specials="all", splash_marks="3")).legal_moves[-1] == Move.parse("126:splash")


# ------------------------------------------------------------ X11, Sevens (§3.6)


@pytest.mark.parametrize("tie, winner", [("first_played", E), ("bidders_win_ties", S)])
def test_x11_sevens_ties(tie, winner):
    """X11: N (the declarer) leads 6-3, its nearest to 7 (distance 2); E plays 4-4 (1), S 5-3 (1), W
    1-1 (5). Ties to the first played: E wins and N is set; ties to the declaring side: S wins."""
    pos = Position(trump="sevens", hands=[tiles("6-3 0-0"), tiles("4-4 1-0"), tiles("5-3 2-0"), tiles("1-1 6-6")],
                   contract=(N, 84), rules=Rules(sevens_tie=tie))
    assert pos.legal_moves == tiles("6-3")  # the leader too must play its nearest (0-0 is 7 away)
    play_trick(pos, "6-3", "4-4", "5-3", "1-1")
    assert pos.trick_winner == winner
    assert pos.tricks_won == ((0, 1) if winner == E else (1, 0))  # EW's trick sets N


def test_x11_sevens_forced_play():
    """X11: a player holding 4-3 (distance 0) and 6-6 (5) must play 4-3."""
    pos = Position(trump="sevens", hands=[tiles("6-3 1-0"), tiles("4-3 6-6"), tiles("5-3 6-0"), tiles("1-1 5-0")],
                   contract=(N, 42))
    pos.play("6-3")
    assert pos.legal_moves == tiles("4-3")


# ------------------------------------------------------------ X10, Nel-O (§3.3)


@pytest.mark.parametrize(("trump", "winner"), [("nello-low", E), ("nello-high", N)])
def test_x10_nello_doubles_low_and_high(trump, winner):
    """X10 as written, in Nel-O: N declares, S sits out (its hand not given), tricks go N, E, W. With
    doubles low N's lead 6-6 is the lowest six and E's 6-0 beats it: N survives. With doubles high the
    same plays go to N, who is set at once."""
    pos = Position(trump=trump, hands=[tiles("6-6 1-1"), tiles("6-0 2-1"), [], tiles("5-5 3-0")], contract=(N, 42))
    assert pos.leader == N and pos.trick_size == 3
    play_trick(pos, "6-6", "6-0", "5-5")
    assert pos.trick_winner == winner
    assert pos.tricks_won == ((0, 1) if winner == E else (1, 0))  # N's trick sets it (§3.3)


def test_x10_nello_doubles_own_suit():
    """X10 in Nel-O, doubles their own suit: 4-4 is no four, so E holding 4-4 and 2-0 may play either;
    N 4-1, E 2-0, W 4-3: W wins with the highest four, and N has lost the trick it had to."""
    pos = Position(trump="nello", hands=[tiles("4-1 1-1"), tiles("4-4 2-0"), [], tiles("4-3 5-5")], contract=(N, 42))
    pos.play("4-1")
    assert set(pos.legal_moves) == set(tiles("4-4 2-0"))
    play_trick(pos, "2-0", "4-3")
    assert pos.trick_winner == W and pos.tricks_won == (0, 1) and pos.result is None
