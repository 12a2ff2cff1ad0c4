"""Exact double-dummy analysis of 42 positions: values of every move, principal variations,
double-dummy tables, graded play sequences and batches. The search runs in C++ with the GIL
released; each Solver owns its transposition table."""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, NamedTuple, Union

import numpy as np

from types import SimpleNamespace

from .. import _core
from ..arguments import callback, node_budget, perf_deadline, switch, table_megabytes, thread_count, tile_sequence
from ..errors import ParseError, SearchLimitError, counted, json_type, shown
from ..io import json_value
from ..plain import PlainArrays
from ..result import SolveResult
from ..stoppable import Abandoned, stoppable
from ..tiles import Tile, bits_of, mask_of
from .plays import parse_play, play_of
from .position import Position
from .notation import TAGS
from .rules import STANDARD, Rules

__all__ = ["Solver", "solve", "dd_table", "DDTable", "special_table", "SpecialTable", "analyse_play", "PlayGrade", "projected_totals", "projection", "solve_batch", "BatchResult", "reach_batch", "ReachResult", "as_position"]

PositionLike = Union[Position, dict, str]
# A search of more tricks than this may take seconds (a whole deal of The Big Game): it runs where
# Ctrl-C can leave it at once (stoppable.py), and a batch of them goes to the core a few at a time.
LONG_TRICKS: int = _core.decisions.hint.LONG_TRICKS  # texas42/decisions.hpp's, the WebAssembly module's too
POSITION_SCHEMA = "dominosolver.position/1"


def as_position(obj: PositionLike) -> Position:
    """A Position from a Position, a position/1 JSON object or string, or the one-line notation."""
    return Position.read(obj, "Texas 42")


