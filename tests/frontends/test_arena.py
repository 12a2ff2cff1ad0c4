"""The arena: mirrored deals really are the same deal with the teams swapped, marks add up with the
game's own scoring, statistics match independent formulas, the hint bot needs only its seat's view."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner
from dominosolver.cli.main import cli
from dominosolver.resume import OutputConflictError
from dominosolver.texas42 import Game
from dominosolver.arena import make_bot, success_rate
from dominosolver.texas42.arena import ARENA, play_deal, play_mirrored, run_arena, summarise
from dominosolver.texas42.bots import HintBot, RandomBot, RuleBot


def test_mirrored_deals_swap_the_teams_on_the_same_deal():
    r = play_mirrored((3, 11, "rule", "random", {}))
    g0, g1 = r["games"]
    assert (g0["a_side"], g1["a_side"]) == (0, 1)
    # Replaying each game with the same bots on the same deal gives the same record.
    assert play_deal(r["deal"], RuleBot(), RandomBot(r["deal"] * 2 + 7), r["dealer"]) == {
        k: v for k, v in g0.items() if k != "a_side"
    }
    assert r["diff"] == (g0["marks"][0] - g0["marks"][1]) + (g1["marks"][1] - g1["marks"][0])
    game = Game(seed=r["deal"], dealer=r["dealer"])
    first = game.deal()
    assert Game(seed=r["deal"], dealer=r["dealer"]).deal() == first


def test_summary_statistics_match_the_formulas():
    results = run_arena(12, [("rule", "random")], seed=5)
    (s,) = summarise(results)
    diffs = [r["diff"] for r in results]
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    assert s.deals == 12 and s.mean_diff == pytest.approx(mean)
    assert s.ci95 == pytest.approx((mean - 1.959964 * se, mean + 1.959964 * se))
    assert s.p_value == pytest.approx(math.erfc(abs(mean) / se / math.sqrt(2)))
    wins, losses = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    assert (s.sign_wins, s.sign_losses) == (wins, losses)
    k = min(wins, losses)
    assert s.sign_p == pytest.approx(
        min(1.0, 2 * sum(math.comb(wins + losses, i) for i in range(k + 1)) / 2 ** (wins + losses))
    )
    marks_a = sum(g["marks"][g["a_side"]] for r in results for g in r["games"])
    assert s.marks_a == marks_a and s.marks_a - s.marks_b == sum(diffs)
    declared = s.contracts["rule"]["declared"] + s.contracts["random"]["declared"]
    assert declared == sum(g["contract"] is not None for r in results for g in r["games"])


def test_arena_output_resumes(tmp_path):
    out = tmp_path / "arena.jsonl"
    first = run_arena(3, [("rule", "random")], seed=2, output=out)
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:2]) + "\n" + lines[2][:30])  # an interrupted run
    again = run_arena(3, [("rule", "random")], seed=2, output=out)
    assert again == first and len(out.read_text().splitlines()) == 3


class ViewOnlyGame:
    """A game seen through a seat's eyes: the phase, the legal moves, the contract and the view."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self.phase, self.to_move, self.contract = game.phase, game.to_move, game.contract
        self.legal_moves, self.moves = game.legal_moves, game.moves

    def view(self, seat: int):
        assert seat == self._game.to_move
        return self._game.view(seat)


def test_hint_bot_plays_a_hand_from_the_view_alone():
    game = Game(seed=31, dealer=1)
    bot = HintBot(samples=4, bid_samples=3, seed=1)
    rule = RuleBot()
    while not game.hands_played:
        if game.to_move in (0, 2):
            move = bot.choose(ViewOnlyGame(game))  # type: ignore[arg-type]
            assert str(move) in [str(m) for m in game.legal_moves]
        else:
            move = rule.choose(game)
        game.play(move)
    assert game.hands_played[0]["result"] is not None or game.hands_played[0]["contract"] is None


