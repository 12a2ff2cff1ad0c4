"""The endpoints of the HTTP API (docs/http.md), one row each: the body keys it takes with their
JSON Schemas (the OpenAPI document is built from the same rows), and the function that answers.
Each answer is the JSON the command line prints with ``--json`` for the same command, made by the
same functions: the game's row in the registry (``GameSpec``) reads, solves, advises and grades,
and nothing here is written for one game."""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..batch import grade_record
from ..corpus.picture import make_rate_picture
from ..corpus.query import (
    FEATURES,
    PAR_GROUPS,
    PATTERN_FEATURES,
    Corpus,
    best_declarations,
    make_rates,
    par_stats,
)
from ..errors import ParseError, shown
from ..games.records import VIEW
from ..io import flags_of_text, json_value
from . import schemas
from .botgame import BotGame, StaleToken
from .limits import ServeLimits
from .live import LiveGames
from .store import GameStore
from .tokens import Sealer

__all__ = ["ENDPOINTS", "Call", "Endpoint", "games_reply", "status"]


def titles(having: Callable[[games.GameSpec], bool]) -> str:
    """The titles of the games that have something, in words ("Texas 42, Moon and The Big Game"),
    as the command line's messages say them."""
    named = [spec.title for spec in games.GAMES.values() if having(spec)]
    return " and ".join(filter(None, [", ".join(named[:-1]), *named[-1:]]))


def never() -> bool:
    return False


@dataclass(frozen=True)
class Call:
    """One request as an answer sees it: its body (checked against the endpoint's keys), the
    server's limits and token sealer, the stop flag a search polls (true once its client left),
    what the pool thread answering it keeps from one request to the next (``SearchPool.kept``), the
    games against the bots the server keeps, and those this process holds built (``live.py``)."""

    body: dict[str, Any]
    limits: ServeLimits
    sealer: Sealer
    should_stop: Callable[[], bool] = never
    kept: dict[str, Any] = field(default_factory=dict)
    store: GameStore | None = None
    live: LiveGames | None = None  # the games in play this process holds built (None: every request replays)

    def games(self) -> GameStore:
        if self.store is None:
            raise ParseError("this server keeps no games against the bots")
        return self.store

    def given(self, *names: str) -> dict[str, Any]:
        """The options among ``names`` the body gives (a null is left to the default)."""
        return {name: self.body[name] for name in names if self.body.get(name) is not None}


@dataclass(frozen=True)
class Endpoint:
    name: str  # its path under /v1/
    summary: str
    answer: Callable[[Call], dict[str, Any]]
    keys: Mapping[str, dict[str, Any]] = field(default_factory=dict)  # body key -> its JSON Schema
    required: tuple[str, ...] = ()
    reply: dict[str, Any] = field(default_factory=lambda: schemas.TAGGED)  # JSON Schema of the reply
    quick: bool = False  # no search (milliseconds): answered on the quick pool, never queued behind a search
    # Reading only (a position of at most ``body_bytes``, a millisecond or so): answered on the event
    # loop itself, no thread to wake and no lock to wait for (a thread's turn at the GIL can wait
    # behind a search thread's on a busy machine).
    inline: bool = False


# ---------------------------------------------------------------- reading what a request carries


def readable(value: Any, name: str) -> Any:
    """A position, view or deal as a request carries it: notation text, JSON text, or a JSON value;
    a ``show/1`` object reads as its position (as the command line reads its arguments, files aside)."""
    if isinstance(value, str):
        text = value.strip()
        if not text.startswith(("{", "[")):
            return text
        value = json_value(text)
    if isinstance(value, dict):
        if value.get("schema") == games.SHOW and isinstance(value.get("position"), dict):
            return value["position"]
        return value
    if isinstance(value, list):
        return value
    raise ParseError(f"{name} must be notation text or a JSON object, not {shown(value)}")


