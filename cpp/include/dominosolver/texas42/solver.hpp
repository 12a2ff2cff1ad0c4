#pragma once
// Exact double-dummy solver for Texas 42: every hand known, any declaration, any point of the hand.
// Values are points (1 a trick + counters) from the current trick on, tiles on the table included;
// under an all-or-nothing contract (trick_play.hpp) they are tricks.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "dominosolver/search/stop_flag.hpp"
#include "dominosolver/search/transposition_table.hpp"
#include "dominosolver/texas42/position.hpp"
#include "dominosolver/texas42/trick_play.hpp"

namespace dominosolver::texas42 {

enum class Units : std::uint8_t { Points, Tricks };
std::string units_name(Units units);  // "points", "tricks"
Units units_of(const Position& pos);   // what the solver's values of `pos` count (its contract's objective)

struct SolveOutput {
  int value = 0;                              // for the team to move
  std::vector<std::pair<int, int>> moves;     // every legal tile -> value after it (same team)
  std::vector<std::vector<int>> equivalent;   // interchangeable tiles (groups of 2+)
  std::vector<int> pv;                        // a principal variation to the end of the hand
  std::uint64_t nodes = 0;
  Units units = Units::Points;
  std::optional<bool> makes;                  // tricks: whether the declaring side makes its contract
  // False when a node budget ran out first: `moves` holds the moves solved by then (the value is
  // their best, 0 without any; `equivalent` as usual), and no principal variation.
  bool complete = true;
};

// What one play gave away with every hand known (play_inference.py's model): the best value of the
// position and the value after the play, for the team to move, exact unless the play gave away
// `cap` points or more (then `played` is `best - cap`).
struct PlayRegret {
  int best = 0;
  int played = 0;
};

// Which enhancements a search uses; all on by default. The baseline of the benchmarks is a plain
// alpha-beta with a table (`Enhancements::baseline()`).
struct Enhancements {
  bool zero_window = true;    // MTD(f) driver instead of one full-window search
  bool ordering = true;       // TT move, killers and 42 heuristics first
  bool equivalence = true;    // interchangeable tiles searched once
  bool quick_tricks = true;   // sure tricks of the leader bound the value
  bool table = true;          // transposition table at trick boundaries
  bool endgame = true;        // the last two tricks searched directly, their bounds cached
  static Enhancements baseline() { return {false, false, false, false, true, false}; }
  static Enhancements none() { return {false, false, false, false, false, false}; }
};

// Bounds on the value of two-trick endgames, met again and again within a solve (55% of the time):
// a small direct-mapped cache (64 KB, cache-resident), kept by a solver for all its searches (the
// values depend on the position alone).
struct EndgameCache {
  struct Entry {
    std::uint64_t key = 0;
    std::int8_t lower = 0, upper = 0;
  };
  static constexpr std::size_t kSize = std::size_t{1} << 12;  // 2^11..2^14 measured alike
  // The Big Game's searches meet far more two-trick endgames: 1 MB keeps more of them (-2.4% nodes
  // for every move's value; 4 MB and 16 MB -3.3% and -3.7%, out of the faster caches).
  static constexpr std::size_t kLargeSize = std::size_t{1} << 16;
  static constexpr int kLargeFromTricks = 8;  // hands of this many tricks (more than 42's seven)
  std::vector<Entry> entries = std::vector<Entry>(kSize);
  Entry& at(std::uint64_t key) { return entries[key & (entries.size() - 1)]; }
  // Sized for hands of `tricks` tricks (emptied when the size changes).
  void fit(int tricks) {
    const std::size_t size = tricks >= kLargeFromTricks ? kLargeSize : kSize;
    if (entries.size() != size) entries.assign(size, Entry{});
  }
};

// Why the search does not value `pos` (its contract's objective or its declaration's rules), or ""
// when it does: the one test the solver's entry points apply.
std::string unsearched(const Position& pos);

class Solver {
 public:
  // `stop` (the solver's own by default; a batch's solvers share one): once requested, the search
  // under way and every later one end at once throwing Stopped (the caller left them: a deadline,
  // a stop, Ctrl-C; such a solver is not used again).
  explicit Solver(std::size_t tt_megabytes = 64, Enhancements e = {}, std::shared_ptr<search::StopFlag> stop = nullptr);
  void request_stop() { stop_->request(); }  // from any thread

