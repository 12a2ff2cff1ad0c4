#include "dominosolver/bingo/solver.hpp"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/core/random.hpp"

namespace dominosolver::bingo {

namespace {

constexpr int kGpInf = 4;                     // game points lie in -3..3
constexpr int kMarginInf = 4 * kMarginScale;  // composite scores lie well inside
constexpr int kMarginSpan = kMarginScale / 2;  // |point difference| < 2048, far beyond any input

inline std::uint64_t mix(std::uint64_t z) { return splitmix64_mix(z); }

// Move ids in the table's one-byte move slot: tiles are their ids, the other moves follow the deck.
constexpr int kIdClose = kDeckTiles, kIdDeclare = kIdClose + 1, kIdDraw = kIdClose + 2, kIdExchange = kIdClose + 3,
              kIdClaim = kIdClose + 4, kIdNone = 0xFF;
int move_id(const Move& m) {
  switch (m.kind) {
    case Move::Kind::Tile: return m.tile;
    case Move::Kind::Close: return kIdClose;
    case Move::Kind::Declare: return kIdDeclare;
    case Move::Kind::Draw: return kIdDraw;
    case Move::Kind::Exchange: return kIdExchange;
    case Move::Kind::Claim: return kIdClaim;
  }
  return kIdNone;
}

struct NodeLimit {};  // thrown to abandon a world that needs more than its node budget
struct TimeUp {};     // thrown to abandon the work once its deadline has passed

// Clears a node budget however the search under it ends: a budget left behind would cut the next one.
struct BudgetScope {
  std::uint64_t& limit;
  ~BudgetScope() { limit = 0; }
};
struct DeadlineScope {
  Deadline& deadline;
  ~DeadlineScope() { deadline.reset(); }
};

// Plain data (no initialisers): a node's candidate array is not zeroed on every visit.
struct Cand {
  TileMask doubles;
  int score;
  Move::Kind kind;
  std::int8_t tile;
  Move move() const { return Move{kind, tile, doubles}; }
};
inline Cand cand(const Move& m, int score) { return Cand{m.doubles, score, m.kind, m.tile}; }

// The moves searched inside the tree, best-looking first: the table's move, then by a static score
// (cheap sure winners, cheap refutations, closing first since a closed game is quick to search),
// then by how often the move refuted its siblings. The `killers` (the last two moves that refuted
// a sibling at the same trick, turn and player, the latest first) come right after the table's move. With one
// declaration per deal only the largest declaration is searched (it dominates its subsets);
// `all_declarations` lists every subset.
int candidates(const Context& c, const DealState& s, Cand* out, bool all_declarations, int tt_move,
               const std::int32_t* history = nullptr, const std::uint8_t* killers = nullptr) {
  int n = 0;
  const Table& t = c.table;
  const int me = s.to_move(), o = 1 - me;
  TileMask live = s.hands[0] | s.hands[1];
  if (!s.closed()) live |= s.bone_mask;
  for (TileMask m = legal_tiles(c, s); m; m &= m - 1) {
    const int x = lowest(m);
    int score;
    if (s.lead < 0) {
      const TileMask replies = s.phase2() ? t.legal_reply(s.hands[o], x) : s.hands[o];
      const TileMask beat = replies & t.beaten_by[x];
      if (beat) {
        int cheapest = 100;
        for (TileMask b = beat; b; b &= b - 1) cheapest = std::min<int>(cheapest, t.value[lowest(b)]);
        score = cheapest - t.value[x] - 4 * count(beat);
      } else {
        score = 1000 + t.value[x];
      }
    } else {
      // Win as cheaply as possible; otherwise throw the cheapest tile that would win the least later.
      score = t.beats(s.lead, x) ? 1000 - t.value[x] : -8 * t.value[x] - count(t.wins_over[x] & live);
    }
    out[n++] = cand(Move::of_tile(x), score);
  }
  if (s.lead < 0) {
    if (s.awaiting_draw && !s.over()) out[n++] = cand(Move::draw(), 0);
    if (may_close(c, s)) out[n++] = cand(Move::close(), 5000);  // cheap to search: a closed game
    if (const TileMask d = declarable(c, s)) {
      if (all_declarations || c.rules.declarations_per_deal == DeclarationsPerDeal::Unlimited) {
        for (TileMask sub = d; sub; sub = (sub - 1) & d)
          if (count(sub) >= 2) out[n++] = cand(Move::declare(sub), 2000 + count(sub));
      } else {
        out[n++] = cand(Move::declare(d), 2000);
      }
    }
    if (may_exchange(c, s)) out[n++] = cand(Move::exchange(), 1500);
  }
  if (may_claim(c, s)) out[n++] = cand(Move::claim(), s.points[me] >= kClaimPoints ? 3000 : -3000);
  if (history)
    for (int i = 0; i < n; ++i) out[i].score = out[i].score * 4096 + std::min(history[move_id(out[i].move())], 4095);
  for (int i = 0; i < n; ++i) {
    const int id = move_id(out[i].move());
    if (id == tt_move) out[i].score += 1 << 28;
    else if (killers && id == killers[0]) out[i].score += 1 << 27;
    else if (killers && id == killers[1]) out[i].score += 1 << 26;
  }
  for (int i = 1; i < n; ++i) {  // insertion sort, descending
    Cand x = out[i];
    int j = i;
    while (j > 0 && out[j - 1].score < x.score) out[j] = out[j - 1], --j;
    out[j] = x;
  }
  return n;
}
constexpr int kMaxCands = 160;  // 14 tiles + specials + up to 120 declaration subsets

template <bool kMargin>
int terminal_value(const DealState& s, int me) {
  const int gp = s.winner == me ? s.game_points : -s.game_points;
  if constexpr (kMargin) return gp * kMarginScale + s.points[me] - s.points[1 - me];
  return gp;
}

std::uint64_t rules_fingerprint(const Rules& r, int trump) {
  static_assert(std::is_trivially_copyable_v<Rules>);
  unsigned char bytes[sizeof(Rules)];
  std::memcpy(bytes, &r, sizeof(Rules));
  std::uint64_t h = 0x243F6A8885A308D3ULL ^ static_cast<std::uint64_t>(trump);
  for (unsigned char b : bytes) h = mix(h ^ b);
  return h;
}

}  // namespace

void Solver::begin(const Context& c, const DealState& s) {
  ctx_ = &c;
  salt_ = rules_fingerprint(c.rules, c.table.trump);
  bone_sig_ = 0;
  for (int i = 0; i < s.bone_end; ++i) bone_sig_ = mix(bone_sig_ ^ (static_cast<std::uint64_t>(s.boneyard[i]) << 8 | i));
}

std::uint64_t Solver::key(const DealState& s) const {
  const std::uint64_t a = s.hands[0] | (s.hands[1] << kDeckTiles) | (static_cast<std::uint64_t>(s.lead + 1) << 56) |
                          (static_cast<std::uint64_t>(s.leader) << 61) |
                          (static_cast<std::uint64_t>(s.just_declared) << 62) |
                          (static_cast<std::uint64_t>(s.awaiting_draw) << 63);
  // Only what can change the future: the last winning tile for declarations after a win with a
  // double, the opponent's points at the close when the closer is scored then.
  const Rules& r = ctx_->rules;
  const bool won_with_double = r.declare_timing == DeclareTiming::AfterWinningWithDouble && s.last_win_tile >= 0 &&
                               is_double(s.last_win_tile);
  const std::uint64_t at_close = r.closer_scored_at == CloserScoredAt::Close ? s.opp_points_at_close : 0;
  // Points get 10 bits and pending declarations 9: inputs allow 400 points a player, and a deal
  // adds well under 600 more, so no two totals share a field.
  const std::uint64_t b =
      static_cast<std::uint64_t>(s.points[0]) | (static_cast<std::uint64_t>(s.points[1]) << 10) |
      (static_cast<std::uint64_t>(s.pending[0]) << 20) | (static_cast<std::uint64_t>(s.pending[1]) << 29) |
      (static_cast<std::uint64_t>(s.tricks[0] > 0) << 38) | (static_cast<std::uint64_t>(s.tricks[1] > 0) << 39) |
      (static_cast<std::uint64_t>(s.closed_by + 1) << 40) | (static_cast<std::uint64_t>(s.opp_had_trick_at_close) << 42) |
      (static_cast<std::uint64_t>(s.declarations[0] > 0) << 43) |
      (static_cast<std::uint64_t>(s.declarations[1] > 0) << 44) |
      (static_cast<std::uint64_t>(s.first_to_70 + 1) << 45) | (static_cast<std::uint64_t>(won_with_double) << 47) |
      (at_close << 48);
  std::uint64_t c = s.must_lead ^ (s.declared[0] * 0x9E3779B97F4A7C15ULL) ^ (s.declared[1] * 0xC2B2AE3D27D4EB4FULL);
  if (!s.phase2()) c ^= bone_sig_ ^ (static_cast<std::uint64_t>(s.bone_begin) << 40) ^ (static_cast<std::uint64_t>(s.turned) << 48);
  return mix(a ^ mix(b ^ mix(c ^ salt_)));
}

int Solver::claim_gp_now(const DealState& s, int p) const {
  const Rules& r = ctx_->rules;
  const int o = 1 - p;
  if (s.closed_by == o) return r.close_fail_3 && !s.opp_had_trick_at_close ? 3 : 2;
  if (s.closed_by == p && r.closer_scored_at == CloserScoredAt::Close)
    return claim_game_points(r, s.opp_had_trick_at_close ? 1 : 0, s.opp_points_at_close);
  return claim_game_points(r, s.tricks[o], s.points[o]);
}

int Solver::max_win(const DealState& s, int p) const {
  const Rules& r = ctx_->rules;
  if (r.claim == ClaimMode::Manual) return 3;  // a false claim by the other side can give 2 or 3
  const bool may_declare_again = s.declarations[p] == 0 || r.declarations_per_deal == DeclarationsPerDeal::Unlimited;
  if (may_declare_again) {  // seven doubles win 3 at once
    TileMask reach = s.hands[p];
    if (!s.phase2()) reach |= s.bone_mask;
    if (count(reach & kDoubles & ~s.declared[p]) == count(kDoubles)) return 3;
  }
  return claim_gp_now(s, p);  // the loser's tricks and points only grow
}

template <bool kMargin>
int Solver::child_value(const DealState& t, int me, int alpha, int beta) {
  if (t.over()) return terminal_value<kMargin>(t, me);
  if (t.to_move() == me) return search<kMargin>(t, alpha, beta);
  return -search<kMargin>(t, -beta, -alpha);
}

template <bool kMargin>
int Solver::search(const DealState& s, int alpha, int beta) {
  if (++nodes_ > node_limit_ && node_limit_) throw NodeLimit{};
  if (nodes_ % kPollNodes == 0) poll();
  const Context& c = *ctx_;
  const Rules& r = c.rules;
  const int me = s.to_move(), o = 1 - me;
  // The table is probed at trick boundaries with tiles enough below (a probe costs a cache miss):
  // its bucket is fetched now, while the bounds are worked out.
  const int held = count(s.hands[0] | s.hands[1]);
  const bool use_tt = held >= 4 && s.lead < 0;
  const std::uint64_t k = use_tt ? key(s) : 0;
  if (use_tt) tt_.prefetch(k);

  // Bounds. Game points a winner scores only shrink as the loser takes tricks and points (max_win).
  // A player who cannot reach 70 cannot win by points: a closer then fails, and when the points left
  // guarantee the other player 70, it loses. A leader whose unbeatable tiles alone bring 70 wins now.
  constexpr int S = kMargin ? kMarginScale : 1;
  constexpr int span = kMargin ? kMarginSpan : 0;
  const int win_me = max_win(s, me), win_o = max_win(s, o);
  int hi = win_me * S + span, lo = -(win_o * S + span);
  if (r.claim == ClaimMode::Auto) {
    const Table& tb = c.table;
    // The 70 race (docs/rules.md §5.8): the points still in play are the tiles in hand, on the
    // table and, while the boneyard is open, in the boneyard, with the last trick's 10 unless closed.
    const bool open = !s.phase2();
    const TileMask in_play = s.hands[0] | s.hands[1] | (open ? s.bone_mask : 0);
    const int remaining = tb.points(in_play) + (s.lead >= 0 ? tb.value[s.lead] : 0) + (s.closed() ? 0 : kLastTrickBonus);
    const int smin = s.points[0] + s.points[1] + remaining;
    for (int p = 0; p < kPlayers; ++p) {
      // The most p can still hold: every point in play but those of the other player's unbeatable
      // tiles (each wins whenever it is played, led or not: the Bingo, trumps above any p holds or
      // could draw), its pending declaration, and a declaration of every double it holds or could draw.
      const TileMask mine = s.hands[p] | (open ? s.bone_mask : 0);
      TileMask beats_all = tb.trumps | bit(kBingo);
      if (s.lead >= 0 && s.leader == p) beats_all &= tb.beaten_by[s.lead];  // p's lead on the table too
      for (TileMask m = mine; m && beats_all; m &= m - 1) beats_all &= tb.beaten_by[lowest(m)];
      TileMask unbeatable = 0;
      for (TileMask m = s.hands[1 - p] & beats_all; m; m &= m - 1)
        if (!(tb.beaten_by[lowest(m)] & mine)) unbeatable |= m & -m;
      int potential = s.points[p] + s.pending[p] + remaining - tb.points(unbeatable);
      const bool again = s.declarations[p] == 0 || r.declarations_per_deal == DeclarationsPerDeal::Unlimited;
      if (again && (open || r.declare_in_phase2)) {
        const TileMask d = (s.hands[p] | (open ? s.bone_mask : 0)) & kDoubles & ~s.declared[p];
        if (count(d) == count(kDoubles)) continue;  // seven doubles win outright
        potential += r.declarations_per_deal == DeclarationsPerDeal::Unlimited ? 20 * count(d) + 10
                                                                                : declaration_points(r, d);
      }
      if (potential >= kClaimPoints) continue;
      const int q = 1 - p;
      const int most_q = q == me ? win_me : win_o;  // the most the other player can win
      if (s.closed_by == p) {  // the closer fails whatever happens (§5.9)
        const int fail = claim_gp_now(s, q);  // what the other player scores then
        const int most = std::max(fail, most_q);  // or seven doubles
        if (p == me) {
          lo = std::max(lo, -most * S - span);
          hi = std::min(hi, -fail * S + span);
        } else {
          lo = std::max(lo, fail * S - span);
          hi = std::min(hi, most * S + span);
        }
      } else if (smin - potential >= kClaimPoints) {
        // The other player reaches 70 (by never closing, while the boneyard is open) and p never
        // does: p loses, and by 2 at least when it cannot reach the low threshold (§5.10; a
        // failed close by p also costs 2 or 3).
        const int least = potential < r.low_points() ? 2 : 1;
        if (p == me) hi = std::min(hi, -least * S + span);
        else lo = std::max(lo, least * S - span);
      }
    }
    if (s.lead < 0 && !s.awaiting_draw && !s.just_declared) {
      TileMask against = s.hands[o];
      if (!s.phase2()) against |= s.bone_mask;
      TileMask sure = 0;
      for (TileMask m = s.hands[me]; m; m &= m - 1)
        if (!(tb.beaten_by[lowest(m)] & against)) sure |= m & -m;
      if (sure) {
        int reach = s.points[me] + tb.points(sure) + (s.tricks[me] == 0 ? s.pending[me] : 0);
        if constexpr (!kMargin) {  // declaring first, when it may lead one of its doubles that way
          const TileMask d = declarable(c, s);
          if (d && count(d) < count(kDoubles) && (!r.declare_must_lead_double || (d & sure)))
            reach += declaration_points(r, d);
        }
        if (reach >= kClaimPoints) {  // cash them one after the other: the opponent gains nothing meanwhile
          // The deal ends as 70 is passed, so the margin is at least 70 less the opponent's points
          // (not `reach` less them: the tiles cashed after 70 never score).
          const int gp = claim_gp_now(s, me);
          lo = std::max(lo, gp * S + (kMargin ? kClaimPoints - s.points[o] : 0));
        }
      }
    }
  }
  if (lo >= beta || lo == hi) return lo;
  if (hi <= alpha) return hi;
  alpha = std::max(alpha, lo);
  beta = std::min(beta, hi);

  // Work below: tiles in hand, and while the boneyard is open far more (every lead may close), so
  // the table keeps open-boneyard entries over closed or exhausted ones (closed boneyards are dead).
  const int depth = s.phase2() ? held : kDealTricks * 2 + held + s.boneyard_size();
  int tt_move = kIdNone;
  if (use_tt) {
    if (const search::TTEntry* e = tt_.probe(k)) {
      if (const auto known = search::cut_or_narrow(*e, alpha, beta)) return *known;
      tt_move = e->move;
    }
  }

  Cand cands[kMaxCands];
  // With the boneyard open, the two moves that last refuted a sibling at the same trick (killers:
  // often a throw where winning the trick looked best) come first after the table's move, then the
  // history of refutations breaks ties of the static scores; the killers cut the hardest deal-start
  // worlds' nodes by 10 to 40 times. Once closed or exhausted the games below are many and small,
  // and the static scores alone order them better.
  const bool open = !s.phase2();
  std::int32_t* hist = open ? history_[me][s.lead >= 0].data() : nullptr;
  std::uint8_t* killers = open ? killer_[s.tricks_played()][s.lead >= 0][me].data() : nullptr;
  const int n = candidates(c, s, cands, false, tt_move, hist, killers);
  int best = -kMarginInf - 1;
  int best_id = kIdNone;
  const int a0 = alpha;
  for (int i = 0; i < n; ++i) {
    DealState t = s;
    apply(c, t, cands[i].move());
    const int v = child_value<kMargin>(t, me, alpha, beta);
    if (v > best) {
      best = v;
      best_id = move_id(cands[i].move());
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) {
          if (hist && hist[best_id] < 4096) hist[best_id] += 1;  // history heuristic
          if (killers && killers[0] != best_id) {
            killers[1] = killers[0];
            killers[0] = static_cast<std::uint8_t>(best_id);
          }
          break;
        }
      }
    }
  }
  if (use_tt) {
    const int inf = kMargin ? kMarginInf : kGpInf;
    if (best <= a0) tt_.store(k, -inf, best, best_id, depth);
    else if (best >= beta) tt_.store(k, best, inf, best_id, depth);
    else tt_.store(k, best, best, best_id, depth);
  }
  return best;
}

