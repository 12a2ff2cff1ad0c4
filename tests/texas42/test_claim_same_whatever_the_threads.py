"""A claim is the same answer on any machine: the worlds are checked in batches of sizes that do
not depend on the solver threads (which share each batch), so the check ends after the same worlds
(``checked``) and finds the same refutations whatever ``threads`` (its default: one per core)."""

from __future__ import annotations

from dominosolver.texas42 import Game
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.claim import FIRST_BATCH, claim


def views(seeds, tricks_left):
    for seed in seeds:
        game, bot = Game(seed=seed), RuleBot()
        while game.to_move is not None:
            if game.phase == "playing" and game.position.tricks_left <= tricks_left:
                yield game.view(game.to_move)
                yield game.view((game.to_move + 1) % game.rules.seats)
                break
            game.play(bot.choose(game))


def test_claims_on_one_two_and_three_threads_are_equal():
    cut_short = 0
    for view in views(range(4), 3):
        for goal in ("rest", "contract"):
            one, two, three = (claim(view, goal, threads=n) for n in (1, 2, 3))
            assert one == two == three, (str(view), goal)
            # a check that ended early, after a batch that held a refutation, counts that batch's worlds alone
            cut_short += one.status == "no claim" and FIRST_BATCH < one.checked < one.worlds
    assert cut_short, "some check should end before every world, after more than the first batch"
