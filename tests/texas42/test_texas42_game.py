"""Whole games of 42 through bidding, declaration, play and scoring, checked against the oracle.

docs/rules.md §2.2 (one round of bidding, the ladder and MARK_JUMP, ALL_PASS), §2.3 (declaration),
§2.4 (play), §2.5 (marks and points scoring), §2.6 (early stop), §2.7 (game end, the shake passes
clockwise), §3.4-3.5 (Plunge and Splash: the holding, the bid, the partner's declaration and lead,
the first trick lost ending the hand), §3.3 (Nel-O: the partner sitting out, tricks of three, the
first trick the declarer takes ending the hand, its doubles modes and scoring) and §3.6 (Sevens: on a
mark bid, the least distance played and winning, its ties). Every move is checked: the seat to move and the legal calls or tiles; every hand when
it ends: the tiles used, the points, when it stopped and what it scored; the game: running totals
and the winner. Undo and ``eval(repr(game))`` restore the exact state.
"""

from __future__ import annotations

import random

import pytest
from dominosolver import IllegalMoveError
from dominosolver.texas42 import Game, Move, Rules
from dominosolver.texas42.rules import GAME_BID, parse_bid
from oracle import texas42_rules as R
from support42 import oracle_set, replay, to_oracle

RULE_SETS = {
    "marks": {},
    "marks-forced-dealer": {"all_pass": "forced_dealer"},
    "marks-forced-exact-30": {"all_pass": "forced_dealer", "forced_exact_30": True},
    "marks-free-jumps": {"mark_jump": "free"},
    "marks-play-out-always": {"play_out": "always"},
    "points": {"scoring": "points"},
    "points-bid-only": {"scoring": "points", "points_made": "bid_only"},
    "points-higher-total": {"scoring": "points", "points_tie": "higher_total"},
    "marks-specials": {"specials": "all"},  # §3.4-3.5: Plunge from 168, Splash from 84
    "marks-specials-small": {"specials": "all", "plunge_marks": "2", "splash_marks": "3"},
    "points-specials": {"specials": "all", "scoring": "points", "plunge_marks": "3"},
    "marks-sevens-bidders-win-ties": {"specials": "all", "sevens_tie": "bidders_win_ties"},
    # §3.3: Nel-O on any bid, with its low doubles; in the points game, scored as marks
    "marks-nello-any-bid-low": {"specials": "all", "nello_min": "any_bid", "nello_doubles_allowed": "all"},
    "points-nello": {"specials": "all", "scoring": "points", "nello_in_points": "as_marks"},
}
GAMES_PER_RULE_SET = 25

# docs/rules.md sets no top mark bid; the engine offers every one it can write, below "game" (1000).
MAX_MARKS = (GAME_BID - 1) // 42


def flag(flags: dict, name: str, default):
    return flags.get(name, default)


def to_oracle_bid(bid) -> R.Bid:
    """A bid of the package (a Bid, or its text "168:plunge") as the oracle writes it."""
    bid = parse_bid(bid)
    return R.GAME if int(bid) == GAME_BID else R.Bid(int(bid), bid.kind)


def bids_of(game: Game) -> list:
    return [to_oracle_bid(b) for _, b in game.auction]


def snapshot(game: Game) -> dict:
    """Everything observable about a game, to compare states."""
    pos = game.position
    return {
        "repr": repr(game),
        "phase": game.phase,
        "to_move": game.to_move,
        "legal": [str(m) for m in game.legal_moves],
        "scores": game.scores,
        "winner": game.winner,
        "dealer": game.dealer,
        "auction": game.auction,
        "contract": game.contract,
        "trump": game.trump,
        "deal": game.deal() if not game.is_over else None,
        "position": None if pos is None else (str(pos), pos.to_json(), pos.legal_moves, pos.points),
        "hands_played": game.hands_played,
    }


