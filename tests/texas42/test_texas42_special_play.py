"""Bots and grades on the special contracts (docs/rules.md §3.4-3.5, under specials = all): the hint
bot bids a Plunge when its advisor says so and plays it by the chance of making; rule-of-thumb bots
play a special hand legally to its end; `analyse` grades a play that turns a make into a set as the
costly one, in tricks and in P(make)."""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.errors import ParseError
from dominosolver.games.texas42 import analysis, contract_to_json
from dominosolver.render.texas42 import show_hand_record
from dominosolver.texas42 import Game, Move, Position, Rules, Solver, analyse_play, hint
from dominosolver.texas42.arena import play_deal, run_arena
from dominosolver.texas42.bots import HintBot, RandomBot, RuleBot
from dominosolver.texas42.rules import Bid

SPECIALS = Rules(specials="all")


def plunge_deal_seed(seat_parity: int) -> int:
    """A Game seed under SPECIALS whose deal gives a seat of the given parity four doubles."""
    for seed in range(1000):
        deal = Game(seed=seed, rules=SPECIALS).deal()
        if any(sum(t.is_double for t in h) >= 4 for s, h in enumerate(deal) if s % 2 == seat_parity):
            return seed
    raise AssertionError("no such deal")


def test_the_hint_bot_bids_a_plunge_when_its_advice_reaches_the_threshold():
    bids = 0
    for seed in range(40):
        game = Game(seed=seed, rules=SPECIALS)
        bot = HintBot(seed=3)
        while game.phase == "bidding":
            if game.to_move % 2 == 0:
                advice = bot._advise(game)
                move = bot.choose(game)
                special = advice.special
                if special is not None and special.bid in [m.value for m in game.legal_moves]:
                    assert move == Move("bid", special.bid) and special.p_make >= advice.threshold(special)
                    bids += 1
                else:
                    assert getattr(move.value, "kind", "ordinary") == "ordinary"
            else:
                move = RuleBot().choose(game)
            game.play(move)
        if bids:
            return
    raise AssertionError("the hint bot bid no special contract in 40 deals")


def test_the_hint_bot_plays_a_special_hand_by_the_chance_of_making():
    seed = plunge_deal_seed(0)
    game = Game(seed=seed, rules=SPECIALS)
    bidder = next(s for s, h in enumerate(game.deal()) if s % 2 == 0 and sum(t.is_double for t in h) >= 4)
    while game.to_move != bidder:
        game.play(Move("bid", 0))
    game.play(Move("bid", Bid(168, "plunge")))
    while game.phase == "bidding":
        game.play(Move("bid", 0))
    bot = HintBot(seed=5, samples=12)
    game.play(bot.choose(game))  # the partner names the declaration
    view = game.view(game.to_move)
    assert view.objective == "every trick" and game.to_move == SPECIALS.partner_of(bidder)
    move = bot.choose(game)
    expected = hint(view, samples=12, seed=bot._seed(game), threads=1, exact_limit=bot.exact_limit, objective="goal")
    assert move == Move("tile", expected.moves[0].move) and expected.units == "tricks"


def test_rule_bots_play_a_special_hand_legally_to_its_end():
    for parity in (0, 1):
        game = Game(seed=plunge_deal_seed(parity), rules=SPECIALS)
        bidder = next(s for s, h in enumerate(game.deal()) if s % 2 == parity and sum(t.is_double for t in h) >= 4)
        while game.to_move != bidder:
            game.play(Move("bid", 0))
        game.play(Move("bid", Bid(84, "splash")))
        bot = RuleBot()
        while not game.hands_played:
            game.play(bot.choose(game))  # the game refuses an illegal move
        hand = game.hands_played[0]
        assert hand["contract"].bid == Bid(84, "splash") and hand["result"] is not None


def special_position(seed: int) -> Position:
    rng = random.Random(seed)
    while True:
        deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
        bidders = [s for s, h in enumerate(deal) if sum(t.is_double for t in h) >= 4]
        if bidders:
            return Position(trump="doubles", hands=deal, contract=(bidders[0], "168:plunge"))


