#pragma once
// The one trick engine of the 42 family (docs/architecture.md, "The trick engine"): a double-dummy
// alpha-beta search (DDS- and Stockfish-style techniques) over a trick size N and a goal.
//
// Its values are D, what the counted side (side 0 of the engine: NS for points, the declaring side
// for a contract in tricks) takes from the current trick on, tiles on the table included, so values
// never depend on the path: the transposition table stores bounds on D at trick boundaries, keyed
// by the hands, the leader, the declaration and the goal. The goal is a small policy read from the
// suit table and a flag: counting points (a trick is 1 point and its counters) or tricks (the same
// search on a table whose counters are zero: a trick is worth 1), and playing to take tricks or to
// lose them (misère: Nel-O, the counted side minimises D). The seats in play are numbered 0..N-1
// in the order of play (their "places"), and every step round the table is a constant modulo N:
// four seats in two partnerships, or three (a declarer alone against two, a coalition).
//
// Private to the solver (texas42_solver.cpp): no header of cpp/include/ reaches it.
#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/core/random.hpp"
#include "dominosolver/search/stop_flag.hpp"
#include "dominosolver/search/transposition_table.hpp"
#include "dominosolver/texas42/solver.hpp"

namespace dominosolver::texas42::engine {

constexpr int kInf = 10000;
constexpr int kClimbMargin = 3;  // the first target this far under a playout's guess: best of 0..8 measured
constexpr int kGivenMargin = 1;  // the same under a guess given by the caller (dd_table: best of 0..3)
constexpr int kMoveLift = 6;     // every move's value: the first move climbs from this far above the
                                 // bound search's bound (best of 0..10; the value climbs from the bound)
constexpr int kMaxPly = 48;
constexpr int kBoundTricks = 2;  // tricks the bound search plays before the sure points (best of 1..4)
// The zero-window searches store a few thousand entries: a 256 KB first active part of the table
// holds a median one in cache (-2% time against 512 KB). The baseline's searches, 40 times larger,
// keep the 512 KB they were measured with (256 KB costs them +11% nodes at the median).
constexpr std::size_t kSmallTableStart = std::size_t{1} << 12;
constexpr int kGallopTricks = 8;  // MTD(f) steps double from this many tricks left (more than 42 deals)
// A search of 9-11 tricks (The Big Game) stores millions of entries: grown from a small active part,
// the table lost half of them at each doubling (keys move). It starts at 4 MB for 9 tricks left, x4 a
// trick (64 MB for a whole deal), within the caller's tt_mb (-28% nodes for an 11-trick value).
constexpr int kLargeTableTricks = 9;
inline std::size_t table_start(int tricks_left) {
  return tricks_left < kLargeTableTricks ? kSmallTableStart : std::size_t{1} << (2 * tricks_left - 2);
}

struct ZobristKeys {
  std::uint64_t tile[kMaxSeats][kMaxTiles];  // per place
  std::uint64_t leader[kMaxSeats];
  std::uint64_t declaration[kMaxPip + 1 + kDeclarationKinds];  // SuitTable::declaration
  std::uint64_t variant[3];                                 // SuitTable::variant (follow-me's NtDoubles)
  std::uint64_t bound_root;  // a search whose root moves a rule restricts (first_lead_trump)
  std::uint64_t trump_rank[kMaxSeats][kMaxPip + 2][3];  // per place, rank from the top, counters / 5
};

constexpr std::uint64_t mix(std::uint64_t z) { return splitmix64_mix(z); }

constexpr ZobristKeys make_keys() {
  ZobristKeys k{};
  std::uint64_t s = 0x42D0D0E5ULL;
  auto next = [&s]() { return mix(s += kSplitMix64Step); };
  for (auto& seat : k.tile)
    for (auto& t : seat) t = next();
  for (auto& l : k.leader) l = next();
  // The declarations of the first table (the numbers, doubles, follow-me) draw their keys before
  // the others, those added since after: adding a row leaves every earlier key, hence the search's
  // node counts, as they were.
  constexpr int kFirstDeclarations = kMaxPip + 1 + 3;
  for (int d = 0; d < kFirstDeclarations; ++d) k.declaration[d] = next();
  for (auto& v : k.variant) v = next();
  k.bound_root = next();
  for (int d = kFirstDeclarations; d < kMaxPip + 1 + kDeclarationKinds; ++d) k.declaration[d] = next();
  for (auto& seat : k.trump_rank)
    for (auto& rank : seat)
      for (auto& r : rank) r = next();
  return k;
}
inline constexpr ZobristKeys kKeys = make_keys();

struct NodeLimit {};  // thrown to abandon a search that needs more than its node budget
constexpr std::uint64_t kStopPoll = 4096;  // nodes between two looks at a stop request (well under 1 ms)

struct ScoredMove {
  int tile;
  int score;
};

// What the engine counts, from a goal (trick_play.hpp): points or tricks of the counted side, and
// whether every seat plays to take tricks or to lose them.
struct Counting {
  bool points = true;  // a trick is worth 1 and its counters; else 1
  bool misere = false;  // NoTrick: the counted side plays to take as few as it can
  int side = 0;        // the counted side of the seating
};
inline Counting counting_of(const Goal& goal) {
  return {goal.objective == Objective::Points, goal.objective == Objective::NoTrick, goal.declaring_side};
}

// A declaration's table with every counter zero: a trick is then worth one point, and the search
// counts tricks.
inline SuitTable without_counters(const SuitTable& table) {
  SuitTable t = table;
  t.counters.fill(0);
  return t;
}

template <int N>
class TrickEngine {
 public:
  // `table`: `play.table`, or (counting tricks) its copy without counters; both outlive the engine.
  // `relative_trumps`: the trumps keyed by their order alone (below).
  TrickEngine(const TrickPlay& play, const SuitTable& table, const Counting& counting, search::TranspositionTable* tt,
              EndgameCache* endgames, const Enhancements& enh, bool relative_trumps)
      : t_(table), tt_(enh.table ? tt : nullptr), endgames_(endgames), enh_(enh), misere_(counting.misere),
        counts_points_(counting.points), relative_trumps_(relative_trumps) {
    // The trumps from the highest down, for the keys by relative rank.
    for (TileMask m = t_.trumps; m;) {
      trump_order_[trumps_] = highest_trump(m);
      m &= ~bit(trump_order_[trumps_++]);
    }
    for (int p = 0; p < N; ++p)
      for (int tile = 0; tile < kMaxTiles; ++tile)
        tile_keys_[p][tile] = relative_trumps_ && (t_.trumps & bit(tile)) ? 0 : kKeys.tile[p][tile];
    const Seating& seating = play.seating;
    for (int seat = 0; seat < seating.seats(); ++seat) {
      if (!seating.plays(seat)) continue;
      const int p = seating.place(seat);
      if (seating.side(seat) != counting.side) sides_ |= 1u << p;
      hands_[p] = play.hands[seat];
      for (TileMask m = hands_[p]; m; m &= m - 1) {
        const int tile = lowest(m);
        hand_key_ ^= tile_key(p, tile);
        counters_in_hands_ += t_.counters[tile];
        ++tiles_left_;
      }
    }
    for (int p = 0; p < N; ++p)
      if ((side(p) == 0) != misere_) maximizers_ |= 1u << p;
    for (int tile = 0; tile < kMaxTiles; ++tile)
      if (t_.all & bit(tile)) callers_[t_.called[tile]] |= bit(tile);
    // A tile that may be led low keeps its lower suit live too (The Big Game, §4.3).
    for (TileMask m = t_.lower_end_leads(t_.all); m; m &= m - 1) callers_[t_.called[lowest(m)]] |= bit(tile_of_play(lowest(m)));
    leader_ = seating.place(play.leader);
    if (play.tie_side >= 0) {  // Sevens under bidders_win_ties (§3.6): per leader, the favoured places
      ties_ = true;
      const int favoured_side = play.tie_side == counting.side ? 0 : 1;
      for (int l = 0; l < N; ++l)
        for (int k = 0; k < N; ++k)
          if (side(after(l, k)) == favoured_side) favoured_[l] |= 1u << k;
    }
    for (int tile : play.trick) add(trick_, tile);
    base_key_ = kKeys.declaration[t_.declaration] ^ (t_.variant >= 0 ? kKeys.variant[t_.variant] : 0);
    // The root's moves come from the position, which knows the rules that depend on the hand's
    // history (first_lead_trump); below it, the declaration's rule is all there is.
    root_legal_ = play.legal;
    root_tiles_ = tiles_left_;
    // Where those rules bind the root's moves, the root's bounds and entries are its own: the sure
    // points assume a free lead, and the same hands without the rule have another value.
    root_bound_ = tiles_left_ > 0 && root_legal_ != t_.legal(hands_[to_move()], trick_.led);
    if (root_bound_) base_key_ ^= kKeys.bound_root;
    // Another goal, or another shape, is another value of the same hands: its own keys (42's points
    // keep theirs, and so the node counts they were measured with).
    if (!counting.points || counting.side != 0 || N != 4)
      base_key_ ^= mix(0x5EA7ULL ^ (std::uint64_t(counting.points) << 8) ^ (std::uint64_t(misere_) << 16) ^
                       (std::uint64_t(sides_) << 24) ^ (std::uint64_t(N) << 32) ^ (std::uint64_t(ties_) << 40));
    for (auto& slots : killers_) slots.fill(-1);
    for (int tile = 0; tile < kMaxTiles; ++tile) {
      if (t_.counters[tile] == 5) five_mask_ |= bit(tile);
      if (t_.counters[tile] == 10) ten_mask_ |= bit(tile);
    }
  }