class Solver:
    """A double-dummy solver with its own transposition table of ``tt_mb`` megabytes, kept across
    calls (positions of the same deal share entries)."""

    def __init__(self, tt_mb: int = 64) -> None:
        self.tt_mb = table_megabytes(tt_mb)
        try:
            self._solver = _core.texas42.Solver(tt_mb)
        except MemoryError:
            raise ParseError(f"tt_mb={tt_mb}: this machine cannot allocate a table that large") from None

    def __repr__(self) -> str:
        return f"Solver(tt_mb={self.tt_mb})"

    def _long(self, call: Callable[[Any], Any], should_stop: Callable[[], bool] | None = None) -> Any:
        """``call(core solver)`` where Ctrl-C or ``should_stop`` can leave it at once (``stoppable``):
        if either does, the call runs on to its end on the old core solver and this one gets a new
        table; a stop request raises SearchLimitError."""
        solver = self._solver
        try:
            return stoppable(lambda: call(solver), should_stop, on_abandon=solver.request_stop)
        except BaseException as e:
            self._solver = _core.texas42.Solver(self.tt_mb)
            if isinstance(e, Abandoned):
                raise SearchLimitError("stopped on request before the search ended") from None
            raise

    def solve(self, position: PositionLike, *, moves: bool = True, pv: bool = True, max_nodes: int = 0,
              should_stop: Callable[[], bool] | None = None) -> SolveResult:
        """Every legal move's exact value (``moves``) and the principal variation (``pv``). A long
        solve (The Big Game's whole deal: seconds) ends at Ctrl-C or once ``should_stop`` answers
        true (SearchLimitError), its search asked to stop. ``max_nodes`` > 0 bounds the search in
        nodes: cut short, ``value`` is None, ``moves`` holds the moves valued exactly by then,
        ``extra["complete"]`` is False, ``extra["unsolved"]`` lists the others and
        ``extra["warnings"]`` says so (as a Bingo solve's)."""
        pos = as_position(position)
        moves, pv = switch(moves, "moves"), switch(pv, "pv")
        callback(should_stop)
        budget = node_budget(max_nodes)
        if pos.tricks_left > LONG_TRICKS:  # seconds of work: Ctrl-C or a stop request leaves it at once
            out = self._long(lambda solver: solver.solve(pos._pos, moves, pv, budget), should_stop)
        else:
            out = self._solver.solve(pos._pos, moves, pv, budget)  # a hand over: value 0, no move
        values = {str(play_of(t)): v for t, v in sorted(out.moves, key=lambda m: (-m[1], -play_of(m[0]).tile.id, m[0]))}
        extra: dict[str, Any] = {}
        if not out.complete:  # the node budget ran out: what is proven, and what is not
            warning = f"the search stopped at its budget of {budget:,} nodes: {counted(len(values), 'move')} valued, the value unknown"
            extra = {"complete": False, "unsolved": [str(m) for m in pos.legal_moves if str(m) not in values],
                     "warnings": [warning]}
        value = out.value if out.complete else None
        return SolveResult(
            game=pos.game,
            pov=pos.team_to_move,
            value=value,  # type: ignore[arg-type]
            moves=values,
            best=[m for m, v in values.items() if v == value],
            pv=[str(play_of(t)) for t in out.pv] if out.complete else [],
            nodes=out.nodes,
            equivalent=[[str(p) for p in sorted(map(play_of, g), reverse=True)] for g in out.equivalent],
            extra=extra,
            units=out.units,
            makes=out.makes if out.complete else None,
        )

    def value(self, position: PositionLike) -> int:
        """The exact value for the team to move (cheaper than ``solve``), in the position's
        ``units``: points, or tricks under a contract that must take every trick."""
        return self._solver.value(as_position(position)._pos)

    def can_reach(self, position: PositionLike, target: int, max_nodes: int = 0) -> bool | None:
        """Can the team to move take at least ``target`` points (tricks, in a position whose
        ``units`` are tricks) from the current trick on? One zero-window search. With a node budget
        (``max_nodes`` > 0) None when it ran out before the answer."""
        if not isinstance(target, int) or isinstance(target, bool):
            raise ParseError(f"target must be a whole number of points or tricks, not {shown(target)}")
        max_nodes = node_budget(max_nodes)
        # Beyond 0..all the points the answer is known; the core takes a C int.
        return self._solver.can_reach(as_position(position)._pos, max(0, min(target, 10_000)), max_nodes)

    def reaches_after(self, position: PositionLike, target: int, max_nodes: int = 0) -> dict[str, bool | None]:
        """For each legal play: can the team to move still take at least ``target`` points from the
        current trick on after it? One zero-window test per group of interchangeable plays (about a
        third of every move's value). Points only: a contract in tricks raises InvalidPositionError.
        With a node budget (``max_nodes`` > 0), None for the plays not answered when it ran out."""
        if not isinstance(target, int) or isinstance(target, bool):
            raise ParseError(f"target must be a whole number of points, not {shown(target)}")
        out = self._solver.reaches_after(as_position(position)._pos, max(-1, min(target, 10_000)), node_budget(max_nodes))
        return {str(play_of(t)): None if r < 0 else bool(r) for t, r in out}

    def dd_table(self, deal: Any, rules: Rules | None = None, *,
                 should_stop: Callable[[], bool] | None = None,
                 on_progress: Callable[[int, int], None] | None = None) -> DDTable:
        """The deal's table; ``rules`` default to those the deal carries (a position or a JSON
        object with "rules"), else standard 42. The Big Game's (36 solves of up to seconds each)
        ends within a fraction of a second of Ctrl-C or ``should_stop`` (SearchLimitError), and
        tells ``on_progress(cells done, cells)`` after each cell; 42's takes a fraction of a second
        whole (``on_progress`` told once, at the end)."""
        hands, rules = table_deal(deal, rules, "dd_table")
        callback(should_stop)
        callback(on_progress, "on_progress")
        masks = [mask_of(h) for h in hands]
        if rules.hand_size > LONG_TRICKS:  # The Big Game: 36 solves of seconds each; Ctrl-C leaves them at once
            grid, nodes = self._table_in_steps(rules, masks, should_stop, on_progress)
        else:
            grid, nodes = self._solver.dd_table(rules._core, masks)
            if on_progress is not None:
                cells = len(rules.table_declarations) * rules.seats
                on_progress(cells, cells)
        return DDTable(hands=hands, declarations=list(rules.table_declarations), points=np.array(grid, dtype=np.int16), nodes=nodes,
                       rules=rules)

    def _table_in_steps(self, rules: Rules, masks: list[int], should_stop: Callable[[], bool] | None = None,
                        on_progress: Callable[[int, int], None] | None = None) -> tuple[list[list[int]], int]:
        """The core's ``dd_table``, a cell a call (``_long``: Ctrl-C leaves the cell under way), on
        the same solver with the same first guesses, so the same table: each declaration (rows) and
        declarer (columns), the declarer leading; partners often take about the same, and the other
        side about what the first declarer's opponents took."""
        hands = [bits_of(m) for m in masks]
        grid: list[list[int]] = []
        nodes = 0
        cells = len(rules.table_declarations) * rules.seats
        for trump in rules.table_declarations:
            row: list[int] = []
            for declarer in range(rules.seats):
                partner = rules.partner_of(declarer)
                guess = (row[partner] if partner is not None and 0 <= partner < declarer
                         else rules.hand_points - row[0] if declarer > 0 else -1)
                position = _core.texas42.Position(rules._core, str(trump), hands, declarer, [])
                value, spent = self._long(lambda solver, p=position, g=guess: (solver.value(p, g), solver.nodes),
                                          should_stop)
                row.append(value)
                nodes += spent
                if on_progress is not None:
                    on_progress(len(grid) * rules.seats + len(row), cells)
            grid.append(row)
        return grid, nodes

    def special_table(self, deal: Any, rules: Rules | None = None) -> SpecialTable:
        """The deal's special-contract table (see ``special_table``)."""
        hands, rules = table_deal(deal, rules, "special_table")
        masks = [mask_of(h) for h in hands]
        grid, may_bid, nodes = _core.texas42.every_trick_table(self._solver, rules._core, masks)
        contracts, makes, more_nodes = _core.texas42.declarer_table(self._solver, rules._core, masks)
        return SpecialTable(hands=hands, declarations=list(rules.table_declarations),
                            every_trick=np.array(grid, dtype=bool), may_bid={k: list(v) for k, v in may_bid.items()},
                            nodes=nodes + more_nodes, rules=rules, contracts=list(contracts),
                            makes=np.array(makes, dtype=bool).reshape(len(contracts), len(hands)))

    @property
    def nodes(self) -> int:
        """Nodes searched by the last solve."""
        return self._solver.nodes

    @property
    def table_bytes(self) -> int:
        return self._solver.table_bytes


