"""Bingo's part of the arena (``dominosolver.arena``): its bots, how a deal is played and scored.

A deal is the first deal of ``Game(seed, start)``, the player who leads it turning with the deal's
index, under the option ``"rules"`` (non-default flags, e.g. ``{"bingo_ruleset": "modern_dp"}``); bot A is player 0 in the first play, player 1 in the second. A play scores the game points
of the deal (1 to 3, to its winner); per bot, how often it closed the deal and won it (Wilson 95%
interval).

``ARENA.whole`` (``dominosolver arena bingo --whole``) plays whole games instead: ``Game(seed,
start)`` to 7 game points, each game twice with the players swapped. A game scores 1 to its winner;
per bot: games won with a Wilson 95% interval and an exact two-sided binomial p of the games
against even chances (besides the shared sign test on the mirrored pairs, a pair counting where
one bot won both games), game points a game, closes made, and the time per decision (wall clock,
and the process's CPU time, which a loaded machine does not inflate)."""

from __future__ import annotations

import time
from typing import Any

from .. import arena as shared
from ..errors import ParseError
from .bots import BaselineBot, HintBot, RandomBot
from .game import Game
from .rules import PLAYERS, Rules

__all__ = ["ARENA", "BOTS", "make_bot"]

BOTS = ("hint", "hint-play", "random", "baseline")  # hint-play: the hint bot with play weighting; baseline: bots.BaselineBot
HINT_OPTIONS = ("samples", "max_nodes", "exact_limit")  # HintBot's, named as the arena's options


def make_bot(name: str, seed: int, options: dict[str, Any]) -> Any:
    bot_options = {k: v for k, v in options.items() if k != "rules"}  # the rules are the game's (setup)
    unknown = sorted(set(bot_options) - set(HINT_OPTIONS))
    if unknown:
        raise ParseError(f"unknown Bingo bot option(s) {', '.join(unknown)} (the bots take {', '.join(HINT_OPTIONS)})")
    Rules.from_json(options.get("rules"))  # bad flags fail before any deal
    if name in ("hint", "hint-play"):
        return HintBot(seed=seed, weighting="uniform" if name == "hint" else "play", **bot_options)
    if name == "random":
        return RandomBot(seed)
    if name == "baseline":
        return BaselineBot(seed)
    raise ParseError(f"unknown bot {name!r}: one of {', '.join(BOTS)}")


def setup(index: int, options: dict[str, Any]) -> dict[str, Any]:
    rules = {"rules": options["rules"]} if options.get("rules") else {}  # in the record when not historic
    return {"start": index % len(PLAYERS), **rules}  # who leads turns from deal to deal


def play(dealt: dict[str, Any], bots: tuple[Any, Any]) -> dict[str, Any]:
    """The first deal of ``Game(deal, start)``, ``bots`` as players 0 and 1: the deal as dealt, its
    moves, declarations, points, tricks and result (``Game.deals_played``)."""
    game = Game(seed=dealt["deal"], start=dealt["start"], rules=Rules.from_json(dealt.get("rules")))
    while not game.deals_played:
        game.play(bots[game.to_move].choose(game))
    d = game.deals_played[0]
    return {**d, "moves": [list(m) for m in d["moves"]], "declarations": [list(x) for x in d["declarations"]]}


def game_points(deal: dict[str, Any]) -> list[int]:
    result = deal["result"]
    return [result["game_points"] if result["winner"] == p else 0 for p in PLAYERS]


def closes(plays: list[shared.Play], bots: tuple[str, str]) -> dict[str, Any]:
    """The deals each bot closed (docs/rules.md §5.9), and won."""
    counts = {bot: [0, 0] for bot in bots}
    for deal, sides in plays:
        for player, move in deal["moves"]:
            if move == "close":
                counts[sides[player]][0] += 1
                counts[sides[player]][1] += deal["result"]["winner"] == player
    return {"closes": {bot: {"closed": n, **shared.success_rate(n, won)} for bot, (n, won) in counts.items()}}


def columns(s: shared.PairStats) -> dict[str, str]:
    return {f"closes made {side}": shared.success_cell(s.extras["closes"][bot], "closed")
            for side, bot in (("A", s.a), ("B", s.b))}


def timed_move(game: Game, bots: tuple[Any, Any], clock: dict[str, list[float]]) -> None:
    """One decision of the player to move, its wall-clock and CPU seconds added to its side's."""
    player = game.to_move
    wall, cpu = time.perf_counter(), time.process_time()
    move = bots[player].choose(game)
    clock["seconds"][player] += time.perf_counter() - wall
    clock["cpu"][player] += time.process_time() - cpu
    clock["decisions"][player] += 1
    game.play(move)


