#pragma once
// The 42 family's hint and bid advice policy: the figures and models a hint and an advice decide by,
// stated once. The Python package reads them through the bindings (_core.decisions: texas42/hint.py,
// calibration.py, weighting.py, play_inference.py, bidding.py, bid_advice_json.py, game_odds.py,
// moon/bidding.py, arena.py keep their public names as aliases) and the WebAssembly module's hints
// and bid advice (wasm/hint.cpp) include this header, so the board and Python cannot disagree.
// The bid advice's thresholds, a row per member, are advice_defaults.hpp's; the loop's own figures
// shared with Bingo are core/pimc.hpp's.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dominosolver/core/tiles.hpp"
#include "dominosolver/texas42/contract.hpp"
#include "dominosolver/texas42/rules.hpp"

namespace dominosolver::texas42 {

// ------------------------------------------------------------------ a hint (texas42/hint.py)
namespace hint_policy {
inline constexpr int kSamples = 200;       // worlds a hint samples when the caller names none
inline constexpr int kExactLimit = 2000;   // every world is solved when the view allows at most this many
inline constexpr int kChunk = 25;          // worlds a batch when a time limit, a stop or progress needs batches
// Beyond kLongTricks tricks left (The Big Game's first tricks) a world's solve can take seconds: a
// batch is then 2 worlds, and under a time limit each world gets a node budget, at least
// kMinWorldNodes, what the time left allows at a rate of nodes a second (the native core's
// kNodesPerSecond a thread before any is measured; the WebAssembly module states its own rate).
inline constexpr int kLongTricks = 7;
inline constexpr int kLongChunk = 2;
inline constexpr std::uint64_t kMinWorldNodes = 1'000'000;
inline constexpr double kNodesPerSecond = 10'000'000;
// The solver's table (MB) of a hint's searches: a bigger one from kBigTableTricks tricks left.
inline constexpr int kBigTableTricks = 6, kBigTableMb = 16, kSmallTableMb = 4;
constexpr int table_mb(int tricks_left) { return tricks_left >= kBigTableTricks ? kBigTableMb : kSmallTableMb; }
}  // namespace hint_policy

// ------------------------------------------------------------------ P(make) in play (texas42/calibration.py)
// The bid adviser's double-dummy P(make) p corrected to the chance the contract is made in play:
// 1 / (1 + exp(-(A + B logit p))), p clipped to [kClip, 1 - kClip]; fitted by maximum likelihood on
// kContracts contracts of 42 bid and played by hint bots (calibration.py tells how).
namespace calibration {
inline constexpr double kA = -1.2179, kB = 0.8888;
inline constexpr double kClip = 0.01;
inline constexpr int kContracts = 5025;

inline double at_table(double p) {
  const double q = std::min(1 - kClip, std::max(kClip, p));
  return 1 / (1 + std::exp(-(kA + kB * std::log(q / (1 - q)))));
}
}  // namespace calibration

// ------------------------------------------------------------------ the auction weighting (texas42/weighting.py)
// A rule-of-thumb bidder: a hand's strength for a number is the trumps it holds, one more for the
// double of that number, a half for each other double; a seat bids (rather than passes) with
// probability 1 / (1 + exp(-kBidSlope (s - kBidCentre))) of its best strength s; a declarer names
// number n with probability proportional to exp(kTrumpSharpness s_n).
namespace weighting {
inline constexpr double kBidSlope = 2.0, kBidCentre = 4.0, kTrumpSharpness = 2.5;

inline double strength(TileMask hand, int suit) {
  int trumps = 0, doubles = 0;
  for (TileMask m = hand; m; m &= m - 1) {
    const int t = lowest(m);
    const bool has_suit = shows(t, suit);
    trumps += has_suit;
    doubles += is_double(t) && !has_suit;
  }
  const bool own_double = hand & bit(tile_id(suit, suit));
  return trumps + (own_double ? 1.0 : 0.0) + 0.5 * doubles;
}

inline double log_sigmoid(double x) { return x > -30 ? -std::log1p(std::exp(-x)) : x; }

// The log-probability of the calls of `auction` ((seat, bid number; 0 a pass), the viewer's own left
// out: its choices say nothing of the others) and of the declarer's naming suit `trump` (when
// another seat declared a suit), given the hands `dealt` held at the deal (a mask a seat).
inline double auction_log_likelihood(const std::vector<TileMask>& dealt, const std::vector<std::pair<int, int>>& auction,
                                     int viewer, std::optional<int> declarer, std::optional<int> trump, int max_pip) {
  double total = 0.0;
  for (const auto& [seat, bid] : auction) {
    if (seat == viewer) continue;
    double best = strength(dealt.at(seat), 0);
    for (int n = 1; n <= max_pip; ++n) best = std::max(best, strength(dealt.at(seat), n));
    const double x = kBidSlope * (best - kBidCentre);
    total += bid ? log_sigmoid(x) : log_sigmoid(-x);
  }
  if (declarer && *declarer != viewer && trump) {
    std::vector<double> scores;
    for (int n = 0; n <= max_pip; ++n) scores.push_back(kTrumpSharpness * strength(dealt.at(*declarer), n));
    double top = scores[0];
    for (double x : scores) top = std::max(top, x);
    double sum = 0.0;
    for (double x : scores) sum += std::exp(x - top);
    total += scores.at(*trump) - top - std::log(sum);
  }
  return total;
}
}  // namespace weighting

// ------------------------------------------------------------------ the play weighting (texas42/play_inference.py)
// A good but fallible player: at a choice among n legal tiles, a play giving away d points double
// dummy (counted up to kCap) is made with likelihood (1 - e) exp(-d / T) + e / n, T kTemperature
// (points), e kSlip; the other seats' choices among the last kRecent plays are weighed.
namespace play_inference {
inline constexpr double kTemperature = 8.0, kSlip = 0.05;
inline constexpr int kCap = 10;
inline constexpr int kRecent = 8;
inline constexpr int kTableMb = 16;  // a thread's transposition table: the choices are of at most a hand

inline double likelihood(double regret, int options, double temperature = kTemperature, double slip = kSlip) {
  return (1 - slip) * std::exp(-regret / temperature) + slip / options;
}
}  // namespace play_inference

// ------------------------------------------------------------------ bid advice (texas42/bidding.py, moon/bidding.py)
namespace advice_policy {
inline constexpr int kBatch = 100;       // 42's deals solved between checks of the time limit and the stop
inline constexpr int kMoonBatch = 50;    // Moon's and Partnership Moon's
inline constexpr int kFirstBatch = 8;    // deals of the first batch under a time limit: it measures the pace
inline constexpr double kZ95 = 1.959964;  // the two-sided 95% quantile of the normal distribution (arena.py's too)

// The Wilson interval of `made` successes in `n` trials at `z` (0 to 1 when n is 0).
inline std::pair<double, double> wilson(double made, double n, double z = kZ95) {
  if (n == 0) return {0.0, 1.0};
  const double p = made / n;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

// The P(make) a special bid of `marks` needs: its expected marks, marks (2p - 1), beat the
// alternative's gain (at least 0: a pass), and never under `floor`.
inline double special_threshold(int marks, double ordinary_gain = 0.0, double floor = 0.5) {
  return std::min(1.0, std::max(floor, 0.5 + std::max(0.0, ordinary_gain) / (2 * marks)));
}

// A declaration's values over an advice's deals (bid_advice_json.py's DeclarationValues: 42's points,
// Moon's tricks): their mean and its standard error, s / sqrt(n) (0 under two deals), summed as numpy
// sums a row (pairwise), so that every front end shows the same digits.
struct Spread {
  double mean = 0, stderr_ = 0;
};
Spread spread_of(const std::vector<int>& values);

// A special bid on an advice's deals (bidding.py's SpecialAdvice): whether the declaring side makes
// it on each deal under each declaration the partner may name (`makes` [declaration][deal], every
// declaration the same deals; a contract the seat declares itself: one row).
struct SpecialOdds {
  std::vector<std::vector<char>> makes;

  int worlds() const { return makes.empty() ? 0 : static_cast<int>(makes[0].size()); }
  // The deals on which declaration d makes it.
  double share(std::size_t d) const {
    int n = 0;
    for (char m : makes[d]) n += m != 0;
    return static_cast<double>(n) / worlds();
  }
  // The deals on which some declaration makes it (the partner naming per deal, as if it saw every hand).
  double p_make() const {
    int n = 0;
    for (int w = 0; w < worlds(); ++w)
      n += std::any_of(makes.begin(), makes.end(), [w](const std::vector<char>& row) { return row[w] != 0; });
    return static_cast<double>(n) / worlds();
  }
  // p_make's standard error over the deals: sqrt(p (1 - p) / (n - 1)).
  double stderr_of() const {
    const int n = worlds();
    const double p = p_make();
    return n > 1 ? std::sqrt(p * (1 - p) / (n - 1)) : 0.0;
  }
  // P(make) of the best single declaration, named before the deal is known: what the bid is judged by.
  double p_named() const {
    double best = 0;
    for (std::size_t d = 0; d < makes.size(); ++d) best = std::max(best, share(d));
    return best;
  }
};

// The declaration an advice names among `count`: by `mean` (no `p`), or by `p`, P(make) as the bid
// is judged (at 12 decimals, as Python rounds), then the mean; of equal ones the first.
int best_declaration(int count, const std::function<double(int)>& mean, const std::function<double(int)>& p);

// The marks a contract of `bid` puts at stake in the marks game: one for a point bid, k for a bid of k marks.
inline int stake(const Rules& rules, int bid) { return std::max(1, bid / rules.mark()); }

// Deals to solve next, `done` solved in `elapsed` seconds, the time limit checked after each batch:
// `cap` without a limit; under one, a first batch of kFirstBatch (it measures the pace), then as many
// as half the time left allows at the pace so far (at least one): the batches shrink as the limit
// nears, so that a slow one overshoots it by little more than a deal's work.
inline int next_batch(int cap, std::optional<double> time, double elapsed, int done) {
  if (!time) return cap;
  if (!done) return std::min(cap, kFirstBatch);
  const double fits = (*time - elapsed) / (elapsed / done) / 2;
  return fits >= cap ? cap : fits < 1 ? 1 : static_cast<int>(fits);
}

// The seed of an advice asked without one: a function of the question, so that one hand gets the
// same figures from every front end and on every asking. The first 4 bytes (big-endian) of the
// SHA-256 of the JSON text [rules' flags, seat, hand, auction, contract] as Python's
// json.dumps(..., sort_keys=True) writes it: the hand's tile names in the order given, the calls
// as [seat, bid name], the contract as [declarer, bid name] or null.
std::uint32_t question_seed(const Rules& rules, int seat, const std::vector<int>& hand,
                            const std::vector<std::pair<int, Bid>>& calls, const std::optional<Contract>& contract);

// The adviser's ordinary call among the `legal` calls, `makes(level, risk)` telling whether some
// declaration takes `level` points on at least `risk` of the deals: a bid of every trick (the most
// marks legal) when every trick is made at `mark_risk`; else the least point bid when its points plus
// `discount` are made at `risk`, unless the partner holds the high bid; else a pass, or the least bid
// when the seat may not pass. P(make) falls as the bid rises, so the least bid is the one to ask
// about. The Big Game scores the points taken whatever the bid (docs/rules.md §4.3): a bid of all 66
// scores no more than any other, so it has no bids of every trick here.
Bid ordinary_call(const Rules& rules, const std::vector<Bid>& legal, bool partner_high, int discount, double risk,
                  double mark_risk, const std::function<bool(int, double)>& makes);

// The chance that the side with `us` marks reaches `target` before the side with `them`, every hand
// from here even (a mark to either side with chance 1/2) (texas42/game_odds.py): f(u, t) =
// 1/2 f(u + 1, t) + 1/2 f(u, t + 1), 1 once u reaches the target, else 0 once t does, each score's
// value computed once (a table from the target down).
inline double win_chance(int us, int them, int target) {
  if (us >= target) return 1.0;
  if (them >= target) return 0.0;
  const int n = target - std::min(us, them) + 1;  // scores from min(us, them) to target
  const int base = std::min(us, them);
  std::vector<double> f(static_cast<std::size_t>(n) * n);
  const auto at = [&](int u, int t) -> double& { return f[static_cast<std::size_t>(u - base) * n + (t - base)]; };
  for (int u = target; u >= base; --u)
    for (int t = target; t >= base; --t)
      at(u, t) = u >= target ? 1.0 : t >= target ? 0.0 : 0.5 * at(u + 1, t) + 0.5 * at(u, t + 1);
  return at(us, them);
}

// The chance that the side with `us` marks (against `them`) wins the game when the declaring side
// (it, when `declaring`) makes a contract of `stake` marks with chance `p_make` (texas42/game_odds.py).
inline double game_chance(double p_make, int us, int them, int stake, bool declaring, int target) {
  const auto [made_us, made_them] = declaring ? std::pair{us + stake, them} : std::pair{us, them + stake};
  const auto [set_us, set_them] = declaring ? std::pair{us, them + stake} : std::pair{us + stake, them};
  return p_make * win_chance(made_us, made_them, target) + (1.0 - p_make) * win_chance(set_us, set_them, target);
}
}  // namespace advice_policy

// ------------------------------------------------------------------ a hint's order (texas42/hint.py's rank_key)
namespace hint_policy {
// How a 42 hint orders its moves (pimc's rank keys, bigger better): the seat's side plays for a goal
// (the declaring side makes the contract, the other sets it; none without a contract) by an
// objective: "goal" (its chance, then the mean), "points" (the mean, then the chance) or "game"
// (the chance of winning the game from `score` with the contract's `stake` of marks, to `target`;
// the same order as the goal's chance, in the game's currency, then the mean). Under a contract of
// no trick every side plays for the fewest tricks (`fewest`: the mean negated); a move not valued
// (no mean) is ranked by its chance alone.
enum class Goal : std::uint8_t { None, Make, Set };
enum class Objective : std::uint8_t { Goal, Points, Game };
struct MoveOrder {
  Goal goal = Goal::None;
  Objective objective = Objective::Points;
  bool fewest = false;
  std::pair<int, int> score{0, 0};  // objective game: the marks, the seat's side first, the contract's
  int stake = 1, target = 0;          // stake of marks and the game's target (Rules::game_target)