def table_size_for(tricks_left: int) -> int:
    """A table (MB) big enough for a search of this many tricks: fresh memory costs time to touch,
    so small endgames get small tables."""
    return 1 if tricks_left <= 3 else 8 if tricks_left <= 5 else 64


def solve(position: PositionLike, *, moves: bool = True, pv: bool = True, tt_mb: int | None = None,
          max_nodes: int = 0, should_stop: Callable[[], bool] | None = None) -> SolveResult:
    """Solve one position: its value for the team to move, every legal tile's value (unless
    ``moves`` is false: a third of the time, ``moves`` and ``best`` left empty), a PV (unless
    ``pv`` is false). ``tt_mb`` defaults to a size fitted to the tricks left (at most 64 MB).
    ``max_nodes`` and ``should_stop``: see ``Solver.solve`` (a whole deal of The Big Game takes
    seconds)."""
    pos = as_position(position)
    solver = Solver(table_size_for(pos.tricks_left) if tt_mb is None else tt_mb)
    return solver.solve(pos, moves=moves, pv=pv, max_nodes=max_nodes, should_stop=should_stop)


# ---------------------------------------------------------------- double-dummy tables


@dataclass(frozen=True, repr=False, eq=False)
class DDTable(PlainArrays):
    """Points the declaring team takes for each declaration (rows) and declarer seat (columns),
    the declarer leading trick 1. Its repr is Python that evaluates back equal (``points`` as lists)."""

    _arrays: ClassVar[dict[str, Any]] = {"points": np.int16}

    hands: list[list[Tile]]
    declarations: list[int | str]
    points: np.ndarray  # shape (declarations, seats)
    nodes: int = 0  # search nodes of the 36 solves
    rules: Rules = field(default_factory=Rules)

    def __getitem__(self, key: tuple[int | str, int | str]) -> int:
        decl, seat = key
        seat_i = self.rules.parse_seat(seat)
        return int(self.points[self.declarations.index(decl), seat_i])

    def __str__(self) -> str:
        lines = [f"{'declaration':<12}" + "".join(f"{s:>4}" for s in self.rules.seat_names)]
        for d, row in zip(self.declarations, self.points):
            name = declaration_name(d)
            lines.append(f"{name:<12}" + "".join(f"{v:4d}" for v in row))
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": "dominosolver.ddtable/1",
            "game": self.rules.family,
            "hands": [[str(t) for t in h] for h in self.hands],
            "declarations": self.declarations,
            "seats": list(self.rules.seat_names),
            "points": self.points.tolist(),
            **({"rules": self.rules.game_flags} if self.rules.game_flags else {}),  # "game" names the family
        }


_NUMBER_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights")


def declaration_name(trump: int | str) -> str:
    """How tables head a declaration: "fours", "doubles", "follow-me" (a named row by its name)."""
    return {"none": "follow-me"}.get(trump, trump) if isinstance(trump, str) else _NUMBER_NAMES[trump]


def dd_table(deal: Any, rules: Rules | None = None, *, tt_mb: int = 64,
             should_stop: Callable[[], bool] | None = None,
             on_progress: Callable[[int, int], None] | None = None) -> DDTable:
    """The double-dummy table of a deal: 9 declarations x 4 declarer seats (36 exact solves).
    ``deal`` is 'hands=66.64.../.../.../...', four lists of tiles, their JSON, or a position (a
    Position, its notation or JSON: the table is of its whole deal). ``should_stop`` and
    ``on_progress``: see ``Solver.dd_table``."""
    return Solver(tt_mb).dd_table(deal, rules, should_stop=should_stop, on_progress=on_progress)


