// Double-dummy search of the contracts counted in tricks (docs/rules.md §3: all or nothing; §4.1-4.2:
// Moon's bids of so many tricks), in tricks.
//
// The search works on "tricks the declaring side takes from the current trick on" (D; the trick on
// the table included), so values never depend on the path and the transposition table stores bounds
// on D at trick boundaries, keyed by the hands (the trumps by their order alone), the leader, the
// declaration and the goal. Under EveryTrick (and Moon's Tricks) every seat plays to take tricks for its side (the declaring side
// maximises D, the other side minimises it); under NoTrick every seat plays to lose them (the declaring side minimises D,
// the other side, whose tricks are the rest, maximises it). It is a template on the trick size N,
// as the points search is: the seats in play are numbered 0..N-1 in the order of play ("places").
// The trick engine (Trick, SuitTable::legal and beats) decides every play and every winner.
#include "dominosolver/texas42/tricks_search.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <stdexcept>
#include <string>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/solver.hpp"

namespace dominosolver::texas42 {

bool counts_tricks(Objective objective) { return objective != Objective::Points; }

std::optional<TricksGoal> tricks_goal(const Position& pos) {
  const Ruling& r = pos.ruling();
  if (!counts_tricks(r.contract->objective) || r.declarer < 0) return std::nullopt;
  const int need = r.contract->objective == Objective::Tricks ? points_needed(pos.rules(), pos.contract()->bid.value) : 0;
  return TricksGoal{r.contract->objective, r.seating.side(r.declarer), need};
}

TricksGoal checked_goal(Objective objective, int declaring_side, int need) {
  if (!counts_tricks(objective))
    throw InvalidPositionError("the tricks search needs an objective in tricks ('every trick', 'no trick' or 'tricks'), not '" +
                               objective_name(objective) + "'");
  if (declaring_side < 0 || declaring_side >= kSides)
    throw InvalidPositionError("declaring side must be 0 or 1, not " + std::to_string(declaring_side));
  if (need < 0 || (need > 0) != (objective == Objective::Tricks))
    throw InvalidPositionError("a goal of 'tricks' needs the tricks to take (1 or more), the others none, not " +
                               std::to_string(need));
  return {objective, declaring_side, need};
}

int TrickPlay::tricks_left() const {
  const int left = count(hands[leader]);
  return trick.empty() ? left : left + 1;
}

TrickPlay trick_play(const Position& pos) {
  TrickPlay p;
  p.table = &pos.table();
  p.seating = pos.seating();
  p.hands = pos.hands();
  p.leader = pos.leader();
  p.trick = pos.trick();
  p.legal = pos.is_over() ? 0 : pos.legal_moves();
  for (int side = 0; side < kSides; ++side) p.tricks_taken[side] = pos.tricks_won(side);
  p.tie_side = pos.ruling().tie_side;
  return p;
}

TrickPlay trick_play(const SuitTable& table, const Seating& seating, const std::array<TileMask, kMaxSeats>& hands,
                     int leader, const std::vector<int>& trick) {
  if (!seating.plays(leader)) throw InvalidPositionError("leader must be a seat in play, not " + std::to_string(leader));
  if (static_cast<int>(trick.size()) >= seating.trick_size())
    throw InvalidPositionError("a trick of " + std::to_string(seating.trick_size()) + " holds at most " +
                               std::to_string(seating.trick_size() - 1) + " tiles on the table");
  TrickPlay p;
  p.table = &table;
  p.seating = seating;
  p.leader = leader;
  p.trick = trick;
  TileMask seen = 0;
  auto claim = [&](int tile) {
    if (tile < 0 || tile >= kMaxTiles || !(table.all & bit(tile)))
      throw InvalidPositionError("tile id " + std::to_string(tile) + " is not in the set");
    if (seen & bit(tile)) throw InvalidPositionError("tile " + tile_name(tile) + " appears twice");
    seen |= bit(tile);
  };
  for (int seat = 0; seat < seating.seats(); ++seat)
    if (seating.plays(seat)) {  // a seat sitting out takes no part: its tiles are not read
      p.hands[seat] = hands[seat];
      for (TileMask m = hands[seat]; m; m &= m - 1) claim(lowest(m));
    }
  for (int tile : trick) claim(tile);
  // Every seat in play holds as many tiles as the leader did before the trick (those that played
  // to it one fewer), and each tile on the table was a legal play from the hand it came from.
  const int size = count(hands[leader]) + (trick.empty() ? 0 : 1);
  Trick replay;
  for (int k = 0; k < seating.trick_size(); ++k) {
    const int seat = seating.after(leader, k);
    const bool played = k < static_cast<int>(trick.size());
    if (count(hands[seat]) + (played ? 1 : 0) != size)
      throw InvalidPositionError("hand sizes do not fit a trick of " + std::to_string(trick.size()) + " tiles led by seat " +
                                 std::to_string(leader));
    if (played) {
      const int tile = trick[k];
      if (!(table.legal(hands[seat] | bit(tile), replay.led) & bit(tile)))
        throw InvalidPositionError("seat " + std::to_string(seat) + " played " + tile_name(tile) + " but had to follow suit");
      replay.add(table, tile);
    }
  }
  p.legal = size == 0 ? 0 : table.legal(hands[p.to_move()], replay.led);
  return p;
}

namespace {

constexpr int kInf = 1000;
constexpr int kMaxPly = 48;
// A median search stores a few hundred entries: a 256 KB first active part of the table keeps
// them in cache (the table grows as a search needs).
constexpr std::size_t kSmallTableStart = std::size_t{1} << 12;

struct TrickKeys {
  std::uint64_t tile[kMaxSeats][kMaxTiles];  // per place
  std::uint64_t leader[kMaxSeats];
  std::uint64_t trump_rank[kMaxSeats][kMaxTiles];  // per place: a trump held, by the trumps in hand above it
};

constexpr std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr TrickKeys make_keys() {
  TrickKeys k{};
  std::uint64_t s = 0x7121C5D0D0E5ULL;  // other keys than the points search's: the two share a table
  auto next = [&s]() { return mix(s += 0x9E3779B97F4A7C15ULL); };
  for (auto& place : k.tile)
    for (auto& t : place) t = next();
  for (auto& l : k.leader) l = next();
  for (auto& place : k.trump_rank)
    for (auto& r : place) r = next();
  return k;
}
constexpr TrickKeys kKeys = make_keys();

struct ScoredMove {
  int tile;
  int score;
};

template <int N>
class TricksSearch {
 public:
  TricksSearch(const TrickPlay& play, const TricksGoal& goal, search::TranspositionTable* tt, const Enhancements& enh)
      : t_(*play.table), tt_(enh.table ? tt : nullptr), enh_(enh), misere_(goal.objective == Objective::NoTrick) {
    const Seating& seating = play.seating;
    for (int p = 0; p < N; ++p)
      for (int tile = 0; tile < kMaxTiles; ++tile) tile_keys_[p][tile] = t_.trumps & bit(tile) ? 0 : kKeys.tile[p][tile];
    for (int seat = 0; seat < seating.seats(); ++seat) {
      if (!seating.plays(seat)) continue;
      const int p = seating.place(seat);
      if (seating.side(seat) != goal.declaring_side) defenders_ |= 1u << p;
      hands_[p] = play.hands[seat];
      for (TileMask m = hands_[p]; m; m &= m - 1) {
        hand_key_ ^= tile_keys_[p][lowest(m)];
        ++tiles_left_;
      }
    }
    for (int tile = 0; tile < kMaxTiles; ++tile)
      if (t_.all & bit(tile)) callers_[t_.called[tile]] |= bit(tile);
    leader_ = seating.place(play.leader);
    if (play.tie_side >= 0) {  // Sevens under bidders_win_ties (§3.6): per leader, the favoured places
      ties_ = true;
      const int favoured_side = play.tie_side == goal.declaring_side ? 0 : 1;
      for (int l = 0; l < N; ++l)
        for (int k = 0; k < N; ++k)
          if (side(after(l, k)) == favoured_side) favoured_[l] |= 1u << k;
    }
    for (int tile : play.trick) add(trick_, tile);
    root_legal_ = play.legal;
    root_tiles_ = tiles_left_;
    // Where the position's rules bind the root's moves more than following suit does
    // (first_lead_trump), the root's entries are its own and its sure tricks (a free lead) do not hold.
    root_bound_ = tiles_left_ > 0 && root_legal_ != t_.legal(hands_[to_move()], trick_.led);
    base_key_ = mix(0x5EA7ULL ^ (std::uint64_t(std::uint8_t(t_.declaration)) << 8) ^
                    (std::uint64_t(std::uint8_t(t_.variant)) << 16) ^ (std::uint64_t(misere_) << 24) ^
                    (std::uint64_t(defenders_) << 32) ^ (std::uint64_t(N) << 40) ^ (std::uint64_t(root_bound_) << 48) ^
                    (std::uint64_t(ties_) << 56));
    for (auto& slots : killers_) slots.fill(-1);
  }