// Values are few (-3..-1, 1..3), so the exact value is cheapest found by null-window tests: first
// win or lose, then how much. Each test only proves a bound, which prunes far more than a full
// window; the table keeps the bounds between tests. [lo, hi] holds what the tests have proven so
// far, so that a test cut short by the node budget leaves the bounds of those that finished.
void Solver::narrow(const DealState& s, int& lo, int& hi, bool sign_only) {
  while (lo < hi) {
    if (lo < 0 && hi > 0) {  // win or lose: is the value >= 1?
      const int w = search<false>(s, 0, 1);
      if (w >= 1) lo = std::max(lo, w);
      else hi = std::min(hi, std::min(w, -1));  // no value is 0
      if (sign_only) return;
    } else if (lo > 0) {  // won: by more than lo?
      const int w = search<false>(s, lo, lo + 1);
      if (w > lo) lo = w;
      else hi = lo;
    } else {  // lost: by no more than hi?
      const int w = search<false>(s, hi - 1, hi);
      if (w >= hi) lo = hi;
      else hi = w;
    }
  }
}

int Solver::mtd(const DealState& s) {
  int lo = -3, hi = 3;
  narrow(s, lo, hi, false);
  return lo;
}

void Solver::poll() {
  if (stop_.requested()) throw Stopped{};
  if (deadline_ && Clock::now() >= *deadline_) throw TimeUp{};
  if (stop_check_ && stop_check_()) throw Stopped{};
}

