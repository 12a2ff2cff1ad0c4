#include "dominosolver/bingo/position.hpp"

#include <algorithm>

#include "dominosolver/core/errors.hpp"

namespace dominosolver::bingo {

std::string player_name(int p) { return "player " + std::to_string(p); }

namespace {

std::string tiles_text(TileMask m) {
  std::string out;
  for (int id = kDeckTiles - 1; id >= 0; --id)
    if ((m >> id) & 1) out += (out.empty() ? "" : " ") + tile_name(id);
  return out.empty() ? "(none)" : out;
}

}  // namespace

int trump_for(const Rules& rules, const PositionSpec& spec) {
  if (spec.turned < 0 || spec.turned >= kDeckTiles) throw InvalidPositionError("turned: " + not_a_bingo_tile(spec.turned));
  const int from_turned = trump_of_turned(spec.turned);
  if (spec.trump < 0) return from_turned;
  if (spec.trump > 6) throw InvalidPositionError("trump " + std::to_string(spec.trump) + " is not a number 0..6");
  const int t = pip_value(spec.trump);
  if (!rules.trump_exchange && t != from_turned)
    throw InvalidPositionError("trump " + std::to_string(spec.trump) + " does not match the turned tile " +
                               tile_name(spec.turned) + " (its high end, blank = 7, makes " +
                               std::to_string(written_number(from_turned)) + " trumps)");
  if (rules.trump_exchange && pip_value(hi_end(spec.turned)) != t && pip_value(lo_end(spec.turned)) != t)
    throw InvalidPositionError("the face-up tile " + tile_name(spec.turned) + " is not a trump of " +
                               std::to_string(spec.trump));
  return t;
}

namespace {

// Why a move is illegal, in words (the move is known to be illegal).
std::string why_illegal(const Context& c, const DealState& s, const Move& m) {
  const int p = s.to_move();
  const std::string who = player_name(p);
  if (s.awaiting_draw && m.kind != Move::Kind::Draw && m.kind != Move::Kind::Close && m.kind != Move::Kind::Claim)
    return who + " won the trick and must draw (or close) first";
  switch (m.kind) {
    case Move::Kind::Tile: {
      if (m.tile < 0 || m.tile >= kDeckTiles) return not_a_bingo_tile(m.tile);
      const std::string t = tile_name(m.tile);
      if (!((s.hands[p] >> m.tile) & 1)) {
        if ((s.hands[1 - p] >> m.tile) & 1) return t + " is in " + player_name(1 - p) + "'s hand, but " + who + " is to play";
        if ((s.bone_mask >> m.tile) & 1) return t + " is in the boneyard";
        return t + " has already been played";
      }
      if (s.lead < 0) return who + " declared and must lead one of the declared doubles " + tiles_text(s.must_lead);
      const TileMask legal = legal_tiles(c, s);
      const TileMask follow = s.hands[p] & c.table.follows[s.lead];
      const std::string lead = tile_name(s.lead);
      if (follow && !((follow >> m.tile) & 1))
        return who + " must follow the lead " + lead + " (with " + tiles_text(follow) + ")";
      if (c.table.duty == P2Duty::FollowAndHead)
        return who + " must win the trick against " + lead + " if possible (with " + tiles_text(legal) + ")";
      return who + " cannot follow " + lead + " and must play a trump or the Bingo (" + tiles_text(legal) + ")";
    }
    case Move::Kind::Close:
      if (s.lead >= 0) return "only the player on lead may close, before leading";
      if (s.closed()) return "the game is already closed";
      if (s.boneyard_size() == 0) return "the boneyard is empty: there is nothing to close";
      if (s.just_declared) return "close before declaring, not after";
      if (c.rules.close_timing == CloseTiming::InsteadOfDraw) return "closing replaces the trick winner's draw";
      return "closing is not allowed now";
    case Move::Kind::Declare: {
      if (s.lead >= 0) return "only the player on lead may declare, before leading";
      if (s.just_declared) return who + " has already declared this turn";
      if (c.rules.declarations_per_deal == DeclarationsPerDeal::One && s.declarations[p] > 0)
        return who + " has already declared in this deal (one declaration per deal)";
      if (s.phase2() && !c.rules.declare_in_phase2) return "declarations are not allowed in phase two";
      if (c.rules.declare_timing == DeclareTiming::AfterWinningWithDouble && !declarable(c, s))
        return "doubles may be declared only after winning a trick with a double";
      const TileMask missing = m.doubles & ~s.hands[p];
      if (missing) return who + " does not hold " + tiles_text(missing);
      const TileMask again = m.doubles & s.declared[p];
      if (again) return who + " has already declared " + tiles_text(again);
      return "a declaration shows at least 2 doubles from the hand";
    }
    case Move::Kind::Draw: return "nothing to draw now: draws follow a won trick in phase one";
    case Move::Kind::Exchange:
      if (!c.rules.trump_exchange) return "the trump exchange is not part of these rules (bingo_trump_exchange)";
      return "the exchange needs the player on lead, with a trick won, holding the lowest trump " +
             tile_name(c.table.lowest_trump) + ", before the last two boneyard tiles";
    case Move::Kind::Claim: return "claims are automatic under these rules (bingo_claim = auto)";
  }
  return "illegal move";
}

}  // namespace

Position::Position(const Rules& rules, const PositionSpec& spec) : ctx_(rules, trump_for(rules, spec)) {
  auto bad = [](const std::string& msg) { throw InvalidPositionError(msg); };
  if (spec.leader != 0 && spec.leader != 1) bad("leader must be player 0 or 1");
  if (spec.closed_by < -1 || spec.closed_by > 1) bad("closed_by must be null, 0 or 1");

  // Every tile at most once across hands, the table and the boneyard.
  TileMask seen = 0;
  auto claim = [&](int t, const std::string& where) {
    if (t < 0 || t >= kDeckTiles) bad(where + ": " + not_a_bingo_tile(t));
    if ((seen >> t) & 1) bad("tile " + tile_name(t) + " appears twice (" + where + ")");
    seen |= bit(t);
  };
  for (int p = 0; p < kPlayers; ++p) {
    if (spec.hands[p] & ~kDeck) bad("hand of " + player_name(p) + ": " + not_a_bingo_tile(lowest(spec.hands[p] & ~kDeck)));
    for (TileMask m = spec.hands[p]; m; m &= m - 1) claim(lowest(m), "hand of " + player_name(p));
  }
  if (spec.trick.size() > 1) bad("a Bingo trick has two tiles: at most the lead can be on the table");
  for (int t : spec.trick) claim(t, "current trick");
  for (int t : spec.boneyard) claim(t, "boneyard");

  const int b = static_cast<int>(spec.boneyard.size());
  if (b > kBoneyardSize || b % kPlayers) bad("the boneyard holds " + std::to_string(b) + " tiles; it starts with 14 and loses them in pairs");
  if (b && spec.boneyard.back() != spec.turned)
    bad("the boneyard's last tile must be the face-up tile " + tile_name(spec.turned) + ", not " +
        tile_name(spec.boneyard.back()));

  for (int p = 0; p < kPlayers; ++p) {
    if (spec.tricks[p] < 0 || spec.points[p] < 0) bad("points and tricks cannot be negative");
    if (spec.tricks[p] == 0 && spec.points[p] != 0)
      bad(player_name(p) + " has won no trick, so has no valid points (a declaration waits for a trick)");
    if (spec.points[p] > 400) bad("points of " + player_name(p) + " are out of range");
  }
  const int k = spec.tricks[0] + spec.tricks[1];
  const int h = count(spec.hands[spec.leader]) + static_cast<int>(spec.trick.size());
  const int h_other = count(spec.hands[1 - spec.leader]);
  const bool closed = spec.closed_by >= 0;
  const int draws = (kBoneyardSize - b) / kPlayers;  // a draw gives each player a tile
  bool awaiting_draw = false;
  if (h != h_other)
    bad("hand sizes " + std::to_string(count(spec.hands[0])) + " and " + std::to_string(count(spec.hands[1])) +
        " cannot arise with leader " + std::to_string(spec.leader) + " and " + std::to_string(spec.trick.size()) +
        " tile(s) on the table (the leader holds one fewer once it has led)");
  if (k > kDealTricks) bad("more than 14 tricks");
  if (closed) {
    if (b == 0) bad("a closed game keeps its boneyard (out of play); it cannot be empty");
    if (k < draws || h != kHandSize - (k - draws))
      bad("a game closed with " + std::to_string(b) + " tiles in the boneyard and " + std::to_string(k) +
          " tricks played leaves " + std::to_string(kHandSize - (k - draws)) + " tiles in each hand, not " +
          std::to_string(h));
  } else if (b > 0) {
    const bool after_draw = h == kHandSize && k == draws;
    // Between a trick and its draws: closing in place of the draw, or the deal won by that trick.
    const bool before_draw = spec.trick.empty() && h == kHandSize - 1 && k == draws + 1;
    const bool won = rules.claim == ClaimMode::Auto && std::max(spec.points[0], spec.points[1]) >= kClaimPoints;
    awaiting_draw = before_draw && !won && rules.close_timing == CloseTiming::InsteadOfDraw;
    if (!after_draw && !awaiting_draw && !(before_draw && won))
      bad("in phase one each hand holds 7 tiles and the boneyard 14 - 2 x tricks; here " + std::to_string(h) +
          " tiles, " + std::to_string(b) + " in the boneyard, " + std::to_string(k) + " tricks");
  } else if (k < kHandSize) {
    bad("the boneyard is empty only after the draws of trick 7, but " + std::to_string(k) +
        " tricks are played (an unclosed game keeps its boneyard until then)");
  } else if (h != kDealTricks - k) {
    bad("with the boneyard exhausted each hand holds 14 - tricks tiles: " + std::to_string(kDealTricks - k) +
        " for " + std::to_string(k) + " tricks, not " + std::to_string(h));
  }
  if (h == 0 && !spec.trick.empty()) bad("a trick is on the table but the hands are empty");

  DealState& s = s_;
  s.hands = spec.hands;
  s.leader = static_cast<std::int8_t>(spec.leader);
  s.lead = spec.trick.empty() ? -1 : static_cast<std::int8_t>(spec.trick[0]);
  s.turned = static_cast<std::int8_t>(spec.turned);
  for (int i = 0; i < b; ++i) {
    s.boneyard[i] = static_cast<std::int8_t>(spec.boneyard[i]);
    s.bone_mask |= bit(spec.boneyard[i]);
  }
  s.bone_begin = 0;
  s.bone_end = static_cast<std::int8_t>(b);
  s.closed_by = static_cast<std::int8_t>(spec.closed_by);
  s.awaiting_draw = awaiting_draw;
  for (int p = 0; p < kPlayers; ++p) {
    s.points[p] = static_cast<std::int16_t>(spec.points[p]);
    s.tricks[p] = static_cast<std::int8_t>(spec.tricks[p]);
    if ((spec.hands[p] >> spec.turned) & 1) faceup_taken_[p] = bit(spec.turned);
  }

  if (closed) {
    if (!spec.opponent_had_trick_at_close) bad("a closed game needs opponent_had_trick_at_close (true or false)");
    const int o = 1 - spec.closed_by;
    s.opp_had_trick_at_close = *spec.opponent_had_trick_at_close;
    if (s.opp_had_trick_at_close && spec.tricks[o] == 0)
      bad(player_name(o) + " had a trick when the game was closed but has none now");
    if (rules.closer_scored_at == CloserScoredAt::Close) {
      if (!spec.opponent_points_at_close) bad("with closer_scored_at = close, a closed game needs opponent_points_at_close");
      s.opp_points_at_close = static_cast<std::int16_t>(*spec.opponent_points_at_close);
      if (s.opp_points_at_close < 0 || s.opp_points_at_close > spec.points[o] ||
          (!s.opp_had_trick_at_close && s.opp_points_at_close != 0))
        bad("opponent_points_at_close must lie between 0 and the opponent's points now (0 without a trick)");
    } else {
      s.opp_points_at_close = static_cast<std::int16_t>(spec.opponent_points_at_close.value_or(0));
    }
  } else if (spec.opponent_had_trick_at_close || spec.opponent_points_at_close) {
    // They describe a close: on an open deal they would mean nothing (and be dropped on output).
    bad(std::string(spec.opponent_had_trick_at_close ? "opponent_had_trick_at_close" : "opponent_points_at_close") +
        " is given but the game is not closed (closed_by is null)");
  }

  // Declarations: doubles the declarer held; pending until the declarer wins a trick (§5.7).
  std::array<int, kPlayers> valid_points{};
  for (std::size_t i = 0; i < spec.declarations.size(); ++i) {
    const Declaration& d = spec.declarations[i];
    if (d.player != 0 && d.player != 1) bad("a declaration's player must be 0 or 1");
    const std::string who = "declaration of " + player_name(d.player);
    if (d.tiles & ~kDoubles) bad(who + " shows a tile that is not a double");
    if (count(d.tiles) < 2) bad(who + " shows fewer than 2 doubles");
    if (d.tiles & s.declared[d.player]) bad(who + " repeats a double it declared before");
    if (d.tiles & spec.hands[1 - d.player]) bad(who + ": " + tiles_text(d.tiles & spec.hands[1 - d.player]) + " is in the other hand");
    for (int t : spec.boneyard)
      if ((d.tiles >> t) & 1) bad(who + ": " + tile_name(t) + " is in the boneyard");
    if (s.lead >= 0 && ((d.tiles >> s.lead) & 1) && spec.leader != d.player)
      bad(who + ": " + tile_name(s.lead) + " was led by the other player");
    if (rules.declarations_per_deal == DeclarationsPerDeal::One && s.declarations[d.player] > 0)
      bad(player_name(d.player) + " declared twice; one declaration per deal");
    const bool valid = spec.tricks[d.player] > 0;
    if (i < spec.declaration_valid.size() && spec.declaration_valid[i] && *spec.declaration_valid[i] != valid)
      bad(who + std::string(valid ? " is valid: its player has won a trick" : " cannot be valid before its player wins a trick"));
    s.declared[d.player] |= d.tiles;
    s.declarations[d.player] += 1;
    const int pts = declaration_points(rules, d.tiles);
    if (valid) valid_points[d.player] += pts;
    else s.pending[d.player] = static_cast<std::int16_t>(s.pending[d.player] + pts);
    decls_.push_back(d);
  }
  for (int p = 0; p < kPlayers; ++p)
    if (spec.points[p] < valid_points[p])
      bad(player_name(p) + " has " + std::to_string(spec.points[p]) + " points, fewer than its valid declarations (" +
          std::to_string(valid_points[p]) + ")");
  if (spec.just_declared) {
    if (decls_.empty() || decls_.back().player != spec.leader || s.lead >= 0 || awaiting_draw)
      bad("just_declared: the last declaration must be the leader's, who has not led yet");
    s.just_declared = true;
    if (rules.declare_must_lead_double) {
      s.must_lead = decls_.back().tiles & spec.hands[spec.leader];
      if (!s.must_lead) bad("just_declared: the leader no longer holds any declared double to lead");
    }
  }
  if (spec.last_winning_tile >= 0) {
    if (spec.last_winning_tile >= kDeckTiles || ((seen >> spec.last_winning_tile) & 1) || k == 0)
      bad("last_winning_tile must be a played tile, after a trick");
    s.last_win_tile = static_cast<std::int8_t>(spec.last_winning_tile);
  }
  if (spec.first_to_70 >= 0) {
    if (rules.claim != ClaimMode::Manual) bad("first_to_70 only applies with bingo_claim = manual");
    if (spec.first_to_70 > 1 || spec.points[spec.first_to_70] < kClaimPoints) bad("first_to_70 must name a player with 70 points");
    s.first_to_70 = static_cast<std::int8_t>(spec.first_to_70);
  } else if (rules.claim == ClaimMode::Manual) {
    const bool a = spec.points[0] >= kClaimPoints, c = spec.points[1] >= kClaimPoints;
    if (a && c) bad("both players have 70 points: say which got there first (first_to_70)");
    if (a || c) s.first_to_70 = static_cast<std::int8_t>(a ? 0 : 1);
  }
  if (rules.claim == ClaimMode::Auto && spec.points[0] >= kClaimPoints && spec.points[1] >= kClaimPoints)
    bad("both players have 70 points; with automatic claims the deal ended when the first got there");

  if (spec.claimed_by >= 0) {
    if (rules.claim != ClaimMode::Manual) bad("claimed_by only applies with bingo_claim = manual");
    if (spec.claimed_by > 1) bad("claimed_by must be 0 or 1");
    if (s.lead >= 0 ? s.to_move() != spec.claimed_by : s.leader != spec.claimed_by)
      bad("claimed_by must be the player to move");
    claimed_by_ = spec.claimed_by;
    apply(ctx_, s, Move::claim());
  }
  from_deal_start_ = k == 0 && h == kHandSize && b == kBoneyardSize && spec.trick.empty() && !closed &&
                     spec.declarations.empty() && spec.claimed_by < 0;
  settle(ctx_, s);
}

Position Position::deal(const Rules& rules, const std::array<TileMask, kPlayers>& hands, const std::vector<int>& boneyard,
                        int start) {
  if (boneyard.size() != kBoneyardSize) throw InvalidPositionError("a fresh deal has 14 boneyard tiles");
  PositionSpec spec;
  spec.turned = boneyard.back();
  spec.leader = start;
  spec.hands = hands;
  spec.boneyard = boneyard;
  if (count(hands[0]) != kHandSize || count(hands[1]) != kHandSize) throw InvalidPositionError("a fresh deal has 7 tiles a hand");
  return Position(rules, spec);
}

void Position::play(const Move& m) {
  if (s_.over())
    throw IllegalMoveError("the deal is over: " + player_name(s_.winner) + " won " + std::to_string(s_.game_points) +
                           " game point(s) (" + outcome_name(s_.outcome) + ")");
  if (!is_legal(ctx_, s_, m)) throw IllegalMoveError(m.name() + ": " + why_illegal(ctx_, s_, m));
  undo_.push_back({s_, decls_.size(), claimed_by_, faceup_taken_});
  const int p = s_.to_move();
  Event e{static_cast<std::int8_t>(p), m, m.kind == Move::Kind::Tile ? s_.lead : std::int8_t{-1},
          m.kind == Move::Kind::Tile && s_.lead >= 0 && s_.phase2()};
  const int turned = s_.turned;
  const bool faceup_in_boneyard = !s_.closed() && s_.boneyard_size() > 0;
  if (m.kind == Move::Kind::Exchange) e.took = static_cast<std::int8_t>(turned);
  const int drawn_from = s_.bone_begin, face_up_at = s_.bone_end - 1;
  apply(ctx_, s_, m);
  for (int i = drawn_from; i < s_.bone_begin; ++i) {  // the draws the move set off, in drawing order
    const int t = s_.boneyard[i];
    e.drew[i - drawn_from] = {static_cast<std::int8_t>((s_.hands[0] >> t) & 1 ? 0 : 1), static_cast<std::int8_t>(t),
                              i == face_up_at};
  }
  for (int q = 0; q < kPlayers; ++q)
    if (faceup_in_boneyard && ((s_.hands[q] >> turned) & 1)) faceup_taken_[q] |= bit(turned);
  if (m.kind == Move::Kind::Declare) decls_.push_back({p, m.doubles});
  if (m.kind == Move::Kind::Claim) claimed_by_ = p;
  events_.push_back(e);
}

void Position::undo() {
  if (undo_.empty()) throw IllegalMoveError("nothing to undo: no move was played from this position");
  const Snapshot& snap = undo_.back();
  s_ = snap.s;
  decls_.resize(snap.decls);
  claimed_by_ = snap.claimed_by;
  faceup_taken_ = snap.faceup_taken;
  undo_.pop_back();
  events_.pop_back();
}

PositionSpec Position::spec() const {
  PositionSpec spec;
  spec.trump = written_number(ctx_.table.trump);
  spec.turned = s_.turned;
  spec.leader = s_.leader;
  spec.hands = s_.hands;
  if (s_.lead >= 0) spec.trick = {s_.lead};
  spec.boneyard = boneyard();
  spec.closed_by = s_.closed_by;
  if (s_.closed()) {
    spec.opponent_had_trick_at_close = s_.opp_had_trick_at_close;
    if (ctx_.rules.closer_scored_at == CloserScoredAt::Close) spec.opponent_points_at_close = s_.opp_points_at_close;
  }
  for (int p = 0; p < kPlayers; ++p) {
    spec.points[p] = s_.points[p];
    spec.tricks[p] = s_.tricks[p];
  }
  spec.declarations = decls_;
  for (const auto& d : decls_) spec.declaration_valid.push_back(s_.tricks[d.player] > 0);
  spec.just_declared = s_.just_declared;
  if (ctx_.rules.claim == ClaimMode::Manual) {
    spec.first_to_70 = s_.first_to_70;
    spec.claimed_by = claimed_by_;
  }
  if (ctx_.rules.declare_timing == DeclareTiming::AfterWinningWithDouble) spec.last_winning_tile = s_.last_win_tile;
  return spec;
}

std::vector<std::int64_t> Position::spec_key() const {
  const PositionSpec p = spec();
  std::vector<std::int64_t> k = {p.trump, p.turned, p.leader, static_cast<std::int64_t>(p.hands[0]),
                                 static_cast<std::int64_t>(p.hands[1]), p.closed_by,
                                 p.opponent_had_trick_at_close.value_or(false), p.opponent_points_at_close.value_or(-1),
                                 p.points[0], p.points[1], p.tricks[0], p.tricks[1], p.just_declared, p.first_to_70,
                                 p.claimed_by, p.last_winning_tile, -1};
  k.insert(k.end(), p.trick.begin(), p.trick.end());
  k.push_back(-2);
  k.insert(k.end(), p.boneyard.begin(), p.boneyard.end());
  for (const auto& d : p.declarations) {
    k.push_back(-3 - d.player);
    k.push_back(static_cast<std::int64_t>(d.tiles));
  }
  return k;
}

std::vector<std::pair<int, int>> Position::phase_two_replies(int player) const {
  std::vector<std::pair<int, int>> out;
  for (const Event& e : events_)
    if (e.player == player && e.phase2 && e.move.kind == Move::Kind::Tile) out.emplace_back(e.lead, e.move.tile);
  return out;
}

std::optional<std::pair<int, int>> Position::exchange() const {
  for (const Event& e : events_)
    if (e.move.kind == Move::Kind::Exchange) return std::make_pair(static_cast<int>(e.player), static_cast<int>(e.took));
  return std::nullopt;
}

TileMask Position::shown_absent(int player) const {
  TileMask out = 0;
  for (const auto& [lead, reply] : phase_two_replies(player)) out |= ctx_.table.shown_absent(lead, reply);
  return out;
}

TileMask Position::known_tiles(int player) const {
  return (s_.declared[player] | faceup_taken_[player]) & s_.hands[player];
}

}  // namespace dominosolver::bingo