def choose(game: Game, rng: random.Random) -> Move:
    """A random legal move; bids lean towards passing and low bids so that games take several
    hands."""
    legal = game.legal_moves
    if game.phase == "bidding":
        specials = [m for m in legal if m.value.kind != "ordinary"]
        if specials and rng.random() < 0.5:  # a rare hand: take the chance to play a special bid (§3.4)
            return rng.choice(specials)
        bids = [m for m in legal if m.value != 0 and m.value.kind == "ordinary"]
        if len(bids) < len(legal) and (not bids or rng.random() < 0.6):
            return next(m for m in legal if m.value == 0)
        modest = [m for m in bids if m.value <= 42 * 7 or m.value == GAME_BID]  # up to 7 marks, or game
        return rng.choice((modest or bids) if rng.random() < 0.2 else bids[:3])
    own = [m for m in legal if m.kind == "declare" and m.value in OWN_CONTRACTS]
    if own and rng.random() < 0.6:  # take the chance to play Sevens or Nel-O (§3.3, §3.6)
        return rng.choice(own)
    return rng.choice(legal)


# The declarations with a contract of their own (§3.3, §3.6).
OWN_CONTRACTS = ("sevens", "nello", "nello-high", "nello-low")


def nello_offered(flags: dict) -> set[str]:
    """§3.3: Nel-O's doubles modes offered with the specials (low only with nello_doubles_allowed =
    all), in the points game only as marks."""
    if flags.get("scoring", "marks") == "points" and flags.get("nello_in_points") != "as_marks":
        return set()
    return {"nello", "nello-high"} | ({"nello-low"} if flags.get("nello_doubles_allowed") == "all" else set())


