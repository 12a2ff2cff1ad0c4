#pragma once
#include <pybind11/pybind11.h>

namespace dominosolver::bind {
void errors(pybind11::module_& m);
void texas42(pybind11::module_& m);
void texas42_solver(pybind11::module_& m);
void bingo(pybind11::module_& m);
void decisions(pybind11::module_& m);  // m: the _core.decisions submodule

// A stop check for long computations, called with the GIL released: runs Python's signal handlers
// (on the main thread), so that Ctrl-C raises KeyboardInterrupt and stops the work (see Stopped).
bool python_signal_pending();
}  // namespace dominosolver::bind
