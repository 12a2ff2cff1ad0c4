// Bindings of the 42 solver: the GIL is released around every search.
#include <pybind11/stl.h>

#include <memory>

#include "bindings.hpp"
#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/solver.hpp"

namespace py = pybind11;

namespace dominosolver::bind {

using namespace dominosolver::texas42;

namespace {

// A hand in play built from hands alone, with a seat sitting out: the trick engine's test hook for
// trick sizes no contract row reaches yet (trick_play.hpp). It owns the declaration's table its
// TrickPlay points to.
struct SeatedPlay {
  std::unique_ptr<SuitTable> table;
  TrickPlay play;
};

SeatedPlay seated_play(const Rules& rules, const std::string& trump, int sitting_out,
                       const std::vector<TileMask>& hands, int leader, const std::vector<int>& trick) {
  const Seating whole = rules.seating();
  if (sitting_out < -1 || sitting_out >= whole.seats())
    throw InvalidPositionError("sitting_out must be -1 (nobody) or a seat 0.." + std::to_string(whole.seats() - 1));
  if (static_cast<int>(hands.size()) != whole.seats())
    throw InvalidPositionError("a 42 table needs " + std::to_string(whole.seats()) + " hands");
  if (leader < 0 || leader >= whole.seats()) throw InvalidPositionError("leader must be a seat");
  std::array<TileMask, kMaxSeats> masks{};
  std::copy(hands.begin(), hands.end(), masks.begin());
  SeatedPlay out{std::make_unique<SuitTable>(rules, Trump::parse(trump)), {}};
  out.play = trick_play(*out.table, sitting_out < 0 ? whole : whole.without(sitting_out), masks, leader, trick);
  return out;
}

// A deal from Python: one hand per seat of `rules`' table.
std::array<TileMask, kMaxSeats> seated_deal(const Rules& rules, const std::vector<TileMask>& deal) {
  if (static_cast<int>(deal.size()) != rules.seats())
    throw InvalidPositionError("a deal needs " + std::to_string(rules.seats()) + " hands");
  std::array<TileMask, kMaxSeats> hands{};
  std::copy(deal.begin(), deal.end(), hands.begin());
  return hands;
}

Goal goal_of(const std::string& objective, int declaring_side) {
  return checked_goal(parse_objective(objective), declaring_side);
}

}  // namespace

void texas42_solver(py::module_& m) {
  py::class_<Enhancements>(m, "Enhancements")
      .def(py::init([](bool zero_window, bool ordering, bool equivalence, bool quick_tricks, bool table, bool endgame) {
             return Enhancements{zero_window, ordering, equivalence, quick_tricks, table, endgame};
           }),
           py::arg("zero_window") = true, py::arg("ordering") = true, py::arg("equivalence") = true,
           py::arg("quick_tricks") = true, py::arg("table") = true, py::arg("endgame") = true)
      .def_static("baseline", &Enhancements::baseline)
      .def_readonly("zero_window", &Enhancements::zero_window)
      .def_readonly("ordering", &Enhancements::ordering)
      .def_readonly("equivalence", &Enhancements::equivalence)
      .def_readonly("quick_tricks", &Enhancements::quick_tricks)
      .def_readonly("table", &Enhancements::table)
      .def_readonly("endgame", &Enhancements::endgame);

  py::class_<SolveOutput>(m, "SolveOutput")
      .def_readonly("value", &SolveOutput::value)
      .def_readonly("moves", &SolveOutput::moves)
      .def_readonly("equivalent", &SolveOutput::equivalent)
      .def_readonly("pv", &SolveOutput::pv)
      .def_readonly("nodes", &SolveOutput::nodes)
      .def_property_readonly("units", [](const SolveOutput& o) { return units_name(o.units); })
      .def_readonly("makes", &SolveOutput::makes)
      .def_readonly("complete", &SolveOutput::complete);

  py::class_<SeatedPlay>(m, "SeatedPlay")
      .def(py::init(&seated_play), py::arg("rules"), py::arg("trump"), py::arg("sitting_out"), py::arg("hands"),
           py::arg("leader"), py::arg("trick"))
      .def_property_readonly("to_move", [](const SeatedPlay& s) { return s.play.to_move(); })
      .def_property_readonly("legal_moves", [](const SeatedPlay& s) { return s.play.legal; })
      .def_property_readonly("tricks_left", [](const SeatedPlay& s) { return s.play.tricks_left(); });

  // A request to stop that searches watch (search/stop_flag.hpp): a caller that leaves a search
  // (a deadline, a stop, Ctrl-C) requests it, and the search ends within a few thousand nodes.
  py::class_<search::StopFlag, std::shared_ptr<search::StopFlag>>(m, "StopFlag")
      .def(py::init<>())
      .def("request", &search::StopFlag::request)
      .def_property_readonly("requested", &search::StopFlag::requested);

  py::class_<Solver>(m, "Solver")
      .def(py::init<std::size_t, Enhancements, std::shared_ptr<search::StopFlag>>(), py::arg("tt_mb") = 64,
           py::arg("enhancements") = Enhancements{}, py::arg("stop") = nullptr)
      // Ends the search under way on another thread (a caller that left it) and every later one.
      .def("request_stop", &Solver::request_stop)
      .def("value", py::overload_cast<const Position&, int>(&Solver::value), py::arg("position"), py::arg("guess") = -1,
           py::call_guard<py::gil_scoped_release>())
      .def("solve", py::overload_cast<const Position&, bool, bool, std::uint64_t, TileMask>(&Solver::solve),
           py::arg("position"), py::arg("all_moves") = true, py::arg("pv") = true, py::arg("max_nodes") = 0,
           py::arg("only") = kAllPlays, py::call_guard<py::gil_scoped_release>())
      // [(play, 1 | 0 | -1)]: does the team to move still reach `target` points after each play?
      .def("reaches_after", &Solver::reaches_after, py::arg("position"), py::arg("target"), py::arg("max_nodes") = 0,
           py::call_guard<py::gil_scoped_release>())
      // None when a node budget (`max_nodes` > 0) ran out before the answer.
      .def("can_reach", py::overload_cast<const Position&, int, std::uint64_t>(&Solver::can_reach), py::arg("position"),
           py::arg("target"), py::arg("max_nodes") = 0, py::call_guard<py::gil_scoped_release>())
      // The search for an explicit objective ("every trick" | "no trick" | "points") and declaring side,
      // on a position or a SeatedPlay.
      .def("solve_tricks",
           [](Solver& solver, const Position& pos, const std::string& objective, int side, bool all_moves, bool pv) {
             const Goal goal = goal_of(objective, side);
             const TrickPlay play = trick_play(pos);
             py::gil_scoped_release release;
             return solver.solve(play, goal, all_moves, pv);
           },
           py::arg("position"), py::arg("objective"), py::arg("declaring_side"), py::arg("all_moves") = true,
           py::arg("pv") = true)
      .def("solve_tricks",
           [](Solver& solver, const SeatedPlay& seated, const std::string& objective, int side, bool all_moves, bool pv) {
             const Goal goal = goal_of(objective, side);
             py::gil_scoped_release release;
             return solver.solve(seated.play, goal, all_moves, pv);
           },
           py::arg("position"), py::arg("objective"), py::arg("declaring_side"), py::arg("all_moves") = true,
           py::arg("pv") = true)
      .def("value_tricks",
           [](Solver& solver, const Position& pos, const std::string& objective, int side) {
             const Goal goal = goal_of(objective, side);
             const TrickPlay play = trick_play(pos);
             py::gil_scoped_release release;
             return solver.value(play, goal);
           },
           py::arg("position"), py::arg("objective"), py::arg("declaring_side"))
      .def("value_tricks",
           [](Solver& solver, const SeatedPlay& seated, const std::string& objective, int side) {
             const Goal goal = goal_of(objective, side);
             py::gil_scoped_release release;
             return solver.value(seated.play, goal);
           },
           py::arg("position"), py::arg("objective"), py::arg("declaring_side"))
      .def("can_reach_tricks",
           [](Solver& solver, const Position& pos, const std::string& objective, int side, int target) {
             const Goal goal = goal_of(objective, side);
             const TrickPlay play = trick_play(pos);
             py::gil_scoped_release release;
             return solver.can_reach(play, goal, target);
           },
           py::arg("position"), py::arg("objective"), py::arg("declaring_side"), py::arg("target"))
      .def("can_reach_tricks",
           [](Solver& solver, const SeatedPlay& seated, const std::string& objective, int side, int target) {
             const Goal goal = goal_of(objective, side);
             py::gil_scoped_release release;
             return solver.can_reach(seated.play, goal, target);
           },
           py::arg("position"), py::arg("objective"), py::arg("declaring_side"), py::arg("target"))
      .def("makes",
           [](Solver& solver, const Position& pos, const std::string& objective, int side) {
             const Goal goal = goal_of(objective, side);
             const TrickPlay play = trick_play(pos);
             py::gil_scoped_release release;
             return solver.makes(play, goal);
           },
           py::arg("position"), py::arg("objective"), py::arg("declaring_side"))
      .def("makes",
           [](Solver& solver, const SeatedPlay& seated, const std::string& objective, int side) {
             const Goal goal = goal_of(objective, side);
             py::gil_scoped_release release;
             return solver.makes(seated.play, goal);
           },
           py::arg("position"), py::arg("objective"), py::arg("declaring_side"))
      .def("clear", &Solver::clear, py::call_guard<py::gil_scoped_release>())  // may wait for a search
      .def_property_readonly("table_bytes", &Solver::table_bytes)
      .def_property_readonly("nodes", &Solver::nodes)
      .def("dd_table", [](Solver& solver, const Rules& rules, const std::vector<TileMask>& deal) {
        const std::array<TileMask, kMaxSeats> hands = seated_deal(rules, deal);
        // Validate once (sizes, duplicates) before releasing the GIL for 36 solves.
        Position(rules, Trump::none(), hands, 0, {});
        std::uint64_t nodes = 0;
        std::vector<std::vector<int>> table;
        {
          py::gil_scoped_release release;
          table = dd_table(rules, hands, solver, &nodes);
        }
        return std::make_pair(table, nodes);
      });

  // The special-contract table: (every trick per declaration x seat, {bid kind: may each seat bid
  // it}, nodes).
  m.def("every_trick_table", [](Solver& solver, const Rules& rules, const std::vector<TileMask>& deal) {
    const std::array<TileMask, kMaxSeats> hands = seated_deal(rules, deal);
    Position(rules, Trump::none(), hands, 0, {});  // validate before releasing the GIL
    py::dict may_bid;
    for (const ContractRow& row : bid_rows(rules))
      if (row.holds) {
        std::vector<bool> seats;
        for (int seat = 0; seat < rules.seats(); ++seat) seats.push_back(row.holds(rules, hands[seat]));
        may_bid[row.name] = seats;
      }
    std::uint64_t nodes = 0;
    std::vector<std::vector<bool>> table;
    {
      py::gil_scoped_release release;
      table = every_trick_table(rules, hands, solver, &nodes);
    }
    return py::make_tuple(table, may_bid, nodes);
  });
  // The declarer contracts' table: (declaration names, makes per declaration x seat, nodes).
  m.def("declarer_table", [](Solver& solver, const Rules& rules, const std::vector<TileMask>& deal) {
    const std::array<TileMask, kMaxSeats> hands = seated_deal(rules, deal);
    Position(rules, Trump::none(), hands, 0, {});  // validate before releasing the GIL
    std::uint64_t nodes = 0;
    DeclarerTable table;
    {
      py::gil_scoped_release release;
      table = declarer_table(rules, hands, solver, &nodes);
    }
    std::vector<std::string> names;
    for (const Trump& t : table.declarations) names.push_back(t.name());
    return py::make_tuple(names, table.makes, nodes);
  });
  // Moon: (the bidder's tricks for each tile it may lay away after taking the widow, nodes).
  m.def("discard_values", [](Solver& solver, const Rules& rules, const std::string& trump,
                             const std::vector<TileMask>& deal, TileMask widow, int bidder, int bid) {
    const std::array<TileMask, kMaxSeats> hands = seated_deal(rules, deal);
    const Trump declared = Trump::parse(trump);
    DiscardValues out;
    {
      py::gil_scoped_release release;
      out = discard_values(rules, declared, hands, widow, Contract{bidder, Bid{bid}}, solver);
    }
    return py::make_tuple(out.tricks, out.nodes);
  }, py::arg("solver"), py::arg("rules"), py::arg("trump"), py::arg("deal"), py::arg("widow"), py::arg("bidder"),
     py::arg("bid"));
  // A Moon deal's table: (declaration names, tricks per declaration x bidder seat, nodes).
  m.def("moon_table", [](Solver& solver, const Rules& rules, const std::vector<TileMask>& deal, TileMask widow) {
    const std::array<TileMask, kMaxSeats> hands = seated_deal(rules, deal);
    std::uint64_t nodes = 0;
    std::vector<std::vector<int>> table;
    {
      py::gil_scoped_release release;
      table = moon_table(rules, hands, widow, solver, &nodes);
    }
    std::vector<std::string> names;
    for (const Trump& t : declarations(rules)) names.push_back(t.name());
    return py::make_tuple(names, table, nodes);
  }, py::arg("solver"), py::arg("rules"), py::arg("deal"), py::arg("widow") = 0);
  m.def("units", [](const Position& pos) { return units_name(units_of(pos)); }, py::arg("position"));
  m.def("objective", [](const Position& pos) { return objective_name(pos.ruling().contract->objective); },
        py::arg("position"));
  // Why the search does not value a position ("" when it does).
  m.def("unsearched", &unsearched);

  m.def("table_declarations", [](const Rules& rules) {
    std::vector<std::string> out;
    for (const Trump& t : table_declarations(rules)) out.push_back(t.name());
    return out;
  });

  py::class_<BatchOutput>(m, "BatchOutput")
      .def_readonly("values", &BatchOutput::values)
      .def_readonly("moves", &BatchOutput::moves)
      .def_readonly("pv", &BatchOutput::pv)
      .def_readonly("nodes", &BatchOutput::nodes)
      .def_readonly("complete", &BatchOutput::complete);
  // Ctrl-C stops a batch between positions (KeyboardInterrupt), whatever its size.
  // ... and `stop` (a StopFlag) ends it from another thread, the searches under way included.
  m.def("solve_batch", [](const std::vector<Position>& positions, int threads, bool all_moves, std::size_t tt_mb,
                          bool pv, std::uint64_t max_nodes, const std::vector<TileMask>& only,
                          std::shared_ptr<search::StopFlag> stop) {
        py::gil_scoped_release release;
        return solve_batch(positions, threads, all_moves, tt_mb, python_signal_pending, pv, max_nodes, only, stop);
      }, py::arg("positions"), py::arg("threads"), py::arg("all_moves"), py::arg("tt_mb") = 64, py::arg("pv") = false,
      py::arg("max_nodes") = 0, py::arg("only") = std::vector<TileMask>{}, py::arg("stop") = nullptr);
  py::class_<ReachOutput>(m, "ReachOutput")
      .def_readonly("moves", &ReachOutput::moves)
      .def_readonly("nodes", &ReachOutput::nodes);
  m.def("reach_batch", [](const std::vector<Position>& positions, const std::vector<int>& targets, int threads,
                          std::size_t tt_mb, std::uint64_t max_nodes, std::shared_ptr<search::StopFlag> stop) {
        py::gil_scoped_release release;
        return reach_batch(positions, targets, threads, tt_mb, python_signal_pending, max_nodes, stop);
      }, py::arg("positions"), py::arg("targets"), py::arg("threads"), py::arg("tt_mb") = 64, py::arg("max_nodes") = 0,
      py::arg("stop") = nullptr);
  py::class_<RegretOutput>(m, "RegretOutput")
      .def_readonly("best", &RegretOutput::best)
      .def_readonly("played", &RegretOutput::played)
      .def_readonly("nodes", &RegretOutput::nodes);
  m.def("regret_batch", [](const std::vector<Position>& starts, const std::vector<std::vector<int>>& plays,
                           const std::vector<std::vector<bool>>& weighed, int cap, int threads, std::size_t tt_mb,
                           std::shared_ptr<search::StopFlag> stop) {
        py::gil_scoped_release release;
        return regret_batch(starts, plays, weighed, cap, threads, tt_mb, python_signal_pending, stop);
      }, py::arg("starts"), py::arg("plays"), py::arg("weighed"), py::arg("cap"), py::arg("threads"),
      py::arg("tt_mb") = 64, py::arg("stop") = nullptr);
}

}  // namespace dominosolver::bind