@dataclass(frozen=True, repr=False, eq=False)
class SpecialTable(PlainArrays):
    """For each declaration (rows) and declarer seat (columns): does the declarer's side, its
    partner naming the declaration and leading trick 1, take all the tricks, as Plunge and Splash
    must (docs/rules.md §3.4-3.5)? ``may_bid`` says which seats hold the doubles to bid each.
    ``contracts`` are the declarations the rules offer that set a contract of their own in tricks
    (Nel-O in each doubles mode, Sevens: §3.3, §3.6), and ``makes`` says for each (rows) and
    declarer seat (columns) whether the declarer, declaring it on a mark bid and leading, makes it."""

    hands: list[list[Tile]]
    declarations: list[int | str]
    every_trick: np.ndarray  # bool, shape (declarations, seats)
    may_bid: dict[str, list[bool]]  # bid kind -> per seat
    nodes: int = 0
    rules: Rules = field(default_factory=Rules)
    contracts: list[str] = field(default_factory=list)
    makes: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), dtype=bool))  # bool, (contracts, seats)

    _arrays: ClassVar[dict[str, Any]] = {"every_trick": bool, "makes": bool}

    def _array_shape(self, name: str) -> tuple[int, ...] | None:
        return (len(self.contracts), len(self.hands) or 4) if name == "makes" else (len(self.declarations), len(self.hands))

    def __getitem__(self, key: tuple[int | str, int | str]) -> bool:
        decl, seat = key
        seat_i = self.rules.parse_seat(seat)
        return bool(self.every_trick[self.declarations.index(decl), seat_i])

    def made(self, seat: int | str) -> list[str]:
        """The contracts (Nel-O's doubles modes, Sevens) ``seat`` makes declaring them itself."""
        seat_i = self.rules.parse_seat(seat)
        return [c for c, row in zip(self.contracts, self.makes) if row[seat_i]]

    def winning(self, seat: int | str) -> list[int | str]:
        """The declarations with which ``seat``'s partner takes every trick for ``seat``'s bid."""
        seat_i = self.rules.parse_seat(seat)
        return [d for d, row in zip(self.declarations, self.every_trick) if row[seat_i]]

    def __str__(self) -> str:
        lines = [f"{'declaration':<12}" + "".join(f"{s:>4}" for s in self.rules.seat_names)]
        for d, row in zip(self.declarations, self.every_trick):
            lines.append(f"{declaration_name(d):<12}" + "".join(f"{'all' if v else '-':>4}" for v in row))
        for kind, seats in self.may_bid.items():
            lines.append(f"{kind:<12}" + "".join(f"{'may' if v else '-':>4}" for v in seats))
        if self.contracts:  # declared by the seat itself: does it make?
            lines.append(f"{'declarer':<12}" + "".join(f"{s:>4}" for s in self.rules.seat_names))
            for c, row in zip(self.contracts, self.makes):
                lines.append(f"{c:<12}" + "".join(f"{'yes' if v else 'no':>4}" for v in row))
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": "dominosolver.specialtable/1",
            "game": self.rules.family,
            "hands": [[str(t) for t in h] for h in self.hands],
            "declarations": self.declarations,
            "seats": list(self.rules.seat_names),
            "every_trick": self.every_trick.tolist(),
            "may_bid": {k: list(v) for k, v in self.may_bid.items()},
            "contracts": self.contracts,
            "makes": self.makes.tolist(),
            **({"rules": self.rules.game_flags} if self.rules.game_flags else {}),  # "game" names the family
        }


def special_table(deal: Any, rules: Rules | None = None, *, tt_mb: int = 64) -> SpecialTable:
    """The special-contract table of a deal (the deal as ``dd_table`` reads it): for every declarer
    seat and declaration, whether a Plunge or Splash by that seat, its partner naming the
    declaration, takes all the tricks with perfect play; and, for the declarations the rules offer
    that set a contract in tricks (Nel-O's doubles modes, Sevens), whether each seat makes it
    declaring it on a mark bid and leading (one zero-window search a cell)."""
    return Solver(tt_mb).special_table(deal, rules)


def table_deal(deal: Any, rules: Any, table: str) -> tuple[list[list[Tile]], Rules]:
    """The whole deal and rules of ``dd_table`` or ``special_table`` (``table``), refused by name
    for a game that has no such table: bids of tricks have no declaration played for points (their
    table is Moon's ``moon_table``), and only a game with 42's special contracts has their table."""
    hands, rules = whole_deal(deal, Rules.argument(rules))
    if table == "dd_table" and not rules.table_declarations:
        raise ParseError(f"{rules.title} is bid in tricks: no declaration of it is played for points, so it has no "
                         "dd_table; its table of the tricks each bidder takes is dominosolver.moon.moon_table(deal)")
    if table == "special_table" and not rules.row.special_contracts:
        raise ParseError(f"{rules.title} has no special contracts (Plunge, Splash, Sevens, Nel-O: docs/rules.md §3), "
                         "so it has no special_table")
    return hands, rules


def whole_deal(deal: Any, rules: Rules | None, default: Rules = STANDARD) -> tuple[list[list[Tile]], Rules]:
    """The hands of a whole deal and its rules (``rules``, else those the deal carries, else
    ``default``: standard 42, or a Moon family's); a part deal is refused."""
    hands, deal_rules = _read_deal(deal, rules or default)
    rules = rules or deal_rules or default
    full = rules.hand_tricks
    for seat, hand in enumerate(hands):
        if len(hand) != full:  # part hands would give a table nobody can play for
            raise ParseError(
                f"a table needs the whole deal, but hand {rules.seat_names[seat]} holds {counted(len(hand), 'tile')}, not {full}: "
                f"give the {rules.seats} hands as dealt (every tile of the set once)"
            )
    return hands, rules


