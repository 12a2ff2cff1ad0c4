#pragma once
// Exact Bingo solver: the game points the player to move wins (+1..+3) or loses (-1..-3) with perfect
// play by both, for positions where every tile's place is known (closed or exhausted deals, and
// phase-one "worlds" with the boneyard order known, the choice to close included).
//
// Alpha-beta (negamax) over the shared state machine of state.hpp, with the shared bounded
// transposition table (entries with the boneyard open kept over closed or exhausted ones), bounds
// from game points that can no longer grow, the 70 race (a player who cannot reach 70 even with
// every point in play, the other's unbeatable tiles left out, loses once the other is sure of 70; a
// closer who cannot reach it fails), cashing unbeatable tiles to 70, and dominated declarations
// skipped inside the tree (a larger set of doubles scores more and allows every lead a smaller one
// does; one declaration per deal). Values come from null-window probes: win or lose first, then by
// how much. Moves are ordered by the table's move, then (the boneyard open) two killers per trick,
// turn and player, then static scores with the history of refutations breaking ties (the history
// only while the boneyard is open: closed games order better by the static scores alone).
// Each Solver owns its table, no global state; a solver shared by threads runs one search at a time
// (the others wait their turn rather than race on its table).
//
// Most phase-one worlds at a deal's start solve in milliseconds, some take seconds, so a search can
// be bounded (a node budget, a deadline) and stopped. A node budget degrades to bounds: each move
// first gets a share to learn whether it wins or loses, then what is left goes to by how much, and a
// move it cuts short keeps the bounds its finished probes proved. Every kPollNodes nodes the solver
// checks its deadline, its stop check and its stop request; a deadline passed ends the work as a
// spent budget does (what is solved is kept), a stop check answering true abandons the search by
// throwing Stopped. Either way the solver stays usable: the table only ever holds bounds of subtrees
// searched to the end. A stop request (request_stop, from any thread: a caller that no longer wants
// the answer) throws Stopped in the search under way and in every later one: the solver is spent.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "dominosolver/bingo/position.hpp"
#include "dominosolver/core/errors.hpp"  // Stopped
#include "dominosolver/search/stop_flag.hpp"
#include "dominosolver/search/transposition_table.hpp"

namespace dominosolver::bingo {

// Lexicographic score for the margin search: game points first, then the card-point difference.
constexpr int kMarginScale = 4096;
// Nodes between two calls of the stop check: a few milliseconds of search.
constexpr std::uint64_t kPollNodes = std::uint64_t{1} << 16;

using Clock = std::chrono::steady_clock;
using Deadline = std::optional<Clock::time_point>;  // none: no time limit

struct SolveOutput {
  int value = 0;              // game points for the player to move
  std::vector<Move> moves;    // every legal move ...
  std::vector<int> values;    // ... and its value (same point of view)
  std::vector<int> lower, upper;  // ... and its bounds: equal to the value where it was solved
  std::vector<Move> pv;       // a principal variation to the end of the deal
  std::optional<int> margin;  // best card-point difference among moves of the best game value
  std::uint64_t nodes = 0;
  // False when the node budget ran out or the deadline passed: moves left unsolved hold 0 (a value
  // no move has) and keep the bounds proven (with a node budget every move gets a share of it, first
  // to learn whether it wins or loses), and the margin and principal variation are left out.
  bool complete = true;
  bool timed_out = false;  // the deadline ended it
};

class Solver {
 public:
  explicit Solver(std::size_t tt_megabytes = 2) : tt_(tt_megabytes) { forget_killers(); }

  // The value of `s` for its player to move (the state must not be over).
  int value(const Context& c, const DealState& s);
  // The value of each of `moves` (legal in `s`) for the player to move in `s`.
  std::vector<int> move_values(const Context& c, const DealState& s, const std::vector<Move>& moves);
  // Every legal move's value, the best value, optionally the margin and a principal variation.
  // With a node budget (0 = none) or a deadline the work stops once it is spent (see
  // SolveOutput::complete).
  SolveOutput solve(const Context& c, const DealState& s, bool with_margin = true, bool with_pv = true,
                    std::uint64_t max_nodes = 0, Deadline deadline = {});
  // The best lexicographic (game points, point difference) score of `s`, as points * kMarginScale + difference.
  int margin_score(const Context& c, const DealState& s);

