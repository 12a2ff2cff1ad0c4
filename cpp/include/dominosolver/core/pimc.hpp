#pragma once
// The hint loop's policy for every game (perfect-information Monte Carlo): stated once here, read by
// the Python package's loop (python/dominosolver/pimc.py and arguments.py, bound as
// _core.decisions.pimc) and by the WebAssembly module's hints (wasm/hint.cpp).

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

}  // namespace dominosolver::pimc
