"""The 42 family in the game registry: one adapter, parameterised by a member's family row (the core's
family table, ``family.hpp``, read through the bindings as ``texas42.rules.FAMILY_ROWS``), makes the
rows of Texas 42, Moon, Partnership Moon and The Big Game (docs/rules.md §2, §4). The functions are
42's (``games/texas42.py``), which read the family from the rules; the row decides the rest:

- its tag, title, seats and set (``name``, ``title``, ``max_pip``, ``without_blanks``);
- its table: points where counters score, tricks where bids are of tricks (``ladder``: Moon's
  ``moon_table``), and the special-contract table where it has 42's special contracts
  (``special_contracts``);
- its conformance cases: 42's contract rows where special bids exist, else each declaration;
- the columns of its moves in batch arrays (``lower_end_leads``: The Big Game's 47 plays);
- the exchange before trumps (``left_over == "undealt"``): its hint, engine move and advice rank
  the discards (``advise_exchange``); elsewhere these are 42's play hint and bid advice;
- its arena: 42's in marks, else the family's in points (``points_only``), with the bid tests'
  budgets where the auction goes round after round (``ladder == "points"``).

What the rules cannot say (the short name messages use, the built-in demo, the game class that
carries the family's default rules, its own decisions before play: the ``Deciders`` row its package
registers, given to the row's bots) is the member's ``Member`` line below; a member without one
gets its title, a game class of its own and a demo of its first deal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np
from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from .. import _core, biggame, moon
from ..biggame import BigGame, ExchangeAdvice, advise_exchange, in_big_game_exchange
from ..biggame.exchange_rule import weakest_discard
from ..moon import MoonGame, PartnershipMoonGame, moon_table
from ..render.biggame import demo as big_game_demo
from ..render.moon import MOON4_DEMO, MOON_DEMO, demo_of
from ..render.texas42 import RENDER as RENDER_42
from ..render.texas42 import demo as demo_42
from ..render.texas42 import show_hint as show_play_hint
from ..render.texas42 import show_position, show_solve
from ..render.texas42_pictures import PICTURES as PICTURES_42
from ..texas42 import Game, PlayerView, Position, Rules, dd_table, picture, special_table
from ..texas42 import solve as solve_42
from ..texas42.arena import ARENA, family_arena
from ..texas42.bots import BIG_GAME_TIMES, HintBot
from ..texas42.claim import claim_of
from ..texas42.deciders import Deciders
from ..texas42.hint import EXACT_LIMIT, SAMPLES
from ..texas42.rules import FAMILY_ROWS, FamilyRow, Trump, parse_trump, set_mask
from ..texas42.solve import Solver, declaration_name
from ..tiles import Tile, mask_of, tiles_of
from . import texas42 as adapter
from .records import hint_target, own_seed, whole_deal
from .spec import BatchKit, EngineKit, GameSpec, HumanKit, PicturesKit, Renderables, RenderKit

__all__ = ["MEMBERS", "SPECS", "Member", "spec_of"]


@dataclass(frozen=True)
class Member:
    """What a member of the family shows that its rules do not decide."""

    game: type[Game]  # its game: whose rules, without a rules= argument, are the member's
    name: str  # what messages call it: "42"
    demo: Callable[[], Renderables]  # its part of `dominosolver demo`
    aliases: tuple[str, ...] = field(default=())  # other words for it: `dominosolver play 42`
    deciders: Deciders = field(default=Deciders())  # its own decisions before play (its package's), given to its bots


MEMBERS: dict[str, Member] = {
    "texas42": Member(Game, "42", demo_42, aliases=("42",)),
    "moon": Member(MoonGame, "Moon", demo_of(MOON_DEMO), deciders=moon.DECIDERS),
    "moon4": Member(PartnershipMoonGame, "Partnership Moon", demo_of(MOON4_DEMO), deciders=moon.PARTNERSHIP_DECIDERS),
    "biggame": Member(BigGame, "The Big Game", big_game_demo, deciders=biggame.DECIDERS),
}

HINT_LIMITS = MappingProxyType({"samples": SAMPLES, "exact_limit": EXACT_LIMIT, "seed": None, "time": None,
                                "threads": None, "weighting": None, "method": None, "means": None})
EXCHANGE_SAMPLES = 12  # deals of an exchange hint when none are asked for: 10-odd discards are tested on each
EXCHANGE_LIMITS = ("samples", "seed", "time", "threads", "should_stop")  # the hint limits the exchange's tests take
# The arena's bots where the auction goes round after round (The Big Game): 12 deals a bid decision,
# tested within the hint bot's times (texas42/bots.py BIG_GAME_TIMES: 4 s a bid, exchange or
# declaration, 2 s a play hint with more than 7 tricks left (the first four of The Big Game's 11), the later
# ones well under a second).
ROUND_AUCTION_ARENA = {"samples": 20, "bid_samples": 12, "bid_time": BIG_GAME_TIMES["bid"],
                       "hint_time": BIG_GAME_TIMES["hint"], "bid_nodes": 0}


# ---------------------------------------------------------------- decisions: a play, or the exchange


def hint(target: Position | PlayerView, seat: int | None = None, **limits: Any) -> Any:
    """42's hint (``texas42.hint``), which for the bidder in the exchange before trumps (The Big
    Game's undealt tile) is every legal discard ranked by zero-window tests (its ``Deciders``'
    ``advise_exchange``, an ExchangeAdvice); limits that judge plays are left unused, and said so."""
    return adapter.hint(target, seat, **limits)


def go(view: PlayerView, limits: dict[str, Any], *, threads: int | None, table_mb: int,
       should_stop: Any, report: Any) -> dict[str, Any]:
    """42's engine move, except in the exchange: the best discard of ``advise_exchange``."""
    if not in_big_game_exchange(view):
        return adapter.go(view, limits, threads=threads, table_mb=table_mb, should_stop=should_stop, report=report)
    advice = hint(view, threads=threads or 1, should_stop=should_stop,
                  **{k: v for k, v in limits.items() if k in EXCHANGE_LIMITS})
    return {"move": f"discard {advice.best}", "exchange": advice.to_json()}


