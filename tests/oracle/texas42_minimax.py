"""Plain minimax for small 42 endgames (at most 4 tricks left): no pruning, no table, no ordering.

Values are the points (1 a trick + count tiles, docs/rules.md §2.5) that the team to move takes from the
current trick, tiles already on the table included, to the end of the hand. Perfect information: all
four hands are known. Tiles are (hi, lo) tuples, as in texas42_rules.
"""

from __future__ import annotations

from .texas42_rules import counter, legal_plays, trick_points, trick_winner

MAX_TRICKS = 4


def _ns_points(hands, trump, nt_doubles, leader, trick):
    """Points NS takes from the trick on the table to the end, both teams playing their best."""
    seat = (leader + len(trick)) % 4
    if not trick and not hands[seat]:
        return 0
    best = None
    for x in legal_plays(hands[seat], trick, trump, nt_doubles):
        rest = [list(h) for h in hands]
        rest[seat].remove(x)
        played = list(trick) + [x]
        if len(played) == 4:
            winner = (leader + trick_winner(played, trump, nt_doubles)) % 4
            won = trick_points(played) if winner % 2 == 0 else 0
            value = won + _ns_points(rest, trump, nt_doubles, winner, [])
        else:
            value = _ns_points(rest, trump, nt_doubles, leader, played)
        if best is None or (seat % 2 == 0 and value > best) or (seat % 2 == 1 and value < best):
            best = value
    return best


def points_left(hands, trick):
    """Every point still to be won: one a trick (the current one included) plus the counters."""
    tiles = [x for h in hands for x in h] + list(trick)
    tricks = len(tiles) // 4
    return tricks + sum(counter(x) for x in tiles)


def _check(hands, leader, trick):
    if len(trick) > 3:
        raise ValueError("a trick on the table holds at most 3 tiles")
    sizes = [len(hands[(leader + k) % 4]) + (1 if k < len(trick) else 0) for k in range(4)]
    if len(set(sizes)) != 1:
        raise ValueError(
            f"hand sizes {[len(h) for h in hands]} do not fit a trick of {len(trick)} from {leader}"
        )
    if sizes[0] > MAX_TRICKS:
        raise ValueError(
            f"{sizes[0]} tricks left: plain minimax is only for endgames of <= {MAX_TRICKS} tricks"
        )


def solve(hands, trump, leader, trick=(), nt_doubles="high"):
    """(value, {move: value}) for the team to move: the points it takes from the current trick to
    the end if both sides play perfectly, overall and after each legal move."""
    _check(hands, leader, trick)
    trick = list(trick)
    seat = (leader + len(trick)) % 4
    team = seat % 2
    total = points_left(hands, trick)
    if not trick and not hands[seat]:
        return 0, {}

    def for_team(ns_points):
        return ns_points if team == 0 else total - ns_points

    values = {}
    for x in legal_plays(hands[seat], trick, trump, nt_doubles):
        rest = [list(h) for h in hands]
        rest[seat].remove(x)
        played = trick + [x]
        if len(played) == 4:
            winner = (leader + trick_winner(played, trump, nt_doubles)) % 4
            won = trick_points(played) if winner % 2 == 0 else 0
            ns = won + _ns_points(rest, trump, nt_doubles, winner, [])
        else:
            ns = _ns_points(rest, trump, nt_doubles, leader, played)
        values[x] = for_team(ns)
    return max(values.values()), values


def value(hands, trump, leader, trick=(), nt_doubles="high"):
    """The points the team to move takes from here on with best play on both sides."""
    return solve(hands, trump, leader, trick, nt_doubles)[0]


def takes_every_trick(hands, trump, leader, trick=(), side=None, nt_doubles="high"):
    """Plunge and Splash (docs/rules.md §3.4-3.5), written plainly: whether `side` (by default the
    side to move) wins every trick from the one on the table to the end, both sides playing their
    best. Any hand size: the search stops at the first trick `side` loses."""
    trick = list(trick)
    seat = (leader + len(trick)) % 4
    side = seat % 2 if side is None else side
    if not trick and not hands[seat]:
        return True
    for x in legal_plays(hands[seat], trick, trump, nt_doubles):
        rest = [list(h) for h in hands]
        rest[seat].remove(x)
        played = trick + [x]
        if len(played) == 4:
            winner = (leader + trick_winner(played, trump, nt_doubles)) % 4
            outcome = winner % 2 == side and takes_every_trick(rest, trump, winner, [], side, nt_doubles)
        else:
            outcome = takes_every_trick(rest, trump, leader, played, side, nt_doubles)
        if outcome and seat % 2 == side:
            return True  # one tile that keeps every trick is enough for the side
        if not outcome and seat % 2 != side:
            return False  # one tile that takes a trick is enough for the others
    return seat % 2 != side  # the others found no trick to take; the side found no way to keep them all