def test_a_play_that_turns_a_make_into_a_set_is_the_costly_one(tmp_path):
    solver = Solver(16)
    for seed in range(60):
        pos = special_position(seed)
        result = solver.solve(pos)
        losing = [m for m, v in result.moves.items() if v < pos.tricks_left]
        if not result.makes or not losing:
            continue
        best = result.best[0]
        bad, good = analyse_play(pos, [losing[0]]), analyse_play(pos, [best])
        assert (bad[0].makes_before, bad[0].makes_after, bad[0].declaring) == (True, False, True)
        assert bad[0].goal_cost == 1 and bad[0].cost == pos.tricks_left - result.moves[losing[0]] > 0
        assert good[0].goal_cost == 0 and good[0].cost == 0 and good[0].makes_after
        graded = analysis(pos, [losing[0], *solver.solve(_after(pos, losing[0])).pv[:3]], None)
        assert graded["units"] == "tricks"
        assert [p["goal_cost"] for p in graded["plays"]] == [1, 0, 0, 0]  # once set, nothing more to lose
        assert graded["plays"][0] == {"seat": pos.to_move, "tile": losing[0], "before": pos.tricks_left,
                                      "after": result.moves[losing[0]], "cost": bad[0].cost,
                                      "makes_before": True, "makes_after": False, "goal_cost": 1,
                                      "best": result.best, "label": "blunder"}  # 100 points of P(make) given away
        record = tmp_path / "plunge.json"
        record.write_text(json.dumps({"position": pos.to_json(), "plays": [losing[0]]}))
        text = CliRunner().invoke(cli, ["analyse", str(record)])
        assert text.exit_code == 0, text.output
        assert "P(make) cost" in text.output and re.search(r"tricks? given away; 1 turned the contract", text.output)
        return
    raise AssertionError("no Plunge position with a losing first lead")


def test_a_defenders_gift_turns_a_set_into_a_make():
    """A defender's play that lets the declaring side take every trick costs the defence its goal."""
    solver = Solver(16)
    for seed in range(200):
        pos = special_position(seed)
        rng = random.Random(seed)
        declaring = pos.side_of(pos.contract.declarer)
        for _ in range(28):
            if pos.side_of(pos.to_move) != declaring:
                result = solver.solve(pos)
                left = pos.tricks_left
                gifts = [m for m, v in result.moves.items() if v == 0 and pos.tricks_won[declaring] == pos.rules.hand_tricks - left]
                if not result.makes and gifts and pos.tricks_won[1 - declaring] == 0:
                    grade = analyse_play(pos, [gifts[0]])[0]
                    assert (grade.declaring, grade.makes_before, grade.makes_after, grade.goal_cost) == (False, False, True, 1)
                    assert grade.cost == result.value
                    return
            pos.play(max(pos.legal_moves, key=lambda t: solver.solve(_after(pos, t), moves=False, pv=False).makes
                         if pos.side_of(pos.to_move) == declaring else rng.random()))
            if pos.tricks_won[1 - declaring] or pos.tricks_left == 0:
                break
    raise AssertionError("no defender's gift found")


def _after(pos: Position, tile: str) -> Position:
    out = pos.copy()
    out.play(tile)
    return out


def test_points_contracts_have_no_goal_cost():
    pos = Position("trump=6 leader=N hands=66.65.64.63.62.61.60/55.54.53.52.51.50.44/43.42.41.40.33.32.31/30.22.21.20.11.10.00 contract=N30")
    grade = analyse_play(pos, ["6-6"])[0]
    assert grade.goal_cost is None and grade.makes_before is None
    assert "units" not in analysis(pos, ["6-6"], None) and "goal_cost" not in analysis(pos, ["6-6"], None)["plays"][0]


