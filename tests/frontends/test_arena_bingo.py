"""The arena for every game with one, through the registry: a Bingo run plays each seeded deal twice
with the players swapped, scores game points with the deal's own result, resumes from its output and
refuses anyone else's, and its statistics agree with its records; the command line takes `bingo`,
refuses bots and options the game does not have, and 42's summaries keep their form."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner
from dominosolver import games
from dominosolver.arena import deal_seed, make_bots, run_arena, summarise
from dominosolver.bingo import Game, hint
from dominosolver.bingo.bots import HintBot
from dominosolver.cli import main, render
from dominosolver.cli.main import cli
from dominosolver.errors import ParseError
from dominosolver.resume import OutputConflictError

BINGO = games.get("bingo").arena
TEXAS42 = games.get("texas42").arena
SMALL = {"samples": 4, "max_nodes": 20_000, "exact_limit": 50}  # hint bots quick enough for tests
PAIR = [("hint", "random")]


@pytest.fixture(scope="module")
def three():
    """Three mirrored Bingo deals of seed 4, hint against random."""
    return run_arena(BINGO, 3, PAIR, seed=4, options=SMALL)


def signed_game_points(play: dict, side: int) -> int:
    """What ``side`` won in a played deal (negative: what it lost), from the deal's result."""
    result = play["result"]
    return result["game_points"] if result["winner"] == side else -result["game_points"]


def test_each_deal_is_played_twice_with_the_players_swapped(three):
    assert [r["index"] for r in three] == [0, 1, 2]
    for r in three:
        assert r["game"] == "bingo" and r["pair"] == ["hint", "random"] and r["deal"] == deal_seed(4, r["index"])
        first, second = r["games"]
        assert (first["a_side"], second["a_side"]) == (0, 1)
        dealt = Game(seed=r["deal"], start=r["start"]).deal()
        for play in r["games"]:  # both plays are the seeded deal, as dealt
            assert {k: play[k] for k in ("start", "hands", "boneyard", "turned")} == dealt
        assert r["start"] == r["index"] % 2
        # Replaying with the bots seated as the record says gives the same play, move for move.
        for play in r["games"]:
            bot_a, bot_b = make_bots(BINGO, r["deal"], play["a_side"], "hint", "random", SMALL)
            seated = (bot_a, bot_b) if play["a_side"] == 0 else (bot_b, bot_a)
            assert BINGO.play({"deal": r["deal"], "start": r["start"]}, seated) == {
                k: v for k, v in play.items() if k != "a_side"
            }


def test_the_swap_is_real(three):
    """The same deal between the same bots plays out differently once the seats are swapped."""
    assert any(r["games"][0]["moves"] != r["games"][1]["moves"] for r in three)


def test_scores_and_statistics_agree_with_the_records(three):
    diffs = [sum(signed_game_points(p, p["a_side"]) for p in r["games"]) for r in three]
    assert [r["diff"] for r in three] == diffs
    (s,) = summarise(BINGO, three)
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    assert (s.a, s.b, s.deals) == ("hint", "random", 3) and s.mean_diff == pytest.approx(mean)
    assert se > 0  # these deals differ: the interval and the z-test have a spread to use
    assert s.ci95 == pytest.approx((mean - 1.959964 * se, mean + 1.959964 * se))
    assert s.p_value == pytest.approx(math.erfc(abs(mean) / se / math.sqrt(2)))
    wins, losses = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    assert (s.sign_wins, s.sign_losses) == (wins, losses)
    won = {0: 0, 1: 0}  # game points of bot A (0) and bot B (1)
    closed = {0: [0, 0], 1: [0, 0]}
    for r in three:
        for p in r["games"]:
            winner = p["result"]["winner"]
            won[0 if winner == p["a_side"] else 1] += p["result"]["game_points"]
            for player, move in p["moves"]:
                if move == "close":
                    bot = 0 if player == p["a_side"] else 1
                    closed[bot][0] += 1
                    closed[bot][1] += winner == player
    assert (s.game_points_a, s.game_points_b) == (won[0], won[1])
    assert s.game_points_a - s.game_points_b == sum(diffs)
    out = s.to_json()
    assert out["game_points_a"] == won[0] and "marks_a" not in out
    for k, bot in enumerate(("hint", "random")):
        assert (out["closes"][bot]["closed"], out["closes"][bot]["made"]) == tuple(closed[k])


