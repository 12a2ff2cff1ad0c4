"""A slow, plainly written Bingo minimax for positions whose boneyard is still open (phase one, the
drawing order known: a "world"), straight from docs/rules.md §5.5-§5.12: drawing after each trick
(the winner first; with two tiles left the face-up one to the loser, or to the winner under
bingo_last_faceup_to = winner), closing (after the draws, or in place of the draw under
bingo_close_timing = instead_of_draw), declarations in either phase, the last-trick bonus, claims at
70 (BINGO_CLAIM = AUTO). It shares no code with the package; the trick winner, the phase-two duty,
tile values and game points come from the closed-game oracle beside it (bingo_oracle.py), which is
written from the same rules.

Supported flags: those of bingo_oracle.py, with bingo_close_timing and bingo_last_faceup_to (one
declaration per player and deal; no trump exchange).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from functools import lru_cache

from .bingo_oracle import Rules, Trumps, declaration_points, move_name, p, parse_tile, winner_gp


@dataclass(frozen=True)
class OpenState:
    hands: tuple  # (frozenset, frozenset) of (high, low) tiles
    boneyard: tuple  # the tiles still to draw, in order, the face-up one last (empty once exhausted)
    leader: int
    lead: tuple | None
    points: tuple
    tricks: tuple
    pending: tuple
    declared: tuple  # (bool, bool)
    closed_by: int | None
    opp_had_trick_at_close: bool
    opp_points_at_close: int
    must_lead: frozenset | None
    just_declared: bool
    awaiting_draw: bool
    tricks_played: int
    last_win_tile: tuple | None


class OpenOracle:
    def __init__(self, position_json):
        pj = position_json
        self.rules = Rules(pj.get("rules") or {})
        self.flag = lambda key, default: self.rules.f.get(key, default)
        self.tr = Trumps(self.rules, p(pj["trump"]))
        hands = tuple(frozenset(parse_tile(t) for t in h) for h in pj["hands"])
        boneyard = tuple(parse_tile(t) for t in pj.get("boneyard") or [])
        closed = pj.get("closed_by")
        pending, declared, must = [0, 0], [False, False], None
        for d in pj.get("declarations") or []:
            declared[d["player"]] = True
            if pj["tricks"][d["player"]] == 0:
                pending[d["player"]] += declaration_points(self.rules, [parse_tile(t) for t in d["tiles"]])
        if pj.get("just_declared") and self.rules["bingo_declare_must_lead_double"] == "on":
            must = frozenset(parse_tile(t) for t in pj["declarations"][-1]["tiles"]) & hands[pj["leader"]]
        k = sum(pj["tricks"])
        # A trick is over but not yet drawn for: only when closing can replace the draw.
        awaiting = (closed is None and boneyard and not pj.get("trick") and self.instead_of_draw()
                    and len(hands[pj["leader"]]) == 6 and k == (14 - len(boneyard)) // 2 + 1)
        last = pj.get("last_winning_tile")
        self.root = OpenState(
            hands=hands, boneyard=boneyard, leader=pj["leader"],
            lead=parse_tile(pj["trick"][0]) if pj.get("trick") else None, points=tuple(pj["points"]),
            tricks=tuple(pj["tricks"]), pending=tuple(pending), declared=tuple(declared), closed_by=closed,
            opp_had_trick_at_close=bool(pj.get("opponent_had_trick_at_close")),
            opp_points_at_close=pj.get("opponent_points_at_close") or 0, must_lead=must,
            just_declared=bool(pj.get("just_declared")), awaiting_draw=bool(awaiting), tricks_played=k,
            last_win_tile=parse_tile(last) if last else None,
        )
        self.solve = lru_cache(maxsize=None)(self._solve)

    def instead_of_draw(self):
        return self.flag("bingo_close_timing", "after_draw") == "instead_of_draw"

    @staticmethod
    def phase_two(s):
        return s.closed_by is not None or not s.boneyard

    def to_move(self, s):
        return s.leader if s.lead is None else 1 - s.leader

    def moves(self, s):
        me = self.to_move(s)
        hand = s.hands[me]
        if s.awaiting_draw:
            return [("draw", None), ("close", None)]
        if s.lead is not None:
            if self.phase_two(s):
                return [("tile", x) for x in self.tr.legal_reply(hand, s.lead)]
            return [("tile", x) for x in hand]  # phase one: any tile (§5.5)
        leads = s.must_lead if s.just_declared and s.must_lead else hand
        out = [("tile", x) for x in leads]
        can_close = (not s.just_declared and s.boneyard and s.closed_by is None
                     and (not self.instead_of_draw() or s.tricks_played == 0))
        if can_close:
            out.append(("close", None))
        phase_ok = not self.phase_two(s) or self.rules["bingo_declare_in_phase2"] == "on"
        if not s.just_declared and not s.declared[me] and phase_ok:
            timing_ok = self.rules["bingo_declare_timing"] == "on_lead" or (
                s.last_win_tile is not None and s.last_win_tile[0] == s.last_win_tile[1] and s.tricks_played > 0)
            doubles = sorted(x for x in hand if x[0] == x[1])
            if timing_ok:
                for n in range(2, len(doubles) + 1):
                    for combo in itertools.combinations(doubles, n):
                        out.append(("declare", frozenset(combo)))
        return out

    def draw(self, s):
        """Both players draw: the winner (the leader now) first (§5.5)."""
        w, loser = s.leader, 1 - s.leader
        a, b = s.boneyard[0], s.boneyard[1]
        if len(s.boneyard) == 2 and self.flag("bingo_last_faceup_to", "loser") == "winner":
            a, b = b, a  # the face-up tile (the last) to the winner
        hands = list(s.hands)
        hands[w] = hands[w] | {a}
        hands[loser] = hands[loser] | {b}
        return replace(s, hands=tuple(hands), boneyard=s.boneyard[2:], awaiting_draw=False)

    def end(self, t, w):
        return None, (w, winner_gp(self.rules, t, w), t)

    def step(self, s, move):
        """(next state, None) or (None, (winner, game points, final state))."""
        me = self.to_move(s)
        kind, arg = move
        if kind == "draw":
            return self.draw(s), None
        if kind == "close":
            o = 1 - me
            return replace(s, closed_by=me, opp_had_trick_at_close=s.tricks[o] > 0, opp_points_at_close=s.points[o],
                           awaiting_draw=False), None
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
            return self.end(t, me) if points[me] >= 70 else (t, None)
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
            return self.end(t, w)
        if t.closed_by is None and t.boneyard:
            if self.instead_of_draw():
                t = replace(t, awaiting_draw=True)
            else:
                t = self.draw(t)
        if not t.hands[0] and not t.hands[1] and not t.awaiting_draw:
            if t.closed_by is not None:
                return self.end(t, 1 - t.closed_by)
            return self.end(t, 0 if points[0] > points[1] else 1 if points[1] > points[0] else w)
        return t, None

    def _solve(self, s):
        me = self.to_move(s)
        return max(self.move_value(s, m, me) for m in self.moves(s))

    def move_value(self, s, m, me):
        t, end = self.step(s, m)
        if end is not None:
            w, gp, _ = end
            return gp if w == me else -gp
        v = self.solve(t)
        return v if self.to_move(t) == me else -v

    def all_moves(self):
        """(root value, {move name: value}) for the root's player to move."""
        s = self.root
        me = self.to_move(s)
        out = {open_move_name(m): self.move_value(s, m, me) for m in self.moves(s)}
        return max(out.values()), out


def open_move_name(m):
    return m[0] if m[0] in ("draw", "close") else move_name(m)
