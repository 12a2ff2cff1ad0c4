// Bindings of the 42 solver: the GIL is released around every search.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "dominosolver/core/errors.hpp"
#include "dominosolver/texas42/solver.hpp"

namespace py = pybind11;

namespace dominosolver::bind {

using namespace dominosolver::texas42;

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
      .def_readonly("nodes", &SolveOutput::nodes);

  py::class_<Solver>(m, "Solver")
      .def(py::init<std::size_t, Enhancements>(), py::arg("tt_mb") = 64, py::arg("enhancements") = Enhancements{})
      .def("value", &Solver::value, py::arg("position"), py::arg("guess") = -1,
           py::call_guard<py::gil_scoped_release>())
      .def("solve", &Solver::solve, py::arg("position"), py::arg("all_moves") = true, py::arg("pv") = true,
           py::call_guard<py::gil_scoped_release>())
      .def("can_reach", &Solver::can_reach, py::call_guard<py::gil_scoped_release>())
      .def("clear", &Solver::clear, py::call_guard<py::gil_scoped_release>())  // may wait for a search
      .def_property_readonly("table_bytes", &Solver::table_bytes)
      .def_property_readonly("nodes", &Solver::nodes)
      .def("dd_table", [](Solver& solver, const Rules& rules, const std::vector<TileMask>& deal) {
        if (static_cast<int>(deal.size()) != rules.seats())
          throw InvalidPositionError("a deal needs " + std::to_string(rules.seats()) + " hands");
        std::array<TileMask, kMaxSeats> hands{};
        std::copy(deal.begin(), deal.end(), hands.begin());
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
      .def_readonly("nodes", &BatchOutput::nodes);
  // Ctrl-C stops a batch between positions (KeyboardInterrupt), whatever its size.
  m.def("solve_batch", [](const std::vector<Position>& positions, int threads, bool all_moves, std::size_t tt_mb) {
        py::gil_scoped_release release;
        return solve_batch(positions, threads, all_moves, tt_mb, python_signal_pending);
      }, py::arg("positions"), py::arg("threads"), py::arg("all_moves"), py::arg("tt_mb") = 64);
}

}  // namespace dominosolver::bind