def position_data(call: Call) -> Any:
    """The body's ``position``, as notation text or a decoded JSON object."""
    data = readable(call.body["position"], "position")
    if isinstance(data, list):
        raise ParseError("position must be notation text or a JSON object, not a list")
    return data


def full_position(data: Any) -> tuple[games.GameSpec, Any]:
    """The game and the position of ``data``; a player's view is refused."""
    spec, target = games.read(data)
    if isinstance(target, spec.PlayerView):
        raise ParseError("this needs a full position (dominosolver.position/1), not a player's view")
    return spec, target


def view_of(value: Any) -> tuple[games.GameSpec, Any]:
    """The game and the player's view of a ``view`` key: a dominosolver.view/1 object or a view's
    text (docs/notation.md); as everywhere else (docs/json.md), an object without its "schema" tag too."""
    data = readable(value, "view")
    if not (isinstance(data, dict) and data.get("schema", VIEW) == VIEW) and not games.is_view_text(data):
        raise ParseError(f'view must be a dominosolver.view/1 object (with "schema": "{VIEW}") or a view\'s text '
                         "(seat=...)")
    return games.read_view(data)


def game_and_rules(game: Any, rules: Any) -> tuple[games.GameSpec, dict[str, Any] | None]:
    """The game a request names (``game``, default Texas 42) and its ``rules`` flags as an object:
    ``rules`` is an object of flags or 'flag:value,...' text. A ``family`` flag naming a game names
    the request's game when ``game`` is not given, and must be that game when it is."""
    if rules is None or isinstance(rules, dict):
        flags = rules
    elif isinstance(rules, str):
        flags = flags_of_text(rules) if rules.strip() else None
    else:
        raise ParseError(f"rules must be an object of flags or 'flag:value,...' text, not {shown(rules)}")
    family = (flags or {}).get("family")
    named = games.of_rules(flags) if isinstance(family, str) and family in games.GAMES else None
    spec = games.get(game) if game is not None else named or games.get(games.DEFAULT)
    if named is not None and named is not spec:
        raise ParseError(f"rules flag family:{family} is {named.title}, not {spec.title} (the game asked for): "
                         f"ask for game {shown(named.tag)}, or leave the family out")
    return spec, flags


# ---------------------------------------------------------------- the answers


def games_reply() -> dict[str, Any]:
    """Every registered game: its names, seats, variants and what each endpoint takes of it."""
    return {"schema": "dominosolver.games/1", "games": [
        {
            "tag": spec.tag, "name": spec.name, "title": spec.title, "aliases": list(spec.aliases),
            "seats": [spec.seat_name(s) for s in range(spec.Rules().seats)],
            "variants": list(spec.variants),
            "solve_options": sorted(spec.solve_options),
            "hint_limits": sorted(set(spec.hint_limits) - {"threads"}),  # the server sets threads
            "tables": [kind for kind, make in (("table", spec.table), ("specials", spec.special_table)) if make],
            "bots": list(spec.arena.bots) if spec.arena else [],
            "advise_bid": spec.advise_bid is not None,
            "board": spec.board(),  # what the board draws: the set, declarations, least bid, its choices
        }
        for spec in games.GAMES.values()
    ], "corpus": served_corpus()}


def show(call: Call) -> dict[str, Any]:
    return games.show_json(*games.read(position_data(call)))


def play(call: Call) -> dict[str, Any]:
    spec, pos = full_position(position_data(call))
    if "move" in call.body:
        move = call.body["move"]
        if not isinstance(move, str):
            raise ParseError(f"move must be a move as text (legal_moves lists them), not {shown(move)}")
        pos.play(move)
    return games.show_json(spec, pos)