  // The place `k` seats after place `p` (both under N): a mask for 4, a subtraction (not a
  // division) for 3.
  static constexpr int after(int p, int k) {
    if constexpr ((N & (N - 1)) == 0) return (p + k) & (N - 1);
    else return p + k < N ? p + k : p + k - N;
  }
  int side(int p) const { return (defenders_ >> p) & 1u; }  // 0: the declaring side
  // Does the seat at place `p` play for more declaring-side tricks?
  bool maximizes(int p) const { return (side(p) == 0) != misere_; }
  int to_move() const { return after(leader_, trick_.len); }
  int tricks_left() const { return static_cast<unsigned>(tiles_left_ + trick_.len + N - 1) / N; }
  std::uint64_t nodes() const { return nodes_; }
  TileMask legal() const {
    if (root_bound_ && tiles_left_ == root_tiles_) return root_legal_;
    return t_.legal(hands_[to_move()], trick_.led);
  }
  // D as the side to move counts it: its own tricks.
  int for_mover(int d) const { return side(to_move()) == 0 ? d : tricks_left() - d; }

  // D: fail-soft alpha-beta.
  int ab(int alpha, int beta, int ply) {
    ++nodes_;
    if (tiles_left_ + trick_.len <= N) return last_trick();
    int lo = 0, hi = tricks_left();
    std::uint64_t key = 0;
    int tt_move = -1;
    if (trick_.len == 0) {
      // The table first: the sure tricks (a fifth of the time) are counted only where it knows
      // nothing of the node. An entry's bounds already hold them: every search that stores one
      // counted them first, or found an entry itself (a bound root, which counts none, has keys
      // of its own and only weaker entries).
      const auto* e = tt_ ? tt_->probe(key = ply ? next_key_ : table_key(leader_)) : nullptr;
      if (e) {
        lo = std::max<int>(lo, e->lower);
        hi = std::min<int>(hi, e->upper);
        if (e->move != 0xFF) tt_move = e->move;
      } else if (enh_.quick_tricks && !(root_bound_ && tiles_left_ == root_tiles_)) {
        narrow_at_trick_start(lo, hi, alpha, beta);
      }
    } else if (enh_.quick_tricks) {
      // The trick on the table may be decided already: a side that needs it and cannot win it
      // fails here.
      const int won_by = trick_decided();
      if (won_by == 0) lo = 1;
      else if (won_by == 1) hi = tricks_left() - 1;
    }
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;

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
    auto try_move = [&](int tile) {
      const int v = play_and_search(tile, a, b, ply);
      if (maximize ? v > best : v < best) {
        best = v;
        best_move = tile;
      }
      if (maximize) a = std::max(a, best);
      else b = std::min(b, best);
      if (a < b) return false;
      if (ply < kMaxPly && enh_.ordering) killers_[ply][killer_slot()] = static_cast<std::int8_t>(tile);
      return true;
    };
    const TileMask legal_tiles = legal();
    if (trick_.len && !(legal_tiles & (legal_tiles - 1))) return play_and_search(lowest(legal_tiles), alpha, beta, ply);
    const bool tt_first = tt_move >= 0 && (legal_tiles & bit(tt_move));
    const int killer = enh_.ordering && ply < kMaxPly ? killers_[ply][killer_slot()] : -1;
    const bool killer_first = killer >= 0 && killer != tt_move && (legal_tiles & bit(killer));
    if (!(tt_first && try_move(tt_move)) && !(killer_first && try_move(killer))) {
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
        if (try_move(tile)) break;
      }
    }
    if (trick_.len == 0 && tt_) {
      const int lower = best > alpha ? best : lo;
      const int upper = best < beta ? best : hi;
      tt_->store(key, std::max(lower, lo), std::min(upper, hi), best_move >= 0 ? best_move : 0xFF, tiles_left_);
    }
    return best;
  }

