"""Plain minimax for The Big Game's endgames (docs/rules.md §4.3, with §1.2-1.5 on the double-eight
set): every hand known, no pruning and no move ordering; a memo of the states met at a trick's start keeps
five-trick endgames within reach. Written from the rules text alone: it imports nothing from
dominosolver, and the tests convert at the boundary.

Representation:
- a tile is a tuple ``(hi, lo)`` with ``hi >= lo``, numbers 0..8;
- a play is a pair ``(tile, low)``: ``low`` is False for a tile played as itself and True for the
  lower-end lead, which leads ``[7-3]`` as a three or ``[8-2]`` as a two; written "7-3" and "7-3:3";
- ``trump`` is a number 0..8, ``"doubles"`` or ``"none"`` (follow-me, its doubles ``nt_doubles``:
  ``"high"``, ``"low"`` or ``"own_suit"``, docs/rules.md §3.1);
- seats 0..3 are N E S W, partners opposite: the team of a seat is ``seat % 2`` (0 = NS).

Values are points (a trick 1, plus the counters, §4.3: pip total 5 scores 5, pip total 10 scores 10)
that the team to move takes from the current trick, tiles on the table included, to the end."""

from __future__ import annotations

from functools import lru_cache

TRUMP, DOUBLES = "trump", "D"
LOWER_END = ((7, 3), (8, 2))  # the tiles that may be led in their lower number's suit
ALL_TILES = tuple((h, low) for h in range(9) for low in range(h + 1))
DECLARATIONS = (*range(9), "doubles", "none")


def tile(text: str) -> tuple[int, int]:
    a, b = int(text[0]), int(text[2])
    return (max(a, b), min(a, b))


def play_of(text: str):
    """``"7-3:3"`` -> ``((7, 3), True)``; ``"6-4"`` -> ``((6, 4), False)``."""
    return (tile(text[:3]), ":" in text)


def play_text(play) -> str:
    (hi, lo), low = play
    return f"{hi}-{lo}:{lo}" if low else f"{hi}-{lo}"


def counter(x) -> int:
    return {5: 5, 10: 10}.get(x[0] + x[1], 0)


def is_trump(x, trump) -> bool:
    if trump == "doubles":
        return x[0] == x[1]
    if trump == "none":
        return False
    return trump in x


def own_suit_doubles(trump, nt_doubles) -> bool:
    return trump == "none" and nt_doubles == "own_suit"


def called(play, trump, nt_doubles) -> object:
    """§1.4: the suit a lead calls: trumps; a double its number (or D); the high end; or, led low,
    the lower number."""
    x, low = play
    if is_trump(x, trump):
        return TRUMP
    if low:
        return x[1]
    if x[0] == x[1] and own_suit_doubles(trump, nt_doubles):
        return DOUBLES
    return x[0]


def follows(x, suit, trump, nt_doubles) -> bool:
    if suit == TRUMP:
        return is_trump(x, trump)
    if is_trump(x, trump):
        return False
    if suit == DOUBLES:
        return x[0] == x[1]
    if x[0] == x[1] and own_suit_doubles(trump, nt_doubles):
        return False
    return suit in x


def rank(x, suit, trump, nt_doubles) -> int:
    """Larger is stronger, for a tile of `suit`."""
    if suit == TRUMP:
        if trump == "doubles":
            return x[0]
        return 100 if x[0] == x[1] else (x[1] if x[0] == trump else x[0])
    if suit == DOUBLES:
        return x[0]
    if x[0] == x[1]:
        return -1 if trump == "none" and nt_doubles == "low" else 100
    return x[1] if x[0] == suit else x[0]


def legal_plays(hand, trick, trump, nt_doubles="high"):
    """The plays open to a seat holding `hand` with `trick` (plays) on the table: leading, any tile,
    and 7-3 or 8-2 also low when it is no trump (§4.3); following, a tile of the suit led if any."""
    if not trick:
        plays = [(x, False) for x in hand]
        plays += [(x, True) for x in hand if x in LOWER_END and not is_trump(x, trump)]
        return plays
    suit = called(trick[0], trump, nt_doubles)
    following = [(x, False) for x in hand if follows(x, suit, trump, nt_doubles)]
    return following or [(x, False) for x in hand]


def trick_winner(plays, trump, nt_doubles="high") -> int:
    """The place (0 = the lead) of the play that wins a complete trick: the highest trump, else the
    highest tile of the suit led (the led tile counts as of its suit, whichever end it called)."""
    trumps = [i for i, (x, _) in enumerate(plays) if is_trump(x, trump)]
    if trumps:
        return max(trumps, key=lambda i: rank(plays[i][0], TRUMP, trump, nt_doubles))
    suit = called(plays[0], trump, nt_doubles)
    following = [0] + [i for i, (x, _) in enumerate(plays) if i and follows(x, suit, trump, nt_doubles)]
    return max(following, key=lambda i: rank(plays[i][0], suit, trump, nt_doubles))


def points_left(hands, trick) -> int:
    tiles = [x for h in hands for x in h] + [x for x, _ in trick]
    return len(tiles) // 4 + sum(counter(x) for x in tiles)


def _check(hands, leader, trick):
    if len(trick) > 3:
        raise ValueError("a trick on the table holds at most 3 plays")
    sizes = [len(hands[(leader + k) % 4]) + (1 if k < len(trick) else 0) for k in range(4)]
    if len(set(sizes)) != 1:
        raise ValueError(f"hand sizes {[len(h) for h in hands]} do not fit a trick of {len(trick)} led by {leader}")
    if sizes[0] > 5:
        raise ValueError(f"{sizes[0]} tricks left: the plain minimax is for endgames of at most 5 tricks")


def solve(hands, trump, leader, trick=(), nt_doubles="high"):
    """(value, {play: value}) for the team to move: the points it takes from the current trick to
    the end with best play on both sides, overall and after each legal play."""
    _check(hands, leader, trick)
    seat = (leader + len(trick)) % 4
    if not trick and not hands[seat]:
        return 0, {}
    total = points_left(hands, trick)

    # Each state at a trick's start is valued once (the plays within a trick reach no state twice).
    @lru_cache(maxsize=None)
    def from_trick_start(hands, leader):
        return ns_points(hands, leader, ())

    def ns_points(hands, leader, trick):
        """NS's points from the trick on the table on; `hands` a tuple of frozensets."""
        seat = (leader + len(trick)) % 4
        if not trick and not hands[seat]:
            return 0
        values = [after(hands, leader, trick, seat, p) for p in legal_plays(sorted(hands[seat]), trick, trump, nt_doubles)]
        return max(values) if seat % 2 == 0 else min(values)

    def after(hands, leader, trick, seat, play):
        rest = tuple(h - {play[0]} if s == seat else h for s, h in enumerate(hands))
        played = [*trick, play]
        if len(played) < 4:
            return ns_points(rest, leader, played)
        winner = (leader + trick_winner(played, trump, nt_doubles)) % 4
        won = 1 + sum(counter(x) for x, _ in played)
        return (won if winner % 2 == 0 else 0) + from_trick_start(rest, winner)

    state = tuple(frozenset(h) for h in hands)
    moves = {}
    for p in legal_plays(sorted(hands[seat]), list(trick), trump, nt_doubles):
        ns = after(state, leader, list(trick), seat, p)
        moves[p] = ns if seat % 2 == 0 else total - ns
    return max(moves.values()), moves
