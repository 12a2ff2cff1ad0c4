#pragma once
// Errors raised at the C++ boundary; the bindings map each to its Python class in dominosolver.errors.
#include <stdexcept>

namespace dominosolver {

struct ParseError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct InvalidPositionError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct IllegalMoveError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace dominosolver
