"""What the C++ rules make of a seat's view: the deals of its hidden tiles that fit it, the C++
position of one such deal, and the auction it records replayed in the C++ game.

This module sits below the view (it reads a view's fields but never imports the view, a Position or
a Game), so that a view read from JSON is checked against one deal that fits (``view.py``), and the
sampler draws from the same numbering (``sampling.py``).

The constraints a view puts on the hidden tiles are of one kind: each hidden tile goes to one of the
other seats that is not shown void in a suit the tile follows (``view.absent``), and each seat
receives exactly its hand size. The number of ways to finish an assignment from tile ``i`` on with
seat capacities ``caps`` obeys

    ways(i, caps) = sum over allowed seats s with caps[s] > 0 of ways(i + 1, caps - e_s)

which a small table holds (capacities sum to the tiles left, so there are few states). Every
consistent deal gets an index in ``[0, count)`` (``world(k)`` walks the table), so drawing an index
uniformly draws a deal uniformly: no rejection, no bias; enumeration is the same walk for every k.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import _core
from ..errors import DominoSolverError, InvalidViewError
from ..tiles import bits_of, mask_of
from .rules import SEATS, Contract, Rules, bid_name

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = ["Auction", "Deals", "World", "core_position", "replay_auction"]

World = tuple[int, ...]  # current hands, seat by seat, as tile masks


class Deals:
    """Counts and indexes the deals of the hidden tiles that fit ``view``: ``count`` of them, and
    ``world(k)`` for each k in ``[0, count)``. Raises InvalidViewError when none fits."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.others = [s for s in range(view.rules.seats) if s != view.seat]
        self.own = mask_of(view.hand)
        hidden = view.hidden
        need = [view.hand_sizes[s] for s in self.others]
        if sum(need) != len(hidden):
            raise InvalidViewError(
                f"the other hands hold {sum(need)} tiles by hand_sizes, but {len(hidden)} tiles are unseen"
            )
        # Per hidden tile, the positions (in self.others) of the seats that may hold it.
        self.tiles = [t.id for t in hidden]
        self.allowed: list[tuple[int, ...]] = []
        for t in hidden:
            ok = tuple(j for j, s in enumerate(self.others) if not view.absent[s] >> t.id & 1)
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
            voids = {SEATS[s]: list(v) for s, v in enumerate(view.voids) if v}
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
        hands = [0] * len(self.others)
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
            out[s] = hands[j]
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


def _take(caps: tuple[int, ...], j: int) -> tuple[int, ...]:
    return caps[:j] + (caps[j] - 1,) + caps[j + 1 :]


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
            tuple(view.contract) if view.contract is not None else None,
            (history[0], [t.id for t in history[1]]) if history is not None else None,
        )
        object.__setattr__(view, "_fixed", cached)  # a frozen dataclass: set as its own code would
    return cached


class Auction(NamedTuple):
    """An auction replayed in the C++ game: who is to act and in which phase, the bids legal now
    (during the bidding), and whether the bids were all passes that threw the hand in."""

    phase: str  # "bidding" or "declaring"
    to_move: int | None
    legal_bids: tuple[int, ...]  # in the core's order
    thrown_in: bool


def replay_auction(
    rules: Rules, sizes: list[int], auction: tuple[tuple[int, int], ...], contract: Contract | None,
    to_move: int | None, legal_bids: tuple[int, ...],
) -> Auction | None:
    """Before the first lead every hand is full, and the auction replays in the core's own game:
    bids in turn, each legal, then the seat to bid, its legal bids and the contract (each checked
    against the view's when it states them). None without bids: then nothing tells who dealt."""
    full = rules.hand_size
    if any(n != full for n in sizes):
        raise InvalidViewError(f"before the first lead every hand holds {full} tiles, not {sizes}")
    if not auction:
        return None
    # Bidding does not depend on the deal: any seed does, with the dealer right of the first bidder.
    game = _core.texas42.Game(rules._core, 0, rules.seat_after(auction[0][0], -1))
    for bidder, bid in auction:
        if game.phase != "bidding" or game.to_move != bidder:
            raise InvalidViewError(f"{SEATS[bidder]} bids out of turn: the auction goes round the table once")
        try:
            game.bid(bid)
        except DominoSolverError as e:
            raise InvalidViewError(f"the auction does not replay: {e}") from None
    legal = tuple(value for kind, value in game.legal_moves if kind == "bid")
    state = Auction(game.phase, None if game.to_move < 0 else game.to_move, legal,
                    len(game.current_hand["bids"]) != len(auction))
    if state.phase == "bidding" and contract is None:
        if to_move is not None and to_move != state.to_move:
            raise InvalidViewError(f"{SEATS[auction[-1][0]]} bid last, so {SEATS[state.to_move]} is to bid, not {SEATS[to_move]}")  # type: ignore[index]
        if legal_bids and sorted(legal_bids) != sorted(legal):
            raise InvalidViewError(f"legal_bids {[bid_name(b) for b in legal_bids]} are not the bids legal here")
    elif contract is not None:
        c = game.current_hand["contract"]
        if c is None or Contract(*c) != contract:
            raise InvalidViewError(f"the auction gives the contract {None if c is None else Contract(*c)}, not {contract}")
    return state