def solve(call: Call) -> dict[str, Any]:
    data = position_data(call)
    options = call.given("max_nodes", "time", "moves")
    if not isinstance(options.get("moves", False), bool):
        raise ParseError(f"moves must be true or false, not {shown(options['moves'])}")
    games.check_options(games.detect(data), options, lambda s: s.solve_options, "solves")  # before any reading
    spec, target = full_position(data)
    options = call.limits.bound(options, spec.solve_options)
    # A solve that can take long (Bingo's phase one: seconds) stops with the request.
    if spec.engine is None or spec.engine.solver is None:
        stops = "should_stop" in inspect.signature(spec.solve).parameters
        return spec.solve(target, **options, **({"should_stop": call.should_stop} if stops else {})).to_json()
    # The thread's own solver: a fresh table for every request costs ~15% of a 42 solve.
    if spec.tag not in call.kept:
        call.kept[spec.tag] = spec.engine.solver()
    solver = call.kept[spec.tag]
    stops = "should_stop" in inspect.signature(solver.solve).parameters  # a Big Game deal: seconds
    return solver.solve(target, **options, **({"should_stop": call.should_stop} if stops else {})).to_json()


def seen_from(call: Call, what: str) -> tuple[Any, Any]:
    """The game and what a seat sees, as hint and claim take it: a view, or a position (and a seat)."""
    if ("view" in call.body) == ("position" in call.body):
        raise ParseError(f"{what} needs a view, or a position and (optionally) a seat: one of them")
    if "view" in call.body:
        if "seat" in call.body:
            raise ParseError("a view is its own seat's: give no seat with it")
        return view_of(call.body["view"])
    return games.read(position_data(call))


def hint(call: Call) -> dict[str, Any]:
    spec, target = seen_from(call, "hint")
    seat = call.body.get("seat")
    who = None if seat is None else spec.parse_seat(seat)
    options = call.given("samples", "seed", "time", "exact_limit", "weighting", "method", "means", "max_nodes")
    games.check_options(spec, options, lambda s: s.hint_limits, "hints")
    options = call.limits.bound(options, spec.hint_limits)
    if "threads" in spec.hint_limits:
        options["threads"] = call.limits.threads
    return spec.hint(target, who, should_stop=call.should_stop, **options).to_json()


def claim(call: Call) -> dict[str, Any]:
    """The lay-down check: a view (or a position and a seat, as hint takes them) and its goal."""
    spec, target = seen_from(call, "claim")
    if spec.claim is None:
        checked = titles(lambda s: s.claim is not None)
        raise ParseError(f"{spec.title} has no claim check yet (games with one: {checked})")
    seat = call.body.get("seat")
    options = call.limits.bound(call.given("goal", "seed", "time"), {"time"})
    return spec.claim(target, None if seat is None else spec.parse_seat(seat), threads=call.limits.threads,
                      should_stop=call.should_stop, **options).to_json()


def table(call: Call) -> dict[str, Any]:
    data = readable(call.body["deal"], "deal")
    specials = call.body.get("specials", False)
    if not isinstance(specials, bool):
        raise ParseError(f"specials must be true or false, not {shown(specials)}")
    spec = games.detect(data)
    make = spec.special_table if specials else spec.table
    if make is None:
        what = "special-contract" if specials else "double-dummy"
        tabled = titles(lambda s: (s.special_table if specials else s.table) is not None)
        raise ParseError(f"{spec.title} has no {what} table (games with one: {tabled})")
    # The tables that can take long (The Big Game's: seconds a cell) stop with the request.
    stops = "should_stop" in inspect.signature(make).parameters
    return make(data, **({"should_stop": call.should_stop} if stops else {})).to_json()


CORPUS_VARIABLE = "DOMINOSOLVER_SERVE_CORPUS"  # the corpus directory `serve --corpus` answers from; unset: none
CORPUS_QUESTIONS = ("make-rates", "best-declaration", "par")


def served_corpus() -> dict[str, Any] | None:
    """The corpus ``POST /v1/corpus`` answers from (``GET /v1/games``'s ``corpus``): its name, deals,
    and each question's groupings; None when the server serves none."""
    where = os.environ.get(CORPUS_VARIABLE)
    if not where:
        return None
    found = Corpus(where)
    return {"name": found.name, "rows": found.rows,
            "questions": {"make-rates": list(FEATURES), "best-declaration": list(PATTERN_FEATURES), "par": list(PAR_GROUPS)}}


