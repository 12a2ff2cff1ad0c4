// The close decision (Solver::close_over_hands): every opponent hand a view allows, each closed game
// valued exactly, with the capture search of close.hpp refuting the closes that cannot reach 70.
#include "dominosolver/bingo/close.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "dominosolver/bingo/solver.hpp"
#include "dominosolver/core/errors.hpp"
#include "dominosolver/core/random.hpp"

namespace dominosolver::bingo {

namespace {

constexpr int kNone = 1000;  // beyond any count of trick points
constexpr std::uint8_t kNoMove = 0xFF;
constexpr int kPrefetchFrom = 4;  // tiles a hand from which fetching the replies' buckets ahead pays
constexpr std::size_t kSharedCaptureMegabytes = 4;  // many hands share most states; more, more cache misses

// The sum of the `k` smallest values among the tiles of `m` (k <= count(m) <= 7, a hand).
int smallest(const Table& t, TileMask m, int k) {
  if (k <= 0) return 0;
  std::array<int, 8> v{};
  int n = 0;
  for (; m && n < 8; m &= m - 1) {
    const int x = t.value[lowest(m)];
    int j = n++;
    while (j > 0 && v[j - 1] > x) v[j] = v[j - 1], --j;
    v[j] = x;
  }
  int s = 0;
  for (int i = 0; i < k && i < n; ++i) s += v[i];
  return s;
}

// The table's key of a state at a trick boundary.
inline std::uint64_t state_key(TileMask mine, TileMask theirs, bool closer_leads) {
  return splitmix64_mix(mine ^ splitmix64_mix(theirs ^ (closer_leads ? 0x9E3779B97F4A7C15ULL : 0x632BE59BD9B4E019ULL)));
}

// The tiles of `m`, best-looking first by `score`, the table's move before all.
int ordered(TileMask m, int tt_move, std::array<int, 8>& out, auto score) {
  std::array<int, 8> key{};
  int n = 0;
  for (; m; m &= m - 1) {
    const int x = lowest(m);
    const int s = x == tt_move ? 1 << 20 : score(x);
    int j = n++;
    while (j > 0 && key[j - 1] < s) out[j] = out[j - 1], key[j] = key[j - 1], --j;
    out[j] = x, key[j] = s;
  }
  return n;
}

}  // namespace

bool CaptureSearch::at_least(TileMask mine, TileMask theirs, bool closer_leads, int target, TileMask first_leads) {
  if (target <= 0) return true;
  if (!closer_leads || !(mine & ~first_leads)) return search(mine, theirs, closer_leads, target - 1, target) >= target;
  ++nodes_;  // the first lead held to some tiles: that root is searched here, outside the table
  const Table& t = tb_;
  for (TileMask m = mine & first_leads; m; m &= m - 1) {
    const int x = lowest(m);
    bool holds = true;  // x takes the target whatever the reply
    for (TileMask q = t.legal_reply(theirs, x); q && holds; q &= q - 1) {
      const int y = lowest(q);
      const bool taken = !t.beats(x, y);
      const int g = taken ? t.value[x] + t.value[y] : 0;
      holds = g + search(mine & ~bit(x), theirs & ~bit(y), taken, target - 1 - g, target - g) >= target;
    }
    if (holds) return true;
  }
  return false;
}

bool CaptureSearch::sweeps(TileMask mine, TileMask theirs, int target, TileMask first_leads) {
  ++nodes_;
  const Table& t = tb_;
  for (TileMask m = mine & first_leads; m; m &= m - 1) {
    const int x = lowest(m);
    const TileMask replies = t.legal_reply(theirs, x);
    if (replies & t.beaten_by[x]) continue;  // a reply the opponent may make takes the trick
    bool all = true;
    for (TileMask q = replies; q && all; q &= q - 1) {
      const int y = lowest(q);
      const int g = t.value[x] + t.value[y];
      all = g >= target || (count(mine) > 1 && sweeps(mine & ~bit(x), theirs & ~bit(y), target - g));
    }
    if (all) return true;
  }
  return false;
}

int CaptureSearch::value(TileMask mine, TileMask theirs, bool closer_leads) {
  return search(mine, theirs, closer_leads, -1, kNone);
}

int CaptureSearch::search(TileMask mine, TileMask theirs, bool closer_leads, int alpha, int beta) {
  ++nodes_;
  const Table& t = tb_;
  const int n = count(mine);
  if (n == 0) return 0;
  if (n == 1) {
    const int x = lowest(mine), y = lowest(theirs);
    const bool taken = closer_leads ? !t.beats(x, y) : t.beats(y, x);
    return taken ? t.value[x] + t.value[y] : 0;
  }
  // Every tile is played by the last trick, so a tile that wins whenever it is played (led, nothing
  // of the other hand beats it; replying, it beats all the other hand could lead) takes its trick
  // with one of the other side's tiles, the cheapest at least.
  TileMask lost = 0, sure = 0;
  for (TileMask m = theirs; m; m &= m - 1)
    if (!(t.beaten_by[lowest(m)] & mine) && !(mine & ~t.wins_over[lowest(m)])) lost |= m & -m;
  for (TileMask m = mine; m; m &= m - 1)
    if (!(t.beaten_by[lowest(m)] & theirs) && !(theirs & ~t.wins_over[lowest(m)])) sure |= m & -m;
  const int hi = t.points(mine | theirs) - t.points(lost) - smallest(t, mine, count(lost));
  const int lo = t.points(sure) + smallest(t, theirs, count(sure));
  if (lo >= beta || lo == hi) return lo;
  if (hi <= alpha) return hi;
  alpha = std::max(alpha, lo);
  beta = std::min(beta, hi);

  const std::uint64_t key = state_key(mine, theirs, closer_leads);
  int tt_move = kNoMove;
  const bool use_tt = n >= 3;  // a probe costs a cache miss: more than the last two tricks' search
  if (const search::TTEntry* e = use_tt ? tt_.probe(key) : nullptr) {
    if (const auto known = search::cut_or_narrow(*e, alpha, beta)) return *known;
    tt_move = e->move;
  }
  const int a0 = alpha;
  std::array<int, 8> leads{}, replies{};
  int best, best_move = kNoMove;
  if (closer_leads) {  // the closer leads the tile that takes the most
    best = -kNone;
    const int nl = ordered(mine, tt_move, leads, [&](int x) { return ((sure >> x) & 1) * 64 + t.value[x]; });
    for (int i = 0; i < nl && best < beta; ++i) {
      const int x = leads[i];
      const TileMask rest = mine & ~bit(x);
      const int a = std::max(alpha, best);
      int worst = kNone;  // the opponent answers with the reply that leaves the least
      const int nr = ordered(t.legal_reply(theirs, x), kNoMove, replies,
                             [&](int y) { return t.beats(x, y) ? 64 - t.value[y] : -t.value[y]; });
      if (n >= kPrefetchFrom)  // the replies' states, probed in turn below: their buckets on the way meanwhile
        for (int j = 0; j < nr; ++j) tt_.prefetch(state_key(rest, theirs & ~bit(replies[j]), !t.beats(x, replies[j])));
      for (int j = 0; j < nr && worst > a; ++j) {
        const int y = replies[j];
        const bool taken = !t.beats(x, y);
        const int g = taken ? t.value[x] + t.value[y] : 0;
        worst = std::min(worst, g + search(rest, theirs & ~bit(y), taken, a - g, std::min(beta, worst) - g));
      }
      if (worst > best) best = worst, best_move = x;
    }
  } else {  // the opponent leads the tile that leaves the closer the least
    best = kNone;
    const int nl = ordered(theirs, tt_move, leads, [&](int y) { return ((lost >> y) & 1) * 64 + t.value[y]; });
    for (int i = 0; i < nl && best > alpha; ++i) {
      const int y = leads[i];
      const TileMask rest = theirs & ~bit(y);
      const int b = std::min(beta, best);
      int most = -kNone;  // the closer answers with the reply that takes the most
      const int nr = ordered(t.legal_reply(mine, y), kNoMove, replies,
                             [&](int x) { return t.beats(y, x) ? 64 + t.value[x] : -t.value[x]; });
      if (n >= kPrefetchFrom)
        for (int j = 0; j < nr; ++j) tt_.prefetch(state_key(mine & ~bit(replies[j]), rest, t.beats(y, replies[j])));
      for (int j = 0; j < nr && most < b; ++j) {
        const int x = replies[j];
        const bool taken = t.beats(y, x);
        const int g = taken ? t.value[x] + t.value[y] : 0;
        most = std::max(most, g + search(mine & ~bit(x), rest, taken, std::max(alpha, most) - g, b - g));
      }
      if (most < best) best = most, best_move = y;
    }
  }
  if (!use_tt) return best;
  if (best <= a0) tt_.store(key, -kNone, best, best_move, n);
  else if (best >= beta) tt_.store(key, best, kNone, best_move, n);
  else tt_.store(key, best, best, best_move, n);
  return best;
}

Solver::CloseCounts Solver::close_over_hands(const Context& c, const DealState& base, TileMask known, TileMask free,
                                             int need, std::uint64_t capture_from) {
  if (base.over()) throw InvalidPositionError("the deal is over: there is nothing to close");
  if (!may_close(c, base)) throw IllegalMoveError("close is not legal here");
  if ((known & free) || need < 0 || need > count(free))
    throw InvalidPositionError("the opponent's hand: known tiles apart from the free ones, and no more to choose than there are");
  const Turn turn(*this);
  begin(c, base);
  const Table& tb = c.table;
  const Rules& r = c.rules;
  const int p = base.leader, o = 1 - p;
  const TileMask pool = base.hands[o] | base.bone_mask;
  if ((known | free) & ~pool || count(known) + need != count(base.hands[o]))
    throw InvalidPositionError("the opponent's hand must come from the tiles hidden from the closer, and keep its size");
  CloseCounts out;
  // What the closer can reach at most once closed (the bound of search: the points in hands, less
  // the opponent's tiles that win whenever played, with its pending and possible declaration).
  const TileMask mine = base.hands[p];
  TileMask beats_all = tb.trumps | bit(kBingo);
  for (TileMask m = mine; m && beats_all; m &= m - 1) beats_all &= tb.beaten_by[lowest(m)];
  TileMask unbeatable = 0;
  for (TileMask m = pool & beats_all; m; m &= m - 1)
    if (!(tb.beaten_by[lowest(m)] & mine)) unbeatable |= m & -m;
  int fixed = base.points[p] + base.pending[p] + tb.points(mine);
  bool bound = r.claim == ClaimMode::Auto;
  const bool again = base.declarations[p] == 0 || r.declarations_per_deal == DeclarationsPerDeal::Unlimited;
  if (again && r.declare_in_phase2) {
    const TileMask d = mine & kDoubles & ~base.declared[p];
    if (count(d) == count(kDoubles)) bound = false;
    fixed += r.declarations_per_deal == DeclarationsPerDeal::Unlimited ? 20 * count(d) + 10 : declaration_points(r, d);
  }
  DealState closed = base;
  apply_close(closed);
  // A failed close: the opponent scores 2, or 3 without a trick at the close (a closed game never
  // lets it show seven doubles: it replies first and leads with six tiles at most).
  const int fail = game_points_for(c, closed, o, Outcome::FailedClose);
  const TileMask counted = ~unbeatable;
  // A closer who reaches 70 by leading tiles nothing in the opponent's hand beats, one after the
  // other, wins as much as it ever can (the opponent takes nothing meanwhile): after declaring its
  // doubles first when one of them is such a tile (or it need not lead one).
  const int cashed = game_points_for(c, closed, p, Outcome::Claim);
  const TileMask doubles = again ? mine & kDoubles & ~base.declared[p] : 0;
  const int declared_now = count(doubles) >= 2 && r.declare_timing == DeclareTiming::OnLead &&
                                   (r.declare_in_phase2 || !closed.phase2()) && count(doubles) < count(kDoubles)
                               ? declaration_points(r, doubles)
                               : 0;
  // The bound holds where a closer short of 70 fails (no seven doubles, no claim to make), with
  // hands of one size, as a close leaves them.
  const bool again_o = base.declarations[o] == 0 || r.declarations_per_deal == DeclarationsPerDeal::Unlimited;
  // The closer's doubles declared at its first lead after the close, where the rules let it.
  const TileMask declaring = declarable(c, closed);
  const int declared_here = declaring && count(declaring) < count(kDoubles) ? declaration_points(r, declaring) : 0;
  const TileMask first_leads = declared_here && r.declare_must_lead_double ? declaring : ~TileMask{0};
  std::optional<CaptureSearch> capture;
  const int n_free = count(free);
  double hands = 1;
  for (int k = 0; k < need; ++k) hands = hands * (n_free - k) / (k + 1);
  if (hands >= static_cast<double>(capture_from) && bound && count(mine) == count(base.hands[o]))
    capture.emplace(tb, hands > 2000 ? kSharedCaptureMegabytes : 1);
  constexpr std::uint64_t kTrial = 1000;
  std::uint64_t tried = 0;  // hands the bound was tried on
  double spared = 0;        // searches it spared: a refutation or a sweep one, a win (still searched) half
  std::uint64_t searched_nodes = 0;     // the game's search's nodes on the hands searched
  auto value_of = [&](TileMask h) {
    TileMask sure = 0;
    for (TileMask m = mine; m; m &= m - 1)
      if (!(tb.beaten_by[lowest(m)] & h)) sure |= m & -m;
    const bool lead_declared = !r.declare_must_lead_double || (sure & doubles);
    const int reach = closed.points[p] + tb.points(sure) + (closed.tricks[p] == 0 ? closed.pending[p] : 0) +
                      (lead_declared ? declared_now : 0);
    if (r.claim == ClaimMode::Auto && sure && reach >= kClaimPoints) return cashed;
    if (bound && fixed + tb.points(h & counted) < kClaimPoints) return -fail;
    DealState t = closed;
    t.hands[o] = h;
    t.bone_mask = pool & ~h;
    // What the closer can score at most is its points, pending and possible declarations and the
    // trick points it takes: short of 70 with the most trick points it can make sure of, it fails.
    bool won = false;
    // Where the bound's tests cost more than the searches they spare (a closer whose possible
    // declarations keep most closes in reach, an opponent who ends the closed game early at 70),
    // it is given up: judged on the first hands it is tried on, a spared search costing as many
    // nodes as the hands searched take on average, a node of the game's search 1.4 of the bound's.
    if (capture && tried >= kTrial && out.searched >= 50 &&
        static_cast<double>(capture->nodes()) * out.searched > 1.4 * spared * static_cast<double>(searched_nodes)) {
      out.capture_nodes = capture->nodes();
      capture.reset();
    }
    if (capture) {
      tried += 1;
      const int need_fail = kClaimPoints - (fixed - tb.points(mine));
      if (!capture->at_least(mine, h, true, need_fail)) {
        out.refuted += 1;
        spared += 1;
        return -fail;
      }
      // A closer sure of the trick points that bring it to 70, its doubles declared now where it
      // may (and one of them led first where it must), wins, unless the opponent reaches 70 first:
      // not when its points, pending and possible declarations with every trick point the closer
      // leaves it fall short.
      const int need_win = kClaimPoints - closed.points[p] - closed.pending[p] - declared_here;
      int most_o = closed.points[o] + closed.pending[o] + tb.points(mine | h) - need_win;
      if (again_o && r.declare_in_phase2) {
        const TileMask d = h & kDoubles & ~closed.declared[o];
        most_o += count(d) == count(kDoubles) ? kClaimPoints
                  : r.declarations_per_deal == DeclarationsPerDeal::Unlimited ? 20 * count(d) + 10
                                                                               : declaration_points(r, d);
      }
      // Winning every trick until then, it wins all it can: the opponent never leads, so never
      // declares, and takes no trick.
      if (closed.tricks[o] == 0 && capture->sweeps(mine, h, need_win, first_leads)) {
        out.proven += 1;
        spared += 1;
        return cashed;
      }
      won = need_win > 0 && most_o < kClaimPoints &&
            ((need_win <= need_fail && first_leads == ~TileMask{0}) ||  // as the refutation's test showed
             capture->at_least(mine, h, true, need_win, first_leads));
    }
    out.searched += 1;
    // Once closed, the closer either reaches 70 or fails (the opponent's 70 is the closer's failure,
    // and seven doubles need a lead with seven tiles): win or lose first, and a loss is the failure.
    int lo = -3, hi = 3;
    const std::uint64_t nodes_before = nodes_;
    const struct Count {
      std::uint64_t& total;
      const std::uint64_t& now;
      std::uint64_t before;
      ~Count() { total += now - before; }
    } count_nodes{searched_nodes, nodes_, nodes_before};
    if (won) {
      lo = 1;
      out.proven += 1;
      spared += 0.5;
    } else {
      narrow(t, lo, hi, true);
      if (lo < 1) return -fail;
    }
    narrow(t, lo, hi, false);
    return lo;
  };
  // Free tiles that stand alike towards everything the closed game looks at (their points, being a
  // trump, the Bingo or a double, and how they beat and follow each of the closer's tiles and are
  // beaten and followed by them) make games alike: a hand is solved once per count of each kind.
  struct Signature {
    std::int64_t looks;                        // points, trump, the Bingo, a double
    std::int64_t beaten_by, follows, against;  // towards the closer's tiles
    bool operator==(const Signature&) const = default;
  };
  struct Kind {
    Signature sig;
    std::vector<int> tiles;
  };
  std::vector<Kind> kinds;
  for (TileMask m = free; m; m &= m - 1) {
    const int t = lowest(m);
    TileMask beats_mine = 0, follows_mine = 0;
    for (TileMask q = mine; q; q &= q - 1) {
      const int x = lowest(q);
      if (tb.beats(x, t)) beats_mine |= bit(x);
      if ((tb.follows[x] >> t) & 1) follows_mine |= bit(x);
    }
    const Signature sig = {
        (tb.value[t] << 3) | (tb.is_trump(t) << 2) | ((t == kBingo) << 1) | is_double(t),
        static_cast<std::int64_t>(tb.beaten_by[t] & mine), static_cast<std::int64_t>(tb.follows[t] & mine),
        static_cast<std::int64_t>(beats_mine | (follows_mine << kDeckTiles))};
    auto it = std::find_if(kinds.begin(), kinds.end(), [&](const Kind& k) { return k.sig == sig; });
    if (it == kinds.end()) kinds.push_back({sig, {t}});
    else it->tiles.push_back(t);
  }
  out.kinds = kinds.size();
  std::uint64_t choose[kDeckTiles + 1][kDeckTiles + 1] = {};
  for (int n = 0; n <= kDeckTiles; ++n) {
    choose[n][0] = 1;
    for (int k = 1; k <= n; ++k) choose[n][k] = choose[n - 1][k - 1] + (k <= n - 1 ? choose[n - 1][k] : 0);
  }
  // Every count of each kind adding up to `need`, depth first.
  std::vector<int> left(kinds.size() + 1, 0);  // free tiles in kinds i.. (to prune impossible counts)
  for (int i = static_cast<int>(kinds.size()) - 1; i >= 0; --i) left[i] = left[i + 1] + static_cast<int>(kinds[i].tiles.size());
  auto walk = [&](auto&& self, std::size_t i, int still, TileMask hand, std::uint64_t weight) -> void {
    if (still == 0) {
      const int v = value_of(hand);
      out.counts[v + 3] += weight;
      out.hands += weight;
      out.distinct += 1;
      return;
    }
    if (i == kinds.size() || left[i] < still) return;
    const int size = static_cast<int>(kinds[i].tiles.size());
    TileMask h = hand;
    for (int k = 0; k <= std::min(size, still); ++k) {
      if (k) h |= bit(kinds[i].tiles[k - 1]);
      self(self, i + 1, still - k, h, weight * choose[size][k]);
    }
  };
  walk(walk, 0, need, known, 1);
  if (capture) out.capture_nodes = capture->nodes();
  out.capture_tried = tried;
  return out;
}

}  // namespace dominosolver::bingo
