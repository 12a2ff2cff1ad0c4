"""Moon and Partnership Moon in the game registry (docs/rules.md §4.1-4.2): two rows fitted from the
42 adapter (``games/texas42.py``: the same positions, solver, grading and rendering, each under its
family's rules), with each family's own deal for the conformance suite, its table (``moon_table``)
and its rule-of-thumb bots. A player's view, hints and bid advice are 42's code, which reads the
family from the rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from ..moon import MoonGame, MoonRules, PartnershipMoonGame, PartnershipMoonRules, moon_table
from ..texas42 import Game, PlayerView, Position, Rules
from ..texas42.arena import family_arena
from ..texas42.bots import HintBot
from ..texas42.claim import claim_of
from ..texas42 import solve as solve_42
from ..texas42.rules import Trump, set_mask
from ..texas42.solve import declaration_name
from ..tiles import Tile, tiles_of
from . import texas42 as adapter
from .moon_pictures import PICTURES
from .moon_render import demo_of, table_of
from .spec import Batch, GameSpec, HumanPlay
from .texas42_render import RENDER as RENDER_42

__all__ = ["MOON", "MOON4"]

ALL_TILES = tuple(Tile(hi, lo) for hi in range(7) for lo in range(hi + 1))  # the double-six, by id


def variants(rules: Rules) -> dict[str, Trump]:
    """The conformance cases of a family: each declaration its bidder may name (docs/rules.md §4)."""
    return {declaration_name(trump): trump for trump in rules.declarations}


def dealer(game_class: type[Game]) -> Callable[[int, str], Position]:
    """The first deal of ``game_class(seed)`` with seat ``seed`` modulo the seats bidding the lowest
    bid and naming ``variant``; in Moon the bidder keeps its hand (the widow is what it laid away)."""
    cases = variants(game_class._rules_class())

    def deal(seed: int, variant: str) -> Position:
        game = game_class(seed=seed)
        rules = game.rules
        return Position(trump=cases[variant], hands=[list(h) for h in game.deal()], rules=rules,
                        contract=(seed % rules.seats, rules.min_bid))
    return deal


def places(pos: Position) -> dict[str, tuple[Tile, ...]]:
    """Where each tile of the double-six is: held, played, out of play (Moon's widow or the bidder's
    discard), or not in the family's set (Moon's 1-0 .. 6-0)."""
    held = adapter.places(pos)
    in_set = set(tiles_of(set_mask(pos.rules)))
    placed = {t for tiles in held.values() for t in tiles}
    return {**held, "out of play": tuple(t for t in ALL_TILES if t in in_set and t not in placed),
            "not in the set": tuple(t for t in ALL_TILES if t not in in_set)}


def table_task(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    return moon_table(record).to_json()


def arrays(task: str, rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """As 42's, but a table's cells are tricks: ``table_tricks`` [n, declarations, seats]."""
    if task == "table":
        return {"table_tricks": np.array([r["result"]["tricks"] for r in rows], dtype=np.int16)}
    return adapter.arrays(task, rows)


def row(tag: str, name: str, title: str, game_class: type[Game], rules_class: type[Rules], demo_deal: str) -> GameSpec:
    """A Moon family's registry row (``demo_deal``: the position its demo solves)."""
    rules = rules_class()
    spec = GameSpec(
        tag=tag, name=name, title=title, aliases=(),
        Position=Position, PlayerView=PlayerView, Game=game_class, Rules=rules_class,
        seat_name=lambda seat: rules.seat_names[seat], parse_seat=rules.parse_seat,
        facts=adapter.facts, solve=solve_42, solve_options=frozenset(),
        hint=adapter.hint, hint_limits=adapter.SPEC.hint_limits,
        notes={"max_nodes": f"a {name} solve is always exact", "time": f"a {name} solve takes milliseconds"},
        grade=adapter.grade, play=adapter.player(game_class), record=adapter.record, go=adapter.go,
        count_worlds=adapter.count_worlds, worlds=adapter.worlds,
        variants=tuple(variants(rules)), deal=dealer(game_class), places=places, ledger=adapter.ledger,
        revealed=adapter.revealed,
        batch=Batch(task_of=adapter.task_of, tasks={"solve": adapter.solve_task, "table": table_task,
                                                     "grade": adapter.grade_task},
                    arrays=arrays),
        render=replace(RENDER_42, table=table_of, special_table=None, demo=demo_of(demo_deal)),
        pictures=PICTURES, table=moon_table, solves=adapter.SPEC.solves,
        arena=family_arena(tag, title),
        advise_bid=adapter.bid_advisor(tag),
        human=HumanPlay(bot=lambda seed: HintBot(seed=seed), hands=adapter.finished_hands,
                        grade=lambda hand: adapter.with_auction(adapter.grade_hand(hand, None, None), hand),
                        advise=adapter.advise_human),
        claim=claim_of,
    )
    return spec


MOON = row("moon", "Moon", "Moon", MoonGame, MoonRules,
           "moon trump=6 hands=66.65.64.63.53.41.22/62.61.55.52.44.42.00/54.51.43.33.31.21.11 contract=P05")
MOON4 = row("moon4", "Partnership Moon", "Partnership Moon", PartnershipMoonGame, PartnershipMoonRules,
            "moon4 trump=4 hands=66.64.62.54.44.31.11/65.55.52.41.40.22.10/63.61.51.43.42.30.20/60.53.50.33.32.21.00 "
            "contract=N5")