  // Plays `tile` for the mover, values the rest with `rest(delta)` (delta: the declaring side's
  // trick if the play completes the trick it wins) and takes the play back.
  template <class Rest>
  int with_play(int tile, Rest&& rest) {
    const int mover = to_move();
    const Trick saved = trick_;
    take(mover, tile);
    add(trick_, tile);
    int v;
    if (trick_.len == N) {
      const int winner = after(leader_, trick_.win);
      if (tt_ && tiles_left_ > N) {  // the next trick's entry (not the last's): its key, loaded ahead of the probe
        next_key_ = table_key(winner);
        tt_->prefetch(next_key_);
      }
      const int saved_leader = leader_;
      leader_ = winner;
      trick_.clear();
      v = rest(side(winner) == 0 ? 1 : 0);
      leader_ = saved_leader;
    } else {
      v = rest(0);
    }
    trick_ = saved;
    give_back(mover, tile);
    return v;
  }
  int play_and_search(int tile, int alpha, int beta, int ply) {
    return with_play(tile, [&](int delta) { return delta + ab(alpha - delta, beta - delta, ply + 1); });
  }

  // D exactly, within [lo, hi]: MTD(f) from `guess` (zero-window tests, each moving a bound to its
  // fail-soft answer), or one full-window search for the baseline.
  int exact(int guess, int lo = 0, int hi = kInf) {
    lo = std::max(lo, 0);
    hi = std::min(hi, tricks_left());
    if (!enh_.zero_window) return ab(lo - 1, hi + 1, 0);
    int g = std::clamp(guess, lo, hi);
    while (lo < hi) {
      const int beta = g <= lo ? lo + 1 : g;  // test D >= beta
      g = ab(beta - 1, beta, 0);
      if (g >= beta) lo = g;
      else hi = g;
    }
    return lo;
  }
  // The first guess: D when every seat plays the ordering's first choice, within the bounds.
  int guess() {
    if (!enh_.zero_window) return 0;
    return playout();
  }
  int playout() {
    if (tiles_left_ + trick_.len <= N) return last_trick();
    std::array<ScoredMove, 16> moves;
    NodeInfo info;
    const int tile = take_best(moves, 0, generate(moves, legal(), info));
    return with_play(tile, [&](int delta) { return delta + playout(); });
  }

