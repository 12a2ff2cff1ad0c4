"""The lay-down check (texas42/claim.py) against a plain reference: every world of the view solved
one at a time with every move's value (``Solver.solve``), the claim's rule applied to the values."""

from __future__ import annotations

import random

import pytest
from dominosolver.biggame import BigGame
from dominosolver.errors import InvalidViewError, ParseError
from dominosolver.moon import MoonGame, PartnershipMoonGame
from dominosolver.texas42 import Game, Position, Solver
from dominosolver.texas42.bots import RuleBot
from dominosolver.texas42.claim import FIRST_BATCH, Claim, claim
from dominosolver.texas42.sampling import WorldSampler, position_of


def reference(view, goal: str) -> tuple[str, list[str]]:
    """The claim's status and plays, by solving every world with every move valued."""
    solver = Solver(4)
    seat = view.seat
    keeps: dict[str, bool] | None = None
    every_play_kept = True
    for world in WorldSampler(view):
        pos = position_of(view, world)
        mover = pos.to_move
        declarer = pos.side_of(view.contract.declarer) if view.contract else None
        ours = pos.side_of(mover) == pos.side_of(seat)
        total = pos.remaining_points if pos.units == "points" else pos.tricks_left
        kept = {}
        for move, value in solver.solve(pos, pv=False).moves.items():
            side = value if ours else total - value  # what the seat's side takes from here
            if goal == "rest":
                kept[move] = side == (0 if pos.objective == "no trick" else total)
                continue
            declaring = declarer == pos.side_of(seat)
            takes = side if declaring else total - side
            if pos.objective == "every trick":
                makes = pos.tricks_won[1 - declarer] == 0 and takes == total
            elif pos.objective == "no trick":
                makes = pos.tricks_won[declarer] == 0 and takes == 0
            else:
                so_far = view.points[declarer] if pos.units == "points" else pos.tricks_won[declarer]
                makes = so_far + takes >= view.rules.points_needed(view.contract.bid)
            kept[move] = makes == declaring
        if mover == seat:
            keeps = {m: k and (keeps is None or keeps[m]) for m, k in kept.items()}
        else:
            every_play_kept &= all(kept.values())
    if keeps is not None:
        plays = [m for m, k in keeps.items() if k]
        return ("claim" if plays else "no claim"), plays
    return ("claim" if every_play_kept else "no claim"), []


def endgame_views(game_class, seeds, tricks_left):
    """Views of bot games with at most ``tricks_left`` tricks left: the seat to move's and the next seat's."""
    for seed in seeds:
        game = game_class(seed=seed)
        bot = RuleBot()
        while game.to_move is not None:
            if game.phase == "playing" and game.position.tricks_left <= tricks_left:
                yield game.view(game.to_move)
                yield game.view((game.to_move + 1) % game.rules.seats)
                break
            game.play(bot.choose(game))


@pytest.mark.parametrize("game_class,tricks", [(Game, 2), (Game, 3), (MoonGame, 3), (PartnershipMoonGame, 2),
                                               (BigGame, 2)])
def test_claim_agrees_with_every_world_solved(game_class, tricks):
    seen = set()
    for view in endgame_views(game_class, range(6), tricks):
        for goal in ("rest", "contract"):
            answer = claim(view, goal, limit=100_000)
            status, plays = reference(view, goal)
            assert answer.status == status, (str(view), goal, str(answer))
            assert sorted(answer.plays) == sorted(plays if status == "claim" else [])
            seen.add(status)
            if answer.refutation is not None:  # a world where the goal fails
                world = Position(answer.refutation["position"])
                assert world.view(view.seat).hand == view.hand
    assert seen == {"claim", "no claim"}


@pytest.mark.parametrize("text,seat", [
    ("trump=nello-low hands=66.11/60.21/-/55.30 contract=N42", 0),
    ("trump=nello-low hands=66.11/60.21/-/55.30 contract=N42", 1),
    ("trump=doubles hands=66.55.44/65.54.33/64.22.11/63.62.00 contract=N168:plunge", 0),
    ("trump=doubles hands=66.55.44/65.54.33/64.22.11/63.62.00 contract=N168:plunge", 3),
    ("trump=sevens hands=43.66.11/52.64.00/61.55.10/62.30.20 contract=N84 rules=sevens_tie:bidders_win_ties", 0),
])
def test_contracts_in_tricks_agree_with_every_world_solved(text, seat):
    view = Position(text).view(seat)
    for goal in ("rest", "contract"):
        answer = claim(view, goal)
        status, plays = reference(view, goal)
        assert (answer.status, sorted(answer.plays)) == (status, sorted(plays if status == "claim" else [])), goal


