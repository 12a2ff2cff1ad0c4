"""The rule-based baseline (``bots.BaselineBot``) and the whole-game arena it plays in: only legal
moves over many random games of every rule profile; its close by rule in built positions; the exact
solver's best move once nothing is hidden; in a closed deal the best mean over every opponent hand,
enumerated here by hand; the arena's statistics against values computed by hand."""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest
from bingo_support import phase_one
from click.testing import CliRunner
from dominosolver.arena import summarise
from dominosolver.bingo import Game, Rules, solve
from dominosolver.bingo.arena import ARENA, binomial_p, whole_tally
from dominosolver.bingo.bots import BaselineBot, RandomBot
from dominosolver.bingo.sampling import position_of
from dominosolver.bingo.solve import Solver
from dominosolver.cli.main import cli

PROFILES = [
    Rules(),
    Rules.preset("modern_dp"),
    Rules.preset("modern_gb"),
    Rules.preset("modern_sp"),
    Rules(bingo_trump_exchange="on", bingo_declarations_per_deal="unlimited", bingo_claim="manual",
          bingo_is_trump="off", bingo_led_suit="shared_number", bingo_declare_in_phase2="on"),
]
WHOLE = ARENA.whole


@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: json.dumps(r.to_json()))
def test_the_baseline_only_makes_legal_moves(rules):
    """Whole games against a random player and against itself: every move it picks is one the core
    lists as legal, and every game ends with a winner at 7 game points or more."""
    closes = 0
    for seed in range(4):
        for bots in ((BaselineBot(seed), RandomBot(seed)), (RandomBot(seed), BaselineBot(seed)),
                     (BaselineBot(seed), BaselineBot(seed + 1))):
            game = Game(seed=100 + seed, start=seed % 2, rules=rules)
            while not game.is_over:
                bot = bots[game.to_move]
                move = bot.choose(game)
                legal = game.legal_moves
                assert move in legal, (str(move), [str(m) for m in legal])
                closes += isinstance(bot, BaselineBot) and move.kind == "close"
                game.play(move)
            assert max(game.scores.values()) >= 7 and game.scores[game.winner] == max(game.scores.values())
    assert closes > 0  # the close rule is reached in play


def test_the_baseline_closes_with_five_trumps():
    """Fours trump (turned 4-1): five trumps of seven tiles close; three do not."""
    strong = phase_one("4-1", [["4-4", "4-0", "6-4", "5-4", "4-3", "2-1", "3-2"], []])
    assert "close" in [str(m) for m in strong.legal_moves]
    assert str(BaselineBot().choose_in(strong.view(0))) == "close"
    weak = phase_one("4-1", [["4-3", "4-2", "5-4", "2-1", "3-2", "6-5", "5-1"], []])
    assert "close" in [str(m) for m in weak.legal_moves]
    assert str(BaselineBot().choose_in(weak.view(0))) != "close"


def test_the_baseline_closes_with_four_trumps_and_the_top_one():
    """Four trumps close when the best of them is one nothing unseen beats (the Bingo); the same four
    without it, the Bingo and 4-4 unseen, do not."""
    top = phase_one("4-1", [["0-0", "4-3", "4-2", "5-4", "2-1", "3-2", "6-5"], []])
    assert str(BaselineBot().choose_in(top.view(0))) == "close"
    no_top = phase_one("4-1", [["4-0", "4-3", "4-2", "5-4", "2-1", "3-2", "6-5"], []], filler_avoid=("0-0", "4-4"))
    assert str(BaselineBot().choose_in(no_top.view(0))) != "close"


def test_the_baseline_closes_when_a_sure_lead_reaches_70():
    """With 50 points and the Bingo (14, beaten by nothing) in hand, leading it after a close reaches
    64, short of 70: no close; with 56 it reaches 70: close."""
    for points, closes in ((50, False), (56, True)):
        pos = phase_one("6-1", [["0-0", "2-1", "3-2", "5-2", "5-3", "3-1", "2-0"], []], tricks=(2, 1),
                        points=(points, 10))
        assert "close" in [str(m) for m in pos.legal_moves]
        assert (str(BaselineBot().choose_in(pos.view(0))) == "close") == closes


def endgames(rules: Rules, count: int, closed: bool):
    """Positions after the boneyard ran out (or, `closed`, after a close and a trick), from games of
    random play, with the game at that point (for its view)."""
    rng = random.Random(7)
    found = 0
    seed = 0
    while found < count:
        seed += 1
        game = Game(seed=seed, rules=rules)
        mover = RandomBot(seed)
        want_close = rng.randrange(2, 5)  # close at the lead after this many tricks
        while not game.is_over and not game.deals_played:
            pos = game.position
            if closed and pos.closed_by is None and sum(pos.tricks) >= want_close and game.legal_moves[0].kind == "close":
                game.play("close")
                continue
            if pos.phase == 2 and not pos.trick and (not closed or sum(pos.tricks) > want_close) and len(game.legal_moves) > 1:
                found += 1
                yield game
                break
            game.play(mover.choose(game))


@pytest.mark.parametrize("rules", PROFILES[:3], ids=lambda r: json.dumps(r.to_json()))
def test_the_baseline_plays_the_exhausted_endgame_as_the_exact_solver(rules):
    """Boneyard empty: nothing is hidden, and the baseline's move is one of the exact solver's best
    on the full position (solved here from the game, not from the bot's view)."""
    bot = BaselineBot()
    for game in endgames(rules, 12, closed=False):
        best = solve(game.position).best
        assert str(bot.choose(game)) in best