  // Does D reach `target` (at_least) or stay at or under it? One zero-window search.
  bool test_at_least(int target) { return ab(target - 1, target, 0) >= target; }
  bool test_at_most(int target) { return ab(target, target + 1, 0) <= target; }

  // The table's move at the root (a search leaves one), or -1.
  int table_move() const {
    if (!tt_ || trick_.len != 0) return -1;
    const auto* e = tt_->probe(table_key(leader_));
    return e && e->move != 0xFF ? e->move : -1;
  }
  // D after the mover plays `tile`, climbing from `guess` (D before the play).
  int exact_after(int tile, int guess) {
    return with_play(tile, [&](int delta) { return delta + exact(guess - delta); });
  }

  void advance(int tile) {
    const int mover = to_move();
    take(mover, tile);
    add(trick_, tile);
    if (trick_.len == N) {
      leader_ = after(leader_, trick_.win);
      trick_.clear();
    }
  }
  int trick_if_completes(int tile) const {  // the declaring side's trick the play banks (0 mid-trick)
    if (trick_.len != N - 1) return 0;
    Trick done = trick_;
    add(done, tile);
    return side(after(leader_, done.win)) == 0 ? 1 : 0;
  }

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
  struct NodeInfo {
    int mover;
    TileMask remaining;   // tiles in hands
    TileMask others;      // tiles of the other seats
    TileMask outsiders;   // tiles that can rank between two of the mover's: others + table
    int led = -1;         // suit called by the lead, mid-trick
    int win_tile = -1;    // tile winning the trick so far
    int overtake = 0;     // the highest power an opponent still to play in the trick can reach
    bool side_wins = false;  // the mover's side wins the trick whatever the mover plays
  };

  // Adds `tile` to a trick led by the leader: the trick engine decides, ties of strength going to
  // the favoured side where the contract says so.
  void add(Trick& trick, int tile) const {
    if (ties_) trick.add(t_, tile, favoured_[leader_]);
    else trick.add(t_, tile);
  }

  void take(int p, int tile) {
    hands_[p] &= ~bit(tile);
    hand_key_ ^= tile_keys_[p][tile];
    --tiles_left_;
  }
  void give_back(int p, int tile) {
    hands_[p] |= bit(tile);
    hand_key_ ^= tile_keys_[p][tile];
    ++tiles_left_;
  }

  // The table's key of the position at a trick's start led by place `leader`. The trumps in hand
  // enter it by their order alone: a trump follows no other suit and beats by its rank among the
  // trumps, so positions that differ only in which trumps are gone, the holders of the others in
  // their order the same, have the same value.
  std::uint64_t table_key(int leader) const {
    std::uint64_t key = hand_key_ ^ base_key_ ^ kKeys.leader[leader];
    const TileMask trumps = in_hands() & t_.trumps;
    for (int p = 0; p < N; ++p)
      for (TileMask m = hands_[p] & t_.trumps; m; m &= m - 1)
        key ^= kKeys.trump_rank[p][count(trumps & t_.above[kTrumpSuit][lowest(m)])];
    return key;
  }

