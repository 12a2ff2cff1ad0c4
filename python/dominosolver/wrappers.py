"""What every game's Python objects share: rules as C++ flag sets, and positions that wrap a C++
position and travel as notation or JSON. Each game supplies its core class and notation module."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, TypeVar

from .arguments import seed_value
from .errors import ParseError, json_type, shown
from .io import unicode_text
from .tiles import Tile, tiles_of

__all__ = ["FlagRules", "NotatedPosition", "RecordedGame", "fresh"]

_NO_UNDO = 1 << 62  # more moves than any game has
R = TypeVar("R", bound="FlagRules")
P = TypeVar("P", bound="NotatedPosition")
G = TypeVar("G", bound="RecordedGame")


class FlagRules:
    """Variant flags held by a C++ ``Rules`` value: ``Rules(flag="value", switch=True)``.

    Only flags that differ from the defaults are stored and written; unknown flags or values raise
    ``ParseError`` (the C++ side knows the flags). Subclasses set ``_core_class``, and may set
    ``_preset``, flags given unless overridden (``MoonRules()`` is ``Rules(family="moon")``): rules
    of one core class are equal when their flags are, whichever class built them."""

    __slots__ = ("_core",)
    _core_class: Any
    _preset: dict[str, str] = {}

    def __init__(self, **flags: Any) -> None:
        self._core = self._core_class({k: _flag_text(k, v) for k, v in {**self._preset, **flags}.items()})

    @classmethod
    def argument(cls: type[R], rules: Any) -> R | None:
        """A ``rules`` argument: a ``cls`` object, or None for the default."""
        if rules is not None and not isinstance(rules, cls):
            # Another game's rules print as Rules() too: name the package of each.
            theirs = f", the rules of {_package(type(rules))}" if isinstance(rules, FlagRules) else ""
            raise ParseError(f"rules must be a Rules object of {_package(cls)}, such as Rules(), not {shown(rules)}{theirs}")
        return rules

    @classmethod
    def _wrap(cls: type[R], core: Any) -> R:
        rules = cls.__new__(cls)
        rules._core = core
        return rules

    @classmethod
    def from_json(cls: type[R], obj: Any) -> R:
        if obj is None:
            return cls()
        if not isinstance(obj, dict):
            raise ParseError(f"'rules' must be an object of flags, not {json_type(obj)}")
        return cls(**obj)

    def to_json(self) -> dict[str, str]:
        return dict(self._core.flags())

    def __repr__(self) -> str:  # the flags beyond the class's preset
        flags = {k: v for k, v in self.to_json().items() if self._preset.get(k) != v}
        return f"{type(self).__name__}(" + ", ".join(f"{k}={v!r}" for k, v in flags.items()) + ")"

    def __eq__(self, other: object) -> bool:
        return getattr(other, "_core_class", None) is self._core_class and self._core == other._core  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self._core_class.__name__, tuple(sorted(self.to_json().items()))))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_rules, (type(self), self.to_json()))


def _package(cls: type) -> str:
    """The package a class is of, as users import it: ``dominosolver.texas42``, ``dominosolver.bingo``."""
    module = cls.__module__
    return module.rsplit(".", 1)[0] if module.count(".") > 1 else module


def _rebuild_rules(cls: type[FlagRules], flags: dict[str, str]) -> FlagRules:
    return cls(**flags)


FLAG_NUMBER = 10**9  # beyond any flag's value; keeps the text of a number short


def _flag_text(key: Any, value: Any) -> str:
    """A flag's value as the core reads it; the flag's name and value are checked to be text first
    (a lone surrogate cannot cross to C++)."""
    unicode_text(key, "a rules flag's name")
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        if not -FLAG_NUMBER <= value <= FLAG_NUMBER:
            raise ParseError(f"rules flag {key!r}: {shown(value)} is no value of any flag")
        return str(value)
    if not isinstance(value, str):
        raise ParseError(f"rules flag {key!r} must be a string, not {shown(value)}")
    return unicode_text(value, f"rules flag {key!r}")


class NotatedPosition:
    """A position wrapping a C++ one (``_pos``) that prints as the Python that rebuilds it and
    round-trips through its notation and JSON. Subclasses set ``_notation`` (a module with
    ``fields_to_json`` and ``fields_to_text``) and define ``fields()``."""

    __slots__ = ("_pos",)
    _notation: ModuleType

    @classmethod
    def _wrap(cls: type[P], core: Any) -> P:
        p = cls.__new__(cls)
        p._pos = core
        return p

    @classmethod
    def read(cls: type[P], obj: Any, game: str) -> P:
        """A position of this class from one, from position/1 JSON (an object or its text), or from
        the one-line notation; anything else is a ParseError naming what was given."""
        if isinstance(obj, cls):
            return obj
        if isinstance(obj, dict):
            return cls.from_json(obj)  # type: ignore[attr-defined]
        if isinstance(obj, str):
            text = obj.strip()
            return cls.from_json(text) if text.startswith("{") else cls(text)  # type: ignore[attr-defined, call-arg]
        plain = obj is None or isinstance(obj, (bool, int, float, list, tuple))  # named in JSON's words
        kind = json_type(obj) if plain else f"{type(obj).__module__}.{type(obj).__qualname__}"
        raise ParseError(
            f"a {game} position is a {cls.__module__.split('.')[1]}.Position, position JSON or notation "
            f"text, not {kind}"
        )

    def fields(self) -> Any:
        raise NotImplementedError

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """The tiles each player still holds, highest first, indexed by player (seat)."""
        return tuple(tuple(sorted(tiles_of(m), reverse=True)) for m in self._pos.hands)

    def hand(self, player: int) -> tuple[Tile, ...]:
        hands = self.hands
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(hands):
            raise ParseError(f"unknown player {shown(player)}: 0..{len(hands) - 1}")
        return hands[player]

    @property
    def leader(self) -> int:
        return self._pos.leader

    @property
    def to_move(self) -> int:
        """The player (seat) to play."""
        return self._pos.to_move

    def to_json(self) -> dict[str, Any]:
        return self._notation.fields_to_json(self.fields())

    def __str__(self) -> str:
        return self._notation.fields_to_text(self.fields())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._pos == other._pos  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self: P) -> P:
        return type(self)._wrap(self._pos.__copy__())

    def __copy__(self: P) -> P:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self).from_json, (self.to_json(),))  # type: ignore[attr-defined]


class RecordedGame:
    """A whole game on a C++ state machine (``_game``), dealt from ``seed``, that keeps its move
    list so it prints as the Python that rebuilds it. Subclasses call ``_begin`` from their own
    constructor, name the first-player argument (``_first_name``), and define ``_parse_move``,
    ``_apply`` and ``_finished_record`` (a finished hand or deal of the core as the game gives it).

    The finished hands' records are converted once each (``_finished``, ``_finished_as``): a
    finished hand stays so while undo leaves the moves it was converted after, so a game's record
    costs the hands finished since it was last asked for, not the game's length."""

    _first_name: str

    def _begin(self, core_class: Any, seed: int, rules: FlagRules, first: int, moves: Any) -> None:
        seed_value(seed, optional=False)  # the check of every seed
        if isinstance(first, bool) or not isinstance(first, int):
            raise ParseError(f"{self._first_name} must be a player number, not {shown(first)}")
        if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
            raise ParseError(f"moves must be a list of moves, not {shown(moves)}")
        self.seed = seed
        self._rules = rules
        self._first = first
        # Beyond a C int the core's own range check answers, as for any other seat out of range.
        self._game = core_class(rules._core, seed, first if abs(first) < 2**31 else -1)
        self._moves: list[Any] = []
        self._done: list[Any] = []  # the finished hands' records, converted once: a finished hand stays so
        self._done_at: list[int] = []  # the moves played when each was converted (it finished by then)
        self._forms: dict[Callable[[Any, Any], Any], list[Any]] = {}  # other forms of them (_finished_as)
        self._undone_to = _NO_UNDO  # the fewest moves undo has left since _finished last looked
        for m in moves:
            self.play(m)

    def _parse_move(self, move: Any) -> Any:
        raise NotImplementedError

    def _apply(self, move: Any) -> None:
        raise NotImplementedError

    def _finished_record(self, core: Any) -> Any:
        raise NotImplementedError

    def _finished(self) -> list[Any]:
        """The finished hands (deals) as ``_finished_record`` converts the core's, each converted
        once (the list is the game's own: callers copy what they hand out)."""
        # A hand converted after n moves finished by then, and stays as it was while undo has left n
        # moves or more: convert the others (a hand undo took back, one played since); the core
        # builds only those.
        count = self._game.finished_count
        kept = len(self._done)
        while kept and (self._done_at[kept - 1] > self._undone_to or kept > count):
            kept -= 1
        for done in (self._done, self._done_at, *self._forms.values()):
            del done[kept:]
        self._undone_to = _NO_UNDO
        if kept < count:
            for core in self._game.finished_from(kept):
                self._done.append(self._finished_record(core))
                self._done_at.append(len(self._moves))
        return self._done

    def _finished_as(self, convert: Callable[[Any, Any], Any]) -> list[Any]:
        """The finished hands as ``convert(game, record)`` makes them of ``_finished``'s records
        (the registry's adapters: a record as ``play --json`` writes it), each converted once per
        game and ``convert``, as ``_finished``'s are (the list is the game's own)."""
        done = self._finished()
        forms = self._forms.setdefault(convert, [])
        for record in done[len(forms):]:
            forms.append(convert(self, record))
        return forms

    def _record(self) -> tuple[Any, ...]:
        """What the repr records, so what equality compares."""
        return (type(self), self.seed, self._rules, self._first, self._moves)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RecordedGame) and self._record() == other._record()

    __hash__ = None  # type: ignore[assignment]  # mutable: play and undo change it

    def copy(self: G) -> G:
        """An independent game in the same state: the C++ state machine replays the moves (a
        shallow copy would share the state machine, and a play on it would move this game too)."""
        return type(self)(self.seed, self._rules, self._first, list(self._moves))

    def __copy__(self: G) -> G:
        return self.copy()

    def __deepcopy__(self: G, memo: dict[int, Any]) -> G:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:  # pickled as the repr rebuilds it: seed, rules, first player, moves
        return (type(self), (self.seed, self._rules, self._first, [str(m) for m in self._moves]))

    def __repr__(self) -> str:
        args = [f"seed={self.seed}"]
        if self._rules != type(self._rules)():  # rules other than its class's defaults (or preset)
            args.append(f"rules={self._rules!r}")
        if self._first:
            args.append(f"{self._first_name}={self._first}")
        if self._moves:
            args.append(f"moves={[str(m) for m in self._moves]!r}")
        return f"{type(self).__name__}({', '.join(args)})"

    @property
    def rules(self) -> Any:
        return self._rules

    @property
    def moves(self) -> list[Any]:
        """Every move played so far, oldest first."""
        return list(self._moves)

    def play(self, move: Any) -> None:
        """Play a move; raises IllegalMoveError (and changes nothing) if the rules forbid it."""
        m = self._parse_move(move)
        self._apply(m)
        self._moves.append(m)

    def undo(self) -> Any:
        """Take back the last move and return it."""
        self._game.undo()
        move = self._moves.pop()
        self._undone_to = min(self._undone_to, len(self._moves))
        return move

    def forget_undo(self) -> None:
        """Drop what ``undo`` needs (the core records what each move changed: a byte a move, and
        some 60 bytes for each move that ended a hand or deal): the moves played so far can no
        longer be taken back (``undo`` raises IllegalMoveError), as for the server's games held
        between requests (serve/live.py)."""
        self._game.forget_undo()


def fresh(record: dict[str, Any]) -> dict[str, Any]:
    """A copy of a finished hand's (deal's) record sharing nothing mutable with it. Its values are
    scalars, or lists and dicts of scalars, of lists, dicts or tuples of scalars (tiles by name,
    [seat, tile] pairs), or of tuples ending in a list (Bingo's declarations: (player, [tiles])):
    copied level by level in comprehensions, inline (a call an item, or a deep copy, costs as much
    as converting the hand again)."""
    return {k: [list(x) if type(x) is list else dict(x) if type(x) is dict
                else (*x[:-1], list(x[-1])) if type(x) is tuple and x and type(x[-1]) is list else x for x in v]
            if type(v) is list else {i: dict(x) if type(x) is dict else list(x) if type(x) is list else x
                                     for i, x in v.items()} if type(v) is dict else v
            for k, v in record.items()}
