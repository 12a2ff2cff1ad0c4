#pragma once
// The hint loop's policy for every game (perfect-information Monte Carlo): stated once here, read by
// the Python package's loop (python/dominosolver/pimc.py and arguments.py, bound as
// _core.decisions.pimc) and by the WebAssembly module's hints (wasm/hint.cpp), with its averaging
// and ranking (cpp/src/core_pimc.cpp): the two front ends give one view the same figures, digit for digit.

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace dominosolver::pimc {

// Rank keys are compared at this many decimal digits: moves whose keys differ only by rounding tie.
inline constexpr int kKeyDigits = 9;
// Weighted worlds whose effective sample size falls under this share of the samples are topped up
// with as many again, up to kMaxDraws times the samples.
inline constexpr double kEssFloor = 0.25;
inline constexpr int kMaxDraws = 4;
// Worlds a batch when nothing needs batches (no time limit, stop or progress): bounds what is built at once.
inline constexpr int kUnchunked = 10'000;
// The most worlds a hint or an advice samples or enumerates.
inline constexpr int kMaxWorlds = 1'000'000;
// Weighted worlds whose squared normalised weights sum to within this of 1 rest on one world: their
// means get no standard error.
inline constexpr double kOneWorld = 1e-12;

// Python's round(x, digits): the decimal correctly rounded (ties to even), read back.
double py_round(double x, int digits);
// numpy's pairwise sum of `n` doubles (what numpy's sum of a vector adds them with).
double pairwise_sum(const double* a, std::size_t n);

// Per column (a move) of `values` (`rows` worlds by `columns` moves, row-major): the mean over the
// worlds and its standard error. Equally likely worlds (`log_weights` none): the sum over n, and
// s / sqrt(n). Weighted worlds (importance weights exp(log weight), scaled by the largest): the
// weighted mean and its standard error for reliability weights, sqrt(sum w^2) times the spread
// divided by 1 - sum w^2 (with equal weights s / sqrt(n)); worlds whose squared normalised weights
// sum to within kOneWorld of 1 rest on one world (`one_world`: no standard error). `exact` (every
// world averaged) or fewer than two worlds: no standard error. Sums run world by world, in order.
struct Averages {
  std::vector<double> means, stderrs;
  bool one_world = false;
};
Averages average(const double* values, std::size_t rows, std::size_t columns, const std::vector<double>* log_weights,
                 bool exact);
// The effective sample size of worlds of these log weights: (sum w)^2 / sum w^2.
double effective_size(const std::vector<double>& log_weights);

// A move's rank key (a game's order of its moves: bigger is better, compared element by element).
using Key = std::vector<double>;
// (index, rank) pairs, best first: keys compared at kKeyDigits digits, ties in index order sharing a
// rank (1, 1, 3, ...).
std::vector<std::pair<int, int>> rank(const std::vector<Key>& keys);

// The last resort of a hint whose worlds none was valued whole within its time (The Big Game's first
// leads): the worlds' values get this share of the time, the moves' make tests the rest.
inline constexpr double kValuesShare = 0.75;
// That resort's ranking, on make tests alone: per move, `reached` the worlds in which its zero-window
// test proved the seat's goal reached and `missed` those in which it proved it missed (a test left
// undecided counts in neither); (index, rank) pairs, best first by the most worlds reached, then the
// fewest missed, ties in index order sharing a rank (rank's).
std::vector<std::pair<int, int>> rank_proven(const std::vector<int>& reached, const std::vector<int>& missed);

}  // namespace dominosolver::pimc