def _read_deal(deal: Any, default: Rules) -> tuple[list[list[Tile]], Rules | None]:
    """The hands of a deal, and the rules it carries (a position's, a JSON object's "game" and
    "rules", or the text's leading word: ``moon hands=...``); ``default`` rules say how many hands
    a deal without rules has."""
    if isinstance(deal, Position):
        # A table is of the whole deal: go back to the start of the hand through the record.
        start = deal.copy()
        while start.plays:
            start.undo()
        if start.tricks_left != start.rules.hand_tricks:  # a full hand of the set
            raise ParseError(
                f"a table needs the whole deal, but this position holds {counted(start.tricks_left, 'tile')} a hand "
                f"and records no earlier tricks: give the {start.rules.seats} hands as dealt"
            )
        return [list(h) for h in start.hands], deal.rules
    rules = None
    if isinstance(deal, str):
        text = deal.strip()
        tag, _, rest = text.partition(" ")
        if tag in TAGS and rest.strip().startswith("hands="):  # 'moon hands=...': the family's deal
            rules, text = Rules.of_game(TAGS[tag]), rest.strip()
        json_text = text.startswith(("{", "["))
        if not json_text and ("=" in text and not text.startswith("hands=") or len(text.split()) > 1):
            # Position notation ('trump=4 leader=N hands=...', or 'hands=... trump=4'), as the `table` command reads it.
            return _read_deal(Position(deal.strip()), default)
        if json_text:
            deal = json_value(text)
        else:
            deal = [[] if h in ("", "-") else h.split(".") for h in text.removeprefix("hands=").split("/")]
    if isinstance(deal, dict) and (deal.get("schema") == POSITION_SCHEMA or "trump" in deal):
        return _read_deal(Position.from_json(deal), default)  # a position's JSON: its whole deal
    if isinstance(deal, dict):
        if "rules" in deal or "game" in deal:
            rules = Rules.of_record(deal)
        deal = deal.get("hands")
    seats = (rules or default).seats
    if not isinstance(deal, (list, tuple)) or len(deal) != seats or not all(isinstance(h, (list, tuple)) for h in deal):
        form = "/".join(["66.64..."] + ["..."] * (seats - 1))
        raise ParseError(f"a deal is {seats} hands: 'hands={form}' or a list of {seats} lists of tiles")
    return [[Tile(t) for t in h] for h in deal], rules


# ---------------------------------------------------------------- grading a sequence of plays


class PlayGrade(NamedTuple):
    seat: int
    tile: Tile
    before: int  # value for the player's team before the play
    after: int  # value for the same team after it
    cost: int  # points (tricks, in a position whose units are tricks) the play gave away (0 = a perfect play;
    # in Nel-O, where every seat plays to take none, the tricks it took on beyond perfect play)
    # In tricks (a contract of every trick or none): whether the declaring side makes with perfect
    # play before and after the play, and whether the player's side declared (else None).
    makes_before: bool | None = None
    makes_after: bool | None = None
    declaring: bool | None = None
    # A costly play's best plays, those that kept ``before`` (None for a play of no cost: it was one).
    best: tuple[str, ...] | None = None

    @property
    def team(self) -> str:
        return Rules().team_of(self.seat)  # a grade knows no table: the standard one's names

    @property
    def goal_cost(self) -> int | None:
        """In tricks, the play's cost in P(make) for its side's goal, 0 or 1 with every hand known: 1
        when it turned a make into a set (a declaring side's play) or a set into a make (a
        defender's), the costly plays of an all-or-nothing contract; None in points."""
        if self.makes_before is None or self.makes_after is None:
            return None
        lost = self.makes_before and not self.makes_after
        gave = self.makes_after and not self.makes_before
        return int(lost if self.declaring else gave)


def taken(pos: Position, team: int) -> int:
    """What ``team`` has taken so far, in the position's units (points, or tricks)."""
    return pos.tricks_won[team] if pos.units == "tricks" else pos.points[team]


def still_to_take(pos: Position) -> int:
    """What both sides still take from the current trick on, in the position's units."""
    return pos.tricks_left if pos.units == "tricks" else pos.remaining_points


