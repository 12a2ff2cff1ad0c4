"""Texas 42's functions for the game registry: how the front ends read, solve, advise, grade, batch,
serve and check a game of the 42 family. They read the family from the rules (``Rules.row``); the
registry rows of 42, Moon, Partnership Moon and The Big Game are made from the family rows by
``games/family42.py``. The rules and the searches are ``dominosolver.texas42``'s."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from .. import _core
from ..arguments import tile_sequence
from ..errors import InvalidViewError, ParseError, shown
from ..io import flags_of_text
from ..texas42 import Game, PlayerView, Position, Rules
from ..texas42 import hint as hint_42
from ..texas42.bid_grades import grade_auction
from ..texas42.discard_grades import grade_discard
from ..texas42.labels import POINT_STEPS, PP_STEPS, accuracy, currency, labels
from ..texas42.bidding import advise_bid
from ..texas42.bots import RuleBot
from ..texas42.deciders import deciders_of
from ..texas42.notation import contract_from_json, contract_to_json
from ..texas42.game import Move
from ..texas42.plays import parse_play
from ..texas42.rules import (BID_KINDS, DEFAULT_FAMILY, ORDINARY, namer, parse_bid, parse_trump,
                             set_mask)
from ..texas42.sampling import WorldSampler, position_of, sample_worlds
from ..texas42.solve import Solver, analyse_play, as_position, projection
from ..tiles import Tile
from ..wrappers import fresh
from .records import ANALYSIS, GAME_ANALYSIS, check_wrapper, each_graded, hint_asked, json_type, unwrap
from ..render.texas42 import RENDER

__all__ = ["bid_advisor", "grade", "hint", "player", "record"]

GRADE_FORMS = (
    "a played hand or a whole game as 'dominosolver play --json' prints it, "
    '{"position": <position/1>, "plays": [tiles]}, or a position/1 object with a history'
)
BATCH_TT_MB = 16  # transposition table of a batch worker's (or a server thread's) solves and grades


def facts(pos: Position) -> dict[str, Any]:
    return {"notation": str(pos), "to_move": pos.to_move, "legal_moves": [str(t) for t in pos.legal_moves]}


def hint(target: Position | PlayerView, seat: int | None = None, **limits: Any) -> Any:
    """A hint for ``seat``'s view of a position (default: the seat to move), or for a view."""
    if isinstance(target, Position) and seat is not None:
        target = target.view(seat)
    elif seat is not None and target.rules.parse_seat(seat) != target.seat:  # a seat by number or name
        names = target.rules.seat_names
        seat = target.rules.parse_seat(seat)
        raise ParseError(f"seat {names[seat]}: this is {names[target.seat]}'s view, it cannot advise another seat")
    return hint_42(target, **limits)


def count_worlds(view: PlayerView) -> int | None:
    return None if view.trump is None else WorldSampler(view).count


def worlds(view: PlayerView, n: int, seed: int) -> list[Position]:
    return [position_of(view, w) for w in sample_worlds(view, n, seed)]


# ---------------------------------------------------------------- grading recorded play


def is_game(record: dict[str, Any]) -> bool:
    """A game record of ``play --json``: its "hands" are played hands, not a deal's lists of tiles."""
    hands = record.get("hands")
    return isinstance(hands, list) and bool(hands) and all(isinstance(h, dict) for h in hands)


