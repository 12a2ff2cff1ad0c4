"""Reference rules of Texas 42, written plainly from docs/rules.md §1.2-1.6, §2.2, §2.4-2.7 and the
special contracts of §3.3-3.6 (Nel-O, Plunge, Splash, Sevens).

It imports nothing from dominosolver: the tests convert at the boundary.

Representation:
- a tile is a tuple ``(hi, lo)`` with ``hi >= lo``; ``tile("4-6") == (6, 4)``;
- ``trump`` is an int 0..6 (that number is trumps), ``"doubles"``, ``"none"``, ``"sevens"``, or
  Nel-O: ``"nello"`` (doubles a suit of their own), ``"nello-high"``, ``"nello-low"``;
- ``nt_doubles`` is ``"high"``, ``"low"`` or ``"own_suit"``; it only matters in follow-me
  (§3.1: it is the follow-me doubles option), so with trumps the doubles are always high, and in
  Nel-O they are as its name says (§3.3);
- a called suit is a number 0..6, ``TRUMP`` or ``DOUBLES`` (the follow-me doubles suit ``D``);
- seats 0..3 are N E S W; the team of a seat is ``seat % 2`` (0 = NS, 1 = EW); in Nel-O the
  declarer's partner sits out and tricks have 3 tiles;
- a bid is ``Bid(value, kind)``: value 30..41, 42·k for k marks, 0 for a pass, ``"game"`` (the
  points game's bid over 168); kind ``"ordinary"``, ``"plunge"`` or ``"splash"``."""

from __future__ import annotations

from typing import NamedTuple

TRUMP = "trump"
DOUBLES = "D"
ORDINARY, PLUNGE, SPLASH = "ordinary", "plunge", "splash"


class Bid(NamedTuple):
    value: int | str
    kind: str = ORDINARY


PASS = Bid(0)
GAME = Bid("game")

TRUMP_MODES = (0, 1, 2, 3, 4, 5, 6, "doubles", "none")
NELLO_DOUBLES = {"nello": "own_suit", "nello-high": "high", "nello-low": "low"}  # §3.3
NT_DOUBLES = ("high", "low", "own_suit")
ALL_TILES = tuple((h, low) for h in range(7) for low in range(h + 1))
HAND_POINTS = 42
TRICKS = 7


# ---------------------------------------------------------------- tiles


def tile(text: str) -> tuple[int, int]:
    """``"6-4"``, ``"4-6"`` or ``"64"`` -> ``(6, 4)``."""
    digits = text.replace("-", "")
    a, b = int(digits[0]), int(digits[1])
    return (max(a, b), min(a, b))


def tile_text(x: tuple[int, int]) -> str:
    return f"{x[0]}-{x[1]}"


def is_double(x):
    return x[0] == x[1]


def counter(x):
    """§1.6: pip total 10 scores 10, pip total 5 scores 5, every other tile 0."""
    pips = x[0] + x[1]
    if pips == 10:
        return 10
    if pips == 5:
        return 5
    return 0


def trick_points(plays):
    """§2.5: one point for the trick plus its count tiles."""
    return 1 + sum(counter(x) for x in plays)


# ------------------------------------------------------------ suits, following, winning (§1.2-1.5)


def is_trump(x, trump):
    if trump == "doubles":
        return is_double(x)
    if trump in ("none", "sevens") or trump in NELLO_DOUBLES:
        return False
    return trump in x


def distance(x):
    """§3.6: how far a tile's pip total is from 7."""
    return abs(x[0] + x[1] - 7)


def doubles_mode(trump, nt_doubles):
    """The follow-me doubles option applies only to follow-me; Nel-O names its own (§3.3)."""
    if trump in NELLO_DOUBLES:
        return NELLO_DOUBLES[trump]
    return nt_doubles if trump == "none" else "high"


def led_suit(lead, trump, nt_doubles="high"):
    """§1.4: the suit a led tile calls."""
    if is_trump(lead, trump):
        return TRUMP
    if is_double(lead):
        if doubles_mode(trump, nt_doubles) == "own_suit":
            return DOUBLES
        return lead[0]
    return lead[0]  # the high end


def follows(x, suit, trump, nt_doubles="high"):
    """§1.5 follows(X, suit)."""
    if suit == TRUMP:
        return is_trump(x, trump)
    if is_trump(x, trump):
        return False
    if suit == DOUBLES:
        return is_double(x)
    if is_double(x) and doubles_mode(trump, nt_doubles) == "own_suit":
        return False
    return suit in x