def advise_human(view: PlayerView, seconds: float) -> Iterator[Any]:
    """42's advice for the human seat, except in the exchange: the ranking of its discards."""
    if in_big_game_exchange(view):
        yield Text(str(advise_exchange(view, samples=EXCHANGE_SAMPLES, time=seconds)))
    else:
        yield from adapter.advise_human(view, seconds)


def show_hint(result: Any, target: Any) -> Iterator[RenderableType]:
    """A play hint as 42's; the exchange's ranking of discards as its own table."""
    if isinstance(result, ExchangeAdvice):
        yield Text(str(result))
        return
    yield from show_play_hint(result, target)


# ---------------------------------------------------------------- what the conformance suite checks


def declarations(rules: Rules) -> dict[str, Trump]:
    """The conformance cases of a family without special bids: each declaration its bidder may name."""
    return {declaration_name(trump): trump for trump in rules.declarations}


def dealer(game_class: type[Game]) -> Callable[[int, str], Position]:
    """The first deal of ``game_class(seed)`` with seat ``seed`` modulo the seats bidding the lowest
    bid and naming ``variant``; in Moon the bidder keeps its hand (the widow is what it laid away), in
    The Big Game it exchanges by the rule of thumb (it must take an undealt counter: every counter is
    played, docs/rules.md §4.3)."""
    cases = declarations(game_class._rules_class())

    def deal(seed: int, variant: str) -> Position:
        game = game_class(seed=seed)
        rules, trump, bidder = game.rules, cases[variant], seed % game.rules.seats
        hands = [mask_of(h) for h in game.deal()]
        if rules.row.left_over == "undealt":
            undealt = set_mask(rules) & ~mask_of(t for h in game.deal() for t in h)
            held = hands[bidder] | undealt
            hands[bidder] = held & ~(1 << weakest_discard(tiles_of(held & rules.may_be_out_of_play), trump,
                                                          undealt).id)
        return Position(trump=trump, hands=[tiles_of(h) for h in hands], rules=rules,
                        contract=(bidder, rules.min_bid))
    return deal


