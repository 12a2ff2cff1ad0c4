"""Bingo in the game registry: how the front ends read, solve, advise, grade, batch, serve, render
and check it. The rules and the searches are ``dominosolver.bingo``'s; this module only fits them to
``GameSpec``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from types import MappingProxyType
from typing import Any

import numpy as np

from ..arguments import node_budget
from ..bingo import RULESETS, Game, Move, PlayerView, Position, Rules, Solver
from ..bingo import hint as hint_bingo
from ..bingo.hint import DEFAULT_SAMPLES, EXACT_LIMIT
from ..bingo.arena import ARENA
from ..bingo import solve as solve_bingo
from ..bingo.bots import HintBot
from ..bingo.position import as_position
from ..bingo.rules import DECK, PLAYERS, parse_seat, seat_name
from ..bingo.sampling import count_worlds, position_of, sample_worlds
from ..bingo.solve import SOLVE_NODES, TABLE_MB
from ..errors import IllegalMoveError, ParseError, shown
from ..tiles import Tile
from ..wrappers import fresh
from ..result import SolveResult
from ..render.bingo_pictures import PICTURES
from ..render.bingo import RENDER, analysis_names, move_names
from .records import ANALYSIS, GAME_ANALYSIS, check_wrapper, each_graded, hint_asked, hint_target, json_type, own_seed, unwrap
from .spec import BatchKit, EngineKit, GameSpec, HumanKit

__all__ = ["MOVES", "SPEC"]

GRADE_FORMS = (
    "a deal or a whole game as 'dominosolver play bingo --json' prints it, or "
    '{"position": <position/1>, "plays": [moves]}'
)


def facts(pos: Position) -> dict[str, Any]:
    return {
        "notation": str(pos),
        "to_move": None if pos.is_over else pos.to_move,
        "legal_moves": [str(m) for m in pos.legal_moves],
        "result": pos.result._asdict() if pos.result else None,
    }


def solve(pos: Position, max_nodes: int | None = None, time: float | None = None,
          should_stop: Callable[[], bool] | None = None) -> SolveResult:
    """Solve exactly. A phase-one position gets a budget of ``max_nodes`` (default ``SOLVE_NODES``,
    about a second; 0 = none) and ``time`` seconds if given: such a world can take minutes. A closed
    or exhausted deal is always solved to the end (microseconds)."""
    return solve_bingo(pos, max_nodes=budget_for(pos, max_nodes), time=time, should_stop=should_stop)


def budget_for(pos: Position, max_nodes: int | None) -> int:
    """The node budget of a solve: none once every tile's place is known, else ``max_nodes``
    (``SOLVE_NODES`` by default)."""
    if pos.perfect_information:
        return 0
    return SOLVE_NODES if max_nodes is None else node_budget(max_nodes)


def hint(target: Position | PlayerView, seat: int | None = None, **limits: Any) -> Any:
    """A Bingo hint for ``seat``'s view of a position (default: the player to move), or for a view."""
    return hint_bingo(target, seat=seat, **limits)


def worlds(view: PlayerView, n: int, seed: int) -> list[Position]:
    return [position_of(view, hand, facedown) for hand, facedown in sample_worlds(view, n, seed)]


# ---------------------------------------------------------------- grading recorded play