def test_a_bot_against_itself_is_counted_per_seat():
    results = run_arena(BINGO, 2, [("random", "random")], seed=3)
    (s,) = summarise(BINGO, results)
    assert (s.a, s.b) == ("random", "random'") and set(s.closes) == {"random", "random'"}
    assert s.game_points_a - s.game_points_b == sum(r["diff"] for r in results)


def test_worker_processes_play_the_same_deals(three):
    assert run_arena(BINGO, 3, PAIR, seed=4, options=SMALL, jobs=2) == three


# ---------------------------------------------------------------- the output file


def test_a_rerun_resumes_from_its_output(three, tmp_path):
    out = tmp_path / "bingo.jsonl"
    assert run_arena(BINGO, 3, PAIR, seed=4, options=SMALL, output=out) == three
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:2]) + "\n" + lines[2][:40])  # an interrupted run
    played = []
    again = run_arena(BINGO, 3, PAIR, seed=4, options=SMALL, output=out, progress=lambda d, t: played.append(d))
    assert again == three and played == [3]  # only the torn deal is played again
    assert out.read_text().splitlines() == lines
    played.clear()
    more = run_arena(BINGO, 4, PAIR, seed=4, options=SMALL, output=out, progress=lambda d, t: played.append(d))
    assert more[:3] == three and len(more) == 4 and played == [4]


def test_an_output_of_another_game_or_run_is_refused_untouched(tmp_path):
    forty_two = tmp_path / "42.jsonl"
    run_arena(TEXAS42, 1, [("rule", "random")], output=forty_two)
    before = forty_two.read_text()
    with pytest.raises(OutputConflictError, match="1 line.*line 1 is a deal of another game's arena"):
        run_arena(BINGO, 1, PAIR, options=SMALL, output=forty_two)
    assert forty_two.read_text() == before
    bingo = tmp_path / "bingo.jsonl"
    run_arena(BINGO, 1, PAIR, options=SMALL, output=bingo)
    kept = bingo.read_text()
    with pytest.raises(OutputConflictError, match="another game's arena"):
        run_arena(TEXAS42, 1, [("rule", "random")], output=bingo)
    with pytest.raises(OutputConflictError, match="another seed or other bot options"):
        run_arena(BINGO, 1, PAIR, options={**SMALL, "samples": 5}, output=bingo)
    assert bingo.read_text() == kept
    replaced = run_arena(BINGO, 1, PAIR, seed=1, options=SMALL, output=bingo, overwrite=True)
    assert [json.loads(line) for line in bingo.read_text().splitlines()] == replaced


def test_unknown_bots_and_options_are_refused_before_the_output_is_touched(tmp_path):
    out = tmp_path / "never.jsonl"
    with pytest.raises(ParseError, match="give pairs of bots among hint, hint-play, random"):
        run_arena(BINGO, 1, [("hint", "rule")], output=out)
    with pytest.raises(ParseError, match="unknown Bingo bot option.*bid_samples.*samples, max_nodes, exact_limit"):
        run_arena(BINGO, 1, PAIR, options={"bid_samples": 3}, output=out)
    with pytest.raises(ParseError, match="unknown 42 bot option.*max_nodes"):
        run_arena(TEXAS42, 1, [("rule", "random")], options={"max_nodes": 3}, output=out)
    assert not out.exists()


# ---------------------------------------------------------------- the hint bot


def test_the_hint_bot_searches_further_when_no_world_fits_its_budget():
    game = Game(seed=5)
    view = game.view(game.to_move)
    h = hint(view, samples=4, seed=0, exact_limit=0, max_nodes=1)
    assert h.bounded == h.worlds == 4  # every world at bounds: nothing solved to go on
    budget = 1
    while True:  # the budget that first solves a world to the end, ten times over
        h = hint(view, samples=4, seed=0, exact_limit=0, max_nodes=budget)
        if h.bounded < h.worlds:
            expected = h.best
            break
        budget *= 10
    move = HintBot(samples=4, seed=0, max_nodes=1, exact_limit=0).choose(game)
    assert str(move) == expected and move in game.legal_moves