def analyse_play(position: PositionLike, plays: Iterable[Tile | str], *, tt_mb: int | None = None,
                 should_stop: Callable[[], bool] | None = None) -> list[PlayGrade]:
    """Grade each play of a sequence from ``position``: the value before and after it for the
    player's team, and what it cost against perfect play (points a completed trick banks count
    for the team that took them). ``plays`` is a list of tiles or one string of them ('64 44').
    ``should_stop`` is asked before each play's grade: SearchLimitError once it answers true."""
    pos = as_position(position).copy()
    plays = tile_sequence(plays, "plays")
    callback(should_stop)
    solver = Solver(table_size_for(pos.tricks_left) if tt_mb is None else tt_mb)
    grades = []
    for move in plays:
        if should_stop is not None and should_stop():
            raise SearchLimitError(f"stopped on request after grading {len(grades)} of {len(plays)} plays")
        seat = pos.to_move
        if seat is None:
            pos.play(move)  # the hand is over: the core refuses the play (IllegalMoveError)
        team = pos.side_of(seat)
        banked = taken(pos, team)
        makes = _makes_with(pos, team)
        best: tuple[str, ...] | None = None
        if makes is None:
            before = solver.value(pos)
            pos.play(move)
            after = taken(pos, team) - banked
            if not pos.is_over:
                rest = solver.value(pos)  # for whoever moves next
                after += rest if pos.side_of(pos.to_move) == team else still_to_take(pos) - rest
            cost = before - after
            if cost:  # what would have kept the value, for the costly plays alone
                pos.undo()
                best = kept(solver, pos, before)
                pos.play(move)
        else:
            # In tricks the search plays every trick, while the hand may stop at its deciding one:
            # the value after the play is the solver's value of that move (for the same team).
            solved = solver.solve(pos, pv=False)
            pos.play(move)
            before, after = solved.value, solved.moves[str(parse_play(move))]
            cost = after - before if pos.objective == "no trick" else before - after  # Nel-O: fewer is better
            best = tuple(solved.best) if cost else None
        grade = PlayGrade(seat, parse_play(move), before, after, cost, best=best)
        if makes is not None:
            grade = grade._replace(makes_before=makes(banked + before), makes_after=makes(banked + after),
                                   declaring=team == pos.side_of(pos.contract.declarer))  # type: ignore[union-attr]
        grades.append(grade)
    return grades


def kept(solver: Solver, pos: Position, value: int) -> tuple[str, ...]:
    """The plays that keep ``value``, the position's value, in the order of a solve's ``best``. In
    points one zero-window test a play (``reaches_after``): several times quicker than valuing every
    play (a Big Game hand's costly first plays took half a minute so); in tricks, a solve."""
    if pos.units != "points":
        return tuple(solver.solve(pos, pv=False).best)
    plays = [parse_play(name) for name, reaches in solver.reaches_after(pos, value).items() if reaches]
    return tuple(str(play) for play in sorted(plays, key=lambda play: (-play.tile.id, play.id)))


def _makes_with(pos: Position, team: int) -> Callable[[int], bool] | None:
    """In tricks, whether the declaring side makes when ``team`` ends the hand with so many tricks
    (every trick of the hand, none in Nel-O, or Moon's bid of tricks: the contract row's
    objective); None in points."""
    if pos.units != "tricks" or pos.contract is None:
        return None
    hand = sum(pos.tricks_won) + pos.tricks_left  # the hand's tricks (those recorded and those left)
    declaring = team == pos.side_of(pos.contract.declarer)
    if pos.objective == "no trick":
        return lambda tricks: (tricks if declaring else hand - tricks) == 0
    need = hand if pos.objective == "every trick" else pos.rules.points_needed(pos.contract.bid)
    return lambda tricks: (tricks if declaring else hand - tricks) >= need


def projected_totals(start: PositionLike, grades: Iterable[PlayGrade], team: int | str) -> list[int]:
    """The points ``team`` (0 = NS, 1 = EW, or the side's name: ``start.side_names``) ends the hand
    with under perfect play from each point of a graded sequence: from ``start``, then after each
    play. Every point one team gives away goes to the other, so a costly play of ``team`` lowers the
    total by its cost and one of the other team's raises it; after the hand's last play it is the
    points ``team`` took. Under Nel-O (no trick, counted in tricks) a side's costly play is a trick
    it takes after all: it raises its own total."""
    start = as_position(start)
    names = start.side_names
    if isinstance(team, str) and team.strip().upper() in names:
        team = names.index(team.strip().upper())
    if isinstance(team, bool) or team not in (0, 1):
        raise ParseError(f"team must be 0 ({names[0]}) or 1 ({names[1]}), or its name, not {shown(team)}")
    grades = list(grades)
    if not grades:
        return []
    first = grades[0]
    value = first.before if start.side_of(first.seat) == team else still_to_take(start) - first.before
    totals = [taken(start, team) + value]
    given = -1 if start.objective == "no trick" else 1  # what a costly play does to the other side's total
    for g in grades:
        totals.append(totals[-1] + (-g.cost if start.side_of(g.seat) == team else g.cost) * given)
    return totals


def projection(start: PositionLike, grades: Iterable[PlayGrade]) -> dict[str, Any]:
    """What a graded hand's play chart draws (``analyse``'s chart, the board's): the declaring side
    (NS without a contract), the points it needs to make its bid (None without one), every point
    of the hand, and its ``projected_totals`` from the start, then after each play."""
    start = as_position(start)
    team = start.side_of(start.contract.declarer) if start.contract else 0
    hand_points = sum(start.points) + start.remaining_points
    need = min(start.rules.points_needed(start.contract.bid), hand_points) if start.contract else None
    return {"team": start.side_names[team], "need": need, "hand_points": hand_points,
            "totals": projected_totals(start, grades, team)}


# ---------------------------------------------------------------- batches