def corpus(call: Call) -> dict[str, Any]:
    """A question answered from the server's corpus of solved deals, as ``corpus query --json`` prints
    it; with ``svg``, a make-rates answer by two features also carries its heat map (``corpus query --svg``)."""
    where = os.environ.get(CORPUS_VARIABLE)
    if not where:
        raise ParseError("this server serves no corpus: start it with `dominosolver serve --corpus DIR`")
    question = call.body["question"]
    if question not in CORPUS_QUESTIONS:
        raise ParseError(f"unknown question {shown(question)}: {', '.join(CORPUS_QUESTIONS)}")
    picture = call.body.get("svg", False)
    if not isinstance(picture, bool):
        raise ParseError(f"svg must be true or false, not {shown(picture)}")
    if picture and question != "make-rates":
        raise ParseError(f"a picture is of make-rates (grouped by two features), not of {question}")
    for key, kind in (("by", str), ("declarations", str), ("bids", list), ("min_n", int)):
        value = call.body.get(key)
        if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
            raise ParseError(f"{key} must be {'text' if kind is str else 'a list' if kind is list else 'a whole number'}, "
                             f"not {shown(value)}")
    found = Corpus(where)
    min_n = call.body.get("min_n") or 1
    if question == "make-rates":
        result = make_rates(found, call.body.get("by") or "doubles,trumps", call.body.get("bids") or [30],
                            call.body.get("declarations") or "suits", min_n)
    elif question == "best-declaration":
        bids = call.body.get("bids") or [30]
        if len(bids) != 1:
            raise ParseError(f"best-declaration takes one bid level, not {shown(bids)}")
        result = best_declarations(found, call.body.get("by") or "doubles,long", bids[0], min_n)
    else:
        result = par_stats(found, call.body.get("by") or "contract")
    if picture:
        return {**result.to_json(), "svg": make_rate_picture(result)}
    return result.to_json()


BID_KEYS = ("hand", "seat", "auction", "rules")  # a hand to advise, when no view is given


def advise_bid(call: Call) -> dict[str, Any]:
    if "view" in call.body:
        others = [k for k in (*BID_KEYS, "game") if k in call.body]
        if others:
            raise ParseError(f"a view brings its own game, hand, seat, auction and rules: give no {', '.join(others)}")
        spec, target = view_of(call.body["view"])
        where: dict[str, Any] = {}
    elif "hand" in call.body:
        spec, flags = game_and_rules(call.body.get("game"), call.body.get("rules"))
        target, where = call.body["hand"], {**call.given("seat", "auction"), **({"rules": flags} if flags else {})}
    else:
        raise ParseError("advise-bid needs a hand (and its seat, auction, rules) or a view in the auction")
    if spec.advise_bid is None:
        bidders = titles(lambda s: s.advise_bid is not None)
        raise ParseError(f"{spec.title} has no auction to advise on (games with one: {bidders})")
    options = call.limits.bound(call.given("samples", "seed", "risk", "mark_risk", "discount", "time"), {"time"},
                                least={"samples": 2})
    return spec.advise_bid(target, **where, **options, threads=call.limits.threads,
                           should_stop=call.should_stop).to_json()


def analyse(call: Call) -> dict[str, Any]:
    record = readable(call.body["record"], "record")
    options = call.given("max_nodes")
    spec = games.detect(record)
    games.check_options(spec, options, lambda s: s.solve_options, "analyses")
    auction = call.body.get("auction", False)
    if not isinstance(auction, bool):
        raise ParseError(f"auction must be true or false, not {shown(auction)}")
    if auction and spec.advise_bid is None:
        raise ParseError(f"auction grades the decisions before play of a game with an auction, not {spec.title}'s")
    # The analyses that can take long (The Big Game's: seconds a play) stop with the request.
    stops = {"should_stop": call.should_stop} if "should_stop" in inspect.signature(spec.grade).parameters else {}
    return grade_record(record, **call.limits.bound(options, ()), **({"auction": True} if auction else {}), **stops)


