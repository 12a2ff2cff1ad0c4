// The _core extension: bindings only; every rule and search lives in cpp/.
#include <pybind11/pybind11.h>

#include "bindings.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "dominosolver C++ core (rules engines and solvers)";
  dominosolver::bind::errors(m);
  auto texas42 = m.def_submodule("texas42", "Texas 42 rules engine");
  dominosolver::bind::texas42(texas42);
  dominosolver::bind::texas42_solver(texas42);
  auto bingo = m.def_submodule("bingo", "Bingo rules engine and solver");
  dominosolver::bind::bingo(bingo);
  auto decisions = m.def_submodule("decisions", "the hints' and bid advice's policy, stated once (core/pimc.hpp, texas42/decisions.hpp)");
  dominosolver::bind::decisions(decisions);
}