class Referee:
    """Follows a game move by move with the oracle and checks the engine at every step."""

    def __init__(self, game: Game, flags: dict) -> None:
        self.game = game
        self.flags = flags
        self.scoring = flag(flags, "scoring", "marks")
        self.totals = [0, 0]
        self.hands_checked = 0
        self.kinds_played: set[str] = set()  # the kinds of bid that won a hand
        self.state: R.HandState | None = None

    def tie_side(self, trump, declarer: int) -> int | None:
        """Sevens under bidders_win_ties: the declaring side wins ties (§3.6)."""
        ties = flag(self.flags, "sevens_tie", "first_played") == "bidders_win_ties"
        return declarer % 2 if trump == "sevens" and ties else None

    def check_before_move(self) -> None:
        g, f = self.game, self.flags
        if g.phase == "bidding":
            bids = bids_of(g)
            assert g.to_move == (g.dealer + 1 + len(bids)) % 4
            expected = R.auction_choices(
                bids,
                all_pass=flag(f, "all_pass", "redeal"),
                forced_exact_30=flag(f, "forced_exact_30", False),
                mark_jump=flag(f, "mark_jump", "strict"),
                scoring=self.scoring,
                max_marks=MAX_MARKS,
                hand=[to_oracle(t) for t in g.deal()[g.to_move]],
                specials=flag(f, "specials", "none"),
                plunge_marks=int(flag(f, "plunge_marks", "4")),
                splash_marks=int(flag(f, "splash_marks", "2")),
            )
            assert [to_oracle_bid(m.value) for m in g.legal_moves] == expected, g.auction
        elif g.phase == "declaring":
            assert g.to_move == R.namer(g.contract.declarer, to_oracle_bid(g.contract.bid))
            assert sorted(map(str, (m.value for m in g.legal_moves))) == sorted(
                map(str, R.declarations(
                    to_oracle_bid(g.contract.bid), flag(f, "specials", "none"), self.scoring,
                    flag(f, "nello_min", "1_mark"), flag(f, "nello_doubles_allowed", "own_suit_high"),
                    flag(f, "nello_in_points", "off"),
                ))
            )
        elif g.phase == "playing":
            if self.state is None:  # first lead: the declarer, or its partner after a Plunge (§2.4, §3.4)
                deal = [[to_oracle(t) for t in h] for h in g.deal()]
                self.state = R.HandState(deal, g.trump, R.namer(g.contract.declarer, to_oracle_bid(g.contract.bid)),
                                         tie_side=self.tie_side(g.trump, g.contract.declarer),
                                         sits_out=R.sits_out(g.contract.declarer, g.trump))
            assert g.to_move == self.state.to_move
            assert oracle_set(m.value for m in g.legal_moves) == set(self.state.legal())

    def after_move(self, move: Move, dealer_before: int) -> None:
        g = self.game
        if move.kind == "tile":
            self.state.play(to_oracle(move.value))
        if g.dealer != dealer_before or g.is_over:
            assert len(g.hands_played) == self.hands_checked + 1
            self.check_hand(g.hands_played[-1], dealer_before)
            self.state = None
            if not g.is_over:
                assert g.dealer == (dealer_before + 1) % 4, "the shake passes clockwise (§2.7)"
                assert g.phase == "bidding"

    def check_hand(self, hand: dict, dealer: int) -> None:
        self.hands_checked += 1
        g = self.game
        assert hand["dealer"] == dealer
        deal_tiles = [t for h in hand["deal"] for t in h]
        assert sorted(map(to_oracle, deal_tiles)) == sorted(R.ALL_TILES) and all(
            len(h) == 7 for h in hand["deal"]
        )
        bids = [to_oracle_bid(b) for b in hand["bids"]]
        winner = R.auction_winner(bids, dealer)
        if winner is None:  # all passed: thrown in (REDEAL)
            assert flag(self.flags, "all_pass", "redeal") == "redeal"
            assert hand["result"] is None and hand["contract"] is None and hand["plays"] == []
            return
        declarer, bid = winner
        assert to_oracle_bid(hand["contract"].bid) == bid and hand["contract"].declarer == declarer
        self.kinds_played.add(bid.kind)
        if hand["trump"] in OWN_CONTRACTS:
            self.kinds_played.add(hand["trump"])  # a declaration with a contract of its own
        out = R.sits_out(declarer, hand["trump"])
        _, tricks = replay(hand["deal"], hand["trump"], R.namer(declarer, bid), hand["plays"],
                           tie_side=self.tie_side(hand["trump"], declarer), sits_out=out)
        played = [to_oracle(t) for _, t in hand["plays"]]
        assert len(set(played)) == len(played), "each tile is played at most once"
        assert len(played) == (4 if out is None else 3) * len(tricks)
        if out is not None:  # Nel-O's partner plays no tile (§3.3)
            assert not {to_oracle(t) for t in hand["deal"][out]} & set(played)
        us = declarer % 2
        # §2.6: undecided after every earlier trick, decided after the last one played.
        points, us_tricks, opp_tricks = [0, 0], 0, 0
        decided = None
        for i, (w, p) in enumerate(tricks, 1):
            assert decided is None, "the hand went on after it was decided"
            points[w % 2] += p
            us_tricks += w % 2 == us
            opp_tricks += w % 2 != us
            decided = R.hand_decided(
                bid,
                points[us],
                points[1 - us],
                opp_tricks,
                i,
                self.scoring,
                flag(self.flags, "play_out", "auto"),
                hand["trump"],
                us_tricks,
            )
        assert decided is not None, "the hand stopped before it was decided"
        if len(tricks) == 7:
            unplayed = [] if out is None else [to_oracle(t) for t in hand["deal"][out]]
            assert sorted(played + unplayed) == sorted(R.ALL_TILES)
            assert sum(points) == 42 - sum(R.counter(x) for x in unplayed)
        assert (hand["points"]["NS"], hand["points"]["EW"]) == tuple(points)
        result = hand["result"]
        assert result["made"] is decided
        us_score, them_score = R.score_hand(
            bid,
            decided,
            points[us],
            points[1 - us],
            self.scoring,
            flag(self.flags, "points_made", "taken"),
            hand["trump"],
        )
        expected = (us_score, them_score) if us == 0 else (them_score, us_score)
        assert tuple(result["score"]) == expected
        assert result["decides_game"] is (bid == R.GAME)
        self.totals = [self.totals[t] + expected[t] for t in (0, 1)]
        assert g.scores == {"NS": self.totals[0], "EW": self.totals[1]}
        won = R.game_winner(
            self.totals,
            us,
            bid,
            decided,
            self.scoring,
            flag(self.flags, "points_tie", "bidder_out"),
        )
        assert won != "tie"
        assert g.winner == (None if won is None else ("NS", "EW")[won])
        assert g.is_over is (won is not None)