def test_the_arena_deals_under_its_rules_option():
    """With the option "rules" {"specials": "all"} the arena's hint bot may bid a Plunge (deal 4:
    South holds four doubles and its advice reaches the threshold), and every record says the rules."""
    record = play_deal(4, HintBot(seed=1), RuleBot(), 0, SPECIALS)
    assert record["contract"] == {"declarer": "S", "bid": 168, "kind": "plunge"} and record["made"] is not None
    assert play_deal(4, HintBot(seed=1), RuleBot(), 0)["contract"].get("kind", "ordinary") == "ordinary"
    options = {"samples": 6, "bid_samples": 6, "rules": {"specials": "all"}}
    results = run_arena(2, [("hint", "rule")], seed=1, options=options)
    assert len(results) == 2 and all(r["rules"] == {"specials": "all"} for r in results)
    assert "rules" not in run_arena(1, [("rule", "random")], seed=1)[0]
    with pytest.raises(ParseError, match="specials"):
        run_arena(1, [("rule", "random")], seed=1, options={"rules": {"specials": "some"}})


@pytest.mark.parametrize("trump", ["sevens", "nello", "nello-low"])
def test_grades_of_sevens_and_nello_plays_are_their_cost_in_tricks(trump):
    """Every play of random Sevens and Nel-O hands, to their last trick (past a deciding one: the
    search plays every trick): its cost is what it gives away against the best move in the seat's
    direction (more tricks under Sevens, fewer under Nel-O), never negative; whether the contract makes
    before the play is the solver's `makes`, and a play that changes it costs tricks too."""
    rng = random.Random(f"grades-{trump}")
    costly = 0
    for _ in range(6):
        deal = [list(h) for h in Game(seed=rng.randrange(1 << 30)).deal()]
        pos = Position(trump=trump, hands=deal, contract=(rng.randrange(4), "42"),
                       rules=Rules(specials="all", nello_doubles_allowed="all"))
        while pos.tricks_left > 1:
            solved = Solver(4).solve(pos, pv=False)
            move = rng.choice(pos.legal_moves)
            grade = analyse_play(pos, [move])[0]
            best = min(solved.moves.values()) if trump.startswith("nello") else max(solved.moves.values())
            assert (grade.before, grade.after) == (solved.value, solved.moves[str(move)])
            assert grade.cost == abs(best - solved.moves[str(move)]) >= 0
            assert grade.makes_before is solved.makes
            costly += grade.cost > 0
            if grade.goal_cost:
                assert grade.cost > 0
            pos.play(move)
    # Sevens' plays are nearly forced (the nearest tiles only): its random plays may all be free.
    assert costly or trump == "sevens"


def test_a_played_special_hand_is_summed_up_in_tricks():
    """A hand's record counts the tricks each team took and says what the contract counted; the
    one-line summary of a contract of every trick or none gives tricks, of a points bid points."""
    seen = set()
    for seed in range(40):
        game, bot = Game(seed=seed, rules=SPECIALS), RandomBot(seed)
        while not game.is_over:
            game.play(bot.choose(game))
        for hand in game.hands_played:
            if hand["contract"] is None:
                continue
            trick_size = 3 if str(hand["trump"]).startswith("nello") else 4
            assert sum(hand["tricks"].values()) == len(hand["plays"]) // trick_size
            declaring = "NS" if hand["contract"].declarer % 2 == 0 else "EW"
            if hand["objective"] == "no trick":
                assert hand["result"]["made"] == (hand["tricks"][declaring] == 0)
            if hand["objective"] == "every trick":
                other = "EW" if declaring == "NS" else "NS"
                assert hand["result"]["made"] == (hand["tricks"][other] == 0)
            units = "points" if hand["objective"] == "points" else "tricks"
            line = show_hand_record(1, {**hand, "contract": contract_to_json(hand["contract"])})
            assert f"{units} NS {hand[units]['NS']} EW {hand[units]['EW']}" in line
            seen.add(hand["objective"])
    assert seen == {"points", "every trick", "no trick"}
