"""The deals of the hidden tiles consistent with a seat's view, counted exactly and drawn exactly
uniformly, and the Position of each: what hints and the bidding advisor average over.

The constraints a view puts on the hidden tiles are of one kind: each hidden tile goes to one of the
other seats that is not shown void in a suit the tile follows nor would have shown it by its contract
(``view.absent``), and each seat receives exactly its hand size, less the tiles its contract shows
(``view.revealed``, which stay in their hands). The number of ways to finish an assignment from tile ``i`` on with
seat capacities ``caps`` obeys

    ways(i, caps) = sum over allowed seats s with caps[s] > 0 of ways(i + 1, caps - e_s)

which a small table holds (capacities sum to the tiles left, so there are few states). Tiles in no
hand (Moon's widow before the exchange, or the bidder's discard as another seat sees it, docs/rules.md
§4.1; The Big Game's undealt tile or discard, §4.3) go to one more place, out of play, open to every
hidden tile whatever its suits that the rules let lie out (``Rules.may_be_out_of_play``: The Big
Game's counters are always in play). Every
consistent deal gets an index in ``[0, count)`` (``world(k)`` walks the table), so drawing an index
uniformly draws a deal uniformly: no rejection, no bias; enumeration is the same walk for every k.
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from .. import _core
from ..arguments import MAX_WORLDS, seed_value, whole_number, world_count
from ..errors import InvalidViewError, json_type
from ..tiles import bits_of, mask_of
from .game import Game
from .position import Position
from .rules import set_mask
from .view import PlayerView

__all__ = [
    "World", "WorldSampler", "as_view", "count_worlds", "enumerate_worlds", "new_seed", "out_of_play", "position_of",
    "sample_worlds",
]

World = tuple[int, ...]  # current hands, seat by seat, as tile masks (what is in none is out of play)


def new_seed() -> int:
    """A fresh seed to report with results drawn from it (so they can be reproduced)."""
    return secrets.randbits(32)


class WorldSampler:
    """Counts, indexes, samples and enumerates the deals consistent with ``view``: ``count`` of them,
    and ``world(k)`` for each k in ``[0, count)``. Raises InvalidViewError when none fits."""

    def __init__(self, view: PlayerView) -> None:
        if not isinstance(view, PlayerView):
            raise InvalidViewError(f"worlds are drawn from a PlayerView, not {json_type(view)}")
        self.view = view
        self.others = [s for s in range(view.rules.seats) if s != view.seat]
        self.own = mask_of(view.hand)
        # The tiles each other seat's contract shows: in its hand in every world.
        self.shown = [mask_of(view.revealed[s]) if view.revealed else 0 for s in self.others]
        hidden = view.hidden
        need = [view.hand_sizes[s] - shown.bit_count() for s, shown in zip(self.others, self.shown)]
        if min(need, default=0) < 0:
            raise InvalidViewError(f"hand_sizes {list(view.hand_sizes)} hold fewer tiles than the contract shows")
        # What the hands leave over is out of play: at most the undealt tiles, less a discard the seat knows.
        out = len(hidden) - sum(need)
        may_be_out = view.rules.undealt - (view.discard is not None)
        if not 0 <= out <= may_be_out:
            raise InvalidViewError(
                f"the other hands hold {sum(need)} tiles by hand_sizes, but {len(hidden)} tiles are unseen"
                + (f" (of which {may_be_out} may be out of play: the widow or the bidder's discard)"
                   if view.rules.undealt else "")
            )
        need.append(out)  # the last place: out of play, open to every tile the rules let lie there
        # Moon: any tile; The Big Game: before its exchange (no trump named yet) the undealt tile may be
        # any, after it the tile out of play is no counter (§4.3).
        may_lie_out = set_mask(view.rules) if view.trump is None else view.rules.may_be_out_of_play
        # Per hidden tile, the positions (in self.others, then out of play) of the places that may hold it.
        self.tiles = [t.id for t in hidden]
        self.allowed: list[tuple[int, ...]] = []
        for t in hidden:
            ok = tuple(j for j, s in enumerate(self.others) if not view.absent[s] >> t.id & 1)
            ok += (len(self.others),) if out and may_lie_out >> t.id & 1 else ()
            if not ok:
                raise InvalidViewError(
                    f"no seat may hold {t}: every other seat has shown it void in its suits"
                )
            self.allowed.append(ok)
        self.need = tuple(need)
        self._ways = lru_cache(maxsize=None)(self._ways_uncached)
        self._branch_cache: dict[tuple[int, tuple[int, ...]], list[tuple[int, tuple[int, ...], int]]] = {}
        self.count = self._ways(0, self.need)
        if self.count == 0:
            voids = {view.rules.seat_names[s]: list(v) for s, v in enumerate(view.voids) if v}
            raise InvalidViewError(
                f"no deal fits the view: hand sizes {list(view.hand_sizes)} with voids {voids}"
            )

    def _ways_uncached(self, i: int, caps: tuple[int, ...]) -> int:
        if i == len(self.tiles):
            return 1
        total = 0
        for j in self.allowed[i]:
            if caps[j]:
                total += self._ways(i + 1, _take(caps, j))
        return total

    def world(self, index: int) -> World:
        """The consistent deal number ``index`` (0 <= index < count), a bijection onto all of them."""
        if not 0 <= index < self.count:
            raise IndexError(f"world index {index} outside 0..{self.count - 1}")
        hands = [0] * (len(self.others) + 1)  # the other seats', then out of play
        caps = self.need
        for i, tile in enumerate(self.tiles):
            for j, after, below in self._branches(i, caps):
                if index < below:
                    hands[j] |= 1 << tile
                    caps = after
                    break
                index -= below
        out = [0] * self.view.rules.seats
        out[self.view.seat] = self.own
        for j, s in enumerate(self.others):
            out[s] = hands[j] | self.shown[j]
        return tuple(out)  # type: ignore[return-value]

    def _branches(self, i: int, caps: tuple[int, ...]) -> list[tuple[int, tuple[int, ...], int]]:
        """Where tile ``i`` may go from capacities ``caps``: (seat position, capacities after, deals
        below that branch), in index order. Kept, since hints draw hundreds of worlds a view."""
        key = (i, caps)
        found = self._branch_cache.get(key)
        if found is None:
            found = []
            for j in self.allowed[i]:
                if caps[j]:
                    after = _take(caps, j)
                    found.append((j, after, self._ways(i + 1, after)))
            self._branch_cache[key] = found
        return found

    def sample(self, n: int, seed: int | None = None) -> list[World]:
        """``n`` independent, exactly uniform draws (with replacement) from ``random.Random(seed)``
        (at most ``MAX_WORLDS``)."""
        n = world_count(n, "n", low=0)
        return list(itertools.islice(self.stream(seed), n))

    def stream(self, seed: int | None = None) -> Iterator[World]:
        """The same draws one at a time, without end (``sample(n, seed)`` is its first ``n``)."""
        rng = random.Random(seed_value(seed))  # checked now, not at the first draw
        return self._draws(rng)

    def _draws(self, rng: random.Random) -> Iterator[World]:
        while True:
            yield self.world(rng.randrange(self.count))

    def __iter__(self) -> Iterator[World]:
        for k in range(self.count):
            yield self.world(k)

    def __len__(self) -> int:
        return self.count


def _take(caps: tuple[int, ...], j: int) -> tuple[int, ...]:
    return caps[:j] + (caps[j] - 1,) + caps[j + 1 :]


def out_of_play(view: PlayerView, world: World) -> int:
    """The tiles of ``world`` in no hand, not played and not gone: Moon's widow before the exchange,
    its discard after it (docs/rules.md §4.1); 0 in a game that deals every tile."""
    held = 0
    for m in world:
        held |= m
    seen = mask_of(t.tile for _, t in view.plays) | mask_of(view.gone)
    return set_mask(view.rules) & ~held & ~seen


def core_position(view: PlayerView, hands: list[int] | tuple[int, ...]) -> Any:
    """The C++ position of a world: ``hands`` are the current hands as tile masks, seat by seat (the
    view's own hand among them). The C++ core checks that the plays are legal with these hands."""
    if view.trump is None:
        raise InvalidViewError("the view has no trump yet (bidding): no position to build")
    fixed = _fixed_args(view)
    return _core.texas42.Position(fixed[0], fixed[1], [bits_of(m) for m in hands], *fixed[2:])


def _fixed_args(view: PlayerView) -> tuple[Any, ...]:
    """The arguments of the C++ position that every world of a view shares (kept on the view:
    hints build many)."""
    cached = view.__dict__.get("_fixed")
    if cached is None:
        history = view.history
        cached = (
            view.rules._core,
            str(view.trump),
            view.leader if view.leader is not None else 0,
            [t.id for t in view.trick],
            view.contract,
            (history[0], [t.id for t in history[1]]) if history is not None else None,
        )
        object.__setattr__(view, "_fixed", cached)  # a frozen dataclass: set as its own code would
    return cached


def position_of(view: PlayerView, hands: list[int] | tuple[int, ...]) -> Position:
    """The Position of a world of ``view``: ``hands`` are the four current hands as tile masks (the
    view's own hand among them). The C++ core checks that the plays are legal with these hands."""
    return Position._wrap(core_position(view, hands))


def as_view(obj: Any) -> PlayerView:
    """A PlayerView from a view, a view/1 JSON object or string, a Position or a Game (the view of
    the seat to move)."""
    if isinstance(obj, PlayerView):
        return obj
    if isinstance(obj, (Position, Game)):
        if obj.to_move is None:
            raise InvalidViewError(f"the {'hand' if isinstance(obj, Position) else 'game'} is over: nobody is to move")
        return obj.view(obj.to_move)
    if isinstance(obj, (dict, str, bytes)):
        return PlayerView.from_json(obj)
    raise InvalidViewError(f"cannot read a player's view from {json_type(obj)}")


def _sampler(view: Any) -> WorldSampler:
    """The sampler of a view, or of anything ``as_view`` reads one from (view JSON, a Position...)."""
    return WorldSampler(as_view(view))


def count_worlds(view: Any) -> int:
    """How many deals of the hidden tiles agree with the view."""
    return _sampler(view).count


def sample_worlds(view: Any, n: int, seed: int | None = None) -> list[World]:
    """``n`` deals (0 to ``MAX_WORLDS``) drawn exactly uniformly from those consistent with the view
    (same seed, same deals)."""
    return _sampler(view).sample(n, seed)


def enumerate_worlds(view: Any, limit: int = 100_000) -> list[World]:
    """Every consistent deal, when there are at most ``limit`` (up to ``MAX_WORLDS``) of them."""
    limit = whole_number(limit, "limit", 0, MAX_WORLDS)
    sampler = _sampler(view)
    if sampler.count > limit:
        raise InvalidViewError(
            f"{sampler.count} consistent deals, more than the limit {limit}: sample instead"
        )
    return list(sampler)