def play_game(game: Game, flags: dict, rng: random.Random, undo_rate: float = 0.03) -> Referee:
    ref = Referee(game, flags)
    while not game.is_over:
        ref.check_before_move()
        if rng.random() < undo_rate:
            check_undo_restores(game, rng)
        move = choose(game, rng)
        dealer = game.dealer
        game.play(move)
        ref.after_move(move, dealer)
    assert game.legal_moves == [] and game.to_move is None
    last = game.hands_played[-1]  # the position is the last hand as it ended
    assert [(s, str(t)) for s, t in game.position.plays] == last["plays"] and game.position.contract == last["contract"]
    with pytest.raises(IllegalMoveError):
        game.play("pass")
    return ref


def check_undo_restores(game: Game, rng: random.Random) -> None:
    """Play a few random moves, undo them all: the game is exactly as before."""
    before = snapshot(game)
    steps = 0
    for _ in range(rng.randint(1, 6)):
        if game.is_over:
            break
        game.play(choose(game, rng))
        steps += 1
    for _ in range(steps):
        game.undo()
    assert snapshot(game) == before


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_random_games_against_oracle(name):
    """Random whole games: legal calls and tiles, hand results, totals and the winner all follow
    docs/rules.md §2; undo restores the exact state along the way."""
    flags = RULE_SETS[name]
    hands = 0
    kinds = set()
    for seed in range(GAMES_PER_RULE_SET):
        rng = random.Random(f"{name}-{seed}")
        game = Game(seed=seed, rules=Rules(**flags), dealer=seed % 4)
        ref = play_game(game, flags, rng)
        hands += ref.hands_checked
        kinds |= ref.kinds_played
        target = 7 if ref.scoring == "marks" else 250
        if not any(h["result"] and h["result"]["decides_game"] for h in game.hands_played):
            assert max(game.scores.values()) >= target
            assert game.scores[game.winner] >= target
    # (Special bids are worth 2 to 4 marks or more: their games are shorter.)
    assert hands >= (3 if flags.get("specials") == "all" else 5) * GAMES_PER_RULE_SET
    # With the special contracts offered, hands of each kind were played and checked.
    specials = {"plunge", "splash", "sevens"} | nello_offered(flags)  # Nel-O: each doubles mode offered
    assert kinds == ({"ordinary"} | specials if flags.get("specials") == "all" else {"ordinary"})


def test_all_pass_redeal_next_dealer_shakes():
    """ALL_PASS = REDEAL: four passes throw the hand in; the next seat clockwise deals a new
    hand."""
    game = Game(seed=5, dealer=2)
    first_deal = game.deal()
    for _ in range(4):
        game.play("pass")
    assert game.phase == "bidding" and game.dealer == 3
    assert game.deal() != first_deal
    thrown = game.hands_played[-1]
    assert thrown["result"] is None and thrown["bids"] == ["pass"] * 4 and thrown["dealer"] == 2
    assert game.scores == {"NS": 0, "EW": 0}


def test_forced_dealer_may_not_pass():
    """ALL_PASS = FORCED_DEALER: after three passes the dealer must bid at least 30 (exactly 30 with
    FORCED_EXACT_30); passing is an illegal move."""
    game = Game(seed=5, rules=Rules(all_pass="forced_dealer"), dealer=0)
    for _ in range(3):
        game.play("pass")
    assert game.to_move == 0
    assert Move("bid", 0) not in game.legal_moves and Move("bid", 30) in game.legal_moves
    with pytest.raises(IllegalMoveError, match="pass"):
        game.play("pass")
    exact = Game(seed=5, rules=Rules(all_pass="forced_dealer", forced_exact_30=True))
    for _ in range(3):
        exact.play("pass")
    assert exact.legal_moves == [Move("bid", 30)]