def legal_plays(hand, trick, trump, nt_doubles="high"):
    """§1.5 legal_plays: `trick` holds the tiles already on the table (empty when leading). Under
    Sevens (§3.6) every player, the leader too, plays a tile of the least distance it holds."""
    if trump == "sevens":
        nearest = min(distance(x) for x in hand)
        return [x for x in hand if distance(x) == nearest]
    if not trick:
        return list(hand)
    suit = led_suit(trick[0], trump, nt_doubles)
    following = [x for x in hand if follows(x, suit, trump, nt_doubles)]
    if following:
        return following
    return list(hand)


def other_end(x, number):
    return x[1] if x[0] == number else x[0]


def rank_in(suit, x, trump, nt_doubles="high"):
    """§1.5 rank_in: larger is stronger; only for tiles that follow `suit`."""
    if suit == TRUMP and trump == "doubles":
        return x[0]
    if suit == TRUMP:
        return 100 if is_double(x) else other_end(x, trump)
    if suit == DOUBLES:
        return x[0]
    if is_double(x):
        return -1 if doubles_mode(trump, nt_doubles) == "low" else 100
    return other_end(x, suit)


def trick_winner(plays, trump, nt_doubles="high", favoured=()):
    """§1.5 trick_winner: the index (in playing order) of the winning tile. Under Sevens (§3.6) the
    least distance wins, a tie going to the first played, or (SEVENS_TIE = BIDDERS_WIN_TIES) to the
    first of those played by the declaring side, whose places in the trick are `favoured`."""
    if trump == "sevens":
        nearest = min(distance(x) for x in plays)
        tied = [i for i, x in enumerate(plays) if distance(x) == nearest]
        ours = [i for i in tied if i in favoured]
        return (ours or tied)[0]
    trumps = [i for i, x in enumerate(plays) if is_trump(x, trump)]
    if trumps:
        return max(trumps, key=lambda i: rank_in(TRUMP, plays[i], trump, nt_doubles))
    suit = led_suit(plays[0], trump, nt_doubles)
    following = [i for i, x in enumerate(plays) if follows(x, suit, trump, nt_doubles)]
    return max(following, key=lambda i: rank_in(suit, plays[i], trump, nt_doubles))


class HandState:
    """A hand in play: the tiles each seat holds, the trick on the table, points and tricks per
    team.

    ``first_lead_trump`` is the §2.4 flag (the first lead of the hand must be a trump if the leader
    has one); ``first_trick`` says whether the next lead would be the hand's first; ``sits_out`` is
    the seat that takes no part (Nel-O's partner, §3.3), or None."""

    def __init__(
        self,
        hands,
        trump,
        leader,
        trick=(),
        nt_doubles="high",
        first_lead_trump=False,
        first_trick=None,
        tie_side=None,
        sits_out=None,
    ):
        self.hands = [list(h) for h in hands]
        self.trump = trump
        self.nt_doubles = nt_doubles
        self.leader = leader
        self.trick = list(trick)
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.first_lead_trump = first_lead_trump
        self.sits_out = sits_out
        self.seats = [s for s in range(4) if s != sits_out]  # the seats in play, clockwise
        if first_trick is None:
            first_trick = all(len(hands[s]) == TRICKS for s in self.seats) and not trick
        self.first_trick = first_trick
        self.tie_side = tie_side  # Sevens under BIDDERS_WIN_TIES: the declaring side (§3.6)
        self.last_winner = None

    def after(self, seat, k):
        """The seat `k` places after `seat` among those in play."""
        i = self.seats.index(seat)
        return self.seats[(i + k) % len(self.seats)]

    @property
    def to_move(self):
        return self.after(self.leader, len(self.trick))

    @property
    def is_over(self):
        return not self.trick and not self.hands[self.leader]

    def legal(self):
        hand = self.hands[self.to_move]
        if not self.trick and self.first_trick and self.first_lead_trump:
            trumps = [x for x in hand if is_trump(x, self.trump)]
            if trumps:
                return trumps
        return legal_plays(hand, self.trick, self.trump, self.nt_doubles)

    def play(self, x):
        """Play `x` for the seat to move. Returns (winning seat, trick points) when it ends a
        trick."""
        if x not in self.legal():
            raise ValueError(f"{tile_text(x)} is not legal here")
        self.hands[self.to_move].remove(x)
        self.trick.append(x)
        if len(self.trick) < len(self.seats):
            return None
        favoured = [k for k in range(len(self.seats)) if self.after(self.leader, k) % 2 == self.tie_side]
        winner = self.after(self.leader, trick_winner(self.trick, self.trump, self.nt_doubles, favoured))
        points = trick_points(self.trick)
        self.points[winner % 2] += points
        self.tricks[winner % 2] += 1
        self.leader = winner
        self.last_winner = winner
        self.trick = []
        self.first_trick = False
        return winner, points


