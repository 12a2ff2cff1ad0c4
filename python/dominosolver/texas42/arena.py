"""Texas 42's part of the arena (``dominosolver.arena``): its bots, how a deal is played and scored.

A deal is one hand of a game of 42 (auction, declaration, play, scoring) from ``Game(seed)`` with
the dealer turning with the deal's index, under the option ``"rules"`` (non-default flags, e.g.
``{"specials": "all"}`` to offer Plunge and Splash; standard 42 without it); bot A's side is NS in
the first play, EW in the second.
A play scores the marks of the hand; per bot, the contracts it declared and made (Wilson 95%
interval). ``run_arena``, ``summarise`` and ``play_mirrored`` here are the shared ones with 42's
part filled in."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from .. import arena as shared
from ..errors import ParseError
from .bots import HintBot, RandomBot, RuleBot
from .deciders import Deciders
from .game import Game
from .notation import contract_to_json
from .rules import FAMILIES, TEAMS, Rules, bid_name

__all__ = ["ARENA", "BOTS", "family_arena", "make_bot", "play_deal", "play_game", "play_mirrored", "run_arena", "summarise"]

BOTS = ("hint", "hint-points", "hint-game", "hint-play", "hint-infoset", "hint-infoset-play", "rule", "random")
# A record's seat names, of every table of the family (N E S W; Moon's P0 P1 P2), by number.
SEAT_NUMBERS = {name: seat for family in FAMILIES for seat, name in enumerate(Rules.of_game(family).seat_names)}
# The Big Game's hint bot also takes its limits a decision (``bid_time``, ``hint_time``, ``bid_nodes``:
# texas42/bots.py).
HINT_OPTIONS = ("samples", "bid_samples", "risk", "mark_risk", "discount", "exact_limit", "objective", "bid_time",
                "hint_time", "bid_nodes")
# The hint bots by how their play hints judge: PIMC, with inference from the play, with the seat's
# next choice made without the hidden hands (hint's ``weighting`` and ``method``).
HINT_BOTS = {
    "hint": {},
    "hint-points": {"objective": "points"},  # plays by mean points (the hint bot before it ranked by P(make))
    "hint-game": {"objective": "game"},  # bids and plays by the chance of winning the game from the score
    "hint-play": {"weighting": "play"},
    "hint-infoset": {"method": "infoset"},
    "hint-infoset-play": {"method": "infoset", "weighting": "play"},
}


def make_bot(name: str, seed: int, options: dict[str, Any], deciders: Deciders | None = None) -> Any:
    """The bot ``name`` of ``BOTS``; a hint bot given ``deciders`` (its family's, ``deciders.py``)."""
    bot_options = {k: v for k, v in options.items() if k != "rules"}  # the rules are the game's (setup)
    unknown = sorted(set(bot_options) - set(HINT_OPTIONS))
    if unknown:
        raise ParseError(f"unknown 42 bot option(s) {', '.join(unknown)}: {', '.join(HINT_OPTIONS)}")
    Rules.from_json(options.get("rules"))  # bad flags fail before any deal
    if name in HINT_BOTS:
        return HintBot(seed=seed, deciders=deciders, **{**bot_options, **HINT_BOTS[name]})
    if name == "rule":
        return RuleBot()
    if name == "random":
        return RandomBot(seed)
    raise ParseError(f"unknown bot {name!r}: one of {', '.join(BOTS)}")


def play_deal(deal: int, ns: Any, ew: Any, dealer: int, rules: Rules | None = None) -> dict[str, Any]:
    """Play the first hand of ``Game(deal, dealer, rules)`` with bot ``ns`` on N and S, ``ew`` on E and W
    (Moon's three players: ``ns`` on P0 and P2, ``ew`` on P1, each bot scoring the mean of its players'
    scores, so that over the mirrored pair every seat is played once by each bot)."""
    rules = rules or Rules()
    game = Game(seed=deal, dealer=dealer, rules=rules)
    while not game.hands_played:
        bot = (ns, ew)[game.to_move % len(TEAMS)]  # the seat's team
        game.play(bot.choose(game))
    hand = game.hands_played[0]
    contract = hand["contract"]
    result = hand["result"]
    names = rules.seat_names
    return {
        "contract": None if contract is None else {**contract_to_json(contract), "declarer": names[contract.declarer]},
        "trump": hand["trump"],
        "made": None if result is None else result["made"],
        "marks": [0, 0] if result is None else _by_bot(rules, list(result["score"])),
        "points": list(hand["points"].values()),
    }


def _by_bot(rules: Rules, score: list[int]) -> list[float] | list[int]:
    """A hand's score for the bot on side 0 and the bot on side 1: its side's; in three-player Moon
    the mean of its players' (each player scores alone, docs/rules.md §4.1)."""
    if rules.scorers == len(TEAMS):
        return score
    seats = [[s for s in range(rules.seats) if s % len(TEAMS) == side] for side in range(len(TEAMS))]
    return [sum(score[rules.scorer_of(s)] for s in mine) / len(mine) for mine in seats]


def play_game(deal: int, ns: Any, ew: Any, dealer: int, rules: Rules | None = None) -> dict[str, Any]:
    """Play a whole game, ``Game(deal, dealer, rules)`` to its target (42: 7 marks; Moon, The Big Game:
    their own), bot ``ns`` on N and S (Moon's P0 and P2), ``ew`` on E and W (P1): the winning side
    (0: NS, 1: EW), the final scores by side (Moon's: each bot's players' mean), the unit they count
    and every hand's contract (its number, the declaring side, the bid, made). The mirrored game
    deals the same hands in the same order while both last."""
    rules = rules or Rules()
    game = Game(seed=deal, dealer=dealer, rules=rules)
    while not game.is_over:
        game.play((ns, ew)[game.to_move % len(TEAMS)].choose(game))
    scorers = list(game.scores)
    winner = next(s for s in range(rules.seats) if rules.scorer_of(s) == scorers.index(game.winner))
    contracts = [{"hand": k, "side": hand["contract"].declarer % len(TEAMS), "bid": bid_name(hand["contract"].bid),
                  "made": bool(hand["result"]["made"])}
                 for k, hand in enumerate(game.hands_played) if hand["contract"] is not None and hand["result"] is not None]
    return {"winner": winner % len(TEAMS), "scores": _by_bot(rules, list(game.scores.values())),
            "unit": rules.scoring,  # marks only in 42's marks game: every other member is scored in points
            "hands": len(game.hands_played), "contracts": contracts, "sides": rules.scorers == len(TEAMS)}


def setup(index: int, options: dict[str, Any]) -> dict[str, Any]:
    rules = {"rules": options["rules"]} if options.get("rules") else {}  # in the record when not standard
    return {"dealer": index % Rules.from_json(options.get("rules")).seats, **rules}  # the deal turns round the table


def play(dealt: dict[str, Any], bots: tuple[Any, Any]) -> dict[str, Any]:
    return play_deal(dealt["deal"], bots[0], bots[1], dealt["dealer"], Rules.from_json(dealt.get("rules")))


def marks(hand: dict[str, Any]) -> list[int]:
    return hand["marks"]


def play_whole(dealt: dict[str, Any], bots: tuple[Any, Any]) -> dict[str, Any]:
    return play_game(dealt["deal"], bots[0], bots[1], dealt["dealer"], Rules.from_json(dealt.get("rules")))


def games_won(game: dict[str, Any]) -> list[int]:
    return [int(game["winner"] == side) for side in range(len(TEAMS))]


def paired_contracts(plays: list[shared.Play], bots: tuple[str, str]) -> dict[str, Any]:
    """McNemar's test on the contracts of the mirrored plays: the same hand (the same number of the
    same game's deals) played to a contract twice, bot A holding the NS tiles once and bot B the
    next time. The side holding the NS tiles wins the hand's contract when it makes its own or sets
    the other's; a pair is discordant when it won once only, for A's side (``a``) or B's (``b``):
    exact two-sided binomial p on the discordant pairs. Two sides only (not three-player Moon)."""
    a_wins = b_wins = pairs = 0
    for (first, first_sides), (second, second_sides) in zip(plays[::2], plays[1::2]):
        if not first.get("sides", True):
            continue
        won = [{c.get("hand", k): (c["side"] == 0) == c["made"] for k, c in enumerate(g["contracts"])}
               for g in (first, second)]
        for hand in won[0].keys() & won[1].keys():
            pairs += 1
            if won[0][hand] != won[1][hand]:  # the NS tiles won once: for the bot holding them then
                holder = (first_sides if won[0][hand] else second_sides)[0]
                a_wins += holder == bots[0]
                b_wins += holder == bots[1]
    return {"pairs": pairs, "a": a_wins, "b": b_wins, "p": shared.sign_test(a_wins, b_wins)}


def whole_tally(plays: list[shared.Play], bots: tuple[str, str]) -> dict[str, Any]:
    """Per bot over its games: its score a game (marks, or the family's points; mean, 95% interval),
    contracts its side declared and made, those of the other side it set, and McNemar's test on the
    paired contracts."""
    marks_of: dict[str, list[int]] = {bot: [] for bot in bots}
    declared = {bot: [0, 0] for bot in bots}
    defended = {bot: [0, 0] for bot in bots}
    for game, sides in plays:
        for side, bot in enumerate(sides):
            marks_of[bot].append(game["scores"][side])
        for c in game["contracts"]:
            declared[sides[c["side"]]][0] += 1
            declared[sides[c["side"]]][1] += c["made"]
            defended[sides[1 - c["side"]]][0] += 1
            defended[sides[1 - c["side"]]][1] += not c["made"]
    return {
        f"{_unit(plays)}_a_game": {bot: shared.mean_interval(m) for bot, m in marks_of.items()},
        "contracts": {bot: {"declared": d, **shared.success_rate(d, m)} for bot, (d, m) in declared.items()},
        "sets": {bot: {"defended": d, **shared.success_rate(d, m)} for bot, (d, m) in defended.items()},
        "paired_contracts": paired_contracts(plays, bots),
    }


def _unit(plays: list[shared.Play]) -> str:
    """What the games' scores count: 42's marks, or the family's points (Moon, The Big Game)."""
    return plays[0][0].get("unit", "marks") if plays else "marks"


def whole_columns(s: shared.PairStats) -> dict[str, str]:
    out = {}
    for side, bot in (("A", s.a), ("B", s.b)):
        unit = "marks" if "marks_a_game" in s.extras else "points"
        m = s.extras[f"{unit}_a_game"][bot]
        out[f"{unit} a game {side}"] = f"{m['mean']:.2f} ({m['ci95'][0]:.2f}–{m['ci95'][1]:.2f})" if m["ci95"] else f"{m['mean']:.2f}"
    for side, bot in (("A", s.a), ("B", s.b)):
        out[f"contracts made {side}"] = shared.success_cell(s.extras["contracts"][bot], "declared")
    for side, bot in (("A", s.a), ("B", s.b)):
        out[f"sets {side}"] = shared.success_cell(s.extras["sets"][bot], "defended")
    paired = s.extras["paired_contracts"]
    out["paired contracts won once A/B (McNemar p)"] = f"{paired['a']}/{paired['b']} of {paired['pairs']} ({paired['p']:.2g})"
    return out


def contracts(plays: list[shared.Play], bots: tuple[str, str]) -> dict[str, Any]:
    """The contracts each bot's side declared, and made."""
    counts = {bot: [0, 0] for bot in bots}
    for hand, sides in plays:
        if hand["contract"] is not None:
            declarer = sides[SEAT_NUMBERS[hand["contract"]["declarer"]] % len(TEAMS)]
            counts[declarer][0] += 1
            counts[declarer][1] += bool(hand["made"])
    return {"contracts": {bot: {"declared": d, **shared.success_rate(d, m)} for bot, (d, m) in counts.items()}}


def columns(s: shared.PairStats) -> dict[str, str]:
    return {f"contracts made {side}": shared.success_cell(s.extras["contracts"][bot], "declared")
            for side, bot in (("A", s.a), ("B", s.b))}


ARENA = shared.Arena(
    game="texas42",
    bots=BOTS,
    defaults={"samples": 20, "bid_samples": 16},
    make_bot=make_bot,
    setup=setup,
    play=play,
    score=marks,
    unit="marks",
    tally=contracts,
    columns=columns,
    title="Arena: mirrored deals (marks per deal = two hands, teams swapped)",
    tagged=False,
    paired=("hint", "rule", "random"),
    whole=shared.Arena(
        game="texas42", bots=BOTS, defaults={"samples": 20, "bid_samples": 16}, make_bot=make_bot, setup=setup,
        play=play_whole, score=games_won, unit="games", tally=whole_tally, columns=whole_columns,
        title="Arena: mirrored whole games to 7 marks (games won per deal = two games, teams swapped)",
        tagged=False, paired=("hint", "hint-points")),
)


def family_setup(family: str, index: int, options: dict[str, Any]) -> dict[str, Any]:
    """A deal of another family of 42 (Moon's): the family joined to the run's rules flags."""
    return setup(index, {**options, "rules": {**(options.get("rules") or {}), "family": family}})


def family_make_bot(family: str, deciders: Deciders | None, name: str, seed: int, options: dict[str, Any]) -> Any:
    """42's bot, the run's rules flags read as the family's (Moon's house rules are no 42 flags), a
    hint bot given the family's ``deciders``."""
    return make_bot(name, seed, {**options, "rules": {**(options.get("rules") or {}), "family": family}}, deciders)


def family_arena(family: str, title: str, defaults: dict[str, Any] | None = None,
                 deciders: Deciders | None = None) -> shared.Arena:
    """The arena of a family of 42 (``moon``, ``moon4``, ``biggame``): 42's bots and play, the family's
    deals, scored in its points (Moon's each player's own, a bot scoring its players' mean);
    ``defaults``: the bots' options where 42's would not do (The Big Game's bid tests and times);
    ``deciders``: the family's own decisions before play, given to its hint bots (its game row's)."""
    maker = partial(family_make_bot, family, deciders)
    whole = replace(ARENA.whole, game=family, setup=partial(family_setup, family), make_bot=maker, tagged=True,
                    title=f"Arena: mirrored whole games of {title} (games won per deal = two games, sides swapped)")
    return replace(ARENA, game=family, setup=partial(family_setup, family), make_bot=maker, unit="points", tagged=True,
                   whole=whole, defaults=defaults or ARENA.defaults, title=f"Arena: mirrored deals of {title} (points per deal = two hands, sides swapped)")


def play_mirrored(task: tuple[int, int, str, str, dict[str, Any]]) -> dict[str, Any]:
    """Deal ``index`` twice: ``a`` on NS then on EW, ``b`` opposite (``task``: index, seed, a, b, options)."""
    return shared.play_mirrored((ARENA, *task))


# The shared arena's functions for 42's part.
summarise = partial(shared.summarise, ARENA)
run_arena = partial(shared.run_arena, ARENA)