def places(pos: Position) -> dict[str, tuple[Tile, ...]]:
    """Where each tile of the family's set is: held, played (a lower-end lead's tile), out of play
    (Moon's widow, The Big Game's undealt tile, the bidder's discard), or not in the set (Moon's 1-0
    .. 6-0, of the double-six)."""
    held = adapter.places(pos)
    top = pos.rules.row.max_pip
    every = tuple(Tile(hi, lo) for hi in range(top + 1) for lo in range(hi + 1))
    in_set = set(tiles_of(set_mask(pos.rules)))
    placed = {t for tiles in held.values() for t in tiles}
    return {**held, "out of play": tuple(t for t in every if t in in_set and t not in placed),
            "not in the set": tuple(t for t in every if t not in in_set)}


# ---------------------------------------------------------------- the board's row

# The declarations the editor offers where special bids exist: every contract a position may be
# played under (the auction's flags do not limit a position set up by hand).
EDITOR_FLAGS = {"specials": "all", "nello_doubles_allowed": "all"}


def board_row(row: FamilyRow) -> Callable[[], dict[str, Any]]:
    """What the web board's editor draws of a member (``GameSpec.board``): the tiles of its set for
    the palette (Moon's 22, The Big Game's 45), its declarations with the names tables and hints
    print, its least bid, and what its deal leaves over (Moon's widow, whose discard a position may
    record). A position of a family scored in points alone starts with the least bid made (Moon's
    bidder alone makes the sides); where calls are marks, an analysis grades them too."""
    def board() -> dict[str, Any]:
        rules = Rules.of_game(row.name, EDITOR_FLAGS if row.special_contracts else {})
        return {
            "tiles": [str(t) for t in sorted(tiles_of(set_mask(rules)), reverse=True)],
            "declarations": [{"trump": str(d), "name": str(declaration_name(d))} for d in rules.declarations],
            "min_bid": rules.min_bid,
            "left_over": row.left_over,
            "hand_points": rules.hand_points,  # the top of the Table screen's scale: 42, The Big Game's 66
            "hand_tricks": rules.hand_tricks,  # Moon's tables count tricks
            "boneyard": False,
            "opening_bid": row.points_only,
            "chance": "P(make)",
            "auction_grades": row.ladder == "marks",
        }
    return board


def move_names(game: Game, moves: list[str], view: dict[str, Any]) -> dict[str, Any]:
    """What the family's tables and hints print for the legal moves and the trump named (the bot
    game's ``names``): a declaration by its name ("declare 5" is "declare fives", "declare none"
    "declare follow-me", The Big Game's 7 and 8 "sevens" and "eights"), 42's mark bids with their
    marks ("84 (2 marks)")."""
    rules = game.rules
    trump = view.get("trump")
    words = {str(m): m.words(rules) for m in game.legal_moves} if moves else {}
    return {"moves": {m: words.get(m, m) for m in moves},
            "trump": None if trump is None else str(declaration_name(parse_trump(trump, rules)))}


# ---------------------------------------------------------------- the row


def tricks_arrays(task: str, rows: list[dict[str, Any]], columns: int) -> dict[str, np.ndarray]:
    """As 42's, but a table's cells are tricks: ``table_tricks`` [n, declarations, seats]."""
    if task == "table":
        return {"table_tricks": np.array([r["result"]["tricks"] for r in rows], dtype=np.int16)}
    return adapter.arrays(task, rows, columns)


def notes(name: str) -> dict[str, str]:
    """Why a member of the family does without the options of Bingo's searches."""
    said = name.removeprefix("The ")
    return {"max_nodes": f"a {said} solve is always exact, and so is every world of a {said} hint",
            "time": f"a {said} solve is never cut short"}


def default_member(row: FamilyRow) -> Member:
    """A member with no ``Member`` line: its title, a game class of its own, its first deal's demo."""
    rules_class = type(f"{row.name}Rules", (Rules,), {"__slots__": (), "_preset": {"family": row.name}})
    game_class = type(f"{row.name}Game", (Game,), {"_rules_class": rules_class})

    def demo() -> Iterator[RenderableType]:
        variant = next(iter(declarations(rules_class())))
        pos = dealer(game_class)(1, variant)
        yield Rule(f"{row.title} — a built-in deal")
        yield from show_position(pos)
        yield from show_solve(pos, solve_42(pos))
    return Member(game_class, row.title, demo)