  // The place `k` seats after place `p` (both under N): a mask for 4, a subtraction for 3.
  static constexpr int after(int p, int k) {
    if constexpr ((N & (N - 1)) == 0) return (p + k) & (N - 1);
    else return p + k < N ? p + k : p + k - N;
  }
  int side(int p) const { return (sides_ >> p) & 1u; }  // 0: the counted side
  bool maximizes(int p) const { return (maximizers_ >> p) & 1u; }  // plays for more D

  int to_move() const { return after(leader_, trick_.len); }
  // All of D still to be taken from the current trick on.
  int remaining_total() const {
    return tricks_left() * Rules::kTrickPoints + counters_in_hands_ + trick_.counters;
  }
  int total_tiles() const { return tiles_left_; }
  // The last trick plays itself: every seat has one tile left (a leader holding a tile it may
  // lead low, in The Big Game, picks the better lead for its side).
  int last_trick() const {
    if (trick_.len == 0 && (hands_[leader_] & t_.lower_end)) return lead_last_trick();
    Trick last = trick_;
    for (int k = trick_.len; k < N; ++k) add(last, lowest(hands_[after(leader_, k)]));
    return side(after(leader_, last.win)) == 0 ? last.points() : 0;
  }
  int lead_last_trick() const {
    const bool maximize = maximizes(leader_);
    int best = maximize ? -kInf : kInf;
    for (TileMask m = t_.follow(hands_[leader_], -1); m; m &= m - 1) {
      Trick last;
      add(last, lowest(m));
      for (int k = 1; k < N; ++k) add(last, lowest(hands_[after(leader_, k)]));
      const int v = side(after(leader_, last.win)) == 0 ? last.points() : 0;
      best = maximize ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
  int tricks_left() const { return static_cast<unsigned>(tiles_left_ + trick_.len + N - 1) / N; }
  TileMask legal() const {
    if (root_bound_ && tiles_left_ == root_tiles_) return root_legal_;  // the position's own rules
    return t_.legal(hands_[to_move()], trick_.led);
  }
  std::uint64_t nodes() const { return nodes_; }
  bool zero_window() const { return enh_.zero_window; }
  // A node budget (NodeLimit once spent) and a stop request (Stopped once set, looked at every
  // kStopPoll nodes): one comparison a node serves both.
  void limit_nodes(std::uint64_t limit) {
    budget_ = limit;
    node_limit_ = std::min(budget_, stop_ ? nodes_ + kStopPoll : budget_);
  }
  void watch(const search::StopFlag* stop) {
    stop_ = stop;
    limit_nodes(budget_);
  }
  // The key of the position at a trick's start (the table and the endgame cache key by it).
  std::uint64_t trick_start_key() const {
    return hand_key_ ^ base_key_ ^ kKeys.leader[leader_] ^ (relative_trumps_ ? trumps_key() : 0);
  }
  // A trump follows no other suit, so only its rank among the trumps still in hand and its counters
  // matter: keyed so (DDS's relative ranks), positions that kept different trumps of the same order
  // share their entries. (Not 42's points: their keys, hence their node counts, stay as measured.)
  std::uint64_t trumps_key() const {
    std::uint64_t key = 0;
    const TileMask held = in_hands() & t_.trumps;
    for (int i = 0, r = 0; i < trumps_; ++i) {
      const int tile = trump_order_[i];
      if (!(held & bit(tile))) continue;
      int p = 0;
      while (!(hands_[p] & bit(tile))) ++p;
      key ^= kKeys.trump_rank[p][r++][t_.counters[tile] / 5];
    }
    return key;
  }
  // What a tile in place `p`'s hand adds to hand_key_ (a trump keyed by rank adds nothing there).
  std::uint64_t tile_key(int p, int tile) const { return tile_keys_[p][tile]; }

  // `tile`: the tile leaving the hand (tile_of_play of a play).
  void take(int seat, int tile) {
    hands_[seat] &= ~bit(tile);
    hand_key_ ^= tile_key(seat, tile);
    counters_in_hands_ -= t_.counters[tile];
    --tiles_left_;
  }
  void give_back(int seat, int tile) {
    hands_[seat] |= bit(tile);
    hand_key_ ^= tile_key(seat, tile);
    counters_in_hands_ += t_.counters[tile];
    ++tiles_left_;
  }

  // D from the current trick on: fail-soft alpha-beta.
  int ab(int alpha, int beta, int ply) {
    if (++nodes_ > node_limit_) past_limit();  // the table keeps only bounds of finished subtrees
    const int total = remaining_total();
    if (total == 0) return 0;
    if (total_tiles() + trick_.len <= N) return last_trick();
    // (A window above all the points left needs no endgame search: -2% nodes.)
    if (trick_.len == 0 && tiles_left_ == 2 * N && enh_.endgame) return total <= alpha ? total : two_tricks(alpha, beta);
    int lo = 0, hi = total;
    std::uint64_t key = 0;
    int tt_move = -1;
    if (trick_.len == 0) {
      bool known = false;  // a table entry's bounds already hold the sure points they were stored with
      // A window beyond all the points left is decided already: only the fail-soft bound is at
      // stake, and the top-trump run gives most of it for little (no table probe, no cashing
      // plan: +2% nodes, -4% time for the value).
      if ((alpha >= total || beta <= 0) && enh_.quick_tricks) {
        const auto [run_lo, run_hi] = run_bounds(total);
        return alpha >= total ? run_hi : run_lo;
      }
      if (tt_) {
        key = trick_start_key();
        if (const auto* e = tt_->probe(key)) {
          known = true;
          lo = std::max<int>(lo, e->lower);
          hi = std::min<int>(hi, e->upper);
          if (e->move != 0xFF) tt_move = e->move;
          if (lo >= beta || lo == hi) return lo;
          if (hi <= alpha) return hi;
        }
      }
      // At the bound search's horizon with the other side on lead, the bounded side's sure points
      // are its top-trump run: the leader's cashing plan would only tighten a failure.
      if (horizon_ && tricks_left() <= horizon_ && side(leader_) != bound_team_ && enh_.quick_tricks) {
        const auto [run_lo, run_hi] = run_bounds(total);
        return bound_team_ == 0 ? std::max(lo, run_lo) : std::min(hi, run_hi);
      }
      if (!known && enh_.quick_tricks && !(root_bound_ && tiles_left_ == root_tiles_)) narrow_at_trick_start(lo, hi, total, alpha, beta);
      if (lo >= beta || lo == hi) return lo;
      if (hi <= alpha) return hi;
      // The bound search's horizon: the sure points of the side it bounds stand in for the rest.
      if (horizon_ && tricks_left() <= horizon_) return bound_team_ == 0 ? lo : hi;
    } else {
      // Counting tricks, the trick on the table may be decided already: a side that needs it and
      // cannot win it fails here.
      if (enh_.quick_tricks && !counts_points()) {
        const int won_by = trick_decided();
        if (won_by == 0) lo = 1;
        else if (won_by == 1) hi = total - 1;
      }
      if (lo >= beta) return lo;
      if (hi <= alpha) return hi;
    }

    const int mover = to_move();
    const bool maximize = maximizes(mover);
    if (trick_.len == N - 1 && tiles_left_ == N + 1) {
      // The mover's tile completes the next-to-last trick and the last one plays itself.
      int best = maximize ? -kInf : kInf;
      for (TileMask m = legal(); m; m &= m - 1) {
        ++nodes_;
        const int v = with_play(lowest(m), [&](int delta) { return delta + last_trick(); });
        best = maximize ? std::max(best, v) : std::min(best, v);
        if (maximize ? best >= beta : best <= alpha) break;
      }
      return best;
    }
    int best = maximize ? -kInf : kInf;
    int best_move = -1;
    int a = alpha, b = beta;
    // Returns true on a cut-off; the tile that cut becomes the killer when `record`.
    auto try_move = [&](int tile, bool record = true) {
      const int v = play_and_search(tile, a, b, ply);
      if (maximize ? v > best : v < best) {
        best = v;
        best_move = tile;
      }
      if (maximize) a = std::max(a, best);
      else b = std::min(b, best);
      if (a < b) return false;
      if (record && ply < kMaxPly) killers_[ply][killer_slot()] = static_cast<std::int8_t>(tile);
      return true;
    };
    // The table's move, then the killer (ordered first anyway) usually cut off at once: try them
    // before generating the others.
    const TileMask legal_tiles = legal();
    // A forced play is made at once and leaves the killers alone: recorded, it displaced the
    // refutation its siblings (same ply and situation, more choice) needed (-6% nodes, -7% time).
    if (trick_.len && !(legal_tiles & (legal_tiles - 1))) return play_and_search(lowest(legal_tiles), alpha, beta, ply);
    const bool tt_first = tt_move >= 0 && (legal_tiles & bit(tt_move));
    const int killer = enh_.ordering && ply < kMaxPly ? killers_[ply][killer_slot()] : -1;
    const bool killer_first = killer >= 0 && killer != tt_move && (legal_tiles & bit(killer));
    // Mid-trick in the last three tricks, scoring the moves and testing equivalence cost more than
    // the nodes they save: after the killer, the tiles go in id order, low tiles first (+3% nodes,
    // -3% time; the same at the trick's lead, or a trick earlier, was slower).
    if (trick_.len && tiles_left_ + trick_.len <= 3 * N && enh_.ordering) {
      if (killer_first && try_move(killer, false)) return best;
      for (TileMask m = legal_tiles & ~(killer_first ? bit(killer) : 0); m; m &= m - 1)
        if (try_move(lowest(m))) break;
      return best;
    }
    if (!(tt_first && try_move(tt_move)) && !(killer_first && try_move(killer))) {
      // Most nodes cut off on their first move: pick moves best-first as needed, and skip a tile
      // interchangeable with one already searched only when it comes up.
      std::array<ScoredMove, 16> moves;
      NodeInfo info;
      const int n = generate(moves, legal_tiles, info);
      std::array<int, 16> searched;
      int n_searched = 0;
      if (tt_first) searched[n_searched++] = tt_move;
      if (killer_first) searched[n_searched++] = killer;
      for (int i = 0; i < n; ++i) {
        const int tile = take_best(moves, i, n);
        bool dup = false;
        for (int k = 0; k < n_searched && !dup; ++k)
          dup = searched[k] == tile || (enh_.equivalence && equivalent(searched[k], tile, info));
        if (dup) continue;
        searched[n_searched++] = tile;
        // The ordering's own first choice, where no killer was tried, is found again without one:
        // recorded, it only displaced a killer kept for the siblings where the ordering fails
        // (-4% nodes and time).
        if (try_move(tile, i > 0 || tt_first || killer_first)) break;
      }
    }
    if (trick_.len == 0 && tt_) {
      // Fail low: only an upper bound; fail high: only a lower bound. The bound search's horizon
      // values bound the rest for one side, so only that side's successes prove anything: it keeps
      // neither the other bound nor the other side's moves (no move, 0xFF, keeps the entry's: -1%
      // nodes for every move's value, -2% for the value).
      const bool lower_holds = !horizon_ || bound_team_ == 0, upper_holds = !horizon_ || bound_team_ == 1;
      const int lower = best > alpha && lower_holds ? best : lo;
      const int upper = best < beta && upper_holds ? best : hi;
      const bool proves = horizon_ ? (bound_team_ == 0 ? best >= beta : best <= alpha) : true;
      tt_->store(key, std::max(lower, lo), std::min(upper, hi), proves ? best_move : 0xFF, count(hands_[0]) * N + trick_.len);
    }
    return best;
  }

  // The last two tricks from their start, searched directly: no table and no sure points, just the
  // 16 lines at most, with cut-offs (-10% time), the bounds found kept in the endgame cache (-7%).
  int two_tricks(int alpha, int beta) {
    const std::uint64_t key = trick_start_key();
    EndgameCache::Entry& known = endgames_->at(key);
    if (known.key == key) {
      if (known.lower >= beta) return known.lower;
      if (known.upper <= alpha) return known.upper;
    } else {
      known = {key, 0, std::numeric_limits<std::int8_t>::max()};
    }
    // hand[k] and bit k of `sides` and `maxers`: the k-th seat in the order of play from the leader.
    std::array<TileMask, N> hand;
    unsigned sides = 0;
    for (int k = 0; k < N; ++k) hand[k] = hands_[after(leader_, k)], sides |= side(after(leader_, k)) << k;
    const unsigned maxers = misere_ ? sides : ~sides & ((1u << N) - 1);
    const int v = two_tricks_from<0>(hand, sides, maxers, Trick{}, alpha, beta);
    if (v >= beta) known.lower = static_cast<std::int8_t>(std::max<int>(known.lower, v));
    else known.upper = static_cast<std::int8_t>(std::min<int>(known.upper, v));
    return v;
  }
  // The K-th play of the first of the two tricks (`trick`: its first K tiles; hand[K] plays next).
  template <int K>
  int two_tricks_from(std::array<TileMask, N>& hand, unsigned sides, unsigned maxers, Trick trick, int alpha, int beta) {
    if constexpr (K == N) {
      ++nodes_;
      const int first = (sides >> trick.win) & 1u ? 0 : trick.points();
      // The winner leads the last trick: its one tile, or (The Big Game) the better of its leads.
      const int leader = trick.win;
      const bool leader_max = (maxers >> leader) & 1u;
      int last_best = leader_max ? -kInf : kInf;
      for (TileMask leads = t_.follow(hand[leader], -1); leads; leads &= leads - 1) {
        Trick last;
        last.add(t_, lowest(leads));
        for (int j = 1; j < N; ++j) last.add(t_, lowest(hand[after(leader, j)]));
        const int v = (sides >> after(leader, last.win)) & 1u ? 0 : last.points();
        last_best = leader_max ? std::max(last_best, v) : std::min(last_best, v);
      }
      return first + last_best;
    } else {
      const bool maximize = (maxers >> K) & 1u;
      const TileMask own = hand[K];
      const TileMask follow = K == 0 ? 0 : own & t_.follows[trick.led];
      const TileMask legal_tiles = K == 0 ? t_.follow(own, -1) : follow ? follow : own;
      int best = maximize ? -kInf : kInf;
      for (TileMask m = legal_tiles; m; m &= m - 1) {
        const int tile = lowest(m);
        hand[K] = own & ~bit(tile_of_play(tile));
        Trick next = trick;
        next.add(t_, tile);
        const int v = two_tricks_from<K + 1>(hand, sides, maxers, next, alpha, beta);
        if (maximize) {
          best = std::max(best, v);
          if (best >= beta) break;
          alpha = std::max(alpha, best);
        } else {
          best = std::min(best, v);
          if (best <= alpha) break;
          beta = std::min(beta, best);
        }
      }
      hand[K] = own;
      return best;
    }
  }

  // Plays `tile` for the mover, values the rest with `rest(delta)` (delta: the D the play banks if
  // it completes the trick) and takes the play back.
  template <class Rest>
  int with_play(int tile, Rest&& rest) {
    const int mover = to_move();
    const Trick saved = trick_;
    take(mover, tile_of_play(tile));
    add(trick_, tile);
    int v;
    if (trick_.len == N) {
      const int winner = after(leader_, trick_.win);
      const int delta = side(winner) == 0 ? trick_.points() : 0;
      const int saved_leader = leader_;
      leader_ = winner;
      trick_.clear();
      v = rest(delta);
      leader_ = saved_leader;
    } else {
      v = rest(0);
    }
    trick_ = saved;
    give_back(mover, tile_of_play(tile));
    return v;
  }

  // D from the current trick on after the mover plays `tile`, within (alpha, beta).
  int play_and_search(int tile, int alpha, int beta, int ply) {
    return with_play(tile, [&](int delta) { return delta + ab(alpha - delta, beta - delta, ply + 1); });
  }

  // D converted between the counted side's count and `team`'s (0: the counted side).
  int for_team(int team, int d) const { return team == 0 ? d : remaining_total() - d; }

  // Can `team` take at least `target` from here? A zero-window search's fail-soft answer, in the
  // team's count: at least `target` when it can, an upper bound when it cannot. (A test of D: it
  // holds whoever plays for more, misère included.)
  int test(int team, int target) {
    if (team == 0) return ab(target - 1, target, 0);
    const int d = for_team(1, target);  // side 1 takes `target` or more when side 0 takes `d` or fewer
    return for_team(1, ab(d, d + 1, 0));
  }

  // Zero-window tests converging on `team`'s exact count, within [lo, hi] (its count). A climb
  // starts `margin` under the guess and proves ever higher lower bounds for the team, each of which
  // needs one line of its play (cheap), bisecting after the test that fails, which must refute all
  // its lines (climbing for the side to move rather than always for side 0 cut the time by 26-30%
  // with side 1 to move). A search with a known bound (a root move, bounded by the root's value) is
  // classic MTD(f): test the bound, then each new one.
  int mtdf(int team, int guess, int lo, int hi, bool climb, int margin = kClimbMargin) {
    lo = std::max(lo, 0);
    hi = std::min(hi, remaining_total());
    int target = std::clamp(climb ? guess - margin : guess, lo + 1, std::max(lo + 1, hi));
    // Beyond 42's seven tricks (The Big Game) the first guess often lies 20-30 points off a value
    // in 0..66, and one-point steps took up to 33 tests: there the steps double until a test turns,
    // then the tests bisect (-21% nodes for an 11-trick value, -11% at the median for every move's).
    const bool gallop = tricks_left() >= kGallopTricks;
    int step = 1;
    bool raised = false, lowered = false;
    while (lo < hi) {
      const int g = test(team, target);
      const bool proved = g >= target;
      if (proved) lo = g;
      else hi = g;
      if (gallop) {
        raised |= proved;
        lowered |= !proved;
        step *= 2;
        target = raised && lowered ? (lo + hi + 1) / 2 : proved ? std::min(lo + step, hi) : std::max(hi - step + 1, lo + 1);
      } else {
        target = proved ? lo + 1 : climb ? (lo + hi + 1) / 2 : hi;
      }
    }
    return lo;
  }

  // `team`'s exact count: zero-window tests, or one full-window search for the baseline.
  int exact(int team, int guess, int lo = 0, int hi = kInf, bool climb = true, int margin = kClimbMargin) {
    return enh_.zero_window ? mtdf(team, guess, lo, hi, climb, margin) : for_team(team, ab(-1, remaining_total() + 1, 0));
  }

  // The exact count of the side to move, climbing from a proven lower bound (see warm_bound)
  // or, when given one, from a guess (the bound searches still run for their table entries and
  // killers: -4% time for dd_table, whose cells guess from each other). In the last three tricks,
  // from a playout.
  int climb_exact(int given = -1) {
    const int team = side(to_move());
    const int bound = enh_.zero_window ? warm_bound(team) : 0;
    if (given >= 0) return exact(team, given, std::max(bound, 0), kInf, true, kGivenMargin);
    return bound >= 0 ? exact(team, bound, bound, kInf, true, 0) : exact(team, for_team(team, playout()));
  }

  // A proven lower bound of `team`'s count, which is also the first guess for MTD(f): the first
  // two tricks searched exactly, with the team's sure points standing in for the rest. What it
  // proves for the team holds for the real hand, so its table entries are true bounds, which the
  // exact searches use along with the moves that proved them (-4% time for the value against the
  // former first guess, a third of the way from NS's sure points to what the other side's leave
  // them, whose entries had to be kept apart). The exact searches also start from its killers
  // rather than from none: it has just proved and refuted lines of the same tree (-6% nodes and
  // -8% time for the value). -1 in the last three tricks, where it would search them all.
  // (`tricks` searched exactly; `guess` of the team's count, or -1 for the ordering's playout.)
  int bound_search(int team, int tricks = kBoundTricks, int guess = -1) {
    if (tricks_left() <= tricks + 1) return -1;
    const int start = guess >= 0 ? guess : for_team(team, playout());
    horizon_ = tricks_left() - tricks;  // run in place, so that its killers serve the next search
    bound_team_ = team;
    const int bound = mtdf(team, start, 0, kInf, true);
    horizon_ = 0;
    return bound;
  }
  // The bound search for the value, deepened step by step so that each search, and then the exact
  // one, starts from the killers of the one before: one trick for the other side (its refutations),
  // then one and two tricks for `team`, the better of whose bounds it returns (-5% nodes and -3%
  // to -5% time for the value against the two-trick search alone; every move's value gains
  // nothing from it). -1 where the two-trick search would not run.
  int warm_bound(int team) {
    if (tricks_left() <= kBoundTricks + 1) return -1;
    bound_search(1 - team, 1);
    const int shallow = bound_search(team, 1);
    return std::max(shallow, bound_search(team, kBoundTricks, shallow));
  }
  // The searches below a root move count their plies from that move: the killers found a ply
  // down serve them at the same ply number.
  void killers_from_below_root() { std::copy(killers_.begin() + 1, killers_.end(), killers_.begin()); }
  // D of the rest of the hand when everyone plays the move ordering's first choice.
  int playout() {
    if (tiles_left_ + trick_.len <= N) return last_trick();
    std::array<ScoredMove, 16> moves;
    NodeInfo info;
    const int tile = take_best(moves, 0, generate(moves, legal(), info));
    return with_play(tile, [&](int delta) { return delta + playout(); });
  }

  // The table's move at the root (the bound search leaves one), or -1.
  int table_move() const {
    if (!tt_ || trick_.len != 0) return -1;
    const auto* e = tt_->probe(trick_start_key());
    return e && e->move != 0xFF ? e->move : -1;
  }
  // Exact D after the mover plays `tile`, climbing for `team` from `guess` (D before the play),
  // `margin` under it.
  int exact_after_guess(int tile, int team, int guess, int margin) {
    return with_play(tile, [&](int delta) {
      return delta + for_team(team, exact(team, for_team(team, guess - delta), 0, kInf, true, margin));
    });
  }
  // Exact D after the mover plays `tile`, tested first against `best`, another move's value (most
  // moves are no better: classic MTD(f) then walks down from there). The other side's bound search
  // runs first: refuting the test is theirs to do, and its killers and entries warm the search
  // (-4.5% nodes for every move's value), from five tricks left on (at four it costs more than it
  // saves: +19% nodes for a hint at the fourth trick's lead, against -4% now). Not under NoTrick,
  // whose bound searches see one trick's sure owner only (-1.6% nodes, -2.4% instructions for Nel-O).
  int exact_after_vs(int tile, int best) {
    const bool maximize = maximizes(to_move());
    return with_play(tile, [&](int delta) {
      if (enh_.zero_window && tricks_left() > kBoundTricks + 2 && !misere_) bound_search(side(to_move()));
      const int b = best - delta;
      return delta + exact(0, maximize ? b + 1 : b, 0, kInf, false);
    });
  }

  // D after the mover plays `tile`, `best` being the root's exact D: exact when the play gives
  // away less than `cap`, else `cap` from `best` (what a play inference counts). A best play costs
  // one zero-window test; a worse one walks from `best` down to its value.
  int within_cap_after(int tile, int best, int cap) {
    const bool maximize = maximizes(to_move());
    return with_play(tile, [&](int delta) {
      const int b = best - delta;  // D from here on if the play is a best one
      const int lo = maximize ? std::max(0, b - cap) : b;
      const int hi = maximize ? b : b + cap;
      const int v = exact(0, maximize ? b : b + 1, lo, hi, false);
      return delta + std::clamp(v, lo, hi);
    });
  }

  // Advance the search state by one play (for principal variations).
  void advance(int tile) {
    const int mover = to_move();
    take(mover, tile_of_play(tile));
    add(trick_, tile);
    if (trick_.len == N) {
      leader_ = after(leader_, trick_.win);
      trick_.clear();
    }
  }
  int points_if_trick_completes(int tile) const {  // D the play banks (0 mid-trick)
    if (trick_.len != N - 1) return 0;
    Trick done = trick_;
    add(done, tile);
    return side(after(leader_, done.win)) == 0 ? done.points() : 0;
  }

  // Groups of the mover's legal tiles that are interchangeable (same counters, same suits among
  // those still live, and no other player's tile ranked between them in any live suit).
  std::vector<std::vector<int>> equivalence_groups(TileMask legal_tiles) const {
    const NodeInfo info = node_info();
    std::vector<std::vector<int>> groups;
    for (TileMask m = legal_tiles; m; m &= m - 1) {
      const int tile = lowest(m);
      bool placed = false;
      for (auto& g : groups)
        if (enh_.equivalence && equivalent(g.front(), tile, info)) {
          g.push_back(tile);
          placed = true;
          break;
        }
      if (!placed) groups.push_back({tile});
    }
    return groups;
  }

 private:
  bool counts_points() const { return counts_points_; }

  void past_limit() {
    if (nodes_ > budget_) throw NodeLimit{};
    if (stop_->requested()) throw Stopped{};
    node_limit_ = std::min(budget_, nodes_ + kStopPoll);
  }

  // Adds `tile` to a trick led by the leader: the trick engine decides, ties of strength going to
  // the favoured side where the contract says so.
  void add(Trick& trick, int tile) const {
    if (ties_) trick.add(t_, tile, favoured_[leader_]);
    else trick.add(t_, tile);
  }

  // What move ordering and equivalence need to know about the node, computed once.
  struct NodeInfo {
    int mover;
    TileMask remaining;          // tiles in hands
    TileMask others;             // tiles of the other seats
    TileMask outsiders;          // tiles that can rank between two of the mover's: others + table
    int led = -1;                // suit called by the lead, mid-trick
    int win_tile = -1;           // tile winning the trick so far
    int overtake = 0;            // the highest power an opponent still to play in the trick can reach
    bool side_wins = false;      // the mover's side wins the trick whatever the opponents play
  };

  NodeInfo node_info() const {
    NodeInfo n;
    n.mover = to_move();
    n.remaining = in_hands();
    n.others = n.outsiders = n.remaining & ~hands_[n.mover];
    n.outsiders |= trick_.tiles;
    if (trick_.len && N == 4) {
      // Partners opposite: the opponent still to play is the leader's partner after the second
      // seat, the last seat after the third; the second seat's partner plays last.
      n.led = trick_.led;
      n.win_tile = trick_.best;
      if (trick_.len < 3) n.overtake = top_power(after(leader_, trick_.len == 1 ? 2 : 3), n.led);
      n.side_wins = trick_.len == 1 ? top_power(after(leader_, 3), n.led) > std::max<int>(n.overtake, t_.power[n.led][n.win_tile])
                                    : side(after(leader_, trick_.win)) == side(n.mover) && t_.power[n.led][n.win_tile] > n.overtake;
    } else if (trick_.len) {
      n.led = trick_.led;
      n.win_tile = trick_.best;
      const int own = side(n.mover);
      for (int k = trick_.len + 1; k < N; ++k)
        if (side(after(leader_, k)) != own) n.overtake = std::max(n.overtake, top_power(after(leader_, k), n.led));
      const int best_power = t_.power[n.led][n.win_tile];
      const int last = after(leader_, N - 1);
      n.side_wins = (side(after(leader_, trick_.win)) == own && best_power > n.overtake) ||
                    (last != n.mover && side(last) == own && top_power(last, n.led) > std::max(best_power, n.overtake));
    }
    return n;
  }

  // The strongest play of place `p` in a trick that called `led` (0: it cannot win it).
  int top_power(int p, int led) const {
    int top = 0;
    for (TileMask m = t_.legal(hands_[p], led); m; m &= m - 1) top = std::max<int>(top, t_.power[led][lowest(m)]);
    return top;
  }

  // The legal tiles with their ordering scores (unsorted: see take_best), and what the node's
  // scores need to know in `info`.
  int generate(std::array<ScoredMove, 16>& out, TileMask legal_tiles, NodeInfo& info) const {
    info = node_info();
    int n = 0;
    for (TileMask m = legal_tiles; m; m &= m - 1) {
      const int tile = lowest(m);
      out[n++] = {tile, enh_.ordering ? (misere_ ? score_to_lose(tile, info) : score(tile, info)) : 0};
    }
    return n;
  }
  // Moves the best-scored of out[i..n) (the first on ties) to out[i] and returns its tile.
  static int take_best(std::array<ScoredMove, 16>& out, int i, int n) {
    int b = i;
    for (int j = i + 1; j < n; ++j)
      if (out[j].score > out[b].score) b = j;
    if (b != i) {
      const ScoredMove m = out[b];
      for (int j = b; j > i; --j) out[j] = out[j - 1];  // keeps the others in order, as a stable sort
      out[i] = m;
    }
    return out[i].tile;
  }

  int own_rank(int tile, const NodeInfo& info) const {
    if (t_.trumps & bit(tile)) return t_.rank[kTrumpSuit][tile];
    const bool follows = info.led >= 0 && (t_.follows[info.led] & bit(tile));
    return t_.rank[follows ? info.led : t_.called[tile]][tile];
  }

  // Playing to take tricks and points (the table's move and the killer are tried before any
  // scoring). Leads: tiles that win the trick for sure, trumps, tiles the partner's master will
  // win, others low, and last those an opponent void in the suit can trump. Following: feed
  // counters (not trumps) to a partner who wins the trick whatever the opponents play, overtaking
  // it only with a counter; win a trick nobody can take back; cover cheaply where an opponent still
  // to play could overtake; else play low, keeping trumps and high tiles. (Against scoring only
  // whether a play beats the trick so far: -28% nodes for 42's value at the median, -18% for every
  // move's value.)
  int score(int tile, const NodeInfo& info) const {
    const int cnt = t_.counters[tile];
    const bool trump = (t_.trumps & bit(tile)) != 0;
    if (trick_.len == 0) {
      const int suit = t_.called[tile];
      const bool master = !(info.others & t_.above_led[tile]);
      const bool trumped = !trump && may_be_trumped(suit, info.mover);
      if (master && !trumped) return 1000 + 10 * cnt + t_.rank[suit][tile];
      if (trump) return 500 + t_.rank[kTrumpSuit][tile];
      if (trumped) return 50 - 8 * cnt - t_.rank[suit][tile];
      if (partner_master_above(tile, info.mover)) return 300 + 8 * cnt - t_.rank[suit][tile];
      return 100 - 8 * cnt - t_.rank[suit][tile];
    }
    const bool follows = (t_.follows[info.led] & bit(tile)) != 0;
    const int rank = trump ? t_.rank[kTrumpSuit][tile] : t_.rank[follows ? info.led : t_.called[tile]][tile];
    const bool beats = t_.beats(tile, info.win_tile, info.led);
    if (info.side_wins) return 200 + 10 * cnt - rank - (beats && !cnt ? 30 : 0) - (trump ? 10 * cnt + 20 : 0);
    if (beats && t_.power[info.led][tile] > info.overtake) return 400 + 10 * cnt - rank;
    if (beats) return 100 - 10 * cnt - rank;
    return -10 * cnt - rank - (trump ? 20 : 0);
  }

  // Playing to lose tricks (NoTrick). Leads: low tiles an opponent must beat (it holds only
  // higher ones of the suit), then low tiles an opponent can beat, then the rest low. Following an
  // opponent's winning tile: the highest tile that stays under it; made to beat it, the lowest
  // where an opponent still to play may overtake, else the highest. Under the side's own winning
  // tile: shed the highest when no opponent can take the trick, else stay low.
  int score_to_lose(int tile, const NodeInfo& info) const {
    const int rank = own_rank(tile, info);
    if (trick_.len == 0) {
      const int suit = t_.called[tile];
      bool forced = false, may = false;
      for (int k = 1; k < N; ++k) {
        const int p = after(info.mover, k);
        if (side(p) == side(info.mover)) continue;
        const TileMask follow = t_.legal(hands_[p], suit);
        bool all_beat = follow != 0, some_beat = false;
        for (TileMask m = follow; m; m &= m - 1) {
          const bool b = t_.beats(lowest(m), tile, suit);
          all_beat &= b;
          some_beat |= b;
        }
        forced |= all_beat;
        may |= some_beat;
      }
      if (forced) return 800 - rank;
      if (may) return 400 - rank;
      return 100 - rank;
    }
    const bool beats = t_.beats(tile, info.win_tile, info.led);
    const bool ours = side(after(leader_, trick_.win)) == side(info.mover);
    if (!ours) {
      if (!beats) return 400 + rank;
      return t_.power[info.led][tile] < info.overtake ? 200 - rank : 100 + rank;
    }
    if (info.side_wins) return 300 + rank;
    return beats ? 100 - rank : 300 - rank;
  }

  // Could an opponent of place `p` trump a lead of (non-trump) `suit`? One void in it, holding trumps.
  bool may_be_trumped(int suit, int p) const {
    const TileMask f = t_.follows[suit];
    if constexpr (N == 4) {
      for (const int o : {after(p, 1), after(p, 3)})
        if (!(hands_[o] & f) && (hands_[o] & t_.trumps)) return true;
      return false;
    }
    for (int k = 1; k < N; ++k) {
      const int o = after(p, k);
      if (side(o) != side(p) && !(hands_[o] & f) && (hands_[o] & t_.trumps)) return true;
    }
    return false;
  }
  // Does a partner of place `p` hold a tile above `tile` in its suit that no opponent can beat?
  bool partner_master_above(int tile, int p) const {
    const int suit = t_.called[tile];
    const TileMask f = t_.follows[suit];
    TileMask mates = 0, opponents = 0;
    if constexpr (N == 4) {
      mates = hands_[after(p, 2)], opponents = hands_[after(p, 1)] | hands_[after(p, 3)];
    } else {
      for (int k = 1; k < N; ++k) (side(after(p, k)) == side(p) ? mates : opponents) |= hands_[after(p, k)];
    }
    for (TileMask m = mates & f & t_.above[suit][tile]; m; m &= m - 1)
      if (!(opponents & f & t_.above[suit][lowest(m)])) return true;
    return false;
  }

  TileMask in_hands() const {
    TileMask all = 0;
    for (const TileMask h : hands_) all |= h;
    return all;
  }

  // Narrows the bounds [lo, hi] on D at a trick's start (`total` of it left) from what no play can
  // change: the side on lead's sure points or tricks (its cashing plan) and the top-trump run of
  // the other side; playing to lose tricks, only a lead that takes every trick left and the run.
  void narrow_at_trick_start(int& lo, int& hi, int total, int alpha, int beta) const {
    if (misere_) {
      if (leads_out()) {
        lo = hi = side(leader_) == 0 ? total : 0;
        return;
      }
      const auto [run_lo, run_hi] = run_bounds(total);
      lo = std::max(lo, run_lo);
      hi = std::min(hi, run_hi);
      // (Only where one trick may decide the window.)
      const int owner = beta <= lo + 1 || alpha >= hi - 1 ? misere_trick_owner() : -1;
      if (owner == 0) lo = std::max(lo, 1);
      else if (owner == 1) hi = std::min(hi, total - 1);
      return;
    }
    const auto [ours, theirs] = sure_points();
    const int d = side(leader_) == 0 ? ours : theirs, other = side(leader_) == 0 ? theirs : ours;
    lo = std::max(lo, d);
    hi = std::min(hi, total - other);
  }

  // Under NoTrick, the side that takes the trick starting now whatever the seats play, or -1. The
  // side on lead takes it when, whatever the leader leads, each seat of the other side has a legal
  // tile that does not beat the lead (it then cannot beat the trick's best either): playing to give
  // the trick away, it does. A leader alone in its side gives it away when it has a lead that a
  // seat of the other side can only beat.
  int misere_trick_owner() const {
    const int own = side(leader_);
    bool alone = true;
    for (int k = 1; k < N; ++k) alone &= side(after(leader_, k)) != own;
    bool all_taken = true;
    for (TileMask leads = t_.legal(hands_[leader_], -1); leads; leads &= leads - 1) {
      const int lead = lowest(leads), suit = t_.called[lead];
      bool taken = true;  // each seat of the other side can play under the lead
      for (int k = 1; k < N; ++k) {
        const int p = after(leader_, k);
        if (side(p) == own) continue;
        bool under = false, forced = hands_[p] != 0;
        for (TileMask m = t_.legal(hands_[p], suit); m; m &= m - 1) {
          const bool b = t_.beats(lowest(m), lead, suit);
          under |= !b;
          forced &= b;
        }
        if (alone && forced) return 1 - own;
        taken &= under;
      }
      all_taken &= taken;
      if (!alone && N == 3 && gives_away(lead, suit)) return 1 - own;
    }
    return all_taken ? own : -1;
  }

  // Three seats, the leader's partner in play: does leading `lead` give the trick away? It does
  // when the seat of the other side can only beat it, and the partner can stay under the lead
  // (playing before that seat) or under the lowest tile that seat may play (after it).
  bool gives_away(int lead, int suit) const {
    const int own = side(leader_);
    const int first = after(leader_, 1), second = after(leader_, 2);
    const int other = side(first) == own ? second : first, mate = other == first ? second : first;
    const TileMask theirs = t_.legal(hands_[other], suit);
    if (!theirs) return false;
    int least = kInf;
    for (TileMask m = theirs; m; m &= m - 1) {
      if (!t_.beats(lowest(m), lead, suit)) return false;
      least = std::min<int>(least, t_.power[suit][lowest(m)]);
    }
    const int bar = mate == first ? t_.power[suit][lead] : least;
    for (TileMask m = t_.legal(hands_[mate], suit); m; m &= m - 1)
      if (t_.power[suit][lowest(m)] <= bar) return true;
    return false;
  }

  // Does the seat on lead take every trick left? It does when no tile of another hand can beat any
  // of its tiles led (a higher tile of the suit it calls, or any trump): it wins each lead and leads
  // again, and the others' hands only shrink. Under NoTrick no seat plays to avoid that.
  bool leads_out() const {
    TileMask others = 0;
    for (int k = 1; k < N; ++k) others |= hands_[after(leader_, k)];
    if (others & t_.trumps) return false;
    for (TileMask m = hands_[leader_]; m; m &= m - 1)
      if (others & t_.above_led[lowest(m)]) return false;
    return true;
  }

  // The side on lead's sure count at a trick boundary, as (leader's side, other side). The
  // leader's side follows a plan that wins whatever the opponents do: the one on lead cashes tiles
  // no opponent can beat or trump, its partner (where it has one in play) feeds counters (or takes
  // over the lead when it must, or when led to its own winner); each opponent is charged only the
  // least it could shed over those tricks. Whoever holds the top trump also wins a trick with each
  // trump of its unbroken run from the top, whoever leads. (Counting tricks, the counters are zero
  // and the same plan counts sure tricks.)
  std::pair<int, int> sure_points() const {
    const int me = leader_;
    // Sides of one or two seats (engine_for): a partner at most, two opponents at most.
    int mate = -1, n_opp = 0;
    std::array<TileMask, 2> opp{};
    if constexpr (N == 4) {
      mate = after(me, 2), n_opp = 2, opp = {hands_[after(me, 1)], hands_[after(me, 3)]};
    } else {
      for (int k = 1; k < N; ++k) {
        const int p = after(me, k);
        if (side(p) == side(me)) mate = p;
        else opp[n_opp++] = hands_[p];
      }
    }
    std::array<TileMask, 2> team = {hands_[me], mate >= 0 ? hands_[mate] : TileMask{0}};  // [on lead, partner]
    int on = 0;                                  // which of them leads
    int points = 0, cashed = 0, top_trumps = 0;  // top_trumps: trump tricks cashed
    // The one on lead plays `tile`; its partner feeds the biggest counter it legally can under it,
    // and when it can only beat it (no opponent can overtake then) it wins the trick and leads.
    std::array<int, kCalledSuits> led{};  // cashed tricks per suit led
    unsigned led_suits = 0;               // the suits with a cashed trick
    auto cash = [&](int tile) {
      points += 1 + t_.counters[tile];
      ++cashed;
      team[on] &= ~bit(tile);
      const int suit = t_.called[tile];
      ++led[suit];
      led_suits |= 1u << suit;
      if (mate < 0) return;
      TileMask& other = team[1 - on];
      TileMask legal = other & t_.follows[suit] & ~t_.above_led[tile];
      bool takes = false;
      if (!legal && (other & t_.follows[suit])) legal = other & t_.follows[suit], takes = true;
      if (!legal) legal = other & ~t_.trumps;  // discard without overtaking
      if (!legal) legal = other, takes = true;
      if (!legal) return;
      const int fed = most_counters(legal);
      points += t_.counters[fed];
      other &= ~bit(fed);
      if (takes) on = 1 - on;
    };
    // A trump wins once no opponent can hold a higher one: each follows trump on every trump
    // trick, so its trumps are gone after as many.
    std::array<TileMask, 2> opp_trump_hands{};
    std::array<int, 2> opp_trump_count{};
    for (int k = 0; k < n_opp; ++k) opp_trump_hands[k] = opp[k] & t_.trumps, opp_trump_count[k] = count(opp_trump_hands[k]);
    auto trump_wins = [&](int tile) {
      for (int k = 0; k < n_opp; ++k)
        if ((opp_trump_hands[k] & t_.above[kTrumpSuit][tile]) && opp_trump_count[k] > top_trumps) return false;
      return true;
    };
    // A tile of another suit beats every opponent when none can hold a higher tile of its suit
    // (one that held more than the tricks led in the suit may still) nor trump it (one with trumps
    // left must still hold a tile of the suit, whatever it shed on the tricks cashed so far).
    auto beats_opponents = [&](int tile, int suit) {
      for (int k = 0; k < n_opp; ++k) {
        const TileMask own = opp[k] & t_.follows[suit];
        const bool trumps_left = opp_trump_count[k] > top_trumps;
        if (own & t_.above[suit][tile]) {
          if (count(own) > led[suit] || trumps_left) return false;
        } else if (trumps_left && count(own) <= cashed) {
          return false;
        }
      }
      return true;
    };
    // The one on lead plays `low` and its partner wins the trick with `taker`, then leads.
    auto pass_lead = [&](int low, int taker) {
      points += 1 + t_.counters[low] + t_.counters[taker];
      ++cashed;
      ++led[t_.called[low]];
      led_suits |= 1u << t_.called[low];
      team[on] &= ~bit(low);
      team[1 - on] &= ~bit(taker);
      on = 1 - on;
    };
    // Cash winning trumps first (drawing them guards the rest), then tiles that beat the
    // opponents; with none left, a low tile of a suit where the partner holds a winner passes the
    // lead to it.
    for (bool progress = true; progress;) {
      progress = false;
      for (TileMask m = team[on] & t_.trumps; m;) {
        const int tile = highest_trump(m);
        if (!trump_wins(tile)) break;
        const int was = on;
        cash(tile);
        ++top_trumps;
        progress = true;
        if (on != was) break;
        m &= ~bit(tile);
      }
      if (progress) continue;
      for (TileMask m = team[on] & ~t_.trumps; m; m &= m - 1) {
        const int tile = lowest(m), suit = t_.called[tile];
        if (!(team[1 - on] & t_.above_led[tile]) && beats_opponents(tile, suit)) {
          const int was = on;
          cash(tile);
          progress = true;
          if (on != was) break;
        }
      }
      if (progress || mate < 0) continue;
      for (TileMask m = team[on] & ~t_.trumps; m && !progress; m &= m - 1) {
        const int low = lowest(m), suit = t_.called[low];
        for (TileMask h = team[1 - on] & t_.follows[suit] & t_.above[suit][low]; h; h &= h - 1) {
          const int high = lowest(h);
          if (!beats_opponents(high, suit)) continue;
          pass_lead(low, high);
          progress = true;
          break;
        }
      }
      // Or a partner out of the suit trumps it, when no opponent can overtrump: one still holding
      // the suit must follow, one out of it must no longer hold a higher trump.
      for (TileMask m = team[on] & ~t_.trumps; m && !progress; m &= m - 1) {
        const int low = lowest(m), suit = t_.called[low];
        if (team[1 - on] & t_.follows[suit]) continue;
        for (TileMask r = team[1 - on] & t_.trumps; r; r &= r - 1) {
          const int ruff = lowest(r);
          bool safe = true;
          for (int k = 0; k < n_opp; ++k)
            if (count(opp[k] & t_.follows[suit]) <= cashed && (opp_trump_hands[k] & t_.above[kTrumpSuit][ruff]) &&
                opp_trump_count[k] > top_trumps)
              safe = false;
          if (!safe) continue;
          pass_lead(low, ruff);
          progress = true;
          break;
        }
      }
    }
    // Each opponent sheds a tile a trick, and at least as many of a suit as were led in it (or all
    // it held): it is charged the least counters either way.
    for (int k = 0; k < n_opp && cashed; ++k) {
      int shed = least_counters(opp[k], cashed);
      for (unsigned l = led_suits; l; l &= l - 1) {
        const int suit = std::countr_zero(l);
        const TileMask own = opp[k] & t_.follows[suit];
        shed = std::max(shed, least_counters(own, std::min(led[suit], count(own))));
      }
      points += shed;
    }
    int theirs = 0;
    if (top_trumps == 0) {
      // The top trump is elsewhere: its holder's run from the top is sure.
      const auto [holder_side, run] = top_trump_run();
      if (holder_side == side(me)) points = std::max(points, run);  // (not added: may be fed)
      else theirs = run;
    }
    return {points, theirs};
  }

  // The side holding the top trump, and the points of its holder's unbroken run of trumps from
  // the top: each wins its trick whoever leads, with a tile from each other seat and at least the
  // least counters those could shed ({0, 0} with no trumps left; the shed counters: -1.5% nodes).
  std::pair<int, int> top_trump_run() const {
    const TileMask trumps = in_hands() & t_.trumps;
    if (!trumps) return {0, 0};
    const int top = highest_trump(trumps);
    int holder = 0;
    while (!(hands_[holder] & bit(top))) ++holder;
    const TileMask rest = trumps & ~hands_[holder];
    int run = 0, tricks = 0;
    for (TileMask m = hands_[holder] & t_.trumps; m; m &= m - 1) {
      const int tile = lowest(m);
      if (!(rest & t_.above[kTrumpSuit][tile])) run += 1 + t_.counters[tile], ++tricks;
    }
    if (tricks && trick_.len == 0)
      for (int k = 1; k < N; ++k) run += least_counters(hands_[after(holder, k)], tricks);
    return {side(holder), run};
  }
  // D as bounded by the top-trump run alone, of `total` left: {at least, at most}.
  std::pair<int, int> run_bounds(int total) const {
    const auto [holder_side, run] = top_trump_run();
    return {holder_side == 0 ? run : 0, holder_side == 1 ? total - run : total};
  }

  int most_counters(TileMask tiles) const {
    if (TileMask tens = tiles & ten_mask_) return lowest(tens);
    if (TileMask fives = tiles & five_mask_) return lowest(fives);
    return lowest(tiles);
  }
  // The smallest total of counters among any `n` of `tiles`.
  int least_counters(TileMask tiles, int n) const {
    n -= count(tiles & ~five_mask_ & ~ten_mask_);
    if (n <= 0) return 0;
    const int fives = count(tiles & five_mask_);
    return n <= fives ? 5 * n : 5 * fives + 10 * (n - fives);
  }

  int highest_trump(TileMask trumps) const {
    for (TileMask m = trumps; m; m &= m - 1)
      if (!(trumps & t_.above[kTrumpSuit][lowest(m)])) return lowest(m);
    return -1;
  }

  // The side that takes the trick on the table whatever is still played, or -1: a side whose tile
  // is winning keeps the trick when no seat of the other side still to play holds a legal tile
  // that beats it (a tile that beats a later, stronger one beats this one too).
  int trick_decided() const {
    if (ties_) return -1;  // a tie may overtake: left to the search
    const int holder = side(after(leader_, trick_.win));
    for (int k = trick_.len; k < N; ++k) {
      const int p = after(leader_, k);
      if (side(p) == holder) continue;
      for (TileMask m = t_.legal(hands_[p], trick_.led); m; m &= m - 1)
        if (t_.beats(lowest(m), trick_.best, trick_.led)) return -1;
    }
    return holder;
  }

  // Two of the mover's tiles are interchangeable when they have the same counters, call the same
  // suit, follow the same live suits, and no outsider ranks between them in any of those suits.
  bool equivalent(int a, int b, const NodeInfo& info) const {
    if (t_.counters[a] != t_.counters[b] || t_.called[a] != t_.called[b]) return false;
    if (t_.by_distance) return true;  // Sevens: one distance, one strength, played under the same rule
    const unsigned sa = t_.suits_of[a], sb = t_.suits_of[b];
    for (unsigned l = sa ^ sb; l; l &= l - 1)
      if (live(std::countr_zero(l), info)) return false;
    for (unsigned l = sa & sb; l; l &= l - 1) {
      const int s = std::countr_zero(l);
      if (!live(s, info)) continue;
      const bool a_low = (t_.above[s][a] & bit(b)) != 0;
      const int low = a_low ? a : b, high = a_low ? b : a;
      const TileMask between = t_.above[s][low] & ~t_.above[s][high] & ~bit(high);
      if (between & info.outsiders) return false;
    }
    return true;
  }

  // A suit is live while some tile in hand calls it when led, or it is the suit led now.
  bool live(int suit, const NodeInfo& info) const { return suit == info.led || (info.remaining & callers_[suit]); }

  const SuitTable& t_;
  search::TranspositionTable* tt_;
  EndgameCache* endgames_;
  Enhancements enh_;
  bool misere_;                        // every seat plays to lose tricks (the counted side minimises D)
  bool counts_points_;                 // points (counters count), else tricks
  bool ties_ = false;                  // ties of strength go to a favoured side
  std::array<unsigned, N> favoured_{};  // per leader place: the favoured side's places in its trick
  std::array<TileMask, N> hands_{};    // per place
  unsigned sides_ = 0;                 // bit set of the places on side 1
  unsigned maximizers_ = 0;            // bit set of the places playing for more D
  Trick trick_;                        // the trick on the table
  int tiles_left_ = 0;                 // tiles in hands
  int leader_ = 0;
  int counters_in_hands_ = 0;
  std::uint64_t hand_key_ = 0;  // the tiles in hand by place (trumps by rank apart: trumps_key)
  bool relative_trumps_ = false;
  // tile_key's values, looked up where two tests chose them: a play's take and give_back cost 4%
  // fewer instructions.
  std::array<std::array<std::uint64_t, kMaxTiles>, N> tile_keys_{};
  std::array<int, kMaxPip + 2> trump_order_{};
  int trumps_ = 0;
  std::uint64_t base_key_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = std::numeric_limits<std::uint64_t>::max();  // the next look: budget or stop
  std::uint64_t budget_ = std::numeric_limits<std::uint64_t>::max();
  const search::StopFlag* stop_ = nullptr;
  int horizon_ = 0;     // > 0: the bound search, stopping at this many tricks left,
  int bound_team_ = 0;  // ... bounding this team's count
  TileMask five_mask_ = 0, ten_mask_ = 0;
  TileMask root_legal_ = 0;  // the root position's legal moves
  int root_tiles_ = -1;
  bool root_bound_ = false;  // the root's moves are fewer than the declaration's rule allows
  std::array<TileMask, kCalledSuits> callers_{};  // tiles that call each suit when led
  // Killers are kept per ply and per situation: the leader, and mid-trick the tile winning so far
  // (a refutation rarely carries over to a trick won by another tile: per ply alone, 1.6x the nodes).
  int killer_slot() const { return (trick_.len ? trick_.best : kMaxPlays) * N + leader_; }
  std::array<std::array<std::int8_t, (kMaxPlays + 1) * N>, kMaxPly> killers_{};
};

// Runs `f` on an engine for `play` and `goal`: the one place the trick size is chosen, once per
// search (the engine then knows it at compile time). Throws InvalidPositionError for what the
// engine does not play.
template <class F>
auto engine_for(const TrickPlay& play, const Goal& goal, search::TranspositionTable* tt, EndgameCache* endgames,
                const Enhancements& enh, bool relative_trumps, F&& f) {
  checked_goal(goal.objective, goal.declaring_side, goal.need);
  if (!play.table) throw InvalidPositionError("a trick play needs its declaration's table");
  const Counting counting = counting_of(goal);
  // The sure points follow one partner at most: sides of one or two seats in play.
  for (int side = 0; side < kSides; ++side) {
    int seats = 0;
    for (int seat = 0; seat < play.seating.seats(); ++seat) seats += play.seating.plays(seat) && play.seating.side(seat) == side;
    if (seats > 2) throw InvalidPositionError("the trick engine plays sides of one or two seats");
  }
  // Four seats are two partnerships, partners opposite (the shape's own reasoning assumes it).
  if (play.seating.trick_size() == 4)
    for (int seat = 0; seat < play.seating.seats(); ++seat)
      if (play.seating.plays(seat) && play.seating.side(seat) == play.seating.side(play.seating.next(seat)))
        throw InvalidPositionError("the trick engine plays four seats as two partnerships, partners opposite");
  // The sure points and the interchangeable tiles reason about suits, the endgame about following
  // them; Sevens (§3.6) has distance classes, and its nearly forced play (trees of a few dozen
  // nodes) is searched fastest in one full window.
  Enhancements used = enh;
  if (play.table->by_distance) used.quick_tricks = used.equivalence = used.zero_window = used.endgame = false;
  std::optional<SuitTable> uncounted;
  if (!counting.points) uncounted = without_counters(*play.table);
  const SuitTable& table = uncounted ? *uncounted : *play.table;
  // Counting tricks, the trumps are keyed by their order: which ones went does not change a count of tricks.
  relative_trumps |= !counting.points;
  switch (play.seating.trick_size()) {
    case 4: {
      TrickEngine<4> s(play, table, counting, tt, endgames, used, relative_trumps);
      return f(s);
    }
    case 3: {
      TrickEngine<3> s(play, table, counting, tt, endgames, used, relative_trumps);
      return f(s);
    }
  }
  throw InvalidPositionError("the trick engine plays tricks of 3 or 4 seats, not " +
                             std::to_string(play.seating.trick_size()));
}

}  // namespace dominosolver::texas42::engine