int Solver::exact_child(const DealState& t, int me) {
  if (t.over()) return terminal_value<false>(t, me);
  return t.to_move() == me ? mtd(t) : -mtd(t);
}

int Solver::value(const Context& c, const DealState& s) {
  if (s.over()) throw InvalidPositionError("the deal is over: there is nothing to solve");
  const Turn turn(*this);
  begin(c, s);
  return mtd(s);
}

void Solver::append_move_values(const Context& c, const DealState& s, const std::vector<Move>& moves,
                                std::vector<int>& out) {
  begin(c, s);
  for (const Move& m : moves) {
    DealState t = s;
    apply(c, t, m);
    out.push_back(exact_child(t, s.to_move()));
  }
}

std::vector<std::pair<int, int>> Solver::bounded_values(const Context& c, const DealState& s, const std::vector<Move>& moves,
                                                        std::uint64_t budget) {
  begin(c, s);
  const int me = s.to_move();
  const std::size_t n = moves.size();
  std::vector<DealState> kids(n, s);
  std::vector<std::pair<int, int>> out(n, {-3, 3});  // each move's bounds, in its child's point of view
  std::vector<bool> flip(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    apply(c, kids[i], moves[i]);
    if (kids[i].over()) {
      const int v = terminal_value<false>(kids[i], me);
      out[i] = {v, v};
    } else {
      flip[i] = kids[i].to_move() != me;
    }
  }
  const std::uint64_t end = budget ? nodes_ + budget : ~std::uint64_t{0};
  // First whether each move wins or loses, the budget left shared among the moves still unknown;
  // then by how much, move after move, with whatever is left. Moves the budget ends on keep the
  // bounds their finished tests proved.
  for (const bool sign_only : {true, false}) {
    std::size_t open = 0;
    for (std::size_t i = 0; i < n; ++i) open += out[i].first < out[i].second;
    for (std::size_t i = 0; i < n && nodes_ < end; ++i) {
      auto& [lo, hi] = out[i];
      if (lo == hi || (sign_only && (lo > 0 || hi < 0))) continue;
      const std::uint64_t share = sign_only ? (end - nodes_) / std::max<std::size_t>(open, 1) : end - nodes_;
      open -= 1;
      node_limit_ = budget ? nodes_ + std::max<std::uint64_t>(share, 1) : 0;
      try {
        narrow(kids[i], lo, hi, sign_only);
      } catch (const NodeLimit&) {
      }
      node_limit_ = 0;
    }
  }
  for (std::size_t i = 0; i < n; ++i)
    if (flip[i]) out[i] = {-out[i].second, -out[i].first};
  return out;
}