def test_the_baseline_plays_a_closed_deal_by_the_mean_over_every_opponent_hand():
    """Closed: the baseline's move has the best mean value over every opponent hand its view allows,
    each hand solved exactly (enumerated here with itertools, the face-down tiles the rest)."""
    bot, solver = BaselineBot(), Solver()
    for game in endgames(Rules(), 6, closed=True):
        view = game.view(game.to_move)
        unknown = sorted(view.unknown - view.opponent_absent)
        need = view.opponent_hand_size - len(view.opponent_known)
        hands = list(itertools.combinations(unknown, need))
        assert len(hands) <= 3432  # every hand enumerated by the bot too
        moves = [str(m) for m in view.legal_moves]
        total = [0] * len(moves)
        for hand in hands:
            rest = [t for t in view.unknown if t not in hand]
            pos = position_of(view, [*view.opponent_known, *hand], rest)
            for i, v in enumerate(solver.move_values(pos, moves)):
                total[i] += v
        chosen = str(bot.choose(game))
        assert total[moves.index(chosen)] == max(total), (chosen, dict(zip(moves, total)))


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson's score interval, written out from its formula."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def fake_game(winner: int, scores: list[int], closes: list[tuple[int, int]], decisions: list[int],
              seconds: list[float]) -> dict:
    """A whole-game record as ``play_whole`` writes it: closes as (closer, deal winner)."""
    deals = [{"start": 0, "moves": [[closer, "close"]], "result": {"winner": won, "game_points": 2,
                                                                    "outcome": "claim"}} for closer, won in closes]
    return {"winner": winner, "scores": scores, "deals": deals, "decisions": decisions, "seconds": seconds,
            "cpu": [s / 2 for s in seconds]}


def test_the_whole_arena_statistics_agree_with_hand_computed_values():
    """Five mirrored deals, ten games: A (hint) wins 7 (both games of deals 0-2, one of deal 3's, none
    of deal 4's); its figures computed by hand."""
    a_wins = [(1, 1), (1, 1), (1, 1), (1, 0), (0, 0)]  # per deal: did A win its first, second game
    results = []
    for index, wins in enumerate(a_wins):
        games = []
        for a_side, a_won in enumerate(wins):
            winner = a_side if a_won else 1 - a_side
            scores = [7, 3] if winner == 0 else [2, 7]
            # A closes once per game and makes it when it wins the game; B never closes.
            game = fake_game(winner, scores, [(a_side, winner)], decisions=[40, 40],
                             seconds=[0.8, 0.04] if a_side == 0 else [0.04, 0.8])
            game["a_side"] = a_side
            games.append(game)
        diff = sum(int(g["winner"] == g["a_side"]) - int(g["winner"] != g["a_side"]) for g in games)
        results.append({"index": index, "game": "bingo", "pair": ["hint", "baseline"], "deal": index, "start": 0,
                        "games": games, "diff": diff})
    (s,) = summarise(WHOLE, results)
    assert (s.score_a, s.score_b) == (7, 3)
    assert s.extras["games_won"]["hint"]["made"] == 7 and s.extras["games_won"]["hint"]["games"] == 10
    lo, hi = s.extras["games_won"]["hint"]["ci95"]
    assert (lo, hi) == pytest.approx(wilson(7, 10), abs=1e-9)
    assert (lo, hi) == pytest.approx((0.3968, 0.8922), abs=1e-4)  # the same by hand: p = .7, n = 10
    # Exact binomial, two-sided: 2 * P(X <= 3 | n = 10, 1/2) = 2 * (1 + 10 + 45 + 120) / 1024.
    assert s.extras["games_p"] == pytest.approx(352 / 1024)
    assert binomial_p(3, 10) == pytest.approx(352 / 1024) and binomial_p(5, 10) == 1.0
    # Sign test on the mirrored pairs: A won both in 3 deals, B both in 1, one each in 1 (a tie):
    # 2 * P(X <= 1 | n = 4) = 2 * 5 / 16.
    assert (s.sign_wins, s.sign_losses) == (3, 1) and s.sign_p == pytest.approx(10 / 16)
    # Game points a game: A scored 7 in each game it won and 2 or 3 in the others.
    hint_points = [7] * 7 + [2, 3, 3]  # deal 3's second game: A sat as player 1 and lost (3); deal 4: 2 and 3
    assert s.extras["game_points_a_game"]["hint"]["mean"] == pytest.approx(sum(hint_points) / 10)
    # Closes: A closed in all 10 games and made the 7 it won.
    assert s.extras["closes"]["hint"]["closed"] == 10 and s.extras["closes"]["hint"]["made"] == 7
    assert s.extras["closes"]["baseline"]["closed"] == 0
    # Time per decision: 0.8 s over 40 decisions a game = 20 ms; the baseline 0.04 s / 40 = 1 ms.
    assert s.extras["time"]["hint"]["ms_a_decision"] == pytest.approx(20.0)
    assert s.extras["time"]["hint"]["cpu_ms_a_decision"] == pytest.approx(10.0)
    assert s.extras["time"]["baseline"]["ms_a_decision"] == pytest.approx(1.0)
    assert s.extras["time"]["hint"]["decisions"] == 400
    assert whole_tally([], ("a", "b"))["games_p"] == 1.0


def test_whole_games_through_the_command_line():
    """``arena bingo --whole``: one mirrored deal of the baseline against the random player, two
    games to 7 game points; the records say who won and the time each side spent."""
    out = CliRunner().invoke(cli, ["arena", "bingo", "--whole", "--deals", "1", "--bots", "baseline,random", "--json"])
    assert out.exit_code == 0, out.output
    (pair,) = json.loads(out.output)["pairs"]
    assert pair["games_a"] + pair["games_b"] == 2
    assert pair["games_won"]["baseline"]["made"] == pair["games_a"]
    assert pair["time"]["baseline"]["decisions"] > 0 and pair["time"]["random"]["decisions"] > 0