def spec_of(row: FamilyRow, member: Member | None = None) -> GameSpec:
    """The registry row of the family member ``row`` (``member``: what its rules cannot say)."""
    member = member or default_member(row)
    rules = member.game._rules_class()
    specials = row.special_contracts  # 42's special contracts (docs/rules.md §3)
    tricks = row.ladder == "tricks"  # bids of tricks: the table counts the bidder's tricks
    make_table = moon_table if tricks else dd_table
    columns = _core.texas42.MAX_PLAYS if row.lower_end_leads else len(tiles_of(set_mask(Rules())))

    def table_task(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
        return make_table(record, tt_mb=adapter.BATCH_TT_MB).to_json()  # its hands, and rules if any

    def hint_task(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
        target, seat = hint_target(record, spec)
        given = {k: v for k, v in options.items() if k in ("samples", "exact_limit")}  # else the hint's own
        return hint(target, seat, seed=own_seed(record, seed), threads=options.get("threads", 1), **given).to_json()

    def arrays(task: str, rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
        return (tricks_arrays if tricks else adapter.arrays)(task, rows, columns)

    spec = GameSpec(
        tag=row.name, name=member.name, title=row.title, aliases=member.aliases,
        Position=Position, PlayerView=PlayerView, Game=member.game, Rules=type(rules),
        seat_name=lambda seat: rules.seat_names[seat], parse_seat=rules.parse_seat,
        facts=adapter.facts, solve=solve_42, solve_options=frozenset({"moves"}),
        hint=hint, hint_limits=HINT_LIMITS, notes=notes(member.name),
        grade=adapter.grade, play=adapter.player(member.game), record=adapter.record,
        variants=tuple(adapter.CONTRACTS if specials else declarations(rules)),
        deal=adapter.deal if specials else dealer(member.game),
        places=places, ledger=adapter.ledger, revealed=adapter.revealed,
        batch=BatchKit(task_of=adapter.task_of, arrays=arrays, tasks={
            "solve": adapter.solve_task, "table": table_task, "hint": hint_task, "grade": adapter.grade_task}),
        render=RenderKit(
            position=RENDER_42.position, view=RENDER_42.view, solve=RENDER_42.solve, hint=show_hint,
            analysis=RENDER_42.analysis, game=RENDER_42.game, demo=member.demo,
            table=RENDER_42.table,  # points or tricks, as the table counts
            special_table=RENDER_42.special_table if specials else None,
            seat_table=RENDER_42.seat_table, hand_summary=RENDER_42.hand_summary),
        board=board_row(row),
        pictures=PicturesKit(
            position=picture.position_svg, view=picture.view_svg, analysis=PICTURES_42.analysis,
            table=PICTURES_42.table,  # points or tricks, as the table counts
            special_table=PICTURES_42.special_table if specials else None),
        table=whole_deal(make_table), special_table=whole_deal(special_table) if specials else None,
        solves=lambda pos: not _core.texas42.unsearched(pos._pos),
        arena=(ARENA if not row.points_only
               else family_arena(row.name, row.title, ROUND_AUCTION_ARENA if row.ladder == "points" else None,
                                 member.deciders)),
        engine=EngineKit(go=go, count_worlds=adapter.count_worlds, worlds=adapter.worlds,
                         solver=lambda: Solver(adapter.BATCH_TT_MB)),
        human=HumanKit(bot=lambda seed: HintBot(seed=seed, deciders=member.deciders), hands=adapter.finished_hands,
                       grade=lambda hand: adapter.with_auction(adapter.grade_hand(hand, None, None), hand),
                       advise=advise_human, move_names=move_names),
        advise_bid=adapter.bid_advisor(row.name),
        claim=claim_of,
    )
    return spec


# Every member of the family the core's table has, in its order (Texas 42 first).
SPECS: tuple[GameSpec, ...] = tuple(spec_of(row, MEMBERS.get(name)) for name, row in FAMILY_ROWS.items())