# ---------------------------------------------------------------- the command line


def test_cli_arena_bingo_json():
    args = ["arena", "bingo", "--deals", "2", "--samples", "4", "--max-nodes", "20000", "--exact-limit", "50"]
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert (out["schema"], out["game"], out["deals"], out["seed"]) == ("dominosolver.arena/1", "bingo", 2, 0)
    assert out["options"] == SMALL
    (pair,) = out["pairs"]  # every bot of the game, paired off
    assert (pair["a"], pair["b"], pair["deals"]) == ("hint", "random", 2)
    direct = summarise(BINGO, run_arena(BINGO, 2, PAIR, options=SMALL))[0].to_json()
    assert pair == json.loads(json.dumps(direct))
    printed = CliRunner().invoke(cli, args)
    assert printed.exit_code == 0 and printed.output.startswith(BINGO.title)


def test_the_table_shows_the_games_own_columns(three):
    stats = summarise(BINGO, three)
    table = render.arena_table(stats, BINGO)
    assert [c.header for c in table.columns] == [
        "A vs B", "deals", "game points A–B", "A − B per deal (95% CI)", "p", "closes made A", "closes made B"
    ]
    c = stats[0].closes["hint"]
    lo, hi = c["ci95"]
    expected = f"{c['made']}/{c['closed']} {c['rate']:.0%} ({lo:.0%}–{hi:.0%})" if c["closed"] else "—"
    assert list(table.columns[5].cells) == [expected]


def test_cli_arena_defaults_are_the_games():
    result = CliRunner().invoke(cli, ["arena", "bingo", "--deals", "1", "--bots", "random,random", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["options"] == dict(BINGO.defaults)


def test_cli_refuses_bots_the_game_does_not_have():
    result = CliRunner().invoke(cli, ["arena", "bingo", "--bots", "hint,rule"])
    assert result.exit_code == 2
    assert "Bingo has no bot 'rule'" in result.output and "hint, hint-play, random" in result.output
    result = CliRunner().invoke(cli, ["arena", "--bots", "hint,closer"])
    assert result.exit_code == 2 and "hint, hint-points, hint-game, hint-play, hint-infoset, hint-infoset-play, rule, random" in result.output
    result = CliRunner().invoke(cli, ["arena", "bingo", "--bots", "hint"])
    assert result.exit_code == 2 and "give two or more of hint, hint-play, random" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["arena", "bingo", "--bid-samples", "4"],
         "--bid-samples applies to 42, Moon, Partnership Moon and The Big Game arenas only: a Bingo deal has no auction"),
        (["arena", "--max-nodes", "5"], "--max-nodes applies to Bingo arenas only: a 42 solve is always exact"),
        (["arena", "42", "--exact-limit", "5"], "--exact-limit applies to Bingo arenas only"),
        (["arena", "42", "--bid-nodes", "5"], "--bid-nodes applies to The Big Game arenas only"),
    ],
)
def test_cli_refuses_options_the_game_has_no_use_for(args, message, capsys, tmp_path):
    out = tmp_path / "never.jsonl"
    with pytest.raises(SystemExit) as exit_info:
        main([*args, "-o", str(out)])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.startswith("error: ParseError: ") and message in err
    assert not out.exists()


def test_42_summaries_keep_their_form():
    """arena/1 of 42 as it was before other games had an arena: untagged, marks and contracts."""
    result = CliRunner().invoke(cli, ["arena", "--deals", "2", "--bots", "rule,random", "--json"])
    out = json.loads(result.output)
    assert list(out) == ["schema", "deals", "seed", "options", "pairs"]
    assert out["options"] == {"samples": 20, "bid_samples": 16}
    assert list(out["pairs"][0]) == ["a", "b", "deals", "marks_a", "marks_b", "mean_diff", "ci95", "p_value",
                                     "sign_wins", "sign_losses", "sign_p", "contracts"]
    record = run_arena(TEXAS42, 1, [("rule", "random")])[0]
    assert list(record) == ["index", "pair", "deal", "dealer", "games", "diff", "settings"]
