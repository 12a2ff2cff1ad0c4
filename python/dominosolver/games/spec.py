"""One game's row in the registry (``GameSpec``): what every game has (its identity, how its rules,
positions and views read, its solve and hint, its records and deals), and beside it the kits a front
end asks for by name, each ``None`` where the game lacks it: ``render`` (the terminal), ``pictures``
(SVG), ``batch`` (``analyse -o``), ``engine`` (the engine's ``go`` and the server's pool), ``human``
(``play --human`` and the board's bot games) and ``arena``. A row holds the game's classes and
functions; the game's own code stays in its package (``dominosolver.texas42``, ``dominosolver.bingo``)
and its adapter (``games/family42.py``, ``games/bingo.py``) fits it to these fields; ``games.kit``
fetches a kit or says which games have it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..arena import Arena
from ..render.kit import Notation, PicturesKit, Renderables, RenderKit, legend
from ..result import SolveResult
from ..tiles import Tile

__all__ = ["KITS", "BatchKit", "EngineKit", "GameSpec", "HumanKit", "Notation", "PicturesKit", "RenderKit", "legend",
           "refusal"]

# RenderKit and PicturesKit, the kits a game's renderers fill in, are dominosolver.render's (render/kit.py).
# Each kit of a row by what messages call it: "Bingo has no terminal rendering" (games.kit).
KITS = {"render": "terminal rendering", "pictures": "pictures", "batch": "batch analysis",
        "engine": "engine", "human": "play against bots", "arena": "arena"}


@dataclass(frozen=True)
class BatchKit:
    """A game's part of batch analysis (``dominosolver analyse -o``, batch.py)."""

    task_of: Callable[[Any], str]  # the task a record asks for: solve, table, hint or grade
    tasks: Mapping[str, Callable[[Any, int, dict[str, Any]], dict[str, Any]]]  # (record, seed, options) -> result
    arrays: Callable[[str, list[dict[str, Any]]], dict[str, np.ndarray]]  # a task's results as numbers (.npz)


@dataclass(frozen=True)
class HumanKit:
    """A game's part of ``dominosolver play --human`` (cli/human.py): the bots at the other seats,
    its finished hands, and advice for a seat at any point of the game (its record is
    ``GameSpec.record``). The game object itself
    (``GameSpec.Game``: ``legal_moves``, ``play``, ``undo``, ``view``) says what is legal."""

    bot: Callable[[int], Any]  # seed -> a bot whose .choose(game) picks a legal move from its seat's view
    hands: Callable[[Any], list[dict[str, Any]]]  # its finished hands (deals), as in its record
    grade: Callable[[dict[str, Any]], dict[str, Any] | None]  # one of them graded (analysis/1); None: thrown in
    advise: Callable[[Any, float], Renderables]  # (a seat's view, seconds) -> advice on its move, in any phase
    # What the board prints for a game's legal moves and trump (``(game, moves, view JSON)`` ->
    # {"moves": {move: words}, "trump": name}), where they have other words than their notation
    move_names: Callable[[Any, list[str], dict[str, Any]], dict[str, Any]] | None = None


@dataclass(frozen=True)
class EngineKit:
    """A game's part of the engine (engine/server.py) and of the server's solving pool."""

    go: Callable[..., dict[str, Any]]  # the engine's answer to go
    count_worlds: Callable[[Any], int | None]  # deals that fit a view (None: no play to sample for)
    worlds: Callable[[Any, int, int], list[Any]]  # (view, n, seed) -> n positions drawn to fit the view
    # A solver for one long-lived thread (the server's pool): ``solver().solve(position, **solve_options)``
    # answers as ``solve`` does but for its node count, its table kept from one call to the next.
    solver: Callable[[], Any] | None = None