  // The seat's side's chance of winning the game when the contract is made with `p_make`.
  double game_odds(double p_make) const {
    return advice_policy::game_chance(p_make, score.first, score.second, stake, goal == Goal::Make, target);
  }
  std::vector<double> key(std::optional<double> mean, std::optional<double> p_make) const {
    std::optional<double> p_goal;
    if (goal != Goal::None && p_make) p_goal = goal == Goal::Make ? *p_make : 1.0 - *p_make;
    if (!mean) return p_goal ? std::vector<double>{*p_goal} : std::vector<double>{};
    const double m = fewest ? -*mean : *mean;
    if (!p_goal) return {m};
    if (objective == Objective::Game) return {game_odds(*p_make), m};
    return objective == Objective::Goal ? std::vector<double>{*p_goal, m} : std::vector<double>{m, *p_goal};
  }
};

// The point of view of a hint's values (hint.py's _pov), named as a solve names the side to move
// (Position.side_names): the names of the seats on the seat's side together ("NS"; Moon's player
// "P1"), and in three-player Moon once a bid makes the bidder one side and the other two the
// other, the bidder's name ("P1") or the other two's together ("P0P2").
inline std::string pov(const Rules& rules, int seat, std::optional<int> declarer) {
  const bool by_bid = rules.scorers() > 2 && declarer;  // Moon: the bidder against the other two
  const auto side = [&](int s) { return by_bid ? int(s == *declarer) : rules.scorer_of(s); };
  std::string out;
  for (int s = 0; s < rules.seats(); ++s)
    if (side(s) == side(seat)) out += rules.seat_name(s);
  return out;
}
}  // namespace hint_policy

}  // namespace dominosolver::texas42