  // The exact value for the team to move; `guess` (for the same team) seeds the search, or a
  // proven bound does when it is negative (two tricks searched, then the team's sure points).
  // These three search the position's own objective: points, or tricks under a contract whose
  // objective counts tricks (`guess` unused).
  int value(const Position& pos, int guess = -1);
  // Value, every move's value, equivalent groups and a principal variation. With a node budget
  // (`max_nodes`, 0 = none) the work stops once it is spent (see SolveOutput::complete): a hint's
  // world at The Big Game's first lead may need seconds.
  // `only` (plays; all by default) limits every move's value to those plays, unsearched otherwise:
  // the value is then the best of them (a hint's tiebreak among the plays its first key tied).
  SolveOutput solve(const Position& pos, bool all_moves = true, bool with_pv = true, std::uint64_t max_nodes = 0,
                    TileMask only = kAllPlays);
  // Can the team to move take at least `target` points (tricks) from here? One zero-window search.
  bool can_reach(const Position& pos, int target);
  // The same under a node budget (`max_nodes`, 0 = none): nullopt when the
  // budget ran out first (a bid advice's test of one world at The Big Game's first lead).
  std::optional<bool> can_reach(const Position& pos, int target, std::uint64_t max_nodes);
  // Per legal play: can the team to move still take at least `target` points from the current trick
  // on (as `value` counts them) after it? 1 yes, 0 no, -1 unknown once a node budget (`max_nodes`,
  // 0 = none) ran out. One zero-window test per group of interchangeable plays, where every move's
  // value takes several: what a hint ranking plays by the chance of the contract needs first. Points
  // only (a contract in tricks is solved whole, and fast).
  std::vector<std::pair<int, int>> reaches_after(const Position& pos, int target, std::uint64_t max_nodes = 0);
  // What each play of a line from `pos` (`plays`, in order) marked `weighed` gave away (PlayRegret,
  // in points; contracts in tricks are refused); the other plays (forced ones, the viewer's own) only
  // carry the value on. A play's value is the next position's, so a position is searched only at
  // the line's first weighed play and after a play that lost `cap` or more: one value search and
  // mostly one zero-window test a play, where every move's values cost three times as much a play.
  std::vector<PlayRegret> line_regrets(const Position& pos, const std::vector<int>& plays,
                                       const std::vector<bool>& weighed, int cap);

  // The search for an explicit goal, whatever the position's contract (trick_play.hpp): values
  // are what the side to move takes of the goal's count (points or tricks) from the current trick on.
  int value(const TrickPlay& play, const Goal& goal);
  SolveOutput solve(const TrickPlay& play, const Goal& goal, bool all_moves = true, bool with_pv = true,
                    std::uint64_t max_nodes = 0);
  // Does the side to move take at least `target` (points or tricks) with both sides playing to the goal?
  bool can_reach(const TrickPlay& play, const Goal& goal, int target);
  // Does the declaring side make its contract with perfect play: every trick (EveryTrick, having
  // lost none so far) or none (NoTrick, having taken none so far)? One zero-window search.
  bool makes(const TrickPlay& play, const Goal& goal);

  void clear() {
    const std::lock_guard<std::mutex> lock(busy_);
    tt_.clear();
  }
  std::size_t table_bytes() const { return tt_.bytes(); }
  std::uint64_t nodes() const { return nodes_; }  // nodes of the last call
  const Enhancements& enhancements() const { return enh_; }

 private:
  // Starts a search: ages the table, or restarts it (at `start_buckets`) for a new deal, and sizes
  // the endgame cache for hands of `hand_tricks`.
  void begin(const TrickPlay& play, int hand_tricks, std::size_t start_buckets);
  // One search of `play` for `goal` at a time on this solver's table: `f(engine, true)` once the
  // table is ready and the node budget (0: none) set, or `f(engine, false)` for a hand over, left
  // unsearched. `rules`: the position's, or null for a trick play from hands alone.
  template <class R, class F>
  R search(const TrickPlay& play, const Goal& goal, const Rules* rules, std::uint64_t max_nodes, F&& f);

  search::TranspositionTable tt_;
  EndgameCache endgames_;
  // One search at a time: a solver shared by threads (each call releases the GIL) takes turns
  // instead of racing on its table.
  std::mutex busy_;
  Enhancements enh_;
  std::shared_ptr<search::StopFlag> stop_;
  std::uint64_t nodes_ = 0;
  std::array<TileMask, kMaxSeats> last_hands_{};
  Trump last_trump_{};
};

}  // namespace dominosolver::texas42