# A game's request takes its game from the ones the process holds built (call.live) or replays it,
# and puts it back once its reply is made: a request that fails leaves it out (the next replays).


def new_game(call: Call) -> dict[str, Any]:
    spec, flags = game_and_rules(call.body.get("game"), call.body.get("rules"))
    game = BotGame.new(call.games(), spec.tag, rules=flags, **call.given("seat", "seed", "bot"))
    reply = game.reply(call.sealer)
    game.keep_live(call.live)
    return reply


def move(call: Call) -> dict[str, Any]:
    game = BotGame.of_token(call.sealer, call.games(), call.body["token"], call.live)
    reply = game.reply(call.sealer, game.play(call.body["move"]))
    game.keep_live(call.live)
    return reply


def resume(call: Call) -> dict[str, Any]:
    """The game as its latest token left it, no move made: a link or a reload reopens it."""
    game = BotGame.of_token(call.sealer, call.games(), call.body["token"], call.live)
    if game.seen < len(game.state["moves"]):  # a retry's token: its game went on
        raise StaleToken("this token is not the game's latest: reopen the game from the latest reply's token")
    reply = game.reply(call.sealer)
    game.keep_live(call.live)
    return reply


def bot_move(call: Call) -> dict[str, Any]:
    game = BotGame.of_token(call.sealer, call.games(), call.body["token"], call.live)
    reply = game.reply(call.sealer, game.play_bot())
    game.keep_live(call.live)
    return reply


# ---------------------------------------------------------------- the table of endpoints