std::vector<int> Solver::move_values(const Context& c, const DealState& s, const std::vector<Move>& moves) {
  const Turn turn(*this);
  std::vector<int> out;
  out.reserve(moves.size());
  append_move_values(c, s, moves, out);
  return out;
}

int Solver::margin_score(const Context& c, const DealState& s) {
  if (s.over()) throw InvalidPositionError("the deal is over: there is nothing to solve");
  const Turn turn(*this);
  begin(c, s);
  salt_ ^= 0x5851F42D4C957F2DULL;  // composite scores live apart from game-point bounds
  return search<true>(s, -kMarginInf, kMarginInf);
}

SolveOutput Solver::solve(const Context& c, const DealState& s, bool with_margin, bool with_pv,
                          std::uint64_t max_nodes, Deadline deadline) {
  if (s.over()) throw InvalidPositionError("the deal is over: there is nothing to solve");
  const Turn turn(*this);
  SolveOutput out;
  const std::uint64_t nodes0 = nodes_;
  out.moves = legal_moves(c, s);
  node_limit_ = max_nodes ? nodes_ + max_nodes : 0;
  const BudgetScope budget{node_limit_};
  deadline_ = deadline;
  const DeadlineScope until{deadline_};
  try {
    if (max_nodes) {  // every move gets a share of the budget, and bounds where it runs out
      const auto bounds = bounded_values(c, s, out.moves, max_nodes);
      node_limit_ = nodes0 + max_nodes;  // what is left of it, for the margin and the line
      for (const auto& [lo, hi] : bounds) {
        out.lower.push_back(lo);
        out.upper.push_back(hi);
        out.values.push_back(lo == hi ? lo : 0);
      }
      if (std::find(out.values.begin(), out.values.end(), 0) != out.values.end()) throw NodeLimit{};
      if (nodes_ >= node_limit_) throw NodeLimit{};
    } else {
      append_move_values(c, s, out.moves, out.values);
    }
    out.value = *std::max_element(out.values.begin(), out.values.end());
    if (with_margin) {
      begin(c, s);
      salt_ ^= 0x5851F42D4C957F2DULL;
      const int score = search<true>(s, out.value * kMarginScale - kMarginSpan, out.value * kMarginScale + kMarginSpan);
      out.margin = score - out.value * kMarginScale;
    }
    if (with_pv) {
      DealState t = s;
      while (!t.over()) {
        const auto moves = legal_moves(c, t);
        std::vector<int> values;
        append_move_values(c, t, moves, values);
        const auto best = std::max_element(values.begin(), values.end()) - values.begin();
        out.pv.push_back(moves[best]);
        apply(c, t, moves[best]);
      }
    }
  } catch (const NodeLimit&) {
    out.complete = false;
  } catch (const TimeUp&) {
    out.complete = false;
    out.timed_out = true;
  }
  if (out.lower.empty())  // solved move after move: the values found, no bounds for the others
    for (std::size_t i = 0; i < out.moves.size(); ++i) {
      const bool known = i < out.values.size() && out.values[i] != 0;
      out.lower.push_back(known ? out.values[i] : -3);
      out.upper.push_back(known ? out.values[i] : 3);
    }
  if (!out.complete) {
    out.values.resize(out.moves.size(), 0);
    out.margin.reset();
    out.pv.clear();
  }
  out.nodes = nodes_ - nodes0;
  return out;
}