  // Worlds for a hint: the same public state with the opponent's hand and the boneyard replaced, each
  // move of `moves` scored in every world. Returns values row by row (world-major). With a node limit
  // per world (0 = none), a world that needs more is left unsolved: its row holds 0, a value no
  // solved position has (solve_worlds_bounds keeps its bounds instead). Once the deadline passes the work ends: the rows returned are those of the
  // worlds solved before it (fewer than the worlds given).
  std::vector<int> solve_worlds(const Context& c, const DealState& base, const std::vector<TileMask>& opponent_hands,
                                const std::vector<std::vector<int>>& boneyards, const std::vector<Move>& moves,
                                std::uint64_t max_nodes_per_world = 0, Deadline deadline = {});

  // As solve_worlds, each move's value as bounds (lower, upper), world-major: equal where the move
  // was solved to the end. With a node limit per world (0 = none) each move of a world first gets
  // a share of it to learn whether it wins or loses, then what is left goes to by how much; where
  // it runs out, a move keeps the bounds its finished tests proved (-3..3 at worst), so no world is
  // dropped for its cost. The nodes worlds leave unused then go to the worlds cut short (each at
  // least twice its first budget, from the start again), so the call stays within the limit times
  // the worlds. Once the deadline passes the work ends: the rows are those of the worlds
  // finished before it.
  std::vector<std::pair<int, int>> solve_worlds_bounds(const Context& c, const DealState& base,
                                                       const std::vector<TileMask>& opponent_hands,
                                                       const std::vector<std::vector<int>>& boneyards,
                                                       const std::vector<Move>& moves, std::uint64_t max_nodes_per_world = 0,
                                                       Deadline deadline = {});

  // The value of closing now, for the player on lead in `base` (who must be allowed to close), over
  // every opponent hand the view allows: the tiles `known` to be the opponent's plus `need` of
  // `free`, each equally likely (the boneyard's order no longer matters once closed). counts[v + 3]
  // is how many hands give v game points (-3..3). A hand whose points, with the closer's own and its
  // declaration, cannot bring the closer to 70 (the opponent's unbeatable tiles left out) fails
  // without a search, one where the closer cashes 70 with tiles nothing of the opponent's beats wins
  // without one; the others are solved exactly, once for all the hands alike (free tiles that stand
  // alike towards the closer's tiles are interchangeable). From `capture_from` hands up, the trick
  // points the closer can make sure of (close.hpp) first refute a hand where they leave it short of
  // 70, and show it won where they bring it to 70 and the opponent cannot reach 70 first (the
  // search then only learns by how much); below, their table costs more than it saves. Defined in
  // bingo_close.cpp.
  struct CloseCounts {
    std::array<std::uint64_t, 7> counts{};
    std::uint64_t hands = 0, searched = 0;
    std::uint64_t kinds = 0, distinct = 0;  // kinds of free tiles alike; hands solved as their kinds' counts
    // Hands the capture search refuted, hands it showed won (searched only for by how much), its
    // nodes, and the hands it was tried on (it is given up where it decides under a third of the
    // first thousand).
    std::uint64_t refuted = 0, proven = 0, capture_nodes = 0, capture_tried = 0;
  };
  static constexpr std::uint64_t kCaptureFromHands = 2000;
  CloseCounts close_over_hands(const Context& c, const DealState& base, TileMask known, TileMask free, int need,
                               std::uint64_t capture_from = kCaptureFromHands);

