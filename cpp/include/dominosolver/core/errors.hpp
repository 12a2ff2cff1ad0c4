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
// A player's view that no deal fits (a kind of InvalidPositionError, as in Python).
struct InvalidViewError : InvalidPositionError {
  using InvalidPositionError::InvalidPositionError;
};
struct IllegalMoveError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace dominosolver
