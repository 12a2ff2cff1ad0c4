"""A slow, plainly written Bingo referee and minimax, straight from docs/rules.md §5 and §6.3, for
perfect-information positions (the game closed or the boneyard empty). It shares no code with the
package: tiles are (high, low) pairs, hands are frozensets, and every rule is spelled out as in the
rules' pseudo-code. Claims are automatic (BINGO_CLAIM = AUTO).

Supported flags: bingo_ruleset (trick winner), bingo_led_suit, bingo_is_trump, bingo_p2_duty,
bingo_00_value_when_blank_trump, bingo_three_doubles, bingo_declare_timing,
bingo_declare_must_lead_double, bingo_declare_in_phase2, bingo_low_threshold, close_fail_3,
closer_scored_at, modern_blank_pips (and the preset values they imply).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from functools import lru_cache

PRESETS = {
    "historic": {},
    "modern_dp": {"bingo_declare_timing": "after_winning_with_double", "bingo_declare_must_lead_double": "off",
                  "close_fail_3": "off", "bingo_last_faceup_to": "winner"},
    "modern_gb": {"close_fail_3": "off", "bingo_last_faceup_to": "winner", "bingo_next_start": "alternate"},
    "modern_sp": {"bingo_p2_duty": "follow_then_trump", "close_fail_3": "off", "bingo_close_timing": "instead_of_draw"},
}
DEFAULTS = {
    "bingo_led_suit": "high_end", "bingo_is_trump": "on", "bingo_p2_duty": "follow_and_head",
    "bingo_00_value_when_blank_trump": "28", "bingo_three_doubles": "40", "bingo_declare_timing": "on_lead",
    "bingo_declare_must_lead_double": "on", "bingo_declare_in_phase2": "on", "bingo_low_threshold": "30",
    "close_fail_3": "on", "closer_scored_at": "claim", "modern_blank_pips": "7",
}


def p(n):
    return 7 if n == 0 else n


def parse_tile(text):
    a, b = int(text[0]), int(text[-1])
    return (max(a, b), min(a, b))


class Rules:
    def __init__(self, flags):
        flags = dict(flags)
        self.ruleset = flags.pop("bingo_ruleset", "historic")
        merged = dict(DEFAULTS)
        merged.update(PRESETS[self.ruleset])
        merged.update(flags)
        self.f = merged

    def __getitem__(self, key):
        return self.f[key]


class Trumps:
    """The §5.2 helper functions for one trump T (valued, 1..7)."""

    def __init__(self, rules, T):
        self.r, self.T = rules, T

    def is_bingo(self, x):
        return x == (0, 0)

    def is_double(self, x):
        return x[0] == x[1]

    def is_trump(self, x):
        return self.T in (p(x[0]), p(x[1])) or (self.is_bingo(x) and self.r["bingo_is_trump"] == "on")

    def trump_rank(self, x):
        if self.is_bingo(x):
            return 1000
        if p(x[0]) == self.T and p(x[1]) == self.T:
            return 500
        return p(x[1]) if p(x[0]) == self.T else p(x[0])

    def led_suit(self, lead):
        return p(lead[0]) if self.is_double(lead) else max(p(lead[0]), p(lead[1]))

    def belongs(self, x, s):
        return not self.is_trump(x) and s in (p(x[0]), p(x[1]))

    def rank_in(self, s, x):
        if p(x[0]) == s and p(x[1]) == s:
            return 500
        return p(x[1]) if p(x[0]) == s else p(x[0])

    def common(self, a, b):
        nums = {p(a[0]), p(a[1])} & {p(b[0]), p(b[1])}
        return max(nums) if nums else None

    def pips(self, x):
        blank = 7 if self.r["modern_blank_pips"] == "7" else 0
        return sum(blank if n == 0 else n for n in x)

    def beats(self, lead, reply):
        if self.is_bingo(reply):
            return True
        if self.is_bingo(lead):
            return False
        if self.is_trump(lead) and self.is_trump(reply):
            return self.trump_rank(reply) > self.trump_rank(lead)
        if self.is_trump(reply):
            return True
        if self.is_trump(lead):
            return False
        rs = self.r.ruleset
        if rs == "modern_dp":
            return self.pips(reply) > self.pips(lead)
        if rs == "modern_gb":
            n = self.common(lead, reply)
            if n is not None:
                return self.rank_in(n, reply) > self.rank_in(n, lead)
            return self.pips(reply) > self.pips(lead)
        if self.r["bingo_led_suit"] == "high_end":
            s = self.led_suit(lead)
            return self.belongs(reply, s) and self.rank_in(s, reply) > self.rank_in(s, lead)
        n = self.common(lead, reply)
        if n is None:
            return False
        return self.rank_in(n, reply) > self.rank_in(n, lead)

    def follows(self, lead, x):
        if self.is_trump(lead):
            return self.is_trump(x)
        if self.r["bingo_led_suit"] == "high_end":
            return self.belongs(x, self.led_suit(lead))
        return not self.is_trump(x) and self.common(lead, x) is not None

    def legal_reply(self, hand, lead):
        F = [x for x in hand if self.follows(lead, x)]
        if self.r["bingo_p2_duty"] == "follow_and_head":
            S = F if F else list(hand)
            W = [x for x in S if self.beats(lead, x)]
            return W if W else S
        if F:
            return F
        T = [x for x in hand if self.is_trump(x) or self.is_bingo(x)]
        return T if T else list(hand)

    def value(self, x):
        if self.is_bingo(x):
            if self.T == 7:
                return 28 if self.r["bingo_00_value_when_blank_trump"] == "28" else 14
            return 14
        if self.is_double(x) and p(x[0]) == self.T:
            return 28
        if self.is_double(x):
            return 2 * p(x[0])
        if self.T in (p(x[0]), p(x[1])):
            return p(x[0]) + p(x[1])
        if x in ((6, 4), (3, 0)):
            return 10
        return 0


def declaration_points(rules, doubles):
    n = len(doubles)
    base = {2: 20, 3: 40 if rules["bingo_three_doubles"] == "40" else 30, 4: 50, 5: 60, 6: 70}[n]
    return base + (10 if (0, 0) in doubles else 0)


@dataclass(frozen=True)
class State:
    hands: tuple  # (frozenset, frozenset)
    leader: int
    lead: tuple | None
    points: tuple
    tricks: tuple
    pending: tuple
    declared: tuple  # (bool, bool): has declared this deal
    closed_by: int | None
    opp_had_trick_at_close: bool
    opp_points_at_close: int
    must_lead: frozenset | None  # set just after a declaration
    just_declared: bool
    tricks_played: int
    last_win_tile: tuple | None


def game_points_claim(rules, loser_tricks, loser_points):
    if loser_tricks == 0:
        return 3
    return 2 if loser_points < int(rules["bingo_low_threshold"]) else 1


def winner_gp(rules, s, w, seven=False):
    """Game points for w winning the deal now (§5.9, §5.10)."""
    o = 1 - w
    if seven:
        return 3
    if s.closed_by == o:  # the closer failed
        return 3 if rules["close_fail_3"] == "on" and not s.opp_had_trick_at_close else 2
    if s.closed_by == w and rules["closer_scored_at"] == "close":
        return game_points_claim(rules, 1 if s.opp_had_trick_at_close else 0, s.opp_points_at_close)
    return game_points_claim(rules, s.tricks[o], s.points[o])


class Oracle:
    def __init__(self, position_json):
        pj = position_json
        self.rules = Rules(pj.get("rules") or {})
        trump = pj["trump"]
        self.tr = Trumps(self.rules, p(trump))
        hands = tuple(frozenset(parse_tile(t) for t in h) for h in pj["hands"])
        pending = [0, 0]
        points = list(pj["points"])
        declared = [False, False]
        must = None
        for d in pj.get("declarations") or []:
            declared[d["player"]] = True
            pts = declaration_points(self.rules, [parse_tile(t) for t in d["tiles"]])
            if pj["tricks"][d["player"]] == 0:
                pending[d["player"]] += pts
        if pj.get("just_declared"):
            last = pj["declarations"][-1]
            if self.rules["bingo_declare_must_lead_double"] == "on":
                must = frozenset(parse_tile(t) for t in last["tiles"]) & hands[pj["leader"]]
        closed = pj.get("closed_by")
        k = sum(pj["tricks"])
        last = pj.get("last_winning_tile")
        self.root = State(
            hands=hands, leader=pj["leader"], lead=parse_tile(pj["trick"][0]) if pj.get("trick") else None,
            points=tuple(points), tricks=tuple(pj["tricks"]), pending=tuple(pending), declared=tuple(declared),
            closed_by=closed, opp_had_trick_at_close=bool(pj.get("opponent_had_trick_at_close")),
            opp_points_at_close=pj.get("opponent_points_at_close") or 0, must_lead=must,
            just_declared=bool(pj.get("just_declared")), tricks_played=k,
            last_win_tile=parse_tile(last) if last else None,
        )
        self.solve = lru_cache(maxsize=None)(self._solve)

    # -- moves: ("tile", x) or ("declare", doubles) ; values from the mover's point of view
    def to_move(self, s):
        return s.leader if s.lead is None else 1 - s.leader

    def moves(self, s):
        me = self.to_move(s)
        hand = s.hands[me]
        if s.lead is not None:
            return [("tile", x) for x in self.tr.legal_reply(hand, s.lead)]
        leads = s.must_lead if s.just_declared and s.must_lead else hand
        out = [("tile", x) for x in leads]
        if not s.just_declared and not s.declared[me] and self.rules["bingo_declare_in_phase2"] == "on":
            timing_ok = self.rules["bingo_declare_timing"] == "on_lead" or (
                s.last_win_tile is not None and s.last_win_tile[0] == s.last_win_tile[1] and s.tricks_played > 0)
            doubles = sorted(x for x in hand if x[0] == x[1])
            if timing_ok:
                for n in range(2, len(doubles) + 1):
                    for combo in itertools.combinations(doubles, n):
                        out.append(("declare", frozenset(combo)))
        return out

    def step(self, s, move):
        """(next state, None) or (None, (winner, game points, final state))."""
        me = self.to_move(s)
        kind, arg = move
        if kind == "declare":
            if len(arg) == 7:
                return None, (me, 3, s)
            pts = declaration_points(self.rules, arg)
            points, pending = list(s.points), list(s.pending)
            if s.tricks[me] > 0:
                points[me] += pts
            else:
                pending[me] += pts
            declared = list(s.declared)
            declared[me] = True
            must = arg if self.rules["bingo_declare_must_lead_double"] == "on" else None
            t = replace(s, points=tuple(points), pending=tuple(pending), declared=tuple(declared), must_lead=must,
                        just_declared=True)
            if points[me] >= 70:
                return None, (me, winner_gp(self.rules, t, me), t)
            return t, None
        x = arg
        hands = list(s.hands)
        hands[me] = hands[me] - {x}
        if s.lead is None:
            return replace(s, hands=tuple(hands), lead=x, must_lead=None, just_declared=False), None
        lead = s.lead
        w = me if self.tr.beats(lead, x) else s.leader
        points, tricks, pending = list(s.points), list(s.tricks), list(s.pending)
        tricks[w] += 1
        points[w] += self.tr.value(lead) + self.tr.value(x)
        if tricks[w] == 1:
            points[w] += pending[w]
            pending[w] = 0
        played = s.tricks_played + 1
        if s.closed_by is None and played == 14:
            points[w] += 10
        t = replace(s, hands=tuple(hands), leader=w, lead=None, points=tuple(points), tricks=tuple(tricks),
                    pending=tuple(pending), tricks_played=played, last_win_tile=lead if w == s.leader else x)
        if points[w] >= 70:
            return None, (w, winner_gp(self.rules, t, w), t)
        if not hands[0] and not hands[1]:
            if t.closed_by is not None:
                w2 = 1 - t.closed_by
                return None, (w2, winner_gp(self.rules, t, w2), t)
            w2 = 0 if points[0] > points[1] else 1 if points[1] > points[0] else w
            return None, (w2, winner_gp(self.rules, t, w2), t)
        return t, None

    def _solve(self, s):
        me = self.to_move(s)
        best = None
        for m in self.moves(s):
            v = self.move_value(s, m, me)
            best = v if best is None else max(best, v)
        return best

    def move_value(self, s, m, me):
        t, end = self.step(s, m)
        if end is not None:
            w, gp, _ = end
            return gp if w == me else -gp
        v = self.solve(t)
        return v if self.to_move(t) == me else -v

    def all_moves(self):
        """{move name: value} for the root's player to move, and the root value."""
        s = self.root
        me = self.to_move(s)
        out = {}
        for m in self.moves(s):
            out[move_name(m)] = self.move_value(s, m, me)
        return max(out.values()), out


def tile_text(x):
    return f"{x[0]}-{x[1]}"


def move_name(m):
    kind, arg = m
    if kind == "tile":
        return tile_text(arg)
    # doubles from 6-6 down to the Bingo 0-0
    return "declare:" + ",".join(tile_text(x) for x in sorted(arg, key=lambda d: -d[0] if d[0] else 0))


class LexOracle(Oracle):
    """The same game scored lexicographically: (game points, then valid-point difference at the end),
    both from the point of view of the player to move."""

    def move_value(self, s, m, me):
        t, end = self.step(s, m)
        if end is not None:
            w, gp, final = end
            margin = final.points[me] - final.points[1 - me]
            return (gp if w == me else -gp, margin)
        v = self.solve(t)
        return v if self.to_move(t) == me else (-v[0], -v[1])