@dataclass(frozen=True, repr=False, eq=False)
class BatchResult(PlainArrays):
    """What ``solve_batch`` returns: numpy arrays, printed as plain lists (``eval(repr(r)) == r``)."""

    values: np.ndarray  # value of each position for its team to move
    move_values: np.ndarray | None  # [i, play id] -> value after that play (a tile's id), -1 where illegal
    nodes: int
    pv: list[list[Tile]] | None = None  # a principal variation of each position, when asked for
    complete: np.ndarray | None = None  # per position: False where its node budget ran out (None: no budget)

    _arrays: ClassVar[dict[str, Any]] = {"values": np.int16, "move_values": np.int16, "complete": bool}


def solve_batch(positions: Iterable[PositionLike], threads: int | None = None, *, moves: bool = False,
                tt_mb: int | None = None, pv: bool = False, max_nodes: int = 0,
                only: Iterable[Iterable[int]] | None = None, should_stop: Callable[[], bool] | None = None,
                deadline: float | None = None) -> BatchResult:
    """Solve many positions in a C++ thread pool (one solver and table per thread; ``tt_mb``
    defaults to a size fitted to the largest position). ``move_values`` has a column per tile of
    the largest set among the positions (28 for double-six), or per play in The Big Game (47: its
    lower-end leads 45 and 46 after the tiles); ``pv`` asks for a principal variation of each (the
    lowest tile that keeps the value at each play, to the end of the hand). ``max_nodes`` > 0 bounds
    each position's search (contracts in points): one cut short keeps the moves valued by then
    (the others -1) and is False in ``complete``; a variation's confirming tests count too (cut
    short there, the values stay and the variation is empty). ``only`` (per position, play ids; contracts in
    points) values those plays alone (the others -1, the value the best of them): a hint's
    tiebreak among the plays its first key tied. Ctrl-C stops it between positions (KeyboardInterrupt);
    positions of more than ``LONG_TRICKS`` tricks (The Big Game's, up to seconds each) go to the core
    ``threads`` at a time, and Ctrl-C, ``should_stop`` or ``deadline`` (a ``time.perf_counter()``
    value) leave the few under way at once: the last two raise ``stoppable.Abandoned``, nothing
    returned (a caller keeping what it had, as the hints do, asks for a few positions a call)."""
    # One position (notation, JSON or a Position) is not a list of them: a string would be read
    # one character at a time.
    if isinstance(positions, (str, bytes, dict, Position)):
        raise ParseError(
            f"solve_batch takes a list of positions, not one ({json_type(positions)}): "
            "wrap it in a list"
        )
    if not isinstance(positions, Iterable):
        raise ParseError(f"solve_batch takes a list of positions, not {json_type(positions)}")
    parsed = [as_position(p) for p in positions]
    cores = [p._pos for p in parsed]
    tt_mb = table_size_for(max((p.tricks_left for p in parsed), default=0)) if tt_mb is None else table_megabytes(tt_mb)
    n_threads = thread_count(threads)
    max_nodes = node_budget(max_nodes)
    callback(should_stop)
    deadline = perf_deadline(deadline)
    masks = [] if only is None else [sum(1 << p for p in play_ids(plays)) for plays in rows_of(only, "only")]
    try:
        out = _in_steps(lambda lo, hi, stop=None: _core.texas42.solve_batch(cores[lo:hi], n_threads, moves, tt_mb, pv,
                                                                             max_nodes, masks[lo:hi], stop),
                        parsed, n_threads, should_stop, deadline)
    except MemoryError:
        raise _out_of_memory(len(cores), n_threads, tt_mb) from None
    values = np.array(out.values, dtype=np.int16)
    move_values = None
    if moves:
        # A column per play: the tiles of the set, and The Big Game's lower-end leads after them.
        width = max((_core.texas42.MAX_PLAYS if p.rules.lower_end_leads else p.rules.tiles for p in parsed),
                    default=Rules().tiles)
        move_values = np.full((len(cores), width), -1, dtype=np.int16)
        for i, row in enumerate(out.moves):
            for tile, v in row:
                move_values[i, tile] = v
    lines = [[play_of(t) for t in line] for line in out.pv] if pv else None
    complete = np.array(out.complete, dtype=bool) if max_nodes else None
    return BatchResult(values=values, move_values=move_values, nodes=out.nodes, pv=lines, complete=complete)


