"""Bingo's part of the arena (``dominosolver.arena``): its bots, how a deal is played and scored.

A deal is the first deal of ``Game(seed, start)``, the player who leads it turning with the deal's
index, under the option ``"rules"`` (non-default flags, e.g. ``{"bingo_ruleset": "modern_dp"}``); bot A is player 0 in the first play, player 1 in the second. A play scores the game points
of the deal (1 to 3, to its winner); per bot, how often it closed the deal and won it (Wilson 95%
interval)."""

from __future__ import annotations

from typing import Any

from .. import arena as shared
from ..errors import ParseError
from .bots import HintBot, RandomBot
from .game import Game
from .rules import PLAYERS, Rules

__all__ = ["ARENA", "BOTS", "make_bot"]

BOTS = ("hint", "hint-play", "random")  # hint-play: the hint bot with play weighting
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
)