std::vector<int> Solver::solve_worlds(const Context& c, const DealState& base, const std::vector<TileMask>& opponent_hands,
                                      const std::vector<std::vector<int>>& boneyards, const std::vector<Move>& moves,
                                      std::uint64_t max_nodes_per_world, Deadline deadline) {
  const auto bounds = solve_worlds_bounds(c, base, opponent_hands, boneyards, moves, max_nodes_per_world, deadline);
  std::vector<int> out;
  out.reserve(bounds.size());
  for (std::size_t row = 0; row < bounds.size(); row += moves.size()) {
    bool exact = true;
    for (std::size_t i = 0; i < moves.size(); ++i) exact = exact && bounds[row + i].first == bounds[row + i].second;
    for (std::size_t i = 0; i < moves.size(); ++i) out.push_back(exact ? bounds[row + i].first : 0);
  }
  return out;
}

std::vector<std::pair<int, int>> Solver::solve_worlds_bounds(
    const Context& c, const DealState& base, const std::vector<TileMask>& opponent_hands,
    const std::vector<std::vector<int>>& boneyards, const std::vector<Move>& moves, std::uint64_t max_nodes_per_world,
    Deadline deadline) {
  if (base.over()) throw InvalidPositionError("the deal is over: there is nothing to solve");
  const Turn turn(*this);
  deadline_ = deadline;
  const DeadlineScope until{deadline_};
  if (opponent_hands.size() != boneyards.size())
    throw InvalidPositionError("each world needs an opponent hand and a boneyard");
  const int o = 1 - base.to_move();  // the opponent, whose hand each world fills in
  const int nb = base.boneyard_size();
  const TileMask pool = base.hands[o] | base.bone_mask;
  for (const Move& m : moves)
    if (!is_legal(c, base, m)) throw IllegalMoveError(m.name() + " is not legal here");
  std::vector<std::pair<int, int>> out;
  out.reserve(moves.size() * opponent_hands.size());
  std::vector<DealState> worlds;  // for a second look at the worlds a budget cut short
  std::uint64_t unused = 0;       // the nodes the worlds solved within their budget left over
  for (std::size_t w = 0; w < opponent_hands.size(); ++w) {
    DealState t = base;
    t.hands[o] = opponent_hands[w];
    TileMask world = opponent_hands[w];
    if (static_cast<int>(boneyards[w].size()) != nb || count(opponent_hands[w]) != count(base.hands[o]))
      throw InvalidPositionError("world " + std::to_string(w) + ": hand or boneyard size differs from the position");
    for (int i = 0; i < nb; ++i) {
      const int x = boneyards[w][i];
      if (x < 0 || x >= kDeckTiles || ((world >> x) & 1))
        throw InvalidPositionError("world " + std::to_string(w) + ": a tile is repeated or unknown");
      world |= bit(x);
      t.boneyard[base.bone_begin + i] = static_cast<std::int8_t>(x);
    }
    t.bone_mask = world & ~opponent_hands[w];
    if (world != pool)
      throw InvalidPositionError("world " + std::to_string(w) + ": the opponent's hand and the boneyard must hold "
                                 "exactly the tiles hidden from the player to move");
    if (nb && !base.closed() && t.boneyard[base.bone_end - 1] != base.turned)
      throw InvalidPositionError("world " + std::to_string(w) + ": the face-up tile must stay last in the boneyard");
    const BudgetScope budget{node_limit_};
    try {
      const std::uint64_t before = nodes_;
      const auto b = bounded_values(c, t, moves, max_nodes_per_world);
      out.insert(out.end(), b.begin(), b.end());
      unused += max_nodes_per_world - std::min(max_nodes_per_world, nodes_ - before);
      worlds.push_back(t);
    } catch (const TimeUp&) {
      return out;  // the worlds solved before the deadline
    }
  }
  // The nodes easy worlds left over go to the worlds cut short, shared out in turn (each at least
  // twice its first budget, as it starts again): the whole stays within the budget per world times
  // the worlds. Their new bounds narrow the old ones.
  if (!max_nodes_per_world) return out;
  std::vector<std::size_t> cut;
  for (std::size_t w = 0; w < worlds.size(); ++w)
    for (std::size_t i = 0; i < moves.size(); ++i)
      if (out[w * moves.size() + i].first < out[w * moves.size() + i].second) {
        cut.push_back(w);
        break;
      }
  for (std::size_t k = 0; k < cut.size(); ++k) {
    // A second look from the start must go further than the first: at least twice its budget.
    const std::uint64_t grant = std::max(unused / (cut.size() - k), 2 * max_nodes_per_world);
    if (grant > unused) break;
    const BudgetScope budget{node_limit_};
    try {
      const std::uint64_t before = nodes_;
      const auto b = bounded_values(c, worlds[cut[k]], moves, grant);
      unused -= std::min(unused, nodes_ - before);
      for (std::size_t i = 0; i < moves.size(); ++i) {
        auto& [lo, hi] = out[cut[k] * moves.size() + i];
        lo = std::max(lo, b[i].first);
        hi = std::min(hi, b[i].second);
      }
    } catch (const TimeUp&) {
      break;  // the rows keep their first bounds
    }
  }
  return out;
}

namespace {

int plain(const Context& c, const DealState& s, std::uint64_t& nodes, const std::function<bool()>& stop_check) {
  if (++nodes % kPollNodes == 0 && stop_check && stop_check()) throw Stopped{};
  const int me = s.to_move();
  Cand cands[kMaxCands];
  const int n = candidates(c, s, cands, true, kIdNone);
  int best = -kGpInf;
  for (int i = 0; i < n; ++i) {
    DealState t = s;
    apply(c, t, cands[i].move());
    int v;
    if (t.over()) v = terminal_value<false>(t, me);
    else v = t.to_move() == me ? plain(c, t, nodes, stop_check) : -plain(c, t, nodes, stop_check);
    best = std::max(best, v);
  }
  return best;
}

}  // namespace

int plain_minimax(const Context& c, const DealState& s, std::uint64_t& nodes, const std::function<bool()>& stop_check) {
  if (s.over()) throw InvalidPositionError("the deal is over: there is nothing to solve");
  return plain(c, s, nodes, stop_check);
}

}  // namespace dominosolver::bingo