def grade(record: Any, *, tt_mb: int | None = None, auction: bool = False,
          should_stop: Callable[[], bool] | None = None,
          on_progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Grade the recorded plays of ``record`` against perfect play (``dominosolver.analysis/1``);
    with ``auction``, a played hand's calls and declaration too (``"auction"``, ``bid_grades.py``).

    ``record`` is ``{"position": <position/1>, "plays": [tiles]}``, a position/1 object with a history
    (graded from the start of the hand), or a played hand as ``dominosolver play --json`` prints it
    (``{"deal", "contract", "trump", "plays": [[seat, tile], ...]}``). A whole game of ``play --json``
    (``{"hands": [hand, ...]}``) gives ``dominosolver.gameanalysis/1``: ``"hands"`` holds an analysis per
    hand, None for a hand thrown in (nothing was played), ``on_progress(done, hands)`` told after each.
    ``should_stop`` is asked between two plays (SearchLimitError once it answers true): The Big Game's
    whole deals take up to seconds a play."""
    if not isinstance(record, dict):
        raise ParseError(f"a record to grade must be a JSON object, not {json_type(record)}: give {GRADE_FORMS}")
    check_wrapper(record)
    if is_game(record):
        rules = record.get("rules")

        def graded(h: Any) -> dict[str, Any] | None:
            g = grade_hand(h, rules, tt_mb, should_stop)
            return with_auction(g, {"rules": rules, **h}) if auction else g
        return {"schema": GAME_ANALYSIS, "game": record.get("game", DEFAULT_FAMILY),
                "hands": each_graded(record["hands"], graded, on_progress)}
    if "deal" in record:
        graded = grade_hand(record, record.get("rules"), tt_mb, should_stop)
        if graded is None:
            raise ParseError("this hand was thrown in (no contract): it has no plays to grade")
        return with_auction(graded, record) if auction else graded
    if "plays" in record:
        if "position" not in record:
            raise ParseError("a record with 'plays' needs the 'position' they start from")
        start, plays = as_position(record["position"]).copy(), record["plays"]
        if not isinstance(plays, list):
            raise ParseError(f"'plays' must be a list of tiles, not {json_type(plays)}")
        return analysis(start, plays, tt_mb, should_stop)
    body = unwrap(record, "position")
    if isinstance(body, dict) and "trump" not in body:
        raise ParseError(f"nothing to grade in this record: give {GRADE_FORMS}")
    start = as_position(body).copy()
    plays = [str(t) for _, t in start.plays]
    while start.plays:
        start.undo()
    return analysis(start, plays, tt_mb, should_stop)


def grade_hand(hand: Any, rules: Any, tt_mb: int | None,
               should_stop: Callable[[], bool] | None = None) -> dict[str, Any] | None:
    """A played hand of ``play --json``: its deal with the declarer on lead, its plays checked seat by seat."""
    if not isinstance(hand, dict) or "deal" not in hand:
        raise ParseError("each of a game's 'hands' must be a played hand with its 'deal' and 'plays'")
    plays = hand.get("plays", [])
    if hand.get("contract") is None:
        if plays:
            raise ParseError("a hand with plays needs the 'contract' they were played to")
        return None  # thrown in: nothing was played
    contract = hand["contract"]
    if not isinstance(contract, dict) or "declarer" not in contract:
        raise ParseError('a played hand\'s \'contract\' must be {"declarer": seat, "bid": bid}')
    if hand.get("trump") is None:
        raise ParseError("a played hand with a contract needs its 'trump'")
    if not isinstance(plays, list) or not all(isinstance(p, list) and len(p) == 2 for p in plays):
        raise ParseError("a played hand's 'plays' must be [seat, tile] pairs")
    # Trick 1's leader is the contract's (the core rules it).
    table = Rules.of_record(hand, rules)
    # Moon's record holds the hands at the first lead, after the bidder's exchange of the widow.
    start = Position(trump=hand["trump"], hands=hand.get("hands", hand["deal"]), contract=contract_from_json(contract, table),
                     rules=table, discard=hand.get("discard"))
    graded = analysis(start, [tile for _, tile in plays], tt_mb, should_stop)
    for n, ((seat, tile), g) in enumerate(zip(plays, graded["plays"]), 1):
        if table.parse_seat(seat) != g["seat"]:  # a record whose seats disagree with the rules is not this deal's
            raise ParseError(
                f"play {n} ({tile}) is recorded for {table.seat_name(seat)}, but {table.seat_name(g['seat'])} was to play"
            )
    return graded


def with_auction(graded: dict[str, Any] | None, hand: dict[str, Any]) -> dict[str, Any] | None:
    """A hand's analysis with the grades of its decisions before play: its auction's (``bid_grades.py``)
    where calls are graded, 42 in marks; Moon's widow discard and The Big Game's exchange with every
    hand known (``discard_grades.py``)."""
    table = Rules.of_record(hand)
    if graded is None:
        return graded
    if table.row.left_over != "none":
        discard = grade_discard(hand)
        return graded if discard is None else {**graded, "discard": discard}
    if table.scoring != "marks":  # 42's marks game: every other member scores points
        return graded
    return {**graded, "auction": grade_auction(hand)}


def analysis(start: Position, plays: list[Any], tt_mb: int | None,
             should_stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    grades = analyse_play(start, plays, tt_mb=tt_mb, should_stop=should_stop)
    tricks = start.units == "tricks" and start.contract is not None  # all or nothing: the goal's cost too
    named = labels(start, grades)  # lichess's scale in the contract's currency (texas42/labels.py)
    return {
        "schema": ANALYSIS,
        "game": start.game,
        "position": start.to_json(),
        **({"units": "tricks"} if tricks else {}),
        "plays": [{"seat": g.seat, "tile": str(g.tile), "before": g.before, "after": g.after, "cost": g.cost,
                   **({"makes_before": g.makes_before, "makes_after": g.makes_after, "goal_cost": g.goal_cost}
                      if tricks else {}),
                   "best": None if g.best is None else list(g.best), "label": name}
                  for g, name in zip(grades, named)],
        "labels": {"currency": currency(start),
                   "steps": list(PP_STEPS if start.contract is not None else POINT_STEPS)},
        "accuracy": accuracy(start, grades),
        # The play chart's numbers (points toward a bid), so that a client draws it without the rules.
        **({"projection": projection(start, grades)} if grades and not tricks else {}),
    }


# ---------------------------------------------------------------- batch


def task_of(record: Any) -> str:
    if isinstance(record, list):
        return "table"
    if not isinstance(record, dict):
        raise ParseError(f"a record must be a JSON object, not {json_type(record)}")
    if hint_asked(record):
        return "hint"
    if "plays" in record or "deal" in record or is_game(record):
        return "grade"
    body = record.get("position", record)
    if isinstance(body, (dict, str)) and ("trump" in body if isinstance(body, dict) else "trump=" in body):
        return "solve"
    if "hands" in record:
        return "table"
    raise ParseError("cannot tell what to do with this record: give a position, view, deal or plays")


def solve_task(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    return Solver(BATCH_TT_MB).solve(as_position(unwrap(record, "position"))).to_json()


def grade_task(record: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    return grade(record, tt_mb=BATCH_TT_MB)


TILES = set_mask(Rules()).bit_count()  # columns of the move arrays: the standard set's tiles, by id


def arrays(task: str, rows: list[dict[str, Any]], columns: int = TILES) -> dict[str, np.ndarray]:
    """``solve_value``, ``solve_moves`` [n, 28] (value after each tile by tile id, -1 if illegal;
    The Big Game's ``columns`` are its 47 plays, the lower-end leads after the tiles);
    ``table_points`` [n, 9, 4]; ``hint_mean``, ``hint_stderr``, ``hint_p_make``, ``hint_p_make_stderr`` [n, 28] (NaN if not a
    legal move), ``hint_worlds``; ``grade_cost`` (all plays in order, a game's hand after hand) with
    ``grade_offsets`` [n + 1]."""
    n = len(rows)
    results = [r["result"] for r in rows]
    if task == "solve":
        moves = np.full((n, columns), -1, dtype=np.int16)
        for k, r in enumerate(results):
            for m, v in r["moves"].items():
                moves[k, parse_play(m).id] = v
        return {"solve_value": np.array([r["value"] for r in results], dtype=np.int16), "solve_moves": moves}
    if task == "table":
        return {"table_points": np.array([r["points"] for r in results], dtype=np.int16)}
    if task == "hint":
        out = {}
        for field in ("mean", "stderr", "p_make", "p_make_stderr"):
            a = np.full((n, columns), np.nan)
            for k, r in enumerate(results):
                for m in r["moves"]:
                    a[k, parse_play(m["move"]).id] = np.nan if m.get(field) is None else m[field]
            out[f"hint_{field}"] = a
        out["hint_worlds"] = np.array([r["worlds"] for r in results], dtype=np.int64)
        return out
    costs = [[p["cost"] for p in graded_plays(r)] for r in results]
    return {"grade_cost": np.array([c for cs in costs for c in cs], dtype=np.int16),
            "grade_offsets": np.cumsum([0] + [len(cs) for cs in costs]).astype(np.int64)}


def graded_plays(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The graded plays of an analysis, or of every hand of a game analysis in order."""
    if "hands" in result:
        return [p for hand in result["hands"] if hand is not None for p in hand["plays"]]
    return result["plays"]


# ---------------------------------------------------------------- whole games and the engine


def finished_hands(game: Game) -> list[dict[str, Any]]:
    """The game's finished hands as ``play --json`` records them (each one ``grade`` takes), each
    converted once per game (``RecordedGame._finished_as``: a reply costs the hands finished since)."""
    return [fresh(h) for h in game._finished_as(hand_json)]


def hand_json(game: Game, h: dict[str, Any]) -> dict[str, Any]:
    """A finished hand of ``game`` (as ``hands_played`` gives it) as ``play --json`` records it."""
    return {**h, "game": game.rules.family, **rules_of(game),
            "contract": contract_to_json(h["contract"]) if h["contract"] else None,
            "plays": [[seat, tile] for seat, tile in h["plays"]]}


def rules_of(game: Game) -> dict[str, Any]:
    """``{"rules": flags}`` of a game played under flags other than its family's defaults, else nothing:
    every record carries its rules, so that a hand taken out of it is graded under them, not the defaults."""
    return {"rules": game.rules.game_flags} if game.rules.game_flags else {}


def record(game: Game) -> dict[str, Any]:
    """The game so far: its rules, winner (None while it goes on), scores and finished hands, each a
    played hand that ``grade`` takes (not its seed: a game against the bots keeps it hidden)."""
    return {"game": game.rules.family, **rules_of(game), "winner": game.winner, "scores": game.scores,
            "hands": finished_hands(game)}


def player(game_class: type[Game]) -> Callable[[int], dict[str, Any]]:
    """Whole games of ``game_class`` (42's, or a Moon family's) between rule-of-thumb bots, by seed
    (and rules: the family's default without them)."""
    def play(seed: int, rules: Any = None) -> dict[str, Any]:
        game = game_class(seed=seed, rules=rules)
        bot = RuleBot()
        while not game.is_over:
            game.play(bot.choose(game))
        return {"game": game.rules.family, "seed": seed, **record(game)}
    return play


play = player(Game)


def advise_human(view: PlayerView, seconds: float) -> Iterator[Any]:
    """A hint in play; in the auction or declaring, the bid advisor's view of the hand (its
    defaults, as every front end's, within ``seconds``)."""
    if view.trump is not None:
        yield from RENDER.hint(hint(view, time=seconds), view)
    else:
        yield str(advise_bid(view, time=seconds))


def bid_advisor(family: str) -> Callable[..., Any]:
    """The bid advice of ``family`` (``advise_bid``) for a hand: its tiles ('66.65.64.62.55.33.10' or
    a list), bid by ``seat`` after ``auction`` (the earlier bids from the dealer's left: 'pass,30' or
    a list; a whole auction: the seat won it, and declares) under ``rules`` (flags: an object, or
    'flag:value,...' text, the family's by default); or for a view in the auction, which brings its
    own seat, bids and rules."""
    def advice(hand: Any, seat: Any = 0, auction: Any = (), rules: Any = None, **options: Any) -> Any:
        if isinstance(hand, PlayerView):
            no_mark_bids(hand.rules, options.get("mark_risk"))
            return advise_bid(hand, **options)
        if isinstance(auction, str):
            auction = [b for b in auction.replace(" ", "").split(",") if b]
        if not isinstance(auction, (list, tuple)):
            raise ParseError(f"the auction must be a list of bids or text such as 'pass,30', not {shown(auction)}")
        if isinstance(rules, str):
            rules = flags_of_text(rules) if rules else None
        table_rules = rules if isinstance(rules, Rules) else Rules.from_json({"family": family, **(rules or {})})
        no_mark_bids(table_rules, options.get("mark_risk"))
        me = table_rules.parse_seat(seat)
        bids = [parse_bid(b) for b in auction]
        # The auction so far went round to this seat; once it is over, the seat won it and declares.
        won = len(bids) >= table_rules.seats and any(bids)
        first = table_rules.seat_after(me, -(bids.index(max(bids)) if won else len(bids)))
        history = [(table_rules.seat_after(first, i), b) for i, b in enumerate(bids)]
        return advise_bid(tile_sequence(hand, "hand"), history, seat=me, rules=table_rules, **options)
    return advice


bid_advice = bid_advisor("texas42")


def no_mark_bids(rules: Rules, mark_risk: Any) -> None:
    """ParseError for a mark risk where the advice has no bids of marks to judge by it: a family whose
    own advice (its Deciders row: Moon's bids of tricks, The Big Game's points) judges every bid at
    the risk alone, so a mark risk would be silently ignored."""
    if mark_risk is not None and deciders_of(rules).advise_bid is not None:
        raise ParseError(f"a mark risk judges 42's bids of marks (every trick): {rules.row.title} has no mark bids, "
                         "each of its bids is judged at the risk alone")


# What ranks plays, and no bid or declaration: refused by the engine's go in the auction or declaring.
PLAY_ONLY = ("method", "weighting", "means")


ENGINE_TABLE_MB = 16  # the largest table a 42 search of the engine uses per thread (hints choose 4 or 16)


def go(view: PlayerView, limits: dict[str, Any], *, threads: int | None, table_mb: int,
       should_stop: Callable[[], bool], report: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """In play, a hint reported after each batch of worlds; in the auction or declaring, the bid
    advisor; each solver thread's table at most ``table_mb``."""
    if view.trump is None:
        given = [k for k in PLAY_ONLY if limits.get(k) is not None]
        if given:
            stage = "the auction" if view.contract is None else "declaring"
            raise ParseError(f"{' and '.join(given)}: {'these rank' if len(given) > 1 else 'it ranks'} plays, and in "
                             f"{stage} the bid adviser decides (it takes samples, seed, time and threads)")
        return advise(view, limits, threads, min(table_mb, ENGINE_TABLE_MB), should_stop)

    def progress(h: Any) -> None:
        report({"worlds": h.worlds, "best": h.best, "moves": [
            {"move": m.move, "mean": None if m.mean is None else round(m.mean, 4),
             "stderr": None if m.stderr is None else round(m.stderr, 4),
             "p_make": None if m.p_make is None else round(m.p_make, 4),
             "p_make_stderr": None if m.p_make_stderr is None else round(m.p_make_stderr, 4)}
            for m in h.moves
        ]})

    tt_mb = None if table_mb >= ENGINE_TABLE_MB else table_mb  # None: the hint's own choice
    h = hint_42(view, threads=threads, tt_mb=tt_mb, on_progress=progress, should_stop=should_stop, **limits)
    return {"move": h.best, "hint": h.to_json()}


def advise(view: PlayerView, limits: dict[str, Any], threads: int | None, tt_mb: int,
           should_stop: Callable[[], bool]) -> dict[str, Any]:
    """Bidding and declaring: the bid advisor over the seat's hand, with the thresholds the arena
    measured to play best."""
    if view.contract is not None and namer(view.rules, view.contract) != view.seat:
        raise InvalidViewError("nothing to decide: another seat names the declaration")
    if view.contract is None and view.to_move is not None and view.to_move != view.seat:
        names = view.rules.seat_names
        raise InvalidViewError(f"{names[view.seat]} is not to bid: {names[view.to_move]} is")
    advice = advise_bid(view, samples=limits.get("samples"), seed=limits.get("seed"), threads=threads,
                        tt_mb=tt_mb, time=limits.get("time"), should_stop=should_stop)
    return {"move": advice.action, "advice": advice.to_json()}


# ---------------------------------------------------------------- what the conformance suite checks


# Flags that change how a declaration ranks its tiles or wins its tricks, with every value
# (docs/rules.md §3.1, §3.6, §6.1).
DECLARATION_FLAGS: dict[Any, list[dict[str, str]]] = {
    "none": [{"nt_doubles": mode} for mode in ("high", "low", "own_suit")],
    "sevens": [{"sevens_tie": tie} for tie in ("first_played", "bidders_win_ties")],
}
# Every row, the special ones too, with every declaration (Nel-O's low doubles too).
ROWS = _core.texas42.declaration_rows(Rules(specials="all", nello_doubles_allowed="all")._core)
SPECIAL_DEAL_TRIES = 1000  # deals tried for a special bid's conformance case (a Splash: one deal in 2)


def _case(trump: Any, flags: dict[str, str], kind: str = ORDINARY) -> str:
    named = f"trump {trump}" if isinstance(trump, int) else str(trump)
    return ", ".join([*([kind] if kind != ORDINARY else []), named, *(f"{k}={v}" for k, v in flags.items())])


# The conformance cases, from the contract table: every declaration (and each of its flag values) on
# an ordinary bid (a declaration with a contract of its own, such as Sevens: on a mark bid, under
# specials = all), and every special bid with one declaration of each row its partner may name.
CONTRACTS: dict[str, tuple[Any, dict[str, str], str]] = {
    **{_case(parse_trump(t), flags): (parse_trump(t), {**({"specials": "all"} if row["imposes"] else {}), **flags},
                                      ORDINARY)
       for row in ROWS for t in row["declarations"] for flags in DECLARATION_FLAGS.get(t, [{}])},
    **{_case(parse_trump(row["declarations"][0]), {}, kind): (parse_trump(row["declarations"][0]), {"specials": "all"}, kind)
       for kind in BID_KINDS if kind != ORDINARY for row in ROWS if not row["imposes"]},
}


def deal(seed: int, variant: str) -> Position:
    """The first deal of ``Game(seed)`` played to ``variant``: a declaration (and its flags) on the
    lowest bid by seat ``seed`` modulo the seats; for a special bid, the first deal from ``seed`` on
    in which a seat is offered it, that seat bidding it, the others passing, its partner naming."""
    trump, flags, kind = CONTRACTS[variant]
    rules = Rules(**flags)
    if kind == ORDINARY:
        # A declaration with a contract of its own is named on a mark bid (rules.md §3.6).
        own = any(row["imposes"] and str(trump) in row["declarations"] for row in ROWS)
        bid = rules.mark if own else rules.min_bid
        return Position(trump=trump, hands=[list(h) for h in Game(seed=seed).deal()], rules=rules,
                        contract=(seed % rules.seats, bid))
    for tried in range(seed, seed + SPECIAL_DEAL_TRIES):
        game = Game(seed=tried, rules=rules)
        while game.phase == "bidding":
            opening = all(bid == 0 for _, bid in game.auction)
            offered = [m for m in game.legal_moves if opening and m.kind == "bid" and m.value.kind == kind]
            game.play(offered[0] if offered else "pass")
        if game.contract is not None and game.contract.kind == kind:
            game.play(Move("declare", trump))
            return game.position  # type: ignore[return-value]
    raise ParseError(f"no deal from seed {seed} on offers a {kind} bid")


def places(pos: Position) -> dict[str, tuple[Tile, ...]]:
    return {"hands": tuple(t for h in pos.hands for t in h), "played": tuple(t.tile for _, t in pos.plays)}


def ledger(pos: Position) -> dict[str, int]:
    return {"points": sum(pos.points) + pos.remaining_points, "tricks": sum(pos.tricks_won) + pos.tricks_left}


def revealed(pos: Position, seat: int) -> frozenset[Tile]:
    """The tiles of the other hands the contract shows (the Plunge or Splash bidder's doubles)."""
    return frozenset(t for other in range(pos.rules.seats) if other != seat for t in pos.revealed(other))