  // Called every kPollNodes nodes; returning true ends the search with Stopped. Empty: never. Set
  // it before sharing the solver.
  void set_stop_check(std::function<bool()> check) { stop_check_ = std::move(check); }
  // From any thread: the search under way ends within kPollNodes nodes with Stopped, and so does
  // every later one (the caller replaces a solver it stopped).
  void request_stop() { stop_.request(); }

  // Nodes searched since construction or reset_nodes, as of the last call to finish (with threads
  // sharing the solver, theirs included).
  std::uint64_t nodes() const { return reported_nodes_.load(); }
  void reset_nodes() {
    const std::lock_guard<std::mutex> lock(busy_);
    nodes_ = 0;
    reported_nodes_ = 0;
  }
  void clear() {
    const std::lock_guard<std::mutex> lock(busy_);
    tt_.clear();
    history_ = {};
    forget_killers();
  }

 private:
  // One search at a time; each public search takes the lock and reports its nodes when it ends.
  struct Turn {
    explicit Turn(Solver& s) : solver(s), lock(s.busy_) {}
    ~Turn() { solver.reported_nodes_ = solver.nodes_; }
    Solver& solver;
    std::lock_guard<std::mutex> lock;
  };
  void poll();  // every kPollNodes nodes: the deadline (TimeUp) and the stop check (Stopped)
  template <bool kMargin>
  int search(const DealState& s, int alpha, int beta);
  template <bool kMargin>
  int child_value(const DealState& child, int me, int alpha, int beta);
  int mtd(const DealState& s);  // exact game points by null-window probes
  // Narrows [lo, hi], bounds of the value of `s` for its player to move, by null-window probes
  // (only the first, win or lose, with `sign_only`). A probe the budget cuts short throws NodeLimit
  // and leaves the bounds the finished ones proved.
  void narrow(const DealState& s, int& lo, int& hi, bool sign_only);
  int exact_child(const DealState& child, int me);
  // Appends the value of each of `moves` in `s` to `out` as it is found, so that a search cut short
  // by its node budget keeps the values already known.
  void append_move_values(const Context& c, const DealState& s, const std::vector<Move>& moves, std::vector<int>& out);
  // Bounds of each of `moves` in `s` for its player to move, within `budget` nodes (0 = none): see
  // solve_worlds_bounds.
  std::vector<std::pair<int, int>> bounded_values(const Context& c, const DealState& s, const std::vector<Move>& moves,
                                                  std::uint64_t budget);
  void begin(const Context& c, const DealState& s);
  std::uint64_t key(const DealState& s) const;
  int max_win(const DealState& s, int p) const;
  int claim_gp_now(const DealState& s, int p) const;

  const Context* ctx_ = nullptr;
  std::uint64_t salt_ = 0;
  std::uint64_t bone_sig_ = 0;  // the boneyard order of the current root, for phase-one keys
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = 0;  // abort the search past this count (0 = never)
  Deadline deadline_;             // abort the search past this time
  std::function<bool()> stop_check_;
  search::StopFlag stop_;
  std::mutex busy_;
  std::atomic<std::uint64_t> reported_nodes_{0};
  search::TranspositionTable tt_;
  // Cutoffs by (player, replying?, move id): moves that refuted siblings are tried early.
  std::array<std::array<std::array<std::int32_t, 40>, 2>, kPlayers> history_{};
  // With the boneyard open: the last two moves that refuted a sibling, the latest first, by (tricks
  // played, replying?, player).
  std::array<std::array<std::array<std::array<std::uint8_t, 2>, kPlayers>, 2>, kDealTricks + 1> killer_{};
  void forget_killers() {
    for (auto& trick : killer_)
      for (auto& turn : trick)
        for (auto& player : turn) player.fill(0xFF);  // no move
  }
};

// Plain minimax over every legal move, no pruning and no table: the baseline the bench compares with.
// Returns the value for the player to move; `nodes` counts the states visited. `stop_check` as in
// Solver::set_stop_check.
int plain_minimax(const Context& c, const DealState& s, std::uint64_t& nodes,
                  const std::function<bool()>& stop_check = {});

}  // namespace dominosolver::bingo
