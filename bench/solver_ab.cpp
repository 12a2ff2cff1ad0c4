// A/B harness for the Texas 42 solver, without Python: times the C++ core on the bench deals and
// prints node counts and a checksum of the values, so that two builds can be compared in one period
// of the machine (alternate their runs: timing on a shared VM drifts by several percent).
//
//   python bench/bench_set.py 1000 > deals.txt       # the bench deals, one a line
//   build/solver_ab value < deals.txt                 # or: moves, table; -v: each deal on stderr
//
// A line is the declaration (0 = a number, 1 = doubles, 2 = follow-me), the number, then the 28
// tile ids of seats 0..3 (7 each); seat 0 declares and leads. Equal checksums mean equal values.
// A line of 44 tile ids is a deal of The Big Game (11 each; `python bench/biggame_bench.py
// --harness N` writes them), solved under its rules.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <numeric>
#include <sstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dominosolver/texas42/solver.hpp"

using namespace dominosolver;
using namespace dominosolver::texas42;

namespace {

struct Deal {
  Rules rules;
  Trump trump;
  std::array<TileMask, kMaxSeats> hands{};
};

// The game is told by the line's length: 28 tiles dealt in Texas 42, 44 in The Big Game.
bool read_deal(std::istream& in, Deal& deal) {
  std::string line;
  if (!std::getline(in, line)) return false;
  std::istringstream fields(line);
  const std::vector<int> numbers{std::istream_iterator<int>(fields), std::istream_iterator<int>()};
  auto dealt = [](const Rules& r) { return static_cast<std::size_t>(r.seats() * r.hand_size()); };
  const Rules big = Rules::of_big_game();
  if (numbers.size() != 2 + dealt(Rules{}) && numbers.size() != 2 + dealt(big))
    throw std::runtime_error("a deal line holds 2 + 28 or 2 + 44 numbers, not " + std::to_string(numbers.size()));
  deal.rules = numbers.size() == 2 + dealt(big) ? big : Rules{};
  const int kind = numbers[0], number = numbers[1];
  deal.trump = kind == 2 ? Trump::none() : kind == 1 ? Trump::doubles() : Trump::of_suit(number);
  deal.hands = {};
  for (std::size_t k = 0; k < dealt(deal.rules); ++k) {
    const int id = numbers[2 + k];
    if (id < 0 || id >= deal.rules.tiles()) throw std::runtime_error("tile id " + std::to_string(id) + " is not in the set");
    deal.hands[k / deal.rules.hand_size()] |= bit(id);
  }
  return true;
}

double at(const std::vector<double>& sorted, double q) {
  return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(q * sorted.size()))];
}

}  // namespace

int main(int argc, char** argv) {
  const std::string task = argc > 1 ? argv[1] : "value";
  if (task != "value" && task != "moves" && task != "table") {
    std::fprintf(stderr, "usage: solver_ab value|moves|table [-v] < deals.txt   (-v: each deal's time and nodes)\n");
    return 2;
  }
  const bool each = argc > 2 && std::string(argv[2]) == "-v";
  Solver solver(64);
  std::vector<double> ms;
  std::vector<std::uint64_t> nodes;
  std::int64_t checksum = 0;
  Deal deal;
  for (std::int64_t i = 1;; ++i) {
    std::optional<Position> pos;
    try {
      if (!read_deal(std::cin, deal)) break;
      pos.emplace(deal.rules, deal.trump, deal.hands, 0, std::vector<int>{});
    } catch (const std::exception& e) {  // a short line, a tile outside the set, a tile dealt twice
      std::fprintf(stderr, "deal %lld: %s\n", static_cast<long long>(i), e.what());
      return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t n = 0;
    if (task == "value") {
      checksum += solver.value(*pos) * i;
      n = solver.nodes();
    } else if (task == "moves") {
      const SolveOutput out = solver.solve(*pos, true, false);
      for (const auto& [tile, v] : out.moves) checksum += v * (tile + 1);
      n = out.nodes;
    } else {
      for (const auto& row : dd_table(deal.rules, deal.hands, solver, &n))
        for (int v : row) checksum = checksum * 31 + v;
    }
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    nodes.push_back(n);
    if (each) std::fprintf(stderr, "deal %lld %.3f ms nodes %llu\n", static_cast<long long>(i), ms.back(), static_cast<unsigned long long>(n));
  }
  if (ms.empty()) return 2;
  const double total = std::accumulate(ms.begin(), ms.end(), 0.0);
  const std::uint64_t total_nodes = std::accumulate(nodes.begin(), nodes.end(), std::uint64_t{0});
  std::sort(ms.begin(), ms.end());
  std::sort(nodes.begin(), nodes.end());
  std::printf("%s deals %zu median %.3f ms p90 %.3f p99 %.3f max %.3f total %.1f ms nodes median %llu total %llu checksum %lld\n",
              task.c_str(), ms.size(), ms[ms.size() / 2], at(ms, 0.90), at(ms, 0.99), ms.back(), total,
              static_cast<unsigned long long>(nodes[nodes.size() / 2]), static_cast<unsigned long long>(total_nodes),
              static_cast<long long>(checksum));
}