  // The last trick plays itself: every seat still to play holds one tile.
  int last_trick() const {
    if (trick_.len == 0 && tiles_left_ == 0) return 0;
    Trick last = trick_;
    for (int k = trick_.len; k < N; ++k) add(last, lowest(hands_[after(leader_, k)]));
    return side(after(leader_, last.win)) == 0 ? 1 : 0;
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

  // Narrows the bounds [lo, hi] on D at a trick's start from tricks no play can change or the side
  // on lead can make sure of. Whatever the goal, a trump that no other seat's trump outranks wins
  // the trick it is played to, and every tile is played: its holder's unbroken run of top trumps
  // is so many tricks for its side. Under EveryTrick the side on lead also has the tricks of its
  // cashing plan (sure_tricks), counted only when the run leaves the window (alpha, beta) open.
  // (Under NoTrick a side's sure winners are tricks it avoids.)
  void narrow_at_trick_start(int& lo, int& hi, int alpha, int beta) const {
    const int total = tricks_left();
    if (misere_ && leads_out()) {
      lo = hi = side(leader_) == 0 ? total : 0;
      return;
    }
    const auto [holder_side, run] = top_trump_run();
    if (holder_side == 0) lo = std::max(lo, run);
    else hi = std::min(hi, total - run);
    if (lo >= beta || lo == hi || hi <= alpha) return;  // the cheap bound settles it
    if (!misere_ && !t_.by_distance) {  // the cashing plan follows suits: not Sevens' distances
      const int sure = sure_tricks();
      if (side(leader_) == 0) lo = std::max(lo, sure);
      else hi = std::min(hi, total - sure);
    }
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

  // The side of the seat holding the top trump, and how many trumps of its hand no trump of another
  // seat outranks ({0, 0} without trumps in hand).
  std::pair<int, int> top_trump_run() const {
    const TileMask trumps = in_hands() & t_.trumps;
    if (!trumps) return {0, 0};
    const int top = highest_trump(trumps);
    int holder = 0;
    while (!(hands_[holder] & bit(top))) ++holder;
    const TileMask rest = trumps & ~hands_[holder];
    int run = 0;
    for (TileMask m = hands_[holder] & t_.trumps; m; m &= m - 1)
      if (!(rest & t_.above[kTrumpSuit][lowest(m)])) ++run;
    return {side(holder), run};
  }

  // Tricks the side on lead is sure of when it plays for tricks: the one on lead cashes tiles that no
  // opponent can beat or trump, its partner (if it has one in play) following under them where it
  // can (and leading on when it must win one); with none left, a low tile to a suit where the
  // partner holds such a tile, or can ruff safely, passes the lead. Each opponent is assumed to keep
  // its best tiles: one still holds a tile of a suit it held more of than the tricks led in it, and
  // trumps while it held more than the trump tricks.
  int sure_tricks() const {
    const int me = leader_;
    int mate = -1, n_opp = 0;
    std::array<TileMask, N> opp{};
    for (int k = 1; k < N; ++k) {
      const int p = after(me, k);
      if (side(p) == side(me)) mate = p;
      else opp[n_opp++] = hands_[p];
    }
    std::array<TileMask, 2> team = {hands_[me], mate >= 0 ? hands_[mate] : TileMask{0}};  // [on lead, partner]
    int on = 0, cashed = 0, trump_tricks = 0;
    std::array<int, kCalledSuits> led{};
    std::array<TileMask, N> opp_trumps{};
    std::array<int, N> opp_trump_count{};
    for (int k = 0; k < n_opp; ++k) opp_trumps[k] = opp[k] & t_.trumps, opp_trump_count[k] = count(opp_trumps[k]);

    // The one on lead plays `tile`; the partner follows under it if it can, else discards (no
    // trump), and takes the lead when it can only beat it.
    auto cash = [&](int tile) {
      ++cashed;
      team[on] &= ~bit(tile);
      const int suit = t_.called[tile];
      ++led[suit];
      if (mate < 0) return;
      TileMask& other = team[1 - on];
      const TileMask follow = other & t_.follows[suit];
      const TileMask under = follow & ~t_.above[suit][tile];
      int play = -1;
      bool takes = false;
      if (under) play = lowest(under);
      else if (follow) play = lowest(follow), takes = true;
      else if (other & ~t_.trumps) play = lowest(other & ~t_.trumps);
      else if (other) play = lowest(other), takes = true;
      if (play >= 0) other &= ~bit(play);
      if (takes) on = 1 - on;
    };
    auto trump_wins = [&](int tile) {
      for (int k = 0; k < n_opp; ++k)
        if ((opp_trumps[k] & t_.above[kTrumpSuit][tile]) && opp_trump_count[k] > trump_tricks) return false;
      return true;
    };
    auto beats_opponents = [&](int tile, int suit) {
      for (int k = 0; k < n_opp; ++k) {
        const TileMask own = opp[k] & t_.follows[suit];
        const bool trumps_left = opp_trump_count[k] > trump_tricks;
        if (own & t_.above[suit][tile]) {
          if (count(own) > led[suit] || trumps_left) return false;
        } else if (trumps_left && count(own) <= cashed) {
          return false;
        }
      }
      return true;
    };
    auto pass_lead = [&](int low, int taker) {
      ++cashed;
      ++led[t_.called[low]];
      team[on] &= ~bit(low);
      team[1 - on] &= ~bit(taker);
      on = 1 - on;
    };
    for (bool progress = true; progress;) {
      progress = false;
      for (TileMask m = team[on] & t_.trumps; m;) {
        const int tile = highest_trump(m);
        if (!trump_wins(tile)) break;
        const int was = on;
        cash(tile);
        ++trump_tricks;
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
          if (!beats_opponents(lowest(h), suit)) continue;
          pass_lead(low, lowest(h));
          progress = true;
          break;
        }
      }
      for (TileMask m = team[on] & ~t_.trumps; m && !progress; m &= m - 1) {
        const int low = lowest(m), suit = t_.called[low];
        if (team[1 - on] & t_.follows[suit]) continue;
        for (TileMask r = team[1 - on] & t_.trumps; r; r &= r - 1) {
          const int ruff = lowest(r);
          bool safe = true;
          for (int k = 0; k < n_opp; ++k)
            if (count(opp[k] & t_.follows[suit]) <= cashed && (opp_trumps[k] & t_.above[kTrumpSuit][ruff]) &&
                opp_trump_count[k] > trump_tricks)
              safe = false;
          if (!safe) continue;
          pass_lead(low, ruff);
          progress = true;
          break;
        }
      }
    }
    return cashed;
  }

  int highest_trump(TileMask trumps) const {
    for (TileMask m = trumps; m; m &= m - 1)
      if (!(trumps & t_.above[kTrumpSuit][lowest(m)])) return lowest(m);
    return -1;
  }
  TileMask in_hands() const {
    TileMask all = 0;
    for (const TileMask h : hands_) all |= h;
    return all;
  }

  NodeInfo node_info() const {
    NodeInfo n;
    n.mover = to_move();
    n.remaining = in_hands();
    n.others = n.outsiders = n.remaining & ~hands_[n.mover];
    n.outsiders |= trick_.tiles;
    if (trick_.len) {
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

  int generate(std::array<ScoredMove, 16>& out, TileMask legal_tiles, NodeInfo& info) const {
    info = node_info();
    int n = 0;
    for (TileMask m = legal_tiles; m; m &= m - 1) {
      const int tile = lowest(m);
      out[n++] = {tile, enh_.ordering ? (misere_ ? score_to_lose(tile, info) : score_to_win(tile, info)) : 0};
    }
    return n;
  }
  static int take_best(std::array<ScoredMove, 16>& out, int i, int n) {
    int b = i;
    for (int j = i + 1; j < n; ++j)
      if (out[j].score > out[b].score) b = j;
    if (b != i) {
      const ScoredMove m = out[b];
      for (int j = b; j > i; --j) out[j] = out[j - 1];
      out[i] = m;
    }
    return out[i].tile;
  }

  int own_rank(int tile, const NodeInfo& info) const {
    if (t_.trumps & bit(tile)) return t_.rank[kTrumpSuit][tile];
    const bool follows = info.led >= 0 && (t_.follows[info.led] & bit(tile));
    return t_.rank[follows ? info.led : t_.called[tile]][tile];
  }

  // Playing for tricks (EveryTrick). Leads: tiles no one can beat or trump, trumps, tiles the
  // partner's master will win, others low, last those an opponent void in the suit can trump.
  // Following: low when the side wins the trick anyway; the cheapest tile no opponent still to play
  // can beat; else low, keeping trumps.
  int score_to_win(int tile, const NodeInfo& info) const {
    const bool trump = (t_.trumps & bit(tile)) != 0;
    const int rank = own_rank(tile, info);
    if (trick_.len == 0) {
      const int suit = t_.called[tile];
      const bool master = !(info.others & t_.above_led[tile]);
      const bool trumped = !trump && may_be_trumped(suit, info.mover);
      if (master && !trumped) return 1000 + rank;
      if (trump) return 500 + rank;
      if (trumped) return 50 - rank;
      if (partner_master_above(tile, info.mover)) return 300 - rank;
      return 100 - rank;
    }
    const bool beats = t_.beats(tile, info.win_tile, info.led);
    if (info.side_wins) return 200 - rank - (trump ? 20 : 0);
    if (beats && t_.power[info.led][tile] > info.overtake) return 400 - rank;
    if (beats) return 100 - rank;
    return -rank - (trump ? 20 : 0);
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

  bool may_be_trumped(int suit, int p) const {
    const TileMask f = t_.follows[suit];
    for (int k = 1; k < N; ++k) {
      const int o = after(p, k);
      if (side(o) != side(p) && !(hands_[o] & f) && (hands_[o] & t_.trumps)) return true;
    }
    return false;
  }
  bool partner_master_above(int tile, int p) const {
    const int suit = t_.called[tile];
    const TileMask f = t_.follows[suit];
    TileMask mates = 0, opponents = 0;
    for (int k = 1; k < N; ++k) (side(after(p, k)) == side(p) ? mates : opponents) |= hands_[after(p, k)];
    for (TileMask m = mates & f & t_.above[suit][tile]; m; m &= m - 1)
      if (!(opponents & f & t_.above[suit][lowest(m)])) return true;
    return false;
  }

  // Two of the mover's tiles are interchangeable when they call the same suit, follow the same live
  // suits, and no outsider ranks between them in any of those suits: every trick goes the same way
  // with either (counters do not count here).
  bool equivalent(int a, int b, const NodeInfo& info) const {
    if (t_.called[a] != t_.called[b]) return false;
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
  bool live(int suit, const NodeInfo& info) const { return suit == info.led || (info.remaining & callers_[suit]); }

  int killer_slot() const { return (trick_.len ? trick_.best : kMaxTiles) * N + leader_; }

  const SuitTable& t_;
  search::TranspositionTable* tt_;
  Enhancements enh_;
  bool misere_;                      // NoTrick: every seat plays to lose tricks
  bool ties_ = false;                // ties of strength go to a favoured side
  std::array<unsigned, N> favoured_{};  // per leader place: the favoured side's places in its trick
  std::array<TileMask, N> hands_{};  // per place
  unsigned defenders_ = 0;           // places not on the declaring side
  Trick trick_;
  int tiles_left_ = 0;
  int leader_ = 0;
  std::uint64_t next_key_ = 0;  // the key of the trick the last completed trick led into
  std::uint64_t hand_key_ = 0;  // the tiles in hand but the trumps (table_key), by holder
  std::array<std::array<std::uint64_t, kMaxTiles>, N> tile_keys_{};  // per place: kKeys.tile, 0 for a trump
  std::uint64_t base_key_ = 0;
  std::uint64_t nodes_ = 0;
  TileMask root_legal_ = 0;
  int root_tiles_ = -1;
  bool root_bound_ = false;
  std::array<TileMask, kCalledSuits> callers_{};
  std::array<std::array<std::int8_t, (kMaxTiles + 1) * N>, kMaxPly> killers_{};
};

// Runs `f` on a tricks search of `play`: the one place the trick size is chosen.
template <class F>
auto tricks_search_for(const TrickPlay& play, const TricksGoal& goal, search::TranspositionTable* tt,
                       const Enhancements& enh, F&& f) {
  checked_goal(goal.objective, goal.declaring_side, goal.need);
  if (!play.table) throw InvalidPositionError("a trick play needs its declaration's table");
  // Its plays are tiles: The Big Game's lower-end leads (§4.3) are the points search's alone.
  if (play.table->lower_end)
    throw InvalidPositionError("the tricks search does not play The Big Game's lower-end leads (docs/rules.md §4.3)");
  // The sure tricks follow one partner at most: sides of one or two seats in play.
  for (int side = 0; side < kSides; ++side) {
    int seats = 0;
    for (int seat = 0; seat < play.seating.seats(); ++seat) seats += play.seating.plays(seat) && play.seating.side(seat) == side;
    if (seats > 2) throw InvalidPositionError("the tricks search plays sides of one or two seats");
  }
  // The sure-trick bounds and the interchangeable tiles reason about suits; Sevens (§3.6) has
  // distance classes, and its nearly forced play (trees of a few dozen nodes) is searched fastest in
  // one full window.
  Enhancements used = enh;
  if (play.table->by_distance) used.quick_tricks = used.equivalence = used.zero_window = false;
  switch (play.seating.trick_size()) {
    case 4: {
      TricksSearch<4> s(play, goal, tt, used);
      return f(s);
    }
    case 3: {
      TricksSearch<3> s(play, goal, tt, used);
      return f(s);
    }
  }
  throw InvalidPositionError("the tricks search plays tricks of 3 or 4 seats, not " +
                             std::to_string(play.seating.trick_size()));
}

// Whether the declaring side makes its goal, D being its tricks from here on of `left`.
bool goal_made(const TrickPlay& play, const TricksGoal& goal, int d, int left) {
  if (goal.objective == Objective::Tricks) return play.tricks_taken[goal.declaring_side] + d >= goal.need;
  if (goal.objective == Objective::EveryTrick) return play.tricks_taken[1 - goal.declaring_side] == 0 && d == left;
  return play.tricks_taken[goal.declaring_side] == 0 && d == 0;
}

}  // namespace

std::string units_name(Units units) { return units == Units::Tricks ? "tricks" : "points"; }
Units units_of(const Position& pos) { return tricks_goal(pos) ? Units::Tricks : Units::Points; }

void Solver::begin(const TrickPlay& play) {
  bool same_deal = true;
  for (int s = 0; s < kMaxSeats; ++s) same_deal &= (play.hands[s] & ~last_hands_[s]) == 0;
  if (same_deal && play.table->trump == last_trump_) {
    tt_.new_search();
  } else {
    tt_.restart(enh_.zero_window ? kSmallTableStart : search::TranspositionTable::kStartBuckets);
    last_hands_ = play.hands;
    last_trump_ = play.table->trump;
  }
}

int Solver::value(const TrickPlay& play, const TricksGoal& goal) {
  const std::lock_guard<std::mutex> one_search_at_a_time(busy_);
  nodes_ = 0;
  return tricks_search_for(play, goal, &tt_, enh_, [&](auto& s) {
    if (s.tricks_left() == 0) return 0;
    begin(play);
    const int d = s.exact(s.guess());
    nodes_ = s.nodes();
    return s.for_mover(d);
  });
}

bool Solver::can_reach(const TrickPlay& play, const TricksGoal& goal, int target) {
  const std::lock_guard<std::mutex> one_search_at_a_time(busy_);
  nodes_ = 0;
  return tricks_search_for(play, goal, &tt_, enh_, [&](auto& s) {
    const int left = s.tricks_left();
    if (target <= 0) return true;
    if (target > left) return false;
    begin(play);
    const bool ok = s.side(s.to_move()) == 0 ? s.test_at_least(target) : s.test_at_most(left - target);
    nodes_ = s.nodes();
    return ok;
  });
}

bool Solver::makes(const TrickPlay& play, const TricksGoal& goal) {
  const std::lock_guard<std::mutex> one_search_at_a_time(busy_);
  nodes_ = 0;
  return tricks_search_for(play, goal, &tt_, enh_, [&](auto& s) {
    const int left = s.tricks_left();
    if (goal.objective == Objective::Tricks) {
      const int short_by = goal.need - play.tricks_taken[goal.declaring_side];
      if (short_by <= 0 || short_by > left) return short_by <= 0;
      begin(play);
      const bool ok = s.test_at_least(short_by);
      nodes_ = s.nodes();
      return ok;
    }
    const bool every = goal.objective == Objective::EveryTrick;
    if (!goal_made(play, goal, every ? left : 0, left)) return false;  // lost already
    if (left == 0) return true;
    begin(play);
    const bool ok = every ? s.test_at_least(left) : s.test_at_most(0);
    nodes_ = s.nodes();
    return ok;
  });
}

SolveOutput Solver::solve(const TrickPlay& play, const TricksGoal& goal, bool all_moves, bool with_pv) {
  const std::lock_guard<std::mutex> one_search_at_a_time(busy_);
  nodes_ = 0;
  return tricks_search_for(play, goal, &tt_, enh_, [&](auto& s) {
    SolveOutput out;
    out.units = Units::Tricks;
    const int left = s.tricks_left();
    if (left == 0) {
      out.makes = goal_made(play, goal, 0, 0);
      return out;
    }
    begin(play);
    const auto groups = s.equivalence_groups(s.legal());
    for (const auto& g : groups)
      if (g.size() > 1) out.equivalent.push_back(g);
    int d;
    if (all_moves) {
      // Every move's exact value, the position's being the best of them: each climbs from the best
      // so far (most moves are worth it or a little less), the first from a playout.
      const bool maximize = s.maximizes(s.to_move());
      std::vector<int> values(groups.size());
      d = s.guess();
      for (std::size_t i = 0; i < groups.size(); ++i) {
        values[i] = s.exact_after(groups[i].front(), d);
        if (i == 0 || (maximize ? values[i] > d : values[i] < d)) d = values[i];
      }
      for (std::size_t i = 0; i < groups.size(); ++i)
        for (int tile : groups[i]) out.moves.emplace_back(tile, s.for_mover(values[i]));
    } else {
      d = s.exact(s.guess());
    }
    out.value = s.for_mover(d);
    out.makes = goal_made(play, goal, d, left);
    if (with_pv) {
      int v = d;
      while (s.tricks_left() > 0) {
        const bool maximize = s.maximizes(s.to_move());
        int chosen = -1;
        for (TileMask m = s.legal(); m && chosen < 0; m &= m - 1) {
          const int tile = lowest(m);
          const bool keeps =
              maximize ? s.play_and_search(tile, v - 1, v, 0) >= v : s.play_and_search(tile, v, v + 1, 0) <= v;
          if (keeps) chosen = tile;
        }
        if (chosen < 0) throw std::logic_error("tricks search: no move keeps the value (inconsistent search)");
        v -= s.trick_if_completes(chosen);
        s.advance(chosen);
        out.pv.push_back(chosen);
      }
    }
    out.nodes = s.nodes();
    nodes_ = out.nodes;
    return out;
  });
}

}  // namespace dominosolver::texas42