def grade(record: Any, *, max_nodes: int | None = None,
          on_progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Grade recorded Bingo moves against perfect play with every tile's place known
    (``dominosolver.analysis/1``): per move, the value before it and after it for its player, in
    game points, and the cost. A phase-one position is solved with a node budget (``max_nodes``,
    default ``SOLVE_NODES``) as ``dominosolver solve`` does; a move whose solve ran out of budget
    has ``null`` for what the budget left unknown, never a made-up 0.

    ``record`` is ``{"position": <position/1>, "plays": [moves]}``, a deal of ``play bingo --json``
    (``{"start", "hands", "boneyard", "moves": [[player, move], ...]}``), or the whole game
    (``{"deals": [...]}``, giving ``dominosolver.gameanalysis/1`` with an analysis per deal,
    ``on_progress(done, deals)`` told after each)."""
    if not isinstance(record, dict):
        raise ParseError(f"a record to grade must be a JSON object, not {json_type(record)}: give {GRADE_FORMS}")
    check_wrapper(record)
    if "deals" in record:
        deals = record["deals"]
        if not isinstance(deals, list):
            raise ParseError("a Bingo game's 'deals' must be a list of played deals")
        return {"schema": GAME_ANALYSIS, "game": "bingo",
                "deals": each_graded(list(enumerate(deals, 1)),
                                     lambda nd: numbered(f"deal {nd[0]}", lambda: grade_deal(nd[1], record.get("rules"), max_nodes)),
                                     on_progress)}
    if "moves" in record:
        return grade_deal(record, record.get("rules"), max_nodes)
    if "plays" in record:
        if "position" not in record:
            raise ParseError("a record with 'plays' needs the 'position' they start from")
        if not isinstance(record["plays"], list):
            raise ParseError(f"'plays' must be a list of moves, not {json_type(record['plays'])}")
        return analysis(as_position(record["position"]), record["plays"], max_nodes)
    raise ParseError(f"nothing to grade in this Bingo record: give {GRADE_FORMS}")


def grade_deal(deal: Any, rules: Any, max_nodes: int | None) -> dict[str, Any]:
    """A played deal of ``play bingo --json``: dealt again, its moves checked player by player."""
    if not isinstance(deal, dict) or not {"start", "hands", "boneyard", "moves"} <= deal.keys():
        raise ParseError("a played Bingo deal needs its 'start', 'hands', 'boneyard' and 'moves'")
    moves = deal["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, list) and len(m) == 2 for m in moves):
        raise ParseError("a played deal's 'moves' must be [player, move] pairs")
    start = Position.deal(deal["hands"], deal["boneyard"], deal["start"],
                          rules=Rules.from_json(deal.get("rules", rules)))
    graded = analysis(start, [move for _, move in moves], max_nodes)
    for n, ((player, move), g) in enumerate(zip(moves, graded["plays"]), 1):
        if parse_seat(player) != g["seat"]:  # a record whose players disagree with the rules is not this deal's
            raise ParseError(f"move {n} ({move}) is recorded for player {player}, but player {g['seat']} was to move")
    return graded


def numbered(where: str, work: Callable[[], Any]) -> Any:
    """``work()``, a refused move said with where it is in the record ("deal 2: move 4, player 0: ...")."""
    try:
        return work()
    except IllegalMoveError as e:
        raise IllegalMoveError(f"{where}: {e}") from None


def analysis(start: Position, moves: list[Any], max_nodes: int | None) -> dict[str, Any]:
    pos, solver = start.copy(), Solver()
    plays, unsolved = [], 0
    for n, move in enumerate(moves, 1):
        name = str(Move.parse(move))
        if pos.is_over or not pos.is_legal(name):  # the core refuses it before anything is solved
            numbered(f"move {n}" + ("" if pos.is_over else f", player {pos.to_move}"), lambda name=name: pos.play(name))
        result = solver.solve(pos, margin=False, pv=False, max_nodes=budget_for(pos, max_nodes))
        before, after = result.value, result.moves.get(name)
        cost = None if before is None or after is None else before - after
        unsolved += cost is None
        plays.append({"seat": pos.to_move, "move": name, "before": before, "after": after, "cost": cost})
        pos.play(name)
    graded = {"schema": ANALYSIS, "game": "bingo", "position": start.to_json(), "plays": plays}
    names = analysis_names(graded, start.rules)
    if names:  # a declaration as the board and the terminal say it, with its points (docs/json.md)
        graded["names"] = {"moves": names}
    if unsolved:
        budget = SOLVE_NODES if max_nodes is None else max_nodes
        graded["warnings"] = [f"{unsolved} of {len(plays)} moves were not solved within {budget:,} nodes: "
                              "what the budget left unknown is null"]
    return graded


# ---------------------------------------------------------------- batch


def task_of(record: Any) -> str:
    if not isinstance(record, dict):
        raise ParseError(f"a Bingo record must be a JSON object, not {json_type(record)}")
    if hint_asked(record):
        return "hint"
    if "plays" in record or "moves" in record or "deals" in record:
        return "grade"
    body = unwrap(record, "position")
    if isinstance(body, str) or (isinstance(body, dict) and "hands" in body):
        return "solve"
    raise ParseError("cannot tell what to do with this Bingo record: give a position, view, deal or plays")


def solve_task(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    return solve(as_position(unwrap(record, "position")), options.get("max_nodes")).to_json()


def hint_task(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    target, seat = hint_target(record, SPEC)
    given = {k: v for k, v in options.items() if k in ("samples", "exact_limit")}  # else Bingo's own
    return hint(target, seat, seed=own_seed(record, seed), max_nodes=options.get("max_nodes"), **given).to_json()


def grade_task(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    return grade(record, max_nodes=options.get("max_nodes"))


# Every move a Bingo player can make, the columns of the .npz move arrays: the tiles by id, the four
# words, then each declaration (two or more doubles) in the order of its size and tiles.
DOUBLES = sorted((t for t in DECK if t.is_double), reverse=True)
MOVES: tuple[str, ...] = (
    *(str(t) for t in DECK),
    "close", "draw", "exchange", "claim",
    *(str(Move("declare", doubles=group)) for k in range(2, len(DOUBLES) + 1) for group in combinations(DOUBLES, k)),
)
COLUMN = {name: k for k, name in enumerate(MOVES)}


def arrays(task: str, rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Bingo moves are tiles, words and declarations: ``move_names`` [152] names the columns of the
    move arrays. Values are game points for the player to move, NaN where unknown (a move that is
    not legal, or a solve the node budget stopped): ``solve_value``, ``solve_moves`` [n, 152];
    ``hint_mean``, ``hint_stderr``, ``hint_p_win`` [n, 152], ``hint_worlds``; ``grade_cost`` (every
    move in order, a game's deal after deal) with ``grade_offsets`` [n + 1]."""
    n = len(rows)
    results = [r["result"] for r in rows]
    out: dict[str, np.ndarray] = {"move_names": np.array(MOVES)}
    if task == "solve":
        out["solve_value"] = np.array([np.nan if r["value"] is None else r["value"] for r in results])
        moves = np.full((n, len(MOVES)), np.nan)
        for k, r in enumerate(results):
            for m, v in r["moves"].items():
                moves[k, COLUMN[m]] = v
        out["solve_moves"] = moves
    elif task == "hint":
        for field in ("mean", "stderr", "p_win"):
            a = np.full((n, len(MOVES)), np.nan)
            for k, r in enumerate(results):
                for m in r["moves"]:
                    a[k, COLUMN[m["move"]]] = m[field]
            out[f"hint_{field}"] = a
        out["hint_worlds"] = np.array([r["worlds"] for r in results], dtype=np.int64)
    elif task == "grade":
        costs = [[np.nan if p["cost"] is None else p["cost"] for p in graded_plays(r)] for r in results]
        out["grade_cost"] = np.array([c for cs in costs for c in cs], dtype=float)
        out["grade_offsets"] = np.cumsum([0] + [len(cs) for cs in costs]).astype(np.int64)
    return out


def graded_plays(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The graded moves of an analysis, or of every deal of a game analysis in order."""
    if "deals" in result:
        return [p for deal in result["deals"] for p in deal["plays"]]
    return result["plays"]


# ---------------------------------------------------------------- whole games and the engine


def finished_deals(game: Game) -> list[dict[str, Any]]:
    """The game's finished deals as ``play bingo --json`` records them (each one ``grade`` takes),
    each converted once per game (``RecordedGame._finished_as``: a reply costs the deals finished since)."""
    return [fresh(d) for d in game._finished_as(deal_json)]


def deal_json(game: Game, d: dict[str, Any]) -> dict[str, Any]:
    """A finished deal of ``game`` (as ``deals_played`` gives it) as ``play bingo --json`` records it."""
    return {"game": "bingo", **rules_of(game), **d, "moves": [[p, m] for p, m in d["moves"]],
            "declarations": [[p, list(ts)] for p, ts in d["declarations"]]}


def rules_of(game: Game) -> dict[str, Any]:
    """``{"rules": flags}`` of a game played under other than the historic rules, else nothing: every
    record carries its rules, so that a deal taken out of it is graded under them (a modern_dp deal
    replayed under the historic rules goes astray at its first declaration)."""
    return {"rules": game.rules.to_json()} if game.rules.to_json() else {}


def record(game: Game) -> dict[str, Any]:
    """The game so far: its rules, winner (None while it goes on), scores and finished deals, each a
    played deal that ``grade`` takes (not its seed: a game against the bots keeps it hidden)."""
    # The record's players by number (its JSON since it came; the game names them: "player 0").
    winner = None if game.winner is None else game.rules.parse_seat(game.winner)
    return {"game": "bingo", **rules_of(game), "winner": winner, "scores": list(game.scores.values()),
            "deals": finished_deals(game)}


def play(seed: int, rules: Any = None) -> dict[str, Any]:
    """A whole game between two hint bots (under ``rules``: the historic ones without them)."""
    game = Game(seed=seed, rules=rules)
    bots = [HintBot(seed=seed), HintBot(seed=seed + 1)]
    while not game.is_over:
        game.play(bots[game.to_move].choose(game))
    return {"game": "bingo", "seed": seed, **record(game)}


def advise_human(view: PlayerView, seconds: float) -> Iterator[Any]:
    """A hint for the move, any move (close and declarations too), within ``seconds``."""
    yield from RENDER.hint(hint(view, time=seconds), view)


def go(view: PlayerView, limits: dict[str, Any], *, threads: int | None, table_mb: int,
       should_stop: Callable[[], bool], report: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """A hint reported after each batch of worlds, ended early by ``stop``; its worlds are solved on
    one thread, with a table of at most ``table_mb``."""

    def progress(h: Any) -> None:
        report({"worlds": h.worlds, "best": h.best, "moves": [
            {"move": m.move, "mean": round(m.mean, 4), "stderr": round(m.stderr, 4), "p_win": round(m.p_make, 4)}
            for m in h.moves
        ]})

    solver = Solver(min(table_mb, TABLE_MB))
    h = hint(view, solver=solver, on_progress=progress, should_stop=should_stop, **limits)
    return {"move": h.best, "hint": h.to_json()}


# ---------------------------------------------------------------- what the conformance suite checks


def deal(seed: int, variant: str) -> Position:
    """The first deal of ``Game(seed)`` under the rule set ``variant``."""
    rules = Rules.preset(variant)
    d = Game(seed=seed, rules=rules).deal()
    return Position.deal(d["hands"], d["boneyard"], d["start"], rules=rules)


def places(pos: Position) -> dict[str, tuple[Tile, ...]]:
    """Hands, the trick, the boneyard, and the tiles won in tricks (a position dealt by
    ``Position.deal`` records every move since the deal)."""
    played = [m.tile for _, m in pos.events if m.kind == "tile"]
    won = tuple(t for t in played if t not in pos.trick)
    return {"hands": pos.hand(0) + pos.hand(1), "trick": pos.trick, "boneyard": pos.boneyard, "won": won}


def ledger(pos: Position) -> dict[str, int]:
    """Tricks taken plus tricks the tiles still in play make: a deal's 14."""
    in_play = len(pos.hand(0)) + len(pos.hand(1)) + len(pos.trick) + len(pos.boneyard)
    return {"tricks": sum(pos.tricks) + in_play // 2}


def revealed(pos: Position, seat: int) -> frozenset[Tile]:
    """The opponent's tiles the rules have shown (the core's list): declared doubles, the face-up
    tile it took."""
    return pos.view(seat).opponent_known


def board() -> dict[str, Any]:
    """The board's row: the double-six for the palette, a boneyard, no declarations (the trump is
    the turned tile's), no auction; a hint's chance is of winning the deal."""
    tiles = [Tile(high, low) for high in range(6, -1, -1) for low in range(high, -1, -1)]
    return {"tiles": [str(t) for t in tiles], "declarations": [], "min_bid": None, "left_over": "none",
            "hand_points": None, "hand_tricks": None, "boneyard": True, "opening_bid": False, "chance": "P(win)",
            "auction_grades": False}


SPEC = GameSpec(
    tag="bingo",
    name="Bingo",
    title="Bingo",
    aliases=(),
    Position=Position,
    PlayerView=PlayerView,
    Game=Game,
    Rules=Rules,
    seat_name=seat_name,
    parse_seat=parse_seat,
    facts=facts,
    solve=solve,
    solve_options=frozenset({"max_nodes", "time"}),
    hint=hint,
    hint_limits=MappingProxyType({"samples": DEFAULT_SAMPLES, "exact_limit": EXACT_LIMIT, "seed": None, "time": None,
                                  "max_nodes": None, "weighting": None}),
    notes={"threads": "a Bingo hint solves its worlds on one thread",
           "method": "a Bingo hint is plain PIMC",
           "bid_samples": "a Bingo deal has no auction",
           "moves": "a Bingo solve values every move: its value is the best of them"},
    grade=grade,
    play=play,
    record=record,
    variants=RULESETS,
    deal=deal,
    places=places,
    ledger=ledger,
    revealed=revealed,
    batch=BatchKit(task_of=task_of, tasks={"solve": solve_task, "hint": hint_task, "grade": grade_task},
                   arrays=arrays),
    engine=EngineKit(go=go, count_worlds=count_worlds, worlds=worlds),
    render=RENDER,
    pictures=PICTURES,
    board=board,
    arena=ARENA,
    human=HumanKit(bot=lambda seed: HintBot(seed=seed), hands=finished_deals,
                   grade=lambda deal: grade_deal(deal, None, None), advise=advise_human,
                   move_names=move_names),
)