# ---------------------------------------------------------------- bidding (§2.2, §3.4-3.5)


def marks_value(bid):
    """m(bid): 1 for 30..42, k for 42·k."""
    return 1 if bid.value <= 42 else bid.value // 42


def bid_above(bid, high):
    """Whether `bid` is above the high bid `high` (PASS when nobody has bid); "game" tops
    everything."""
    if high == GAME:
        return False
    if bid == GAME:
        return True
    return bid.value > high.value


def bid_legal(bid, high, mark_jump="strict", scoring="marks"):
    """§2.2 legal(b, H) for a bid of the ladder, with the MARK_JUMP flag and the points game's "Game"
    bid (legal only directly over 168, whatever its kind)."""
    if bid == GAME:
        return scoring == "points" and high.value == 168
    if not bid_above(bid, high):
        return False
    if 30 <= bid.value <= 41:
        return True
    if bid.value < 30 or bid.value % 42 != 0:
        return False
    k = bid.value // 42
    if k <= 2 or mark_jump == "free":
        return True
    return high.value == 42 * (k - 1)


def candidate_bids(max_marks=7):
    """Every bid of the ladder from 30 up to `max_marks` marks, then "game". docs/rules.md sets no
    top mark bid; the caller chooses how far to look."""
    return [Bid(v) for v in range(30, 42)] + [Bid(42 * k) for k in range(1, max_marks + 1)] + [GAME]


# §3.4-3.5: doubles a hand needs for each special bid, and its least size in marks.
DOUBLES_NEEDED = {PLUNGE: 4, SPLASH: 3}


def special_bid(kind, hand, high, least_marks):
    """The Plunge or Splash open to `hand` over `high`, or None: enough doubles, nothing tops "game",
    and 42·max(least, k + 1) over a high bid of k marks (a point bid is 1 mark, none 0)."""
    if sum(is_double(x) for x in hand) < DOUBLES_NEEDED[kind] or high == GAME:
        return None
    k = 0 if high == PASS else marks_value(high)
    return Bid(42 * max(least_marks, k + 1), kind)


def high_bid(bids):
    high = PASS
    for b in bids:
        if b != PASS and bid_above(b, high):
            high = b
    return high


def auction_choices(
    bids, all_pass="redeal", forced_exact_30=False, mark_jump="strict", scoring="marks", max_marks=7,
    hand=(), specials="none", plunge_marks=4, splash_marks=2,
):
    """The legal calls for the next bidder, holding `hand`, after `bids` (one round, 4 turns): PASS,
    the ladder's bids, then (with SPECIALS = ALL) a Plunge and a Splash where the hand holds them.

    FORCED_DEALER: when the first three passed, the dealer (last to bid) may not pass and must bid
    at least 30 (exactly 30 with FORCED_EXACT_30)."""
    assert len(bids) < 4
    high = high_bid(bids)
    forced = all_pass == "forced_dealer" and len(bids) == 3 and high == PASS
    if forced and forced_exact_30:
        return [Bid(30)]
    out = [] if forced else [PASS]
    out += [b for b in candidate_bids(max_marks) if bid_legal(b, high, mark_jump, scoring)]
    if specials == "all":
        for kind, least in ((PLUNGE, plunge_marks), (SPLASH, splash_marks)):
            special = special_bid(kind, hand, high, least)
            out += [special] if special else []
    return out


def auction_winner(bids, dealer):
    """(declarer seat, bid) after a full round started left of the dealer, or None if all passed."""
    best = None
    high = PASS
    for i, b in enumerate(bids):
        if b != PASS and bid_above(b, high):
            high = b
            best = (dealer + 1 + i) % 4
    return None if best is None else (best, high)


def namer(declarer, bid):
    """§2.3, §3.4-3.5: who names the declaration and leads trick 1: the declarer, or after a Plunge
    or a Splash its partner (who may name a suit, doubles or follow-me)."""
    return (declarer + 2) % 4 if bid.kind in (PLUNGE, SPLASH) else declarer