def steer(game: Game, team: int, rng: random.Random) -> Move:
    """`team` plays a tile that leaves it winning the trick when it can (the highest-ranked such
    tile is not sought: any will do); the other team plays at random."""
    legal = game.legal_moves
    if game.to_move % 2 != team:
        return rng.choice(legal)
    pos = game.position
    for move in legal:
        pos.play(move.value)
        winning = pos.trick_winner if not pos.trick else pos.winning_so_far
        pos.undo()
        if winning is not None and winning % 2 == team:
            return move
    return rng.choice(legal)


@pytest.mark.parametrize("made", [True, False])
def test_game_bid_decides_the_points_game(made):
    """§2.2/2.5: in the points game "Game" is legal only directly over 168 and decides the whole
    game: made (all 7 tricks) -> the declaring side wins, set -> the opponents win, whatever the
    scores."""
    for seed in range(300):
        rng = random.Random(seed)
        game = Game(seed=seed, rules=Rules(scoring="points"))
        for call in (84, 126, 168):
            assert Move("bid", GAME_BID) not in game.legal_moves
            game.play(call)
        assert Move("bid", GAME_BID) in game.legal_moves
        game.play("game")
        declarer = game.contract.declarer
        hand = game.deal()[declarer]
        game.play(
            Move("declare", max(range(7), key=lambda s: sum(s in (t.hi, t.lo) for t in hand)))
        )
        while not game.is_over:
            game.play(steer(game, declarer % 2, rng))
        hand = game.hands_played[-1]
        _, tricks = replay(hand["deal"], hand["trump"], declarer, hand["plays"])
        if all(w % 2 == declarer % 2 for w, _ in tricks) is not made:
            continue
        assert len(game.hands_played) == 1
        assert hand["result"]["made"] is made and hand["result"]["decides_game"] is True
        assert game.winner == ("NS", "EW")[declarer % 2 if made else 1 - declarer % 2]
        return
    pytest.fail("no seeded game had the wanted outcome")


def test_both_sides_reach_250_on_one_hand():
    """§2.5 POINTS_TIE: when a made bid takes both sides to 250 together, BIDDER_OUT gives the game
    to the declaring side even with the lower total; HIGHER_TOTAL gives it to the higher total.
    Games where the seat left of the dealer bids 30, the others pass and the declaring side mostly
    plays to win its tricks, until one ends with both sides over 250 and the declarer behind."""
    for seed in range(930, 2930):
        rng = random.Random(seed)
        game = Game(seed=seed, rules=Rules(scoring="points"))
        while not game.is_over:
            if game.phase == "bidding":
                game.play(30 if not game.auction else "pass")
            elif game.phase == "declaring":
                game.play(Move("declare", rng.randrange(7)))
            else:
                team = game.contract.declarer % 2
                game.play(
                    steer(game, team, rng) if rng.random() < 0.7 else rng.choice(game.legal_moves)
                )
        last = game.hands_played[-1]
        us = last["contract"].declarer % 2
        totals = (game.scores["NS"], game.scores["EW"])
        if min(totals) < 250 or totals[us] >= totals[1 - us]:
            continue
        assert last["result"]["made"] is True
        assert game.winner == ("NS", "EW")[us]
        higher = Game(
            seed=seed, rules=Rules(scoring="points", points_tie="higher_total"), moves=game.moves
        )
        assert higher.is_over and higher.scores == game.scores
        assert higher.winner == ("NS", "EW")[1 - us]
        return
    pytest.fail("no seeded game had both sides pass 250 on a hand the lower side made")


def test_game_bid_not_in_the_marks_game():
    """ "Game" is a points-game bid; in marks, 168 is followed only by 210 (MARK_JUMP)."""
    game = Game(seed=1)
    for call in (84, 126, 168):
        game.play(call)
    assert [m.value for m in game.legal_moves] == [0, 210]