namespace dominosolver::texas42 {

// The declarations of a dd_table, in order: those of the contract table whose objective is points
// (trump 0..max_pip, doubles, follow-me).
std::vector<Trump> table_declarations(const Rules& rules);

// Points the declaring side takes for each declaration x each declarer seat (who leads trick 1).
std::vector<std::vector<int>> dd_table(const Rules& rules, const std::array<TileMask, kMaxSeats>& deal,
                                       Solver& solver, std::uint64_t* nodes = nullptr);

// The special-contract table of a deal: for each declaration of the table x each declarer seat,
// does the declarer's side, its partner naming the declaration and leading trick 1, take every
// trick (Plunge and Splash, docs/rules.md §3.4-3.5, whoever may bid them)? One zero-window search
// a cell. Throws InvalidPositionError for a seating without partners.
std::vector<std::vector<bool>> every_trick_table(const Rules& rules, const std::array<TileMask, kMaxSeats>& deal,
                                                 Solver& solver, std::uint64_t* nodes = nullptr);

// The declarations that set a contract of their own in tricks (Nel-O in each doubles mode, Sevens,
// docs/rules.md §3.3 and §3.6, those `rules` offer), and for each x each declarer seat: does the declarer
// make it on a mark bid, declaring and leading by the contract's own rule? One zero-window search a cell.
struct DeclarerTable {
  std::vector<Trump> declarations;
  std::vector<std::vector<bool>> makes;  // declarations x seats
};
DeclarerTable declarer_table(const Rules& rules, const std::array<TileMask, kMaxSeats>& deal, Solver& solver,
                             std::uint64_t* nodes = nullptr);

// Moon (docs/rules.md §4.1): what the bidder's hand is worth once it has taken the widow, for each
// tile it may lay away: the tricks it then takes double-dummy, naming `trump` and leading, alone
// against the other two (the contract's bid does not change them). Lowest tile first. Throws
// InvalidPositionError unless `widow` is what `deal` leaves over in a Moon rule set.
struct DiscardValues {
  std::vector<std::pair<int, int>> tricks;  // (the tile laid away, the bidder's tricks)
  std::uint64_t nodes = 0;
};
DiscardValues discard_values(const Rules& rules, Trump trump, const std::array<TileMask, kMaxSeats>& deal,
                             TileMask widow, const Contract& contract, Solver& solver);

// A Moon deal's table (§4.1-4.2): for each declaration x each seat as bidder, naming it and leading,
// the tricks its side takes double-dummy; in three-player Moon after its best discard of the widow.
std::vector<std::vector<int>> moon_table(const Rules& rules, const std::array<TileMask, kMaxSeats>& deal, TileMask widow,
                                         Solver& solver, std::uint64_t* nodes = nullptr);

struct BatchOutput {
  std::vector<int> values;
  std::vector<std::vector<std::pair<int, int>>> moves;  // filled when asked for
  std::vector<std::vector<int>> pv;                     // principal variations, when asked for
  std::vector<bool> complete;  // per position: false when its node budget ran out (SolveOutput::complete)
  std::uint64_t nodes = 0;
};
// Solve many positions on `threads` threads, each with its own solver (tt_megabytes each), with
// every move's value (`all_moves`) and a principal variation (`with_pv`) when asked for, and a node
// budget a position when `max_nodes` > 0 (each solved as by Solver::solve).
// `should_stop` (empty: never) is called by the calling thread alone, every kBatchPoll while the
// pool works; once it answers true, or once `stop` (none: never) is requested, no position is
// started, the searches under way end at once, and the call throws Stopped.
BatchOutput solve_batch(const std::vector<Position>& positions, int threads, bool all_moves,
                        std::size_t tt_megabytes = 64, const std::function<bool()>& should_stop = {},
                        bool with_pv = false, std::uint64_t max_nodes = 0,
                        const std::vector<TileMask>& only = {}, const std::shared_ptr<search::StopFlag>& stop = nullptr);
inline constexpr std::chrono::milliseconds kBatchPoll{20};
// Solver::reaches_after of many positions (`targets[i]` for `positions[i]`), on `threads` threads
// as solve_batch does (`should_stop` and `stop` too): per position, (play, 1 / 0 / -1) for every legal play.
struct ReachOutput {
  std::vector<std::vector<std::pair<int, int>>> moves;
  std::uint64_t nodes = 0;
};
ReachOutput reach_batch(const std::vector<Position>& positions, const std::vector<int>& targets, int threads,
                        std::size_t tt_megabytes = 64, const std::function<bool()>& should_stop = {},
                        std::uint64_t max_nodes = 0, const std::shared_ptr<search::StopFlag>& stop = nullptr);
// Solver::line_regrets of many lines (starts[i], plays[i], weighed[i]), on `threads` threads as
// solve_batch does; the weighed plays' values line after line.
struct RegretOutput {
  std::vector<int> best, played;
  std::uint64_t nodes = 0;
};
RegretOutput regret_batch(const std::vector<Position>& starts, const std::vector<std::vector<int>>& plays,
                          const std::vector<std::vector<bool>>& weighed, int cap, int threads,
                          std::size_t tt_megabytes = 64, const std::function<bool()>& should_stop = {},
                          const std::shared_ptr<search::StopFlag>& stop = nullptr);


}  // namespace dominosolver::texas42
