#pragma once
#include <pybind11/pybind11.h>

namespace dominosolver::bind {
void errors(pybind11::module_& m);
void texas42(pybind11::module_& m);
void texas42_solver(pybind11::module_& m);
void bingo(pybind11::module_& m);
}  // namespace dominosolver::bind