def test_lay_down_rest_and_contract():
    pos = Position("trump=6 leader=N hands=66.65.64/63.11.22/62.00.33/61.44.55 contract=N30")
    rest = claim(pos.view(0), "rest")
    assert rest.claims and sorted(rest.plays) == ["6-4", "6-5", "6-6"] and rest.checked == rest.worlds == 1680
    assert "yes" in str(rest)
    # The defenders set the contract whatever N leads (30 points are no longer there to take).
    setting = claim(pos.view(1), "contract")
    assert setting.claims and setting.plays == [] and setting.to_json()["to_move"] == "N"
    made = claim(pos.view(0), "contract")
    assert made.status == "no claim" and made.refutation is not None
    out = made.to_json()
    assert out["schema"] == "dominosolver.claim/1" and out["claim"] is False and out["note"]


def test_a_play_that_depends_on_the_hidden_hands_is_no_claim():
    # N holds the top trump and a low one; which second trick is won depends on who holds 6-5.
    pos = Position("trump=6 leader=N hands=66.11/65.22/64.33/63.00 contract=N30")
    answer = claim(pos.view(0), "rest")
    status, _ = reference(pos.view(0), "rest")
    assert answer.status == status == "no claim"
    assert answer.refutation is not None or answer.refutations


def test_too_many_worlds_is_never_a_claim():
    game = Game(seed=2)
    bot = RuleBot()
    while game.phase != "playing":
        game.play(bot.choose(game))
    view = game.view(game.to_move)
    answer = claim(view, "rest", limit=10, samples=20, seed=1)
    assert answer.sampled and answer.worlds > 10 and answer.status in ("no claim", "unknown")
    if answer.status == "unknown":
        assert "cannot be checked" in answer.reason


def test_a_stopped_check_is_unknown():
    pos = Position("trump=6 leader=N hands=66.65.64/63.11.22/62.00.33/61.44.55 contract=N30")
    answer = claim(pos.view(0), "rest", should_stop=lambda: True)
    assert answer.status == "unknown" and answer.checked == 0


def test_bad_requests_are_named():
    pos = Position("trump=6 leader=N hands=66.65.64/63.11.22/62.00.33/61.44.55")
    with pytest.raises(InvalidViewError, match="no contract"):
        claim(pos.view(0), "contract")
    with pytest.raises(ParseError, match="goal"):
        claim(pos.view(0), "everything")
    assert isinstance(claim(pos.view(0), "rest"), Claim)


def test_random_seed_reproduces_a_draw():
    game = Game(seed=9)
    bot = RuleBot()
    rng = random.Random(0)
    while game.phase != "playing":
        game.play(bot.choose(game))
    for _ in range(rng.randrange(3)):
        game.play(bot.choose(game))
    view = game.view(game.to_move)
    a = claim(view, "contract", limit=0, samples=8, seed=5)
    b = claim(view, "contract", limit=0, samples=8, seed=5)
    assert (a.status, a.refutation, a.checked) == (b.status, b.refutation, b.checked)


def test_claims_on_one_two_and_three_threads_are_equal():
    """A claim is the same answer on any machine: its worlds are checked in batches whose sizes do
    not depend on the solver threads (which share each batch), so the check ends after the same
    worlds (``checked``) and finds the same refutations whatever ``threads`` (by default one a core)."""
    cut_short = 0
    for view in endgame_views(Game, range(4), 3):
        for goal in ("rest", "contract"):
            one, two, three = (claim(view, goal, threads=n) for n in (1, 2, 3))
            assert one == two == three, (str(view), goal)
            # a check that ended early, after a batch that held a refutation, counts that batch's worlds alone
            cut_short += one.status == "no claim" and FIRST_BATCH < one.checked < one.worlds
    assert cut_short, "some check should end before every world, after more than the first batch"