def rows_of(value: Any, name: str) -> list[Any]:
    """A list with an entry per position (``only``'s plays, ``targets``), not one text or number."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise ParseError(f"{name} must be a list with an entry per position, not {shown(value)}")
    return list(value)


def play_ids(plays: Any, name: str = "only") -> set[int]:
    """One position's plays as play ids: ids (0 .. MAX_PLAYS - 1: a tile's, or The Big Game's lower-end
    leads after them), or the plays themselves (``"4-4"``, ``"8-2:2"``, a Tile)."""
    if isinstance(plays, (str, bytes)) or not isinstance(plays, Iterable):
        raise ParseError(f"{name} must give each position a list of plays (ids or tiles), not {shown(plays)}")
    ids = set()
    for play in plays:
        if isinstance(play, (str, Tile)):
            try:
                ids.add(parse_play(play).id)
            except ParseError as e:
                raise ParseError(f"{name}: {e}") from None
        elif isinstance(play, numbers.Integral) and not isinstance(play, bool) and 0 <= play < _core.texas42.MAX_PLAYS:
            ids.add(int(play))
        else:
            raise ParseError(f"{name}: {shown(play)} is no play: a play id 0..{_core.texas42.MAX_PLAYS - 1} or a tile")
    return ids


def _target(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ParseError(f"targets must be whole numbers of points, not {shown(value)}")
    return int(value)


def _out_of_memory(positions: int, threads: int, tt_mb: int) -> Exception:
    """What ran out when a batch raised MemoryError: the solvers' tables (a ParseError naming
    ``tt_mb``: a smaller one fits) when the machine cannot allocate them, else the memory of the
    batch itself (a MemoryError saying so: fewer positions at a time, not a smaller table)."""
    try:
        probe = [_core.texas42.Solver(tt_mb) for _ in range(threads)]
    except MemoryError:
        return ParseError(f"tt_mb={tt_mb}: this machine cannot allocate {threads} tables that large")
    del probe
    return MemoryError(f"out of memory solving {positions:,} positions at once (their positions, moves and "
                       f"lines), not for the solvers' tables ({threads} of {tt_mb} MB): ask for fewer worlds")


def _in_steps(run: Callable[..., Any], positions: list[Position], threads: int,
              should_stop: Callable[[], bool] | None = None, deadline: float | None = None) -> Any:
    """``run(0, len(positions))``: a core batch call on positions lo to hi - 1 (``run(lo, hi, stop)``
    with a ``StopFlag`` that ends it), whose Ctrl-C check comes between positions. When some
    position is long (more than ``LONG_TRICKS`` tricks: up to seconds each), ``threads`` positions a
    call instead, each where Ctrl-C leaves it at once (``stoppable``), their outputs joined; a call
    left is asked to stop and ends within a few thousand nodes."""
    if not any(p.tricks_left > LONG_TRICKS for p in positions):
        return run(0, len(positions))

    def step(lo: int) -> Any:
        flag = _core.texas42.StopFlag()
        return stoppable(lambda: run(lo, lo + threads, flag), should_stop, deadline, on_abandon=flag.request)

    parts = [step(lo) for lo in range(0, len(positions), threads)]
    joined = SimpleNamespace(nodes=sum(p.nodes for p in parts))
    for name in ("values", "moves", "pv", "complete"):
        if all(hasattr(p, name) for p in parts):
            setattr(joined, name, [x for p in parts for x in getattr(p, name)])
    return joined


@dataclass(frozen=True, repr=False, eq=False)
class ReachResult(PlainArrays):
    """What ``reach_batch`` returns: numpy arrays, printed as plain lists (``eval(repr(r)) == r``)."""

    reached: np.ndarray  # [i, play id]: the team to move still takes the target after that play
    known: np.ndarray  # [i, play id]: legal and answered (False where illegal or a node budget ran out)
    nodes: int

    _arrays: ClassVar[dict[str, Any]] = {"reached": bool, "known": bool}


def reach_batch(positions: Iterable[PositionLike], targets: Iterable[int], threads: int | None = None, *,
                tt_mb: int | None = None, max_nodes: int = 0, should_stop: Callable[[], bool] | None = None,
                deadline: float | None = None) -> ReachResult:
    """``Solver.reaches_after`` of many positions (``targets``: points, one a position) in the C++
    thread pool, as ``solve_batch`` runs (a column per play id; contracts in points; ``should_stop``
    and ``deadline`` as ``solve_batch``'s)."""
    parsed = [as_position(p) for p in positions]
    goals = [max(-1, min(_target(t), 10_000)) for t in rows_of(targets, "targets")]
    callback(should_stop)
    deadline = perf_deadline(deadline)
    if len(goals) != len(parsed):
        raise ParseError(f"reach_batch needs a target per position: {len(goals)} for {len(parsed)} positions")
    tt_mb = table_size_for(max((p.tricks_left for p in parsed), default=0)) if tt_mb is None else table_megabytes(tt_mb)
    cores, n_threads, max_nodes = [p._pos for p in parsed], thread_count(threads), node_budget(max_nodes)
    try:
        out = _in_steps(lambda lo, hi, stop=None: _core.texas42.reach_batch(cores[lo:hi], goals[lo:hi], n_threads, tt_mb,
                                                                             max_nodes, stop),
                        parsed, n_threads, should_stop, deadline)
    except MemoryError:
        raise _out_of_memory(len(cores), n_threads, tt_mb) from None
    width = max((_core.texas42.MAX_PLAYS if p.rules.lower_end_leads else p.rules.tiles for p in parsed),
                default=Rules().tiles)
    reached = np.zeros((len(parsed), width), dtype=bool)
    known = np.zeros((len(parsed), width), dtype=bool)
    for i, row in enumerate(out.moves):
        for play, answer in row:
            reached[i, play] = answer == 1
            known[i, play] = answer >= 0
    return ReachResult(reached, known, out.nodes)
