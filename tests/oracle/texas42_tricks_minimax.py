"""Plain minimax over tricks for the all-or-nothing contracts (docs/rules.md §3): no pruning, no
ordering, no bounds; a memo of the positions already valued (the same minimax, computed once).

The declaring side must take every trick (``"every_trick"``: Plunge, Splash, Sevens) or none
(``"no_trick"``: Nel-O). Values are tricks: the tricks the side to move takes from the current trick
on (the trick on the table included), the hand played to its last trick with no early stop. The
declaring side plays to maximise its tricks (every_trick) or to minimise them (no_trick); the other
side plays for the opposite. ``"points"`` counts points instead (a trick is 1 and its counters, as
42's bids count them), on any table: three seats, or a declaring side of one.

A table is ``order``, the seats in play in the order of play (``(0, 1, 2, 3)``, or three seats when
one sits out), and ``sides``, a dict seat -> side (0 or 1). Tiles are (hi, lo) tuples and trumps as in
texas42_rules, whose legal_plays and trick_winner decide every play.
"""

from __future__ import annotations

from functools import lru_cache

from .texas42_rules import counter, legal_plays, trick_points, trick_winner

OBJECTIVES = ("every_trick", "no_trick", "points")


def solve(hands, trump, leader, trick=(), *, objective, declaring_side, order=(0, 1, 2, 3), sides=None,
          nt_doubles="high", ties_to=None):
    """(value, {move: value}) for the side to move, in tricks (points), with both sides playing to the goal.

    ``hands`` is indexed by seat (seats out of ``order`` are not read); ``leader`` is the seat that led
    the trick on the table (``trick``, in playing order); ``ties_to`` is the side that wins ties of
    strength (Sevens under bidders_win_ties), None for the first played."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}, not {objective!r}")
    sides = sides if sides is not None else {seat: seat % 2 for seat in order}
    order = tuple(order)
    n = len(order)
    if len(trick) >= n:
        raise ValueError(f"a trick of {n} holds at most {n - 1} tiles on the table")

    def seat_at(lead, k):
        return order[(order.index(lead) + k) % n]

    def declaring(seat):
        return sides[seat] == declaring_side

    def maximizes(seat):  # plays for more declaring-side tricks
        return declaring(seat) == (objective != "no_trick")

    @lru_cache(maxsize=None)
    def tricks(held, lead, table):
        """Tricks the declaring side takes from the trick on the table on."""
        mover = seat_at(lead, len(table))
        if not table and not held[mover]:
            return 0
        values = [after(held, lead, table, mover, x) for x in legal_plays(list(held[mover]), list(table), trump, nt_doubles)]
        return max(values) if maximizes(mover) else min(values)

    def after(held, lead, table, mover, x):
        rest = tuple(tuple(t for t in h if t != x) if seat == mover else h for seat, h in enumerate(held))
        played = table + (x,)
        if len(played) < n:
            return tricks(rest, lead, played)
        favoured = () if ties_to is None else tuple(k for k in range(n) if sides[seat_at(lead, k)] == ties_to)
        winner = seat_at(lead, trick_winner(list(played), trump, nt_doubles, favoured=favoured))
        won = trick_points(played) if objective == "points" else 1
        return (won if declaring(winner) else 0) + tricks(rest, winner, ())

    held = tuple(tuple(sorted(hands[seat])) if seat in order else () for seat in range(len(hands)))
    table = tuple(trick)
    mover = seat_at(leader, len(table))
    left = len(held[leader]) + (1 if table else 0)
    if objective == "points":  # every point still to be taken
        left += sum(counter(x) for h in held for x in h) + sum(counter(x) for x in table)
    if not table and not held[mover]:
        return 0, {}

    def own(d):  # the declaring side's tricks as the side to move counts its own
        return d if declaring(mover) else left - d

    moves = {x: own(after(held, leader, table, mover, x)) for x in legal_plays(list(held[mover]), list(table), trump, nt_doubles)}
    pick = max if maximizes(mover) == declaring(mover) else min
    return pick(moves.values()), moves


def makes(hands, trump, leader, trick=(), *, objective, declaring_side, order=(0, 1, 2, 3), sides=None,
          nt_doubles="high", ties_to=None, taken=(0, 0)):
    """Whether the declaring side makes its contract from here: it has lost no trick so far (``taken``:
    tricks per side) and takes every one left (every_trick), or has taken none and takes none
    (no_trick)."""
    sides = sides if sides is not None else {seat: seat % 2 for seat in order}
    value, _ = solve(hands, trump, leader, trick, objective=objective, declaring_side=declaring_side, order=order,
                     sides=sides, nt_doubles=nt_doubles, ties_to=ties_to)
    mover = tuple(order)[(tuple(order).index(leader) + len(trick)) % len(order)]
    left = len(hands[leader]) + (1 if trick else 0)
    ours = value if sides[mover] == declaring_side else left - value
    if objective == "every_trick":
        return taken[1 - declaring_side] == 0 and ours == left
    return taken[declaring_side] == 0 and ours == 0