POSITION_KEY = {"position": schemas.POSITION_ARG}
HINT_OPTIONS = {
    "samples": schemas.integer("worlds to sample when they cannot all be solved", 1),
    "seed": schemas.seed("sampling seed (42 default: a fresh one, reported; Bingo: 0)"),
    "time": schemas.seconds,
    "exact_limit": schemas.integer("enumerate the worlds when at most this many fit", 0),
    "weighting": {"type": "string", "enum": ["uniform", "auction", "play", "auction+play"], "description": "42: how worlds are weighted"},
    "method": {"type": "string", "enum": ["pimc", "infoset"], "description": "42: how a move is judged on the worlds"},
    "means": {"type": "string", "enum": ["tied", "all"],
              "description": "42: value the moves tied for the best chance of the goal (default), or every move"},
    "max_nodes": schemas.integer("Bingo: node budget per world", 1),
}

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint("show", "A position with its legal moves and facts (validates a position as it is built)", show,
             POSITION_KEY, ("position",), schemas.one_of(schemas.TAGGED, schemas.ref("view")), quick=True, inline=True),
    Endpoint("play", "The legal moves of a position, or the position after a move", play,
             {**POSITION_KEY, "move": {"type": "string", "description": "a legal move, as legal_moves lists it"}},
             ("position",), quick=True, inline=True),
    Endpoint("solve", "Solve a position exactly: its value, every legal move's value, a best line", solve,
             {**POSITION_KEY, "max_nodes": HINT_OPTIONS["max_nodes"], "time": schemas.seconds,
              "moves": {"type": "boolean", "description": "42: false for the value and a best line only, "
                                                          "no move's value (a third of the time)"}}, ("position",)),
    Endpoint("hint", "Every legal move scored from one player's view", hint,
             {"view": schemas.VIEW_ARG, **POSITION_KEY, "seat": schemas.SEAT, **HINT_OPTIONS}, (),
             schemas.one_of(schemas.ref("hint"), schemas.EXCHANGE)),
    Endpoint("claim", "The lay-down check: can the seat's side claim the rest (or its contract) whatever the "
                      "hidden hands? Every world the view allows, solved", claim,
             {"view": schemas.VIEW_ARG, **POSITION_KEY, "seat": schemas.SEAT,
              "goal": {"type": "string", "enum": ["rest", "contract"],
                       "description": "every remaining trick (default), or making (setting) the contract"},
              "seed": schemas.seed("the draw's seed when too many worlds fit to solve them all"),
              "time": schemas.seconds}),
    Endpoint("table", "A deal's double-dummy (or special-contract) table", table,
             {"deal": {"description": "'hands=...', four hands, or a position"},
              "specials": {"type": "boolean"}}, ("deal",)),
    Endpoint("advise-bid", "Bidding advice for a hand, or for a view in the auction", advise_bid,
             {"game": schemas.GAME, "hand": {"description": "'66.65.64.62.55.33.10' or a list of tiles"},
              "seat": schemas.SEAT, "auction": {"description": "'pass,30' or a list of bids, from the dealer's left"},
              "rules": {"description": "rules flags: an object, or 'flag:value,...' text"},
              "view": schemas.VIEW_ARG, "samples": schemas.integer("deals to sample", 2), "seed": HINT_OPTIONS["seed"],
              "risk": schemas.probability, "mark_risk": schemas.probability, "discount": schemas.integer("points off", 0),
              "time": schemas.seconds}),
    Endpoint("analyse", "Grade every play of a recorded hand, deal or game against perfect play", analyse,
             {"record": {"type": "object", "description": "a hand, deal or game of play --json, "
                                                           "{position, plays}, or a position with a history"},
              "max_nodes": HINT_OPTIONS["max_nodes"],
              "auction": {"type": "boolean", "description": "42: grade each call and the declaration too, in "
                                                            "expected marks (analyse --auction)"}}, ("record",)),
    Endpoint("new-game", "Start a game against the bots from one seat", new_game,
             {"game": schemas.GAME, "seat": schemas.SEAT, "seed": schemas.seed("the deals' seed (default: one kept secret)"),
              "rules": {"description": "rules flags: an object, or 'flag:value,...' text"},
              "bot": {"type": "string", "description": "one of the game's bots (GET /v1/games)"}}, (), schemas.BOTGAME,
             quick=True),
    Endpoint("move", "The human's move in a game against the bots", move,
             {"token": schemas.TOKEN, "move": {"type": ["string", "integer"], "description": "one of legal_moves"}},
             ("token", "move"), schemas.BOTGAME, quick=True),
    Endpoint("bot-move", "The next bot's move in a game against the bots", bot_move, {"token": schemas.TOKEN},
             ("token",), schemas.BOTGAME),
    Endpoint("game", "A game against the bots as its latest token left it (a link reopens it)", resume,
             {"token": schemas.TOKEN}, ("token",), schemas.BOTGAME, quick=True),
    Endpoint("corpus", "A question answered from the server's corpus of solved deals (serve --corpus; docs/corpus.md)",
             corpus,
             {"question": {"type": "string", "enum": list(CORPUS_QUESTIONS)},
              "by": {"type": "string", "description": "features to group by, comma-separated (corpus query --by)"},
              "bids": {"type": "array", "items": {"type": "integer"},
                       "description": "bid levels: 30..41, or a mark bid for every trick (default [30])"},
              "declarations": {"type": "string", "description": "make-rates: suits, all, or a list such as '4,doubles'"},
              "min_n": schemas.integer("leave out smaller groups", 1),
              "svg": {"type": "boolean", "description": "make-rates by two features: add the first bid's make rates "
                                                        "as an SVG heat map (corpus query --svg) under svg"}},
             ("question",)),
)


def status(searches: Mapping[str, int], quick: Mapping[str, int]) -> dict[str, Any]:
    """This worker process's pools: the searches' counts at the top, the quick requests' under ``quick``."""
    return {"schema": "dominosolver.status/1", **searches, "quick": dict(quick), "pid": os.getpid()}
