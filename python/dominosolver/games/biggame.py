"""The Big Game in the game registry (docs/rules.md §4.3): a row fitted from the 42 adapter
(``games/texas42.py``: the same positions, solver, grading, hints and rendering, under the family's
rules), with its own deal for the conformance suite, the tiles of the double-eight set, its move
columns (plays: the lower-end leads after the tiles) and its demo."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from typing import Any

from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from .. import _core
from ..biggame import BigGame, BigGameRules
from ..texas42 import PlayerView, Position, dd_table, solve
from ..texas42 import solve as solve_42
from ..texas42.arena import family_arena
from ..texas42.bots import BIG_GAME_TIMES, HintBot
from ..texas42.rules import set_mask
from ..texas42.solve import declaration_name
from ..texas42.undealt_exchange import ExchangeAdvice, advise_exchange, in_big_game_exchange
from ..tiles import Tile, tiles_of
from . import texas42 as adapter
from .moon import dealer, variants
from .spec import Batch, GameSpec, HumanPlay
from .texas42_pictures import PICTURES
from .texas42_render import RENDER as RENDER_42
from .texas42_render import show_hint as show_play_hint
from .texas42_render import show_position, show_solve

__all__ = ["SPEC"]

RULES = BigGameRules()
# A deal at its fifth trick (seven tricks left: a solve takes a blink), N's lead, 7-3 and 8-2 in hand;
# N laid 4-4 away.
DEMO_POSITION = ("biggame trump=4 leader=N hands=82.73.66.61.20.10.00/88.77.55.52.43.32.30/86.85.83.81.63.50.31/"
                 "87.75.72.62.60.51.21 contract=N45 discard=44")


def places(pos: Position) -> dict[str, tuple[Tile, ...]]:
    """Where each tile of the double-eight set is: held, played (a lower-end lead's tile), or out of
    play (the undealt tile, or the bidder's discard)."""
    held = adapter.places(pos)
    placed = {t for tiles in held.values() for t in tiles}
    return {**held, "out of play": tuple(t for t in tiles_of(set_mask(pos.rules)) if t not in placed)}


def demo() -> Iterator[RenderableType]:
    """A built-in position (a whole deal's table takes minutes today): every lead's value, the two
    leads of 7-3 and of 8-2 among them, and the best line."""
    pos = Position(DEMO_POSITION)
    yield Rule("The Big Game — a built-in position, seven tricks left")
    yield from show_position(pos)
    yield Rule(f"N leads, {declaration_name(pos.trump)} trumps: 7-3 and 8-2 may be led high or low (7-3:3, 8-2:2)")
    yield from show_solve(pos, solve(pos))


EXCHANGE_SAMPLES = 12  # deals of an exchange hint when none are asked for: 10-odd discards are tested on each
EXCHANGE_LIMITS = ("samples", "seed", "time", "threads", "should_stop")  # the hint limits the exchange's tests take


def hint(target: Position | PlayerView, seat: int | None = None, **limits: Any) -> Any:
    """42's hint, except for the bidder in its exchange: every legal discard ranked by zero-window
    tests (``advise_exchange``, an ExchangeAdvice); limits that judge plays are left unused, and said so."""
    view = target.view(seat if seat is not None else target.to_move) if isinstance(target, Position) else target
    if not (isinstance(view, PlayerView) and in_big_game_exchange(view)):
        return adapter.hint(target, seat, **limits)
    taken = {k: v for k, v in limits.items() if k in EXCHANGE_LIMITS}
    taken.setdefault("samples", EXCHANGE_SAMPLES)
    unused = sorted(k for k, v in limits.items() if k not in EXCHANGE_LIMITS and k != "on_progress" and v is not None)
    advice = advise_exchange(view, **taken)
    if unused:
        advice.warnings.append(f"{', '.join(unused)}: not used by the exchange's tests")
    return advice


def go(view: PlayerView, limits: dict[str, Any], *, threads: int | None, table_mb: int,
       should_stop: Any, report: Any) -> dict[str, Any]:
    """42's engine move, except in the bidder's exchange: the best discard of ``advise_exchange``."""
    if not in_big_game_exchange(view):
        return adapter.go(view, limits, threads=threads, table_mb=table_mb, should_stop=should_stop, report=report)
    advice = hint(view, threads=threads or 1, should_stop=should_stop,
                  **{k: v for k, v in limits.items() if k in EXCHANGE_LIMITS})
    return {"move": f"discard {advice.best}", "exchange": advice.to_json()}


def advise_human(view: PlayerView, seconds: float) -> Iterator[Any]:
    """42's advice for the human seat, except in its exchange: the ranking of its discards."""
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


SPEC = GameSpec(
    tag="biggame", name="The Big Game", title="The Big Game", aliases=(),
    Position=Position, PlayerView=PlayerView, Game=BigGame, Rules=BigGameRules,
    seat_name=lambda seat: RULES.seat_names[seat], parse_seat=RULES.parse_seat,
    facts=adapter.facts, solve=solve_42, solve_options=frozenset({"moves"}),
    hint=hint, hint_limits=adapter.SPEC.hint_limits,
    notes={"max_nodes": "a Big Game solve is always exact", "time": "a Big Game solve is not cut short"},
    grade=adapter.grade, play=adapter.player(BigGame), record=adapter.record, go=go,
    count_worlds=adapter.count_worlds, worlds=adapter.worlds,
    variants=tuple(variants(RULES)), deal=dealer(BigGame), places=places, ledger=adapter.ledger,
    revealed=adapter.revealed, claim=adapter.SPEC.claim,
    batch=Batch(task_of=adapter.task_of, tasks={"solve": adapter.solve_task, "table": adapter.table_task,
                                                 "hint": adapter.hint_task, "grade": adapter.grade_task},
                arrays=partial(adapter.arrays, columns=_core.texas42.MAX_PLAYS)),
    render=replace(RENDER_42, special_table=None, demo=demo, hint=show_hint),
    pictures=replace(PICTURES, special_table=None), table=dd_table, solves=adapter.SPEC.solves,
    # 12 deals a bid decision: the hint bot tests them within its BIG_GAME_TIMES (texas42/bots.py).
    arena=replace(family_arena("biggame", "The Big Game"),
                  defaults={"samples": 20, "bid_samples": 12, "bid_time": BIG_GAME_TIMES["bid"],
                            "hint_time": BIG_GAME_TIMES["hint"], "bid_nodes": 0}),
    # Hint bots, within their Big Game times (texas42/bots.py BIG_GAME_TIMES: 4 s a bid, exchange or
    # declaration, 2 s a play hint in the first three tricks, the later ones well under a second).
    human=HumanPlay(bot=lambda seed: HintBot(seed=seed), hands=adapter.finished_hands,
                    grade=lambda hand: adapter.with_auction(adapter.grade_hand(hand, None, None), hand),
                    advise=advise_human),
    solver=adapter.SPEC.solver, advise_bid=adapter.bid_advisor("biggame"),
)