def play_whole(dealt: dict[str, Any], bots: tuple[Any, Any]) -> dict[str, Any]:
    """A whole game, ``Game(deal, start)`` to 7 game points, ``bots`` as players 0 and 1: the winner,
    the game points, each deal's moves and result, and each player's decisions and their time."""
    game = Game(seed=dealt["deal"], start=dealt["start"], rules=Rules.from_json(dealt.get("rules")))
    clock: dict[str, list[float]] = {"decisions": [0, 0], "seconds": [0.0, 0.0], "cpu": [0.0, 0.0]}
    while not game.is_over:
        timed_move(game, bots, clock)
    deals = [{"start": d["start"], "moves": [list(m) for m in d["moves"]], "result": d["result"]}
             for d in game.deals_played]
    return {"winner": game.rules.parse_seat(game.winner), "scores": list(game.scores.values()), "deals": deals,
            "decisions": [int(n) for n in clock["decisions"]], "seconds": clock["seconds"], "cpu": clock["cpu"]}


def games_won(game: dict[str, Any]) -> list[int]:
    return [int(game["winner"] == p) for p in PLAYERS]


def binomial_p(k: int, n: int) -> float:
    """Exact two-sided binomial test of k successes in n trials against one half (the sign test's)."""
    return shared.sign_test(k, n - k)


def whole_tally(plays: list[shared.Play], bots: tuple[str, str]) -> dict[str, Any]:
    """Per bot over its games: games won (Wilson 95% interval), game points a game, closes made,
    and its time per decision; for the pair, the exact binomial test on A's games won."""
    won = {bot: 0 for bot in bots}
    points: dict[str, list[int]] = {bot: [] for bot in bots}
    closes = {bot: [0, 0] for bot in bots}
    clock = {bot: {"decisions": 0, "seconds": 0.0, "cpu": 0.0} for bot in bots}
    for game, sides in plays:
        for player, bot in enumerate(sides):
            won[bot] += game["winner"] == player
            points[bot].append(game["scores"][player])
            for key in clock[bot]:
                clock[bot][key] += game[key][player]
        for deal in game["deals"]:
            for player, move in deal["moves"]:
                if move == "close":
                    closes[sides[player]][0] += 1
                    closes[sides[player]][1] += deal["result"]["winner"] == player
    n = len(plays)
    timing = {bot: {"decisions": c["decisions"],
                    "ms_a_decision": 1000 * c["seconds"] / c["decisions"] if c["decisions"] else None,
                    "cpu_ms_a_decision": 1000 * c["cpu"] / c["decisions"] if c["decisions"] else None}
              for bot, c in clock.items()}
    return {
        "games_won": {bot: {"games": n, **shared.success_rate(n, w)} for bot, w in won.items()},
        "games_p": binomial_p(won[bots[0]], n),
        "game_points_a_game": {bot: shared.mean_interval(p) for bot, p in points.items()},
        "closes": {bot: {"closed": c, **shared.success_rate(c, w)} for bot, (c, w) in closes.items()},
        "time": timing,
    }


def whole_columns(s: shared.PairStats) -> dict[str, str]:
    out = {}
    for side, bot in (("A", s.a), ("B", s.b)):
        out[f"games won {side}"] = shared.success_cell(s.extras["games_won"][bot], "games")
    out["binomial p (games)"] = f"{s.extras['games_p']:.2g}"
    for side, bot in (("A", s.a), ("B", s.b)):
        out[f"closes made {side}"] = shared.success_cell(s.extras["closes"][bot], "closed")
    for side, bot in (("A", s.a), ("B", s.b)):
        t = s.extras["time"][bot]
        out[f"ms a decision {side} (CPU)"] = ("—" if t["ms_a_decision"] is None
                                             else f"{t['ms_a_decision']:.1f} ({t['cpu_ms_a_decision']:.1f})")
    return out


ARENA = shared.Arena(
    game="bingo",
    bots=BOTS,
    defaults={"samples": 16, "max_nodes": 50_000, "exact_limit": 400},
    make_bot=make_bot,
    setup=setup,
    play=play,
    score=game_points,
    unit="game_points",
    tally=closes,
    columns=columns,
    title="Bingo arena: mirrored deals (game points per deal = two plays, players swapped)",
    paired=("hint", "random"),  # hint-play on request (--bots hint-play,hint)
    whole=shared.Arena(
        game="bingo", bots=BOTS, defaults={"samples": 16, "max_nodes": 50_000, "exact_limit": 400}, make_bot=make_bot,
        setup=setup, play=play_whole, score=games_won, unit="games", tally=whole_tally, columns=whole_columns,
        title="Bingo arena: mirrored whole games to 7 game points (games won per deal = two games, players swapped)",
        paired=("hint", "baseline")),
)