@pytest.mark.parametrize("name", ["marks", "points", "marks-forced-dealer"])
def test_repr_round_trips_through_eval(name):
    """``eval(repr(game))`` rebuilds the same game state, at every phase of a random game."""
    flags = RULE_SETS[name]
    rng = random.Random(name)
    game = Game(seed=11, rules=Rules(**flags), dealer=1)
    namespace = {"Game": Game, "Rules": Rules}
    step = 0
    while not game.is_over:
        if step % 17 == 0:
            assert snapshot(eval(repr(game), namespace)) == snapshot(game)
        game.play(choose(game, rng))
        step += 1
    assert snapshot(eval(repr(game), namespace)) == snapshot(game)


def test_failed_game_moves_change_nothing():
    """An illegal call, declaration or tile raises IllegalMoveError and leaves the game
    unchanged."""
    game = Game(seed=2)
    game.play(30)
    before = snapshot(game)
    for bad in (30, 29, 43, 126, "declare 4", "6-6"):
        with pytest.raises(IllegalMoveError):
            game.play(bad)
        assert snapshot(game) == before
    for call in ("pass", "pass", "pass"):
        game.play(call)
    before = snapshot(game)
    for bad in ("pass", 31):
        with pytest.raises(IllegalMoveError):
            game.play(bad)
        assert snapshot(game) == before
    game.play("declare 3")
    before = snapshot(game)
    seat = game.to_move
    not_mine = next(t for s, h in enumerate(game.deal()) if s != seat for t in h)
    for bad in (not_mine, "pass", "declare 2"):
        with pytest.raises(IllegalMoveError):
            game.play(bad)
        assert snapshot(game) == before


def test_digits_in_play_are_a_tile():
    """Once the hand is in play no bid is open, so "64" names the tile 6-4 (in the auction it is
    read as a bid)."""
    game = Game(seed=2)
    for call in (30, "pass", "pass", "pass", "declare 3"):
        game.play(call)
    tile = game.legal_moves[0].value
    game.play(f"{tile.hi}{tile.lo}")
    assert game.moves[-1] == Move("tile", tile)
    fresh = Game(seed=2)
    with pytest.raises(IllegalMoveError):
        fresh.play("64")  # the bid 64 does not exist


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("bid_index", [1, 5, -1])  # 30, 34 and the highest mark bid
def test_a_position_scores_its_hand_as_the_game_does(seed, bid_index):
    game = Game(seed=seed)
    while game.phase == "bidding":
        game.play(game.legal_moves[bid_index] if not game.auction else game.legal_moves[0])
    game.play(game.legal_moves[seed % len(game.legal_moves)])  # a declaration
    position = game.position  # a copy
    assert position.result is None
    # The oracle's own play and scoring (§2.5, §2.6) give the expected result at every step.
    oracle = R.HandState([[to_oracle(t) for t in h] for h in position.hands], position.trump, position.leader)
    declarer, bid = position.contract
    bid = to_oracle_bid(bid)
    us = declarer % 2
    hands_done = len(game.hands_played)
    while len(game.hands_played) == hands_done:
        tile = game.legal_moves[-1].value
        game.play(game.legal_moves[-1])
        position.play(tile)
        oracle.play(to_oracle(tile))
        made = R.hand_decided(
            bid, oracle.points[us], oracle.points[1 - us], oracle.tricks[1 - us], sum(oracle.tricks)
        )
        if made is None:
            assert position.result is None
        else:
            ours, theirs = R.score_hand(bid, made, oracle.points[us], oracle.points[1 - us])
            score = (ours, theirs) if us == 0 else (theirs, ours)
            assert position.result == {"made": made, "score": score, "decides_game": bid == R.GAME}
        if len(game.hands_played) == hands_done:
            assert position.result is None  # open until the game says the hand is decided
    assert position.result == game.hands_played[-1]["result"] and position.result is not None
