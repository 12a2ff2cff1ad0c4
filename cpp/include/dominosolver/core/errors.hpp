#pragma once
// Errors raised at the C++ boundary; the bindings map each to its Python class in dominosolver.errors.
// (Stopped, last, is no error: a computation asked to stop.)
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

// Thrown out of a long computation when its stop check asked for it to end (the bindings' check
// runs Python's signal handlers: Ctrl-C then surfaces as the KeyboardInterrupt they raised).
struct Stopped {};

}  // namespace dominosolver
