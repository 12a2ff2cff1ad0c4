// The solver's entry points (solver.hpp): every search runs the one trick engine
// (texas42_engine.hpp) for a goal, points or tricks, and one driver values positions, every move,
// and the questions a hint and a bid advice ask.
#include "dominosolver/texas42/solver.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <numeric>
#include <stdexcept>

#include "dominosolver/core/errors.hpp"
#include "texas42_engine.hpp"

namespace dominosolver::texas42 {

using engine::kClimbMargin;
using engine::kInf;
using engine::kMoveLift;
using engine::NodeLimit;

namespace {

constexpr Goal kNsPoints{Objective::Points, 0, 0};  // a position's points: NS's, side 0

// Whether the counted side makes `goal`, D being its count from here on of `left` tricks
// (a contract in tricks; a goal in points has no contract to make here).
std::optional<bool> goal_made(const TrickPlay& play, const Goal& goal, int d, int left) {
  if (goal.objective == Objective::Points) return std::nullopt;
  if (goal.objective == Objective::Tricks) return play.tricks_taken[goal.declaring_side] + d >= goal.need;
  if (goal.objective == Objective::EveryTrick) return play.tricks_taken[1 - goal.declaring_side] == 0 && d == left;
  return play.tricks_taken[goal.declaring_side] == 0 && d == 0;
}

}  // namespace

std::string unsearched(const Position& pos) {
  // Sevens ranks tiles by distance (§3.6): only its contract, counted in tricks, is searched.
  if (pos.table().by_distance && !tricks_goal(pos))
    return "the solver searches declarations that follow suit, not '" + pos.trump().name() +
           "' (docs/rules.md §3.6: its tricks solver is not built yet)";
  return "";
}

Solver::Solver(std::size_t tt_megabytes, Enhancements e, std::shared_ptr<search::StopFlag> stop)
    : tt_(std::max<std::size_t>(tt_megabytes, 1)), enh_(e),
      stop_(stop ? std::move(stop) : std::make_shared<search::StopFlag>()) {}

void Solver::begin(const TrickPlay& play, int hand_tricks, std::size_t start_buckets) {
  endgames_.fit(hand_tricks);
  // A later point of the same deal under the same declaration keeps its entries; anything else
  // starts a fresh, small, cache-resident table (another declaration shares no key).
  bool same_deal = true;
  for (int s = 0; s < kMaxSeats; ++s) same_deal &= (play.hands[s] & ~last_hands_[s]) == 0;
  if (same_deal && play.table->trump == last_trump_) {
    tt_.new_search();
  } else {
    tt_.restart(enh_.zero_window ? start_buckets : search::TranspositionTable::kStartBuckets);
    last_hands_ = play.hands;
    last_trump_ = play.table->trump;
  }
}

template <class R, class F>
R Solver::search(const TrickPlay& play, const Goal& goal, const Rules* rules, std::uint64_t max_nodes, F&& f) {
  const std::lock_guard<std::mutex> one_search_at_a_time(busy_);
  nodes_ = 0;
  // A position's deal sizes the table and the endgame cache by its hand (The Big Game's are
  // larger from the first trick on) and keys The Big Game's trumps by their order; a trick play
  // from hands alone starts small.
  const bool big_game = rules && rules->big_game();
  return engine::engine_for(play, goal, &tt_, &endgames_, enh_, big_game, [&](auto& s) -> R {
    if (s.total_tiles() + static_cast<int>(play.trick.size()) == 0) return f(s, false);
    begin(play, rules ? rules->hand_tricks() : play.tricks_left(),
          rules ? engine::table_start(play.tricks_left()) : engine::kSmallTableStart);
    if (max_nodes) s.limit_nodes(max_nodes);
    s.watch(stop_.get());
    R out = f(s, true);
    nodes_ = s.nodes();
    return out;
  });
}

namespace {

// Can the side to move take at least `target` (its count) from here? One zero-window search.
template <class Engine>
bool reaches(Engine& s, int target) {
  const int total = s.remaining_total();
  if (target <= 0) return true;
  if (target > total) return false;
  if (s.side(s.to_move()) == 0) return s.ab(target - 1, target, 0) >= target;
  return s.ab(total - target, total - target + 1, 0) <= total - target;  // side 0 held to total - target
}

// Value, every move's value (those of `only`), equivalent groups and a principal variation, for
// the side to move; `out.complete` false when a node budget ran out first.
template <class Engine>
void solve_with(Engine& s, bool all_moves, bool with_pv, TileMask only, SolveOutput& out) {
  const int total = s.remaining_total();  // (a search cut short leaves the engine mid-line)
  const int team = s.side(s.to_move());
  auto pov = [&](int d) { return team == 0 ? d : total - d; };
  const auto groups = s.equivalence_groups(all_moves ? s.legal() & only : s.legal());
  for (const auto& g : groups)
    if (g.size() > 1) out.equivalent.push_back(g);
  int d_value = 0;
  // The groups in the order searched, and how many of them have their value (a node budget may
  // stop the work between two).
  std::vector<std::size_t> order(groups.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<int> values(groups.size());
  std::size_t solved = 0;
  try {
    if (all_moves) {
      // Every move's value, the position's value being the best of them: the bound search's move
      // first (climbing from above its bound), then each other one tested first against the best so
      // far (-3% time against the position's value first, then each move bounded by it).
      const bool maximize = s.maximizes(s.to_move());
      const int bound = s.zero_window() ? s.bound_search(team) : 0;
      s.killers_from_below_root();
      const int guess = bound >= 0 ? s.for_team(team, bound + kMoveLift) : s.playout();  // D
      const int margin = bound >= 0 ? 0 : kClimbMargin;
      const int first = s.table_move();
      for (std::size_t i = 0; i < groups.size(); ++i)
        if (std::find(groups[i].begin(), groups[i].end(), first) != groups[i].end()) std::swap(order[0], order[i]);
      for (std::size_t k = 0; k < order.size(); ++k, ++solved) {
        const std::size_t i = order[k];
        values[i] = k == 0 ? s.exact_after_guess(groups[i].front(), team, guess, margin)
                           : s.exact_after_vs(groups[i].front(), d_value);
        if (k == 0 || (maximize ? values[i] > d_value : values[i] < d_value)) d_value = values[i];
      }
    } else {
      d_value = s.for_team(team, s.climb_exact());
    }
  } catch (const NodeLimit&) {
    // Cut short: the moves solved so far (their best is the value, 0 without any), no variation.
    out.complete = false;
    with_pv = false;
    if (!solved) d_value = pov(0);
  }
  std::vector<bool> known(groups.size());
  for (std::size_t k = 0; k < solved; ++k) known[order[k]] = true;
  for (std::size_t i = 0; i < groups.size(); ++i)
    if (known[i])
      for (int tile : groups[i]) out.moves.emplace_back(tile, pov(values[i]));
  out.value = pov(d_value);
  if (with_pv) {
    // Follow plays that keep the exact value; a zero-window test confirms each. The tests count
    // against the node budget too: one running out leaves the values, but no variation.
    int v = d_value;
    try {
      while (s.remaining_total() > 0) {
        const bool maximize = s.maximizes(s.to_move());
        int chosen = -1;
        for (TileMask m = s.legal(); m && chosen < 0; m &= m - 1) {
          const int tile = lowest(m);
          const bool keeps =
              maximize ? s.play_and_search(tile, v - 1, v, 0) >= v : s.play_and_search(tile, v, v + 1, 0) <= v;
          if (keeps) chosen = tile;
        }
        if (chosen < 0) throw std::logic_error("solver: no move keeps the value (inconsistent search)");
        v -= s.points_if_trick_completes(chosen);
        s.advance(chosen);
        out.pv.push_back(chosen);
      }
    } catch (const NodeLimit&) {
      out.complete = false;
      out.pv.clear();
    }
  }
  out.nodes = s.nodes();
}

}  // namespace

int Solver::value(const Position& pos, int guess) {
  if (const std::string why = unsearched(pos); !why.empty()) throw InvalidPositionError(why);
  if (const auto goal = tricks_goal(pos)) return value(trick_play(pos), *goal);  // a contract in tricks
  return search<int>(trick_play(pos), kNsPoints, &pos.rules(), 0, [&](auto& s, bool live) {
    return live ? s.climb_exact(guess) : 0;
  });
}

int Solver::value(const TrickPlay& play, const Goal& goal) {
  return search<int>(play, goal, nullptr, 0, [&](auto& s, bool live) { return live ? s.climb_exact() : 0; });
}

bool Solver::can_reach(const Position& pos, int target) { return *can_reach(pos, target, 0); }

std::optional<bool> Solver::can_reach(const Position& pos, int target, std::uint64_t max_nodes) {
  if (const std::string why = unsearched(pos); !why.empty()) throw InvalidPositionError(why);
  const auto goal = tricks_goal(pos);
  return search<std::optional<bool>>(trick_play(pos), goal ? *goal : kNsPoints, goal ? nullptr : &pos.rules(), max_nodes,
                                      [&](auto& s, bool live) -> std::optional<bool> {
                                        if (!live) return target <= 0;
                                        try {
                                          return reaches(s, target);
                                        } catch (const NodeLimit&) {
                                          return std::nullopt;  // cut short: no answer
                                        }
                                      });
}

bool Solver::can_reach(const TrickPlay& play, const Goal& goal, int target) {
  return search<bool>(play, goal, nullptr, 0, [&](auto& s, bool live) { return live ? reaches(s, target) : target <= 0; });
}

bool Solver::makes(const TrickPlay& play, const Goal& goal) {
  if (goal.objective == Objective::Points)
    throw InvalidPositionError("a goal in points has no contract to make: ask can_reach for a number of points");
  const int left = play.tricks_left();
  // What D (the declaring side's tricks from here on) must reach, or stay at or under.
  int at_least = 0, at_most = left;
  if (goal.objective == Objective::Tricks) {
    at_least = goal.need - play.tricks_taken[goal.declaring_side];
    if (at_least <= 0 || at_least > left) return at_least <= 0;
  } else {
    if (!*goal_made(play, goal, goal.objective == Objective::EveryTrick ? left : 0, left)) return false;  // lost already
    if (goal.objective == Objective::EveryTrick) at_least = left;
    else at_most = 0;
  }
  if (left == 0) return true;
  return search<bool>(play, goal, nullptr, 0, [&](auto& s, bool) {
    return at_least > 0 ? s.ab(at_least - 1, at_least, 0) >= at_least : s.ab(at_most, at_most + 1, 0) <= at_most;
  });
}

std::vector<PlayRegret> Solver::line_regrets(const Position& pos, const std::vector<int>& plays,
                                             const std::vector<bool>& weighed, int cap) {
  if (const std::string why = unsearched(pos); !why.empty()) throw InvalidPositionError(why);
  if (tricks_goal(pos)) throw InvalidPositionError("a play's regret is counted in points, not under a contract in tricks");
  if (cap < 0) throw InvalidPositionError("cap must be 0 or more points, not " + std::to_string(cap));
  if (weighed.size() != plays.size())
    throw InvalidPositionError("a line needs a weighed flag per play: " + std::to_string(weighed.size()) + " for " +
                               std::to_string(plays.size()) + " plays");
  Position line = pos;  // the plays checked before the search walks them
  for (const int tile : plays) {
    if (line.is_over() || tile < 0 || tile >= kMaxTiles || !(line.legal_moves() & bit(tile)))
      throw IllegalMoveError("tile id " + std::to_string(tile) + " is not a legal play of the line");
    line.play(tile);
  }
  return search<std::vector<PlayRegret>>(trick_play(pos), kNsPoints, &pos.rules(), 0, [&](auto& s, bool live) {
    std::vector<PlayRegret> out;
    if (!live) return out;
    int known = -1;  // D of the position the line has reached, when known
    for (std::size_t k = 0; k < plays.size(); ++k) {
      const int tile = plays[k];
      const int team = s.side(s.to_move());
      if (known < 0 && weighed[k]) {
        known = s.for_team(team, s.climb_exact());
        s.killers_from_below_root();
      }
      if (known >= 0) {
        // An unweighed play (forced, or the viewer's own) is valued exactly, to carry the value on.
        const int limit = weighed[k] ? cap : kInf;
        const int played = s.within_cap_after(tile, known, limit);
        if (weighed[k]) out.push_back({s.for_team(team, known), s.for_team(team, played)});
        const int lost = team == 0 ? known - played : played - known;
        known = lost >= limit ? -1 : played - s.points_if_trick_completes(tile);
      }
      s.advance(tile);
    }
    return out;
  });
}

std::vector<std::pair<int, int>> Solver::reaches_after(const Position& pos, int target, std::uint64_t max_nodes) {
  if (const std::string why = unsearched(pos); !why.empty()) throw InvalidPositionError(why);
  if (tricks_goal(pos))
    throw InvalidPositionError("per-play tests count points: a contract in tricks ('" + pos.trump().name() +
                               "') is solved whole");
  return search<std::vector<std::pair<int, int>>>(trick_play(pos), kNsPoints, &pos.rules(), max_nodes, [&](auto& s, bool live) {
    std::vector<std::pair<int, int>> out;
    if (!live) return out;
    const int total = s.remaining_total();
    const bool ns_to_move = s.side(s.to_move()) == 0;
    const int ns = ns_to_move ? target : total - target;  // NS's side of the test: EW reach it when NS stay at ns or under
    const int decided = target <= 0 ? 1 : target > total ? 0 : -1;
    bool spent = false;  // a search cut short leaves its state mid-line: no further test
    for (const auto& group : s.equivalence_groups(s.legal())) {
      int answer = decided;
      if (answer < 0 && !spent) {
        try {
          const int tile = group.front();
          answer = ns_to_move ? s.play_and_search(tile, ns - 1, ns, 0) >= ns : s.play_and_search(tile, ns, ns + 1, 0) <= ns;
        } catch (const NodeLimit&) {
          spent = true;
        }
      }
      for (const int tile : group) out.emplace_back(tile, answer);
    }
    std::sort(out.begin(), out.end());
    return out;
  });
}

SolveOutput Solver::solve(const Position& pos, bool all_moves, bool with_pv, std::uint64_t max_nodes, TileMask only) {
  if (const std::string why = unsearched(pos); !why.empty()) throw InvalidPositionError(why);
  const auto goal = tricks_goal(pos);
  if (goal && only != kAllPlays)
    throw InvalidPositionError("only a contract in points values some plays alone, not '" + pos.trump().name() + "'");
  if (!pos.is_over() && !(pos.legal_moves() & only)) throw IllegalMoveError("none of the plays to value is legal");
  if (goal) return solve(trick_play(pos), *goal, all_moves, with_pv, max_nodes);
  return search<SolveOutput>(trick_play(pos), kNsPoints, &pos.rules(), max_nodes, [&](auto& s, bool live) {
    SolveOutput out;
    if (live) solve_with(s, all_moves, with_pv, only, out);
    return out;
  });
}

SolveOutput Solver::solve(const TrickPlay& play, const Goal& goal, bool all_moves, bool with_pv, std::uint64_t max_nodes) {
  SolveOutput out = search<SolveOutput>(play, goal, nullptr, max_nodes, [&](auto& s, bool live) {
    SolveOutput o;
    if (live) solve_with(s, all_moves, with_pv, kAllPlays, o);
    return o;
  });
  if (goal.objective != Objective::Points) {
    out.units = Units::Tricks;
    const int left = play.tricks_left();
    const bool declarers_to_move = left == 0 || play.seating.side(play.to_move()) == goal.declaring_side;
    if (out.complete) out.makes = goal_made(play, goal, declarers_to_move ? out.value : left - out.value, left);
  }
  return out;
}

}  // namespace dominosolver::texas42