@dataclass(frozen=True)
class GameSpec:
    """A game as the front ends see it. Options and limits use one vocabulary across games
    (``samples``, ``seed``, ``time``, ``exact_limit``, ``threads``, ``weighting``, ``method``, ``means``, ``max_nodes``);
    each game says which it takes, and ``notes`` why it has no use for another game's."""

    tag: str  # the "game" tag of its JSON: "texas42"
    name: str  # what messages call it: "42"
    title: str  # what headings call it: "Texas 42"
    aliases: tuple[str, ...]  # other words for it: a notation's leading word, `dominosolver play 42`
    Position: type
    PlayerView: type
    Game: type
    Rules: type
    seat_name: Callable[[int], str]  # "N", "player 0"
    parse_seat: Callable[[Any], int]  # a seat as a user writes it -> its number (ParseError otherwise)
    facts: Callable[[Any], dict[str, Any]]  # what follows from a position: to_move, legal_moves... (show --json)
    solve: Callable[..., SolveResult]  # solve(position, **solve_options)
    solve_options: frozenset[str]
    hint: Callable[..., Any]  # hint(position or view, seat=None, **hint_limits) -> a hint with .best, .to_json()
    # The limits its hint takes, each with the number the hint uses when it is not given ({"samples":
    # 200, "exact_limit": 2000, "seed": None, ...}; None: no one number, such as a fresh seed or a method)
    hint_limits: Mapping[str, int | None]
    notes: Mapping[str, str]  # option -> why this game does without it
    grade: Callable[..., dict[str, Any]]  # grade(record, **options) -> analysis/1 or gameanalysis/1
    play: Callable[..., dict[str, Any]]  # (seed, rules=None): a whole game between bots, as its JSON record
    record: Callable[[Any], dict[str, Any]]  # a Game's record so far, as `play --json` prints it (no seed)
    variants: tuple[str, ...]  # the contracts or rule sets a deal can be played under
    deal: Callable[[int, str], Any]  # (seed, variant) -> a fresh deal's position
    places: Callable[[Any], dict[str, tuple[Tile, ...]]]  # where the tiles of a dealt position are: each once
    ledger: Callable[[Any], dict[str, int]]  # totals the rules keep constant through a deal
    revealed: Callable[[Any, int], frozenset[Tile]]  # tiles of other hands the rules have shown a seat
    # What the web board draws of it (GET /v1/games' "board"): ``tiles`` of its set, ``declarations``
    # ([{"trump", "name"}]), ``min_bid``, ``left_over`` ("none", "widow", "undealt"), ``hand_points``,
    # ``hand_tricks``, and the board's few choices: ``boneyard`` (a place for tiles in no hand),
    # ``opening_bid`` (an empty position starts with the least bid made), ``chance`` (what a hint's
    # probability is of: "P(make)"), ``auction_grades`` (an analysis grades the calls too)
    board: Callable[[], dict[str, Any]]
    table: Callable[[Any], Any] | None = None  # a double-dummy table of a deal, where the game has one
    special_table: Callable[[Any], Any] | None = None  # its special-contract table, where it has one
    solves: Callable[[Any], bool] | None = None  # whether `solve` values a position (None: every one)
    advise_bid: Callable[..., Any] | None = None  # bidding advice (`advise-bid`), where the game has an auction
    # The lay-down check, where the game has one: claim(position or view, seat=None, goal=..., seed=...,
    # time=..., threads=..., should_stop=...) -> an answer with .to_json() (texas42/claim.py)
    claim: Callable[..., Any] | None = None
    # The kits (KITS), each None where the game lacks it
    render: RenderKit | None = None  # how its objects look on a terminal
    pictures: PicturesKit | None = None  # how they look as SVG
    batch: BatchKit | None = None  # its part of `dominosolver analyse -o`
    engine: EngineKit | None = None  # its part of the engine (go) and of the server's pool
    human: HumanKit | None = None  # its part of `dominosolver play --human` and the board's bot games
    arena: Arena | None = None  # its part of `dominosolver arena`: bots, a deal played and scored

    def __repr__(self) -> str:
        return f"games.get({self.tag!r})"


def refusal(view: Any, legal: list[Any], move: Any, error: Exception) -> str:
    """Why a person's move was refused, without telling where a hidden tile lies: the game knows
    every hand ("6-6 is in player 1's hand", "belongs to seat 3 (W)"), the person only their own
    (``view``), so a tile they do not hold, while tiles are what they may play, is refused as that."""
    try:
        tile = Tile(str(move))
    except ValueError:
        return str(error)
    hand = getattr(view, "hand", None)
    playing = any(getattr(m, "kind", None) in ("tile", "discard") for m in legal)
    return f"you do not hold {tile}" if hand is not None and playing and tile not in hand else str(error)
