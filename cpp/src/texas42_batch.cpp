// Many solves: double-dummy tables and a thread pool over positions.
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/solver.hpp"

namespace dominosolver::texas42 {

std::vector<Trump> table_declarations(const Rules& rules) {
  std::vector<Trump> out;
  for (const Trump& t : declarations(rules))
    if (ruling(rules, t, std::nullopt).contract->objective == Objective::Points) out.push_back(t);
  return out;
}

std::vector<std::vector<int>> dd_table(const Rules& rules, const std::array<TileMask, kMaxSeats>& deal, Solver& solver,
                                       std::uint64_t* nodes) {
  std::vector<std::vector<int>> table;
  std::uint64_t total = 0;
  const Seating seating = rules.seating();
  for (const Trump& trump : table_declarations(rules)) {
    std::vector<int> row;
    for (int declarer = 0; declarer < seating.seats(); ++declarer) {
      // Partners often take about the same under one declaration, and the other side about what
      // the first declarer's opponents took: good first guesses.
      const int partner = seating.partner(declarer);
      const int guess = partner >= 0 && partner < declarer ? row[partner]
                        : declarer > 0                     ? rules.hand_points() - row[0]
                                                           : -1;
      row.push_back(solver.value(Position(rules, trump, deal, declarer, {}), guess));
      total += solver.nodes();
    }
    table.push_back(row);
  }
  if (nodes) *nodes = total;
  return table;
}

std::vector<std::vector<bool>> every_trick_table(const Rules& rules, const std::array<TileMask, kMaxSeats>& deal,
                                                 Solver& solver, std::uint64_t* nodes) {
  std::vector<std::vector<bool>> table;
  std::uint64_t total = 0;
  const Seating seating = rules.seating();
  for (const Trump& trump : table_declarations(rules)) {
    std::vector<bool> row;
    for (int declarer = 0; declarer < seating.seats(); ++declarer) {
      const int partner = seating.partner(declarer);
      if (partner < 0) throw InvalidPositionError("a special-contract table needs partners: seat " +
                                                  std::to_string(declarer) + " has none");
      const Position pos(rules, trump, deal, partner, {});
      row.push_back(solver.makes(trick_play(pos), Goal{Objective::EveryTrick, seating.side(declarer)}));
      total += solver.nodes();
    }
    table.push_back(row);
  }
  if (nodes) *nodes = total;
  return table;
}

DiscardValues discard_values(const Rules& rules, Trump trump, const std::array<TileMask, kMaxSeats>& deal,
                             TileMask widow, const Contract& contract, Solver& solver) {
  if (rules.row().left_over != LeftOver::Widow)
    throw InvalidPositionError("only three-player Moon's bidder takes a widow (docs/rules.md §4.1)");
  const int left_over = count(rules.tile_set()) - rules.seats() * rules.hand_size();
  if (count(widow) != left_over || (widow & ~rules.tile_set()))
    throw InvalidPositionError("the widow is " + std::to_string(left_over) + " tile of Moon's set, not " +
                               std::to_string(count(widow)));
  for (int seat = 0; seat < rules.seats(); ++seat)
    if (deal[seat] & widow) throw InvalidPositionError("the widow's tile " + tile_name(lowest(widow)) + " is in a hand too");
  if (contract.declarer < 0 || contract.declarer >= rules.seats())
    throw InvalidPositionError("contract declarer must be a seat 0.." + std::to_string(rules.seats() - 1));
  const int bidder = contract.declarer;
  const TileMask eight = deal[bidder] | widow;
  DiscardValues out;
  int guess = -1;  // one discard is worth about what the last was
  for (TileMask m = eight; m; m &= m - 1) {
    std::array<TileMask, kMaxSeats> hands = deal;
    hands[bidder] = eight & ~bit(lowest(m));
    guess = solver.value(Position(rules, trump, hands, bidder, {}, contract), guess);
    out.tricks.emplace_back(lowest(m), guess);
    out.nodes += solver.nodes();
  }
  return out;
}

std::vector<std::vector<int>> moon_table(const Rules& rules, const std::array<TileMask, kMaxSeats>& deal, TileMask widow,
                                         Solver& solver, std::uint64_t* nodes) {
  if (!rules.moon()) throw InvalidPositionError("a Moon table needs a Moon rule set (family 'moon' or 'moon4')");
  std::vector<std::vector<int>> table;
  std::uint64_t total = 0;
  for (const Trump& trump : declarations(rules)) {
    std::vector<int> row;
    for (int bidder = 0; bidder < rules.seats(); ++bidder) {
      const Contract contract{bidder, Bid{rules.min_bid()}};
      if (rules.row().left_over == LeftOver::Widow) {
        const DiscardValues d = discard_values(rules, trump, deal, widow, contract, solver);
        int best = 0;
        for (const auto& [tile, tricks] : d.tricks) best = std::max(best, tricks);
        row.push_back(best);
        total += d.nodes;
      } else {
        row.push_back(solver.value(Position(rules, trump, deal, bidder, {}, contract)));
        total += solver.nodes();
      }
    }
    table.push_back(row);
  }
  if (nodes) *nodes = total;
  return table;
}

DeclarerTable declarer_table(const Rules& rules, const std::array<TileMask, kMaxSeats>& deal, Solver& solver,
                             std::uint64_t* nodes) {
  DeclarerTable table;
  std::uint64_t total = 0;
  const Bid mark_bid{rules.mark(), BidKind::Ordinary};
  for (const Trump& trump : declarations(rules)) {
    const Ruling r = ruling(rules, trump, std::nullopt);
    // The declarations that impose their own contract on an ordinary bid (Nel-O, Sevens): their
    // objective counts tricks. Plunge and Splash are bid, not declared: every_trick_table's.
    if (r.contract->objective == Objective::Points || r.contract->bid_kind != BidKind::Ordinary) continue;
    std::vector<bool> row;
    for (int declarer = 0; declarer < rules.seats(); ++declarer) {
      const Contract contract{declarer, mark_bid};
      const Position pos(rules, trump, deal, ruling(rules, trump, contract).first_leader(), {}, contract);
      row.push_back(solver.makes(trick_play(pos), *tricks_goal(pos)));
      total += solver.nodes();
    }
    table.declarations.push_back(trump);
    table.makes.push_back(std::move(row));
  }
  if (nodes) *nodes = total;
  return table;
}

namespace {

// Runs `work(solver, i)` for i in [0, count) on `threads` threads, each with its own solver
// (tt_megabytes each); adds up the nodes `work` returns. `should_stop` (empty: never) is called by
// the calling thread alone, every kBatchPoll while the pool works; once it answers true, or once
// `stop` (none: never) is requested, no item is started, the searches under way end at once (their
// solvers watch the request), and the call throws Stopped.
template <class Work>
std::uint64_t run_batch(std::size_t count, int threads, std::size_t tt_megabytes,
                        const std::function<bool()>& should_stop, std::shared_ptr<search::StopFlag> stop, Work work) {
  if (!stop) stop = std::make_shared<search::StopFlag>();
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> nodes{0};
  std::mutex m;
  std::condition_variable finished;
  int running = 0;
  // A worker's exception (a contract the solver refuses, out of memory for its table) is raised on
  // the calling thread: an exception leaving a worker thread would end the process.
  std::exception_ptr failure;
  auto worker = [&] {
    try {
      Solver solver(tt_megabytes, Enhancements{}, stop);  // per thread: no shared mutable state
      for (std::size_t i; !stop->requested() && (i = next.fetch_add(1)) < count;) nodes += work(solver, i);
    } catch (const Stopped&) {
      // the request seen inside a search: thrown below
    } catch (...) {
      const std::lock_guard<std::mutex> lock(m);
      if (!failure) failure = std::current_exception();
      stop->request();
    }
  };
  const int n = std::max(1, std::min<int>(threads, static_cast<int>(count)));
  if (n == 1 && !should_stop) {
    worker();
  } else {
    std::vector<std::thread> pool;
    running = n;
    for (int k = 0; k < n; ++k)
      pool.emplace_back([&] {
        worker();
        const std::lock_guard<std::mutex> lock(m);
        if (--running == 0) finished.notify_all();
      });
    {  // the calling thread asks should_stop while the pool works
      std::unique_lock<std::mutex> lock(m);
      while (running > 0) {
        if (!should_stop) {
          finished.wait(lock, [&] { return running == 0; });
        } else if (!finished.wait_for(lock, kBatchPoll, [&] { return running == 0; })) {
          lock.unlock();
          if (!stop->requested() && should_stop()) stop->request();
          lock.lock();
        }
      }
    }
    for (auto& th : pool) th.join();
  }
  if (failure) std::rethrow_exception(failure);
  if (stop->requested()) throw Stopped{};
  return nodes;
}

}  // namespace

BatchOutput solve_batch(const std::vector<Position>& positions, int threads, bool all_moves, std::size_t tt_megabytes,
                        const std::function<bool()>& should_stop, bool with_pv, std::uint64_t max_nodes,
                        const std::vector<TileMask>& only, const std::shared_ptr<search::StopFlag>& stop) {
  if (!only.empty() && only.size() != positions.size())
    throw InvalidPositionError("solve_batch needs the plays to value of each position: " + std::to_string(only.size()) +
                               " for " + std::to_string(positions.size()) + " positions");
  BatchOutput out;
  out.values.resize(positions.size());
  std::vector<char> complete(positions.size(), 1);  // written by the workers (vector<bool> packs bits)
  if (all_moves) out.moves.resize(positions.size());
  if (with_pv) out.pv.resize(positions.size());
  out.nodes = run_batch(positions.size(), threads, tt_megabytes, should_stop, stop, [&](Solver& solver, std::size_t i) {
    if (all_moves || with_pv || max_nodes) {
      SolveOutput r = solver.solve(positions[i], all_moves, with_pv, max_nodes, only.empty() ? kAllPlays : only[i]);
      out.values[i] = r.value;
      complete[i] = r.complete;
      if (all_moves) out.moves[i] = std::move(r.moves);
      if (with_pv) out.pv[i] = std::move(r.pv);
    } else {
      out.values[i] = solver.value(positions[i]);
    }
    return solver.nodes();
  });
  out.complete.assign(complete.begin(), complete.end());
  return out;
}

ReachOutput reach_batch(const std::vector<Position>& positions, const std::vector<int>& targets, int threads,
                        std::size_t tt_megabytes, const std::function<bool()>& should_stop, std::uint64_t max_nodes,
                        const std::shared_ptr<search::StopFlag>& stop) {
  if (targets.size() != positions.size())
    throw InvalidPositionError("reach_batch needs a target per position: " + std::to_string(targets.size()) + " for " +
                               std::to_string(positions.size()) + " positions");
  ReachOutput out;
  out.moves.resize(positions.size());
  out.nodes = run_batch(positions.size(), threads, tt_megabytes, should_stop, stop, [&](Solver& solver, std::size_t i) {
    out.moves[i] = solver.reaches_after(positions[i], targets[i], max_nodes);
    return solver.nodes();
  });
  return out;
}

RegretOutput regret_batch(const std::vector<Position>& starts, const std::vector<std::vector<int>>& plays,
                          const std::vector<std::vector<bool>>& weighed, int cap, int threads,
                          std::size_t tt_megabytes, const std::function<bool()>& should_stop,
                          const std::shared_ptr<search::StopFlag>& stop) {
  if (plays.size() != starts.size() || weighed.size() != starts.size())
    throw InvalidPositionError("regret_batch needs the plays and weighed flags of each line: " +
                               std::to_string(plays.size()) + " and " + std::to_string(weighed.size()) + " for " +
                               std::to_string(starts.size()) + " lines");
  std::vector<std::vector<PlayRegret>> lines(starts.size());
  RegretOutput out;
  out.nodes = run_batch(starts.size(), threads, tt_megabytes, should_stop, stop, [&](Solver& solver, std::size_t i) {
    lines[i] = solver.line_regrets(starts[i], plays[i], weighed[i], cap);
    return solver.nodes();
  });
  for (const auto& line : lines)
    for (const PlayRegret& r : line) {
      out.best.push_back(r.best);
      out.played.push_back(r.played);
    }
  return out;
}

}  // namespace dominosolver::texas42
