#include "dominosolver/bingo/state.hpp"

#include <cctype>
#include <string_view>

#include "dominosolver/core/errors.hpp"

namespace dominosolver::bingo {

namespace {

int parse_tile(const std::string& raw) {
  std::string s;
  for (char ch : raw)
    if (!std::isspace(static_cast<unsigned char>(ch))) s += ch;
  if (s.size() == 3 && (s[1] == '-' || s[1] == ':' || s[1] == '|')) s = {s[0], s[2]};
  if (s.size() != 2 || !std::isdigit(static_cast<unsigned char>(s[0])) || !std::isdigit(static_cast<unsigned char>(s[1])))
    throw ParseError("malformed tile '" + raw + "': write it as '6-4' (or '64')");
  const int a = s[0] - '0', b = s[1] - '0';
  if (a > 6 || b > 6) throw ParseError("tile " + raw + " is not in the double-six set");
  return tile_id(a, b);
}

}  // namespace

std::string Move::name() const {
  if (kind == Kind::Tile) return tile_name(tile);
  if (kind != Kind::Declare) return kind_name();
  std::string out = "declare:";
  for (int id = kDeckTiles - 1; id >= 0; --id)
    if ((doubles >> id) & 1) out.append(out.back() == ':' ? "" : ",").append(tile_name(id));
  return out;
}

const char* Move::kind_name() const {
  switch (kind) {
    case Kind::Tile: return "tile";
    case Kind::Close: return "close";
    case Kind::Declare: return "declare";
    case Kind::Draw: return "draw";
    case Kind::Exchange: return "exchange";
    case Kind::Claim: return "claim";
  }
  return "?";
}

Move Move::parse(const std::string& raw) {
  std::string text;
  for (char ch : raw) text += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.erase(text.begin());
  for (const Move word : {close(), draw(), exchange(), claim()})
    if (text == word.kind_name()) return word;
  const std::string_view declare_word = declare(0).kind_name();
  if (text.rfind(declare_word, 0) == 0) {
    const std::string rest = text.substr(declare_word.size());
    TileMask d = 0;
    std::string cur;
    auto flush = [&] {
      if (cur.empty()) return;
      const int t = parse_tile(cur);
      if (!is_double(t)) throw ParseError("a declaration shows doubles only, not " + tile_name(t));
      if (d & bit(t)) throw ParseError("double " + tile_name(t) + " declared twice in '" + raw + "'");
      d |= bit(t);
      cur.clear();
    };
    for (char ch : rest) {
      if (ch == ',' || ch == '.' || ch == ':' || ch == ' ' || ch == '+') flush();
      else cur += ch;
    }
    flush();
    if (count(d) < 2) throw ParseError("a declaration shows at least 2 doubles: '" + raw + "'");
    return declare(d);
  }
  if (text.empty()) throw ParseError("empty move");
  return of_tile(parse_tile(text));
}

std::string outcome_name(Outcome o) {
  switch (o) {
    case Outcome::None: return "none";
    case Outcome::Claim: return "claim";
    case Outcome::SevenDoubles: return "seven_doubles";
    case Outcome::FailedClose: return "failed_close";
    case Outcome::FalseClaim: return "false_claim";
    case Outcome::PlayedOut: return "played_out";
  }
  return "none";
}

TileMask legal_tiles(const Context& c, const DealState& s) {
  if (s.over() || s.awaiting_draw) return 0;
  if (s.lead < 0) {
    const TileMask hand = s.hands[s.leader];
    return s.just_declared && s.must_lead ? hand & s.must_lead : hand;
  }
  const TileMask hand = s.hands[1 - s.leader];
  return s.phase2() ? c.table.legal_reply(hand, s.lead) : hand;  // phase one: no duty (§5.5)
}

bool may_close(const Context& c, const DealState& s) {
  if (s.over() || s.lead >= 0 || s.closed() || s.boneyard_size() == 0 || s.just_declared) return false;
  if (c.rules.close_timing == CloseTiming::AfterDraw) return !s.awaiting_draw;
  return s.awaiting_draw || s.tricks_played() == 0;  // in place of the draw, or before trick 1
}

bool may_exchange(const Context& c, const DealState& s) {
  if (!c.rules.trump_exchange || s.over() || s.lead >= 0 || s.awaiting_draw || s.just_declared || s.closed())
    return false;
  const int p = s.leader;
  const int low = c.table.lowest_trump;
  return s.boneyard_size() > 2 && s.tricks[p] > 0 && low >= 0 && low != s.turned && ((s.hands[p] >> low) & 1);
}

bool may_claim(const Context& c, const DealState& s) { return c.rules.claim == ClaimMode::Manual && !s.over(); }

TileMask declarable(const Context& c, const DealState& s) {
  if (s.over() || s.lead >= 0 || s.awaiting_draw || s.just_declared) return 0;
  const int p = s.leader;
  if (c.rules.declarations_per_deal == DeclarationsPerDeal::One && s.declarations[p] > 0) return 0;
  if (s.phase2() && !c.rules.declare_in_phase2) return 0;
  if (c.rules.declare_timing == DeclareTiming::AfterWinningWithDouble &&
      !(s.last_win_tile >= 0 && is_double(s.last_win_tile) && s.tricks_played() > 0))
    return 0;
  const TileMask avail = s.hands[p] & kDoubles & ~s.declared[p];
  return count(avail) >= 2 ? avail : 0;
}

std::vector<Move> legal_moves(const Context& c, const DealState& s) {
  std::vector<Move> out;
  for (TileMask m = legal_tiles(c, s); m; m &= ~bit(highest(m))) out.push_back(Move::of_tile(highest(m)));
  if (may_close(c, s)) out.push_back(Move::close());
  if (const TileMask d = declarable(c, s)) {
    // Every subset of at least two: larger sets first, then by their highest doubles.
    std::vector<TileMask> subsets;
    for (TileMask sub = d; sub; sub = (sub - 1) & d)
      if (count(sub) >= 2) subsets.push_back(sub);
    for (int n = count(d); n >= 2; --n)
      for (TileMask sub : subsets)
        if (count(sub) == n) out.push_back(Move::declare(sub));
  }
  if (may_exchange(c, s)) out.push_back(Move::exchange());
  if (s.awaiting_draw && !s.over()) out.push_back(Move::draw());
  if (may_claim(c, s)) out.push_back(Move::claim());
  return out;
}

bool is_legal(const Context& c, const DealState& s, const Move& m) {
  switch (m.kind) {
    case Move::Kind::Tile: return m.tile >= 0 && m.tile < kDeckTiles && ((legal_tiles(c, s) >> m.tile) & 1);
    case Move::Kind::Close: return may_close(c, s);
    case Move::Kind::Declare: {
      const TileMask d = declarable(c, s);
      return d && count(m.doubles) >= 2 && (m.doubles & ~d) == 0;
    }
    case Move::Kind::Exchange: return may_exchange(c, s);
    case Move::Kind::Draw: return s.awaiting_draw && !s.over();
    case Move::Kind::Claim: return may_claim(c, s);
  }
  return false;
}

int game_points_for(const Context& c, const DealState& s, int w, Outcome how) {
  const int o = 1 - w;
  const Rules& r = c.rules;
  switch (how) {
    case Outcome::SevenDoubles: return 3;
    case Outcome::FalseClaim: return r.false_claim_3_if_no_trick && s.tricks[w] == 0 ? 3 : 2;
    case Outcome::FailedClose: return r.close_fail_3 && !s.opp_had_trick_at_close ? 3 : 2;
    default: break;
  }
  if (s.closed_by == w && r.closer_scored_at == CloserScoredAt::Close)
    return claim_game_points(r, s.opp_had_trick_at_close ? 1 : 0, s.opp_points_at_close);
  return claim_game_points(r, s.tricks[o], s.points[o]);
}

namespace {

void finish(const Context& c, DealState& s, int w, Outcome how) {
  // A win by points against a closer is the closer's failure (§5.9).
  if ((how == Outcome::Claim || how == Outcome::PlayedOut) && s.closed_by == 1 - w) how = Outcome::FailedClose;
  s.winner = static_cast<std::int8_t>(w);
  s.outcome = how;
  s.game_points = static_cast<std::int8_t>(game_points_for(c, s, w, how));
  s.awaiting_draw = false;
}

// After player p's valid total changed: the AUTO claim, or (MANUAL) remember who got there first.
bool reached_70(const Context& c, DealState& s, int p) {
  if (s.points[p] < kClaimPoints) return false;
  if (c.rules.claim == ClaimMode::Auto) {
    finish(c, s, p, Outcome::Claim);
    return true;
  }
  if (s.first_to_70 < 0) s.first_to_70 = static_cast<std::int8_t>(p);
  return false;
}

void draw_tiles(const Context& c, DealState& s, int winner) {
  const int loser = 1 - winner;
  const int a = s.boneyard[s.bone_begin], b = s.boneyard[s.bone_begin + 1];
  if (s.boneyard_size() == 2 && c.rules.last_faceup_to == LastFaceupTo::Winner) {
    s.hands[winner] |= bit(b);  // the face-up tile (the last one) to the winner
    s.hands[loser] |= bit(a);
  } else {
    s.hands[winner] |= bit(a);  // winner first; with two left, the loser gets the face-up tile (§5.5)
    s.hands[loser] |= bit(b);
  }
  s.bone_begin += 2;
  s.bone_mask &= ~(bit(a) | bit(b));
}

void hands_out(const Context& c, DealState& s) {
  if (s.closed()) {
    const int closer = s.closed_by;
    if (c.rules.claim == ClaimMode::Manual && s.first_to_70 == closer) finish(c, s, closer, Outcome::Claim);
    else finish(c, s, 1 - closer, Outcome::FailedClose);
    return;
  }
  // Unclosed: under AUTO someone passed 70 already (≥ 141 points are shared). MANUAL: the first to 70.
  // A synthetic position that reaches here with nobody at 70 goes to the higher total.
  int w = s.first_to_70;
  if (w < 0) w = s.points[0] == s.points[1] ? s.leader : (s.points[0] > s.points[1] ? 0 : 1);
  finish(c, s, w, Outcome::PlayedOut);
}

}  // namespace

void apply_tile(const Context& c, DealState& s, int tile) {
  if (s.lead < 0) {
    s.hands[s.leader] &= ~bit(tile);
    s.lead = static_cast<std::int8_t>(tile);
    s.just_declared = false;
    s.must_lead = 0;
    return;
  }
  const int leader = s.leader, follower = 1 - leader;
  const int lead = s.lead;
  const int w = c.table.beats(lead, tile) ? follower : leader;
  s.hands[follower] &= ~bit(tile);
  s.lead = -1;
  s.tricks[w] += 1;
  s.points[w] = static_cast<std::int16_t>(s.points[w] + c.table.value[lead] + c.table.value[tile]);
  if (s.tricks[w] == 1 && s.pending[w]) {  // a pending declaration counts from the first trick won (§5.7)
    s.points[w] = static_cast<std::int16_t>(s.points[w] + s.pending[w]);
    s.pending[w] = 0;
  }
  if (!s.closed() && s.tricks_played() == kDealTricks) s.points[w] += kLastTrickBonus;
  s.last_win_tile = static_cast<std::int8_t>(w == leader ? lead : tile);
  s.leader = static_cast<std::int8_t>(w);
  if (reached_70(c, s, w)) return;
  if (!s.closed() && s.boneyard_size() > 0) {
    if (c.rules.close_timing == CloseTiming::InsteadOfDraw) s.awaiting_draw = true;
    else draw_tiles(c, s, w);
  }
  if (!s.hands[0] && !s.hands[1] && !s.awaiting_draw) hands_out(c, s);
}

void apply_close(DealState& s) {
  const int p = s.leader, o = 1 - p;
  s.closed_by = static_cast<std::int8_t>(p);
  s.opp_had_trick_at_close = s.tricks[o] > 0;
  s.opp_points_at_close = s.points[o];
  s.awaiting_draw = false;
}

void apply_declare(const Context& c, DealState& s, TileMask doubles) {
  const int p = s.leader;
  s.declared[p] |= doubles;
  s.declarations[p] += 1;
  s.just_declared = true;
  s.must_lead = c.rules.declare_must_lead_double ? doubles : 0;
  if (count(doubles) == count(kDoubles)) {
    finish(c, s, p, Outcome::SevenDoubles);
    return;
  }
  const int pts = declaration_points(c.rules, doubles);
  if (s.tricks[p] > 0) {
    s.points[p] = static_cast<std::int16_t>(s.points[p] + pts);
    reached_70(c, s, p);
  } else {
    s.pending[p] = static_cast<std::int16_t>(s.pending[p] + pts);
  }
}

void apply(const Context& c, DealState& s, const Move& m) {
  switch (m.kind) {
    case Move::Kind::Tile: apply_tile(c, s, m.tile); break;
    case Move::Kind::Close: apply_close(s); break;
    case Move::Kind::Declare: apply_declare(c, s, m.doubles); break;
    case Move::Kind::Draw:
      s.awaiting_draw = false;
      draw_tiles(c, s, s.leader);
      break;
    case Move::Kind::Exchange: {
      const int p = s.leader, low = c.table.lowest_trump;
      s.hands[p] = (s.hands[p] & ~bit(low)) | bit(s.turned);
      s.bone_mask = (s.bone_mask & ~bit(s.turned)) | bit(low);
      s.boneyard[s.bone_end - 1] = static_cast<std::int8_t>(low);
      s.turned = static_cast<std::int8_t>(low);
      break;
    }
    case Move::Kind::Claim: {
      const int p = s.to_move();
      if (s.points[p] >= kClaimPoints) finish(c, s, p, Outcome::Claim);
      else finish(c, s, 1 - p, Outcome::FalseClaim);
      break;
    }
  }
}

void settle(const Context& c, DealState& s) {
  if (s.over()) return;
  for (int p = 0; p < kPlayers; ++p)
    if (count(s.declared[p]) == count(kDoubles)) return finish(c, s, p, Outcome::SevenDoubles);
  if (c.rules.claim == ClaimMode::Auto)
    for (int p = 0; p < kPlayers; ++p)
      if (s.points[p] >= kClaimPoints) return finish(c, s, p, Outcome::Claim);
  if (!s.hands[0] && !s.hands[1] && s.lead < 0 && !s.awaiting_draw) hands_out(c, s);
}

}  // namespace dominosolver::bingo