def test_cli_arena_json():
    result = CliRunner().invoke(cli, ["arena", "--deals", "3", "--bots", "rule,random", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["schema"] == "dominosolver.arena/1" and out["pairs"][0]["deals"] == 3
    bad = CliRunner().invoke(cli, ["arena", "--bots", "rule,genius"])
    assert bad.exit_code != 0


def test_a_resumed_arena_reuses_only_deals_of_the_same_seed_and_options(tmp_path):
    out = tmp_path / "arena.jsonl"
    run_arena(3, [("rule", "random")], seed=0, output=out)
    seed0 = out.read_text()
    with pytest.raises(OutputConflictError, match="3 line.*another seed or other bot options"):
        run_arena(3, [("rule", "random")], seed=5, output=out)
    assert out.read_text() == seed0  # a rerun with another seed no longer erases the earlier deals
    other = run_arena(3, [("rule", "random")], seed=5, output=out, overwrite=True)
    assert other == run_arena(3, [("rule", "random")], seed=5)  # nothing of seed 0 reused
    assert len(out.read_text().splitlines()) == 3  # and the file now holds seed 5's deals


def test_no_spread_makes_no_significance_claim():
    one = [{"pair": ["a", "b"], "diff": 2, "games": []}]
    (s,) = summarise(one)
    assert s.p_value == 1.0 and s.to_json()["ci95"] is None
    (s,) = summarise(one * 3)  # three equal wins: only the sign test can speak
    assert s.p_value == pytest.approx(0.25) and s.p_value == s.sign_p


def test_a_bot_against_itself_is_counted_per_seat():
    results = run_arena(4, [("random", "random")], seed=1)
    (s,) = summarise(results)
    assert (s.a, s.b) == ("random", "random'")
    assert s.marks_a - s.marks_b == sum(r["diff"] for r in results)
    declared = s.contracts["random"]["declared"] + s.contracts["random'"]["declared"]
    assert declared == sum(g["contract"] is not None for r in results for g in r["games"])


def test_a_hint_bot_may_sample_worlds_of_its_own():
    """``hint@N``: that bot's play hints sample N worlds, whatever the run's --samples (equal time)."""
    options = {"samples": 20, "bid_samples": 3}
    own = make_bot(ARENA, "hint-infoset@3", 1, options)
    assert (own.samples, own.method) == (3, "infoset") and make_bot(ARENA, "hint", 1, options).samples == 20
    r = play_mirrored((2, 5, "hint-infoset@3", "hint@9", options))
    assert r["pair"] == ["hint-infoset@3", "hint@9"] and len(r["games"]) == 2
    for bad in ("hint@0", "hint@many", "genius@5"):
        result = CliRunner().invoke(cli, ["arena", "--deals", "1", "--bots", f"{bad},random", "--json"])
        assert result.exit_code != 0 and bad in result.output


def test_whole_games_are_played_to_seven_marks_and_tallied():
    """`arena --whole`: each deal seeds a whole game, played twice with the teams swapped; a game's
    record replays, its winner reached 7 marks, and the tally counts games, marks, contracts made and set."""
    from dominosolver.arena import run_arena as run, summarise as summary
    from dominosolver.texas42.arena import play_game

    whole = ARENA.whole
    results = run(whole, 3, [("rule", "random")], seed=2)
    assert len(results) == 3
    for r in results:
        for g in r["games"]:
            assert max(g["scores"]) >= 7 and g["scores"][g["winner"]] == max(g["scores"])
            assert whole.score(g) == [int(g["winner"] == 0), int(g["winner"] == 1)]
        first = r["games"][0]
        replay = play_game(r["deal"], RuleBot(), RandomBot(r["deal"] * 2 + 7), r["dealer"])
        assert replay == {k: v for k, v in first.items() if k != "a_side"}
    (s,) = summary(whole, results)
    assert s.score_a + s.score_b == 6  # every game has one winner
    rule_games = [g for r in results for g in r["games"]]
    sides = [(g["a_side"], g) for g in rule_games]
    made = sum(c["made"] for side, g in sides for c in g["contracts"] if c["side"] == side)
    declared = sum(1 for side, g in sides for c in g["contracts"] if c["side"] == side)
    assert s.extras["contracts"]["rule"] == {"declared": declared, **success_rate(declared, made)}
    marks = [g["scores"][side] for side, g in sides]
    assert s.extras["marks_a_game"]["rule"]["mean"] == pytest.approx(sum(marks) / len(marks))
    out = CliRunner().invoke(cli, ["arena", "--whole", "--deals", "1", "--bots", "rule,random", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["pairs"][0]["games_a"] + json.loads(out.output)["pairs"][0]["games_b"] == 2


def test_the_hint_bot_says_what_each_decision_rested_on():
    """``HintBot.figures`` (what bench/studies/arena_decisions.py writes per decision): the shares its bid
    tests proved at each level asked, the adviser's verdict when declaring, a hint's moves in play."""
    game = Game(seed=5)
    bot = HintBot(samples=6, seed=1)
    seen = set()
    while not game.hands_played:
        move = bot.choose(game)
        figures = bot.figures
        seen.add(figures["by"])
        if move.kind == "bid":
            assert figures["by"] == "zero-window tests" and figures["worlds"] == bot.bid_samples
            assert all(len(shares) == 9 and all(0 <= s <= 1 for s in shares) for shares in figures["p_make"].values())
        elif move.kind == "declare":
            assert figures["verdict"]["p_make"] is not None
        elif figures["by"].startswith("hint"):
            assert figures["moves"][0][0] == str(move.value)  # the best first: the move played
        game.play(move)
    assert {"zero-window tests", "advice"} <= seen and any(s.startswith("hint") for s in seen)


def test_paired_contracts_count_the_hands_both_plays_reached():
    """McNemar's test of the whole games: a hand (by its number in the game) that both mirrored games
    played to a contract, won by the side holding the NS tiles in one of them only, counts for the
    bot that held them then."""
    from dominosolver.arena import run_arena as run, sign_test, summarise as summary

    results = run(ARENA.whole, 4, [("rule", "random")], seed=5)
    a = b = pairs = 0
    for r in results:
        games = {g["a_side"]: g for g in r["games"]}  # a_side 0: rule held the NS tiles
        ns_won = {side: {c["hand"]: (c["side"] == 0) == c["made"] for c in g["contracts"]} for side, g in games.items()}
        for hand in set(ns_won[0]) & set(ns_won[1]):
            pairs += 1
            if ns_won[0][hand] and not ns_won[1][hand]:
                a += 1  # rule held them when they won
            elif ns_won[1][hand] and not ns_won[0][hand]:
                b += 1
    (s,) = summary(ARENA.whole, results)
    assert pairs > 0
    assert s.extras["paired_contracts"] == {"pairs": pairs, "a": a, "b": b, "p": sign_test(a, b)}


@pytest.mark.parametrize("family", ["moon", "moon4", "biggame"])
def test_the_family_plays_whole_games_to_its_own_target(family):
    """Moon, Partnership Moon and The Big Game in `arena --whole`: whole games scored in their points,
    a winner per game, the scores by side (three-player Moon: each bot's players' mean)."""
    out = CliRunner().invoke(cli, ["arena", family, "--whole", "--deals", "2", "--bots", "rule,random", "--json"])
    assert out.exit_code == 0, out.output
    (pair,) = json.loads(out.output)["pairs"]
    assert pair["games_a"] + pair["games_b"] == 4 and pair["games_a"] > pair["games_b"]
    assert set(pair["points_a_game"]) == {"rule", "random"} and "marks_a_game" not in pair
    assert pair["paired_contracts"]["pairs"] == 0 if family == "moon" else pair["paired_contracts"]["pairs"] > 0
