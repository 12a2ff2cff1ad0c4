"""A whole game of 42: bidding, declaration, play, scoring and the next hand, to 7 marks or 250
points. The state machine is the C++ one; this wrapper names moves and keeps the move list, so a
game prints as the Python that rebuilds it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .. import _core
from ..errors import ParseError, shown
from ..io import is_digits
from ..tiles import MAX_PIP, Tile, bits_of, set_size, tiles_of
from ..wrappers import RecordedGame, fresh
from .plays import _PLAYS, parse_play, play_of
from .position import Position
from .rules import (GAME_BID, STANDARD, Bid, Contract, Rules, Trump, bid_name, bid_words, marks_bid, parse_bid, parse_trump,
                    side_names)
from .solve import declaration_name
from .view import PlayerView

__all__ = ["Game", "Move"]

_MARKS_NOTE = re.compile(r"\s*\(\d+ marks?\)$")  # the marks Move.words adds to a mark bid

@dataclass(frozen=True)
class Move:
    """A bid (``Move.parse("30")``, ``"pass"``, ``"84"``; a special bid ``"168:kind"``), a
    declaration (``"declare 4"``, ``"declare fours"``, ``"declare doubles"``, ``"declare none"``), the
    discard of a tile after taking the widow or the undealt tile (``"discard 3-2"``, in a game's
    exchange ``"3-2"`` alone, docs/rules.md §4.1, §4.3) or a play (``"6-4"``; The Big Game's
    lower-end lead ``"7-3:3"``)."""

    kind: str  # "bid", "declare", "discard" or "tile"
    value: Any  # a Bid (0 = pass), a trump, or a Tile (a play: a LowerEndLead too)

    def __post_init__(self) -> None:
        # A Move built directly is checked as Move.parse checks one, and its value made canonical.
        if self.kind == "bid":
            value = parse_bid(self.value)
        elif self.kind == "declare":
            value = parse_trump(self.value)
        elif self.kind == "tile":
            value = parse_play(self.value)
        elif self.kind == "discard":
            value = Tile(self.value)
        else:
            raise ParseError(f"unknown move kind {shown(self.kind)}: 'bid', 'declare', 'discard' or 'tile'")
        object.__setattr__(self, "value", value)

    @classmethod
    def parse(cls, move: Move | Tile | str | int, rules: Rules = STANDARD) -> Move:
        """A move as text or a value; ``rules`` tell a bid from a tile by their ladder (Moon bids 4..7)."""
        if isinstance(move, Move):
            return move
        if isinstance(move, Tile):
            return cls("tile", move)
        if isinstance(move, int) and not isinstance(move, bool):
            return cls("bid", move)
        if not isinstance(move, str):
            raise ParseError(f"cannot read a move from {shown(move)}")
        # A bid as Move.words says it, "84 (2 marks)", is the bid; "2 marks" alone is 84 in 42's marks game.
        text = _MARKS_NOTE.sub("", move.strip().lower())
        in_marks = marks_bid(text, rules)
        if in_marks is not None:
            return cls("bid", in_marks)
        if text.startswith("declare"):  # the declaration by what tables and hints print too: "declare fives"
            return cls("declare", parse_trump(text[len("declare"):].strip(" :"), rules))
        if text.startswith("discard"):
            return cls("discard", text[len("discard"):].strip(" :"))
        number = text.partition(":")[0]  # a special bid: "168:kind"
        if is_digits(number) and int(number) < rules.min_bid:
            # "00" or "0" is neither a bid nor, in the auction, a tile: never a silent pass.
            raise ParseError(f"{shown(move)} is no bid: bids are {rules.min_bid} and up, 'pass' or 'game' "
                             "(tiles are played after the auction)")
        if number in ("pass", "game") or is_digits(number):
            return cls("bid", text)
        return cls("tile", text)

    def __str__(self) -> str:
        if self.kind == "bid":
            return bid_name(self.value)
        if self.kind in ("declare", "discard"):
            return f"{self.kind} {self.value}"
        return str(self.value)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def words(self, rules: Rules = STANDARD) -> str:
        """The move as tables, hints and 42 players say it: a declaration by its name ("declare
        fives", "declare follow-me"), a mark bid with its marks ("84 (2 marks)"); else as written.
        ``Move.parse`` reads it back."""
        if self.kind == "declare":
            return f"declare {declaration_name(self.value)}"
        if self.kind == "bid" and int(self.value) not in (0, GAME_BID):
            return bid_words(self.value, rules)
        return str(self)

    @property
    def public(self) -> str:
        """The move as the other seats see it: a discard is laid away face down (docs/rules.md
        §4.1, §4.3), so they see that the bidder discarded, not what; every other move whole."""
        return self.kind if self.kind == "discard" else str(self)


class Game(RecordedGame):
    """``Game(seed=7)`` deals the first hand; ``play`` moves through auction, declaration and play.

    Hands are dealt by the C++ core from ``seed`` (the same seed, the same deals everywhere), the
    first by seat ``dealer`` (the seat on its left calls first, docs/rules.md §2.1; Bingo's game
    takes ``start=`` instead, its first deal's leader: Bingo has no dealer). ``scores`` are by the
    rules' ``scorer_names`` (NS and EW; Moon's players), ``winner`` one of them, as every game of the
    package gives them (``dominosolver.bingo.Game``: by player).
    """

    _first_name = "dealer"
    _rules_class = Rules  # the rules without a rules= argument: standard 42 (a Moon game's: Moon's)

    def __init__(self, seed: int = 0, rules: Rules | None = None, dealer: int | str = 0, moves: list[Any] = ()) -> None:  # type: ignore[assignment]
        rules = Rules.argument(rules) or self._rules_class()
        if isinstance(dealer, str):  # a seat's name, as a view or a position takes it: "E", Moon's "P1"
            dealer = rules.parse_seat(dealer)
        self._parsed: dict[tuple[str, str], Move] = {}  # moves read from text, by (phase, text): they read alike
        self._begin(_core.texas42.Game, seed, rules, dealer, moves)

    @property
    def first_dealer(self) -> int:
        return self._first

    @property
    def phase(self) -> str:
        """'bidding', 'declaring', 'exchange' (Moon's widow, docs/rules.md §4.1), 'playing' or 'game_over'."""
        return self._game.phase

    @property
    def to_move(self) -> int | None:
        s = self._game.to_move
        return None if s < 0 else s

    @property
    def is_over(self) -> bool:
        return self._game.phase == "game_over"

    @property
    def winner(self) -> str | None:
        w = self._game.winner
        return None if w < 0 else self.rules.scorer_names[w]

    @property
    def games_won(self) -> dict[str, int]:
        """Games each side has won toward the match: Fosdick's Partnership Moon is best of three
        (docs/rules.md §4.2); elsewhere one game is the match."""
        return dict(zip(self.rules.scorer_names, self._game.games_won))

    @property
    def scores(self) -> dict[str, int]:
        """Marks (or points) of NS and EW; in Moon each player's points (Rules.scorer_names)."""
        return dict(zip(self.rules.scorer_names, self._game.scores))

    @property
    def dealer(self) -> int:
        return self._game.dealer

    @property
    def legal_moves(self) -> list[Move]:
        # Move reads a declaration as the core names it; a bid and a tile come as the core's.
        return [Move(kind, play_of(value) if kind in ("tile", "discard") else Bid.of_core(value) if kind == "bid"
                     else value) for kind, value in self._game.legal_moves]

    def _parse_move(self, move: Move | Tile | str | int) -> Move:
        if isinstance(move, Move):  # a Move is itself in every phase (Move.parse returns it)
            return move
        phase = self._game.phase
        if type(move) is str:  # text read before under these rules in this phase reads the same
            parsed = self._parsed.get((phase, move))
            if parsed is None:
                parsed = self._parse_text(move, phase)
                if len(self._parsed) >= _PARSED_MOST:
                    self._parsed.clear()
                self._parsed[(phase, move)] = parsed
            return parsed
        return self._parse_text(move, phase)

    def _parse_text(self, move: Move | Tile | str | int, phase: str) -> Move:
        # In play "64" can only be the tile 6-4 (no bid is open then): read it as the tile; in
        # the exchange (Moon's widow, The Big Game's undealt tile) a tile, "6-4" as "64", is the
        # one laid away: the only move there is.
        if phase == "exchange" and isinstance(move, (Tile, str)):
            tile = _tile_or_none(move)
            if tile is not None:
                return Move("discard", tile)
        if isinstance(move, str) and phase == "playing" and is_digits(move.strip().partition(":")[0]):
            return Move("tile", move.strip())  # "73:3": 7-3 led low
        try:
            return Move.parse(move, self.rules)
        except ParseError:
            # Text read as a tile (no bid, declaration or discard) before any tile is played: the
            # seat's moves are bids or declarations, so say those, not how to write a tile.
            if phase not in ("bidding", "declaring") or not isinstance(move, str) or _bid_like(move):
                raise
        seat = self.rules.seat_names[self._game.to_move]
        words = [m.words(self.rules) for m in self.legal_moves]
        what = "bid" if self.phase == "bidding" else "declaration"
        raise ParseError(f"{shown(move)} is no {what}: {seat} may {', '.join(words[:-1])} or {words[-1]}"
                         if len(words) > 1 else f"{shown(move)} is no {what}: {seat} may {words[0]}")

    def _apply(self, m: Move) -> None:
        kind = m.kind
        if kind == "tile":  # most moves
            self._game.play_tile(m.value.id)
        elif kind == "bid":
            self._game.bid(m.value)
        elif kind == "declare":
            self._game.declare(str(m.value))
        else:
            self._game.discard(m.value.id)

    @property
    def position(self) -> Position | None:
        """The hand in play (a copy); once the game is over, its last hand as it ended (as Bingo's
        game gives its last deal); None before the hand's play (the auction, the declaration, the
        exchange: a hand of the 42 family has no position until its contract and trumps are settled)."""
        core, discard = self._game.position, self._game.current_hand["discard"]
        if core is None:
            return self._last_hand() if self._game.phase == "game_over" else None
        return Position._wrap(core, None if discard is None else Tile.from_id(discard))

    def _last_hand(self) -> Position | None:
        """The last finished hand's position as it ended: its hands at the first lead, replayed by
        the core (None for a hand thrown in, which has none)."""
        finished = self._finished()
        if not finished or finished[-1]["contract"] is None:
            return None
        last = finished[-1]
        pos = Position(trump=last["trump"], hands=last.get("hands", last["deal"]), contract=last["contract"],
                       rules=self.rules, discard=last.get("discard"))
        for _, play in last["plays"]:
            pos.play(play)
        return pos

    @property
    def auction(self) -> list[tuple[int, Bid]]:
        """Bids of the current hand as (seat, bid), from the seat left of the dealer (in The Big Game
        a seat bids again on its next turn until it passes, docs/rules.md §4.3)."""
        hand = self._game.current_hand
        return [(seat, Bid.of_core(b)) for seat, b in zip(hand["callers"], hand["bids"])]

    @property
    def contract(self) -> Contract | None:
        return Contract.of_core(self._game.current_hand["contract"])

    @property
    def trump(self) -> Trump | None:
        t = self._game.current_hand["trump"]
        return None if t is None else parse_trump(t)

    def deal(self) -> tuple[tuple[Tile, ...], ...]:
        """The current hand's deal (every tile of the set) — the full information, not a seat's view."""
        return tuple(tuple(sorted(tiles_of(m), reverse=True)) for m in self._game.current_hand["deal"])

    @property
    def hands_played(self) -> list[dict[str, Any]]:
        """Finished hands (thrown-in ones included): dealer, deal, bids, contract, trump, plays, points and
        tricks per team, the contract's objective ("points", "every trick", "no trick"), result."""
        return [fresh(h) for h in self._finished()]  # the caller's to change: the kept ones stay as converted

    def _finished_record(self, h: dict[str, Any]) -> dict[str, Any]:
        """One finished hand of the core as ``hands_played`` gives it."""
        sides = side_names(self.rules, h["sides"])  # NS, EW; Moon's bidder and the other two
        return {
            "dealer": h["dealer"],
            "deal": [_names_high_first(m) for m in h["deal"]],
            "bids": [_bid_text(b) for b in h["bids"]],
            # The Big Game's auction goes round until all but one have passed: who made each call.
            **({"callers": list(h["callers"])} if self.rules.row.ladder == "points" else {}),
            "contract": Contract.of_core(h["contract"]),
            "trump": _trump_of(h["trump"]) if h["trump"] is not None else None,
            "plays": [(s, _PLAY_NAMES[t] if type(t) is int and 0 <= t < len(_PLAY_NAMES) else str(play_of(t)))
                      for s, t in h["plays"]],
            "points": dict(zip(sides, h["points"])),
            "tricks": dict(zip(sides, h["tricks"])),
            "objective": h["objective"],
            "result": h["result"],
            # Moon: the widow and the tile the bidder laid away, and so the hands at the first lead
            # (The Big Game: its undealt tile).
            **({self.rules.row.left_over: [str(t) for t in tiles_of(h["undealt"])],
                "discard": None if h["discard"] is None else str(Tile.from_id(h["discard"])),
                "hands": [_names_high_first(m) for m in h["hands"]]}
               if h["undealt"] else {}),
        }

    def view(self, seat: int) -> PlayerView:
        return PlayerView.of_game(self, seat)


_PARSED_MOST = 4096  # texts a game keeps (its moves are a few dozen texts; other spellings count too)


# Each tile's name by id (tiles order by id: the highest, the highest id).
_NAMES = tuple(str(Tile.from_id(i)) for i in range(set_size(MAX_PIP)))


_PLAY_NAMES = tuple(str(play) for play in _PLAYS)  # each play's name by its number
_BID_TEXTS: dict[tuple[int, str], str] = {}  # each core bid's name by its value and kind (at most some hundreds)


def _bid_text(bid: Any) -> str:
    """The name of the core's bid ``bid``, as ``bid_name(Bid.of_core(bid))`` gives it."""
    key = (bid.value, bid.kind)
    text = _BID_TEXTS.get(key)
    if text is None:
        text = _BID_TEXTS[key] = bid_name(Bid.of_core(bid))
    return text


_TRUMPS_OF: dict[str, Trump] = {}  # each trump the core names (a few), as parse_trump reads it


def _trump_of(name: str) -> Trump:
    trump = _TRUMPS_OF.get(name)
    if trump is None:
        trump = _TRUMPS_OF[name] = parse_trump(name)
    return trump


def _names_high_first(mask: int) -> list[str]:
    """The names of a mask's tiles, highest first."""
    return [_NAMES[i] for i in reversed(bits_of(mask))]


def _bid_like(move: str) -> bool:
    """Whether ``Move.parse`` reads ``move`` as other than a tile: a declaration, a discard, a bid
    (a number, "pass", "game"; a special bid "168:kind")."""
    text = move.strip().lower()
    return text.startswith(("declare", "discard")) or text.partition(":")[0] in ("pass", "game") or \
        is_digits(text.partition(":")[0])


def _tile_or_none(move: Tile | str) -> Tile | None:
    """The tile ``move`` names ("6-4", "4-6", "64"), or None for any other text ("discard 6-4")."""
    try:
        return Tile(move.strip() if isinstance(move, str) else move)
    except ParseError:
        return None