# ---------------------------------------------------------------- scoring a hand (§2.5-2.6, §3.4)


def is_all_tricks_bid(bid):
    return bid == GAME or bid.value >= 42


def declarations(bid, specials="none", scoring="marks", nello_min="1_mark", nello_doubles_allowed="own_suit_high",
                 nello_in_points="off"):
    """§2.3, §3.3-3.6: what may be named after `bid`: the ordinary declarations, and on an ordinary
    bid (with SPECIALS = ALL) Sevens on a mark bid, and Nel-O on a mark bid (NELLO_MIN = ANY_BID: any
    bid), in the points game only with NELLO_IN_POINTS = AS_MARKS, its doubles own suit or high
    (NELLO_DOUBLES_ALLOWED = ALL: low too)."""
    if specials != "all" or bid.kind != ORDINARY:
        return TRUMP_MODES
    sevens = ("sevens",) if is_all_tricks_bid(bid) else ()
    nello_bid = nello_min == "any_bid" or is_all_tricks_bid(bid)
    nello_game = scoring == "marks" or nello_in_points == "as_marks"
    nello = ("nello", "nello-high") + (("nello-low",) if nello_doubles_allowed == "all" else ())
    return TRUMP_MODES + sevens + (nello if nello_bid and nello_game else ())


def ends_at_first_loss(bid, trump):
    """§3.4-3.6: Plunge, Splash and Sevens end at the first trick the declaring side loses."""
    return bid.kind != ORDINARY or trump == "sevens"


def sits_out(declarer, trump):
    """§3.3: the seat that takes no part: Nel-O's partner, else None."""
    return (declarer + 2) % 4 if trump in NELLO_DOUBLES else None


def hand_decided(
    bid, us_points, them_points, them_tricks, tricks_played, scoring="marks", play_out="auto", trump=None,
    us_tricks=0,
):
    """§2.6: True once the declaring side has made its bid, False once it is set, None while open.

    Marks scoring (with PLAY_OUT = AUTO) stops as soon as the result is certain; points scoring (or
    PLAY_OUT = ALWAYS) plays all 7 tricks. A Plunge, a Splash or Sevens ends at the first trick lost,
    always (§3.4); Nel-O at the first trick the declarer takes (§3.3)."""
    finished = tricks_played == TRICKS
    if trump in NELLO_DOUBLES:
        return False if us_tricks > 0 else True if finished else None
    early = (scoring == "marks" and play_out == "auto") or ends_at_first_loss(bid, trump)
    if is_all_tricks_bid(bid):
        if early and them_tricks > 0:
            return False
        if finished:
            return them_tricks == 0
        return None
    if early:
        if us_points >= bid.value:
            return True
        if them_points > HAND_POINTS - bid.value:
            return False
    if finished:
        return us_points >= bid.value
    return None


def score_hand(bid, made, us_points, them_points, scoring="marks", points_made="taken", trump=None):
    """§2.5: (declaring side's score, opponents' score) in marks or points. A "game" bid scores
    nothing: it decides the game (see game_winner). A Plunge or a Splash scores as its mark bid;
    Nel-O its marks, in the points game 42 per mark, whatever the points taken (§3.3)."""
    if bid == GAME:
        return 0, 0
    if scoring == "marks":
        return (marks_value(bid), 0) if made else (0, marks_value(bid))
    if trump in NELLO_DOUBLES:
        won = HAND_POINTS * marks_value(bid)
        return (won, 0) if made else (0, won)
    if bid.value <= 42:
        if made:
            return (us_points if points_made == "taken" else bid.value), them_points
        return 0, bid.value + them_points
    if made:
        return bid.value, 0
    return 0, bid.value + them_points


def game_winner(scores, declarer_team, bid, made, scoring="marks", points_tie="bidder_out"):
    """§2.5/2.7: the winning team after a hand whose scores are now `scores` (NS, EW), or None.

    The first side to 7 marks or 250 points wins; "game" decides at once; if both sides reach 250
    together, the declaring side wins when it made its bid (BIDDER_OUT), else the higher total."""
    if bid == GAME:
        return declarer_team if made else 1 - declarer_team
    target = 7 if scoring == "marks" else 250
    reached = [team for team in (0, 1) if scores[team] >= target]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2:
        if points_tie == "bidder_out" and made:
            return declarer_team
        if scores[0] != scores[1]:
            return 0 if scores[0] > scores[1] else 1
        return "tie"  # docs/rules.md does not settle an exact tie of totals
    return None
